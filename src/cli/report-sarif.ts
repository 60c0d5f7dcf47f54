import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { adviceOf } from '../judge/messages.js';
import { packageJson } from '../package-files.js';
import { findItem, itemLabel } from '../schedule/ids.js';
import type { ScheduleItem } from '../schedule/types.js';
import { displayPath, isUnchecked, type Finding, type Skipped } from './findings.js';
import type { Report } from './report.js';

/** Relative artifact URIs are resolved against this base, which `originalUriBaseIds` maps to the directory of the run. */
const SRCROOT = '%SRCROOT%';
const FINGERPRINT = 'apiSunsetFinding/v1';
const HOME = 'https://github.com/api-sunset/eslint-plugin-api-sunset';

/**
 * SARIF 2.1.0 for GitHub code scanning and other viewers. One rule per schedule item: an item's
 * rule stays the same when it moves from scheduled to removed (the result's level changes from
 * warning to error), so code scanning keeps the alert and its history; the rule's help says what
 * to migrate to. Results carry a fingerprint that survives line moves and the removal date
 * (fingerprint.ts), relative paths under `%SRCROOT%`, and the schedule item in `properties`.
 * Files that could not be checked (errors) or were left out (warnings) are tool execution
 * notifications. Written here rather than through an ESLint SARIF formatter, whose package pulls
 * a second ESLint into every install.
 */
export function renderSarif(report: Report): string {
  const rules: SarifRule[] = [];
  const ruleIndex = new Map<string, number>();
  const artifacts: SarifArtifact[] = [];
  const artifactIndex = new Map<string, number>();
  const location = (file: string): ArtifactLocation => {
    const where = artifactLocation(report.cwd, file);
    let index = artifactIndex.get(file);
    if (index === undefined) {
      index = artifacts.push({ location: where }) - 1;
      artifactIndex.set(file, index);
    }
    return { ...where, index };
  };
  const results = report.findings.map((finding): SarifResult => {
    const ruleId = `api-sunset/${finding.itemId}`;
    if (!ruleIndex.has(ruleId)) ruleIndex.set(ruleId, rules.push(ruleFor(ruleId, finding, findItem(report.schedule, finding.itemId))) - 1);
    return {
      ruleId,
      ruleIndex: ruleIndex.get(ruleId)!,
      level: finding.status === 'scheduled' ? 'warning' : 'error',
      message: { text: finding.message },
      locations: [{ physicalLocation: { artifactLocation: location(finding.file), region: region(finding) } }],
      ...(finding.fingerprint === undefined ? {} : { partialFingerprints: { [FINGERPRINT]: finding.fingerprint } }),
      properties: { itemId: finding.itemId, item: finding.item, status: finding.status, removal: finding.removal, daysLeft: finding.daysLeft, fix: finding.fix },
    };
  });
  const notifications = report.skipped.map((skipped) => notification(skipped, location(skipped.file)));
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'api-sunset', version: packageJson().version, informationUri: HOME, rules } },
        originalUriBaseIds: { [SRCROOT]: { uri: directoryUri(report.cwd), description: { text: 'The directory api-sunset ran in; result paths are relative to it.' } } },
        artifacts,
        results,
        invocations: [{ executionSuccessful: true, toolExecutionNotifications: notifications }],
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

interface ArtifactLocation {
  uri: string;
  uriBaseId?: string;
  index?: number;
}

interface SarifArtifact {
  location: ArtifactLocation;
}

interface Message {
  text: string;
  markdown?: string;
}

interface SarifRule {
  id: string;
  name?: string;
  shortDescription: Message;
  fullDescription?: Message;
  help?: Message;
  helpUri: string;
  properties?: Record<string, unknown>;
}

interface Region {
  startLine: number;
  startColumn: number;
  endLine?: number;
  endColumn?: number;
}

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: 'error' | 'warning';
  message: Message;
  locations: { physicalLocation: { artifactLocation: ArtifactLocation; region: Region } }[];
  partialFingerprints?: Record<string, string>;
  properties: Record<string, unknown>;
}

/** The rule of one schedule item: what it is, when it goes, and what to use instead. */
function ruleFor(ruleId: string, finding: Finding, item: ScheduleItem | undefined): SarifRule {
  const helpUri = `${HOME}/blob/main/docs/rules/${finding.status === 'scheduled' ? 'no-deprecated-api' : 'no-removed-api'}.md`;
  if (!item) return { id: ruleId, shortDescription: { text: `Schedule item ${finding.itemId}, removal ${finding.removal}` }, helpUri };
  const subject = (code: (text: string) => string) => {
    const { anchor } = item;
    if (anchor.kind === 'operation') return `The endpoint ${code(anchor.operation)}`;
    if (anchor.kind === 'schema') return `The schema ${code(anchor.schema)}`;
    return `The property ${code(anchor.property)} of ${code(anchor.schema)}`;
  };
  const removal = (code: (text: string) => string) => `${subject(code)} is deprecated and removed on ${item.removal}.`;
  const plain = (text: string) => text;
  const inCode = (text: string) => `\`${text}\``;
  // The advice the findings' messages give, with how the fix goes.
  const fix = item.replacement.fix;
  const how = fix === 'auto' ? '`api-sunset fix` rewrites it where the rewrite is provably safe.' : fix === 'suggestion' ? '`api-sunset fix --suggestions` offers a rewrite to review.' : 'It is migrated by hand.';
  const advice = [`${capitalise(adviceOf(item))}. ${how}`];
  const text = [removal(plain), ...advice.map((line) => line.replaceAll('`', ''))].join('\n');
  const markdown = [
    `**${itemLabel(item)}**: ${removal(inCode)}`,
    '',
    ...advice.map((line) => `- ${line}`),
    '',
    `Run \`npx api-sunset schedule\` for the timeline, and see [the rule docs](${helpUri}).`,
  ].join('\n');
  return {
    id: ruleId,
    name: itemLabel(item),
    shortDescription: { text: `${subject(plain)} is removed on ${item.removal}` },
    fullDescription: { text: removal(plain) },
    help: { text, markdown },
    helpUri,
    properties: { tags: ['deprecation', 'api-sunset', item.api], removal: item.removal },
  };
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function region(finding: Pick<Finding, 'line' | 'column' | 'endLine' | 'endColumn'>): Region {
  return { startLine: Math.max(finding.line, 1), startColumn: Math.max(finding.column, 1), endLine: finding.endLine, endColumn: finding.endColumn };
}

function notification(skipped: Skipped, where: ArtifactLocation) {
  const at = skipped.line === undefined ? {} : { region: { startLine: Math.max(skipped.line, 1), startColumn: Math.max(skipped.column ?? 1, 1) } };
  return { level: isUnchecked(skipped) ? 'error' : 'warning', message: { text: skipped.message }, locations: [{ physicalLocation: { artifactLocation: where, ...at } }] };
}

/** A file under the run's directory is relative to `%SRCROOT%`; one outside it keeps its absolute URI. */
function artifactLocation(cwd: string, file: string): ArtifactLocation {
  const relative = displayPath(file, cwd);
  if (relative.startsWith('../') || path.isAbsolute(relative)) return { uri: pathToFileURL(path.resolve(cwd, file)).href };
  return { uri: relative.split('/').map(encodeURIComponent).join('/'), uriBaseId: SRCROOT };
}

function directoryUri(dir: string): string {
  const href = pathToFileURL(dir).href;
  return href.endsWith('/') ? href : `${href}/`;
}
