/**
 * The endpoint shapes of issue 3, shared by the suites of both rules: `no-removed-api` expects each
 * listed report as `removed` on 2026-11-22, `no-deprecated-api` expects none of them on that day
 * and all of them as `scheduled` once a schedule override moves the five endpoints to 2027-01-15.
 * Positions are 1-based and were checked by hand against the code: the whole string literal or
 * template that holds the path, or the SDK method / function name.
 */
import path from 'node:path';
import { FIXTURES, JSX, type EndpointId } from './tester.js';

export interface ExpectedReport {
  id: EndpointId;
  line: number;
  column: number;
  endColumn: number;
  via?: string;
}

interface CaseBase {
  name: string;
  code: string;
  filename?: string;
  languageOptions?: { parserOptions?: { ecmaFeatures?: { jsx?: boolean } }; sourceType?: 'module' | 'commonjs' | 'script' };
  /** Extra `settings['api-sunset']` keys (the date is always added). */
  sunset?: Record<string, unknown>;
}

export interface ShapeCase extends CaseBase {
  reports: ExpectedReport[];
}

export type SilentCase = CaseBase;

const lines = (...text: string[]) => text.join('\n');

const LOCAL_SDK = path.join(FIXTURES, 'local-sdk');

export const WRAPPER_API_POST = { callee: 'api.post', path: 0, body: 1, prefix: '/api/index/v1' };

// ---------------------------------------------------------------------------------------------
// 1. A deprecated path anywhere in a string, a template or a concatenation.
// ---------------------------------------------------------------------------------------------
export const STRING_SHAPES: ShapeCase[] = [
  {
    name: 'full URL as a call argument',
    code: "await fetch('https://acme-be.glean.com/api/index/v1/getdocumentstatus', { method: 'POST' });",
    reports: [{ id: 'getdocumentstatus', line: 1, column: 13, endColumn: 71 }],
  },
  {
    name: 'concatenation of two constants at the call: reported at the name',
    code: lines("const INDEX = '/api/index/v1';", "const BULK = '/bulkindexemployees';", "await fetch(INDEX + BULK, { method: 'POST' });"),
    // At the literal that writes the endpoint's name: the part a rename would edit.
    reports: [{ id: 'bulkindexemployees', line: 2, column: 14, endColumn: 35 }],
  },
  {
    name: 'template literal with a constant part',
    code: lines("const INDEX_API = '/api/index/v1';", "await fetch(`${INDEX_API}/getusercount`, { method: 'POST' });"),
    reports: [{ id: 'getusercount', line: 2, column: 13, endColumn: 40 }],
  },
  {
    name: 'unknown base kept as a hole: `${base}/api/index/v1/getusercount`',
    code: lines('export async function count(base: string) {', "  return fetch(`${base}/api/index/v1/getusercount`, { method: 'POST' });", '}'),
    reports: [{ id: 'getusercount', line: 2, column: 16, endColumn: 51 }],
  },
  {
    name: 'new URL(absolute path, base)',
    code: lines("const target = new URL('/api/index/v1/getusercount', process.env.GLEAN_URL);", "await fetch(target, { method: 'POST' });"),
    reports: [{ id: 'getusercount', line: 1, column: 24, endColumn: 52 }],
  },
  {
    name: 'new URL(relative path, base) joins the two',
    code: lines(
      'const INDEX_BASE = `${process.env.GLEAN_URL}/api/index/`;',
      "await fetch(new URL('v1/getdocumentcount', INDEX_BASE), { method: 'POST' });",
    ),
    reports: [{ id: 'getdocumentcount', line: 2, column: 21, endColumn: 42 }],
  },
  {
    name: 'new URL(path, base) passed straight to fetch: one use, one report (at the path)',
    code: "await fetch(new URL('/api/index/v1/getusercount', base), { method: 'POST' });",
    reports: [{ id: 'getusercount', line: 1, column: 21, endColumn: 49 }],
  },
  {
    name: 'new URL(path, base) in a variable named url: one report (at the path)',
    code: lines("const url = new URL('/api/index/v1/getdocumentcount', process.env.GLEAN_URL);", "await fetch(url, { method: 'POST' });"),
    reports: [{ id: 'getdocumentcount', line: 1, column: 21, endColumn: 53 }],
  },
  {
    name: 'query string after the path',
    code: "await fetch('/api/index/v1/getusercount?verbose=true', { method: 'POST' });",
    reports: [{ id: 'getusercount', line: 1, column: 13, endColumn: 54 }],
  },
  {
    name: 'constant reported once at its definition, not again at fetch(URL)',
    code: lines(
      'const USER_COUNT_URL = `${process.env.GLEAN_URL}/api/index/v1/getusercount`;',
      'export async function userCount() {',
      "  return fetch(USER_COUNT_URL, { method: 'POST' });",
      '}',
      'export const again = () => fetch(USER_COUNT_URL);',
    ),
    reports: [{ id: 'getusercount', line: 1, column: 24, endColumn: 76 }],
  },
  {
    name: 'path in a const object reported at the literal, not at PATHS.USER_COUNT',
    code: lines("export const PATHS = { USER_COUNT: '/api/index/v1/getusercount' } as const;", 'export const count = () => axios.post(PATHS.USER_COUNT, {});'),
    reports: [{ id: 'getusercount', line: 1, column: 36, endColumn: 64 }],
  },
  {
    name: 'two constants joined into a third constant: reported once, at the name',
    code: lines(
      "const INDEX_PREFIX = '/api/index/v1';",
      "const USER_COUNT = '/getusercount';",
      'const USER_COUNT_URL = INDEX_PREFIX + USER_COUNT;',
      "await fetch(USER_COUNT_URL, { method: 'POST' });",
    ),
    reports: [{ id: 'getusercount', line: 2, column: 20, endColumn: 35 }],
  },
  {
    name: 'TS: path with `satisfies` and `as const`',
    code: lines("export const STATUS = '/api/index/v1/getdocumentstatus' as const satisfies string;", "export const status = () => fetch(STATUS, { method: 'POST' });"),
    reports: [{ id: 'getdocumentstatus', line: 1, column: 23, endColumn: 56 }],
  },
];

export const STRING_SILENT: SilentCase[] = [
  // A path nobody sends is no use: the engine reports requests, not mentions (docs/detection.md).
  {
    name: 'path constant in a constants module',
    code: lines('// Endpoint paths.', "export const USER_COUNT = '/api/index/v1/getusercount';"),
  },
  {
    name: 'path in a nested config object',
    code: "export const config = { endpoints: { count: '/api/index/v1/getdocumentcount' } };",
  },
  {
    name: 'path inside a log string',
    code: "logger.warn('retrying POST /rest/api/v1/listanswers after a 429');",
  },
  {
    name: 'JS (.js): path in module.exports',
    filename: 'file.js',
    code: lines('module.exports = {', "  LIST_ANSWERS: '/rest/api/v1/listanswers',", '};'),
  },
  {
    name: 'JSX: path in an attribute',
    languageOptions: JSX,
    code: 'export const Legacy = () => <form action="/rest/api/v1/listanswers" method="post" />;',
  },
  {
    name: 'longer names and paths that only start with a deprecated one',
    code: lines(
      "await fetch('/api/index/v1/getusercounts');",
      "await fetch('/rest/api/v1/listanswers2');",
      "await fetch('/api/index/v1/getusercount/history');",
      "await fetch('/api/index/v1/getdocumentcount-v2');",
    ),
  },
  {
    name: 'live endpoints of both APIs',
    code: lines(
      'await fetch(`${base}/rest/api/v1/chat`, { method: "POST" });',
      "await fetch(base + '/rest/api/v1/search', { method: 'POST' });",
      "await fetch('/api/index/v1/indexemployee', { method: 'POST' });",
      "await fetch(`${base}/api/index/v1/debug/${ds}/status`, { method: 'POST' });",
      "await fetch('/api/index/v1/debug/wiki/document', { method: 'POST' });",
    ),
  },
  {
    name: 'a deprecated path in a comment only',
    code: lines('// moved off /api/index/v1/getusercount in 2026', 'export const version = 2;'),
  },
  {
    name: 'another API version of the same name',
    code: "await fetch('/rest/api/v2/listanswers'); // not /rest/api/v1",
  },
  {
    name: 'JS (.js): live endpoint',
    filename: 'file.js',
    code: "module.exports = { SEARCH: '/rest/api/v1/search' };",
  },
];

// ---------------------------------------------------------------------------------------------
// 2. A base URL and a relative path that together form a deprecated path.
// ---------------------------------------------------------------------------------------------
export const BASE_SHAPES: ShapeCase[] = [
  {
    name: "axios.create({ baseURL: x + '/rest/api/v1' }) then .post('/listanswers')",
    code: lines(
      "import axios from 'axios';",
      "const api = axios.create({ baseURL: process.env.GLEAN_URL + '/rest/api/v1' });",
      "export const listAnswers = () => api.post('/listanswers', {});",
    ),
    reports: [{ id: 'listanswers', line: 3, column: 43, endColumn: 57 }],
  },
  {
    name: 'axios instance: only base + path together name the endpoint',
    code: lines("import axios from 'axios';", 'const api = axios.create({ baseURL: `${host}/rest/api` });', "await api.post('/v1/listanswers', {});"),
    reports: [{ id: 'listanswers', line: 3, column: 16, endColumn: 33 }],
  },
  {
    name: 'axios({ baseURL, url }) called directly',
    code: lines("import axios from 'axios';", "await axios({ method: 'post', baseURL: `${host}/api/index`, url: 'v1/getdocumentcount', data: {} });"),
    reports: [{ id: 'getdocumentcount', line: 2, column: 66, endColumn: 87 }],
  },
  {
    name: 'axios config in a variable, then axios.request(config)',
    code: lines(
      "import axios from 'axios';",
      "const config = { method: 'post', baseURL: `${host}/api/index`, url: '/v1/getusercount', data: { datasource: 'hr' } };",
      'await axios.request(config);',
    ),
    reports: [{ id: 'getusercount', line: 2, column: 69, endColumn: 87 }],
  },
  {
    name: 'got.extend({ prefixUrl })',
    code: lines(
      "import got from 'got';",
      'const index = got.extend({ prefixUrl: `${host}/api/index` });',
      "await index.post('v1/getusercount', { json: { datasource: 'hr' } });",
    ),
    reports: [{ id: 'getusercount', line: 3, column: 18, endColumn: 35 }],
  },
  {
    name: 'got with prefixUrl in the options',
    code: lines("import got from 'got';", "await got.post('v1/bulkindexemployees', { prefixUrl: `${host}/api/index`, json: {} });"),
    reports: [{ id: 'bulkindexemployees', line: 2, column: 16, endColumn: 39 }],
  },
  {
    name: 'ky.create({ prefixUrl })',
    code: lines(
      "import ky from 'ky';",
      'const client = ky.create({ prefixUrl: `${host}/rest/api` });',
      "export const list = () => client.post('v1/listanswers', { json: {} }).json();",
    ),
    reports: [{ id: 'listanswers', line: 3, column: 39, endColumn: 55 }],
  },
  {
    name: 'ofetch.create({ baseURL })',
    code: lines(
      "import { ofetch } from 'ofetch';",
      'const api = ofetch.create({ baseURL: `${host}/rest/api` });',
      "await api('v1/listanswers', { method: 'POST', body: {} });",
    ),
    reports: [{ id: 'listanswers', line: 3, column: 11, endColumn: 27 }],
  },
  {
    name: '$fetch with baseURL in the options',
    code: lines("import { $fetch } from 'ofetch';", "await $fetch('v1/getdocumentstatus', { baseURL: `${host}/api/index`, method: 'POST' });"),
    reports: [{ id: 'getdocumentstatus', line: 2, column: 14, endColumn: 36 }],
  },
  {
    name: 'instance stored on this.http (class field)',
    code: lines(
      "import axios from 'axios';",
      'export class AnswersClient {',
      '  private readonly http = axios.create({ baseURL: `${process.env.GLEAN_URL}/rest/api` });',
      '  list() {',
      "    return this.http.post('/v1/listanswers', {});",
      '  }',
      '}',
    ),
    reports: [{ id: 'listanswers', line: 5, column: 27, endColumn: 44 }],
  },
  {
    name: 'JS (.js): instance stored on this.http in the constructor',
    filename: 'file.js',
    code: lines(
      "import axios from 'axios';",
      'export class IndexClient {',
      '  constructor(host) {',
      '    this.http = axios.create({ baseURL: `${host}/api/index` });',
      '  }',
      '  count(datasource) {',
      "    return this.http.post('/v1/getdocumentcount', { datasource });",
      '  }',
      '}',
    ),
    reports: [{ id: 'getdocumentcount', line: 7, column: 27, endColumn: 49 }],
  },
  {
    name: 'CommonJS (.cjs): axios from require()',
    filename: 'file.cjs',
    languageOptions: { sourceType: 'commonjs' },
    code: lines(
      "const axios = require('axios');",
      "const api = axios.create({ baseURL: process.env.GLEAN_URL + '/api/index' });",
      "module.exports = () => api.post('/v1/getusercount', {});",
    ),
    reports: [{ id: 'getusercount', line: 3, column: 33, endColumn: 51 }],
  },
];

export const BASE_SILENT: SilentCase[] = [
  {
    name: "another service's base URL",
    code: lines(
      "import axios from 'axios';",
      "const jira = axios.create({ baseURL: 'https://jira.example.com/rest/api/2' });",
      "await jira.post('/v1/listanswers', {});",
      "await jira.get('/search');",
    ),
  },
  {
    name: 'relative path without a base',
    code: lines("import axios from 'axios';", "await axios.post('/v1/listanswers', {});", '// /rest/api/v1 is configured elsewhere'),
  },
  {
    name: 'live endpoints through an instance',
    code: lines(
      "import axios from 'axios';",
      'const api = axios.create({ baseURL: `${host}/rest/api/v1` });',
      "await api.post('/chat', {});",
      "await api.post('/search', {});",
      "await api.post('/getanswer', {});",
    ),
  },
  {
    name: 'got prefixUrl of another API',
    code: lines("import got from 'got';", "const gh = got.extend({ prefixUrl: 'https://api.github.com/repos' });", "await gh.get('acme/listanswers2');"),
  },
];

// ---------------------------------------------------------------------------------------------
// 3. The bare name of a deprecated endpoint passed to a call or used as a url/path/endpoint.
// ---------------------------------------------------------------------------------------------
export const BARE_NAME_SHAPES: ShapeCase[] = [
  {
    name: "post('getdocumentcount', body) with the prefix in another module",
    code: lines("import { post } from './indexApi.js';", "export const documentCount = (datasource: string) => post('getdocumentcount', { datasource });"),
    reports: [{ id: 'getdocumentcount', line: 2, column: 59, endColumn: 77 }],
  },
  {
    name: "request('/getusercount', body)",
    code: "export const userCount = () => request('/getusercount', { datasource: 'hr' });",
    reports: [{ id: 'getusercount', line: 1, column: 40, endColumn: 55 }],
  },
  {
    name: 'template `${API}/getusercount` passed to a call',
    code: lines("import { INDEX_API } from './env.js';", 'await callIndex(`${INDEX_API}/getusercount`, {});'),
    reports: [{ id: 'getusercount', line: 2, column: 17, endColumn: 44 }],
  },
  {
    name: 'bare name with a query string',
    code: "await post('getusercount?debug=1', {});",
    reports: [{ id: 'getusercount', line: 1, column: 12, endColumn: 34 }],
  },
  {
    name: 'bare names in a conditional argument',
    code: "await post(legacy ? 'getusercount' : 'debug/hr/status', { datasource: 'hr' });",
    reports: [{ id: 'getusercount', line: 1, column: 21, endColumn: 35 }],
  },
  {
    name: 'bare name as the default of a parameter named endpoint',
    code: "export const count = (endpoint = 'getdocumentcount') => post(endpoint, {});",
    reports: [{ id: 'getdocumentcount', line: 1, column: 34, endColumn: 52 }],
  },
  {
    name: 'JS (.mjs): wrapper call with a bare name',
    filename: 'file.mjs',
    code: lines("import { post } from './indexApi.mjs';", "export const status = (id) => post('getdocumentstatus', { id });"),
    reports: [{ id: 'getdocumentstatus', line: 2, column: 36, endColumn: 55 }],
  },
];

export const BARE_NAME_SILENT: SilentCase[] = [
  // A bare name in an object or variable that no request takes is no use either.
  {
    name: 'url / path / endpoint keys of an object',
    code: lines(
      "export const a = { method: 'POST', url: 'getusercount' };",
      "export const b = { path: '/listanswers' };",
      "export const c = { endpoint: 'getdocumentstatus' };",
    ),
  },
  {
    name: 'a variable named endpoint, and an assignment to .url',
    code: lines("const endpoint = 'bulkindexemployees';", "request.url = 'getdocumentstatus';"),
  },
  {
    name: 'a bare name passed to a call that does not send a request is not a use',
    code: lines(
      "import path from 'node:path';",
      "describe('getusercount', () => { it('listanswers', () => {}); });",
      "const label = t('listanswers');",
      "el.classList.add('getdocumentstatus');",
      "const fixture = path.join(__dirname, 'getusercount');",
      "logger.info('bulkindexemployees');",
      "const API = '/api/index/v1';",
    ),
  },
  {
    name: 'generic and look-alike names never match',
    code: lines(
      "await post('chat', body);",
      "await post('search', body);",
      "await post('/listanswers2', body);",
      "await post('getusercounts', body);",
      "await request('/chat', body);",
    ),
  },
  {
    name: 'a bare name under a non-URL key',
    code: "export const job = { name: 'getusercount', label: 'getdocumentcount', op: 'listanswers' };",
  },
  {
    name: 'a bare name inside a longer log message',
    code: "logger.info('getusercount took 3ms'); logger.info(`listanswers failed: ${error}`);",
  },
  {
    name: 'a bare name compared or switched on',
    code: lines("if (op === 'getdocumentcount') run();", "switch (op) { case 'getusercount': break; }"),
  },
  {
    name: 'bare names as object keys and in a non-URL variable',
    code: lines("export const handlers = { getusercount: () => 1, 'listanswers': () => 2 };", "const label = 'bulkindexemployees';", 'show(label.length);'),
  },
];

// ---------------------------------------------------------------------------------------------
// 4. Official SDK calls.
// ---------------------------------------------------------------------------------------------
export const SDK_SHAPES: ShapeCase[] = [
  {
    name: 'glean.indexing.documents.count() on new Glean()',
    code: lines(
      "import { Glean } from '@gleanwork/api-client';",
      "const glean = new Glean({ apiToken: process.env.GLEAN_API_TOKEN, instance: 'acme' });",
      "export const count = () => glean.indexing.documents.count({ datasource: 'wiki' });",
    ),
    reports: [{ id: 'getdocumentcount', line: 3, column: 53, endColumn: 58, via: 'indexing.documents.count' }],
  },
  {
    name: 'destructuring: const { client } = glean',
    code: lines(
      "import { Glean } from '@gleanwork/api-client';",
      'const glean = new Glean({});',
      'const { client } = glean;',
      'await client.answers.list({});',
    ),
    reports: [{ id: 'listanswers', line: 4, column: 22, endColumn: 26, via: 'client.answers.list' }],
  },
  {
    name: 'nested destructuring: const { indexing: { people } } = glean',
    code: lines(
      "import { Glean } from '@gleanwork/api-client';",
      'const glean = new Glean({});',
      'const { indexing: { people } } = glean;',
      "await people.count({ datasource: 'hr' });",
    ),
    reports: [{ id: 'getusercount', line: 4, column: 14, endColumn: 19, via: 'indexing.people.count' }],
  },
  {
    name: 'this.glean as a class field',
    code: lines(
      "import { Glean } from '@gleanwork/api-client';",
      'export class Health {',
      '  private glean = new Glean({});',
      '  run() {',
      "    return this.glean.indexing.people.count({ datasource: 'hr' });",
      '  }',
      '}',
    ),
    reports: [{ id: 'getusercount', line: 5, column: 39, endColumn: 44, via: 'indexing.people.count' }],
  },
  {
    name: 'this.glean assigned in the constructor',
    code: lines(
      "import { Glean } from '@gleanwork/api-client';",
      'export class Answers {',
      '  private readonly glean: Glean;',
      '  constructor(apiToken: string) {',
      '    this.glean = new Glean({ apiToken });',
      '  }',
      '  list() {',
      '    return this.glean.client.answers.list({});',
      '  }',
      '}',
    ),
    reports: [{ id: 'listanswers', line: 8, column: 38, endColumn: 42, via: 'client.answers.list' }],
  },
  {
    name: 'a factory function returning new Glean()',
    code: lines(
      "import { Glean } from '@gleanwork/api-client';",
      'function makeGlean() {',
      '  return new Glean({ apiToken: process.env.GLEAN_API_TOKEN });',
      '}',
      'const glean = makeGlean();',
      "await glean.indexing.documents.status({ datasource: 'wiki', objectType: 'Page', docId: '1' });",
    ),
    reports: [{ id: 'getdocumentstatus', line: 6, column: 32, endColumn: 38, via: 'indexing.documents.status' }],
  },
  {
    name: 'an arrow factory called in the chain',
    code: lines(
      "import { Glean } from '@gleanwork/api-client';",
      'const getGlean = () => new Glean({ apiToken: process.env.GLEAN_API_TOKEN });',
      'await getGlean().indexing.people.bulkIndex({ uploadId: "u1", employees: [] });',
    ),
    reports: [{ id: 'bulkindexemployees', line: 3, column: 34, endColumn: 43, via: 'indexing.people.bulkIndex' }],
  },
  {
    name: 'renamed and namespace imports of the client class',
    code: lines(
      "import { Glean as Sdk } from '@gleanwork/api-client';",
      "import * as api from '@gleanwork/api-client';",
      'const a = new Sdk({});',
      'const b = new api.Glean({});',
      'await a.indexing.people.count({});',
      'await b.indexing.documents.count({});',
    ),
    reports: [
      { id: 'getusercount', line: 5, column: 25, endColumn: 30, via: 'indexing.people.count' },
      { id: 'getdocumentcount', line: 6, column: 28, endColumn: 33, via: 'indexing.documents.count' },
    ],
  },
  {
    name: "a parameter typed with the SDK's client class",
    code: lines(
      "import type { Glean } from '@gleanwork/api-client';",
      'export async function syncCounts(glean: Glean) {',
      "  return glean.indexing.people.count({ datasource: 'hr' });",
      '}',
    ),
    reports: [{ id: 'getusercount', line: 3, column: 32, endColumn: 37, via: 'indexing.people.count' }],
  },
  {
    name: 'CommonJS (.cjs): require() of the SDK',
    filename: 'file.cjs',
    languageOptions: { sourceType: 'commonjs' },
    code: lines(
      "const { Glean } = require('@gleanwork/api-client');",
      'const glean = new Glean({ apiToken: process.env.GLEAN_INDEXING_TOKEN });',
      'module.exports = (employees) => glean.indexing.people.bulkIndex({ uploadId: "u1", employees });',
    ),
    reports: [{ id: 'bulkindexemployees', line: 3, column: 55, endColumn: 64, via: 'indexing.people.bulkIndex' }],
  },
  {
    name: 'CommonJS require() in a .js file linted with the default sourceType (module)',
    filename: 'file.js',
    code: lines(
      "const { Glean } = require('@gleanwork/api-client');",
      'const glean = new Glean({ apiToken: process.env.GLEAN_INDEXING_TOKEN });',
      'module.exports = (employees) => glean.indexing.people.bulkIndex({ uploadId: "u1", employees });',
    ),
    reports: [{ id: 'bulkindexemployees', line: 3, column: 55, endColumn: 64, via: 'indexing.people.bulkIndex' }],
  },
  {
    name: 'standalone function from funcs/<name>.js',
    code: lines(
      "import { GleanCore } from '@gleanwork/api-client/core.js';",
      "import { indexingPeopleCount } from '@gleanwork/api-client/funcs/indexingPeopleCount.js';",
      'const core = new GleanCore({});',
      "const result = await indexingPeopleCount(core, { datasource: 'hr' });",
    ),
    reports: [{ id: 'getusercount', line: 4, column: 22, endColumn: 41, via: 'indexingPeopleCount' }],
  },
  {
    name: 'standalone function from funcs/<name> without .js, renamed',
    code: lines(
      "import { indexingDocumentsStatus as docStatus } from '@gleanwork/api-client/funcs/indexingDocumentsStatus';",
      'export const status = (core: never) => docStatus(core, {});',
    ),
    reports: [{ id: 'getdocumentstatus', line: 2, column: 40, endColumn: 49, via: 'indexingDocumentsStatus' }],
  },
  {
    name: 'react-query hook in a component (TSX)',
    languageOptions: JSX,
    code: lines(
      "import { useIndexingPeopleCountMutation } from '@gleanwork/api-client/react-query/indexingPeopleCount.js';",
      'export function UserCount() {',
      '  const { mutate } = useIndexingPeopleCountMutation();',
      "  return <button onClick={() => mutate({ request: { datasource: 'hr' } })}>count</button>;",
      '}',
    ),
    reports: [{ id: 'getusercount', line: 3, column: 22, endColumn: 52, via: 'indexingPeopleCount' }],
  },
  {
    name: 'react-query query hook without .js',
    code: lines(
      "import { useClientAnswersListSuspense } from '@gleanwork/api-client/react-query/clientAnswersList';",
      'export const useAnswers = () => useClientAnswersListSuspense({ request: {} });',
    ),
    reports: [{ id: 'listanswers', line: 2, column: 33, endColumn: 61, via: 'clientAnswersList' }],
  },
  {
    name: "client imported from a local module (import { glean } from '../glean.js')",
    filename: path.join(LOCAL_SDK, 'sync/health.ts'),
    code: lines(
      "import type { GetUserCountRequest } from '@gleanwork/api-client/models/components';",
      "import { glean } from '../glean.js';",
      "const request: GetUserCountRequest = { datasource: 'hr' };",
      'export const users = await glean.indexing.people.count(request);',
    ),
    reports: [{ id: 'getusercount', line: 4, column: 50, endColumn: 55, via: 'indexing.people.count' }],
  },
  {
    name: 'client imported from a local module, in a file that names nothing else of the API',
    filename: path.join(LOCAL_SDK, 'sync/documents.ts'),
    code: lines("import { glean } from '../glean.js';", "export const documents = await glean.indexing.documents.count({ datasource: 'wiki' });"),
    reports: [{ id: 'getdocumentcount', line: 2, column: 57, endColumn: 62, via: 'indexing.documents.count' }],
  },
  {
    name: 'client as the default export of a local module',
    filename: path.join(LOCAL_SDK, 'answers.ts'),
    code: lines("import sdk from './default-client.js';", '// Client API: /rest/api/v1', 'export const answers = () => sdk.client.answers.list({});'),
    reports: [{ id: 'listanswers', line: 3, column: 49, endColumn: 53, via: 'client.answers.list' }],
  },
];

export const SDK_SILENT: SilentCase[] = [
  {
    name: "another SDK's client.answers.list() and client.insights.retrieve()",
    code: lines(
      "import { IntranetClient } from '@acme/intranet-sdk';",
      "import type { ChatRequest } from '@gleanwork/api-client/models/components';",
      'const client = new IntranetClient({ token: process.env.INTRANET_TOKEN });',
      'await client.answers.list({ boardId: 7 });',
      "await client.insights.retrieve({ id: 'q3' });",
      'await client.announcements.create({ title: "hi" });',
      'export type Req = ChatRequest;',
    ),
  },
  {
    name: 'prisma.announcement.create',
    code: lines(
      "import { PrismaClient } from '@prisma/client';",
      'const prisma = new PrismaClient();',
      "await prisma.announcement.create({ data: { title: 'Welcome' } });",
      '// mirrors POST /rest/api/v1/createannouncement',
    ),
  },
  {
    name: 'look-alike method chain on an object that is not from the SDK',
    code: lines(
      "// Wraps @gleanwork/api-client in tests; this object is a stub.",
      'const glean = { indexing: { documents: { count: async (_: unknown) => 0 } }, client: { answers: { list: async () => [] } } };',
      'await glean.indexing.documents.count({});',
      'await glean.client.answers.list();',
    ),
  },
  {
    name: 'a class named Glean from another package',
    code: lines("import { Glean } from 'glean-lookalike';", 'const glean = new Glean({});', 'await glean.indexing.people.count({});', '// not @gleanwork/api-client'),
  },
  {
    name: 'top-level glean.chat.create (POST /api/chat) and live SDK methods',
    code: lines(
      "import { Glean } from '@gleanwork/api-client';",
      'const glean = new Glean({});',
      "await glean.chat.create({ input: 'hi' });",
      'await glean.client.chat.create({ messages: [] });',
      "await glean.client.search.query({ query: 'x' });",
      'await glean.indexing.people.index({ employee: { email: "a@b.c", department: "x" } });',
      "await glean.client.answers.retrieve({ id: 1 });",
    ),
  },
  {
    name: 'a live standalone function, and a same-named function from a local module',
    code: lines(
      "import { indexingPeopleIndex } from '@gleanwork/api-client/funcs/indexingPeopleIndex.js';",
      "import { indexingPeopleCount } from './my-funcs.js';",
      'await indexingPeopleIndex(core, {});',
      'await indexingPeopleCount(core, {});',
    ),
  },
  {
    name: 'a local module exporting a home-made object shaped like the client',
    filename: path.join(LOCAL_SDK, 'fake-user.ts'),
    code: lines(
      "import { glean } from './fake-glean.js';",
      '// not the @gleanwork/api-client client',
      'await glean.indexing.people.count({});',
      'await glean.client.answers.list({});',
    ),
  },
];

// ---------------------------------------------------------------------------------------------
// 5. User-declared wrappers.
// ---------------------------------------------------------------------------------------------
export const WRAPPER_SHAPES: ShapeCase[] = [
  {
    name: "wrapper api.post with prefix '/api/index/v1'",
    sunset: { wrappers: [WRAPPER_API_POST] },
    code: "export const count = () => api.post('getusercount', { datasource: 'hr' });",
    reports: [{ id: 'getusercount', line: 1, column: 37, endColumn: 51 }],
  },
  {
    name: 'wrapper callee reached through this (this.api.post)',
    sunset: { wrappers: [WRAPPER_API_POST] },
    code: lines('export class Index {', '  status(id: string) {', "    return this.api.post('getdocumentstatus', { id });", '  }', '}'),
    reports: [{ id: 'getdocumentstatus', line: 3, column: 26, endColumn: 45 }],
  },
  {
    name: 'only the declared prefix makes the path a service path',
    sunset: { wrappers: [{ callee: 'client.send', path: 0, body: 1, prefix: '/api/index' }] },
    code: "await client.send('v1/getdocumentcount', { datasource: 'wiki' });",
    reports: [{ id: 'getdocumentcount', line: 1, column: 19, endColumn: 40 }],
  },
  {
    name: 'path argument at index 1',
    sunset: { wrappers: [{ callee: 'call', path: 1, body: 2, prefix: '/rest/api' }] },
    code: "await call(token, 'v1/listanswers', {});",
    reports: [{ id: 'listanswers', line: 1, column: 19, endColumn: 35 }],
  },
];

export const WRAPPER_SILENT: SilentCase[] = [
  {
    name: 'the same call without the wrapper setting',
    code: "await client.send('v1/getdocumentcount', { datasource: 'wiki' });",
  },
  {
    name: 'a wrapper call to a live endpoint',
    sunset: { wrappers: [{ callee: 'client.send', path: 0, body: 1, prefix: '/api/index' }] },
    code: "await client.send('v1/indexemployee', { employee: {} });",
  },
  {
    name: 'another callee than the declared one',
    sunset: { wrappers: [{ callee: 'client.send', path: 0, body: 1, prefix: '/api/index' }] },
    code: "await other.send('v1/getdocumentcount', {}); await client.receive('v1/getdocumentcount');",
  },
];

export const SHAPE_GROUPS: { title: string; shapes: ShapeCase[]; silent: SilentCase[] }[] = [
  { title: '1. deprecated paths in strings, templates and concatenations', shapes: STRING_SHAPES, silent: STRING_SILENT },
  { title: '2. base URL + relative path', shapes: BASE_SHAPES, silent: BASE_SILENT },
  { title: '3. bare endpoint names', shapes: BARE_NAME_SHAPES, silent: BARE_NAME_SILENT },
  { title: '4. SDK calls', shapes: SDK_SHAPES, silent: SDK_SILENT },
  { title: '5. user-declared wrappers', shapes: WRAPPER_SHAPES, silent: WRAPPER_SILENT },
];

/** Silent shapes from the negative list that are not part of a group above. */
export const NEGATIVE_SILENT: SilentCase[] = [
  {
    name: 'unrelated URLs with /policies/ and /v1/chat',
    code: lines(
      "await fetch('https://hr.example.com/api/v1/policies/42');",
      "await fetch(`${CMS}/policies/${id}/versions`);",
      "await fetch('https://support.example.com/v1/chat', { method: 'POST' });",
      '// the service lives under /rest/api/v1',
    ),
  },
  {
    name: "OpenAI's /v1/chat/completions",
    code: lines(
      "const res = await fetch('https://api.openai.com/v1/chat/completions', { method: 'POST', body: JSON.stringify({ model: 'gpt-4o', messages }) });",
      'const data = await res.json();',
      'console.log(data.choices[0].message.content, data.citations);',
      "await fetch('/api/index/v1/indexemployee', { method: 'POST' });",
    ),
  },
  {
    name: 'log strings that only mention endpoint names in prose',
    code: lines(
      "logger.info('nightly getusercount replacement: debug/{datasource}/status');",
      'logger.warn(`listanswers is gone since 2026-10-15, skipping ${boardId}`);',
      "console.error('getdocumentcount, getdocumentstatus: migrated');",
    ),
  },
];
