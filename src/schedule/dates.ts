/** Calendar dates as `YYYY-MM-DD` strings, compared as whole UTC days so that time zones never shift a status. */

const DAY_MS = 86_400_000;
const DATE_SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whole days since 1970-01-01 for a valid `YYYY-MM-DD`, or undefined for anything else (including 2026-13-01 and 2026-02-30). */
export function dayNumber(date: string): number | undefined {
  const match = DATE_SHAPE.exec(date);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, day);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return undefined;
  return ms / DAY_MS;
}

export function isValidDate(date: string): boolean {
  return dayNumber(date) !== undefined;
}

/** Days from `from` to `to`; negative when `to` is earlier. Both must be valid dates. */
export function daysBetween(from: string, to: string): number {
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (a === undefined || b === undefined) throw new RangeError(`not a YYYY-MM-DD date: ${a === undefined ? from : to}`);
  return b - a;
}

/**
 * Stands in for the system clock when set (`API_SUNSET_TODAY=2027-01-15`): for tests, which must
 * never read the wall clock, and for reproducing a past run as a whole (ESLint's own runs
 * included, where `--now` does not exist). `settings['api-sunset'].now` and `--now` still win.
 */
export const CLOCK_VARIABLE = 'API_SUNSET_TODAY';

/**
 * Today's date in UTC. The only place in api-sunset that reads the clock: everything else takes
 * the date as an argument, so tests and users can pin it (`settings['api-sunset'].now`, `--now`).
 */
export function today(env: NodeJS.ProcessEnv = process.env): string {
  const fixed = env[CLOCK_VARIABLE];
  if (fixed !== undefined && fixed !== '') {
    if (!isValidDate(fixed)) throw new Error(`${CLOCK_VARIABLE} must be a date as YYYY-MM-DD, found ${JSON.stringify(fixed)}`);
    return fixed;
  }
  return new Date().toISOString().slice(0, 10);
}
