import type { Schedule } from '../schedule/types.js';
import type { Finding } from './findings.js';
import type { LintOutcome } from './lint-runner.js';

/**
 * Pairs each finding left after fixing with the same use before: same rule, item and message
 * first, then same rule and item (a rewrite can change the message of a use it did not remove:
 * `externalSharingOptions.enabled` becomes `broadSharingOptions.enabled`, still a use of the
 * same item). The unpaired findings before are the uses the fixes rewrote; counting them, not
 * messages, is what the summary reports. The pairs also let a dry run point at lines as they are
 * in the file today rather than as they would be after the fixes.
 */
export function pairFindings(before: readonly Finding[], after: readonly Finding[]): { survivors: Survivor[]; rewritten: Finding[] } {
  const used = new Set<number>();
  const survivors: Survivor[] = after.map(() => ({ index: -1, same: false }));
  const pass = (matches: (a: Finding, b: Finding) => boolean, same: boolean) => {
    after.forEach((finding, i) => {
      if (survivors[i]!.index >= 0) return;
      const index = before.findIndex((candidate, j) => !used.has(j) && matches(candidate, finding));
      if (index < 0) return;
      used.add(index);
      survivors[i] = { index, same };
    });
  };
  pass((a, b) => a.ruleId === b.ruleId && a.itemId === b.itemId && a.message === b.message, true);
  pass((a, b) => a.ruleId === b.ruleId && a.itemId === b.itemId, false);
  // A use with no rewrite of its own that went away went with another rewrite (a removed parent property): not a rewrite.
  return { survivors, rewritten: before.filter((finding, j) => !used.has(j) && finding.fix !== 'none') };
}

/** Which finding before a finding after is (-1: none), and whether its message stayed the same. */
export interface Survivor {
  index: number;
  same: boolean;
}

/** The findings after fixing, placed where they are in the unfixed file when they were there before. */
export function asInOriginal(before: LintOutcome, after: LintOutcome, survivors: readonly Survivor[]): LintOutcome {
  const place = <T extends Placed>(old: readonly T[], now: readonly T[]): T[] =>
    survivors.map(({ index, same }, i) => {
      if (index < 0) return now[i]!;
      const { line, column, endLine, endColumn } = old[index]!;
      return same ? old[index]! : { ...now[i]!, line, column, endLine, endColumn };
    });
  return { file: after.file, findings: place(before.findings, after.findings), messages: place(before.messages, after.messages) };
}

interface Placed {
  line: number;
  column: number;
  endLine?: number | undefined;
  endColumn?: number | undefined;
}

/** Per item (by its label, as reports show it), how many uses were rewritten, sorted by label. */
export function countItems(findings: readonly Finding[]): Record<string, number> {
  const items: Record<string, number> = {};
  for (const finding of [...findings].sort((a, b) => a.item.localeCompare(b.item))) items[finding.item] = (items[finding.item] ?? 0) + 1;
  return items;
}

/** One entry per item: `SearchResultSnippet.snippet → text ×2`, `EmployeeInfoDefinition.location removed`. */
export function describeChanges(schedule: Schedule, rewritten: readonly Finding[]): string[] {
  const byItem = new Map<string, { label: string; count: number }>();
  for (const finding of rewritten) {
    const entry = byItem.get(finding.itemId) ?? { label: finding.item, count: 0 };
    entry.count++;
    byItem.set(finding.itemId, entry);
  }
  return [...byItem]
    .sort(([, a], [, b]) => a.label.localeCompare(b.label))
    .map(([itemId, { label, count }]) => `${label}${describeRewrite(schedule, itemId)}${count > 1 ? ` ×${count}` : ''}`);
}

/** What a rewrite of an item's use does, after the item's label: ` → text`, ` → answer.trackingToken`, ` removed`. */
function describeRewrite(schedule: Schedule, itemId: string): string {
  const replacement = schedule.items.find((candidate) => candidate.id === itemId)?.replacement;
  if (!replacement) return '';
  if (replacement.kind === 'none') return ' removed';
  return ` → ${replacement.to}`;
}
