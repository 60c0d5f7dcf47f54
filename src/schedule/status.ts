import { daysBetween } from './dates.js';
import type { Schedule, ScheduleItem } from './types.js';

export type Status = 'removed' | 'imminent' | 'scheduled';

export interface ItemStatus {
  status: Status;
  /** Days from today to the removal date: 0 on the removal day, negative after it. */
  daysLeft: number;
}

export const DEFAULT_IMMINENT_DAYS = 30;

/** `removed` from the removal day on; `imminent` within `imminentDays` before it; `scheduled` before that. */
export function statusOf(removal: string, now: string, imminentDays = DEFAULT_IMMINENT_DAYS): ItemStatus {
  const daysLeft = daysBetween(now, removal);
  if (daysLeft <= 0) return { status: 'removed', daysLeft };
  if (daysLeft <= imminentDays) return { status: 'imminent', daysLeft };
  return { status: 'scheduled', daysLeft };
}

/** "38 days ago", "today", "in 1 day": the relative half of every message. */
export function describeDays(daysLeft: number): string {
  if (daysLeft === 0) return 'today';
  const n = Math.abs(daysLeft);
  const days = `${n} day${n === 1 ? '' : 's'}`;
  return daysLeft < 0 ? `${days} ago` : `in ${days}`;
}

export interface TimelineEntry extends ItemStatus {
  item: ScheduleItem;
}

/** Every item with its status, soonest removal first, ties by where it sits so the order is stable and readable. */
export function timeline(schedule: Schedule, now: string, imminentDays = DEFAULT_IMMINENT_DAYS): TimelineEntry[] {
  return schedule.items
    .map((item) => ({ item, ...statusOf(item.removal, now, imminentDays) }))
    .sort((a, b) => a.item.removal.localeCompare(b.item.removal) || a.item.on.localeCompare(b.item.on) || a.item.id.localeCompare(b.item.id));
}
