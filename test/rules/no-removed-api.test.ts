import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { noRemovedApi } from '../../rules/no-removed-api.js';
import { NEGATIVE_SILENT, SHAPE_GROUPS, WRAPPER_API_POST, type ShapeCase, type SilentCase } from './endpoint-cases.js';
import { exactly, FIXTURES, JSX, lintWithBothRules, NOW, report, ruleTester, sunsetSettings } from './tester.js';

type MessageId = 'removed' | 'imminent';

const BULK_LATER = { schemaVersion: 1, extends: 'bundled', items: [{ id: 'bulkindexemployees', removal: '2027-01-15' }] };

function valid(c: SilentCase) {
  return { name: c.name, code: c.code, filename: c.filename, languageOptions: c.languageOptions as never, settings: sunsetSettings(c.sunset) };
}

function invalid(c: ShapeCase) {
  return {
    ...valid(c),
    errors: c.reports.map(({ id, via, ...at }) => report<MessageId>('removed', id, at, { via })),
  };
}

for (const group of SHAPE_GROUPS) {
  describe(group.title, () => {
    ruleTester.run('no-removed-api', noRemovedApi, {
      valid: group.silent.map(valid),
      invalid: group.shapes.map(invalid),
    });
  });
}

describe('exact messages, one per shape family', () => {
  ruleTester.run('no-removed-api', noRemovedApi, {
    valid: [],
    invalid: [
      {
        name: 'string: path constant',
        code: "export const USER_COUNT = '/api/index/v1/getusercount';\nexport const count = () => fetch(USER_COUNT, { method: 'POST' });",
        errors: [
          exactly(
            '`POST /api/index/v1/getusercount` was removed on 2026-10-15, 38 days ago; use `POST /api/index/v1/debug/{datasource}/status`.',
            { line: 1, column: 27, endColumn: 55 },
          ),
        ],
      },
      {
        name: 'base URL: axios instance',
        code: ["import axios from 'axios';", "const api = axios.create({ baseURL: process.env.GLEAN_URL + '/rest/api/v1' });", "await api.post('/listanswers', { boardId: 1 });"].join('\n'),
        errors: [exactly('`POST /rest/api/v1/listanswers` was removed on 2026-10-15, 38 days ago; there is no replacement: answer boards have been removed.', { line: 3, column: 16, endColumn: 30 })],
      },
      {
        name: 'bare name: JS wrapper',
        filename: 'file.js',
        code: "export const documentCount = (datasource) => post('getdocumentcount', { datasource });",
        errors: [
          exactly('`POST /api/index/v1/getdocumentcount` was removed on 2026-10-15, 38 days ago; use `POST /api/index/v1/debug/{datasource}/status`.', {
            line: 1,
            column: 51,
            endColumn: 69,
          }),
        ],
      },
      {
        name: 'SDK method',
        code: ["import { Glean } from '@gleanwork/api-client';", 'const glean = new Glean({});', "await glean.indexing.documents.status({ datasource: 'wiki', objectType: 'Page', docId: '1' });"].join('\n'),
        errors: [
          exactly(
            "`POST /api/index/v1/getdocumentstatus` (called by the SDK's indexing.documents.status()) was removed on 2026-10-15, 38 days ago; use `POST /api/index/v1/debug/{datasource}/document`.",
            { line: 3, column: 32, endColumn: 38 },
          ),
        ],
      },
      {
        name: 'SDK standalone function',
        code: ["import { indexingPeopleBulkIndex } from '@gleanwork/api-client/funcs/indexingPeopleBulkIndex.js';", "await indexingPeopleBulkIndex(core, { uploadId: 'u1', employees: [] });"].join('\n'),
        errors: [
          exactly("`POST /api/index/v1/bulkindexemployees` (called by the SDK's indexingPeopleBulkIndex()) was removed on 2026-10-15, 38 days ago; there is no replacement.", {
            line: 2,
            column: 7,
            endColumn: 30,
          }),
        ],
      },
      {
        name: 'SDK react-query hook (TSX)',
        languageOptions: JSX,
        code: [
          "import { useClientAnswersList } from '@gleanwork/api-client/react-query/clientAnswersList.js';",
          'export const Answers = () => <ul>{useClientAnswersList({ request: {} }).data?.answerResults?.length}</ul>;',
        ].join('\n'),
        errors: [
          exactly(
            "`POST /rest/api/v1/listanswers` (called by the SDK's clientAnswersList()) was removed on 2026-10-15, 38 days ago; there is no replacement: answer boards have been removed.",
            { line: 2, column: 35, endColumn: 55 },
          ),
        ],
      },
      {
        name: 'wrapper',
        settings: sunsetSettings({ wrappers: [WRAPPER_API_POST] }),
        code: "await api.post('getusercount', { datasource: 'hr' });",
        errors: [
          exactly('`POST /api/index/v1/getusercount` was removed on 2026-10-15, 38 days ago; use `POST /api/index/v1/debug/{datasource}/status`.', {
            line: 1,
            column: 16,
            endColumn: 30,
          }),
        ],
      },
    ],
  });
});

describe('6. negative set', () => {
  const negativeDir = path.join(FIXTURES, 'negative');
  const negativeFiles = readdirSync(negativeDir).sort();

  it('has fixture files to check', () => {
    expect(negativeFiles.length).toBeGreaterThanOrEqual(15);
  });

  const fromDisk = (now: string) =>
    negativeFiles.map((file) => ({
      name: `test/fixtures/negative/${file} (now ${now})`,
      filename: path.join(negativeDir, file),
      code: readFileSync(path.join(negativeDir, file), 'utf8'),
      settings: sunsetSettings({ now }),
    }));

  // On 2027-06-01 every item of the bundled schedule is removed, so any false positive shows here.
  ruleTester.run('no-removed-api', noRemovedApi, {
    valid: [...NEGATIVE_SILENT.map(valid), ...fromDisk(NOW), ...fromDisk('2027-06-01')],
    invalid: [],
  });
});

describe('7. the split by date', () => {
  ruleTester.run('no-removed-api', noRemovedApi, {
    valid: [
      {
        name: 'an endpoint moved to 2027-01-15 is not yet this rule’s business',
        code: "await fetch('/api/index/v1/bulkindexemployees', { method: 'POST' });",
        settings: sunsetSettings({ schedule: BULK_LATER }),
      },
      {
        name: 'ignore: [getusercount]',
        code: "await fetch('/api/index/v1/getusercount', { method: 'POST' });",
        options: [{ ignore: ['getusercount'] }],
      },
      {
        name: 'imminentDays: 0 the day before removal',
        code: "await fetch('/api/index/v1/getusercount', { method: 'POST' });",
        settings: sunsetSettings({ now: '2026-10-14', imminentDays: 0 }),
      },
      {
        name: 'months before removal',
        code: "await fetch('/api/index/v1/getusercount', { method: 'POST' });",
        settings: sunsetSettings({ now: '2026-06-01' }),
      },
    ],
    invalid: [
      {
        name: 'removed 38 days ago',
        code: "await fetch('/api/index/v1/getusercount', { method: 'POST' });",
        errors: [report<MessageId>('removed', 'getusercount', { line: 1, column: 13, endColumn: 41 })],
      },
      {
        name: 'imminent with imminentDays: 60 after a schedule override',
        code: "await fetch('/api/index/v1/bulkindexemployees', { method: 'POST' });",
        settings: sunsetSettings({ imminentDays: 60, schedule: BULK_LATER }),
        errors: [exactly('`POST /api/index/v1/bulkindexemployees` will be removed on 2027-01-15, in 54 days; there is no replacement.', { line: 1, column: 13, endColumn: 47 })],
      },
      {
        name: 'imminent by messageId',
        code: "await fetch('/api/index/v1/bulkindexemployees', { method: 'PUT' });",
        settings: sunsetSettings({ imminentDays: 60, schedule: BULK_LATER }),
        errors: [report<MessageId>('imminent', 'bulkindexemployees', { line: 1, column: 13, endColumn: 47 }, { date: '2027-01-15', days: 'in 54 days' })],
      },
      {
        name: 'the removal day itself is removed (today)',
        code: "await fetch('/api/index/v1/getusercount', { method: 'POST' });",
        settings: sunsetSettings({ now: '2026-10-15' }),
        errors: [exactly('`POST /api/index/v1/getusercount` was removed on 2026-10-15, today; use `POST /api/index/v1/debug/{datasource}/status`.', { line: 1, column: 13, endColumn: 41 })],
      },
      {
        name: 'the day before removal is imminent (in 1 day)',
        code: "await fetch('/api/index/v1/getusercount', { method: 'POST' });",
        settings: sunsetSettings({ now: '2026-10-14' }),
        errors: [exactly('`POST /api/index/v1/getusercount` will be removed on 2026-10-15, in 1 day; use `POST /api/index/v1/debug/{datasource}/status`.', { line: 1, column: 13, endColumn: 41 })],
      },
      {
        name: 'ignoring another id does not silence getusercount',
        code: "await fetch('/api/index/v1/getusercount', { method: 'POST' });\nawait fetch('/rest/api/v1/listanswers', { method: 'POST' });",
        options: [{ ignore: ['listanswers'] }],
        errors: [report<MessageId>('removed', 'getusercount', { line: 1, column: 13, endColumn: 41 })],
      },
    ],
  });
});

describe('7. settings and options errors', () => {
  const code = "await fetch('/api/index/v1/getusercount', { method: 'POST' });";

  it('throws a clear error for an unknown id in ignore', () => {
    expect(() => lintWithBothRules(code, { rules: ['no-removed-api'], options: { ignore: ['getusercount', 'nope'] } })).toThrow(
      'api-sunset/no-removed-api: unknown item id in "ignore": nope. Run "api-sunset schedule" to list the ids.',
    );
  });

  it('throws for an unknown ignore id even in a file that mentions no API', () => {
    expect(() => lintWithBothRules('export const answer = 42;', { rules: ['no-removed-api'], options: { ignore: ['getusercnt'] } })).toThrow(/unknown item id in "ignore": getusercnt/);
  });

  it('rejects a non-string ignore entry through the option schema', () => {
    expect(() => lintWithBothRules(code, { rules: ['no-removed-api'], options: { ignore: [42] } })).toThrow(/"api-sunset\/no-removed-api":\s+Value 42 should be string/);
  });

  it.each([
    [{ now: '2026-13-01' }, "settings['api-sunset'].now: expected a date as YYYY-MM-DD, found \"2026-13-01\""],
    [{ now: NOW, imminentDays: -1 }, "settings['api-sunset'].imminentDays: expected a whole number of days, 0 or more, found number -1"],
    [{ now: NOW, wrappers: [{ callee: 'api post' }] }, "settings['api-sunset'].wrappers[0].callee"],
    [{ now: NOW, wrappers: [{ callee: 'api.post', path: -1 }] }, "settings['api-sunset'].wrappers[0].path"],
    [{ now: NOW, schedule: { schemaVersion: 1, extends: 'bundled', items: [{ id: 'bulkindexemployees', removal: 'soon' }] } }, "settings['api-sunset'].schedule is invalid"],
  ])('throws with the setting’s name for %j', (raw, expected) => {
    expect(() => lintWithBothRules(code, { settings: { 'api-sunset': raw } })).toThrow(expected);
  });
});

describe('8. files that cannot hold a finding', () => {
  type Context = Parameters<typeof noRemovedApi.create>[0];
  const fakeContext = (text: string, settings: Record<string, unknown> = sunsetSettings()) =>
    ({
      id: 'api-sunset/no-removed-api',
      options: [],
      settings,
      cwd: process.cwd(),
      filename: 'file.ts',
      physicalFilename: 'file.ts',
      sourceCode: { text },
      report: () => {
        throw new Error('no report expected from create()');
      },
    }) as unknown as Context;

  it('returns no listeners for a file that never mentions an API path, endpoint name or the SDK', () => {
    const text = "import express from 'express';\nconst app = express();\napp.get('/api/v1/users/count', (_req, res) => res.json({ count: 3 }));\n";
    expect(noRemovedApi.create(fakeContext(text))).toEqual({});
  });

  it('returns listeners once the file mentions a path prefix, a bare name or the SDK package', () => {
    for (const text of ["const p = '/rest/api/v1/search';", "post('getusercount');", "import { Glean } from '@gleanwork/api-client';"]) {
      expect(Object.keys(noRemovedApi.create(fakeContext(text)))).not.toHaveLength(0);
    }
  });

  it('returns listeners for a file that only calls a declared wrapper', () => {
    const text = "await client.send('v2/things', {});";
    expect(noRemovedApi.create(fakeContext(text))).toEqual({});
    expect(Object.keys(noRemovedApi.create(fakeContext(text, sunsetSettings({ wrappers: [{ callee: 'client.send', prefix: '/api/index' }] }))))).not.toHaveLength(0);
  });
});
