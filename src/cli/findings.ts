import path from 'node:path';
import type { SinkEntry } from '../judge/sink.js';
import type { Status } from '../schedule/status.js';
import { FAILING_STATUSES, type FailLevel } from './lint-flags.js';

/** One use of a deprecated or removed item, as the CLI reports it. `file` is absolute. */
export interface Finding extends SinkEntry {
  file: string;
  /** The source line it starts on, trimmed: what the fingerprint is made of (see fingerprint.ts). */
  lineText?: string;
  /** Stable across runs, line moves and the item's status: see fingerprint.ts. */
  fingerprint?: string;
}

/** A file the run could not check, with the parser's (or the file system's) reason. */
export interface Skipped {
  file: string;
  message: string;
  line?: number;
  column?: number;
}

export const STATUSES: readonly Status[] = ['removed', 'imminent', 'scheduled'];

export function compareFindings(a: Finding, b: Finding): number {
  return a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.itemId.localeCompare(b.itemId) || a.message.localeCompare(b.message);
}

export function compareSkipped(a: Skipped, b: Skipped): number {
  return a.file.localeCompare(b.file);
}

/** Paths in every report are relative to where the command runs, with `/` on every platform. */
export function displayPath(file: string, cwd: string): string {
  return path.relative(cwd, file).split(path.sep).join('/') || '.';
}

export function failsAt(findings: readonly Finding[], failOn: FailLevel): boolean {
  const failing = FAILING_STATUSES[failOn];
  return findings.some((finding) => failing.includes(finding.status));
}

export interface ItemSummary {
  itemId: string;
  item: string;
  status: Status;
  removal: string;
  findings: number;
  autoFixable: number;
}

/** Findings of scheduled items: ESLint's warnings (`no-deprecated-api`), counted by --max-warnings. */
export function warningsOf(findings: readonly Finding[]): number {
  return findings.filter((finding) => finding.status === 'scheduled').length;
}

export interface Summary {
  /** Walked; that needed parsing (the rest cannot contain a finding); parsed and linted; skipped entries. */
  files: { scanned: number; candidates: number; linted: number; skipped: number };
  findings: number;
  byStatus: Record<Status, number>;
  byFix: Record<SinkEntry['fix'], number>;
  byItem: ItemSummary[];
  failOn: FailLevel;
  /** `--max-warnings`, null when not given. */
  maxWarnings: number | null;
  /** Findings left out because the baseline records them. */
  suppressed: number;
  failed: boolean;
}

export interface RunTotals {
  scanned: number;
  candidates: number;
  linted: number;
}

export function summarize(
  findings: readonly Finding[],
  skipped: readonly Skipped[],
  totals: RunTotals,
  failOn: FailLevel,
  { maxWarnings, suppressed = 0 }: { maxWarnings?: number | undefined; suppressed?: number } = {},
): Summary {
  const byStatus: Record<Status, number> = { removed: 0, imminent: 0, scheduled: 0 };
  const byFix: Record<SinkEntry['fix'], number> = { auto: 0, suggestion: 0, none: 0 };
  const byItem = new Map<string, ItemSummary>();
  for (const finding of findings) {
    byStatus[finding.status]++;
    byFix[finding.fix]++;
    const item = byItem.get(finding.itemId) ?? { itemId: finding.itemId, item: finding.item, status: finding.status, removal: finding.removal, findings: 0, autoFixable: 0 };
    item.findings++;
    if (finding.fix === 'auto') item.autoFixable++;
    byItem.set(finding.itemId, item);
  }
  return {
    files: { scanned: totals.scanned, candidates: totals.candidates, linted: totals.linted, skipped: skipped.length },
    findings: findings.length,
    byStatus,
    byFix,
    // Most urgent first, the order people work through a migration in.
    byItem: [...byItem.values()].sort((a, b) => a.removal.localeCompare(b.removal) || a.item.localeCompare(b.item)),
    failOn,
    maxWarnings: maxWarnings ?? null,
    suppressed,
    failed: failsAt(findings, failOn) || (maxWarnings !== undefined && warningsOf(findings) > maxWarnings),
  };
}
