import { createRequire } from 'node:module';
import type { ESLint, Linter } from 'eslint';
import plugin from '../index.js';
import type { Report } from './report.js';

type SarifFormatter = (results: ESLint.LintResult[], data: { cwd: string; rulesMeta: Record<string, unknown> }) => string;

interface SarifResult {
  ruleId?: string;
  message: { text: string };
  locations: { physicalLocation: { region?: { startLine?: number; startColumn?: number } } }[];
  properties?: Record<string, unknown>;
}

interface SarifLog {
  runs: { tool: { driver: { name: string; version?: string; informationUri?: string } }; results: SarifResult[] }[];
}

const require = createRequire(import.meta.url);

/**
 * SARIF 2.1.0 through Microsoft's ESLint formatter (the one GitHub's own ESLint workflow uses), fed
 * ESLint's results as they came. Two additions on top of its output: the tool is named api-sunset,
 * and each result carries the schedule item it is about in `properties`, so code scanning alerts
 * can be filtered by item.
 */
export function renderSarif(report: Report): string {
  const format = require('@microsoft/eslint-formatter-sarif') as SarifFormatter;
  // Only files with something to say: a clean file as an artifact is noise in code scanning.
  const results = report.outcomes
    .filter((outcome) => outcome.failure || outcome.messages.length > 0)
    .map((outcome) => lintResult(outcome.file, outcome.failure ? [outcome.failure] : outcome.messages));
  for (const skipped of report.skipped) {
    if (!report.outcomes.some((outcome) => outcome.file === skipped.file)) {
      results.push(lintResult(skipped.file, [{ ruleId: null, fatal: true, severity: 2, message: skipped.message, line: skipped.line ?? 0, column: skipped.column ?? 0 }]));
    }
  }
  const rulesMeta = Object.fromEntries(Object.entries(plugin.rules).map(([name, rule]) => [`api-sunset/${name}`, (rule as { meta?: unknown }).meta]));
  const log = JSON.parse(format(results, { cwd: report.cwd, rulesMeta })) as SarifLog;
  const run = log.runs[0];
  if (run) {
    run.tool.driver.name = 'api-sunset';
    run.tool.driver.version = plugin.meta.version;
    delete run.tool.driver.informationUri;
    annotateResults(run.results, report);
  }
  return `${JSON.stringify(log, null, 2)}\n`;
}

function lintResult(filePath: string, messages: Linter.LintMessage[]): ESLint.LintResult {
  const errors = messages.filter((message) => message.severity === 2).length;
  return {
    filePath,
    messages,
    suppressedMessages: [],
    errorCount: errors,
    fatalErrorCount: messages.filter((message) => message.fatal).length,
    warningCount: messages.length - errors,
    fixableErrorCount: 0,
    fixableWarningCount: 0,
    usedDeprecatedRules: [],
  };
}

/** The formatter emits one result per rule message in input order; match them back to findings, checking as we go. */
function annotateResults(results: SarifResult[], report: Report): void {
  const findings = report.outcomes.flatMap((outcome) => outcome.findings);
  if (findings.length !== results.length) return;
  results.forEach((result, i) => {
    const finding = findings[i]!;
    const region = result.locations[0]?.physicalLocation.region;
    if (result.ruleId !== finding.ruleId || region?.startLine !== finding.line || result.message.text !== finding.message) return;
    result.properties = { itemId: finding.itemId, status: finding.status, removal: finding.removal, daysLeft: finding.daysLeft, fix: finding.fix };
  });
}
