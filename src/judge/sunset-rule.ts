import { ESLintUtils, type TSESLint } from '../ts-eslint-lite.js';
import { itemLabel, resolveItemIds } from '../schedule/ids.js';
import { statusOf, type Status } from '../schedule/status.js';
import type { Schedule } from '../schedule/types.js';
import { fileReport, lintedFile } from './file-report.js';
import { engineMayReport } from '../flow/sessions.js';
import type { Finding } from './findings.js';
import { messageData } from './messages.js';
import type { EslintLanguageOptions } from '../parsers.js';
import { readSettings, type Settings } from '../settings.js';
import { recordInSink, resetSinkFor } from './sink.js';

export interface SunsetRuleOptions {
  ignore: string[];
}

/** Every suggestion describes itself in its data, so one message id serves them all. */
const SUGGESTION = 'suggestion';

const createRule = ESLintUtils.RuleCreator((name) => `https://github.com/api-sunset/eslint-plugin-api-sunset/blob/main/docs/rules/${name}.md`);

/**
 * `no-removed-api` and `no-deprecated-api` read the same per-file analysis and split the findings
 * by status, so each item is reported by exactly one of them on any given day.
 */
export function createSunsetRule<MessageIds extends string>(definition: {
  name: string;
  description: string;
  statuses: Partial<Record<Status, MessageIds>>;
  messages: Record<MessageIds, string>;
}) {
  return createRule<[SunsetRuleOptions], MessageIds | typeof SUGGESTION>({
    name: definition.name,
    meta: {
      type: 'problem',
      docs: { description: definition.description },
      fixable: 'code',
      hasSuggestions: true,
      // ESLint 10 reads defaults from meta; RuleCreator's top-level defaultOptions serve typescript-eslint.
      defaultOptions: [{ ignore: [] }],
      messages: { ...definition.messages, [SUGGESTION]: '{{description}}' },
      schema: [
        {
          type: 'object',
          properties: {
            ignore: {
              type: 'array',
              items: { type: 'string' },
              uniqueItems: true,
              description: 'Schedule item ids (see `api-sunset schedule`) this rule does not report.',
            },
          },
          additionalProperties: false,
        },
      ],
    },
    defaultOptions: [{ ignore: [] }],
    create(context, [{ ignore }]) {
      const settings = readSettings(context.settings, context.cwd);
      const ignored = ignoredIds(settings.schedule, ignore, definition.name);
      const { sourceCode } = context;
      const ruleId = `api-sunset/${definition.name}`;
      // Most files of a project never touch the service: they get no listener at all. Type-aware
      // mode looks at every file, since types carry the service's values without naming it.
      const typed = sourceCode.parserServices?.program != null;
      if (!typed && !mayReport(sourceCode, context.physicalFilename, settings, context.cwd, context.languageOptions)) return {};
      return {
        Program() {
          resetSinkFor(context.physicalFilename, ruleId);
          // The file's findings come from the analysis of its whole project, made once and shared by both rules and all files.
          for (const finding of fileReport(sourceCode, context.physicalFilename, settings, context.cwd, context.languageOptions).findings) {
            if (ignored.has(finding.item.id)) continue;
            const status = statusOf(finding.item.removal, settings.now, settings.imminentDays);
            const messageId = definition.statuses[status.status];
            if (!messageId) continue;
            const data = messageData(finding, status);
            const fixes = finding.kind === 'field' ? finding : undefined;
            context.report({
              node: finding.node,
              messageId,
              data,
              fix: fixes?.fix ?? null,
              suggest: fixes?.suggestions?.map(({ description, fix }) => ({ messageId: SUGGESTION, data: { description }, fix })) ?? null,
            });
            record(context, ruleId, finding, status, definition.messages[messageId], data);
          }
        },
      };
    },
  });
}

const answers = new WeakMap<object, { settings: Settings; may: boolean }>();

/** Whether the engine may report in the file, asked once per file for both rules (ESLint hands them the same SourceCode). */
function mayReport(sourceCode: Readonly<TSESLint.SourceCode>, filename: string, settings: Settings, cwd: string, languageOptions: EslintLanguageOptions): boolean {
  let answer = answers.get(sourceCode);
  if (answer?.settings !== settings) {
    answer = { settings, may: engineMayReport(lintedFile(sourceCode, filename, languageOptions), settings, cwd) };
    answers.set(sourceCode, answer);
  }
  return answer.may;
}

const resolvedIgnores = new WeakMap<readonly string[], { schedule: Schedule; ids: Set<string> }>();

/** The ids an `ignore` option names, resolved once per options array (ESLint hands the same one to every file of a configuration). */
function ignoredIds(schedule: Schedule, ignore: string[], rule: string): Set<string> {
  const known = resolvedIgnores.get(ignore);
  if (known?.schedule === schedule) return known.ids;
  const ids = resolveIgnore(schedule, ignore, rule);
  resolvedIgnores.set(ignore, { schedule, ids });
  return ids;
}

function resolveIgnore(schedule: Schedule, ignore: string[], rule: string): Set<string> {
  const { ids, unknown } = resolveItemIds(schedule, ignore);
  if (unknown.length > 0) {
    throw new Error(`api-sunset/${rule}: unknown item id${unknown.length > 1 ? 's' : ''} in "ignore": ${unknown.join(', ')}. Run "api-sunset schedule" to list the ids.`);
  }
  return new Set(ids);
}

function record(
  context: Readonly<TSESLint.RuleContext<string, unknown[]>>,
  ruleId: string,
  finding: Finding,
  status: ReturnType<typeof statusOf>,
  template: string,
  data: Record<string, string>,
): void {
  const { loc } = finding.node;
  recordInSink(context.physicalFilename, {
    ruleId,
    itemId: finding.item.id,
    item: itemLabel(finding.item),
    status: status.status,
    removal: finding.item.removal,
    daysLeft: status.daysLeft,
    line: loc.start.line,
    column: loc.start.column + 1,
    endLine: loc.end.line,
    endColumn: loc.end.column + 1,
    message: template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => data[key] ?? ''),
    fix: finding.kind === 'field' && finding.fix ? 'auto' : finding.kind === 'field' && finding.suggestions?.length ? 'suggestion' : 'none',
    ...(finding.kind === 'field' && finding.upgrade ? { upgrade: { package: finding.upgrade.package, installed: finding.upgrade.installed, ...(finding.upgrade.release ? { release: finding.upgrade.release } : {}) } } : {}),
  });
}
