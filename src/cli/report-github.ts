import type { Status } from '../schedule/status.js';
import { displayPath, isUnchecked } from './findings.js';
import type { Report } from './report.js';
import { workflowCommand } from './workflow-commands.js';

/**
 * GitHub shows at most 10 error and 10 warning annotations per step (and 10 notices); the rest
 * would be dropped in the order they were printed. So at most this many of each are printed,
 * most severe first, and one notice says how many more the log lists.
 */
export const ANNOTATIONS_PER_LEVEL = 10;

type Level = 'error' | 'warning';

interface Annotation {
  level: Level;
  /** Lower is more severe: removed, imminent, files not checked, scheduled, files left out. */
  rank: number;
  command: string;
}

const STATUS_RANK: Record<Status, number> = { removed: 0, imminent: 1, scheduled: 3 };

/**
 * GitHub Actions workflow commands: each finding becomes an annotation on the pull request's diff.
 * Removed and imminent items are errors, scheduled ones warnings, whatever --fail-on says: the
 * annotation says how bad the use is, the exit code decides the job. Files that could not be
 * checked are errors too (they fail the gate); files the limits left out are warnings.
 */
export function renderGithub(report: Report): string {
  const annotations: Annotation[] = report.findings.map((finding) => ({
    level: finding.status === 'scheduled' ? 'warning' : 'error',
    rank: STATUS_RANK[finding.status],
    command: workflowCommand(
      finding.status === 'scheduled' ? 'warning' : 'error',
      {
        file: displayPath(finding.file, report.cwd),
        line: finding.line,
        col: finding.column,
        endLine: finding.endLine,
        endColumn: finding.endColumn,
        title: `api-sunset: ${finding.item}`,
      },
      finding.message,
    ),
  }));
  for (const skipped of report.skipped) {
    const level: Level = isUnchecked(skipped) ? 'error' : 'warning';
    const properties = {
      file: displayPath(skipped.file, report.cwd),
      ...(skipped.line === undefined ? {} : { line: skipped.line }),
      ...(skipped.column === undefined ? {} : { col: skipped.column }),
      title: `api-sunset/${skipped.reason}`,
    };
    annotations.push({ level, rank: level === 'error' ? 2 : 4, command: workflowCommand(level, properties, skipped.message) });
  }
  // A stable sort: within a rank, the report's order (file, line, column).
  const shown = (level: Level) => annotations.filter((annotation) => annotation.level === level).sort((a, b) => a.rank - b.rank);
  const [errors, warnings] = [shown('error'), shown('warning')];
  const lines = [...errors.slice(0, ANNOTATIONS_PER_LEVEL), ...warnings.slice(0, ANNOTATIONS_PER_LEVEL)].map((annotation) => annotation.command);
  const hidden = Math.max(0, errors.length - ANNOTATIONS_PER_LEVEL) + Math.max(0, warnings.length - ANNOTATIONS_PER_LEVEL);
  if (hidden > 0) {
    lines.push(
      workflowCommand(
        'notice',
        { title: 'api-sunset: more in the log' },
        `${hidden} more annotation${hidden === 1 ? ' is' : 's are'} not shown: GitHub shows ${ANNOTATIONS_PER_LEVEL} errors and ${ANNOTATIONS_PER_LEVEL} warnings per step. The job log lists every finding.`,
      ),
    );
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
