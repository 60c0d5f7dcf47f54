import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { ESLint, type Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';
import { disableSink, enableSink, type SinkEntry } from '../../src/judge/sink.js';
import { loadBundledSchedule } from '../../src/schedule/index.js';
import { NOW, recommended, ROOT, sunsetSettings } from './tester.js';

const EXAMPLE = path.join(ROOT, 'examples/legacy-client');
const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/;

/**
 * Every endpoint use of `examples/legacy-client/EXPECTED.md` (rows of kind endpoint-*), as
 * `file:line:column itemId`. Where a row gives an `alt` position, the one listed here is the one
 * the implementation reports: an imported path constant is reported where the requesting file
 * reads it (`PATHS.USER_COUNT` in an axios config), not in src/paths.ts.
 */
const EXPECTED_ENDPOINT_FINDINGS = [
  'scripts/nightly-report.mjs:33:24 getusercount',
  'scripts/nightly-report.mjs:39:47 getdocumentstatus',
  'src/answers/answersService.ts:15:41 listanswers',
  'src/answers/answersService.ts:26:42 listanswers',
  'src/paths.ts:14:15 getusercount',
  'src/sync/bulkUpload.js:26:7 bulkindexemployees',
  'src/sync/datasourceHealth.ts:19:63 getdocumentcount',
  'src/sync/datasourceHealth.ts:25:29 getdocumentstatus',
  'src/sync/datasourceHealth.ts:42:10 getusercount',
  'src/sync/datasourceHealth.ts:52:24 getusercount',
  'src/sync/datasourceHealth.ts:71:70 getdocumentcount',
  'src/sync/syncEmployees.ts:78:41 bulkindexemployees',
];

const schedule = loadBundledSchedule();
const endpointIds = new Set(schedule.items.filter((item) => item.anchor.kind === 'operation').map((item) => item.id));
/** EXPECTED.md names items by the ids they had before the documents' marks: today's aliases. */
const aliasOf = (id: string) => schedule.items.find((item) => item.id === id)?.aliases[0] ?? id;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

interface ExpectedRow {
  item: string;
  at: string;
  alt?: string;
  token: string;
}

/** The endpoint rows of EXPECTED.md's Uses table. */
function expectedEndpointRows(): ExpectedRow[] {
  const text = readFileSync(path.join(EXAMPLE, 'EXPECTED.md'), 'utf8');
  const uses = text.slice(text.indexOf('## Uses'), text.indexOf('## Summary'));
  return uses
    .split('\n')
    .filter((line) => line.startsWith('| '))
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .filter((cells) => cells[4]?.startsWith('endpoint-'))
    .map((cells) => {
      const alt = /^([\w./-]+:\d+(?::\d+)?)/.exec(cells[8] ?? '')?.[1];
      return { item: cells[1]!, at: cells[2]!, token: cells[3]!.replace(/^`|`$/g, ''), ...(alt ? { alt } : {}) };
    });
}

describe('examples/legacy-client with the recommended config', { timeout: SLOW_TEST_TIMEOUT }, () => {
  let results: ESLint.LintResult[] = [];
  let sink: Map<string, SinkEntry[]>;

  beforeAll(async () => {
    sink = enableSink();
    const eslint = new ESLint({
      cwd: ROOT,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.{js,mjs,cjs,jsx,ts,mts,cts,tsx}'],
          languageOptions: { parser: tsParser as Linter.Parser },
        },
        recommended,
        { settings: sunsetSettings() },
      ],
    });
    results = await eslint.lintFiles(['examples/legacy-client']);
  }, SLOW_TEST_TIMEOUT);

  afterAll(() => {
    disableSink();
  });

  it('lints every source file of the example', () => {
    const linted = results.map((result) => path.relative(EXAMPLE, result.filePath)).sort();
    expect(linted).toEqual(sourceFiles(EXAMPLE).map((file) => path.relative(EXAMPLE, file)).sort());
    expect(linted.length).toBeGreaterThanOrEqual(20);
  });

  it('raises no parsing or configuration problem', () => {
    const fatal = results.flatMap((result) => result.messages.filter((message) => message.fatal || !message.ruleId));
    expect(fatal).toEqual([]);
  });

  it(`finds exactly the endpoint uses of EXPECTED.md (now ${NOW})`, () => {
    const found = results.flatMap((result) =>
      (sink.get(result.filePath) ?? [])
        .filter((entry) => endpointIds.has(entry.itemId))
        .map((entry) => `${path.relative(EXAMPLE, result.filePath)}:${entry.line}:${entry.column} ${aliasOf(entry.itemId)}`),
    );
    expect(found.sort()).toEqual(EXPECTED_ENDPOINT_FINDINGS);
  });

  it('reports every endpoint finding as an error of no-removed-api with a one-line message', () => {
    const endpointMessages = results.flatMap((result) =>
      result.messages
        .filter((message) => /^`POST \/(?:api\/index|rest\/api)\/v1\/(?:bulkindexemployees|getdocumentcount|getdocumentstatus|getusercount|listanswers)`/.test(message.message))
        .map((message) => ({ file: path.relative(EXAMPLE, result.filePath), line: message.line, column: message.column, ruleId: message.ruleId, severity: message.severity, message: message.message })),
    );
    expect(endpointMessages).toHaveLength(EXPECTED_ENDPOINT_FINDINGS.length);
    for (const message of endpointMessages) {
      expect(message).toMatchObject({ ruleId: 'api-sunset/no-removed-api', severity: 2 });
      expect(message.message).toMatch(/ was removed on 2026-10-15, 38 days ago; (?:use `POST \/api\/index\/v1\/debug\/\{datasource\}\/(?:status|document)`|there is no replacement(?:: answer boards have been removed)?)\.$/);
      expect(message.message).not.toContain('\n');
    }
  });

  it('reports the bulk upload and the wrapper call with their exact messages', () => {
    const messagesOf = (file: string) => results.find((result) => result.filePath === path.join(EXAMPLE, file))!.messages;
    expect(messagesOf('src/sync/datasourceHealth.ts').find((m) => m.line === 19)?.message).toBe(
      '`POST /api/index/v1/getdocumentcount` was removed on 2026-10-15, 38 days ago; use `POST /api/index/v1/debug/{datasource}/status`.',
    );
    expect(messagesOf('src/sync/syncEmployees.ts').find((m) => m.line === 78)?.message).toBe(
      "`POST /api/index/v1/bulkindexemployees` (called by the SDK's indexing.people.bulkIndex()) was removed on 2026-10-15, 38 days ago; there is no replacement.",
    );
  });

  it('keeps the expected list in step with EXPECTED.md (each line is a row’s position or its alt)', () => {
    const rows = expectedEndpointRows();
    expect(rows).toHaveLength(EXPECTED_ENDPOINT_FINDINGS.length);
    for (const row of rows) {
      const chosen = EXPECTED_ENDPOINT_FINDINGS.filter((line) => line.endsWith(` ${row.item}`)).map((line) => line.split(' ')[0]!);
      const accepted = [row.at, ...(row.alt ? [row.alt] : [])];
      expect(chosen.filter((position) => accepted.includes(position)), `${row.at} ${row.item}`).toHaveLength(1);
    }
    // The positions point at the token EXPECTED.md names.
    for (const row of rows) {
      const [file, line, column] = row.at.split(':');
      const text = readFileSync(path.join(EXAMPLE, file!), 'utf8').split('\n')[Number(line) - 1]!;
      expect(text.slice(Number(column) - 1).startsWith(row.token), row.at).toBe(true);
    }
  });
});
