import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { noDeprecatedApi } from '../../rules/no-deprecated-api.js';
import { NEGATIVE_SILENT, SHAPE_GROUPS, type ShapeCase, type SilentCase } from './endpoint-cases.js';
import { ENDPOINTS, exactly, FIXTURES, lintWithBothRules, NOW, report, ruleTester, sunsetSettings, type EndpointId } from './tester.js';

type MessageId = 'scheduled';

const LATER = '2027-01-15';
const IN_54_DAYS = { date: LATER, days: 'in 54 days' };

/** The five deprecated endpoints moved to 2027-01-15, 54 days after {@link NOW}: all of them scheduled. */
const ALL_LATER = {
  schemaVersion: 1,
  extends: 'bundled',
  items: (Object.keys(ENDPOINTS) as EndpointId[]).map((id) => ({ id, removal: LATER })),
};
const BULK_LATER = { schemaVersion: 1, extends: 'bundled', items: [{ id: 'bulkindexemployees', removal: LATER }] };

function caseAt(c: SilentCase, label: string, extra: Record<string, unknown> = {}) {
  return {
    name: `${c.name} (${label})`,
    code: c.code,
    filename: c.filename,
    languageOptions: c.languageOptions as never,
    settings: sunsetSettings({ ...c.sunset, ...extra }),
  };
}

function scheduledLater(c: ShapeCase) {
  return {
    ...caseAt(c, 'moved to 2027-01-15', { schedule: ALL_LATER }),
    errors: c.reports.map(({ id, via, ...at }) => report<MessageId>('scheduled', id, at, { via, ...IN_54_DAYS })),
  };
}

for (const group of SHAPE_GROUPS) {
  describe(group.title, () => {
    ruleTester.run('no-deprecated-api', noDeprecatedApi, {
      valid: [
        // On 2026-11-22 the bundled endpoints are removed: no-removed-api's business, not this rule's.
        ...group.shapes.map((c) => caseAt(c, 'removed, so silent here')),
        ...group.silent.map((c) => caseAt(c, 'bundled schedule')),
        ...group.silent.map((c) => caseAt(c, 'moved to 2027-01-15', { schedule: ALL_LATER })),
      ],
      invalid: group.shapes.map(scheduledLater),
    });
  });
}

describe('exact messages', () => {
  ruleTester.run('no-deprecated-api', noDeprecatedApi, {
    valid: [],
    invalid: [
      {
        name: 'an endpoint item moved by a schedule override',
        code: "await fetch(`${process.env.GLEAN_URL}/api/index/v1/bulkindexemployees`, { method: 'POST' });",
        settings: sunsetSettings({ schedule: BULK_LATER }),
        errors: [
          exactly('`POST /api/index/v1/bulkindexemployees` is deprecated and will be removed on 2027-01-15, in 54 days; there is no replacement.', {
            line: 1,
            column: 13,
            endColumn: 71,
          }),
        ],
      },
      {
        name: 'the same item through the SDK',
        code: ["import { Glean } from '@gleanwork/api-client';", 'const glean = new Glean({});', "await glean.indexing.people.bulkIndex({ uploadId: 'u1', employees: [] });"].join('\n'),
        settings: sunsetSettings({ schedule: BULK_LATER }),
        errors: [
          exactly("`POST /api/index/v1/bulkindexemployees` (called by the SDK's indexing.people.bulkIndex()) is deprecated and will be removed on 2027-01-15, in 54 days; there is no replacement.", {
            line: 3,
            column: 29,
            endColumn: 38,
          }),
        ],
      },
      {
        name: 'months before the bundled removal date',
        code: "await fetch('/rest/api/v1/listanswers', { method: 'POST' });",
        settings: sunsetSettings({ now: '2026-06-01' }),
        errors: [
          exactly('`POST /rest/api/v1/listanswers` is deprecated and will be removed on 2026-10-15, in 136 days; there is no replacement: answer boards have been removed.', {
            line: 1,
            column: 13,
            endColumn: 39,
          }),
        ],
      },
      {
        name: 'JS: bare name, one day before removal with imminentDays: 0',
        filename: 'file.js',
        code: "export const count = (ds) => post('getdocumentcount', { datasource: ds });",
        settings: sunsetSettings({ now: '2026-10-14', imminentDays: 0 }),
        errors: [
          exactly('`POST /api/index/v1/getdocumentcount` is deprecated and will be removed on 2026-10-15, in 1 day; use `POST /api/index/v1/debug/{datasource}/status`.', {
            line: 1,
            column: 35,
            endColumn: 53,
          }),
        ],
      },
    ],
  });
});

describe('7. the split by date', () => {
  const getUserCount = "await fetch('/api/index/v1/getusercount', { method: 'POST' });";
  const bulk = "await fetch('/api/index/v1/bulkindexemployees', { method: 'POST' });";
  ruleTester.run('no-deprecated-api', noDeprecatedApi, {
    valid: [
      { name: 'removed 38 days ago: reported by no-removed-api instead', code: getUserCount },
      { name: 'the removal day itself', code: getUserCount, settings: sunsetSettings({ now: '2026-10-15' }) },
      { name: 'within the default imminent window', code: getUserCount, settings: sunsetSettings({ now: '2026-09-20' }) },
      { name: 'imminent with imminentDays: 60 after the override', code: bulk, settings: sunsetSettings({ imminentDays: 60, schedule: BULK_LATER }) },
      { name: 'ignore: [bulkindexemployees]', code: bulk, settings: sunsetSettings({ schedule: BULK_LATER }), options: [{ ignore: ['bulkindexemployees'] }] },
    ],
    invalid: [
      {
        name: 'scheduled after a schedule override',
        code: bulk,
        settings: sunsetSettings({ schedule: BULK_LATER }),
        errors: [report<MessageId>('scheduled', 'bulkindexemployees', { line: 1, column: 13, endColumn: 47 }, IN_54_DAYS)],
      },
      {
        name: 'one day outside the default imminent window',
        code: getUserCount,
        settings: sunsetSettings({ now: '2026-09-14' }),
        errors: [report<MessageId>('scheduled', 'getusercount', { line: 1, column: 13, endColumn: 41 }, { days: 'in 31 days' })],
      },
      {
        name: 'ignoring another id keeps the report',
        code: bulk,
        settings: sunsetSettings({ schedule: BULK_LATER }),
        options: [{ ignore: ['getusercount'] }],
        errors: [report<MessageId>('scheduled', 'bulkindexemployees', { line: 1, column: 13, endColumn: 47 }, IN_54_DAYS)],
      },
    ],
  });
});

describe('7. each item is reported by exactly one of the two rules', () => {
  const code = [
    "await fetch('/api/index/v1/bulkindexemployees', { method: 'POST' });",
    "await fetch('/api/index/v1/getdocumentcount', { method: 'POST' });",
    "await fetch('/api/index/v1/getdocumentstatus', { method: 'POST' });",
    "await fetch('/api/index/v1/getusercount', { method: 'POST' });",
    "await fetch('/rest/api/v1/listanswers', { method: 'POST' });",
  ].join('\n');

  it('splits removed and moved items on 2026-11-22', () => {
    const messages = lintWithBothRules(code, { settings: sunsetSettings({ schedule: BULK_LATER }) });
    expect(messages.map((m) => `${m.line} ${m.ruleId}`)).toEqual([
      '1 api-sunset/no-deprecated-api',
      '2 api-sunset/no-removed-api',
      '3 api-sunset/no-removed-api',
      '4 api-sunset/no-removed-api',
      '5 api-sunset/no-removed-api',
    ]);
  });

  it.each([
    ['2026-01-01', 'api-sunset/no-deprecated-api'],
    ['2026-09-15', 'api-sunset/no-removed-api'],
    ['2026-10-15', 'api-sunset/no-removed-api'],
    [NOW, 'api-sunset/no-removed-api'],
  ])('on %s every endpoint is reported once, by %s', (now, ruleId) => {
    const messages = lintWithBothRules(code, { settings: sunsetSettings({ now }) });
    expect(messages.map((m) => `${m.line} ${m.ruleId}`)).toEqual([1, 2, 3, 4, 5].map((line) => `${line} ${ruleId}`));
  });

  it('throws a clear error for an unknown id in ignore', () => {
    expect(() => lintWithBothRules(code, { rules: ['no-deprecated-api'], options: { ignore: ['bulkindexemployee'] } })).toThrow(
      'api-sunset/no-deprecated-api: unknown item id in "ignore": bulkindexemployee. Run "api-sunset schedule" to list the ids.',
    );
  });

  it('throws with the setting’s name for an invalid date', () => {
    expect(() => lintWithBothRules(code, { rules: ['no-deprecated-api'], settings: { 'api-sunset': { now: '2026-13-01' } } })).toThrow(
      "settings['api-sunset'].now: expected a date as YYYY-MM-DD",
    );
  });
});

describe('6. negative set', () => {
  const negativeDir = path.join(FIXTURES, 'negative');
  const fromDisk = (now: string) =>
    readdirSync(negativeDir)
      .sort()
      .map((file) => ({
        name: `test/fixtures/negative/${file} (now ${now})`,
        filename: path.join(negativeDir, file),
        code: readFileSync(path.join(negativeDir, file), 'utf8'),
        settings: sunsetSettings({ now }),
      }));

  // On 2026-01-01 every item of the bundled schedule is still scheduled, so any false positive shows here.
  ruleTester.run('no-deprecated-api', noDeprecatedApi, {
    valid: [...NEGATIVE_SILENT.map((c) => caseAt(c, 'now 2026-01-01', { now: '2026-01-01' })), ...fromDisk(NOW), ...fromDisk('2026-01-01')],
    invalid: [],
  });
});

describe('8. files that cannot hold a finding', () => {
  it('returns no listeners for a file without any API mention', () => {
    const context = {
      id: 'api-sunset/no-deprecated-api',
      options: [],
      settings: sunsetSettings(),
      cwd: process.cwd(),
      filename: 'file.ts',
      physicalFilename: 'file.ts',
      sourceCode: { text: "export const routes = ['/api/v1/chat', '/search', '/policies/:id'];" },
      report: () => undefined,
    } as unknown as Parameters<typeof noDeprecatedApi.create>[0];
    expect(noDeprecatedApi.create(context)).toEqual({});
  });
});
