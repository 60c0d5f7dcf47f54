import type { Status } from '../schedule/status.js';
import { displayPath, isUnchecked, STATUSES, type Finding, type Skipped } from './findings.js';
import { formatTable, painter, type CliIo, type Colour } from './io.js';
import { printable, printableLines } from './printable.js';
import type { Report } from './report.js';
import { upgradeAdvice } from '../sdk/upgrade.js';
import { uncheckedReason, type Verification } from '../verify/verification.js';

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
  const upgrades = renderUpgrades(report.findings);
  if (upgrades) parts.push(upgrades);
  if (report.findings.length > 0) {
    parts.push(`${paint('bold', `Manual migration: ${plural(report.findings.length, 'finding')} left`)}\n${renderFindings(report.findings, report.cwd, paint)}`);
  }
  if (report.skipped.length > 0) parts.push(renderSkipped(report.skipped, report.cwd));
  parts.push(renderSummary(report, paint));
  return parts.join('\n');
}

function renderChanges(report: Report, paint: Paint): string {
  const { dryRun, changes, verification } = report.fix!;
  const fixed = changes.reduce((sum, change) => sum + change.fixed, 0);
  const parts: string[] = [];
  if (changes.length === 0) {
    const reason = verification?.rolledBack.some(({ to }) => to === 'before') ? 'every fix was rolled back' : report.findings.length === 0 ? 'nothing to fix' : 'no finding has an automatic fix';
    parts.push(`${dryRun ? 'Nothing would change' : 'Nothing changed'}: ${reason}.\n`);
  } else {
    const verb = dryRun ? 'Would fix' : 'Fixed';
    const rows = changes.map((change) => [shownPath(change.file, report.cwd), String(change.fixed), change.changes.join(', ')]);
    const heading = paint('bold', `${verb} ${plural(fixed, 'use')} in ${plural(changes.length, 'file')}${dryRun ? ' (dry run: nothing written)' : ''}:`);
    parts.push(`${heading}\n${indent(formatTable(['FILE', 'USES', 'CHANGES'], rows))}`);
  }
  if (verification) parts.push(renderVerification(verification, report.cwd, paint, dryRun));
  return parts.join('');
}

/** Findings whose rewrite waits for a newer SDK release than the project has: which release to move to first, per item. */
function renderUpgrades(findings: readonly Finding[]): string | undefined {
  const waiting = new Map<string, { count: number; line: string }>();
  for (const { item, upgrade } of findings) {
    if (!upgrade) continue;
    const target = upgradeAdvice(upgrade);
    const key = `${item}\u0000${target}`;
    const known = waiting.get(key) ?? { count: 0, line: `${item}: ${target} (installed: ${upgrade.installed})` };
    known.count++;
    waiting.set(key, known);
  }
  if (waiting.size === 0) return undefined;
  const total = [...waiting.values()].reduce((sum, { count }) => sum + count, 0);
  const lines = [...waiting.values()].map(({ count, line }) => `  ${line}${count > 1 ? ` ×${count}` : ''}`);
  return `Waiting for an SDK upgrade: ${plural(total, 'use')} not fixed because the installed SDK's types cannot hold the change yet:\n${lines.join('\n')}\n`;
}

/** What the type check covered, and each file it rolled back with the errors its fixes would add. */
function renderVerification(verification: Verification, cwd: string, paint: Paint, dryRun: boolean): string {
  const lines: string[] = [];
  for (const project of verification.projects) lines.push(`Type-checked with TypeScript ${project.typescript} (${shownPath(project.config, cwd)})${dryRun ? '' : ' before writing'}.`);
  const reasons = new Map<string, string[]>();
  for (const entry of verification.unchecked) {
    const reason = uncheckedReason(entry, (file) => shownPath(file, cwd));
    reasons.set(reason, [...(reasons.get(reason) ?? []), shownPath(entry.file, cwd)]);
  }
  for (const [reason, files] of reasons) lines.push(`Parse check only for ${files.length <= 3 ? files.join(', ') : plural(files.length, 'file')}: ${printable(reason)}.`);
  const back = verification.rolledBack.filter(({ to }) => to === 'before');
  const partly = verification.rolledBack.filter(({ to }) => to === 'fallback');
  const listErrors = (entries: typeof back) => {
    for (const { file, errors } of entries) {
      lines.push(`  ${shownPath(file, cwd)}`);
      for (const error of errors) lines.push(`    ${shownPath(error.file, cwd)}:${error.line}:${error.column}  TS${error.code}  ${printable(error.message)}`);
      if (errors.length === 0) lines.push('    (rolled back with the others: rolling back files one at a time did not settle)');
    }
  };
  if (partly.length > 0) {
    lines.push('', paint('bold', `Suggestions left out of ${plural(partly.length, 'file')}: they would add type errors, so only the automatic fixes are applied there:`));
    listErrors(partly);
  }
  if (back.length > 0) {
    const one = back.length === 1;
    lines.push('', paint('bold', `Rolled back ${plural(back.length, 'file')}: ${one ? 'its' : 'their'} fixes would add type errors, so ${one ? 'it is' : 'they are'} left as ${one ? 'it was' : 'they were'}:`));
    listErrors(back);
  }
  if (verification.rolledBack.length > 0) {
    lines.push(
      '  What to do: the findings left are in the list below; migrate them by hand where the types allow (the errors say what the types expect),',
      '  or see the rejected change with --no-verify --dry-run.',
    );
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

/** `file:line:col  item  message  [fix: …]`, columns aligned within a file, a blank line between files. */
export function renderFindings(findings: readonly Finding[], cwd: string, paint: Paint): string {
  const groups = new Map<string, Finding[]>();
  for (const finding of findings) groups.set(finding.file, [...(groups.get(finding.file) ?? []), finding]);
  return [...groups.values()]
    .map((group) => {
      const locations = group.map((finding) => `${shownPath(finding.file, cwd)}:${finding.line}:${finding.column}`);
      const locationWidth = Math.max(...locations.map((location) => location.length));
      const idWidth = Math.max(...group.map((finding) => finding.item.length));
      return group
        .map((finding, i) => {
          const location = locations[i]!.padEnd(locationWidth);
          const id = paint(STATUS_COLOUR[finding.status], finding.item) + ' '.repeat(idWidth - finding.item.length);
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
    const itemRows = summary.byItem.map((item) => [item.item, item.status, item.removal, String(item.findings), String(item.autoFixable)]);
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
  return `${lines.join('\n')}${scannedLine}\n${baselineLine(report)}${verdictLine(report, paint)}\n`;
}

function verdictLine(report: Report, paint: Paint): string {
  const { kind, line } = report.verdict;
  return kind === 'passes' || kind === 'never-fails' ? line : paint('red', line);
}

function baselineLine(report: Report): string {
  const { baseline } = report;
  if (!baseline) return '';
  const name = shownPath(baseline.file, report.cwd);
  const stale = baseline.stale === 0 ? '' : `; ${baseline.stale === 1 ? '1 entry records' : `${baseline.stale} entries record`} more uses than are left (run with --update-baseline to shrink it)`;
  return `Baseline ${name}${baseline.updated ? ' (updated)' : ''}: ${plural(baseline.suppressed, 'known use')} left out${stale}.\n`;
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
