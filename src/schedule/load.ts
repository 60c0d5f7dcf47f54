import { readFileSync } from 'node:fs';
import path from 'node:path';
import bundledData from '../../data/schedule.json' with { type: 'json' };
import type { Schedule, ScheduleFile, ScheduleItem, SchemaGraph } from './types.js';
import { describeValue, MAX_PROBLEMS, validateSchedule, validateScheduleItem, validateSchedulePatch, type ScheduleProblem } from './validate.js';

export type { ScheduleProblem } from './validate.js';

/** A schedule that cannot be used. The message lists every problem, one per line: file, JSON path, expected, found. */
export class ScheduleError extends Error {
  readonly problems: ScheduleProblem[];

  /** At most MAX_PROBLEMS are listed; with more, a last line says so. */
  constructor(problems: ScheduleProblem[]) {
    const shown = problems.slice(0, MAX_PROBLEMS);
    const more = problems.length > MAX_PROBLEMS ? [`${problems[0]!.file}: … more problems not listed: fix these ${MAX_PROBLEMS} first and run again`] : [];
    super([...shown.map(formatProblem), ...more].join('\n'));
    this.name = 'ScheduleError';
    this.problems = shown;
  }
}

export function formatProblem(problem: ScheduleProblem): string {
  return `${problem.file}: ${problem.path}: expected ${problem.expected}, found ${problem.found}`;
}

export const BUNDLED_SOURCE = 'eslint-plugin-api-sunset/data/schedule.json';

let bundled: Schedule | undefined;

/** The schedule that ships with the package, validated once per process. */
export function loadBundledSchedule(): Schedule {
  bundled ??= fromFile(bundledData, BUNDLED_SOURCE);
  return bundled;
}

/**
 * A schedule given as a file path (resolved against `cwd`) or as an already parsed object, as in
 * `settings['api-sunset'].schedule`. Files with `"extends": "bundled"` are merged into the bundled one.
 */
export function loadSchedule(input: string | object, cwd = process.cwd()): Schedule {
  if (typeof input === 'string') {
    const file = path.resolve(cwd, input);
    return fromFile(readJson(file, input), input);
  }
  return fromFile(input, '<settings schedule object>');
}

function readJson(file: string, shown: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ScheduleError([{ file: shown, path: '$', expected: 'a readable JSON file', found: (error as NodeJS.ErrnoException).code ?? String(error) }]);
  }
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ScheduleError([{ file: shown, path: '$', expected: 'valid JSON', found: (error as Error).message }]);
  }
}

function fromFile(data: unknown, file: string): Schedule {
  const extendsBundled = isObject(data) && data.extends === 'bundled';
  const problems = extendsBundled ? validateSchedulePatch(data, file) : validateSchedule(data, file);
  if (problems.length > 0) throw new ScheduleError(problems);
  const parsed = data as ScheduleFile;
  const merged = extendsBundled ? mergeIntoBundled(parsed, file) : parsed;
  const semantic = checkConsistency(merged.items, file, extendsBundled ? parsed.items : undefined);
  if (semantic.length > 0) throw new ScheduleError(semantic);
  return {
    source: file,
    apis: { client: { name: 'Client API', prefix: '/rest/api/v1' }, indexing: { name: 'Indexing API', prefix: '/api/index/v1' }, ...merged.apis },
    sdk: merged.sdk ?? { package: '@gleanwork/api-client' },
    endpoints: merged.endpoints ?? [],
    schemas: merged.schemas ?? {},
    auth: merged.auth ?? {},
    items: merged.items,
  };
}

/** Items with a bundled id override that item's properties; new ids must be complete items. */
function mergeIntoBundled(patch: ScheduleFile, file: string): ScheduleFile {
  const base = loadBundledSchedule();
  const items = base.items.map((item) => ({ ...item }));
  const index = new Map(items.map((item, i) => [item.id, i]));
  const problems: ScheduleProblem[] = [];
  patch.items.forEach((item, i) => {
    if (problems.length > MAX_PROBLEMS) return;
    const at = index.get(item.id);
    if (at !== undefined) {
      items[at] = { ...items[at], ...item } as ScheduleItem;
      problems.push(...validateScheduleItem(items[at], file, `$.items[${i}]`).map((p) => ({ ...p, expected: `${p.expected} (after merging with bundled item "${item.id}")` })));
    } else {
      problems.push(...validateScheduleItem(item, file, `$.items[${i}]`));
      index.set(item.id, items.length);
      items.push(item);
    }
  });
  if (problems.length > 0) throw new ScheduleError(problems);
  return {
    schemaVersion: 1,
    apis: { ...base.apis, ...patch.apis },
    sdk: { ...base.sdk, ...patch.sdk },
    endpoints: mergeEndpoints(base.endpoints, patch.endpoints ?? []),
    schemas: mergeSchemas(base.schemas, patch.schemas ?? {}),
    auth: { ...base.auth, ...patch.auth },
    items,
  };
}

function mergeEndpoints<T extends { endpoint: string }>(base: T[], extra: T[]): T[] {
  const byKey = new Map(base.map((e) => [e.endpoint, e]));
  for (const e of extra) byKey.set(e.endpoint, { ...byKey.get(e.endpoint), ...e });
  return [...byKey.values()];
}

/** An extension adds objects and properties; a property it names again points where it says. */
function mergeSchemas(base: SchemaGraph, extra: SchemaGraph): SchemaGraph {
  const merged: SchemaGraph = { ...base };
  for (const [name, properties] of Object.entries(extra)) merged[name] = { ...base[name], ...properties };
  return merged;
}

/** What JSON Schema cannot say: ids are unique, and an occurrence path ends in the item's field. */
function checkConsistency(items: ScheduleItem[], file: string, ownItems?: ScheduleItem[]): ScheduleProblem[] {
  const problems: ScheduleProblem[] = [];
  // Positions are reported in the file the user wrote; for an extension that is its own items array.
  const positions = ownItems ?? items;
  const firstSeen = new Map<string, number>();
  positions.forEach((item, i) => {
    const first = firstSeen.get(item.id);
    if (first !== undefined) {
      problems.push({ file, path: `$.items[${i}].id`, expected: `a unique id (already used at $.items[${first}])`, found: describeValue(item.id) });
    } else {
      firstSeen.set(item.id, i);
    }
  });
  for (const item of items) {
    if (problems.length > MAX_PROBLEMS) break;
    if (item.kind !== 'field' || !item.field) continue;
    const i = firstSeen.get(item.id);
    if (i === undefined) continue;
    item.notices.forEach((notice, n) =>
      notice.occurrences?.forEach((occurrence, o) => {
        const last = occurrence.path.split('.').at(-1)?.replace(/\[\]$/, '');
        if (last !== item.field) {
          problems.push({ file, path: `$.items[${i}].notices[${n}].occurrences[${o}].path`, expected: `a path ending in the item's field "${item.field}"`, found: describeValue(occurrence.path) });
        }
      }),
    );
  }
  return problems;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
