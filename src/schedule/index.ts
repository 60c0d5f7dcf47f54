export * from './types.js';
export * from './endpoint.js';
export * from './dates.js';
export * from './status.js';
export { loadBundledSchedule, loadSchedule, ScheduleError, formatProblem, BUNDLED_SOURCE, type ScheduleProblem } from './load.js';
export { findItem, findItems, resolveItemIds, itemLabel } from './ids.js';
