import path from 'node:path';
import { parseArgs } from 'node:util';
import { UnsafeWriteError, writeFileAtomically } from './atomic-write.js';
import { forEachCandidate } from './candidates.js';
import { createLintRunner, exitCode, render, skippedOf } from './check-command.js';
import type { Verification } from '../verify/verify-fixes.js';
import { maskedPatch } from './diff-mask.js';
import { asInOriginal, countItems, describeChanges, pairFindings } from './fix-changes.js';
import { displayPath, type Skipped } from './findings.js';
import { describeFsError } from './fs-errors.js';
import { dirtyTreeVerdict } from './git-dirty.js';
import { emitReport, prepareGate, renderIo, selectFiles } from './gate-run.js';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io.js';
import { COMMON_HELP, COMMON_OPTIONS, EXIT_CODES_HELP, parseLintFlags, type LintFlags } from './lint-flags.js';
import type { FileLinter, FixOutcome, LintOutcome } from './lint-runner.js';
import { printable } from './printable.js';
import { acquireProjectLock, type ProjectLock } from './project-lock.js';
import { buildReport, type Change } from './report.js';
import { renderFixText } from './report-text.js';
import { encodeSource, restoreLineEndings, type SourceText } from './source-text.js';
import { MAX_SUGGESTION_PASSES } from './suggestions.js';
import { removeStaleTemporaries } from './temp-files.js';
import { VERIFY_HELP, VERIFY_OPTIONS } from './verify-flags.js';

export const FIX_HELP = `Usage: api-sunset fix [options] [paths...]

Apply the automatic fixes for uses of deprecated and removed API items, then list every finding
left for a person (where, and why: the message says what to migrate to). Finds files the same
way as "api-sunset check". Each changed file is replaced atomically (a temporary file beside it,
written in full and flushed, then a rename), keeps its line endings, byte order mark, encoding and
mode, and is written only if it is a regular file inside the given paths that did not change
while the command ran. Read-only files, files of other users, files with setuid, setgid or
sticky bits and files with other hard links are left alone unless --force. Two "fix" runs in one
project cannot overlap (a lock file in the project root). In a TypeScript project nothing is
written before the changed files pass the project's own type check (see --no-verify). Running
"fix" twice changes nothing the second time.

Options:
  --dry-run              print a unified diff of what would change; write nothing (lines that
                         hold a token secret are hidden)
  --allow-dirty          write files that have uncommitted changes in git (by default fix
                         refuses, and writes nothing, when any file it would change has them)
  --force                also rewrite read-only files, files of other users, files with special
                         bits or other hard links
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

export const FIX_OPTIONS = {
  ...COMMON_OPTIONS,
  'dry-run': { type: 'boolean' },
  suggestions: { type: 'boolean' },
  'allow-dirty': { type: 'boolean' },
  force: { type: 'boolean' },
  ...VERIFY_OPTIONS,
} as const;

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
  const force = values.force ?? false;
  const { files, roots } = selectFiles(flags, io.cwd);
  const outcomes: LintOutcome[] = [];
  const skipped: Skipped[] = [];
  const changes: Change[] = [];
  const pending: PendingFix[] = [];
  let linted = 0;
  let candidates: number;
  let verification: Verification | undefined;
  const keep = (outcome: LintOutcome) => {
    outcomes.push(outcome);
    skipped.push(...skippedOf(outcome));
    if (!outcome.failure) linted++;
  };
  const notFixed = (before: LintOutcome, reason: string) => {
    keep(before);
    skipped.push({ file: before.file, reason: 'not-fixed', message: `not fixed: ${reason}` });
  };
  // A dry run writes nothing, so it needs no lock and leaves other runs' files alone.
  const lock = dryRun || files.length === 0 ? undefined : startWriting(files, roots, io);
  try {
    const runner = await createLintRunner(flags, roots, files, io);
    try {
      candidates = await forEachCandidate(files, flags, io, dryRun ? 'Checking' : 'Fixing', skipped, async ({ file, bytes, source }) => {
        const fixed = await runner.fix(file, source.text, suggestions);
        if (fixed.output === source.text) return keep(fixed);
        // The findings before fixing tell which items the fixes took care of, and stand if the file is not written.
        const before = await runner.check(file, source.text);
        // A fix that breaks the syntax is a rule bug: the file stays as it was and its findings stay listed.
        if (fixed.failure) return notFixed(before, `the fixes would leave the file unparsable (${fixed.failure.message}); please report this`);
        if (before.failure) return notFixed(before, before.failure.message);
        if (!source.roundTrips) return notFixed(before, `the file is not valid ${source.encoding === 'utf8' ? 'UTF-8' : 'UTF-16'}, and rewriting it would change bytes no fix touched`);
        // With --suggestions, the automatic fixes alone are what the type check falls back to if the suggestions break the file.
        const fixesOnly = suggestions ? await runner.fix(file, source.text, false) : undefined;
        const fallback = fixesOnly && !fixesOnly.failure && fixesOnly.output !== source.text && fixesOnly.output !== fixed.output ? { fixed: fixesOnly, output: restoreLineEndings(fixesOnly.output, source) } : undefined;
        pending.push({ file, bytes, source, before, fixed, output: restoreLineEndings(fixed.output, source), ...(fallback ? { fallback } : {}) });
      }, runner.found());
      // Nothing is written before every fixed file has been checked together: a fix in one file can break another.
      verification = values.verify === false ? undefined : await verifyPending(pending, flags);
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
          change.diff = await diffWithoutSecrets(runner, displayPath(file, io.cwd), file, source.text, fixed.output, output);
        } else {
          const refused = writeOrSayWhyNot(file, encodeSource(output, source), bytes, roots, force);
          if (refused) {
            notFixed(before, refused);
            continue;
          }
        }
        changes.push(change);
        keep(dryRun ? asInOriginal(before, fixed, survivors) : fixed);
      }
    } finally {
      await runner.dispose();
    }
  } finally {
    lock?.release();
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
    allowEmpty: flags.allowEmpty,
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

/** A dry run's diff, with every line that holds a token secret before or after the fixes hidden. */
async function diffWithoutSecrets(runner: FileLinter, name: string, file: string, before: string, fixedText: string, output: string): Promise<string> {
  const [oldSecrets, newSecrets] = [await runner.secretLines(file, before), await runner.secretLines(file, fixedText)];
  return maskedPatch(name, before, output, oldSecrets, newSecrets);
}

/** Takes the project's lock, then clears what killed runs left in these files' directories (no live run can own it now). */
function startWriting(files: readonly string[], roots: readonly string[], io: CliIo): ProjectLock {
  const lock = acquireProjectLock(roots);
  const removed = removeStaleTemporaries(new Set(files.map((file) => path.dirname(file))));
  if (removed.length > 0) {
    const names = removed.map((file) => printable(displayPath(file, io.cwd))).join(', ');
    io.stderr(`api-sunset: removed ${removed.length} temporary file${removed.length === 1 ? '' : 's'} left by an interrupted run (the files they were for are intact): ${names}\n`);
  }
  return lock;
}

/** Writes the fixed file, or says why it was not written; on any error the file is as it was. */
function writeOrSayWhyNot(file: string, content: Buffer, expected: Buffer, roots: readonly string[], force: boolean): string | undefined {
  try {
    writeFileAtomically(file, content, expected, roots, { force });
    return undefined;
  } catch (error) {
    if (error instanceof UnsafeWriteError) return error.message;
    if (isFileSystemError(error)) return `could not write the file: ${describeFsError(error)}; the file is as it was`;
    throw error;
  }
}

function isFileSystemError(error: unknown): boolean {
  return typeof (error as NodeJS.ErrnoException | null)?.code === 'string';
}
