import type { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { asInOriginal, describeChanges, pairFindings } from '../../src/cli/fix-changes.js';
import type { Finding } from '../../src/cli/findings.js';
import { findItem, itemLabel } from '../../src/schedule/ids.js';
import { loadBundledSchedule } from '../../src/schedule/load.js';
import { addedErrors } from '../../src/verify/verify-fixes.js';

const RULE = 'api-sunset/no-removed-api';

const SCHEDULE = loadBundledSchedule();

/** A finding of the item an alias names, labelled as reports label it. */
function finding(alias: string, line: number, message: string, fix: Finding['fix'] = 'auto'): Finding {
  const item = findItem(SCHEDULE, alias)!;
  return { file: '/p/a.js', ruleId: RULE, itemId: item.id, item: itemLabel(item), status: 'removed', removal: '2026-10-15', daysLeft: -38, line, column: 3, endLine: line, endColumn: 9, message, fix };
}

function message(line: number, text: string): Linter.LintMessage {
  return { ruleId: RULE, severity: 2, line, column: 3, endLine: line, endColumn: 9, message: text };
}

describe('counting rewritten uses', () => {
  // Renaming externalSharingOptions changes the message of the enabled inside it: the same use, not a fix.
  const before = [
    finding('policy.externalSharingOptions', 2, 'DlpConfig.externalSharingOptions …'),
    finding('policy.enabled', 3, 'ExternalSharingOptions.enabled …', 'suggestion'),
    finding('policy.urlGreenlist', 5, 'InputOptions.urlGreenlist …', 'suggestion'),
    finding('policy.anyoneWithLinkEnabled', 6, 'ExternalSharingOptions.anyoneWithLinkEnabled …', 'none'),
  ];
  const after = [finding('policy.enabled', 4, 'SharingOptions.enabled …', 'suggestion'), finding('policy.urlGreenlist', 6, 'InputOptions.urlGreenlist …', 'suggestion')];

  it('pairs findings by rule, item and message, then by rule and item; what is left before was rewritten', () => {
    const { survivors, rewritten } = pairFindings(before, after);
    expect(survivors).toEqual([
      { index: 1, same: false },
      { index: 2, same: true },
    ]);
    // A use without a rewrite of its own that went away went with another rewrite: not counted.
    expect(rewritten.map((entry) => entry.item)).toEqual(['DlpConfig.externalSharingOptions']);
  });

  it('shows a dry run the findings left at their lines in the unfixed file, with the message they will have', () => {
    const { survivors } = pairFindings(before, after);
    const placed = asInOriginal(
      { file: '/p/a.js', findings: before, messages: before.map((entry) => message(entry.line, entry.message)) },
      { file: '/p/a.js', findings: after, messages: after.map((entry) => message(entry.line, entry.message)) },
      survivors,
    );
    expect(placed.findings.map((entry) => [entry.line, entry.message])).toEqual([
      [3, 'SharingOptions.enabled …'],
      [5, 'InputOptions.urlGreenlist …'],
    ]);
    expect(placed.messages.map((entry) => [entry.line, entry.message])).toEqual([
      [3, 'SharingOptions.enabled …'],
      [5, 'InputOptions.urlGreenlist …'],
    ]);
  });

  it('says what changed, per item', () => {
    const rewritten = [finding('createannouncement.snippet', 1, ''), finding('indexemployee.location', 2, ''), finding('createannouncement.snippet', 3, ''), finding('getusercount', 4, '')];
    expect(describeChanges(SCHEDULE, rewritten)).toEqual([
      'EmployeeInfoDefinition.location removed',
      'POST /api/index/v1/getusercount → POST /api/index/v1/debug/{datasource}/status',
      'SearchResultSnippet.snippet → text ×2',
    ]);
  });
});

describe('addedErrors', () => {
  const error = (code: number, message: string, line = 1) => ({ file: '/p/a.ts', line, column: 1, code, message });

  it('compares by code and message, as many times as each occurs, not by position', () => {
    const before = [error(2307, "Cannot find module './x.js'", 1), error(2322, 'A', 4)];
    const after = [error(2322, 'A', 9), error(2307, "Cannot find module './x.js'", 1), error(2322, 'A', 12), error(2741, 'B', 3)];
    expect(addedErrors(before, after)).toEqual([error(2322, 'A', 12), error(2741, 'B', 3)]);
    expect(addedErrors(after, before)).toEqual([]);
  });
});
