import { today } from './schedule/dates.js';
import { loadBundledSchedule, loadSchedule, ScheduleError } from './schedule/load.js';
import { DEFAULT_IMMINENT_DAYS } from './schedule/status.js';
import type { Schedule } from './schedule/types.js';
import { onRunDate } from './run-date.js';
import type { HttpClientModel } from './flow/models/http-clients.js';
import { assertValidSettings } from './settings-schema.js';

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
  // Types, enums and ranges: one configuration error naming every wrong setting, before any is used.
  assertValidSettings(raw);
  const { now = raw.today ?? today(), imminentDays = DEFAULT_IMMINENT_DAYS, schedule, wrappers = [] } = raw;
  const { sdkModules = [], clients = [] } = raw;
  return { now, imminentDays, schedule: resolveSchedule(schedule, cwd), wrappers, sdkModules, clients };
}

function resolveSchedule(schedule: string | object | undefined, cwd: string): Schedule {
  if (schedule === undefined) return loadBundledSchedule();
  try {
    return loadSchedule(schedule, cwd);
  } catch (error) {
    if (error instanceof ScheduleError) throw new Error(`settings['api-sunset'].schedule is invalid:\n${error.message}`, { cause: error });
    throw error;
  }
}
