import { readFileSync } from 'node:fs';
import path from 'node:path';
import { findItem, itemLabel } from '../schedule/ids.js';
import type { Status } from '../schedule/status.js';
import type { Schedule } from '../schedule/types.js';
import type { Finding } from './findings.js';
import { UsageError } from './io.js';
import { writeFilesTogether } from './write-new-files.js';

/**
 * A baseline: the uses a codebase is known to have, so that only new ones fail, as ESLint's
 * suppressions file does for rules. Per file (relative to the baseline file's directory, `/`
 * separated) and item id: how many findings, and the status they had when recorded. An entry
 * covers a file's findings of that item while there are at most `count` of them and their
 * status is no more severe than recorded: a use recorded while its item was only scheduled fails
 * again once the item is imminent or removed, so the gate still tightens as dates approach.
 */
export interface Baseline {
  file: string;
  /** relative file → canonical item id → entry */
  entries: Map<string, Map<string, BaselineEntry>>;
}

export interface BaselineEntry {
  count: number;
  status: Status;
}

/** What a run checked: entries outside it are kept as they are when the baseline is updated. */
export interface RunScope {
  files: ReadonlySet<string>;
  ignoredItems: ReadonlySet<string>;
  quiet: boolean;
}

const STATUSES: readonly Status[] = ['removed', 'imminent', 'scheduled'];

/** Removed and imminent are one level: both fail the gate; scheduled is a warning. */
function severity(status: Status): number {
  return status === 'scheduled' ? 0 : 1;
}

export function readBaseline(file: string, schedule: Schedule): Baseline {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new UsageError(`--baseline: ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const fail = (at: string, expected: string): never => {
    throw new UsageError(`--baseline: ${file}: ${at}: expected ${expected} (rewrite the file with --update-baseline)`);
  };
  if (!isObject(data) || data.version !== 1) fail('$.version', '1');
  const files = (data as { files?: unknown }).files;
  if (!isObject(files)) fail('$.files', 'an object of files');
  const entries: Baseline['entries'] = new Map();
  for (const [relative, items] of Object.entries(files as Record<string, unknown>)) {
    if (!isObject(items)) fail(`$.files[${JSON.stringify(relative)}]`, 'an object of item ids');
    const byItem = new Map<string, BaselineEntry>();
    for (const [written, entry] of Object.entries(items as Record<string, unknown>)) {
      const at = `$.files[${JSON.stringify(relative)}][${JSON.stringify(written)}]`;
      const { count, status } = (isObject(entry) ? entry : {}) as { count?: unknown; status?: unknown };
      if (!Number.isInteger(count) || (count as number) < 1) fail(`${at}.count`, 'a whole number, 1 or more');
      if (!STATUSES.includes(status as Status)) fail(`${at}.status`, STATUSES.join(', '));
      // An item renamed since the file was written is found under its old id (ids.ts keeps aliases).
      const id = findItem(schedule, written)?.id ?? written;
      const known = byItem.get(id);
      byItem.set(id, { count: (known?.count ?? 0) + (count as number), status: known && severity(known.status) > severity(status as Status) ? known.status : (status as Status) });
    }
    entries.set(relative, byItem);
  }
  return { file, entries };
}

/**
 * The baseline after a run: this run's findings where the run looked, the old entries elsewhere
 * (other files, other shards, items left out with --only or --ignore, scheduled items under --quiet).
 */
export function updatedBaseline(previous: Baseline | undefined, file: string, findings: readonly Finding[], scope: RunScope): Baseline {
  const entries: Baseline['entries'] = new Map();
  const add = (relative: string, itemId: string, entry: BaselineEntry) => {
    const byItem = entries.get(relative) ?? new Map<string, BaselineEntry>();
    byItem.set(itemId, entry);
    entries.set(relative, byItem);
  };
  const scopeFiles = new Set([...scope.files].map((walked) => relativeTo(file, walked)));
  for (const [relative, byItem] of previous?.entries ?? []) {
    for (const [itemId, entry] of byItem) {
      const looked = scopeFiles.has(relative) && !scope.ignoredItems.has(itemId) && !(scope.quiet && entry.status === 'scheduled');
      if (!looked) add(relative, itemId, entry);
    }
  }
  for (const [relative, byItem] of countFindings(file, findings)) {
    for (const [itemId, { count, status }] of byItem) add(relative, itemId, { count, status });
  }
  return { file, entries };
}

/**
 * Each entry also names its item's place (`"item": "POST /rest/api/v1/listanswers"`), since ids are
 * the documents' mark ids, which nobody can read in a review; reading ignores it.
 */
export function writeBaseline(baseline: Baseline, schedule: Schedule): void {
  const files: Record<string, Record<string, BaselineEntry & { item?: string }>> = {};
  for (const relative of [...baseline.entries.keys()].sort(compareText)) {
    const byItem = baseline.entries.get(relative)!;
    if (byItem.size === 0) continue;
    files[relative] = Object.fromEntries(
      [...byItem.keys()].sort(compareText).map((id) => {
        const item = findItem(schedule, id);
        return [id, { ...(item ? { item: itemLabel(item) } : {}), ...byItem.get(id)! }];
      }),
    );
  }
  // Atomically: a full disk or a kill must not leave a torn baseline, which would fail every known use.
  writeFilesTogether([{ file: baseline.file, content: `${JSON.stringify({ version: 1, files }, null, 2)}\n` }]);
}

export interface BaselineResult {
  kept: Finding[];
  suppressed: number;
  /** Entries that record more uses than this run found in files it checked: the code was migrated. */
  stale: number;
}

export function applyBaseline(findings: readonly Finding[], baseline: Baseline, scope: RunScope): BaselineResult {
  const found = countFindings(baseline.file, findings);
  const covered = (finding: Finding) => {
    const entry = baseline.entries.get(relativeTo(baseline.file, finding.file))?.get(finding.itemId);
    const actual = found.get(relativeTo(baseline.file, finding.file))?.get(finding.itemId);
    // Like ESLint's suppressions: more uses than recorded, and all of them are reported (which are new cannot be told).
    return entry !== undefined && actual !== undefined && actual.count <= entry.count && severity(finding.status) <= severity(entry.status);
  };
  const kept = findings.filter((finding) => !covered(finding));
  let stale = 0;
  for (const walked of scope.files) {
    const relative = relativeTo(baseline.file, walked);
    for (const [itemId, entry] of baseline.entries.get(relative) ?? []) {
      if (scope.ignoredItems.has(itemId) || (scope.quiet && entry.status === 'scheduled')) continue;
      if ((found.get(relative)?.get(itemId)?.count ?? 0) < entry.count) stale++;
    }
  }
  return { kept, suppressed: findings.length - kept.length, stale };
}

function countFindings(baselineFile: string, findings: readonly Finding[]): Map<string, Map<string, BaselineEntry>> {
  const counts = new Map<string, Map<string, BaselineEntry>>();
  for (const finding of findings) {
    const relative = relativeTo(baselineFile, finding.file);
    const byItem = counts.get(relative) ?? new Map<string, BaselineEntry>();
    const entry = byItem.get(finding.itemId);
    byItem.set(finding.itemId, { count: (entry?.count ?? 0) + 1, status: entry && severity(entry.status) > severity(finding.status) ? entry.status : finding.status });
    counts.set(relative, byItem);
  }
  return counts;
}

function relativeTo(baselineFile: string, file: string): string {
  return path.relative(path.dirname(baselineFile), file).split(path.sep).join('/');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
