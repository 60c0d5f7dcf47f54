import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml, YAMLParseError } from 'yaml';

/** A document that cannot be used, located by file and JSON pointer, in the shape of a schedule problem. */
export class OpenApiError extends Error {
  constructor(
    readonly file: string,
    readonly pointer: string,
    readonly expected: string,
    readonly found: string,
  ) {
    super(`${file}: ${pointer || '#'}: expected ${expected}, found ${found}`);
    this.name = 'OpenApiError';
  }
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** One OpenAPI 3 document, as read from disk. `shown` is how messages name it (as the user wrote it). */
export interface OpenApiDocument {
  file: string;
  shown: string;
  root: JsonObject;
}

/** Where a `$ref` leads: the document and the JSON pointer inside it, and the value found there. */
export interface Resolved {
  document: OpenApiDocument;
  pointer: string;
  value: Json;
}

/**
 * Reads OpenAPI 3.0/3.1 documents (YAML or JSON; JSON is YAML) and resolves `$ref`s between and
 * inside them. Only local files are read: a `$ref` to a URL is an error, never a download.
 */
export class OpenApiDocuments {
  readonly documents: OpenApiDocument[];
  private readonly byFile = new Map<string, OpenApiDocument>();

  constructor(files: readonly string[], cwd: string) {
    this.documents = files.map((shown) => this.load(path.resolve(cwd, shown), shown, '#', undefined));
  }

  /** The value a `$ref` names, written at `at` in `from`. */
  resolve(from: OpenApiDocument, ref: string, at: string): Resolved {
    const hash = ref.indexOf('#');
    const target = hash === -1 ? ref : ref.slice(0, hash);
    const pointer = hash === -1 ? '' : ref.slice(hash + 1);
    if (/^[a-z][\w+.-]*:/i.test(target)) throw new OpenApiError(from.shown, at, 'a $ref to this document or a local file (URLs are not fetched)', JSON.stringify(ref));
    const document = target === '' ? from : this.load(path.resolve(path.dirname(from.file), target), path.join(path.dirname(from.shown), target), at, from);
    const value = valueAt(document.root, pointer);
    if (value === undefined) throw new OpenApiError(from.shown, at, `a $ref to an existing value (nothing at ${pointer || '#'} in ${document.shown})`, JSON.stringify(ref));
    return { document, pointer: `#${pointer}`, value };
  }

  private load(file: string, shown: string, at: string, referrer: OpenApiDocument | undefined): OpenApiDocument {
    const known = this.byFile.get(file);
    if (known) return known;
    let text: string;
    try {
      text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? String(error);
      if (referrer) throw new OpenApiError(referrer.shown, at, `a $ref to a readable file (${shown})`, code);
      throw new OpenApiError(shown, '#', 'a readable OpenAPI document', code);
    }
    const root = parseDocument(text, shown);
    // A file reached only through a `$ref` may be a bare schema collection; the documents given on the command line must be OpenAPI 3.
    if (!referrer) checkOpenApi3(root, shown);
    const document: OpenApiDocument = { file, shown, root: root as JsonObject };
    this.byFile.set(file, document);
    return document;
  }
}

function parseDocument(text: string, shown: string): Json {
  try {
    // Specs are data: no custom tags, no merge keys that could change meaning, every alias allowed but bounded by yaml's own limit.
    return parseYaml(text, { schema: 'core', merge: false, uniqueKeys: true }) as Json;
  } catch (error) {
    if (error instanceof YAMLParseError) {
      const [line, column] = error.linePos?.[0] ? [error.linePos[0].line, error.linePos[0].col] : [0, 0];
      throw new OpenApiError(shown, '#', 'valid YAML or JSON', `${error.code} at line ${line}, column ${column}`);
    }
    throw new OpenApiError(shown, '#', 'valid YAML or JSON', (error as Error).message);
  }
}

function checkOpenApi3(root: Json, shown: string): void {
  if (!isObject(root)) throw new OpenApiError(shown, '#', 'an OpenAPI 3 document (an object)', describe(root));
  if (typeof root.swagger === 'string') throw new OpenApiError(shown, '#/swagger', 'an OpenAPI 3.0 or 3.1 document (convert Swagger 2.0 first)', `swagger ${JSON.stringify(root.swagger)}`);
  if (typeof root.openapi !== 'string' || !/^3\.[01]\.\d+/.test(root.openapi)) throw new OpenApiError(shown, '#/openapi', 'an OpenAPI version 3.0.x or 3.1.x', describe(root.openapi));
  if (root.paths !== undefined && !isObject(root.paths)) throw new OpenApiError(shown, '#/paths', 'an object of paths', describe(root.paths));
  const components = root.components;
  if (components !== undefined && (!isObject(components) || (components.schemas !== undefined && !isObject(components.schemas)))) {
    throw new OpenApiError(shown, '#/components/schemas', 'an object of schemas', describe(isObject(components) ? components.schemas : components));
  }
}

/** RFC 6901: `/components/schemas/A~1B` → components → schemas → `A/B`. */
export function valueAt(root: Json, pointer: string): Json | undefined {
  if (pointer === '' || pointer === '/') return pointer === '' ? root : isObject(root) ? root[''] : undefined;
  let value: Json | undefined = root;
  for (const raw of pointer.split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(value)) value = /^\d+$/.test(key) ? value[Number(key)] : undefined;
    else if (isObject(value)) value = Object.hasOwn(value, key) ? value[key] : undefined;
    else return undefined;
  }
  return value;
}

export function pointerTo(parent: string, ...keys: (string | number)[]): string {
  return parent + keys.map((key) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

export function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function describe(value: Json | undefined): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  return typeof value === 'string' ? JSON.stringify(value) : `${typeof value} ${JSON.stringify(value)}`;
}
