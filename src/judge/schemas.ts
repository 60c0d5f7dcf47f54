import type { KnownEndpoint } from '../flow/catalog.js';
import type { SchemaPosition } from '../schedule/graph/schema-graph.js';
import type { Direction, Schedule, ScheduleItem } from '../schedule/types.js';
import { perSchedule } from '../schedule/derived.js';

/** A position in the service's schema: an object, or an array (of arrays…) of it. */
export interface SchemaType {
  name: string;
  /** 0 for the object itself, 1 for `Name[]`, … */
  array: number;
}

/** A deprecated property as the analysis meets it: on which object, and which item applies there. */
export interface DeprecatedField {
  item: ScheduleItem;
  /** The schema of the object the property was read from or written to (`ExternalSharingOptions` for an inherited `enabled`). */
  owner: string;
  property: string;
}

export interface SchemaIndex {
  /** The object a property of an object leads to. */
  child(type: SchemaType, property: string): SchemaType | undefined;
  /** The items that apply to a property of an object. */
  deprecated(type: SchemaType, property: string): DeprecatedField[];
  /** The type at the root of an endpoint's request or response body. */
  root(endpoint: KnownEndpoint | undefined, direction: Direction): SchemaType | undefined;
  /** Whether a type name (as the SDK exports it) is a schema object the analysis knows. */
  knows(name: string): boolean;
  /** Whether an object can be part of a request body (reachable from some endpoint's request type). */
  inRequests(name: string): boolean;
  /** Every deprecated property name: nodes with other names are never findings. */
  fieldNames: ReadonlySet<string>;
}

export function elementOf(type: SchemaType): SchemaType | undefined {
  return type.array > 0 ? { name: type.name, array: type.array - 1 } : undefined;
}

export function arrayOf(type: SchemaType): SchemaType {
  return { name: type.name, array: type.array + 1 };
}

export const schemaIndexFor = perSchedule(buildIndex);

/** Arrays are followed; maps (`additionalProperties`) are positions this index does not describe. */
function toType(positions: readonly SchemaPosition[]): SchemaType | undefined {
  const position = positions.find((candidate) => /^\[*$/.test(candidate.containers));
  return position && { name: position.schema, array: position.containers.length };
}

/** The schema index the per-file detectors read, answered by the schema graph generated from the OpenAPI documents. */
function buildIndex(schedule: Schedule): SchemaIndex {
  const { graph } = schedule;
  const byMark = new Map<string, ScheduleItem>(schedule.items.map((item) => [item.id, item]));
  const byAnchor = new Map<string, ScheduleItem[]>();
  for (const item of schedule.items) {
    if (item.anchor.kind !== 'property') continue;
    const key = `${item.anchor.schema}.${item.anchor.property}`;
    byAnchor.set(key, [...(byAnchor.get(key) ?? []), item]);
  }
  const fieldNames = new Set(graph.markedPropertyNames);
  for (const item of schedule.items) if (item.anchor.kind === 'property') fieldNames.add(item.anchor.property);
  return {
    child: (type, property) => {
      if (type.array > 0) return undefined;
      const facts = graph.property(type.name, property);
      return facts && toType(facts.positions);
    },
    deprecated: (type, property) => {
      if (type.array > 0) return [];
      const items = new Set<ScheduleItem>();
      for (const mark of graph.property(type.name, property)?.marks ?? []) {
        const item = byMark.get(mark);
        if (item) items.add(item);
      }
      for (const schema of graph.concrete(type.name)) for (const item of byAnchor.get(`${schema}.${property}`) ?? []) items.add(item);
      return [...items].map((item) => ({ item, owner: type.name, property }));
    },
    root: (endpoint, direction) => (endpoint ? toType(direction === 'request' ? endpoint.request : endpoint.response) : undefined),
    knows: (name) => graph.hasSchema(name),
    inRequests: (name) => graph.requestSchemas().has(name),
    fieldNames,
  };
}

