import type { Schedule } from '../schedule/types.js';
import { applyBaseline, type Baseline, type RunScope } from './baseline.js';
import type { Shard } from './file-selection.js';
import { compareFindings, compareSkipped, summarize, type Finding, type RunTotals, type Skipped, type Summary } from './findings.js';
import { assignFingerprints } from './fingerprint.js';
import { EXIT_FINDINGS } from './io.js';
import type { FailLevel } from './lint-flags.js';
import type { LintOutcome } from './lint-runner.js';
import { judge, type Verdict } from './verdict.js';
import type { Verification } from '../verify/verify-fixes.js';

/** What `fix` did to one file (or, with --dry-run, would do). */
export interface Change {
  file: string;
  /** Uses the fixes rewrote (not messages: a rewrite can change a message it does not remove), in all and per item id. */
  fixed: number;
  items: Record<string, number>;
  /** The same in words, one entry per item: `createannouncement.snippet → text ×2`. */
  changes: string[];
  /** The unified diff, with --dry-run only. */
  diff?: string;
}

/** Which findings count and when the run fails, beyond --fail-on: --quiet, --max-warnings, --baseline. */
export interface Gate {
  quiet?: boolean;
  maxWarnings?: number | undefined;
  baseline?: { baseline: Baseline; scope: RunScope; updated: boolean } | undefined;
}

/** Everything a formatter needs, whatever the format. */
export interface Report {
  now: string;
  cwd: string;
  /** The schedule the run judged by: formats that describe items (SARIF's rules) read it. */
  schedule: Schedule;
  /** Sorted by file, line, column. For `fix`, the findings left after fixing: the manual-migration list. */
  findings: Finding[];
  skipped: Skipped[];
  /** ESLint's own view of each linted file, for formatters that take ESLint results. */
  outcomes: LintOutcome[];
  summary: Summary;
  /** Pass, fail or could not check: the summary's last line and the exit code. */
  verdict: Verdict;
  fix?: FixReport;
  shard?: Shard;
  baseline?: { file: string; suppressed: number; stale: number; updated: boolean };
}

export interface FixReport {
  dryRun: boolean;
  changes: Change[];
  /** What `--verify` (the default) checked and which files it left as they were; absent with --no-verify. */
  verification?: Verification;
}

/** The findings a run reports before the baseline: every outcome's, sorted, without warnings under --quiet. */
export function reportedFindings(outcomes: readonly LintOutcome[], quiet = false): Finding[] {
  const findings = outcomes.flatMap((outcome) => outcome.findings).sort(compareFindings);
  return quiet ? findings.filter((finding) => finding.status !== 'scheduled') : findings;
}

export function buildReport(input: {
  now: string;
  cwd: string;
  schedule: Schedule;
  outcomes: LintOutcome[];
  skipped: Skipped[];
  totals: RunTotals;
  failOn: FailLevel;
  allowEmpty: boolean;
  fix?: Report['fix'];
  gate?: Gate;
  shard?: Shard | undefined;
}): Report {
  const outcomes = [...input.outcomes].sort((a, b) => a.file.localeCompare(b.file));
  const all = reportedFindings(outcomes, input.gate?.quiet);
  // Before the baseline: a finding's fingerprint counts the identical findings above it, suppressed or not.
  assignFingerprints(all, input.cwd);
  const baseline = input.gate?.baseline;
  const { kept: findings, suppressed, stale } = baseline ? applyBaseline(all, baseline.baseline, baseline.scope) : { kept: all, suppressed: 0, stale: 0 };
  const skipped = [...input.skipped].sort(compareSkipped);
  const fix = input.fix && { ...input.fix, changes: [...input.fix.changes].sort((a, b) => a.file.localeCompare(b.file)) };
  const verdict = judge({ findings, skipped, totals: input.totals, failOn: input.failOn, allowEmpty: input.allowEmpty, maxWarnings: input.gate?.maxWarnings });
  return {
    now: input.now,
    cwd: input.cwd,
    schedule: input.schedule,
    findings,
    skipped,
    outcomes,
    summary: summarize(findings, skipped, input.totals, input.failOn, { failed: verdict.exitCode === EXIT_FINDINGS, maxWarnings: input.gate?.maxWarnings, suppressed }),
    verdict,
    ...(fix ? { fix } : {}),
    ...(input.shard ? { shard: input.shard } : {}),
    ...(baseline ? { baseline: { file: baseline.baseline.file, suppressed, stale, updated: baseline.updated } } : {}),
  };
}
