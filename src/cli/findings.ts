import path from 'node:path';
import type { SinkEntry } from '../judge/sink.js';
import type { Status } from '../schedule/status.js';
import type { FailLevel } from './lint-flags.js';

/** One use of a deprecated or removed item, as the CLI reports it. `file` is absolute. */
export interface Finding extends SinkEntry {
  file: string;
  /** The source line it starts on, trimmed: what the fingerprint is made of (see fingerprint.ts). */
  lineText?: string;
  /** Stable across runs, line moves and the item's status: see fingerprint.ts. */
  fingerprint?: string;
}

/**
 * Why a file was not checked, not fully checked, or not written:
 * - `parse-error`: the parser could not read it; `fatal`: ESLint reported a fatal problem other
 *   than a parse error (a `/* eslint-env *\/` comment in ESLint 10), its findings still count;
 * - `crash`, `timeout`, `out-of-memory`: the analysis of this one file failed;
 * - `unreadable`: the file system refused; `encoding`: not text this tool can decode;
 * - `too-large`, `minified`: left out by the file limits (`--max-file-size`, `--minified-line-length`);
 * - `ignored`: ESLint declines it (a file inside `node_modules` named explicitly);
 * - `not-fixed`: `fix` left it as it was; its findings are listed.
 */
export type SkipReason = 'parse-error' | 'fatal' | 'crash' | 'timeout' | 'out-of-memory' | 'unreadable' | 'encoding' | 'too-large' | 'minified' | 'ignored' | 'not-fixed';

/** A file the run could not check (or, for `fix`, write), with the parser's, the file system's or the limit's reason. */
export interface Skipped {
  file: string;
  message: string;
  line?: number;
  column?: number;
  reason: SkipReason;
}

/**
 * Reasons that fail the gate: the run could not vouch for the file. Files left out by the limits
 * the user can set, files ESLint declines, and files `fix` did not write (their findings stay in
 * the report and are judged as findings) do not.
 */
const PASSING_REASONS: ReadonlySet<SkipReason> = new Set(['too-large', 'minified', 'ignored', 'not-fixed']);

export function isUnchecked(skipped: Skipped): boolean {
  return !PASSING_REASONS.has(skipped.reason);
}

export const STATUSES: readonly Status[] = ['removed', 'imminent', 'scheduled'];

export function compareFindings(a: Finding, b: Finding): number {
  return a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.itemId.localeCompare(b.itemId) || a.message.localeCompare(b.message);
}

export function compareSkipped(a: Skipped, b: Skipped): number {
  return a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0);
}

/** Paths in every report are relative to where the command runs, with `/` on every platform. */
export function displayPath(file: string, cwd: string): string {
  return path.relative(cwd, file).split(path.sep).join('/') || '.';
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
  /**
   * Walked; that needed parsing (the rest cannot contain a finding); parsed and linted; skipped
   * entries; files among them that could not be checked (which fail the gate).
   */
  files: { scanned: number; candidates: number; linted: number; skipped: number; unchecked: number };
  findings: number;
  byStatus: Record<Status, number>;
  byFix: Record<SinkEntry['fix'], number>;
  byItem: ItemSummary[];
  failOn: FailLevel;
  /** `--max-warnings`, null when not given. */
  maxWarnings: number | null;
  /** Findings left out because the baseline records them. */
  suppressed: number;
  /** Whether the gate fails (exit code 1): a finding at the --fail-on level, or a file that could not be checked. */
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
  { failed, maxWarnings, suppressed = 0 }: { failed: boolean; maxWarnings?: number | undefined; suppressed?: number },
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
    files: { scanned: totals.scanned, candidates: totals.candidates, linted: totals.linted, skipped: skipped.length, unchecked: new Set(skipped.filter(isUnchecked).map((entry) => entry.file)).size },
    findings: findings.length,
    byStatus,
    byFix,
    // Most urgent first, the order people work through a migration in.
    byItem: [...byItem.values()].sort((a, b) => a.removal.localeCompare(b.removal) || a.item.localeCompare(b.item)),
    failOn,
    maxWarnings: maxWarnings ?? null,
    suppressed,
    failed,
  };
}
