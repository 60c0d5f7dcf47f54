import path from 'node:path';
import { isValidDate } from '../dates.js';
import type { GraphFile, GraphMark, GraphOperation, GraphSchema } from '../graph/graph-file.js';
import { describe, isObject, type Json, type JsonObject, type OpenApiDocument, OpenApiDocuments, OpenApiError, pointerTo, valueAt } from './documents.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const MARK = 'x-glean-deprecated';
const COMPONENT_SCHEMA = /^#\/components\/schemas\/([^/]+)$/;

/** A mark the graph does not use: on a parameter, a response header, … (only operations, schemas and properties count). */
export interface IgnoredMark {
  document: string;
  pointer: string;
  id: string;
}

export interface BuiltGraph {
  graph: GraphFile;
  ignoredMarks: IgnoredMark[];
  /** Each mark's message, in the documents' words: never part of the graph, only read by `schedule import` for marks it does not know. */
  messages: ReadonlyMap<string, string>;
}

/**
 * The schema graph of a set of OpenAPI 3 documents: every operation's JSON request and response
 * type, every schema's properties with `allOf` flattened, `oneOf`/`anyOf` as unions,
 * `additionalProperties` as maps, and every deprecation mark with the operation, schema or
 * property it sits on. Schemas of the same name in several documents are merged (the service's
 * documents share a few). Cycles are fine: properties refer to schemas by name.
 */
export function buildGraph(files: readonly string[], cwd: string): BuiltGraph {
  return new GraphBuilder(new OpenApiDocuments(files, cwd)).build();
}

class GraphBuilder {
  private readonly schemas = new Map<string, GraphSchema>();
  private readonly operations = new Map<string, GraphOperation>();
  private readonly marks = new Map<string, GraphMark>();
  /** `file#pointer` of every schema converted (or being converted), to convert each once and stop on `allOf` cycles. */
  private readonly converted = new Set<string>();
  private readonly seenMarks = new Set<string>();
  private readonly messages = new Map<string, string>();

  constructor(private readonly documents: OpenApiDocuments) {}

  build(): BuiltGraph {
    for (const document of this.documents.documents) {
      const schemas = valueAt(document.root, '/components/schemas');
      if (isObject(schemas)) for (const name of Object.keys(schemas)) this.named(document, `#/components/schemas/${escapeKey(name)}`, name);
    }
    for (const document of this.documents.documents) {
      const paths = document.root.paths;
      if (!isObject(paths)) continue;
      for (const [route, raw] of Object.entries(paths)) this.pathItem(document, route, raw, pointerTo('#/paths', route));
    }
    const graph: GraphFile = {
      graphVersion: 1,
      documents: this.documents.documents.map((document) => documentFacts(document)),
      operations: Object.fromEntries(this.operations),
      schemas: Object.fromEntries(this.schemas),
      marks: Object.fromEntries(this.marks),
    };
    return { graph, ignoredMarks: this.ignoredMarks(), messages: this.messages };
  }

  private pathItem(document: OpenApiDocument, route: string, raw: Json, pointer: string): void {
    let item = raw;
    let itemDocument = document;
    let itemPointer = pointer;
    if (isObject(item) && typeof item.$ref === 'string') {
      const resolved = this.documents.resolve(document, item.$ref, pointerTo(pointer, '$ref'));
      [item, itemDocument, itemPointer] = [resolved.value, resolved.document, resolved.pointer];
    }
    if (!isObject(item)) throw new OpenApiError(document.shown, pointer, 'a path item object', describe(item));
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const key = `${method.toUpperCase()} ${route}`;
      const at = pointerTo(itemPointer, method);
      // Inline bodies are named after the operation; without an operationId, after its method and path.
      const name = typeof operation.operationId === 'string' && /^[A-Za-z_][\w-]*$/.test(operation.operationId) ? operation.operationId : key.replace(/\W+/g, '_').replace(/^_+|_+$/g, '');
      const entry: GraphOperation = {};
      if (typeof operation.operationId === 'string') entry.operationId = operation.operationId;
      const request = this.requestBody(itemDocument, operation.requestBody, pointerTo(at, 'requestBody'), `${name}#request`);
      if (request) entry.request = request;
      const response = this.successResponse(itemDocument, operation.responses, pointerTo(at, 'responses'), `${name}#response`);
      if (response) entry.response = response;
      const marks = this.readMarks(itemDocument, operation, at, key);
      if (marks.length > 0) entry.deprecated = marks;
      this.operations.set(key, entry);
    }
  }

  private requestBody(document: OpenApiDocument, raw: Json | undefined, pointer: string, context: string): string | undefined {
    const body = this.deref(document, raw, pointer);
    return body && this.jsonContent(body.document, body.value, body.pointer, context);
  }

  /** The JSON body of the first 2xx response (`200` before `201`, then `2XX`, then `default`). */
  private successResponse(document: OpenApiDocument, raw: Json | undefined, pointer: string, context: string): string | undefined {
    if (!isObject(raw)) return undefined;
    const codes = Object.keys(raw)
      .filter((code) => /^2(\d\d|XX)$/i.test(code))
      .sort();
    if (raw.default !== undefined) codes.push('default');
    for (const code of codes) {
      const response = this.deref(document, raw[code], pointerTo(pointer, code));
      const type = response && this.jsonContent(response.document, response.value, response.pointer, context);
      if (type) return type;
    }
    return undefined;
  }

  private jsonContent(document: OpenApiDocument, holder: Json, pointer: string, context: string): string | undefined {
    if (!isObject(holder) || !isObject(holder.content)) return undefined;
    const media = Object.keys(holder.content).find((type) => /^application\/json\b/i.test(type)) ?? Object.keys(holder.content).find((type) => /[/+]json\b/i.test(type));
    const content = media === undefined ? undefined : holder.content[media];
    if (!isObject(content) || content.schema === undefined) return undefined;
    return this.typeOf(document, content.schema, pointerTo(pointer, 'content', media!, 'schema'), context);
  }

  /** A value that may be a `$ref` (request bodies, responses, path items), with where it really is. */
  private deref(document: OpenApiDocument, raw: Json | undefined, pointer: string): { document: OpenApiDocument; value: Json; pointer: string } | undefined {
    if (raw === undefined) return undefined;
    let current = { document, value: raw, pointer };
    for (let hops = 0; isObject(current.value) && typeof current.value.$ref === 'string'; hops++) {
      if (hops > 32) throw new OpenApiError(document.shown, pointer, 'a $ref chain that ends', 'a cycle of $refs');
      const resolved = this.documents.resolve(current.document, current.value.$ref, pointerTo(current.pointer, '$ref'));
      current = { document: resolved.document, value: resolved.value, pointer: resolved.pointer };
    }
    return current;
  }

  /** The type expression of a schema written at `pointer`; inline object schemas are named after `context`. */
  private typeOf(document: OpenApiDocument, schema: Json, pointer: string, context: string): string {
    if (!isObject(schema)) return 'any';
    if (typeof schema.$ref === 'string') {
      const resolved = this.documents.resolve(document, schema.$ref, pointerTo(pointer, '$ref'));
      const component = COMPONENT_SCHEMA.exec(resolved.pointer);
      if (component) return this.named(resolved.document, resolved.pointer, unescapeKey(component[1]!));
      return this.typeOf(resolved.document, resolved.value, resolved.pointer, context);
    }
    const union = schema.oneOf ?? schema.anyOf;
    const hasProperties = isObject(schema.properties) || Array.isArray(schema.allOf);
    if (Array.isArray(union) && !hasProperties) {
      const key = schema.oneOf === undefined ? 'anyOf' : 'oneOf';
      return unionOf(union.map((member, i) => this.typeOf(document, member, pointerTo(pointer, key, i), `${context}#${i}`)));
    }
    if (Array.isArray(schema.allOf) && !isObject(schema.properties) && schema.allOf.length === 1 && isObject(schema.allOf[0]) && typeof schema.allOf[0].$ref === 'string' && !schema[MARK]) {
      return this.typeOf(document, schema.allOf[0], pointerTo(pointer, 'allOf', 0), context);
    }
    if (schema.type === 'array' || (schema.items !== undefined && schema.type === undefined)) {
      const element = this.typeOf(document, schema.items ?? {}, pointerTo(pointer, 'items'), context);
      return element.includes('|') ? `(${element})[]` : `${element}[]`;
    }
    if (hasProperties) return this.named(document, pointer, context);
    if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
      const value = this.typeOf(document, schema.additionalProperties, pointerTo(pointer, 'additionalProperties'), `${context}#value`);
      return `{${value}}`;
    }
    return primitiveOf(schema);
  }

  /** Converts a schema that has a name (a component, or an inline object named after its place) once; returns the name. */
  private named(document: OpenApiDocument, pointer: string, name: string): string {
    const key = `${document.file}${pointer}`;
    if (this.converted.has(key)) return name;
    this.converted.add(key);
    const schema = valueAt(document.root, pointer.slice(1));
    const entry: GraphSchema = {};
    if (isObject(schema) && typeof schema.$ref === 'string') {
      // `A: { $ref: B }` makes A another name for B.
      entry.oneOf = this.typeOf(document, schema, pointer, name);
    } else if (isObject(schema)) {
      this.flatten(entry, document, schema, pointer, name);
      const marks = this.readMarks(document, schema, pointer, name);
      if (marks.length > 0) entry.deprecated = marks;
    }
    this.merge(name, entry);
    return name;
  }

  /** Properties, `allOf` parts (inherited from named schemas or inline), `oneOf`/`anyOf` and `additionalProperties` of one schema. */
  private flatten(entry: GraphSchema, document: OpenApiDocument, schema: JsonObject, pointer: string, owner: string): void {
    if (Array.isArray(schema.allOf)) {
      schema.allOf.forEach((part, i) => {
        const at = pointerTo(pointer, 'allOf', i);
        if (!isObject(part)) return;
        if (typeof part.$ref === 'string') {
          const resolved = this.documents.resolve(document, part.$ref, pointerTo(at, '$ref'));
          const component = COMPONENT_SCHEMA.exec(resolved.pointer);
          if (component) {
            this.inherit(entry, this.named(resolved.document, resolved.pointer, unescapeKey(component[1]!)));
          } else if (isObject(resolved.value)) {
            this.flatten(entry, resolved.document, resolved.value, resolved.pointer, owner);
          }
        } else {
          this.flatten(entry, document, part, at, owner);
        }
      });
    }
    if (isObject(schema.properties)) {
      for (const [property, value] of Object.entries(schema.properties)) {
        const at = pointerTo(pointer, 'properties', property);
        (entry.properties ??= {})[property] = this.typeOf(document, value, at, `${owner}#${property}`);
        const marks = isObject(value) ? this.readMarks(document, value, at, `${owner}.${property}`) : [];
        if (marks.length > 0) (entry.deprecatedProperties ??= {})[property] = [...new Set([...(entry.deprecatedProperties?.[property] ?? []), ...marks])];
      }
    }
    const union = schema.oneOf ?? schema.anyOf;
    if (Array.isArray(union)) {
      const key = schema.oneOf === undefined ? 'anyOf' : 'oneOf';
      const members = union.map((member, i) => this.typeOf(document, member, pointerTo(pointer, key, i), `${owner}#${i}`));
      entry.oneOf = unionOf([entry.oneOf ?? '', ...members].filter(Boolean));
    }
    if (schema.additionalProperties !== undefined && schema.additionalProperties !== false) {
      entry.additionalProperties = this.typeOf(document, schema.additionalProperties, pointerTo(pointer, 'additionalProperties'), `${owner}#value`);
    }
  }

  /** An `allOf` part that names another schema: its properties and their marks become this schema's. */
  private inherit(entry: GraphSchema, name: string): void {
    const parent = this.schemas.get(name);
    if (!parent) return;
    for (const [property, type] of Object.entries(parent.properties ?? {})) (entry.properties ??= {})[property] = type;
    for (const [property, marks] of Object.entries(parent.deprecatedProperties ?? {})) {
      (entry.deprecatedProperties ??= {})[property] = [...new Set([...(entry.deprecatedProperties?.[property] ?? []), ...marks])];
    }
    if (parent.additionalProperties) entry.additionalProperties ??= parent.additionalProperties;
    if (parent.oneOf) entry.oneOf = unionOf([entry.oneOf ?? '', parent.oneOf].filter(Boolean));
  }

  /** Two documents that define the same schema name contribute the union of their properties. */
  private merge(name: string, entry: GraphSchema): void {
    const known = this.schemas.get(name);
    if (!known) {
      this.schemas.set(name, entry);
      return;
    }
    for (const [property, type] of Object.entries(entry.properties ?? {})) {
      const existing = known.properties?.[property];
      (known.properties ??= {})[property] = existing && existing !== type ? unionOf([existing, type]) : type;
    }
    for (const [property, marks] of Object.entries(entry.deprecatedProperties ?? {})) {
      (known.deprecatedProperties ??= {})[property] = [...new Set([...(known.deprecatedProperties?.[property] ?? []), ...marks])];
    }
    if (entry.deprecated) known.deprecated = [...new Set([...(known.deprecated ?? []), ...entry.deprecated])];
    if (entry.oneOf) known.oneOf = unionOf([known.oneOf ?? '', entry.oneOf].filter(Boolean));
    if (entry.additionalProperties) known.additionalProperties ??= entry.additionalProperties;
  }

  /** The `x-glean-deprecated` marks (one object or a list) on a node, validated and recorded as sitting on `on`. */
  private readMarks(document: OpenApiDocument, node: JsonObject, pointer: string, on: string): string[] {
    const raw = node[MARK];
    if (raw === undefined) return [];
    const at = pointerTo(pointer, MARK);
    this.seenMarks.add(`${document.file}${at}`);
    const list = Array.isArray(raw) ? raw : [raw];
    return list.map((value, i) => {
      const markAt = Array.isArray(raw) ? pointerTo(at, i) : at;
      if (!isObject(value)) throw new OpenApiError(document.shown, markAt, 'a deprecation mark {id, introduced, removal}', describe(value));
      const { id, introduced, removal } = value;
      if (typeof id !== 'string' || id.trim() === '') throw new OpenApiError(document.shown, pointerTo(markAt, 'id'), 'a non-empty id', describe(id));
      if (typeof removal !== 'string' || !isValidDate(removal)) throw new OpenApiError(document.shown, pointerTo(markAt, 'removal'), 'a removal date as YYYY-MM-DD', describe(removal));
      if (introduced !== undefined && (typeof introduced !== 'string' || !isValidDate(introduced))) {
        throw new OpenApiError(document.shown, pointerTo(markAt, 'introduced'), 'an introduction date as YYYY-MM-DD', describe(introduced));
      }
      const known = this.marks.get(id);
      if (known && known.on !== on) throw new OpenApiError(document.shown, pointerTo(markAt, 'id'), `an id used by one mark only (already on ${known.on})`, JSON.stringify(id));
      const mark: GraphMark = { on, removal, document: path.basename(document.file) };
      if (typeof introduced === 'string') mark.introduced = introduced;
      this.marks.set(id, mark);
      if (typeof value.message === 'string') this.messages.set(id, value.message);
      return id;
    });
  }

  private ignoredMarks(): IgnoredMark[] {
    const ignored: IgnoredMark[] = [];
    for (const document of this.documents.documents) {
      walkMarks(document.root, '#', (pointer, value) => {
        if (this.seenMarks.has(`${document.file}${pointer}`)) return;
        for (const mark of Array.isArray(value) ? value : [value]) {
          ignored.push({ document: document.shown, pointer, id: isObject(mark) && typeof mark.id === 'string' ? mark.id : '?' });
        }
      });
    }
    return ignored;
  }
}

function walkMarks(value: Json, pointer: string, visit: (pointer: string, mark: Json) => void): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => walkMarks(item, pointerTo(pointer, i), visit));
  } else if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (key === MARK) visit(pointerTo(pointer, key), child);
      else walkMarks(child, pointerTo(pointer, key), visit);
    }
  }
}

function primitiveOf(schema: JsonObject): string {
  const declared = Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;
  if (typeof declared === 'string') return declared === 'array' ? 'any[]' : declared;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    const kinds = new Set(schema.enum.map((value) => (value === null ? 'null' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value)));
    kinds.delete('null');
    if (kinds.size === 1) return [...kinds][0]!;
  }
  return 'any';
}

function unionOf(types: string[]): string {
  const members = [...new Set(types.flatMap((type) => (type.startsWith('(') ? [type] : splitTopLevel(type))))];
  return members.join('|');
}

/** `A|B` → [A, B]; `(A|B)[]` and `{A|B}` stay whole. */
function splitTopLevel(type: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < type.length; i++) {
    const char = type[i];
    if (char === '(' || char === '{') depth++;
    else if (char === ')' || char === '}') depth--;
    else if (char === '|' && depth === 0) {
      parts.push(type.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(type.slice(start));
  return parts;
}

function documentFacts(document: OpenApiDocument) {
  const info = isObject(document.root.info) ? document.root.info : {};
  return {
    file: path.basename(document.file),
    title: typeof info.title === 'string' ? info.title : '',
    version: typeof info.version === 'string' ? info.version : '',
    openapi: typeof document.root.openapi === 'string' ? document.root.openapi : '',
  };
}

function escapeKey(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function unescapeKey(key: string): string {
  return key.replace(/~1/g, '/').replace(/~0/g, '~');
}
