import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Status } from '../schedule/status.js';
import { exitCode, render } from './check-command.js';
import { emitReport, renderIo } from './gate-run.js';
import type { Shard } from './file-selection.js';
import type { Finding, Skipped } from './findings.js';
import { EXIT_OK, UsageError, type CliIo } from './io.js';
import { FAIL_LEVELS, FORMATS, type FailLevel } from './lint-flags.js';
import type { LintOutcome } from './lint-runner.js';
import { parseChoice, parseNonNegativeInteger, scheduleFromFlag } from './options.js';
import { buildReport } from './report.js';

export const MERGE_HELP = `Usage: api-sunset merge [options] REPORT.json...

Merge the JSON reports of sharded runs ("api-sunset check --shard 2/3 --format json -o
shard-2.json") into one report in any format, with one exit code. Every shard from 1 to the
shard count must be there exactly once. Reports of unsharded runs (of different directories,
say) merge too. Run the shards and merge from the same directory: paths in the reports are
relative to it.

Options:
  --format FORMAT        text (default), json, sarif (SARIF 2.1.0) or github (workflow annotations)
  --fail-on LEVEL        removed, imminent, deprecated or none (default: the shards' --fail-on)
  --max-warnings N       exit 1 when more than N findings are warnings (default: the shards')
  --schedule FILE        the schedule file the shards used, for the item descriptions in SARIF
                         (default: the bundled one)
  -o, --output-file FILE write the merged report to FILE instead of standard output
  -h, --help             show this help

Exit codes:
  0  nothing at the --fail-on level in any shard (and no more warnings than --max-warnings)
  1  findings at the --fail-on level, or more warnings than --max-warnings
  2  usage error: a report that cannot be read, a missing or repeated shard, shards of
     different counts; or no shard could check any of the files that needed checking

Example (GitHub Actions: a matrix of three jobs, then one that merges):
  api-sunset check --shard \${{ matrix.shard }}/3 --format json -o shard-\${{ matrix.shard }}.json
  api-sunset merge shard-*.json --format sarif -o api-sunset.sarif
`;

/** The parts of `check --format json` (docs/cli.md) that merging needs. */
interface JsonReport {
  version: 1;
  now: string;
  findings: (Omit<Finding, 'ruleId' | 'lineText'> & { file: string })[];
  skipped: Skipped[];
  shard?: Shard;
  baseline?: { file: string; suppressed: number; stale: number; updated: boolean };
  summary: { files: { scanned: number; candidates: number; linted: number }; failOn: FailLevel; maxWarnings?: number | null; suppressed?: number };
}

export const MERGE_OPTIONS = {
  format: { type: 'string' },
  'fail-on': { type: 'string' },
  'max-warnings': { type: 'string' },
  schedule: { type: 'string' },
  'output-file': { type: 'string', short: 'o' },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function runMerge(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: MERGE_OPTIONS,
  });
  if (values.help) {
    io.stdout(MERGE_HELP);
    return EXIT_OK;
  }
  if (positionals.length === 0) throw new UsageError('expected the JSON reports to merge, e.g. api-sunset merge shard-*.json');
  const format = parseChoice('--format', values.format, FORMATS, 'text');
  const reports = positionals.map((file) => readReport(file, io.cwd));
  checkShards(reports);
  const failOn = parseChoice('--fail-on', values['fail-on'], FAIL_LEVELS, agreed(reports, (report) => report.summary.failOn) ?? 'removed');
  const shardsMaxWarnings = agreed(reports, (report) => report.summary.maxWarnings ?? null) ?? null;
  const maxWarnings = values['max-warnings'] === undefined ? (shardsMaxWarnings ?? undefined) : parseNonNegativeInteger('--max-warnings', values['max-warnings'], 0);
  const dates = [...new Set(reports.map((report) => report.now))].sort();
  if (dates.length > 1) io.stderr(`api-sunset merge: the reports were judged on different days (${dates.join(', ')}); the summary says ${dates.at(-1)}.\n`);
  const outcomes: LintOutcome[] = [];
  for (const report of reports) {
    for (const finding of report.findings) {
      const file = path.resolve(io.cwd, finding.file);
      outcomes.push({ file, messages: [], findings: [{ ...finding, file, ruleId: ruleIdOf(finding.status) }] });
    }
  }
  const sum = (pick: (report: JsonReport) => number | undefined) => reports.reduce((total, report) => total + (pick(report) ?? 0), 0);
  const merged = buildReport({
    now: dates.at(-1)!,
    cwd: io.cwd,
    schedule: scheduleFromFlag(values.schedule, io.cwd),
    outcomes,
    skipped: reports.flatMap((report) => report.skipped.map((skipped) => ({ ...skipped, file: path.resolve(io.cwd, skipped.file) }))),
    totals: { scanned: sum((r) => r.summary.files.scanned), candidates: sum((r) => r.summary.files.candidates), linted: sum((r) => r.summary.files.linted) },
    failOn,
    // A shard that found no file was judged by its own run (a --shard left empty passes).
    allowEmpty: true,
    gate: { maxWarnings },
  });
  merged.summary.suppressed = sum((r) => r.summary.suppressed);
  const baselines = reports.flatMap((report) => (report.baseline ? [report.baseline] : []));
  if (baselines.length > 0) {
    merged.baseline = {
      file: path.resolve(io.cwd, baselines[0]!.file),
      suppressed: baselines.reduce((total, b) => total + b.suppressed, 0),
      stale: baselines.reduce((total, b) => total + b.stale, 0),
      updated: baselines.some((b) => b.updated),
    };
  }
  const outputFile = values['output-file'] === undefined ? undefined : path.resolve(io.cwd, values['output-file']);
  emitReport(await render(merged, format, renderIo({ outputFile }, io)), { outputFile }, io);
  return exitCode(merged, io);
}

function readReport(file: string, cwd: string): JsonReport {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(path.resolve(cwd, file), 'utf8'));
  } catch (error) {
    throw new UsageError(`${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const report = data as Partial<JsonReport> | null;
  const isReport =
    report !== null &&
    typeof report === 'object' &&
    report.version === 1 &&
    typeof report.now === 'string' &&
    Array.isArray(report.findings) &&
    Array.isArray(report.skipped) &&
    typeof report.summary?.files?.scanned === 'number';
  if (!isReport) {
    const sarif = (data as { runs?: unknown } | null)?.runs !== undefined;
    throw new UsageError(`${file}: not a JSON report of "api-sunset check --format json"${sarif ? ' (SARIF cannot be merged: write the shards as JSON, and merge them with --format sarif)' : ''}`);
  }
  return report as JsonReport;
}

/** Sharded reports must be all the shards of one split, each once: a shard that never reported must not pass silently. */
function checkShards(reports: readonly JsonReport[]): void {
  const sharded = reports.filter((report) => report.shard);
  if (sharded.length === 0) return;
  if (sharded.length !== reports.length) throw new UsageError('some reports come from sharded runs and some do not; merge the shards of one run');
  const counts = new Set(sharded.map((report) => report.shard!.count));
  if (counts.size > 1) throw new UsageError(`the reports come from splits into different counts of shards (${[...counts].sort().join(', ')})`);
  const count = sharded[0]!.shard!.count;
  const seen = new Map<number, number>();
  for (const report of sharded) seen.set(report.shard!.index, (seen.get(report.shard!.index) ?? 0) + 1);
  const repeated = [...seen].filter(([, times]) => times > 1).map(([index]) => `${index}/${count}`);
  if (repeated.length > 0) throw new UsageError(`shard ${repeated.join(', ')} given more than once`);
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !seen.has(index));
  if (missing.length > 0) throw new UsageError(`missing shard ${missing.map((index) => `${index}/${count}`).join(', ')}: its report was not given (did that job fail?)`);
}

/** The value every report has, or undefined when they differ. */
function agreed<T>(reports: readonly JsonReport[], pick: (report: JsonReport) => T): T | undefined {
  const values = new Set(reports.map(pick));
  return values.size === 1 ? [...values][0] : undefined;
}

function ruleIdOf(status: Status): string {
  return status === 'scheduled' ? 'api-sunset/no-deprecated-api' : 'api-sunset/no-removed-api';
}
