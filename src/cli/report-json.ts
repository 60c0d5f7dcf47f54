import { displayPath } from './findings.js';
import type { Report } from './report.js';
import { uncheckedReason, type Verification } from '../verify/verification.js';

/**
 * The documented, stable JSON shape (docs/cli.md): `version` changes only when a property changes
 * meaning or goes away; new properties may be added.
 */
export function renderJson(report: Report): string {
  const relative = (file: string) => displayPath(file, report.cwd);
  const json = {
    version: 1,
    now: report.now,
    ...(report.fix
      ? {
          dryRun: report.fix.dryRun,
          changes: report.fix.changes.map((change) => ({ ...change, file: relative(change.file) })),
          ...(report.fix.verification ? { verification: verificationJson(report.fix.verification, relative) } : {}),
        }
      : {}),
    findings: report.findings.map((finding) => ({
      file: relative(finding.file),
      line: finding.line,
      column: finding.column,
      endLine: finding.endLine,
      endColumn: finding.endColumn,
      itemId: finding.itemId,
      item: finding.item,
      status: finding.status,
      removal: finding.removal,
      daysLeft: finding.daysLeft,
      message: finding.message,
      fix: finding.fix,
      ...(finding.fingerprint === undefined ? {} : { fingerprint: finding.fingerprint }),
      ...(finding.upgrade ? { upgrade: finding.upgrade } : {}),
    })),
    skipped: report.skipped.map((skipped) => ({ ...skipped, file: relative(skipped.file) })),
    ...(report.shard ? { shard: report.shard } : {}),
    ...(report.baseline ? { baseline: { ...report.baseline, file: relative(report.baseline.file) } } : {}),
    summary: report.summary,
  };
  return `${JSON.stringify(json, null, 2)}\n`;
}

function verificationJson(verification: Verification, relative: (file: string) => string) {
  return {
    projects: verification.projects.map((project) => ({ ...project, config: relative(project.config) })),
    verified: verification.verified.map(relative).sort(),
    rolledBack: verification.rolledBack.map(({ file, errors, to }) => ({ file: relative(file), to, errors: errors.map((error) => ({ ...error, file: relative(error.file) })) })),
    unchecked: verification.unchecked.map((entry) => ({ file: relative(entry.file), reason: uncheckedReason(entry, relative) })),
  };
}
