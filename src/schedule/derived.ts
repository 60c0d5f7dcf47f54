import type { Schedule } from './types.js';

/**
 * What the analysis derives from a schedule (the endpoint catalog, the schema index, the token
 * scheme) is built once per loaded schedule and shared by every file and rule. Keyed weakly, so a
 * schedule a test or a settings change drops takes its derived data with it.
 */
export function perSchedule<T>(build: (schedule: Schedule) => T): (schedule: Schedule) => T {
  const cache = new WeakMap<Schedule, T>();
  return (schedule) => {
    if (!cache.has(schedule)) cache.set(schedule, build(schedule));
    return cache.get(schedule)!;
  };
}
