import { compareFindings, compareSkipped, summarize, type Finding, type RunTotals, type Skipped, type Summary } from './findings.js';
import { EXIT_FINDINGS } from './io.js';
import type { FailLevel } from './lint-flags.js';
import type { LintOutcome } from './lint-runner.js';
import { judge, type Verdict } from './verdict.js';

/** What `fix` did to one file (or, with --dry-run, would do). */
export interface Change {
  file: string;
  /** Findings that the fixes removed, in all and per item id. */
  fixed: number;
  items: Record<string, number>;
  /** The unified diff, with --dry-run only. */
  diff?: string;
}

/** Everything a formatter needs, whatever the format. */
export interface Report {
  now: string;
  cwd: string;
  /** Sorted by file, line, column. For `fix`, the findings left after fixing: the manual-migration list. */
  findings: Finding[];
  skipped: Skipped[];
  /** ESLint's own view of each linted file, for formatters that take ESLint results. */
  outcomes: LintOutcome[];
  summary: Summary;
  /** Pass, fail or could not check: the summary's last line and the exit code. */
  verdict: Verdict;
  fix?: { dryRun: boolean; changes: Change[] };
}

export function buildReport(input: {
  now: string;
  cwd: string;
  outcomes: LintOutcome[];
  skipped: Skipped[];
  totals: RunTotals;
  failOn: FailLevel;
  allowEmpty: boolean;
  fix?: Report['fix'];
}): Report {
  const outcomes = [...input.outcomes].sort((a, b) => a.file.localeCompare(b.file));
  const findings = outcomes.flatMap((outcome) => outcome.findings).sort(compareFindings);
  const skipped = [...input.skipped].sort(compareSkipped);
  const fix = input.fix && { ...input.fix, changes: [...input.fix.changes].sort((a, b) => a.file.localeCompare(b.file)) };
  const verdict = judge({ findings, skipped, totals: input.totals, failOn: input.failOn, allowEmpty: input.allowEmpty });
  return {
    now: input.now,
    cwd: input.cwd,
    findings,
    skipped,
    outcomes,
    summary: summarize(findings, skipped, input.totals, input.failOn, verdict.exitCode === EXIT_FINDINGS),
    verdict,
    ...(fix ? { fix } : {}),
  };
}
