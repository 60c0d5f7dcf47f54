import { isValidDate, today } from '../schedule/dates.js';
import { loadBundledSchedule, loadSchedule, ScheduleError } from '../schedule/load.js';
import type { Schedule } from '../schedule/types.js';
import { UsageError } from './io.js';

/** `--now`: a real YYYY-MM-DD date, or today when absent. */
export function parseNow(value: string | undefined): string {
  if (value === undefined) return today();
  if (!isValidDate(value)) throw new UsageError(`--now expects a date as YYYY-MM-DD, got "${value}"`);
  return value;
}

export function parseNonNegativeInteger(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value)) throw new UsageError(`${flag} expects a whole number of days, got "${value}"`);
  return Number(value);
}

export function parseChoice<T extends string>(flag: string, value: string | undefined, choices: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!(choices as readonly string[]).includes(value)) throw new UsageError(`${flag} expects one of ${choices.join(', ')}, got "${value}"`);
  return value as T;
}

/** `--schedule FILE`; an invalid file is a configuration error with the loader's own lines. */
export function scheduleFromFlag(file: string | undefined, cwd: string): Schedule {
  try {
    return file === undefined ? loadBundledSchedule() : loadSchedule(file, cwd);
  } catch (error) {
    if (error instanceof ScheduleError) throw new UsageError(`invalid schedule:\n${error.message}`, { cause: error });
    throw error;
  }
}
