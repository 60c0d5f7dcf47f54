import { parseArgs } from 'node:util';
import { itemLabel } from '../schedule/ids.js';
import { DEFAULT_IMMINENT_DAYS, describeDays, timeline, type Status, type TimelineEntry } from '../schedule/status.js';
import type { ScheduleItem } from '../schedule/types.js';
import { EXIT_OK, formatTable, painter, type CliIo, type Colour } from './io.js';
import { parseChoice, parseNonNegativeInteger, parseNow, scheduleFromFlag } from './options.js';
import { runScheduleDiff, runScheduleImport } from './schedule-sources-command.js';

export const SCHEDULE_HELP = `Usage: api-sunset schedule [options]
       api-sunset schedule import FILE... [--out DIR] [--schedule FILE]
       api-sunset schedule diff FILE... [--schedule FILE] [--format text|json]

Print the deprecation timeline: every item with where it sits (an operation, a schema or a
property of a schema), the names it is also known by, its replacement, its removal date and its
status today, soonest first.

Options:
  --now YYYY-MM-DD       the date to judge by (default: today, UTC)
  --imminent-days N      days before removal that count as imminent (default: ${DEFAULT_IMMINENT_DAYS})
  --schedule FILE        a schedule file instead of the bundled one (see data/schedule.schema.json)
  --format table|json    table for people (default), json for scripts
  -h, --help             show this help

Subcommands ("api-sunset schedule import --help" for their options):
  import FILE...         build a schedule and schema graph from the service's OpenAPI documents
  diff FILE...           print what the documents change against the schedule (exit 1 if anything)

Examples:
  api-sunset schedule
  api-sunset schedule --now 2027-01-01 --format json
  api-sunset schedule --schedule ./sunset-overrides.json
  api-sunset schedule diff openapi/*.yaml
`;

const STATUS_COLOUR: Record<Status, Colour> = { removed: 'red', imminent: 'yellow', scheduled: 'green' };

export function runSchedule(args: string[], io: CliIo): number {
  if (args[0] === 'import') return runScheduleImport(args.slice(1), io);
  if (args[0] === 'diff') return runScheduleDiff(args.slice(1), io);
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

export function describeStatus(entry: { status: Status; daysLeft: number }): string {
  if (entry.status === 'removed') return entry.daysLeft === 0 ? 'removed today' : `removed ${describeDays(entry.daysLeft)}`;
  return `${entry.status}, ${entry.daysLeft} day${entry.daysLeft === 1 ? '' : 's'} left`;
}

/** The replacement in a table cell: what to use, or "none" with the note. */
export function replacementText(item: ScheduleItem): string {
  const { replacement, note } = item;
  if (replacement.kind === 'none') return note ? `none; ${note}` : 'none';
  return replacement.kind === 'reshape' ? `${replacement.to} (another shape)` : replacement.to;
}

function scheduleTable(entries: TimelineEntry[], now: string, io: CliIo): string {
  const paint = painter(io);
  const rows = entries.map((entry) => [itemLabel(entry.item), entry.item.aliases.join(', '), replacementText(entry.item), entry.item.removal, describeStatus(entry)]);
  const counts = (['removed', 'imminent', 'scheduled'] as const).map((status) => `${entries.filter((e) => e.status === status).length} ${status}`);
  const table = formatTable(['ITEM', 'ALSO KNOWN AS', 'REPLACEMENT', 'REMOVAL', 'STATUS'], rows, (_row, cell, column, index) =>
    column === 4 ? paint(STATUS_COLOUR[entries[index]!.status], cell) : cell,
  );
  return `${table}\n${entries.length} items as of ${now}: ${counts.join(', ')}\n`;
}

function scheduleJson(entries: TimelineEntry[], now: string, imminentDays: number, source: string): string {
  const items = entries.map(({ item, status, daysLeft }) => ({
    id: item.id,
    aliases: item.aliases,
    api: item.api,
    on: item.on,
    ...item.anchor,
    ...(item.introduced ? { introduced: item.introduced } : {}),
    removal: item.removal,
    status,
    daysLeft,
    replacement: item.replacement,
    ...(item.note ? { note: item.note } : {}),
    ...(item.details ? { details: item.details } : {}),
  }));
  return JSON.stringify({ version: 2, now, imminentDays, schedule: source, items }, null, 2) + '\n';
}
