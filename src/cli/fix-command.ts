import path from 'node:path';
import { parseArgs } from 'node:util';
import { UnsafeWriteError, writeFileAtomically } from './atomic-write.js';
import { forEachCandidate } from './candidates.js';
import { createLintRunner, exitCode, render, skippedOf } from './check-command.js';
import { maskedPatch } from './diff-mask.js';
import { displayPath, type Finding, type Skipped } from './findings.js';
import { describeFsError } from './fs-errors.js';
import { EXIT_OK, type CliIo } from './io.js';
import { COMMON_HELP, COMMON_OPTIONS, EXIT_CODES_HELP, parseLintFlags } from './lint-flags.js';
import type { LintOutcome } from './lint-runner.js';
import { printable } from './printable.js';
import { acquireProjectLock, type ProjectLock } from './project-lock.js';
import { buildReport, type Change } from './report.js';
import { renderFixText } from './report-text.js';
import { encodeSource, restoreLineEndings } from './source-text.js';
import { MAX_SUGGESTION_PASSES } from './suggestions.js';
import { removeStaleTemporaries } from './temp-files.js';
import { collectSourceFiles } from './walk.js';

export const FIX_HELP = `Usage: api-sunset fix [options] [paths...]

Apply the automatic fixes for uses of deprecated and removed API items, then list every finding
left for a person (where, and why: the message says what to migrate to). Finds files the same
way as "api-sunset check". Each changed file is replaced atomically (a temporary file beside it,
written in full and flushed, then a rename), keeps its line endings, byte order mark, encoding and
mode, and is written only if it is a regular file inside the given paths that did not change
while the command ran. Read-only files, files of other users, files with setuid, setgid or
sticky bits and files with other hard links are left alone unless --force. Two "fix" runs in one
project cannot overlap (a lock file in the project root). Running "fix" twice changes nothing
the second time.

Options:
  --dry-run              print a unified diff of what would change; write nothing (lines that
                         hold a token secret are hidden)
  --force                also rewrite read-only files, files of other users, files with special
                         bits or other hard links
  --suggestions          also apply suggestions: the first suggestion of each finding, rounds of
                         suggestions and fixes until nothing changes (at most ${MAX_SUGGESTION_PASSES}); review the diff,
                         suggestions are changes a rule could not prove safe
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

export async function runFix(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: { ...COMMON_OPTIONS, 'dry-run': { type: 'boolean' }, suggestions: { type: 'boolean' }, force: { type: 'boolean' } },
  });
  if (values.help) {
    io.stdout(FIX_HELP);
    return EXIT_OK;
  }
  const flags = parseLintFlags(values, positionals, io.cwd);
  const dryRun = values['dry-run'] ?? false;
  const suggestions = values.suggestions ?? false;
  const force = values.force ?? false;
  const { files, roots } = collectSourceFiles(flags.paths, io.cwd);
  const outcomes: LintOutcome[] = [];
  const skipped: Skipped[] = [];
  const changes: Change[] = [];
  let linted = 0;
  let candidates: number;
  const keep = (outcome: LintOutcome) => {
    outcomes.push(outcome);
    skipped.push(...skippedOf(outcome));
    if (!outcome.failure) linted++;
  };
  // A dry run writes nothing, so it needs no lock and leaves other runs' files alone.
  const lock = dryRun || files.length === 0 ? undefined : startWriting(files, roots, io);
  try {
    const runner = await createLintRunner(flags, roots, io);
    try {
      candidates = await forEachCandidate(files, flags, io, dryRun ? 'Checking' : 'Fixing', skipped, async ({ file, bytes, source }) => {
        const fixed = await runner.fix(file, source.text, suggestions);
        if (fixed.output === source.text) return keep(fixed);
        // The findings before fixing tell which items the fixes took care of, and stand if the file is not written.
        const before = await runner.check(file, source.text);
        const notFixed = (reason: string) => {
          keep(before);
          skipped.push({ file, reason: 'not-fixed', message: `not fixed: ${reason}` });
        };
        // A fix that breaks the syntax is a rule bug: the file stays as it was and its findings stay listed.
        if (fixed.failure) return notFixed(`the fixes would leave the file unparsable (${fixed.failure.message}); please report this`);
        if (before.failure) return notFixed(before.failure.message);
        if (!source.roundTrips) return notFixed(`the file is not valid ${source.encoding === 'utf8' ? 'UTF-8' : 'UTF-16'}, and rewriting it would change bytes no fix touched`);
        const { survivors, fixed: fixedFindings } = pairFindings(before.findings, fixed.findings);
        const change: Change = { file, fixed: fixedFindings.length, items: countItems(fixedFindings) };
        const output = restoreLineEndings(fixed.output, source);
        if (dryRun) {
          const [oldSecrets, newSecrets] = [await runner.secretLines(file, source.text), await runner.secretLines(file, fixed.output)];
          change.diff = maskedPatch(displayPath(file, io.cwd), source.text, output, oldSecrets, newSecrets);
        } else {
          const refused = writeOrSayWhyNot(file, encodeSource(output, source), bytes, roots, force);
          if (refused) return notFixed(refused);
        }
        changes.push(change);
        keep(dryRun ? asInOriginal(before, fixed, survivors) : fixed);
      });
    } finally {
      await runner.dispose();
    }
  } finally {
    lock?.release();
  }
  const report = buildReport({
    now: flags.now,
    cwd: io.cwd,
    outcomes,
    skipped,
    totals: { scanned: files.length, candidates, linted },
    failOn: flags.failOn,
    allowEmpty: flags.allowEmpty,
    fix: { dryRun, changes },
  });
  io.stdout(await render(report, flags.format, io, renderFixText));
  return exitCode(report, io);
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

/**
 * Pairs each finding left after fixing with the same finding before (same rule, item and message,
 * in order): the unpaired ones before are what the fixes took care of. The pairs also let a dry
 * run point at lines as they are in the file today rather than as they would be after the fixes.
 */
export function pairFindings(before: readonly Finding[], after: readonly Finding[]): { survivors: number[]; fixed: Finding[] } {
  const used = new Set<number>();
  const survivors = after.map((finding) => {
    const index = before.findIndex((candidate, i) => !used.has(i) && candidate.ruleId === finding.ruleId && candidate.itemId === finding.itemId && candidate.message === finding.message);
    if (index >= 0) used.add(index);
    return index;
  });
  return { survivors, fixed: before.filter((_, i) => !used.has(i)) };
}

function countItems(findings: readonly Finding[]): Record<string, number> {
  const items: Record<string, number> = {};
  for (const finding of [...findings].sort((a, b) => a.itemId.localeCompare(b.itemId))) items[finding.itemId] = (items[finding.itemId] ?? 0) + 1;
  return items;
}

/** The findings after fixing, placed where they are in the unfixed file when they were there before. */
function asInOriginal(before: LintOutcome, after: LintOutcome, survivors: number[]): LintOutcome {
  const pick = <T>(fromBefore: T[], fromAfter: T[]) => survivors.map((index, i) => (index >= 0 ? fromBefore[index]! : fromAfter[i]!));
  return { file: after.file, findings: pick(before.findings, after.findings), messages: pick(before.messages, after.messages) };
}

function isFileSystemError(error: unknown): boolean {
  return typeof (error as NodeJS.ErrnoException | null)?.code === 'string';
}
