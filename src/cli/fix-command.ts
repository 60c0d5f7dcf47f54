import { parseArgs } from 'node:util';
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import { UnsafeWriteError, writeFileAtomically } from './atomic-write.js';
import { forEachCandidate } from './candidates.js';
import { createLintRunner, exitCode, render, skippedFromFailure } from './check-command.js';
import { displayPath, type Finding, type Skipped } from './findings.js';
import { dirtyTreeVerdict } from './git-dirty.js';
import { emitReport, prepareGate, renderIo, selectFiles } from './gate-run.js';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io.js';
import { COMMON_HELP, COMMON_OPTIONS, EXIT_CODES_HELP, parseLintFlags } from './lint-flags.js';
import type { LintOutcome } from './lint-runner.js';
import { buildReport, type Change } from './report.js';
import { renderFixText } from './report-text.js';
import { encodeSource, restoreLineEndings } from './source-text.js';
import { MAX_SUGGESTION_PASSES } from './suggestions.js';

export const FIX_HELP = `Usage: api-sunset fix [options] [paths...]

Apply the automatic fixes for uses of deprecated and removed API items, then list every finding
left for a person (where, and why: the message says what to migrate to). Finds files the same
way as "api-sunset check". Each changed file is replaced atomically (a temporary file beside it,
then a rename), keeps its line endings, byte order mark and mode, and is written only if it is a
regular file inside the given paths that did not change while the command ran. Running "fix"
twice changes nothing the second time.

Options:
  --dry-run              print a unified diff of what would change; write nothing
  --allow-dirty          write files that have uncommitted changes in git (by default fix
                         refuses, and writes nothing, when any file it would change has them)
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

export const FIX_OPTIONS = { ...COMMON_OPTIONS, 'dry-run': { type: 'boolean' }, suggestions: { type: 'boolean' }, 'allow-dirty': { type: 'boolean' } } as const;

export async function runFix(args: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
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
  const pending: PendingWrite[] = [];
  let linted = 0;
  let candidates: number;
  const keep = (outcome: LintOutcome) => {
    outcomes.push(outcome);
    if (outcome.failure) skipped.push(skippedFromFailure(outcome));
    else linted++;
  };
  const runner = await createLintRunner(flags, roots);
  try {
    candidates = await forEachCandidate(files, flags, io, dryRun ? 'Checking' : 'Fixing', skipped, async ({ file, bytes, source }) => {
      const fixed = await runner.fix(file, source.text, suggestions);
      if (fixed.output === source.text) return keep(fixed);
      // The findings before fixing tell which items the fixes took care of, and stand if the file is not written.
      const before = await runner.check(file, source.text);
      const notFixed = (reason: string) => {
        keep(before);
        skipped.push({ file, message: `not fixed: ${reason}` });
      };
      // A fix that breaks the syntax is a rule bug: the file stays as it was and its findings stay listed.
      if (fixed.failure) return notFixed(`the fixes would leave the file unparsable (${fixed.failure.message}); please report this`);
      if (!source.roundTrips) return notFixed('the file is not valid UTF-8, and rewriting it would change bytes no fix touched');
      const { survivors, fixed: fixedFindings } = pairFindings(before.findings, fixed.findings);
      const change: Change = { file, fixed: fixedFindings.length, items: countItems(fixedFindings) };
      const output = restoreLineEndings(fixed.output, source);
      if (dryRun) {
        const name = displayPath(file, io.cwd);
        change.diff = createTwoFilesPatch(`a/${name}`, `b/${name}`, source.text, output, undefined, undefined, { headerOptions: FILE_HEADERS_ONLY });
        changes.push(change);
        return keep(asInOriginal(before, fixed, survivors));
      }
      // Written once every file is fixed and the working tree is known to be safe to write.
      pending.push({
        file,
        write: () => writeFileAtomically(file, encodeSource(output, source), bytes, roots),
        written: () => {
          changes.push(change);
          keep(fixed);
        },
        notFixed,
      });
    });
  } finally {
    runner.dispose();
  }
  const verdict = dirtyTreeVerdict(pending.map((write) => write.file), values['allow-dirty'] ?? false, io.cwd);
  if (verdict.message) io.stderr(verdict.message);
  if (!verdict.proceed) return EXIT_USAGE;
  for (const { write, written, notFixed } of pending) {
    try {
      write();
    } catch (error) {
      if (!(error instanceof UnsafeWriteError) && !isFileSystemError(error)) throw error;
      notFixed((error as Error).message);
      continue;
    }
    written();
  }
  const gate = prepareGate(flags, outcomes, files);
  const report = buildReport({ now: flags.now, cwd: io.cwd, schedule: flags.schedule, outcomes, skipped, totals: { scanned: files.length, candidates, linted }, failOn: flags.failOn, fix: { dryRun, changes }, gate });
  emitReport(await render(report, flags.format, renderIo(flags, io), renderFixText), flags, io);
  return exitCode(report, io);
}

interface PendingWrite {
  file: string;
  write: () => void;
  written: () => void;
  notFixed: (reason: string) => void;
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
  for (const finding of [...findings].sort((a, b) => a.item.localeCompare(b.item))) items[finding.item] = (items[finding.item] ?? 0) + 1;
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
