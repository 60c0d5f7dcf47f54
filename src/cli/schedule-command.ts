import { parseArgs } from 'node:util';
import { parseEndpoint } from '../schedule/endpoint.js';
import { DEFAULT_IMMINENT_DAYS, describeDays, timeline, type Status, type TimelineEntry } from '../schedule/status.js';
import type { ScheduleItem } from '../schedule/types.js';
import { EXIT_OK, formatTable, painter, type CliIo, type Colour } from './io.js';
import { parseChoice, parseNonNegativeInteger, parseNow, scheduleFromFlag } from './options.js';

export const SCHEDULE_HELP = `Usage: api-sunset schedule [options]

Print the deprecation timeline: every item with what and where it is, its replacement,
its removal date and its status today, soonest first.

Options:
  --now YYYY-MM-DD       the date to judge by (default: today, UTC)
  --imminent-days N      days before removal that count as imminent (default: ${DEFAULT_IMMINENT_DAYS})
  --schedule FILE        a schedule file instead of the bundled one (see data/schedule.schema.json)
  --format table|json    table for people (default), json for scripts
  -h, --help             show this help

Examples:
  api-sunset schedule
  api-sunset schedule --now 2027-01-01 --format json
  api-sunset schedule --schedule ./sunset-overrides.json
`;

const STATUS_COLOUR: Record<Status, Colour> = { removed: 'red', imminent: 'yellow', scheduled: 'green' };

export function runSchedule(args: string[], io: CliIo): number {
  const { values } = parseArgs({
    args,
    strict: true,
    allowPositionals: false,
    options: {
      now: { type: 'string' },
      'imminent-days': { type: 'string' },
      schedule: { type: 'string' },
      format: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    io.stdout(SCHEDULE_HELP);
    return EXIT_OK;
  }
  const now = parseNow(values.now);
  const imminentDays = parseNonNegativeInteger('--imminent-days', values['imminent-days'], DEFAULT_IMMINENT_DAYS);
  const format = parseChoice('--format', values.format, ['table', 'json'] as const, 'table');
  const schedule = scheduleFromFlag(values.schedule, io.cwd);
  const entries = timeline(schedule, now, imminentDays);
  io.stdout(format === 'json' ? scheduleJson(entries, now, imminentDays, schedule.source) : scheduleTable(entries, now, io));
  return EXIT_OK;
}

export function describeWhat(item: ScheduleItem): string {
  return item.kind === 'endpoint' ? 'endpoint' : `field ${item.field}`;
}

export function describeStatus(entry: { status: Status; daysLeft: number }): string {
  if (entry.status === 'removed') return entry.daysLeft === 0 ? 'removed today' : `removed ${describeDays(entry.daysLeft)}`;
  return `${entry.status}, ${entry.daysLeft} day${entry.daysLeft === 1 ? '' : 's'} left`;
}

function replacementText(item: ScheduleItem): string {
  return item.notices
    .map((notice) => (notice.migration.action === 'replace-endpoint' && notice.migration.to ? notice.migration.to : notice.replacement))
    .join(' | ');
}

function scheduleTable(entries: TimelineEntry[], now: string, io: CliIo): string {
  const paint = painter(io);
  const rows = entries.map((entry) => [
    entry.item.id,
    describeWhat(entry.item),
    entry.item.endpoint,
    replacementText(entry.item),
    entry.item.removal,
    describeStatus(entry),
  ]);
  const counts = (['removed', 'imminent', 'scheduled'] as const).map((status) => `${entries.filter((e) => e.status === status).length} ${status}`);
  const table = formatTable(['ID', 'WHAT', 'ON', 'REPLACEMENT', 'REMOVAL', 'STATUS'], rows, (_row, cell, column, index) =>
    column === 5 ? paint(STATUS_COLOUR[entries[index]!.status], cell) : cell,
  );
  return `${table}\n${entries.length} items as of ${now}: ${counts.join(', ')}\n`;
}

function scheduleJson(entries: TimelineEntry[], now: string, imminentDays: number, source: string): string {
  const items = entries.map(({ item, status, daysLeft }) => ({
    id: item.id,
    api: item.api,
    kind: item.kind,
    ...(item.field ? { field: item.field } : {}),
    method: parseEndpoint(item.endpoint).method,
    path: parseEndpoint(item.endpoint).path,
    removal: item.removal,
    status,
    daysLeft,
    replacements: item.notices.map((notice) => ({
      replacement: notice.replacement,
      ...(notice.note ? { note: notice.note } : {}),
      action: notice.migration.action,
      ...(notice.migration.to ? { to: notice.migration.to } : {}),
      fix: notice.migration.fix,
    })),
  }));
  return JSON.stringify({ version: 1, now, imminentDays, schedule: source, items }, null, 2) + '\n';
}
