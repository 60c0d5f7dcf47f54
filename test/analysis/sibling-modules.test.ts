import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import type { TSESLint } from '@typescript-eslint/utils';
import { Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeFile, type FileAnalysis } from '../../src/analysis/file-analysis.js';
import { mayContainFinding } from '../../src/analysis/gate.js';
import { readSettings } from '../../src/analysis/settings.js';
import { flatten, type StringPattern } from '../../src/analysis/strings.js';
import { FIXTURES, lintWithBothRules, ROOT, sunsetSettings } from '../rules/tester.js';

const DIR = path.join(FIXTURES, 'sibling-modules');
const settings = readSettings(sunsetSettings(), ROOT);

interface Analysed {
  analysis: FileAnalysis;
  sourceCode: Readonly<TSESLint.SourceCode>;
}

/** The shared analysis of `code` as the file `filename` (default: the file's text on disk). */
function analyse(filename: string, code = readFileSync(filename, 'utf8')): Analysed {
  let result: Analysed | undefined;
  const probe = {
    create(context: TSESLint.RuleContext<string, []>) {
      return {
        Program() {
          result = { analysis: analyzeFile(context.sourceCode, context.physicalFilename, readSettings(context.settings, context.cwd)), sourceCode: context.sourceCode };
        },
      };
    },
  };
  const linter = new Linter({ configType: 'flat', cwd: path.dirname(filename) });
  const messages = linter.verify(
    code,
    [
      {
        files: ['**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}'],
        languageOptions: { parser: tsParser as Linter.Parser },
        plugins: { probe: { rules: { sites: probe } } } as unknown as Linter.Config['plugins'],
        rules: { 'probe/sites': 'error' },
        settings: sunsetSettings(),
      },
    ],
    filename,
  );
  expect(messages.filter((message) => message.fatal || !message.ruleId)).toEqual([]);
  return result!;
}

const text = (pattern: StringPattern | undefined) => pattern && flatten(pattern).text.replaceAll('\u0000', '…');

/** Each site as line, client, method, endpoint, hasBase, url and body text. */
function sitesOf(filename: string, code?: string) {
  const { analysis, sourceCode } = analyse(filename, code);
  return analysis.sites
    .filter((site) => site.client !== 'sdk')
    .sort((a, b) => a.call.range[0] - b.call.range[0])
    .map((site) => ({
      line: site.call.loc.start.line,
      client: site.client,
      method: site.method,
      endpoint: site.endpoint && `${site.endpoint.method} ${site.endpoint.path}`,
      hasBase: site.hasBase,
      url: text(site.url),
      ...(site.importedUrl ? { importedUrl: text(site.importedUrl) } : {}),
      body: site.body && sourceCode.getText(site.body),
    }));
}

function endpointFindings(filename: string, code?: string) {
  return analyse(filename, code)
    .analysis.findings.filter((finding) => finding.kind === 'endpoint')
    .map((finding) => `${finding.node.loc.start.line}:${finding.node.loc.start.column + 1} ${finding.item.aliases[0] ?? finding.item.on}`);
}

describe('an axios instance exported by a sibling module', () => {
  it('joins its base URL to relative paths: endpoint, method, body and hasBase of each call', () => {
    expect(sitesOf(path.join(DIR, 'answers/answers.ts'))).toEqual([
      { line: 4, client: 'axios', method: 'POST', endpoint: 'POST /rest/api/v1/getanswer', hasBase: true, url: '…/rest/api/v1/getanswer', body: '{ id }' },
      { line: 9, client: 'axios', method: 'POST', endpoint: 'POST /rest/api/v1/listanswers', hasBase: true, url: '…/rest/api/v1/listanswers', body: '{ boardId }' },
      { line: 14, client: 'axios', method: 'GET', endpoint: 'GET /rest/api/v1/governance/data/policies/{id}', hasBase: true, url: '…/rest/api/v1/governance/data/policies/…', body: undefined },
      { line: 18, client: 'axios', method: 'POST', endpoint: 'POST /rest/api/v1/search', hasBase: true, url: '…/rest/api/v1/search', body: '{ query }' },
      { line: 22, client: 'axios', method: 'POST', endpoint: 'POST /rest/api/v1/chat', hasBase: true, url: '…/rest/api/v1/chat', body: '{ messages: [{ fragments: [{ text }] }] }' },
    ]);
  });

  it('reads the file that only calls the instance (the text gate lets it through)', () => {
    const file = path.join(DIR, 'governance/policies.js');
    expect(mayContainFinding(readFileSync(file, 'utf8'), settings)).toBe(true);
    expect(sitesOf(file)).toEqual([
      { line: 5, client: 'axios', method: 'GET', endpoint: 'GET /rest/api/v1/governance/data/policies/{id}', hasBase: true, url: '…/rest/api/v1/governance/data/policies/…', body: undefined },
    ]);
  });

  it('follows renamed and default exports, template base URLs with constants, ky and got', () => {
    const sites = sitesOf(path.join(DIR, 'clients/clients.ts'));
    expect(sites.slice(0, 4)).toEqual([
      { line: 8, client: 'axios', method: 'POST', endpoint: 'POST /api/index/v1/debug/{datasource}/status', hasBase: true, url: '…/api/index/v1/debug/…/status', body: "{ objectType: 'Page' }" },
      { line: 12, client: 'axios', method: 'POST', endpoint: 'POST /api/index/v1/indexemployee', hasBase: true, url: '…/api/index/v1/indexemployee', body: '{ employee }' },
      { line: 16, client: 'ky', method: 'POST', endpoint: 'POST /rest/api/v1/insights', hasBase: true, url: '…/rest/api/v1/insights', body: "{ categories: ['ANSWERS'] }" },
      { line: 20, client: 'got', method: 'POST', endpoint: 'POST /api/index/v1/indexemployee', hasBase: true, url: '…/api/index/v1/indexemployee', body: '{ employee }' },
    ]);
  });

  it('gives no endpoint when the base URL has no API prefix, unless the path is a full one', () => {
    // `baseURL: env.GLEAN_URL` is not string-like to the analysis, as in a single file: no base.
    const sites = sitesOf(path.join(DIR, 'clients/clients.ts')).filter((site) => site.line === 24 || site.line === 25);
    expect(sites).toEqual([
      { line: 24, client: 'axios', method: 'POST', endpoint: undefined, hasBase: false, url: '/getanswer', body: '{ id }' },
      { line: 25, client: 'axios', method: 'POST', endpoint: 'POST /rest/api/v1/getanswer', hasBase: false, url: '/rest/api/v1/getanswer', body: '{ id }' },
    ]);
  });

  it('gives no site when the sibling does not import axios (a look-alike `axios.create`)', () => {
    expect(sitesOf(path.join(DIR, 'clients/clients.ts')).filter((site) => site.line === 29)).toEqual([]);
  });

  it('reports a deprecated relative path once, at the path, as before', () => {
    expect(endpointFindings(path.join(DIR, 'answers/answers.ts'))).toEqual(['9:41 listanswers']);
    const messages = lintWithBothRules(readFileSync(path.join(DIR, 'answers/answers.ts'), 'utf8'), { filename: path.relative(ROOT, path.join(DIR, 'answers/answers.ts')) });
    expect(messages.filter((message) => /listanswers/.test(message.message)).map(({ line, column, ruleId }) => ({ line, column, ruleId }))).toEqual([
      { line: 9, column: 41, ruleId: 'api-sunset/no-removed-api' },
    ]);
  });
});

describe('path constants imported from a sibling module', () => {
  const file = path.join(DIR, 'collections/collections.ts');

  it('identify the endpoint; `url` stays what this file shows and `importedUrl` has the rest', () => {
    expect(sitesOf(file)).toEqual([
      { line: 8, client: 'fetch', method: 'POST', endpoint: 'POST /rest/api/v1/getcollection', hasBase: false, url: '……', importedUrl: '…/rest/api/v1/getcollection', body: '{ id }' },
      { line: 13, client: 'axios', method: 'POST', endpoint: 'POST /api/index/v1/getusercount', hasBase: false, url: undefined, importedUrl: '/api/index/v1/getusercount', body: '{ datasource }' },
      { line: 18, client: 'fetch', method: 'GET', endpoint: 'GET /rest/api/v1/governance/data/policies/{id}', hasBase: false, url: undefined, importedUrl: '…/rest/api/v1/governance/data/policies/…', body: undefined },
      { line: 22, client: 'http-method', method: 'POST', endpoint: 'POST /rest/api/v1/chat', hasBase: false, url: undefined, importedUrl: '/rest/api/v1/chat', body: '{ messages: [{ fragments: [{ text }] }] }' },
      { line: 26, client: 'fetch', method: 'POST', endpoint: 'POST /rest/api/v1/search', hasBase: false, url: undefined, importedUrl: '/rest/api/v1/search', body: '{ query }' },
      { line: 30, client: 'fetch', method: 'POST', endpoint: 'POST /rest/api/v1/governance/data/policies/{id}', hasBase: false, url: undefined, importedUrl: '/rest/api/v1/governance/data/policies/…', body: 'update' },
    ]);
  });

  it('are reported where they are written, not again at the importing use', () => {
    expect(endpointFindings(file)).toEqual([]);
    expect(endpointFindings(path.join(DIR, 'paths.ts'))).toEqual(['7:15 getusercount']);
  });
});

describe('what is not followed', () => {
  const at = (name: string) => path.join(DIR, name);

  it('a module that does not exist is harmless', () => {
    const code = ["import { clientApi } from './http/missing.js';", "import { PATHS } from './nowhere.js';", "export const a = clientApi.post('/getanswer', { id: 1 });", 'export const b = fetch(PATHS.GET_COLLECTION);'].join('\n');
    expect(sitesOf(at('missing.ts'), code)).toEqual([{ line: 4, client: 'fetch', method: 'GET', endpoint: undefined, hasBase: false, url: undefined, body: undefined }]);
  });

  it('non-relative imports are not followed, even when the path would name a file', () => {
    const code = ["import { clientApi } from 'http/clientApi.js';", "import { PATHS } from 'paths.js';", "export const a = clientApi.post('/getanswer', { id: 1 });", 'export const b = fetch(PATHS.GET_COLLECTION);'].join('\n');
    expect(sitesOf(at('bare.ts'), code)).toEqual([{ line: 4, client: 'fetch', method: 'GET', endpoint: undefined, hasBase: false, url: undefined, body: undefined }]);
  });

  it('type-only imports and what the sibling itself imports are not followed', () => {
    const code = [
      "import type { clientApi } from './http/clientApi.js';",
      "import { BASE_URL } from './config.js';",
      'declare const api: typeof clientApi;',
      "export const a = api.post('/getanswer', { id: 1 });",
      // config.ts's BASE_URL is `env.GLEAN_URL`: a hole, whatever env.ts would say.
      "export const b = fetch(BASE_URL + '/getanswer', { method: 'POST' });",
    ].join('\n');
    expect(sitesOf(at('types.ts'), code).map((site) => site.endpoint)).toEqual([undefined]);
  });
});

describe('sibling modules on disk', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'api-sunset-siblings-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const user = path.join(tmp, 'user.ts');
  const code = ["import { api } from './api.js';", "export const a = api.post('/getanswer', { id: 1 });"].join('\n');

  it('are read again when they change (cached by modification time)', () => {
    const sibling = path.join(tmp, 'api.ts');
    writeFileSync(sibling, "import axios from 'axios';\nexport const api = axios.create({ baseURL: '/rest/api/v1' });\n");
    utimesSync(sibling, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'));
    expect(sitesOf(user, code).map((site) => site.endpoint)).toEqual(['POST /rest/api/v1/getanswer']);
    writeFileSync(sibling, "import axios from 'axios';\nexport const api = axios.create({ baseURL: '/api/index/v1' });\n");
    utimesSync(sibling, new Date('2026-01-02T00:00:00Z'), new Date('2026-01-02T00:00:00Z'));
    expect(sitesOf(user, code).map((site) => site.endpoint)).toEqual([undefined]);
  });

  it('SDK clients: a renamed export of a required client class counts, a local look-alike class does not', () => {
    writeFileSync(
      path.join(tmp, 'sdk.js'),
      ["const { Glean } = require('@gleanwork/api-client');", 'const g = new Glean({ apiToken: process.env.TOKEN });', 'export { g as glean };'].join('\n'),
    );
    writeFileSync(
      path.join(tmp, 'fake-sdk.ts'),
      ['// not @gleanwork/api-client', 'class Glean { client = { answers: { list: async (_: object) => [] } }; }', 'export const glean = new Glean();'].join('\n'),
    );
    const sdkSites = (specifier: string) =>
      analyse(path.join(tmp, 'sdk-user.ts'), [`import { glean } from '${specifier}';`, 'export const answers = glean.client.answers.list({});'].join('\n')).analysis.sites.map(
        (site) => `${site.client} ${site.sdk?.name} ${site.endpoint?.path}`,
      );
    expect(sdkSites('./sdk.js')).toEqual(['sdk client.answers.list /rest/api/v1/listanswers']);
    expect(sdkSites('./fake-sdk.js')).toEqual([]);
  });

  it('that do not parse are harmless', () => {
    const sibling = path.join(tmp, 'api.ts');
    writeFileSync(sibling, "import axios from 'axios';\nexport const api = axios.create({ baseURL: '/rest/api/v1' \n");
    utimesSync(sibling, new Date('2026-01-03T00:00:00Z'), new Date('2026-01-03T00:00:00Z'));
    // No client instance is known, so `api.post('/getanswer')` is not a request site at all.
    expect(sitesOf(user, code)).toEqual([]);
  });
});

describe('the text gate and relative paths', () => {
  const gate = (...lines: string[]) => mayContainFinding(lines.join('\n'), settings);

  it('lets through a relative service path next to a relative import', () => {
    expect(gate("import { api } from './api.js';", "api.post('/getanswer', { id });")).toBe(true);
    expect(gate("import { api } from '../http/api';", 'api.get(`/governance/data/policies/${id}`);')).toBe(true);
    expect(gate("import { API } from '../paths.js';", 'fetch(`${API}/chat`, init);')).toBe(true);
  });

  it('keeps out generic words elsewhere: hosts, longer names, other paths, no relative import', () => {
    expect(gate("import { api } from './api.js';", "fetch('https://search.vendor.io/api/v1/items');")).toBe(false);
    expect(gate("import { api } from './api.js';", "router.get('/api/search', handler);")).toBe(false);
    expect(gate("import { api } from './api.js';", "navigate('/searchResults');", "const kind = 'search';")).toBe(false);
    expect(gate("import express from 'express';", "router.get('/search', handler);")).toBe(false);
    expect(gate("const { api } = require('./api');", "api.post('/chat', body);")).toBe(false);
  });
});
