import { today } from './schedule/dates.js';

/** What decides the date in `settings['api-sunset']`. */
interface DateSettings {
  now?: unknown;
  today?: unknown;
}

/**
 * The settings as of the current lint run. A date the user pinned (`now`), or the one the plugin's
 * configs put into the settings for this run (`today`), belongs to the settings object, which
 * ESLint builds anew for each run. Otherwise the clock is read on every call, and the same object
 * comes back while the day stays the same: the rules of one file share their analysis, and a
 * long-lived process (an editor's ESLint server) moves on at midnight instead of keeping the
 * first day's answers.
 */
export function onRunDate<T extends { now: string }>(settings: T, raw: DateSettings | undefined): T {
  if (raw?.now !== undefined || raw?.today !== undefined) return settings;
  const day = today();
  return day === settings.now ? settings : { ...settings, now: day };
}

/**
 * `settings` for the plugin's configs: `{ 'api-sunset': { today } }`, with `today` read each time
 * ESLint reads the property, that is, each time it builds the configuration for a run. The date
 * thereby becomes part of the configuration that `eslint --cache` hashes, so a cached result
 * from yesterday is not reused today (the findings depend on the date). ESLint merges settings
 * deeply, so the user's own `settings['api-sunset']` (a pinned `now`, a schedule) still applies.
 */
export function runDateSettings(): Record<string, unknown> {
  return Object.defineProperty({}, 'api-sunset', { enumerable: true, get: () => ({ today: today() }) });
}
