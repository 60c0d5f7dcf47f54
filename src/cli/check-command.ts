import { parseArgs } from 'node:util';
import { forEachCandidate } from './candidates.js';
import { parseShard } from './file-selection.js';
import type { Skipped } from './findings.js';
import { emitReport, prepareGate, renderIo, selectFiles } from './gate-run.js';
import { EXIT_OK, type CliIo } from './io.js';
import { COMMON_OPTIONS, COMMON_OPTIONS_HELP, EXIT_CODES_HELP, HELP_OPTION_HELP, parseLintFlags, type Format, type LintFlags } from './lint-flags.js';
import type { FileLinter, LintOutcome } from './lint-runner.js';
import { buildReport, type Report } from './report.js';
import { renderGithub } from './report-github.js';
import { renderJson } from './report-json.js';
import { renderCheckText } from './report-text.js';
import { withoutWorkflowCommands } from './workflow-commands.js';

export const CHECK_HELP = `Usage: api-sunset check [options] [paths...]

Find every use of the service's deprecated and removed API fields and endpoints in JavaScript
and TypeScript code, with the plugin's rules and a built-in ESLint configuration (your own
ESLint config is not read). Paths default to the current directory. Directories are walked for
.js .mjs .cjs .jsx .ts .mts .cts .tsx files and .vue .svelte components (their <script>
blocks, never rewritten), leaving out node_modules, dist, build, out,
coverage, .git, declaration files (.d.ts), what .gitignore ignores and symbolic links.
Files that cannot contain a finding are not parsed at all.

Options:
${COMMON_OPTIONS_HELP}
  --shard INDEX/COUNT    check one part of the files (e.g. 2/3), for CI jobs in parallel; merge
                         the parts' JSON reports with "api-sunset merge"
${HELP_OPTION_HELP}

Output (--format text): each finding as "file:line:col  item-id  message  [fix: auto|suggestion|none]",
grouped by file, then files that could not be checked (with the parser's or the system's reason)
and files the limits left out ("skipped: too large"), then findings per item and per status, how
many "api-sunset fix" can fix, and the verdict. JSON, SARIF and GitHub formats, and what the
limits and the exit codes guarantee, are described in docs/cli.md and docs/reliability.md.

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
  const { files, roots, emptyShard } = selectFiles(flags, io.cwd, shard);
  const outcomes: LintOutcome[] = [];
  const skipped: Skipped[] = [];
  let linted = 0;
  let candidates: number;
  const runner = await createLintRunner(flags, roots, files, io);
  try {
    candidates = await forEachCandidate(files, flags, io, 'Checking', skipped, async ({ file, source }) => {
      const outcome = await runner.check(file, source.text);
      outcomes.push(outcome);
      skipped.push(...skippedOf(outcome));
      if (!outcome.failure) linted++;
    }, runner.found());
  } finally {
    await runner.dispose();
  }
  const gate = prepareGate(flags, outcomes, files);
  const report = buildReport({ now: flags.now, cwd: io.cwd, schedule: flags.schedule, outcomes, skipped, totals: { scanned: files.length, candidates, linted }, failOn: flags.failOn, allowEmpty: flags.allowEmpty || emptyShard, gate, shard });
  emitReport(await render(report, flags.format, renderIo(flags, io)), flags, io);
  return exitCode(report, io);
}

/** The file's entries in the skipped list: why it could not be checked, or the fatal problems ESLint reported beside its findings. */
export function skippedOf(outcome: LintOutcome): Skipped[] {
  return [...(outcome.failure ? [outcome.failure] : []), ...(outcome.fatal ?? [])].map((failure) => ({ file: outcome.file, ...failure }));
}

/**
 * The linter for a run: in a worker thread, so that a file that takes too long or exhausts memory
 * costs that file only; in this thread when asked (tests). ESLint, the parser and TypeScript take
 * most of a second to load: only commands that lint pay for them.
 */
export async function createLintRunner(flags: LintFlags, roots: string[], files: readonly string[], io: CliIo): Promise<FileLinter> {
  const runnerFlags = { now: flags.now, imminentDays: flags.imminentDays, schedulePath: flags.schedulePath, ignore: flags.ignore, ...(flags.project ? { project: flags.project } : {}) };
  if (io.inProcessLinter) {
    const { LintRunner } = await import('./lint-runner.js');
    return new LintRunner(runnerFlags, roots, files);
  }
  const { IsolatedLintRunner } = await import('./isolated-runner.js');
  return new IsolatedLintRunner(runnerFlags, roots, { timeout: flags.limits.fileTimeout, files });
}

export async function render(report: Report, format: Format, io: CliIo, text = renderCheckText): Promise<string> {
  switch (format) {
    case 'json':
      return renderJson(report);
    case 'sarif':
      return (await import('./report-sarif.js')).renderSarif(report);
    case 'github':
      // Annotations for the pull request, the summary for whoever reads the job log, where no line may act as a command.
      return renderGithub(report) + withoutWorkflowCommands(text(report, { ...io, isTTY: false }));
    case 'text':
      return text(report, io);
  }
}

/** The verdict's exit code; a run that could not do its job also says why on stderr. */
export function exitCode(report: Report, io: CliIo): number {
  if (report.verdict.error) io.stderr(`${report.verdict.error}\n`);
  return report.verdict.exitCode;
}
