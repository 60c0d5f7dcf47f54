import { isUnchecked, warningsOf, type Finding, type RunTotals, type Skipped } from './findings.js';
import { EXIT_FINDINGS, EXIT_OK, EXIT_USAGE } from './io.js';
import { FAILING_STATUSES, type FailLevel } from './lint-flags.js';

export type VerdictKind = 'passes' | 'fails' | 'never-fails' | 'empty' | 'nothing-checked';

/**
 * What the run concludes, decided in one place so that the summary's last line and the exit code
 * can never disagree (a summary that says "Passes" while the process exits 2 is a lie).
 */
export interface Verdict {
  kind: VerdictKind;
  exitCode: number;
  /** The summary's last line. */
  line: string;
  /** Said on stderr as well when the run could not do what it was asked (exit 2). */
  error?: string;
}

export interface VerdictInput {
  findings: readonly Finding[];
  skipped: readonly Skipped[];
  totals: RunTotals;
  failOn: FailLevel;
  allowEmpty: boolean;
  /** `--max-warnings`: more findings of scheduled items than this fail the run, whatever --fail-on says. */
  maxWarnings?: number | undefined;
}

export function judge({ findings, skipped, totals, failOn, allowEmpty, maxWarnings }: VerdictInput): Verdict {
  if (totals.scanned === 0) {
    if (allowEmpty) return { kind: 'passes', exitCode: EXIT_OK, line: 'Passes: no JavaScript or TypeScript file to check (--allow-empty).' };
    return {
      kind: 'empty',
      exitCode: EXIT_USAGE,
      line: 'Nothing was checked: no JavaScript or TypeScript file matched the given paths.',
      error: 'api-sunset: no JavaScript or TypeScript file matched the given paths, so nothing was checked; pass --allow-empty if that is expected.',
    };
  }
  if (totals.candidates > 0 && totals.linted === 0) {
    const files = plural(totals.candidates, 'file');
    return {
      kind: 'nothing-checked',
      exitCode: EXIT_USAGE,
      line: `Nothing was checked: none of the ${files} that needed checking could be checked.`,
      error: `api-sunset: none of the ${files} that needed checking could be checked (see the list above); nothing was checked.`,
    };
  }
  const warnings = warningsOf(findings);
  const overBudget = maxWarnings !== undefined && warnings > maxWarnings;
  const budget = maxWarnings === undefined ? '' : ` ${plural(warnings, 'warning')}, --max-warnings ${maxWarnings}.`;
  const overBudgetLine = `Fails: ${plural(warnings, 'warning')} (scheduled items), more than --max-warnings ${maxWarnings}.`;
  if (failOn === 'none') {
    if (overBudget) return { kind: 'fails', exitCode: EXIT_FINDINGS, line: overBudgetLine };
    if (maxWarnings !== undefined) return { kind: 'passes', exitCode: EXIT_OK, line: `Passes (--fail-on none).${budget}` };
    return { kind: 'never-fails', exitCode: EXIT_OK, line: 'Never fails (--fail-on none).' };
  }
  const failing = FAILING_STATUSES[failOn];
  const levels = `${failing.slice(0, -1).join(', ')} or ${failing.at(-1)}`;
  const failingFindings = findings.filter((finding) => failing.includes(finding.status)).length;
  const uncheckedFiles = new Set(skipped.filter(isUnchecked).map((entry) => entry.file)).size;
  const reasons = [
    ...(failingFindings > 0 ? [`${failingFindings === 1 ? '1 finding is' : `${failingFindings} findings are`} ${levels}`] : []),
    ...(uncheckedFiles > 0 ? [`${uncheckedFiles === 1 ? '1 file' : `${uncheckedFiles} files`} could not be checked`] : []),
  ];
  if (reasons.length > 0) return { kind: 'fails', exitCode: EXIT_FINDINGS, line: `Fails: ${reasons.join(', and ')} (--fail-on ${failOn}).${overBudget ? budget : ''}` };
  if (overBudget) return { kind: 'fails', exitCode: EXIT_FINDINGS, line: overBudgetLine };
  return { kind: 'passes', exitCode: EXIT_OK, line: `Passes: no finding is ${levels} (--fail-on ${failOn}).${budget}` };
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
