import type { Schedule, ScheduleItem } from './types.js';

/**
 * Every place a user writes an item id (rule options, `--ignore`, `--only`, baselines,
 * suppressions) goes through here, so that an item can be named by its id or by any of the names
 * it had before (see `aliases`), and the id written back is always the canonical one.
 */
export function findItem(schedule: Schedule, written: string): ScheduleItem | undefined {
  return indexOf(schedule).get(written);
}

/** The canonical ids of what the user wrote, deduplicated and sorted, and the names that match no item. */
export function resolveItemIds(schedule: Schedule, written: readonly string[]): { ids: string[]; unknown: string[] } {
  const ids = new Set<string>();
  const unknown: string[] = [];
  for (const name of written) {
    const item = findItem(schedule, name);
    if (item) ids.add(item.id);
    else if (!unknown.includes(name)) unknown.push(name);
  }
  return { ids: [...ids].sort(), unknown };
}

/** How output names an item for people: its readable name where it has one. */
export function itemLabel(item: ScheduleItem): string {
  return item.id;
}

const indexes = new WeakMap<Schedule, Map<string, ScheduleItem>>();

function indexOf(schedule: Schedule): Map<string, ScheduleItem> {
  let index = indexes.get(schedule);
  if (!index) {
    index = new Map();
    for (const item of schedule.items) index.set(item.id, item);
    indexes.set(schedule, index);
  }
  return index;
}
