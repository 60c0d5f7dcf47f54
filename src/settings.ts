import { isValidDate, today } from './schedule/dates.js';
import { loadBundledSchedule, loadSchedule, ScheduleError } from './schedule/load.js';
import { DEFAULT_IMMINENT_DAYS } from './schedule/status.js';
import type { Schedule } from './schedule/types.js';
import { onRunDate } from './run-date.js';
import type { HttpClientModel } from './flow/models/http-clients.js';

/** A helper the analysis cannot see through, declared by the user: `api.post('getusercount', body)`. */
export interface WrapperSetting {
  /** The callee as written, e.g. `api.post` or `request`. */
  callee: string;
  /** Index of the argument holding the path (default 0). */
  path?: number;
  /** Index of the argument holding the request body. */
  body?: number;
  /** What the wrapper puts in front of the path, e.g. `/rest/api/v1`. */
  prefix?: string;
  /** HTTP method the wrapper sends, when fixed. */
  method?: string;
}

/** `settings['api-sunset']` as users write it. */
export interface RawSettings {
  now?: string;
  /** The day ESLint built its configuration on, put there by the plugin's configs (see run-date.ts). */
  today?: string;
  imminentDays?: number;
  schedule?: string | object;
  wrappers?: WrapperSetting[];
  sdkModules?: string[];
  clients?: HttpClientModel[];
}

export interface Settings {
  now: string;
  imminentDays: number;
  schedule: Schedule;
  wrappers: WrapperSetting[];
  /** Module specifiers (or project files) that stand for the SDK: a fork, a vendored copy. */
  sdkModules?: readonly string[];
  /** HTTP client libraries of the user's, as rows in the shape of src/flow/models/http-clients.ts. */
  clients?: readonly HttpClientModel[];
}

const cache = new WeakMap<object, Settings>();
let defaults: Settings | undefined;

/**
 * Reads and validates the shared settings once per settings object (ESLint hands every rule and
 * every file the same object). Mistakes throw with the setting's name, which ESLint shows as a
 * configuration error rather than a lint finding.
 */
export function readSettings(all: Record<string, unknown> | undefined, cwd: string): Settings {
  const raw = all?.['api-sunset'] as RawSettings | undefined;
  if (raw === undefined) {
    defaults = onRunDate(defaults ?? { now: today(), imminentDays: DEFAULT_IMMINENT_DAYS, schedule: loadBundledSchedule(), wrappers: [] }, undefined);
    return defaults;
  }
  const settings = onRunDate(cache.get(raw) ?? parseSettings(raw, cwd), raw);
  cache.set(raw, settings);
  return settings;
}

function parseSettings(raw: RawSettings, cwd: string): Settings {
  if (typeof raw !== 'object' || raw === null) fail('', 'an object', raw);
  if (raw.today !== undefined && (typeof raw.today !== 'string' || !isValidDate(raw.today))) fail('.today', 'a date as YYYY-MM-DD', raw.today);
  const { now = raw.today ?? today(), imminentDays = DEFAULT_IMMINENT_DAYS, schedule, wrappers = [] } = raw;
  if (typeof now !== 'string' || !isValidDate(now)) fail('.now', 'a date as YYYY-MM-DD', now);
  if (!Number.isInteger(imminentDays) || imminentDays < 0) fail('.imminentDays', 'a whole number of days, 0 or more', imminentDays);
  if (!Array.isArray(wrappers)) fail('.wrappers', 'an array of { callee, path, body, prefix }', wrappers);
  wrappers.forEach((wrapper, i) => {
    if (typeof wrapper?.callee !== 'string' || !/^[\w$]+(\.[\w$]+)*$/.test(wrapper.callee)) fail(`.wrappers[${i}].callee`, 'a callee such as "api.post"', wrapper?.callee);
    for (const key of ['path', 'body'] as const) {
      if (wrapper[key] !== undefined && (!Number.isInteger(wrapper[key]) || wrapper[key] < 0)) fail(`.wrappers[${i}].${key}`, 'an argument index', wrapper[key]);
    }
    if (wrapper.prefix !== undefined && typeof wrapper.prefix !== 'string') fail(`.wrappers[${i}].prefix`, 'a path prefix such as "/rest/api/v1"', wrapper.prefix);
  });
  const { sdkModules = [], clients = [] } = raw;
  if (!Array.isArray(sdkModules) || sdkModules.some((specifier) => typeof specifier !== 'string' || specifier === '')) fail('.sdkModules', 'an array of module specifiers such as "@acme/glean-fork"', sdkModules);
  if (!Array.isArray(clients)) fail('.clients', 'an array of HTTP client models (docs/detection.md, "Your own HTTP client")', clients);
  clients.forEach((client, i) => {
    if (typeof client?.name !== 'string') fail(`.clients[${i}].name`, 'a name', client?.name);
    if (!Array.isArray(client.packages) || client.packages.some((name) => typeof name !== 'string')) fail(`.clients[${i}].packages`, 'an array of module specifiers', client.packages);
    for (const key of ['exports', 'calls', 'options'] as const) {
      if (typeof client[key] !== 'object' || client[key] === null || Array.isArray(client[key])) fail(`.clients[${i}].${key}`, 'an object', client[key]);
    }
  });
  return { now, imminentDays, schedule: resolveSchedule(schedule, cwd), wrappers, sdkModules, clients };
}

function resolveSchedule(schedule: string | object | undefined, cwd: string): Schedule {
  if (schedule === undefined) return loadBundledSchedule();
  if (typeof schedule !== 'string' && (typeof schedule !== 'object' || schedule === null)) fail('.schedule', 'a file path or a schedule object', schedule);
  try {
    return loadSchedule(schedule, cwd);
  } catch (error) {
    if (error instanceof ScheduleError) throw new Error(`settings['api-sunset'].schedule is invalid:\n${error.message}`, { cause: error });
    throw error;
  }
}

function fail(path: string, expected: string, found: unknown): never {
  throw new Error(`settings['api-sunset']${path}: expected ${expected}, found ${JSON.stringify(found) ?? 'undefined'}`);
}
