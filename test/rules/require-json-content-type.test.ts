import { describe, expect, it } from 'vitest';
import { requireJsonContentType } from '../../rules/require-json-content-type.js';
import { ruleTester } from './tester.js';
import { lines, reportAt, SDK_CLIENT, SDK_IMPORT } from './token-cases.js';

type MessageId = 'missing' | 'wrong';

const MISSING = (endpoint: string) => `${endpoint} is sent with a body but without Content-Type: application/json, which the service requires on every request with a body. Add the header.`;
const WRONG = (endpoint: string, value: string) => `${endpoint} is sent with Content-Type: ${value}, but the service takes JSON bodies only and requires Content-Type: application/json. Send that instead.`;
const SEARCH = 'POST /rest/api/v1/search';
const AUTH = 'Authorization: `Bearer ${process.env.T}`';

function fixed(name: string, code: string, output: string, needle: string, message = MISSING(SEARCH), nth = 0) {
  return { name, code, output, errors: [reportAt<MessageId>(message, code, needle, nth)] };
}

function unfixed(name: string, code: string, needle: string, message = MISSING(SEARCH), nth = 0) {
  return { name, code, output: null, errors: [reportAt<MessageId>(message, code, needle, nth)] };
}

describe('require-json-content-type: requests with a body must send Content-Type: application/json', () => {
  const oneLine = `await fetch('/rest/api/v1/search', { method: 'POST', headers: { ${AUTH} }, body: JSON.stringify({ query: 'q' }) });`;
  const multiLine = lines(
    "await fetch('/rest/api/v1/search', {",
    "  method: 'POST',",
    '  headers: {',
    `    ${AUTH},`,
    "    'X-Service-ActAs': 'alice@acme.com',",
    '  },',
    "  body: JSON.stringify({ query: 'q' }),",
    '});',
  );
  const multiLineNoComma = lines("await fetch('/rest/api/v1/search', {", "  method: 'POST',", '  headers: {', `    ${AUTH}`, '  },', "  body: JSON.stringify({ query: 'q' }),", '});');
  const emptyHeaders = "await fetch('/rest/api/v1/search', { method: 'POST', headers: {}, body: JSON.stringify({ query: 'q' }) });";
  const noHeaders = "await fetch('/rest/api/v1/search', { method: 'POST', body: JSON.stringify({ query: 'q' }) });";
  const doubleQuotes = `await fetch("/rest/api/v1/search", { method: "POST", headers: { ${AUTH} }, body: JSON.stringify({ query: "q" }) });`;
  const wrongValue = "await fetch('/rest/api/v1/search', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ query: 'q' }) });";
  const axiosString = lines("import axios from 'axios';", `await axios.post('https://acme-be.glean.com/rest/api/v1/search', JSON.stringify({ query: 'q' }), { headers: { ${AUTH} } });`);
  const kyBody = lines("import ky from 'ky';", "await ky.post('https://acme-be.glean.com/rest/api/v1/search', { body: JSON.stringify({ query: 'q' }) });");
  const gotBody = lines("import got from 'got';", "await got.post('https://acme-be.glean.com/rest/api/v1/search', { body: JSON.stringify({ query: 'q' }), headers: {} });");
  const ofetchString = lines("import { ofetch } from 'ofetch';", "await ofetch('https://acme-be.glean.com/rest/api/v1/search', { method: 'POST', body: `{\"query\":\"q\"}` });");
  const variable = lines(`const headers = { ${AUTH} };`, "await fetch('/rest/api/v1/search', { method: 'POST', headers, body: JSON.stringify({ query: 'q' }) });");
  const headersObject = lines('const h = new Headers();', "h.set('Authorization', `Bearer ${process.env.T}`);", "await fetch('/rest/api/v1/search', { method: 'POST', headers: h, body: '{}' });");
  const wrongInVariable = lines("const headers = { 'Content-Type': 'application/x-www-form-urlencoded' };", "await fetch('/rest/api/v1/search', { method: 'POST', headers, body: 'query=q' });");
  const instance = lines(
    "import axios from 'axios';",
    "const api = axios.create({ baseURL: process.env.GLEAN_URL + '/rest/api/v1', headers: { Authorization: 'Bearer x' } });",
    "await api.post('/chat', JSON.stringify({ messages: [] }));",
  );
  const bodyConstant = lines("const body = JSON.stringify({ query: 'q' });", "await fetch('/rest/api/v1/search', { method: 'POST', body });");
  const spreadOptions = lines(`const base = { headers: { ${AUTH} } };`, "await fetch('/rest/api/v1/search', { ...base, method: 'POST', body: '{}' });");
  const indexing = "await fetch('/api/index/v1/indexemployee', { method: 'POST', headers: { Accept: 'application/json' }, body: JSON.stringify({ employee: {} }) });";
  const objectBody = "await fetch('/rest/api/v1/search', { method: 'POST', headers: {}, body: { query: 'q' } });";

  ruleTester.run('require-json-content-type', requireJsonContentType, {
    valid: [
      { name: 'sent in the call', code: `await fetch('/rest/api/v1/search', { method: 'POST', headers: { ${AUTH}, 'Content-Type': 'application/json' }, body: '{}' });` },
      { name: 'any letter case, with a charset', code: "await fetch('/rest/api/v1/search', { method: 'POST', headers: { 'content-type': 'Application/JSON; charset=utf-8' }, body: '{}' });" },
      { name: 'sent with new Headers().set', code: lines('const h = new Headers();', "h.set('Content-Type', 'application/json');", "await fetch('/rest/api/v1/search', { method: 'POST', headers: h, body: '{}' });") },
      { name: "sent with headers['…'] = v", code: lines('const headers: Record<string, string> = {};', "headers['Content-Type'] = 'application/json';", "await fetch('/rest/api/v1/search', { method: 'POST', headers, body: '{}' });") },
      { name: 'sent by a conditional spread', code: "export const s = (json: boolean) => fetch('/rest/api/v1/search', { method: 'POST', headers: { ...(json ? { 'Content-Type': 'application/json' } : {}) }, body: '{}' });" },
      { name: 'a value the analysis cannot read', code: "export const s = (type: string) => fetch('/rest/api/v1/search', { method: 'POST', headers: { 'Content-Type': type }, body: '{}' });" },
      { name: 'a GET without a body', code: "await fetch('/rest/api/v1/governance/data/policies/p1', { headers: {} });" },
      { name: 'axios sets it for an object body', code: "import axios from 'axios';\nawait axios.post('https://acme-be.glean.com/rest/api/v1/search', { query: 'q' });" },
      { name: 'axios instance defaults send it', code: "import axios from 'axios';\nconst api = axios.create({ baseURL: '/rest/api/v1', headers: { 'Content-Type': 'application/json' } });\nawait api.post('/search', JSON.stringify({ query: 'q' }));" },
      { name: 'got json', code: "import got from 'got';\nawait got.post('https://acme-be.glean.com/rest/api/v1/search', { json: { query: 'q' } });" },
      { name: 'ky json', code: "import ky from 'ky';\nawait ky.post('https://acme-be.glean.com/rest/api/v1/search', { json: { query: 'q' } });" },
      { name: 'ofetch sets it for an object body', code: "import { ofetch } from 'ofetch';\nawait ofetch('https://acme-be.glean.com/rest/api/v1/search', { method: 'POST', body: { query: 'q' } });" },
      { name: 'the SDK sets it', code: lines(SDK_IMPORT, SDK_CLIENT, "await glean.client.search.query({ query: 'q' });") },
      { name: 'a FormData body is not JSON: no fix could help', code: "await fetch('/rest/api/v1/search', { method: 'POST', headers: {}, body: new FormData() });" },
      { name: 'a body the analysis cannot read', code: "export const s = (payload: unknown) => fetch('/rest/api/v1/search', { method: 'POST', headers: {}, body: payload as string });" },
      { name: 'headers from an imported helper', code: "import { clientHeaders } from './headers.js';\nawait fetch('/rest/api/v1/search', { method: 'POST', headers: clientHeaders(), body: '{}' });" },
      { name: 'options from a parameter', code: "export const s = (init: RequestInit) => fetch('/rest/api/v1/search', { ...init, method: 'POST', body: '{}' });" },
      { name: 'another API', code: "await fetch('https://api.example.com/v1/search', { method: 'POST', body: JSON.stringify({}) }); // rest/api/v1" },
      { name: 'a declared wrapper is not looked into', code: "await api.post('/search', JSON.stringify({ query: 'q' }));", settings: { 'api-sunset': { now: '2026-11-22', wrappers: [{ callee: 'api.post', path: 0, body: 1, prefix: '/rest/api/v1' }] } } },
    ],
    invalid: [
      fixed('headers object literal on one line', oneLine, oneLine.replace(`{ ${AUTH} }`, `{ ${AUTH}, 'Content-Type': 'application/json' }`), `{ ${AUTH} }`),
      fixed('one header per line, trailing comma', multiLine, multiLine.replace("'alice@acme.com',\n", "'alice@acme.com',\n    'Content-Type': 'application/json',\n"), multiLine.slice(multiLine.indexOf('{\n    Authorization'), multiLine.indexOf('  },') + 3)),
      fixed('one header per line, no trailing comma', multiLineNoComma, multiLineNoComma.replace('${process.env.T}`\n', "${process.env.T}`,\n    'Content-Type': 'application/json'\n"), multiLineNoComma.slice(multiLineNoComma.indexOf('{\n    Authorization'), multiLineNoComma.indexOf('  },') + 3)),
      fixed('empty headers', emptyHeaders, emptyHeaders.replace('headers: {}', "headers: { 'Content-Type': 'application/json' }"), '{}'),
      fixed('no headers in the options literal', noHeaders, noHeaders.replace("}) });", "}), headers: { 'Content-Type': 'application/json' } });"), 'fetch'),
      fixed('keeps double quotes', doubleQuotes, doubleQuotes.replace(`{ ${AUTH} }`, `{ ${AUTH}, "Content-Type": "application/json" }`), `{ ${AUTH} }`),
      fixed('another media type in the call', wrongValue, wrongValue.replace("'text/plain'", "'application/json'"), "'text/plain'", WRONG(SEARCH, 'text/plain')),
      fixed('axios with a string body', axiosString, axiosString.replace(`{ ${AUTH} }`, `{ ${AUTH}, 'Content-Type': 'application/json' }`), `{ ${AUTH} }`),
      fixed('ky with a string body', kyBody, kyBody.replace("}) });", "}), headers: { 'Content-Type': 'application/json' } });"), 'ky.post'),
      fixed('got with a string body', gotBody, gotBody.replace('headers: {}', "headers: { 'Content-Type': 'application/json' }"), '{}'),
      fixed('ofetch with a string body', ofetchString, ofetchString.replace('` });', "`, headers: { 'Content-Type': 'application/json' } });"), 'ofetch', MISSING(SEARCH), 2),
      fixed('a fetch with an object body (sent as "[object Object]")', objectBody, objectBody.replace('headers: {}', "headers: { 'Content-Type': 'application/json' }"), '{}'),
      unfixed('headers in a variable: reported, not fixed', variable, 'fetch'),
      unfixed('new Headers() without it', headersObject, 'fetch'),
      unfixed('another media type in a variable', wrongInVariable, "'application/x-www-form-urlencoded'", WRONG(SEARCH, 'application/x-www-form-urlencoded')),
      unfixed('axios instance without it', instance, 'api.post', MISSING('POST /rest/api/v1/chat')),
      unfixed('options spread from a constant: a new headers property would replace its headers', spreadOptions, 'fetch'),
      fixed('a body in a constant', bodyConstant, bodyConstant.replace('body });', "body, headers: { 'Content-Type': 'application/json' } });"), 'fetch'),
      fixed('the Indexing API too', indexing, indexing.replace("Accept: 'application/json' }", "Accept: 'application/json', 'Content-Type': 'application/json' }"), "{ Accept: 'application/json' }", MISSING('POST /api/index/v1/indexemployee')),
    ],
  });
});

describe('require-json-content-type: recommended', () => {
  it('warns in the recommended config', async () => {
    const { default: plugin } = await import('../../src/index.js');
    expect(plugin.configs.recommended.rules?.['api-sunset/require-json-content-type']).toBe('warn');
  });
});
