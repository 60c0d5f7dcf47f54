import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Linter } from 'eslint';
import plugin from '../index.js';
import { isUnchecked, type Finding } from './findings.js';
import type { Report } from './report.js';

/**
 * SARIF 2.1.0, the subset GitHub code scanning reads: one run, the rules that have results, one
 * result per finding with its region, and files that could not be checked (errors) or were left
 * out (warnings) as tool notifications.
 * Written here rather than through an ESLint SARIF formatter, whose package pulls a second ESLint
 * into every install. Each result carries the schedule item it is about in `properties`, so
 * alerts can be filtered by item.
 */
export function renderSarif(report: Report): string {
  const rules: SarifRule[] = [];
  const ruleIndex = new Map<string, number>();
  const artifacts: { location: { uri: string } }[] = [];
  const results: SarifResult[] = [];
  const notifications: SarifNotification[] = [];
  for (const outcome of report.outcomes) {
    const uri = fileUri(report.cwd, outcome.file);
    if (outcome.messages.length === 0) continue;
    const index = artifacts.push({ location: { uri } }) - 1;
    for (const message of outcome.messages) {
      if (!message.ruleId) continue;
      if (!ruleIndex.has(message.ruleId)) ruleIndex.set(message.ruleId, rules.push(ruleDescriptor(message.ruleId)) - 1);
      results.push({
        level: message.severity === 2 ? 'error' : 'warning',
        message: { text: message.message },
        locations: [{ physicalLocation: { artifactLocation: { uri, index }, region: region(message) } }],
        ruleId: message.ruleId,
        ruleIndex: ruleIndex.get(message.ruleId)!,
        ...itemProperties(message, outcome.findings),
      });
    }
  }
  for (const skipped of report.skipped) {
    notifications.push(notification(isUnchecked(skipped) ? 'error' : 'warning', skipped.message, fileUri(report.cwd, skipped.file), skipped.line, skipped.column));
  }
  const log = {
    version: '2.1.0',
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    runs: [
      {
        tool: { driver: { name: 'api-sunset', version: plugin.meta.version, informationUri: 'https://github.com/api-sunset/eslint-plugin-api-sunset', rules } },
        artifacts,
        results,
        invocations: [{ toolConfigurationNotifications: notifications, executionSuccessful: true }],
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

interface SarifRule {
  id: string;
  shortDescription?: { text: string };
  helpUri?: string;
}

interface SarifResult {
  level: 'error' | 'warning';
  message: { text: string };
  locations: { physicalLocation: { artifactLocation: { uri: string; index: number }; region: Region } }[];
  ruleId: string;
  ruleIndex: number;
  properties?: Record<string, unknown>;
}

interface SarifNotification {
  level: 'error' | 'warning';
  message: { text: string };
  locations: { physicalLocation: { artifactLocation: { uri: string }; region?: Region } }[];
}

interface Region {
  startLine: number;
  startColumn: number;
  endLine?: number;
  endColumn?: number;
}

function ruleDescriptor(id: string): SarifRule {
  const name = id.replace(/^api-sunset\//, '');
  const meta = (plugin.rules as Record<string, { meta?: { docs?: { description?: string; url?: string } } }>)[name]?.meta;
  return { id, ...(meta?.docs?.description ? { shortDescription: { text: meta.docs.description } } : {}), ...(meta?.docs?.url ? { helpUri: meta.docs.url } : {}) };
}

function region(message: Pick<Linter.LintMessage, 'line' | 'column' | 'endLine' | 'endColumn'>): Region {
  return {
    startLine: Math.max(message.line, 1),
    startColumn: Math.max(message.column, 1),
    ...(message.endLine === undefined ? {} : { endLine: message.endLine }),
    ...(message.endColumn === undefined ? {} : { endColumn: message.endColumn }),
  };
}

/** The schedule item behind a message, from the findings the rules recorded for the same position and text. */
function itemProperties(message: Linter.LintMessage, findings: Finding[]): { properties?: Record<string, unknown> } {
  const finding = findings.find((f) => f.ruleId === message.ruleId && f.line === message.line && f.column === message.column && f.message === message.message);
  return finding ? { properties: { itemId: finding.itemId, status: finding.status, removal: finding.removal, daysLeft: finding.daysLeft, fix: finding.fix } } : {};
}

function notification(level: SarifNotification['level'], text: string, uri: string, line?: number, column?: number): SarifNotification {
  const where = line === undefined ? {} : { region: { startLine: Math.max(line, 1), startColumn: Math.max(column ?? 1, 1) } };
  return { level, message: { text }, locations: [{ physicalLocation: { artifactLocation: { uri }, ...where } }] };
}

function fileUri(cwd: string, file: string): string {
  return pathToFileURL(path.resolve(cwd, file)).href;
}
