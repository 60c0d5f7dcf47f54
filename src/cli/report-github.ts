import { displayPath } from './findings.js';
import type { Report } from './report.js';

/**
 * GitHub Actions workflow commands: each finding becomes an annotation on the pull request's diff.
 * Removed and imminent items are errors, scheduled ones warnings, whatever --fail-on says: the
 * annotation says how bad the use is, the exit code decides the job.
 */
export function renderGithub(report: Report): string {
  const lines = report.findings.map((finding) => {
    const level = finding.status === 'scheduled' ? 'warning' : 'error';
    const properties = {
      file: displayPath(finding.file, report.cwd),
      line: finding.line,
      col: finding.column,
      endLine: finding.endLine,
      endColumn: finding.endColumn,
      title: `api-sunset: ${finding.item}`,
    };
    return `::${level} ${formatProperties(properties)}::${escapeData(finding.message)}`;
  });
  for (const skipped of report.skipped) {
    const properties = {
      file: displayPath(skipped.file, report.cwd),
      ...(skipped.line === undefined ? {} : { line: skipped.line }),
      ...(skipped.column === undefined ? {} : { col: skipped.column }),
      title: 'api-sunset/skipped',
    };
    lines.push(`::warning ${formatProperties(properties)}::${escapeData(skipped.message)}`);
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

function formatProperties(properties: Record<string, string | number>): string {
  return Object.entries(properties)
    .map(([key, value]) => `${key}=${escapeProperty(String(value))}`)
    .join(',');
}

// The escaping the Actions runner undoes (toolkit's command.ts).
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
