import path from 'node:path';
import { parseArgs } from 'node:util';
import { formatGraph } from '../schedule/graph/format.js';
import { diffSchedule, importSchedule, type ScheduleChange } from '../schedule/import.js';
import { buildGraph } from '../schedule/openapi/build-graph.js';
import { OpenApiError } from '../schedule/openapi/documents.js';
import { EXIT_FINDINGS, EXIT_OK, UsageError, type CliIo } from './io.js';
import { parseChoice, scheduleFromFlag } from './options.js';
import { writeFilesTogether } from './write-new-files.js';

export const SCHEDULE_IMPORT_HELP = `Usage: api-sunset schedule import FILE... [options]

Read the service's OpenAPI 3 documents (YAML or JSON), for example those of a newer release,
and write a schema graph and a schedule built on them: every deprecation mark becomes an item
with its dates from the documents; marks the bundled schedule (or --schedule) knows keep its
replacement, aliases and notes. Use the result with --schedule or settings['api-sunset'].schedule.

Options:
  --out DIR              where to write graph.json and schedule.json (default: api-sunset-schedule)
  --schedule FILE        the schedule whose items to carry over (default: the bundled one)
  -h, --help             show this help

Nothing is written when a document cannot be read (exit code 2).
`;

export const SCHEDULE_DIFF_HELP = `Usage: api-sunset schedule diff FILE... [options]

Compare the deprecation marks of the service's OpenAPI documents with the bundled schedule
(or --schedule): new marks, marks that moved or changed dates, marks gone. Exits 1 when
anything changed, so a CI job can watch the service; 0 when nothing did; 2 on an error.

Options:
  --schedule FILE        the schedule to compare with (default: the bundled one)
  --format text|json     text for people (default), json for scripts
  -h, --help             show this help
`;

const DEFAULT_OUT = 'api-sunset-schedule';

export function runScheduleImport(args: string[], io: CliIo): number {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: { out: { type: 'string' }, schedule: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.stdout(SCHEDULE_IMPORT_HELP);
    return EXIT_OK;
  }
  const base = scheduleFromFlag(values.schedule, io.cwd);
  const built = readDocuments(positionals, io.cwd);
  const { file, dropped } = importSchedule(built.graph, base, built.messages);
  const out = path.resolve(io.cwd, values.out ?? DEFAULT_OUT);
  const graphFile = path.join(out, 'graph.json');
  const scheduleFile = path.join(out, 'schedule.json');
  writeFilesTogether([
    { file: graphFile, content: formatGraph(built.graph) },
    { file: scheduleFile, content: `${JSON.stringify(file, null, 2)}\n` },
  ]);
  const changes = diffSchedule(built.graph, base);
  const shown = (file: string) => path.relative(io.cwd, file) || '.';
  const lines = [
    `Read ${plural(positionals.length, 'document')}: ${plural(Object.keys(built.graph.operations).length, 'operation')}, ${plural(Object.keys(built.graph.schemas).length, 'schema')}, ${plural(Object.keys(built.graph.marks).length, 'mark')}.`,
    `Wrote ${shown(graphFile)} and ${shown(scheduleFile)}.`,
    ...describeChanges(changes, base.source),
    ...(changes.some((change) => change.kind === 'new') ? ['New marks get no automatic fix: review their "replacement" in the schedule before relying on it.'] : []),
    ...dropped.map((id) => `Left out your item "${id}": what it sits on is not in these documents.`),
    ...built.ignoredMarks.map((mark) => `Ignored the mark ${mark.id} at ${mark.document}${mark.pointer}: only operations, schemas and properties carry items.`),
    `Use it with: api-sunset check --schedule ${shown(scheduleFile)}`,
  ];
  io.stdout(`${lines.join('\n')}\n`);
  return EXIT_OK;
}

export function runScheduleDiff(args: string[], io: CliIo): number {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: { schedule: { type: 'string' }, format: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    io.stdout(SCHEDULE_DIFF_HELP);
    return EXIT_OK;
  }
  const format = parseChoice('--format', values.format, ['text', 'json'] as const, 'text');
  const schedule = scheduleFromFlag(values.schedule, io.cwd);
  const { graph } = readDocuments(positionals, io.cwd);
  const changes = diffSchedule(graph, schedule);
  if (format === 'json') io.stdout(`${JSON.stringify({ version: 1, schedule: schedule.source, changes }, null, 2)}\n`);
  else io.stdout(`${describeChanges(changes, schedule.source).join('\n')}\n`);
  return changes.length > 0 ? EXIT_FINDINGS : EXIT_OK;
}

function readDocuments(files: string[], cwd: string): ReturnType<typeof buildGraph> {
  if (files.length === 0) throw new UsageError('expects one or more OpenAPI documents (YAML or JSON)');
  try {
    return buildGraph(files, cwd);
  } catch (error) {
    if (error instanceof OpenApiError) throw new UsageError(error.message, { cause: error });
    throw error;
  }
}

function describeChanges(changes: readonly ScheduleChange[], source: string): string[] {
  if (changes.length === 0) return [`No changes against ${source}.`];
  const rows = changes.map((change) => {
    switch (change.kind) {
      case 'new':
        return `  new      ${change.on}  removal ${change.removal}  (mark ${change.id})`;
      case 'changed':
        return `  changed  ${change.on}  ${change.field} ${change.from ?? 'none'} -> ${change.to ?? 'none'}  (mark ${change.id})`;
      case 'gone':
        return `  gone     ${change.on}  (mark ${change.id} is no longer in the documents)`;
    }
  });
  return [`${plural(changes.length, 'change')} against ${source}:`, ...rows];
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
