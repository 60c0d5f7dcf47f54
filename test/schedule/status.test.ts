import { describe, expect, it } from 'vitest';
import { daysBetween, describeDays, isValidDate, loadBundledSchedule, statusOf, timeline } from '../../src/schedule/index.js';

describe('statusOf', () => {
  it('treats the removal day itself as removed', () => {
    expect(statusOf('2026-10-15', '2026-10-15')).toEqual({ status: 'removed', daysLeft: 0 });
  });

  it('is imminent the day before, and at exactly imminentDays', () => {
    expect(statusOf('2026-10-15', '2026-10-14')).toEqual({ status: 'imminent', daysLeft: 1 });
    expect(statusOf('2026-10-15', '2026-09-15', 30)).toEqual({ status: 'imminent', daysLeft: 30 });
  });

  it('is scheduled one day beyond the imminent window', () => {
    expect(statusOf('2026-10-15', '2026-09-14', 30)).toEqual({ status: 'scheduled', daysLeft: 31 });
  });

  it('honours a custom window, including zero', () => {
    expect(statusOf('2027-01-15', '2026-11-22', 60).status).toBe('imminent');
    expect(statusOf('2026-10-15', '2026-10-14', 0).status).toBe('scheduled');
  });

  it('counts days since removal as negative', () => {
    expect(statusOf('2026-10-15', '2026-11-22')).toEqual({ status: 'removed', daysLeft: -38 });
  });
});

describe('dates', () => {
  it('rejects impossible calendar dates', () => {
    expect(isValidDate('2026-13-01')).toBe(false);
    expect(isValidDate('2026-02-30')).toBe(false);
    expect(isValidDate('2026-2-3')).toBe(false);
    expect(isValidDate('2028-02-29')).toBe(true);
  });

  it('counts across a year boundary and a leap day', () => {
    expect(daysBetween('2026-11-22', '2027-01-15')).toBe(54);
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
  });

  it('describes days for messages', () => {
    expect(describeDays(-38)).toBe('38 days ago');
    expect(describeDays(-1)).toBe('1 day ago');
    expect(describeDays(0)).toBe('today');
    expect(describeDays(54)).toBe('in 54 days');
  });
});

describe('timeline', () => {
  it('on 2026-11-22 has 28 removed and 3 scheduled items, 54 days left', () => {
    const entries = timeline(loadBundledSchedule(), '2026-11-22');
    expect(entries.filter((entry) => entry.status === 'removed')).toHaveLength(28);
    const scheduled = entries.filter((entry) => entry.status === 'scheduled');
    expect(scheduled.map((entry) => [entry.item.on, entry.daysLeft])).toEqual([
      ['AnswerResult.trackingToken', 54],
      ['GetCollectionResponse.trackingToken', 54],
      ['InsightsOverviewResponse.searchSessionSatisfaction', 54],
    ]);
  });

  it('sorts by removal date, then by where the item sits', () => {
    const labels = timeline(loadBundledSchedule(), '2026-11-22').map((entry) => entry.item.on);
    expect(labels[0]).toBe('AnswerMutableProperties.boardId');
    expect(labels.at(-1)).toBe('InsightsOverviewResponse.searchSessionSatisfaction');
  });
});
