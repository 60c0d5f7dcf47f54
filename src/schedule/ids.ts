import type { Schedule, ScheduleItem } from './types.js';

/**
 * Every place a user writes an item id (rule options, `--ignore`, `--only`, baselines,
 * suppressions) goes through here. An item answers to its id (the documents' mark id), to its
 * anchor (`SearchResultSnippet.snippet`) and to its aliases, the ids it had before the marks
 * (`createannouncement.snippet`); an alias may name two items (the spec's `sensitiveInfoTypes`
 * row has two notices). What is written back is always the canonical id.
 */
export function findItems(schedule: Schedule, written: string): readonly ScheduleItem[] {
  return indexOf(schedule).get(written) ?? [];
}

export function findItem(schedule: Schedule, written: string): ScheduleItem | undefined {
  return findItems(schedule, written)[0];
}

/** The canonical ids of what the user wrote, deduplicated and sorted, and the names that match no item. */
export function resolveItemIds(schedule: Schedule, written: readonly string[]): { ids: string[]; unknown: string[] } {
  const ids = new Set<string>();
  const unknown: string[] = [];
  for (const name of written) {
    const items = findItems(schedule, name);
    for (const item of items) ids.add(item.id);
    if (items.length === 0 && !unknown.includes(name)) unknown.push(name);
  }
  return { ids: [...ids].sort(), unknown };
}

/** How output names an item for people: where it sits (`SearchResultSnippet.snippet`, `POST /api/index/v1/getusercount`). */
export function itemLabel(item: ScheduleItem): string {
  return item.on;
}

const indexes = new WeakMap<Schedule, Map<string, ScheduleItem[]>>();

function indexOf(schedule: Schedule): Map<string, ScheduleItem[]> {
  let index = indexes.get(schedule);
  if (!index) {
    index = new Map();
    const add = (name: string, item: ScheduleItem) => {
      const list = index!.get(name) ?? [];
      if (!list.includes(item)) list.push(item);
      index!.set(name, list);
    };
    // A name that is one item's id means that item, even if another item has it as an alias or anchor.
    const ids = new Set(schedule.items.map((item) => item.id));
    for (const item of schedule.items) add(item.id, item);
    for (const item of schedule.items) {
      for (const name of [item.on, ...item.aliases]) if (!ids.has(name)) add(name, item);
    }
    indexes.set(schedule, index);
  }
  return index;
}
