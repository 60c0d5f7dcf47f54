import { parseArgs } from 'node:util';
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import { UnsafeWriteError, writeFileAtomically } from './atomic-write.js';
import { forEachCandidate } from './candidates.js';
import { createLintRunner, exitCode, render, skippedFromFailure } from './check-command.js';
import type { Verification } from '../verify/verify-fixes.js';
import { asInOriginal, countItems, describeChanges, pairFindings } from './fix-changes.js';
import { displayPath, type Skipped } from './findings.js';
import { dirtyTreeVerdict } from './git-dirty.js';
import { emitReport, prepareGate, renderIo, selectFiles } from './gate-run.js';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io.js';
import { COMMON_HELP, COMMON_OPTIONS, EXIT_CODES_HELP, parseLintFlags, type LintFlags } from './lint-flags.js';
import type { FixOutcome, LintOutcome } from './lint-runner.js';
import { buildReport, type Change } from './report.js';
import { renderFixText } from './report-text.js';
import { encodeSource, restoreLineEndings, type SourceText } from './source-text.js';
import { MAX_SUGGESTION_PASSES } from './suggestions.js';
import { VERIFY_HELP, VERIFY_OPTIONS } from './verify-flags.js';

export const FIX_HELP = `Usage: api-sunset fix [options] [paths...]

Apply the automatic fixes for uses of deprecated and removed API items, then list every finding
left for a person (where, and why: the message says what to migrate to). Finds files the same
way as "api-sunset check". Each changed file is replaced atomically (a temporary file beside it,
then a rename), keeps its line endings, byte order mark and mode, and is written only if it is a
regular file inside the given paths that did not change while the command ran. In a TypeScript
project nothing is written before the changed files pass the project's own type check (see
--no-verify). Running "fix" twice changes nothing the second time.

Options:
  --dry-run              print a unified diff of what would change; write nothing
  --allow-dirty          write files that have uncommitted changes in git (by default fix
                         refuses, and writes nothing, when any file it would change has them)
  --suggestions          also apply suggestions: the first suggestion of each finding, rounds of
                         suggestions and fixes until nothing changes (at most ${MAX_SUGGESTION_PASSES}); review the diff,
                         suggestions are changes a rule could not prove safe
${VERIFY_HELP}
${COMMON_HELP}

The exit code and --fail-on judge the findings left after fixing (on a dry run: the findings that
would be left), so "fix" in CI fails while manual migration remains.

${EXIT_CODES_HELP}

Examples:
  api-sunset fix --dry-run                       # review the diff first
  api-sunset fix src                             # apply the safe fixes, list the rest
  api-sunset fix --suggestions --dry-run src     # see what the suggestions would change too
  api-sunset fix --ignore chat.citations --fail-on none
`;

export const FIX_OPTIONS = { ...COMMON_OPTIONS, 'dry-run': { type: 'boolean' }, suggestions: { type: 'boolean' }, 'allow-dirty': { type: 'boolean' }, ...VERIFY_OPTIONS } as const;

export async function runFix(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    allowNegative: true,
    options: FIX_OPTIONS,
  });
  if (values.help) {
    io.stdout(FIX_HELP);
    return EXIT_OK;
  }
  const flags = parseLintFlags(values, positionals, io.cwd);
  const dryRun = values['dry-run'] ?? false;
  const suggestions = values.suggestions ?? false;
  const { files, roots } = selectFiles(flags, io.cwd);
  const outcomes: LintOutcome[] = [];
  const skipped: Skipped[] = [];
  const changes: Change[] = [];
  const pending: PendingFix[] = [];
  let linted = 0;
  let candidates: number;
  const keep = (outcome: LintOutcome) => {
    outcomes.push(outcome);
    if (outcome.failure) skipped.push(skippedFromFailure(outcome));
    else linted++;
  };
  const notFixed = (before: LintOutcome, reason: string) => {
    keep(before);
    skipped.push({ file: before.file, message: `not fixed: ${reason}` });
  };
  const runner = await createLintRunner(flags, roots);
  try {
    candidates = await forEachCandidate(files, flags, io, dryRun ? 'Checking' : 'Fixing', skipped, async ({ file, bytes, source }) => {
      const fixed = await runner.fix(file, source.text, suggestions);
      if (fixed.output === source.text) return keep(fixed);
      // The findings before fixing tell which items the fixes took care of, and stand if the file is not written.
      const before = await runner.check(file, source.text);
      // A fix that breaks the syntax is a rule bug: the file stays as it was and its findings stay listed.
      if (fixed.failure) return notFixed(before, `the fixes would leave the file unparsable (${fixed.failure.message}); please report this`);
      if (!source.roundTrips) return notFixed(before, 'the file is not valid UTF-8, and rewriting it would change bytes no fix touched');
      // With --suggestions, the automatic fixes alone are what the type check falls back to if the suggestions break the file.
      const fixesOnly = suggestions ? await runner.fix(file, source.text, false) : undefined;
      const fallback = fixesOnly && !fixesOnly.failure && fixesOnly.output !== source.text && fixesOnly.output !== fixed.output ? { fixed: fixesOnly, output: restoreLineEndings(fixesOnly.output, source) } : undefined;
      pending.push({ file, bytes, source, before, fixed, output: restoreLineEndings(fixed.output, source), ...(fallback ? { fallback } : {}) });
    }, roots);
  } finally {
    runner.dispose();
  }
  // Nothing is written before every fixed file has been checked together: a fix in one file can break another.
  const verification = values.verify === false ? undefined : await verifyPending(pending, flags);
  const rolledBackFiles = new Set(verification?.rolledBack.filter((entry) => entry.to === 'before').map((entry) => entry.file));
  if (!dryRun) {
    const verdict = dirtyTreeVerdict(pending.flatMap((entry) => (rolledBackFiles.has(entry.file) ? [] : [entry.file])), values['allow-dirty'] ?? false, io.cwd);
    if (verdict.message) io.stderr(verdict.message);
    if (!verdict.proceed) return EXIT_USAGE;
  }
  const rolledBack = new Map(verification?.rolledBack.map((entry) => [entry.file, entry.to]));
  for (const entry of pending) {
    const { file, bytes, source, before } = entry;
    if (rolledBack.get(file) === 'before') {
      keep(before);
      continue;
    }
    const { fixed, output } = rolledBack.get(file) === 'fallback' ? entry.fallback! : entry;
    const { survivors, rewritten } = pairFindings(before.findings, fixed.findings);
    const change: Change = { file, fixed: rewritten.length, items: countItems(rewritten), changes: describeChanges(flags.schedule, rewritten) };
    if (dryRun) {
      const name = displayPath(file, io.cwd);
      change.diff = createTwoFilesPatch(`a/${name}`, `b/${name}`, source.text, output, undefined, undefined, { headerOptions: FILE_HEADERS_ONLY });
    } else {
      try {
        writeFileAtomically(file, encodeSource(output, source), bytes, roots);
      } catch (error) {
        if (!(error instanceof UnsafeWriteError) && !isFileSystemError(error)) throw error;
        notFixed(before, (error as Error).message);
        continue;
      }
    }
    changes.push(change);
    keep(dryRun ? asInOriginal(before, fixed, survivors) : fixed);
  }
  const gate = prepareGate(flags, outcomes, files);
  const report = buildReport({
    now: flags.now,
    cwd: io.cwd,
    schedule: flags.schedule,
    outcomes,
    skipped,
    totals: { scanned: files.length, candidates, linted },
    failOn: flags.failOn,
    fix: { dryRun, changes, ...(verification ? { verification } : {}) },
    gate,
  });
  emitReport(await render(report, flags.format, renderIo(flags, io), renderFixText), flags, io);
  return exitCode(report, io);
}

/** A file the fixes change, held until every such file is verified. */
interface PendingFix {
  file: string;
  bytes: Buffer;
  source: SourceText;
  before: LintOutcome;
  fixed: FixOutcome;
  /** The fixed text with the file's own line endings. */
  output: string;
  /** With --suggestions: the automatic fixes alone, kept if the suggestions add type errors. */
  fallback?: { fixed: FixOutcome; output: string };
}

/** Type-checks the fixed texts together (`--verify`, the default), loading TypeScript only when there is something to check. */
async function verifyPending(pending: readonly PendingFix[], flags: LintFlags): Promise<Verification | undefined> {
  if (pending.length === 0) return undefined;
  const { verifyFixes } = await import('../verify/verify-fixes.js');
  return verifyFixes(
    pending.map(({ file, source, output, fallback }) => ({ file, before: source.text, after: output, ...(fallback ? { fallback: fallback.output } : {}) })),
    flags.project === undefined ? {} : { project: flags.project },
  );
}

function isFileSystemError(error: unknown): boolean {
  return typeof (error as NodeJS.ErrnoException | null)?.code === 'string';
}
