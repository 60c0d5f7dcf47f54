import { compareFindings, compareSkipped, summarize, type Finding, type RunTotals, type Skipped, type Summary } from './findings.js';
import type { FailLevel } from './lint-flags.js';
import type { LintOutcome } from './lint-runner.js';
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
  fix?: FixReport;
}

export interface FixReport {
  dryRun: boolean;
  changes: Change[];
  /** What `--verify` (the default) checked and which files it left as they were; absent with --no-verify. */
  verification?: Verification;
}

export function buildReport(input: {
  now: string;
  cwd: string;
  outcomes: LintOutcome[];
  skipped: Skipped[];
  totals: RunTotals;
  failOn: FailLevel;
  fix?: Report['fix'];
}): Report {
  const outcomes = [...input.outcomes].sort((a, b) => a.file.localeCompare(b.file));
  const findings = outcomes.flatMap((outcome) => outcome.findings).sort(compareFindings);
  const skipped = [...input.skipped].sort(compareSkipped);
  const fix = input.fix && { ...input.fix, changes: [...input.fix.changes].sort((a, b) => a.file.localeCompare(b.file)) };
  return {
    now: input.now,
    cwd: input.cwd,
    findings,
    skipped,
    outcomes,
    summary: summarize(findings, skipped, input.totals, input.failOn),
    ...(fix ? { fix } : {}),
  };
}
