import type { Rule } from 'eslint';
import { readSettings } from '../../src/settings.js';
import { recordInSink, resetSinkFor, type SinkEntry } from '../../src/judge/sink.js';
import { findItem } from '../../src/schedule/ids.js';
import { statusOf, type Status } from '../../src/schedule/status.js';

/**
 * A plugin with the real plugin's contract (rule names, `ignore` option, settings, sink records)
 * and fixes that do not depend on the real analysis, so the CLI's fix loop, suggestions, diffs
 * and file handling are tested against fixed, known edits while the rules evolve.
 *
 * It flags identifiers by name: `snippet` (auto-fixed to `text`), `externalSharingOptions`
 * (auto-fixed to a comment line plus `broadSharingOptions`: a fix that inserts a line break),
 * `boardId` (a suggestion: `legacyBoardId`), `location` (no fix) and `searchSessionSatisfaction`
 * (scheduled, no fix). An identifier `crashRule` makes the rule throw, as a rule bug would.
 * Its `no-hardcoded-token` reports string literals that start with `glean_`, as a token secret.
 */
const FLAGGED: Record<string, { itemId: string; fix: SinkEntry['fix']; to?: string }> = {
  snippet: { itemId: 'createannouncement.snippet', fix: 'auto', to: 'text' },
  externalSharingOptions: { itemId: 'policy.externalSharingOptions', fix: 'auto', to: '// was externalSharingOptions\n  broadSharingOptions' },
  boardId: { itemId: 'createannouncement.boardId', fix: 'suggestion', to: 'legacyBoardId' },
  location: { itemId: 'indexemployee.location', fix: 'none' },
  searchSessionSatisfaction: { itemId: 'insights.searchSessionSatisfaction', fix: 'none' },
};

function standInRule(name: string, statuses: Status[]): Rule.RuleModule {
  return {
    meta: { type: 'problem', fixable: 'code', hasSuggestions: true, schema: false, docs: { description: `stand-in for ${name}` } },
    create(context) {
      const settings = readSettings(context.settings as Record<string, unknown>, context.cwd);
      const ignore = ((context.options[0] ?? {}) as { ignore?: string[] }).ignore ?? [];
      const ruleId = `api-sunset/${name}`;
      resetSinkFor(context.physicalFilename, ruleId);
      return {
        Identifier(node) {
          if (node.name === 'crashRule') throw new TypeError('stand-in crashed');
          const flagged = FLAGGED[node.name];
          if (!flagged) return;
          // The stand-in names items by their old ids, which are aliases of the canonical ones.
          const item = findItem(settings.schedule, flagged.itemId)!;
          if (ignore.includes(item.id)) return;
          const status = statusOf(item.removal, settings.now, settings.imminentDays);
          if (!statuses.includes(status.status)) return;
          const message = `${node.name} (${flagged.itemId}) is ${status.status}, removal ${item.removal}.`;
          const to = flagged.to ?? '';
          context.report({
            node,
            message,
            ...(flagged.fix === 'auto' ? { fix: (fixer: Rule.RuleFixer) => fixer.replaceTextRange([node.range![0], node.range![0] + node.name.length], to) } : {}),
            ...(flagged.fix === 'suggestion' ? { suggest: [{ desc: `rename to ${to}`, fix: (fixer: Rule.RuleFixer) => fixer.replaceTextRange([node.range![0], node.range![0] + node.name.length], to) }] } : {}),
          });
          const { start, end } = node.loc!;
          recordInSink(context.physicalFilename, {
            ruleId,
            itemId: item.id,
            item: flagged.itemId,
            status: status.status,
            removal: item.removal,
            daysLeft: status.daysLeft,
            line: start.line,
            column: start.column + 1,
            endLine: end.line,
            endColumn: end.column + 1,
            message,
            fix: flagged.fix,
          });
        },
      };
    },
  };
}

const standInTokenRule: Rule.RuleModule = {
  meta: { type: 'problem', schema: false, docs: { description: 'stand-in for no-hardcoded-token' } },
  create(context) {
    return {
      Literal(node) {
        if (typeof node.value === 'string' && node.value.startsWith('glean_')) context.report({ node, message: 'A token secret is written into the source.' });
      },
    };
  },
};

export const standInPlugin = {
  meta: { name: 'eslint-plugin-api-sunset', version: '0.0.0-stand-in', namespace: 'api-sunset' },
  rules: {
    'no-removed-api': standInRule('no-removed-api', ['removed', 'imminent']),
    'no-deprecated-api': standInRule('no-deprecated-api', ['scheduled']),
    'no-hardcoded-token': standInTokenRule,
  },
};
