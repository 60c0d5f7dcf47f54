import { createHash } from 'node:crypto';
import { displayPath, type Finding } from './findings.js';

/**
 * A fingerprint per finding for SARIF's `partialFingerprints`, so code scanning keeps one alert
 * per use across runs: the item id, the file (relative to the current directory), the text of the
 * line the finding starts on (trimmed, so indentation and moves up or down keep it), and how many
 * identical findings came before it on identical lines in the file. Neither the line number nor
 * the status or message is part of it: the alert survives edits above it and the item's removal
 * date. Findings read back from a JSON report keep the fingerprint they were written with.
 */
export function assignFingerprints(findings: readonly Finding[], cwd: string): void {
  const seen = new Map<string, number>();
  for (const finding of findings) {
    if (finding.lineText === undefined) continue;
    const key = [finding.itemId, displayPath(finding.file, cwd), finding.lineText].join('\u0000');
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    finding.fingerprint = createHash('sha256').update(`${key}\u0000${occurrence}`).digest('hex').slice(0, 32);
  }
}

/** The trimmed text of each finding's first line, from the text its positions refer to. */
export function withLineText<T extends Pick<Finding, 'line'>>(findings: T[], text: string): (T & { lineText: string })[] {
  const lines = text.split(/\r\n|\r|\n/);
  return findings.map((finding) => ({ ...finding, lineText: (lines[finding.line - 1] ?? '').trim() }));
}
