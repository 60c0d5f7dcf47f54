import { parseArgs } from 'node:util';
import { forEachCandidate } from './candidates.js';
import { parseShard } from './file-selection.js';
import type { Skipped } from './findings.js';
import { emitReport, prepareGate, renderIo, selectFiles } from './gate-run.js';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE, type CliIo } from './io.js';
import { COMMON_OPTIONS, COMMON_OPTIONS_HELP, EXIT_CODES_HELP, HELP_OPTION_HELP, parseLintFlags, type Format, type LintFlags } from './lint-flags.js';
import type { LintOutcome } from './lint-runner.js';
import { buildReport, type Report } from './report.js';
import { renderGithub } from './report-github.js';
import { renderJson } from './report-json.js';
import { renderCheckText } from './report-text.js';

export const CHECK_HELP = `Usage: api-sunset check [options] [paths...]

Find every use of the service's deprecated and removed API fields and endpoints in JavaScript
and TypeScript code, with the plugin's rules and a built-in ESLint configuration (your own
ESLint config is not read). Paths default to the current directory. Directories are walked for
.js .mjs .cjs .jsx .ts .mts .cts .tsx files, leaving out node_modules, dist, build, out,
coverage, .git, declaration files (.d.ts), what .gitignore ignores and symbolic links.
Files that cannot contain a finding are not parsed at all.

Options:
${COMMON_OPTIONS_HELP}
  --shard INDEX/COUNT    check one part of the files (e.g. 2/3), for CI jobs in parallel; merge
                         the parts' JSON reports with "api-sunset merge"
${HELP_OPTION_HELP}

Output (--format text): each finding as "file:line:col  item-id  message  [fix: auto|suggestion|none]",
grouped by file, then files that could not be parsed (skipped, with the parser's message), then
findings per item and per status and how many "api-sunset fix" can fix. JSON, SARIF and GitHub
formats are described in docs/cli.md.

${EXIT_CODES_HELP}

Examples:
  api-sunset check                                  # the current directory, fails on removed/imminent
  api-sunset check src scripts --now 2026-10-01     # as things stand on a given day
  api-sunset check --fail-on deprecated             # also fail on items only scheduled for removal
  api-sunset check --ignore chat.citations,getusercount
  api-sunset check --format sarif > api-sunset.sarif   # for GitHub code scanning
  api-sunset check --format github                  # annotations in a GitHub Actions log
  api-sunset check --only chat.citations            # one migration at a time
  api-sunset check --baseline sunset-baseline.json --update-baseline   # record today's uses...
  api-sunset check --baseline sunset-baseline.json  # ...then fail on new ones only
  api-sunset check --shard 1/3 --format json -o shard-1.json   # one of three CI jobs

Through ESLint instead: add the plugin's recommended config to eslint.config.js and run
  npx eslint --concurrency auto .
to lint in worker threads (ESLint 9.34+); this command runs in one thread but parses only the
files that mention an API path, a deprecated endpoint name or the SDK.
`;

export const CHECK_OPTIONS = { ...COMMON_OPTIONS, shard: { type: 'string' } } as const;

export async function runCheck(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({ args, strict: true, allowPositionals: true, options: CHECK_OPTIONS });
  if (values.help) {
    io.stdout(CHECK_HELP);
    return EXIT_OK;
  }
  const flags = parseLintFlags(values, positionals, io.cwd);
  const shard = parseShard(values.shard);
  const { files, roots } = selectFiles(flags, io.cwd, shard);
  const outcomes: LintOutcome[] = [];
  const skipped: Skipped[] = [];
  let linted = 0;
  let candidates: number;
  const runner = await createLintRunner(flags, roots);
  try {
    candidates = await forEachCandidate(files, flags, io, 'Checking', skipped, async ({ file, source }) => {
      const outcome = await runner.check(file, source.text);
      outcomes.push(outcome);
      if (outcome.failure) skipped.push(skippedFromFailure(outcome));
      else linted++;
    }, roots);
  } finally {
    runner.dispose();
  }
  const gate = prepareGate(flags, outcomes, files);
  const report = buildReport({ now: flags.now, cwd: io.cwd, schedule: flags.schedule, outcomes, skipped, totals: { scanned: files.length, candidates, linted }, failOn: flags.failOn, gate, shard });
  emitReport(await render(report, flags.format, renderIo(flags, io)), flags, io);
  return exitCode(report, io);
}

export function skippedFromFailure(outcome: LintOutcome): Skipped {
  const failure = outcome.failure!;
  return { file: outcome.file, message: failure.message, ...(failure.line ? { line: failure.line, column: failure.column } : {}) };
}

/** ESLint, the parser and TypeScript take most of a second to load: only commands that lint pay for them. */
export async function createLintRunner(flags: LintFlags, roots: string[]) {
  const { LintRunner } = await import('./lint-runner.js');
  return new LintRunner(flags, roots);
}

export async function render(report: Report, format: Format, io: CliIo, text = renderCheckText): Promise<string> {
  switch (format) {
    case 'json':
      return renderJson(report);
    case 'sarif':
      return (await import('./report-sarif.js')).renderSarif(report);
    case 'github':
      // Annotations for the pull request, the summary for whoever reads the job log.
      return renderGithub(report) + text(report, { ...io, isTTY: false });
    case 'text':
      return text(report, io);
  }
}

/**
 * Skipped files do not change the exit code while anything else was checked; when every file that
 * needed parsing failed, the run checked nothing and says so with exit code 2 rather than passing.
 */
export function exitCode(report: Report, io: CliIo): number {
  const { candidates, linted } = report.summary.files;
  if (candidates > 0 && linted === 0) {
    io.stderr(`api-sunset: none of the ${candidates} file${candidates === 1 ? '' : 's'} that needed checking could be read and parsed; nothing was checked.\n`);
    return EXIT_USAGE;
  }
  return report.summary.failed ? EXIT_FINDINGS : EXIT_OK;
}
