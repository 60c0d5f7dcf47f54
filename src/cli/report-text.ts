import type { Status } from '../schedule/status.js';
import { displayPath, isUnchecked, STATUSES, type Finding, type Skipped } from './findings.js';
import { formatTable, painter, type CliIo, type Colour } from './io.js';
import { printable, printableLines } from './printable.js';
import type { Report } from './report.js';

type Paint = ReturnType<typeof painter>;

const STATUS_COLOUR: Record<Status, Colour> = { removed: 'red', imminent: 'yellow', scheduled: 'green' };

/** `check`: every finding grouped by file, the files that could not be parsed, then the summary. */
export function renderCheckText(report: Report, io: CliIo): string {
  const paint = painter(io);
  const parts: string[] = [];
  if (report.findings.length > 0) parts.push(renderFindings(report.findings, report.cwd, paint));
  if (report.skipped.length > 0) parts.push(renderSkipped(report.skipped, report.cwd));
  parts.push(renderSummary(report, paint));
  return parts.join('\n');
}

/** `fix`: what changed (or the diffs, on a dry run), then every finding left for a person, then the summary. */
export function renderFixText(report: Report, io: CliIo): string {
  const paint = painter(io);
  const fix = report.fix!;
  const parts: string[] = [];
  if (fix.dryRun) {
    const diffs = printableLines(fix.changes.map((change) => change.diff ?? '').join(''));
    if (diffs) parts.push(diffs);
  }
  parts.push(renderChanges(report, paint));
  if (report.findings.length > 0) {
    parts.push(`${paint('bold', `Manual migration: ${plural(report.findings.length, 'finding')} left`)}\n${renderFindings(report.findings, report.cwd, paint)}`);
  }
  if (report.skipped.length > 0) parts.push(renderSkipped(report.skipped, report.cwd));
  parts.push(renderSummary(report, paint));
  return parts.join('\n');
}

function renderChanges(report: Report, paint: Paint): string {
  const { dryRun, changes } = report.fix!;
  const fixed = changes.reduce((sum, change) => sum + change.fixed, 0);
  if (changes.length === 0) {
    const reason = report.findings.length === 0 ? 'nothing to fix' : 'no finding has an automatic fix';
    return `${dryRun ? 'Nothing would change' : 'Nothing changed'}: ${reason}.\n`;
  }
  const verb = dryRun ? 'Would fix' : 'Fixed';
  const rows = changes.map((change) => [
    shownPath(change.file, report.cwd),
    String(change.fixed),
    Object.entries(change.items)
      .map(([id, count]) => (count === 1 ? id : `${id} ×${count}`))
      .join(', '),
  ]);
  const heading = paint('bold', `${verb} ${plural(fixed, 'finding')} in ${plural(changes.length, 'file')}${dryRun ? ' (dry run: nothing written)' : ''}:`);
  return `${heading}\n${indent(formatTable(['FILE', 'FIXED', 'ITEMS'], rows))}`;
}

/** `file:line:col  itemId  message  [fix: …]`, columns aligned within a file, a blank line between files. */
export function renderFindings(findings: readonly Finding[], cwd: string, paint: Paint): string {
  const groups = new Map<string, Finding[]>();
  for (const finding of findings) groups.set(finding.file, [...(groups.get(finding.file) ?? []), finding]);
  return [...groups.values()]
    .map((group) => {
      const locations = group.map((finding) => `${shownPath(finding.file, cwd)}:${finding.line}:${finding.column}`);
      const locationWidth = Math.max(...locations.map((location) => location.length));
      const idWidth = Math.max(...group.map((finding) => finding.itemId.length));
      return group
        .map((finding, i) => {
          const location = locations[i]!.padEnd(locationWidth);
          const id = paint(STATUS_COLOUR[finding.status], finding.itemId) + ' '.repeat(idWidth - finding.itemId.length);
          return `${location}  ${id}  ${printable(finding.message)}  ${paint('dim', `[fix: ${finding.fix}]`)}\n`;
        })
        .join('');
    })
    .join('\n');
}

/**
 * Files that could not be checked (they fail the gate), files the limits or ESLint left out, and
 * files `fix` did not write (their findings are listed with the others), each under its own heading.
 */
function renderSkipped(skipped: readonly Skipped[], cwd: string): string {
  const groups: [string, Skipped[]][] = [
    ['Could not check', skipped.filter(isUnchecked)],
    ['Skipped', skipped.filter((entry) => !isUnchecked(entry) && entry.reason !== 'not-fixed')],
    ['Not fixed', skipped.filter((entry) => entry.reason === 'not-fixed')],
  ];
  return groups
    .filter(([, entries]) => entries.length > 0)
    .map(([heading, entries]) => {
      const lines = entries.map((entry) => {
        const where = entry.line === undefined ? shownPath(entry.file, cwd) : `${shownPath(entry.file, cwd)}:${entry.line}:${entry.column ?? 0}`;
        return `  ${where}  ${printable(entry.message)}\n`;
      });
      return `${heading} ${plural(new Set(entries.map((entry) => entry.file)).size, 'file')}:\n${lines.join('')}`;
    })
    .join('');
}

function renderSummary(report: Report, paint: Paint): string {
  const { summary } = report;
  const lines: string[] = [];
  if (summary.findings > 0) {
    const itemRows = summary.byItem.map((item) => [item.itemId, item.status, item.removal, String(item.findings), String(item.autoFixable)]);
    lines.push(formatTable(['ITEM', 'STATUS', 'REMOVAL', 'FINDINGS', 'AUTO-FIXABLE'], itemRows, (row, cell, column) => (column === 1 ? paint(STATUS_COLOUR[row[1] as Status], cell) : cell)));
    const statusRows = STATUSES.map((status) => {
      const ofStatus = report.findings.filter((finding) => finding.status === status);
      return [status, String(ofStatus.length), String(ofStatus.filter((finding) => finding.fix === 'auto').length)];
    });
    statusRows.push(['total', String(summary.findings), String(summary.byFix.auto)]);
    lines.push(formatTable(['STATUS', 'FINDINGS', 'AUTO-FIXABLE'], statusRows));
    const files = new Set(report.findings.map((finding) => finding.file)).size;
    lines.push(
      `${plural(summary.findings, 'finding')} in ${plural(files, 'file')} as of ${report.now}: ` +
        `${summary.byFix.auto} auto-fixable, ${summary.byFix.suggestion} with a suggestion, ${summary.byFix.none} to migrate by hand.\n`,
    );
  } else {
    lines.push(`No ${report.fix ? 'findings left' : 'uses of deprecated or removed API items'} as of ${report.now}.\n`);
  }
  const { scanned, candidates, linted, skipped } = summary.files;
  const scannedLine = `Scanned ${plural(scanned, 'file')}: ${scanned - candidates} could not contain a finding, ${linted} checked` + (skipped > 0 ? `, ${skipped} skipped.` : '.');
  const { kind, line } = report.verdict;
  const verdict = kind === 'passes' || kind === 'never-fails' ? line : paint('red', line);
  return `${lines.join('\n')}${scannedLine}\n${verdict}\n`;
}

/** A path as the report shows it to people: relative, and never able to drive the terminal. */
function shownPath(file: string, cwd: string): string {
  return printable(displayPath(file, cwd));
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function indent(text: string): string {
  return text.replace(/^(?=.)/gm, '  ');
}
