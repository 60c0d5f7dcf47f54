import type { Direction, EndpointInfo, Notice, Schedule, ScheduleItem } from '../schedule/types.js';
import { perSchedule } from '../schedule/derived.js';

/** A position in the service's schema: an object, or an array (of arrays…) of it. */
export interface SchemaType {
  name: string;
  /** 0 for the object itself, 1 for `Name[]`, … */
  array: number;
}

/** A deprecated property as the analysis meets it: on which object, and which notice applies there. */
export interface DeprecatedField {
  item: ScheduleItem;
  notice: Notice;
  owner: string;
  property: string;
  /**
   * Whether this is the object the notice's migration was written for. Elsewhere (the spec's own
   * top-level position, a sibling object with the same property) the finding is reported without a fix.
   */
  migrates: boolean;
}

export interface SchemaIndex {
  /** The object a property of an object leads to. */
  child(type: SchemaType, property: string): SchemaType | undefined;
  /** The notices that apply to a property of an object. */
  deprecated(type: SchemaType, property: string): DeprecatedField[];
  /** The type at the root of an endpoint's request or response body. */
  root(endpoint: EndpointInfo | undefined, direction: Direction): SchemaType | undefined;
  /** Whether a type name (as the SDK exports it) is a schema object the analysis knows. */
  knows(name: string): boolean;
  /** Whether an object can be part of a request body (reachable from some endpoint's request type). */
  inRequests(name: string): boolean;
  /** Every deprecated property name: nodes with other names are never findings. */
  fieldNames: ReadonlySet<string>;
}

export function parseSchemaType(text: string): SchemaType {
  const name = text.replace(/(\[\])+$/, '');
  return { name, array: (text.length - name.length) / 2 };
}

export function elementOf(type: SchemaType): SchemaType | undefined {
  return type.array > 0 ? { name: type.name, array: type.array - 1 } : undefined;
}

export function arrayOf(type: SchemaType): SchemaType {
  return { name: type.name, array: type.array + 1 };
}

export const schemaIndexFor = perSchedule(buildIndex);

function buildIndex(schedule: Schedule): SchemaIndex {
  const graph = schedule.schemas;
  const child = (type: SchemaType, property: string): SchemaType | undefined => {
    if (type.array > 0 || !Object.hasOwn(graph, type.name)) return undefined;
    const target = graph[type.name]![property];
    return target === undefined || !Object.hasOwn(graph[type.name]!, property) ? undefined : parseSchemaType(target);
  };
  const roots = new Map<string, Partial<Record<Direction, SchemaType>>>();
  for (const endpoint of schedule.endpoints) {
    roots.set(endpoint.endpoint, {
      ...(endpoint.requestType ? { request: parseSchemaType(endpoint.requestType) } : {}),
      ...(endpoint.responseType ? { response: parseSchemaType(endpoint.responseType) } : {}),
    });
  }
  const deprecated = new Map<string, DeprecatedField[]>();
  const add = (field: DeprecatedField) => {
    const key = `${field.owner}.${field.property}`;
    const list = deprecated.get(key) ?? [];
    if (!list.some((known) => known.notice === field.notice)) list.push(field);
    deprecated.set(key, list);
  };
  for (const item of schedule.items) {
    if (item.kind !== 'field' || !item.field) continue;
    for (const notice of item.notices) {
      const migratesOn = notice.schema?.object;
      if (notice.schema) add({ item, notice, owner: notice.schema.object, property: notice.schema.property, migrates: true });
      for (const occurrence of notice.occurrences ?? []) {
        const root = roots.get(occurrence.endpoint)?.[occurrence.in];
        for (const owner of ownersAlong(occurrence.path, root, graph, child)) {
          add({ item, notice, owner, property: item.field, migrates: owner === migratesOn });
        }
      }
    }
  }
  const names = new Set([...Object.keys(graph), ...Object.values(graph).flatMap((properties) => Object.values(properties).map((text) => parseSchemaType(text).name))]);
  for (const fields of deprecated.values()) for (const field of fields) names.add(field.owner);
  const requestTypes = reachable(
    schedule.endpoints.flatMap((endpoint) => (endpoint.requestType ? [parseSchemaType(endpoint.requestType).name] : [])),
    graph,
  );
  return {
    child,
    deprecated: (type, property) => (type.array > 0 ? [] : (deprecated.get(`${type.name}.${property}`) ?? [])),
    root: (endpoint, direction) => (endpoint ? roots.get(endpoint.endpoint)?.[direction] : undefined),
    knows: (name) => names.has(name),
    inRequests: (name) => requestTypes.has(name),
    fieldNames: new Set(schedule.items.flatMap((item) => (item.kind === 'field' && item.field ? [item.field] : []))),
  };
}

function reachable(roots: string[], graph: Schedule['schemas']): Set<string> {
  const seen = new Set(roots);
  const queue = [...roots];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    if (!Object.hasOwn(graph, name)) continue;
    for (const target of Object.values(graph[name]!)) {
      const next = parseSchemaType(target).name;
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

/**
 * The objects that own the last property of an occurrence path (`messages[].citations` from
 * ChatResponse → ChatMessage). A path that starts with `**` may start at any object.
 */
export function ownersAlong(
  path: string,
  root: SchemaType | undefined,
  graph: Schedule['schemas'],
  child: (type: SchemaType, property: string) => SchemaType | undefined,
): string[] {
  const steps = path.split('.');
  steps.pop();
  const starts: SchemaType[] = [];
  if (steps[0] === '**') {
    steps.shift();
    starts.push(...Object.keys(graph).map((name) => ({ name, array: 0 })));
  } else if (root) {
    starts.push(root);
  }
  const owners = new Set<string>();
  for (const start of starts) {
    let type: SchemaType | undefined = start;
    for (const step of steps) {
      const property = step.replace(/\[\]$/, '');
      type = type && child(type, property);
      if (type && step.endsWith('[]')) type = elementOf(type);
      if (!type) break;
    }
    if (type && type.array === 0) owners.add(type.name);
  }
  return [...owners];
}
