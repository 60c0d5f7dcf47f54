import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readBaseline, updatedBaseline, writeBaseline, type RunScope } from './baseline.js';
import { filesOfShard, withoutIgnoredFiles, type Shard } from './file-selection.js';
import type { CliIo } from './io.js';
import type { LintFlags } from './lint-flags.js';
import type { LintOutcome } from './lint-runner.js';
import { reportedFindings, type Gate } from './report.js';
import { collectSourceFiles, type WalkResult } from './walk.js';

/**
 * The files a run looks at: the walk, minus --ignore-pattern, then this --shard's part of them.
 * `emptyShard`: the shard got no file while the others have some, which is no reason to fail.
 */
export function selectFiles(flags: LintFlags, cwd: string, shard?: Shard): WalkResult & { emptyShard: boolean } {
  const walked = collectSourceFiles(flags.paths, cwd);
  const kept = withoutIgnoredFiles(walked.files, flags.ignorePatterns, cwd);
  const files = filesOfShard(kept, shard, cwd);
  return { ...walked, files, emptyShard: files.length === 0 && kept.length > 0 };
}

/**
 * --quiet, --max-warnings and the baseline. With --update-baseline the run's findings are
 * recorded first (keeping entries for what the run did not look at), then applied like any baseline.
 */
export function prepareGate(flags: LintFlags, outcomes: readonly LintOutcome[], files: readonly string[]): Gate {
  const gate: Gate = { quiet: flags.quiet, maxWarnings: flags.maxWarnings };
  if (flags.baseline === undefined) return gate;
  const scope: RunScope = { files: new Set(files), ignoredItems: new Set(flags.ignore), quiet: flags.quiet };
  if (!flags.updateBaseline) return { ...gate, baseline: { baseline: readBaseline(flags.baseline, flags.schedule), scope, updated: false } };
  const previous = existsSync(flags.baseline) ? readBaseline(flags.baseline, flags.schedule) : undefined;
  const baseline = updatedBaseline(previous, flags.baseline, reportedFindings(outcomes, flags.quiet), scope);
  writeBaseline(baseline, flags.schedule);
  return { ...gate, baseline: { baseline, scope, updated: true } };
}

/** The rendered report, to --output-file or standard output. */
export function emitReport(text: string, flags: Pick<LintFlags, 'outputFile'>, io: CliIo): void {
  if (flags.outputFile === undefined) {
    io.stdout(text);
    return;
  }
  mkdirSync(path.dirname(flags.outputFile), { recursive: true });
  writeFileSync(flags.outputFile, text);
}

/** The IO formatters render for: a file is no terminal, so no colour unless FORCE_COLOR asks for it. */
export function renderIo(flags: Pick<LintFlags, 'outputFile'>, io: CliIo): CliIo {
  return flags.outputFile === undefined ? io : { ...io, isTTY: false };
}
