import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { packageFile } from '../package-files.js';
import { parseAnchor } from './anchor.js';
import { storedGraph, type GraphFile, type StoredGraph } from './graph/graph-file.js';
import { SchemaGraph } from './graph/schema-graph.js';
import type { Schedule, ScheduleFile, ScheduleItem, ScheduleItemData } from './types.js';
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
let bundledGraph: SchemaGraph | undefined;

/** The graph that ships with the package, built once per process. */
export function loadBundledGraph(): SchemaGraph {
  bundledGraph ??= new SchemaGraph(packageFile('data/graph.json') as StoredGraph);
  return bundledGraph;
}

/**
 * The schedule that ships with the package, built once per process. It is not validated here: a
 * test validates it and checks it against the graph, and skipping ajv keeps importing the plugin cheap.
 */
export function loadBundledSchedule(): Schedule {
  bundled ??= build(packageFile('data/schedule.json') as ScheduleFile, BUNDLED_SOURCE, loadBundledGraph());
  return bundled;
}

/**
 * A schedule given as a file path (resolved against `cwd`) or as an already parsed object, as in
 * `settings['api-sunset'].schedule`. Files with `"extends": "bundled"` are merged into the bundled one.
 */
export function loadSchedule(input: string | object, cwd = process.cwd()): Schedule {
  if (typeof input === 'string') {
    const file = path.resolve(cwd, input);
    const known = fileSchedules.get(file);
    if (known && known.files.every(([name, stamp]) => stampOf(name) === stamp)) return known.schedule;
    const raw = readJson(file, input);
    const schedule = fromData(raw, input, path.dirname(file));
    // The graph a schedule names is part of it: either file changing makes a new schedule.
    const graph = isObject(raw) && typeof raw.graph === 'string' ? [path.resolve(path.dirname(file), raw.graph)] : [];
    fileSchedules.set(file, { files: [file, ...graph].map((name) => [name, stampOf(name)]), schedule });
    return schedule;
  }
  return fromData(input, '<settings schedule object>', cwd);
}

/**
 * Schedule files loaded in this process, by absolute path, with the stamp they had. The CLI's
 * runner and the rules it runs name the same file: they must get the same object, since the
 * project's analysis is kept per schedule object (a second object analysed the project again).
 */
const fileSchedules = new Map<string, { files: [string, string | undefined][]; schedule: Schedule }>();

function stampOf(file: string): string | undefined {
  try {
    const stats = statSync(file);
    return `${stats.mtimeMs}:${stats.size}:${stats.ino}`;
  } catch {
    return undefined;
  }
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

function fromData(raw: unknown, file: string, directory: string): Schedule {
  const data = isObject(raw) && raw.schemaVersion === 1 ? upgradeVersion1(raw, file) : raw;
  const extendsBundled = isObject(data) && data.extends === 'bundled';
  const problems = extendsBundled ? validateSchedulePatch(data, file) : validateSchedule(data, file);
  if (problems.length > 0) throw new ScheduleError(problems);
  const parsed = data as ScheduleFile;
  const graph = parsed.graph === undefined ? loadBundledGraph() : loadGraph(path.resolve(directory, parsed.graph), parsed.graph, file);
  const merged = extendsBundled ? mergeIntoBundled(parsed, file) : parsed;
  const schedule = build(merged, file, graph);
  const semantic = checkConsistency(schedule, file, extendsBundled ? parsed.items : undefined);
  if (semantic.length > 0) throw new ScheduleError(semantic);
  return schedule;
}

function build(data: ScheduleFile, source: string, graph: SchemaGraph): Schedule {
  return {
    source,
    apis: { client: { name: 'Client API', prefix: '/rest/api/v1' }, indexing: { name: 'Indexing API', prefix: '/api/index/v1' }, ...data.apis },
    sdk: data.sdk ?? { package: '@gleanwork/api-client' },
    endpoints: data.endpoints ?? {},
    auth: data.auth ?? {},
    items: data.items.map(toItem),
    graph,
  };
}

function toItem(data: ScheduleItemData): ScheduleItem {
  return { ...data, aliases: data.aliases ?? [], anchor: parseAnchor(data.on) };
}

/**
 * Files written for schemaVersion 1 keep working where they only moved a bundled item's removal
 * date (the README's example): their items' ids are today's aliases. Anything else they said was
 * about the old hand-written shapes and has no meaning now.
 */
function upgradeVersion1(data: Record<string, unknown>, file: string): Record<string, unknown> {
  const problems: ScheduleProblem[] = [];
  if (data.extends !== 'bundled') {
    problems.push({
      file,
      path: '$.schemaVersion',
      expected: 'schemaVersion 2 (a full schedule written for version 1 cannot be read; run "api-sunset schedule import" on the service\'s OpenAPI documents, see docs/schedule.md)',
      found: 'number 1',
    });
  }
  const items = Array.isArray(data.items) ? data.items : [];
  if (!Array.isArray(data.items)) problems.push({ file, path: '$.items', expected: 'an array of items', found: describeValue(data.items) });
  items.forEach((item, i) => {
    if (!isObject(item)) {
      problems.push({ file, path: `$.items[${i}]`, expected: 'an item { id, removal }', found: describeValue(item) });
      return;
    }
    for (const key of Object.keys(item)) {
      if (key !== 'id' && key !== 'removal') {
        problems.push({ file, path: `$.items[${i}].${key}`, expected: 'only "id" and "removal" in a schemaVersion 1 override (write schemaVersion 2 to change more, see docs/schedule.md)', found: `"${key}"` });
      }
    }
  });
  // `apis`, `sdk` and `auth` kept their shape; `endpoints` was a list and kept only its scopes.
  const endpoints: Record<string, { scope?: string }> = {};
  if (data.endpoints !== undefined) {
    const list = Array.isArray(data.endpoints) ? data.endpoints : [];
    if (!Array.isArray(data.endpoints)) problems.push({ file, path: '$.endpoints', expected: 'an array of endpoints', found: describeValue(data.endpoints) });
    list.forEach((entry, i) => {
      if (!isObject(entry) || typeof entry.endpoint !== 'string') {
        problems.push({ file, path: `$.endpoints[${i}].endpoint`, expected: 'an endpoint such as "POST /rest/api/v1/chat"', found: describeValue(isObject(entry) ? entry.endpoint : entry) });
        return;
      }
      endpoints[entry.endpoint] = typeof entry.scope === 'string' ? { scope: entry.scope } : {};
    });
  }
  for (const key of Object.keys(data)) {
    if (!['$schema', 'schemaVersion', 'extends', 'items', 'apis', 'sdk', 'auth', 'endpoints'].includes(key)) {
      problems.push({ file, path: `$.${key}`, expected: 'no such property in a schemaVersion 1 override (write schemaVersion 2, see docs/schedule.md)', found: `"${key}"` });
    }
  }
  if (problems.length > 0) throw new ScheduleError(problems);
  const { $schema: _schema, schemaVersion: _version, endpoints: _endpoints, ...rest } = data;
  return { ...rest, schemaVersion: 2, items, ...(data.endpoints === undefined ? {} : { endpoints }) };
}

/** Items naming a bundled item (by id, alias or anchor) override its properties; other items must be complete and are added. */
function mergeIntoBundled(patch: ScheduleFile, file: string): ScheduleFile {
  const base = loadBundledSchedule();
  const items: ScheduleItemData[] = base.items.map(({ anchor: _anchor, ...item }) => ({ ...item }));
  const index = new Map<string, number[]>();
  const remember = (name: string, at: number) => index.set(name, [...(index.get(name) ?? []), at]);
  items.forEach((item, i) => {
    for (const name of new Set([item.id, item.on, ...(item.aliases ?? [])])) remember(name, i);
  });
  const problems: ScheduleProblem[] = [];
  patch.items.forEach((item, i) => {
    if (problems.length > MAX_PROBLEMS) return;
    const targets = index.get(item.id);
    if (targets) {
      // An alias may name several items (the spec's sensitiveInfoTypes row has two notices): the override applies to each.
      for (const at of targets) {
        const { id: _written, ...changes } = item;
        items[at] = { ...items[at]!, ...changes };
        problems.push(...validateScheduleItem(items[at], file, `$.items[${i}]`).map((p) => ({ ...p, expected: `${p.expected} (after merging with bundled item "${items[at]!.id}")` })));
      }
    } else {
      problems.push(...validateScheduleItem(item, file, `$.items[${i}]`));
      remember(item.id, items.length);
      items.push(item);
    }
  });
  if (problems.length > 0) throw new ScheduleError(problems);
  return {
    schemaVersion: 2,
    apis: { ...base.apis, ...patch.apis },
    sdk: { ...base.sdk, ...patch.sdk },
    endpoints: { ...base.endpoints, ...patch.endpoints },
    auth: { ...base.auth, ...patch.auth },
    items,
  };
}

function loadGraph(file: string, shown: string, scheduleFile: string): SchemaGraph {
  const data = readJson(file, shown);
  const problems: ScheduleProblem[] = [];
  if (!isObject(data) || (data.graphVersion !== 1 && data.graphVersion !== 2)) {
    problems.push({ file: shown, path: '$.graphVersion', expected: `1 or 2 (a graph written by "api-sunset schedule import", named by ${scheduleFile})`, found: describeValue(isObject(data) ? data.graphVersion : data) });
  } else {
    for (const key of ['operations', 'schemas', 'marks'] as const) {
      if (!isObject(data[key])) problems.push({ file: shown, path: `$.${key}`, expected: 'an object', found: describeValue(data[key]) });
    }
  }
  if (problems.length > 0) throw new ScheduleError(problems);
  return new SchemaGraph(storedGraph(data as unknown as GraphFile | StoredGraph));
}

/**
 * What JSON Schema cannot say: ids and aliases name one item each (an alias may name several
 * items only when it is one of the bundled ones), every anchor exists in the graph, and an item
 * with a mark's id sits where the mark does.
 */
function checkConsistency(schedule: Schedule, file: string, ownItems?: ScheduleItemData[]): ScheduleProblem[] {
  const problems: ScheduleProblem[] = [];
  // Positions are reported in the file the user wrote; for an extension that is its own items array.
  const positionOf = (item: ScheduleItem): string => {
    if (!ownItems) return `$.items[${schedule.items.indexOf(item)}]`;
    const own = ownItems.findIndex((candidate) => candidate.id === item.id || item.aliases.includes(candidate.id));
    return own === -1 ? `bundled item "${item.id}"` : `$.items[${own}]`;
  };
  const ids = new Map<string, ScheduleItem>();
  for (const item of schedule.items) {
    if (problems.length > MAX_PROBLEMS) return problems;
    const known = ids.get(item.id);
    if (known) problems.push({ file, path: `${positionOf(item)}.id`, expected: `a unique id (already used by ${positionOf(known)})`, found: describeValue(item.id) });
    else ids.set(item.id, item);
  }
  for (const item of schedule.items) {
    if (problems.length > MAX_PROBLEMS) break;
    for (const alias of item.aliases) {
      const owner = ids.get(alias);
      if (owner && owner !== item) problems.push({ file, path: `${positionOf(item)}.aliases`, expected: `aliases that are not another item's id`, found: describeValue(alias) });
    }
    const missing = anchorProblem(schedule, item);
    if (missing) problems.push({ file, path: `${positionOf(item)}.on`, expected: missing, found: describeValue(item.on) });
    const mark = schedule.graph.file.marks[item.id];
    if (mark && Object.hasOwn(schedule.graph.file.marks, item.id) && mark.on !== item.on) {
      problems.push({ file, path: `${positionOf(item)}.on`, expected: `"${mark.on}", where the documents put the mark with this id`, found: describeValue(item.on) });
    }
  }
  return problems;
}

function anchorProblem(schedule: Schedule, item: ScheduleItem): string | undefined {
  const { graph } = schedule;
  const { anchor } = item;
  switch (anchor.kind) {
    case 'operation':
      return graph.hasOperation(anchor.operation) ? undefined : 'an operation of the schema graph';
    case 'schema':
      return graph.hasSchema(anchor.schema) ? undefined : 'a schema of the schema graph';
    case 'property':
      if (!graph.hasSchema(anchor.schema)) return 'a property of a schema of the schema graph (no such schema)';
      return graph.property(anchor.schema, anchor.property) ? undefined : `a property of ${anchor.schema} in the schema graph`;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
