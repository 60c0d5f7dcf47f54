import type { StoredGraph, StoredSchema } from './graph-file.js';
import { parseType, PRIMITIVES, type TypeTerm } from './type-expression.js';

/**
 * A place in the service's data: an object of a schema, or an element of arrays and maps of it.
 * `containers` lists the wrappers from the outside in: `''` is the object itself, `'['` an array
 * of it, `'{['` a map whose values are arrays of it.
 */
export interface SchemaPosition {
  schema: string;
  containers: string;
}

/** What reading one property gives: the positions it leads to (none for a primitive) and the marks on it. */
export interface PropertyFacts {
  positions: readonly SchemaPosition[];
  marks: readonly string[];
}

const NO_MARKS: readonly string[] = Object.freeze([]);
const NAME = /[^\s|()[\]{}]+/g;

/**
 * The schema graph as the analysis asks it: an operation's body positions, and what a property
 * read on a position gives. Unions (`oneOf`) are sets of positions; `allOf` is already flattened.
 * Answers are memoised per (schema, property), so deep and cyclic reads cost a map lookup each.
 */
export class SchemaGraph {
  private readonly properties = new Map<string, PropertyFacts | null>();
  private readonly members = new Map<string, readonly string[]>();
  private leading: ReadonlySet<string> | undefined;
  private marked: ReadonlySet<string> | undefined;
  private fromRequests: ReadonlySet<string> | undefined;
  private fromResponses: ReadonlySet<string> | undefined;

  constructor(readonly file: StoredGraph) {}

  /** Every property name that carries a mark somewhere: a node named otherwise is never a field finding. */
  get markedPropertyNames(): ReadonlySet<string> {
    this.marked ??= new Set(Object.values(this.file.schemas).flatMap((schema) => Object.keys(schema.deprecatedProperties ?? {})));
    return this.marked;
  }

  /** The names of the properties an object of `schema` itself declares (not its `oneOf` members'). */
  propertyNames(schema: string): string[] {
    const properties = this.entry(schema)?.properties ?? [];
    return properties.filter((_, i) => i % 2 === 0);
  }

  /** Every schema reachable from some operation's request body, through properties, elements, map values and `oneOf` members: the objects a request can carry. */
  requestSchemas(): ReadonlySet<string> {
    this.fromRequests ??= this.reachable(Object.keys(this.file.operations).flatMap((operation) => this.body(operation, 'request').map((position) => position.schema)));
    return this.fromRequests;
  }

  /** Every schema reachable from some operation's response body: the objects the service sends back. */
  responseSchemas(): ReadonlySet<string> {
    this.fromResponses ??= this.reachable(Object.keys(this.file.operations).flatMap((operation) => this.body(operation, 'response').map((position) => position.schema)));
    return this.fromResponses;
  }

  hasSchema(name: string): boolean {
    return Object.hasOwn(this.file.schemas, name);
  }

  hasOperation(key: string): boolean {
    return Object.hasOwn(this.file.operations, key);
  }

  /** The positions of an operation's JSON request or response body; empty when it has none the documents describe. */
  body(operation: string, direction: 'request' | 'response'): readonly SchemaPosition[] {
    const entry = Object.hasOwn(this.file.operations, operation) ? this.file.operations[operation]! : undefined;
    const type = entry?.[direction];
    return type ? positionsOf(parseType(type), '') : [];
  }

  /**
   * Reading `property` on an object of `schema` (through `oneOf` members): the positions it leads
   * to and the marks on it, or undefined when no member has such a property.
   */
  property(schema: string, property: string): PropertyFacts | undefined {
    const key = `${schema}\u0000${property}`;
    let facts = this.properties.get(key);
    if (facts === undefined) {
      facts = this.computeProperty(schema, property);
      this.properties.set(key, facts);
    }
    return facts ?? undefined;
  }

  /**
   * Whether reading into an object of `schema`, at any depth, can meet a deprecated property or
   * schema: values of other schemas need not be followed at all.
   */
  leadsToMarks(schema: string): boolean {
    this.leading ??= this.computeLeading();
    return this.leading.has(schema);
  }

  /** The marks on a schema itself (not on its properties). */
  schemaMarks(schema: string): readonly string[] {
    return this.entry(schema)?.deprecated ?? NO_MARKS;
  }

  /** The schemas an object of `schema` may really be: itself, or the members of its `oneOf`, recursively. */
  concrete(schema: string): readonly string[] {
    let list = this.members.get(schema);
    if (!list) {
      const found: string[] = [];
      const visit = (name: string, seen: Set<string>) => {
        if (seen.has(name)) return;
        seen.add(name);
        const entry = this.entry(name);
        if (!entry) return;
        if (entry.properties || entry.additionalProperties || !entry.oneOf) found.push(name);
        if (entry.oneOf) for (const position of positionsOf(parseType(entry.oneOf), '')) if (position.containers === '') visit(position.schema, seen);
      };
      visit(schema, new Set());
      list = found;
      this.members.set(schema, list);
    }
    return list;
  }

  private computeLeading(): ReadonlySet<string> {
    const leading = new Set<string>();
    const targets = new Map<string, string[]>();
    for (const [name, entry] of Object.entries(this.file.schemas)) {
      if (entry.deprecated?.length || Object.keys(entry.deprecatedProperties ?? {}).length > 0) leading.add(name);
      // Only the names matter here, so a scan is enough (and much cheaper than parsing every type on load).
      const types = [...(entry.properties ?? []).filter((_, i) => i % 2 === 1), entry.additionalProperties ?? '', entry.oneOf ?? ''].join('|');
      targets.set(name, (types.match(NAME) ?? []).filter((word) => !PRIMITIVES.has(word)));
    }
    for (let changed = true; changed; ) {
      changed = false;
      for (const [name, next] of targets) {
        if (!leading.has(name) && next.some((target) => leading.has(target))) {
          leading.add(name);
          changed = true;
        }
      }
    }
    return leading;
  }

  private computeProperty(schema: string, property: string): PropertyFacts | null {
    const positions: SchemaPosition[] = [];
    const marks: string[] = [];
    let found = false;
    for (const name of this.concrete(schema)) {
      const entry = this.entry(name)!;
      const type = declaredType(entry, property) ?? entry.additionalProperties;
      if (type === undefined) continue;
      found = true;
      for (const position of positionsOf(parseType(type), '')) if (!positions.some((known) => same(known, position))) positions.push(position);
      for (const mark of entry.deprecatedProperties?.[property] ?? []) if (!marks.includes(mark)) marks.push(mark);
    }
    return found ? { positions, marks: marks.length > 0 ? marks : NO_MARKS } : null;
  }

  private reachable(roots: readonly string[]): Set<string> {
    const seen = new Set(roots);
    const queue = [...roots];
    for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
      for (const concrete of this.concrete(name)) {
        const next = [concrete];
        for (const property of this.propertyNames(concrete)) for (const position of this.property(concrete, property)?.positions ?? []) next.push(position.schema);
        for (const target of next) {
          if (!seen.has(target)) {
            seen.add(target);
            queue.push(target);
          }
        }
      }
    }
    return seen;
  }

  private entry(name: string): StoredSchema | undefined {
    return Object.hasOwn(this.file.schemas, name) ? this.file.schemas[name] : undefined;
  }
}

function declaredType(entry: StoredSchema, property: string): string | undefined {
  const properties = entry.properties ?? [];
  for (let i = 0; i < properties.length; i += 2) if (properties[i] === property) return properties[i + 1];
  return undefined;
}

/** The schema positions a type expression stands for; primitives stand for none. */
export function positionsOf(terms: readonly TypeTerm[], outer: string): SchemaPosition[] {
  const positions: SchemaPosition[] = [];
  for (const term of terms) {
    if (term.kind === 'named') {
      if (!PRIMITIVES.has(term.name)) positions.push({ schema: term.name, containers: outer });
    } else {
      positions.push(...positionsOf(term.of, outer + (term.kind === 'array' ? '[' : '{')));
    }
  }
  return positions;
}

function same(a: SchemaPosition, b: SchemaPosition): boolean {
  return a.schema === b.schema && a.containers === b.containers;
}
