import { parseAnchor } from './anchor.js';
import type { GraphFile, GraphMark } from './graph/graph-file.js';
import type { ApiName, Replacement, Schedule, ScheduleFile, ScheduleItemData } from './types.js';

/** One difference between the documents' marks and a schedule's items. */
export type ScheduleChange =
  | { kind: 'new'; id: string; on: string; removal: string; introduced?: string }
  | { kind: 'changed'; id: string; on: string; field: 'on' | 'removal' | 'introduced'; from: string | undefined; to: string | undefined }
  | { kind: 'gone'; id: string; on: string; removal: string };

/**
 * What the documents' marks change against a schedule: marks it has no item for, items whose mark
 * moved or whose dates changed, and items whose mark the documents no longer carry. Items of the
 * user's own (whose id is no mark of the schedule's graph) are not the documents' business.
 */
export function diffSchedule(graph: GraphFile, schedule: Schedule): ScheduleChange[] {
  const changes: ScheduleChange[] = [];
  const byId = new Map(schedule.items.map((item) => [item.id, item]));
  for (const [id, mark] of sortedMarks(graph)) {
    const item = byId.get(id);
    if (!item) {
      changes.push({ kind: 'new', id, on: mark.on, removal: mark.removal, ...(mark.introduced ? { introduced: mark.introduced } : {}) });
      continue;
    }
    for (const field of ['on', 'removal', 'introduced'] as const) {
      if (item[field] !== mark[field]) changes.push({ kind: 'changed', id, on: mark.on, field, from: item[field], to: mark[field] });
    }
  }
  const known = schedule.graph.file.marks;
  for (const item of schedule.items) {
    if (Object.hasOwn(known, item.id) && !Object.hasOwn(graph.marks, item.id)) changes.push({ kind: 'gone', id: item.id, on: item.on, removal: item.removal });
  }
  return changes;
}

/**
 * A schedule for a newer release of the documents: every mark becomes an item, keeping what the
 * base schedule knows of it (aliases, replacement, notes) and taking its place and dates from the
 * documents; a mark the base does not know gets a replacement read from its own message where it
 * names one, never an automatic fix. The user's own items stay when their anchor still exists.
 */
export function importSchedule(graph: GraphFile, base: Schedule, messages: ReadonlyMap<string, string>): { file: ScheduleFile; dropped: string[] } {
  const byId = new Map(base.items.map((item) => [item.id, item]));
  const items: ScheduleItemData[] = [];
  for (const [id, mark] of sortedMarks(graph)) {
    const known = byId.get(id);
    const dates = { removal: mark.removal, ...(mark.introduced ? { introduced: mark.introduced } : {}) };
    if (known) {
      const { anchor: _anchor, introduced: _introduced, ...data } = known;
      items.push({ ...data, on: mark.on, ...dates });
    } else {
      items.push(newItem(id, mark, base, graph, messages.get(id)));
    }
  }
  const dropped: string[] = [];
  for (const item of base.items) {
    if (Object.hasOwn(base.graph.file.marks, item.id) || Object.hasOwn(graph.marks, item.id)) continue;
    if (anchorExists(graph, item.on)) {
      const { anchor: _anchor, ...data } = item;
      items.push(data);
    } else {
      dropped.push(item.id);
    }
  }
  const file: ScheduleFile = {
    schemaVersion: 2,
    graph: './graph.json',
    apis: base.apis,
    sdk: base.sdk,
    endpoints: Object.fromEntries(Object.entries(base.endpoints).filter(([operation]) => Object.hasOwn(graph.operations, operation))),
    auth: base.auth,
    items,
  };
  return { file, dropped };
}

function newItem(id: string, mark: GraphMark, base: Schedule, graph: GraphFile, message: string | undefined): ScheduleItemData {
  const item: ScheduleItemData = {
    id,
    api: apiOf(mark, base),
    on: mark.on,
    removal: mark.removal,
    ...(mark.introduced ? { introduced: mark.introduced } : {}),
    replacement: replacementFrom(mark.on, message, graph),
  };
  if (message) item.details = message;
  return item;
}

/** "Use `text` instead", "Use 'text' field instead": a property of the same schema is a rename, anything else another shape. */
function replacementFrom(on: string, message: string | undefined, graph: GraphFile): Replacement {
  const named = message && /\buse\s+[`'"]?([A-Za-z_$][\w$.[\]?]*)[`'"]?/i.exec(message)?.[1];
  if (!named) return { kind: 'none', fix: 'none' };
  const anchor = parseAnchor(on);
  if (anchor.kind === 'property' && Object.hasOwn(graph.schemas[anchor.schema]?.properties ?? {}, named)) return { kind: 'rename', to: named, fix: 'none' };
  return { kind: 'reshape', to: named, fix: 'none' };
}

function apiOf(mark: GraphMark, base: Schedule): ApiName {
  const anchor = parseAnchor(mark.on);
  if (anchor.kind === 'operation') {
    for (const [name, api] of Object.entries(base.apis) as [ApiName, { prefix: string }][]) if (anchor.path.startsWith(`${api.prefix}/`)) return name;
  }
  return /index/i.test(mark.document) ? 'indexing' : 'client';
}

function anchorExists(graph: GraphFile, on: string): boolean {
  const anchor = parseAnchor(on);
  if (anchor.kind === 'operation') return Object.hasOwn(graph.operations, anchor.operation);
  const schema = Object.hasOwn(graph.schemas, anchor.schema) ? graph.schemas[anchor.schema] : undefined;
  if (!schema) return false;
  return anchor.kind === 'schema' || Object.hasOwn(schema.properties ?? {}, anchor.property);
}

function sortedMarks(graph: GraphFile): [string, GraphMark][] {
  return Object.entries(graph.marks).sort(([a, x], [b, y]) => x.on.localeCompare(y.on) || a.localeCompare(b));
}
