import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';
import { BUILT_CLI, ROOT, runBuiltCli, runCli } from '../helpers/cli.js';
import { copyProject, writeFiles } from './project.js';

// `api-sunset scopes` end to end on the fixture projects under test/fixtures/scopes/, with the real plugin.
const SCOPES = path.join(ROOT, 'test/fixtures/scopes');
const fixture = (name: string) => path.join(SCOPES, name);

const CHAT_INTEGRATION = `Scopes needed: CHAT, SEARCH
This is exactly the spec's "chat integration" combination.

CHAT (Chat API and conversations)
  POST /rest/api/v1/chat    2 uses: src/assistant.ts:5:27, src/paths.ts:4:9

SEARCH (Search queries and autocomplete)
  POST /rest/api/v1/search  3 uses: src/paths.ts:3:11, src/search.ts:6:62, src/search.ts:8:63

Scanned 4 files: 1 could not mention the API, 3 read, 0 skipped.
`;

const MIXED = `Scopes needed: ANSWERS, DATA_GOVERNANCE, INSIGHTS, SEARCH
This is none of the spec's named combinations: create the token with exactly these scopes.

ANSWERS (Answers: managing Q&A content)
  POST /rest/api/v1/getanswer                     2 uses: src/answers.ts:5:60, src/paths.ts:3:11
  POST /rest/api/v1/listanswers                   1 use: src/answers.ts:6:51

DATA_GOVERNANCE (Data governance policies and reports)
  /rest/api/v1/governance/data/policies/{id}      1 use: src/paths.ts:5:27
  GET /rest/api/v1/governance/data/policies/{id}  1 use: src/answers.ts:7:77

INSIGHTS (Usage analytics and reports)
  POST /rest/api/v1/insights                      1 use: src/insights.ts:6:35

SEARCH (Search queries and autocomplete)
  POST /rest/api/v1/search                        2 uses: src/answers.ts:8:62, src/paths.ts:2:11

Scope unknown (the data names none; check the service's documentation before creating the token):
  POST /api/index/v1/indexemployee                2 uses: scripts/sync.mjs:4:15, src/paths.ts:6:19
  POST /rest/api/v1/listcollections               1 use: src/insights.ts:11:35
  POST /rest/api/v1/verify                        1 use: src/paths.ts:4:11

Skipped 1 file (not read):
  src/broken.ts:3:0  Parsing error: '}' expected.

Scanned 5 files: 0 could not mention the API, 4 read, 1 skipped.
`;

describe('api-sunset scopes: text', () => {
  it('prints the smallest scope set with endpoints and locations, and names the matching combination', async () => {
    const { code, stdout, stderr } = await runCli(['scopes'], { cwd: fixture('chat-integration') });
    expect(stderr).toBe('');
    expect(stdout).toBe(CHAT_INTEGRATION);
    expect(code).toBe(0);
  });

  it('lists endpoints whose scope is unknown and files it could not parse; leaves out what .gitignore ignores', async () => {
    const { code, stdout, stderr } = await runCli(['scopes'], { cwd: fixture('mixed') });
    expect(stderr).toBe('');
    expect(stdout).toBe(MIXED);
    // src/generated/ is ignored: its chat path would have added CHAT.
    expect(stdout).not.toContain('CHAT');
    expect(code).toBe(0);
  });

  it('says when no scope is needed', async () => {
    const { code, stdout } = await runCli(['scopes'], { cwd: fixture('no-service') });
    expect(stdout).toBe('Scopes needed: none (no request to an endpoint with a known scope was found).\n\nScanned 2 files: 1 could not mention the API, 1 read, 0 skipped.\n');
    expect(code).toBe(0);
  });

  it('reads the given paths, relative to the current directory', async () => {
    const { stdout } = await runCli(['scopes', 'src/search.ts', 'src/assistant.ts'], { cwd: fixture('chat-integration') });
    expect(stdout).toContain('  POST /rest/api/v1/chat    1 use: src/assistant.ts:5:27\n');
    expect(stdout).toContain('  POST /rest/api/v1/search  2 uses: src/search.ts:6:62, src/search.ts:8:63\n');
    expect(stdout).toContain('Scanned 2 files: 0 could not mention the API, 2 read, 0 skipped.\n');
  });

  it('shows the first three locations of an endpoint and counts the rest', async () => {
    const dir = copyProject();
    const call = "export const s = () => fetch('/rest/api/v1/search', { method: 'POST', body: '{}' });\n";
    writeFiles(dir, Object.fromEntries(['a', 'b', 'c', 'd', 'e'].map((name) => [`${name}.ts`, call])));
    const { stdout } = await runCli(['scopes'], { cwd: dir });
    expect(stdout).toContain('  POST /rest/api/v1/search  5 uses: a.ts:1:30, b.ts:1:30, c.ts:1:30, and 2 more\n');
    expect(stdout).toContain('This is none of the spec\'s named combinations: create the token with exactly these scopes.\n');
  });

  it('takes the endpoint-to-scope map and the combinations from --schedule', async () => {
    const dir = copyProject();
    writeFiles(dir, {
      'schedule.json': JSON.stringify({ schemaVersion: 1, extends: 'bundled', endpoints: [{ endpoint: 'POST /rest/api/v1/getdocument', api: 'client', scope: 'DOCUMENTS' }], items: [] }),
      'src/docs.ts': "export const doc = (id: string) => fetch('/rest/api/v1/getdocument', { method: 'POST', body: JSON.stringify({ id }) });\n",
      'src/search.ts': "export const search = (query: string) => fetch('/rest/api/v1/search', { method: 'POST', body: JSON.stringify({ query }) });\n",
    });
    const { code, stdout } = await runCli(['scopes', '--schedule', 'schedule.json', 'src'], { cwd: dir });
    expect(stdout.split('\n').slice(0, 2)).toEqual(['Scopes needed: DOCUMENTS, SEARCH', 'This is exactly the spec\'s "search application" combination.']);
    expect(stdout).toContain('DOCUMENTS (Document retrieval and metadata)\n  POST /rest/api/v1/getdocument  1 use: src/docs.ts:1:42\n');
    expect(code).toBe(0);
    // Without the schedule, the endpoint is not known.
    expect((await runCli(['scopes', 'src'], { cwd: dir })).stdout).toContain('Scope unknown');
  });
});

describe('api-sunset scopes: --format json', () => {
  it('has a stable shape with every location', async () => {
    const { code, stdout } = await runCli(['scopes', '--format', 'json'], { cwd: fixture('chat-integration') });
    const json = JSON.parse(stdout);
    expect(Object.keys(json)).toEqual(['version', 'scopes', 'combination', 'endpoints', 'unknownScope', 'skipped', 'summary']);
    expect(json).toEqual({
      version: 1,
      scopes: ['CHAT', 'SEARCH'],
      combination: 'chat integration',
      endpoints: [
        {
          endpoint: 'POST /rest/api/v1/chat',
          api: 'client',
          scope: 'CHAT',
          uses: 2,
          locations: [
            { file: 'src/assistant.ts', line: 5, column: 27, via: 'request' },
            { file: 'src/paths.ts', line: 4, column: 9, via: 'path' },
          ],
        },
        {
          endpoint: 'POST /rest/api/v1/search',
          api: 'client',
          scope: 'SEARCH',
          uses: 3,
          locations: [
            { file: 'src/paths.ts', line: 3, column: 11, via: 'path' },
            { file: 'src/search.ts', line: 6, column: 62, via: 'request' },
            { file: 'src/search.ts', line: 8, column: 63, via: 'request' },
          ],
        },
      ],
      unknownScope: [],
      skipped: [],
      summary: { files: { scanned: 4, candidates: 3, analysed: 3, skipped: 0 } },
    });
    expect(code).toBe(0);
  });

  it('gives unknown scopes as null and lists their endpoints, and the skipped files', async () => {
    const json = JSON.parse((await runCli(['scopes', '--format', 'json'], { cwd: fixture('mixed') })).stdout);
    expect(json.combination).toBeNull();
    expect(json.unknownScope).toEqual(['POST /api/index/v1/indexemployee', 'POST /rest/api/v1/listcollections', 'POST /rest/api/v1/verify']);
    expect(json.endpoints.filter((need: { scope: string | null }) => need.scope === null).map((need: { api: string }) => need.api)).toEqual(['indexing', 'client', 'client']);
    expect(json.skipped).toEqual([{ file: 'src/broken.ts', reason: 'parse-error', message: "Parsing error: '}' expected.", line: 3, column: 0 }]);
    expect(json.summary.files).toEqual({ scanned: 5, candidates: 5, analysed: 4, skipped: 1 });
  });
});

describe('api-sunset scopes: usage and exit codes', () => {
  it('prints its help and appears in the command list', async () => {
    const help = await runCli(['scopes', '--help']);
    expect(help.stdout).toMatch(/^Usage: api-sunset scopes \[options\] \[paths\.\.\.\]\n/);
    expect(help.code).toBe(0);
    expect((await runCli(['--help'])).stdout).toContain('  scopes      print the smallest set of token scopes the code needs\n');
  });

  it.each([
    [['scopes', '--format', 'sarif'], '--format expects one of text, json, got "sarif"'],
    [['scopes', '--now', '2026-11-22'], 'unknown option --now'],
    [['scopes', 'no/such/dir'], 'no such file or directory: no/such/dir'],
  ])('exits 2 for %j', async (argv, message) => {
    const { code, stdout, stderr } = await runCli(argv, { cwd: fixture('chat-integration') });
    expect(stderr).toContain(message);
    expect(stderr).toBe(`api-sunset scopes: ${message} (see "api-sunset help scopes")\n`);
    expect(stdout).toBe('');
    expect(code).toBe(2);
  });

  it('exits 2 with the loader message for an invalid schedule', async () => {
    const dir = copyProject();
    writeFileSync(path.join(dir, 'schedule.json'), '{ "schemaVersion": 1, "items": [ { "id": "x" } ] }');
    const { code, stderr } = await runCli(['scopes', '--schedule', 'schedule.json'], { cwd: dir });
    expect(stderr).toMatch(/^api-sunset scopes: invalid schedule:\nschedule\.json: \$/);
    expect(code).toBe(2);
  });

  it('exits 2 when every file that needed reading failed to parse', async () => {
    const dir = copyProject();
    writeFiles(dir, { 'a.ts': '// /rest/api/v1/search\nexport function broken( {\n', 'b.ts': 'export const unrelated = 1;\n' });
    const { code, stdout, stderr } = await runCli(['scopes'], { cwd: dir });
    expect(stdout).toContain('Skipped 1 file (not read):\n  a.ts:3:0  Parsing error:');
    expect(stderr).toBe('api-sunset: none of the 1 file that needed reading could be read and parsed; no scope was determined.\n');
    expect(code).toBe(2);
  });
});

describe('api-sunset scopes: the built CLI', { timeout: SLOW_TEST_TIMEOUT }, () => {
  beforeAll(() => {
    if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: run "npm run build" first`);
  });

  it('runs on a fixture project as a user runs it', async () => {
    const { code, stdout, stderr } = await runBuiltCli(['scopes', 'test/fixtures/scopes/chat-integration', '--format', 'json']);
    expect(stderr).toBe('');
    const json = JSON.parse(stdout);
    expect(json.scopes).toEqual(['CHAT', 'SEARCH']);
    expect(json.combination).toBe('chat integration');
    expect(json.endpoints[0].locations[0].file).toBe('test/fixtures/scopes/chat-integration/src/assistant.ts');
    expect(code).toBe(0);
  });
});

describe('api-sunset scopes on examples/legacy-client', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('finds the scopes of the example, with its path constants', async () => {
    const { code, stdout } = await runCli(['scopes', 'examples/legacy-client', '--format', 'json']);
    const json = JSON.parse(stdout);
    expect(json.scopes).toEqual(['ANNOUNCEMENTS', 'ANSWERS', 'CHAT', 'COLLECTIONS', 'DATA_GOVERNANCE', 'INSIGHTS', 'SEARCH']);
    expect(json.combination).toBeNull();
    expect(json.unknownScope).toEqual(expect.arrayContaining(['POST /api/index/v1/indexemployee', 'POST /api/index/v1/getusercount']));
    expect(code).toBe(0);
  });
});
