import { describe, expect, it } from 'vitest';
import { noHardcodedToken } from '../../rules/no-hardcoded-token.js';
import { ruleTester, sunsetSettings } from './tester.js';
import { BASE, lines, reportAt, SDK_IMPORT } from './token-cases.js';

const WHY = 'once it leaks with the code it cannot be rotated quietly (the secret is shown only once, so a new token must be created and rolled out). Read it from the environment or a secret store.';
const HEADER = `A token secret is written into the source and sent as the Authorization header: ${WHY}`;
const SDK = `A token secret is written into the source and given to the SDK client's apiToken option: ${WHY}`;

type MessageId = 'header' | 'sdk';

function invalid(name: string, code: string, reports: { message: string; needle: string; nth?: number }[], filename?: string) {
  return { name, code, ...(filename ? { filename } : {}), errors: reports.map(({ message, needle, nth }) => reportAt<MessageId>(message, code, needle, nth)) };
}

describe('no-hardcoded-token: the Authorization header of a request to the service', () => {
  const inline = "await fetch('https://acme-be.glean.com/rest/api/v1/search', { method: 'POST', headers: { Authorization: 'Bearer glean_9f8e7d6c5b4a' } });";
  const constant = lines("const TOKEN = 'glean_9f8e7d6c5b4a';", BASE, "await fetch(`${BASE}/rest/api/v1/chat`, { method: 'POST', headers: { Authorization: `Bearer ${TOKEN}` } });");
  const concatenated = lines("const TOKEN = 'glean_9f8e7d6c5b4a';", "await fetch('/rest/api/v1/chat', { method: 'POST', headers: { Authorization: 'Bearer ' + TOKEN } });");
  const variable = lines("const headers = { 'Content-Type': 'application/json', authorization: 'bearer glean_9f8e7d6c5b4a' };", "await fetch('/rest/api/v1/search', { method: 'POST', headers, body: '{}' });");
  const assigned = lines(
    "const headers: Record<string, string> = { 'Content-Type': 'application/json' };",
    "headers['Authorization'] = 'Bearer glean_9f8e7d6c5b4a';",
    "await fetch('/rest/api/v1/search', { method: 'POST', headers, body: '{}' });",
  );
  const headersObject = lines("const h = new Headers();", "h.set('AUTHORIZATION', 'Bearer glean_9f8e7d6c5b4a');", "await fetch('/rest/api/v1/search', { method: 'POST', headers: h });");
  const headersInit = "await fetch('/rest/api/v1/search', { method: 'POST', headers: new Headers({ Authorization: 'Bearer glean_9f8e7d6c5b4a' }) });";
  const spread = lines(
    'export const search = (auth: boolean) =>',
    "  fetch('/rest/api/v1/search', { method: 'POST', headers: { ...(auth ? { Authorization: 'Bearer glean_9f8e7d6c5b4a' } : {}) } });",
  );
  const fallback = "await fetch('/rest/api/v1/search', { headers: { Authorization: `Bearer ${process.env.GLEAN_API_TOKEN ?? 'glean_9f8e7d6c5b4a'}` } });";
  const fallbackConstant = lines(
    "const TOKEN = process.env.GLEAN_API_TOKEN ?? 'glean_9f8e7d6c5b4a';",
    "await fetch('/rest/api/v1/search', { headers: { Authorization: `Bearer ${TOKEN}` } });",
  );
  const helper = lines(
    'function authHeaders() {',
    "  return { Authorization: 'Bearer glean_9f8e7d6c5b4a', 'Content-Type': 'application/json' };",
    '}',
    "await fetch('/rest/api/v1/search', { method: 'POST', headers: authHeaders(), body: '{}' });",
  );
  const axiosInstance = lines(
    "import axios from 'axios';",
    "export const api = axios.create({ baseURL: process.env.GLEAN_URL + '/rest/api/v1', headers: { Authorization: 'Bearer glean_9f8e7d6c5b4a' } });",
  );
  const axiosDefaults = lines(
    "import axios from 'axios';",
    "axios.defaults.headers.common['Authorization'] = 'Bearer glean_9f8e7d6c5b4a';",
    "await axios.post('https://acme-be.glean.com/rest/api/v1/chat', { messages: [] });",
  );
  const axiosConfig = lines("import axios from 'axios';", "await axios.post('/api/index/v1/indexemployee', { employee: {} }, { headers: { Authorization: 'Bearer glean_9f8e7d6c5b4a' } });");
  const ky = lines("import ky from 'ky';", "await ky.post('https://acme-be.glean.com/rest/api/v1/search', { json: { query: 'q' }, headers: { Authorization: 'Bearer glean_9f8e7d6c5b4a' } });");
  const sdkPerCall = lines(SDK_IMPORT, 'const glean = new Glean({});', "await glean.client.search.query({ query: 'q' }, { headers: { Authorization: 'Bearer glean_9f8e7d6c5b4a' } });");
  const twoRequests = lines(
    "const AUTH = { Authorization: 'Bearer glean_9f8e7d6c5b4a' };",
    "await fetch('/rest/api/v1/search', { method: 'POST', headers: AUTH });",
    "await fetch('/rest/api/v1/chat', { method: 'POST', headers: AUTH });",
  );

  ruleTester.run('no-hardcoded-token', noHardcodedToken, {
    valid: [
      { name: 'template literal from the environment', code: "await fetch('/rest/api/v1/search', { headers: { Authorization: `Bearer ${process.env.GLEAN_API_TOKEN}` } });" },
      { name: 'concatenation with a secret-store value', code: "const token = await secrets.get('glean');\nawait fetch('/rest/api/v1/search', { headers: { Authorization: 'Bearer ' + token } });" },
      { name: 'a parameter', code: "export const search = (token: string) => fetch('/rest/api/v1/search', { headers: { Authorization: `Bearer ${token}` } });" },
      ...['<ACCESS_TOKEN>', 'YOUR_TOKEN', 'your-api-token', 'MY_TOKEN', 'xxx', 'XXXXXXXX', '...', 'abc...', 'changeme', 'token', '', '${TOKEN}', '{{token}}', '$GLEAN_API_TOKEN', 'GLEAN_API_TOKEN', 'test-token', '***'].map((placeholder) => ({
        name: `placeholder ${JSON.stringify(placeholder)}`,
        code: `await fetch('/rest/api/v1/search', { headers: { Authorization: 'Bearer ${placeholder}' } });`,
      })),
      { name: 'another scheme is not the service bearer token', code: "await fetch('/rest/api/v1/search', { headers: { Authorization: 'Basic dXNlcjpwYXNz' } });" },
      { name: 'another API’s Authorization header', code: "await fetch('https://api.openai.com/v1/chat/completions', { method: 'POST', headers: { Authorization: 'Bearer sk-live-9f8e7d6c5b4a' } });" },
      {
        name: 'another API’s Authorization header in a file that calls the service too',
        code: lines(
          "await fetch('https://jira.acme.com/rest/api/2/search', { headers: { Authorization: 'Bearer jira_9f8e7d6c5b4a' } });",
          "await fetch('/rest/api/v1/search', { headers: { Authorization: `Bearer ${process.env.GLEAN_API_TOKEN}` } });",
        ),
      },
      { name: 'an axios instance for another API', code: "import axios from 'axios';\nexport const jira = axios.create({ baseURL: 'https://jira.acme.com/rest/api/2', headers: { Authorization: 'Bearer jira_9f8e7d6c5b4a' } });" },
      { name: 'headers not sent to any request in this file', code: "export const AUTH = { Authorization: 'Bearer glean_9f8e7d6c5b4a' }; // /rest/api/v1/search" },
      { name: 'a file that never mentions the service', code: "await fetch('https://example.com/api', { headers: { Authorization: 'Bearer 9f8e7d6c5b4a' } });" },
      { name: 'the SDK token from the environment', code: lines(SDK_IMPORT, "export const glean = new Glean({ apiToken: process.env.GLEAN_API_TOKEN, instance: 'acme' });") },
      { name: 'the SDK token from an async provider', code: lines(SDK_IMPORT, "export const glean = new Glean({ apiToken: async () => vault.read('glean') });") },
      { name: 'an SDK placeholder with an empty fallback', code: lines(SDK_IMPORT, "export const glean = new Glean({ apiToken: process.env.GLEAN_API_TOKEN ?? '' });") },
      { name: 'another SDK with an apiToken option', code: "import { Client } from '@acme/intranet-sdk';\nexport const client = new Client({ apiToken: 'acme_9f8e7d6c5b4a' }); // /rest/api/v1" },
      { name: 'a type-only import of the SDK class', code: "import type { Glean } from '@gleanwork/api-client';\nclass Glean2 {}\nexport const g: Glean | Glean2 = new Glean2();" },
    ],
    invalid: [
      invalid('inline string literal', inline, [{ message: HEADER, needle: "'Bearer glean_9f8e7d6c5b4a'" }]),
      invalid('a constant that flows into a template: reported where the secret is written', constant, [{ message: HEADER, needle: "'glean_9f8e7d6c5b4a'" }]),
      invalid('a constant concatenated to the scheme', concatenated, [{ message: HEADER, needle: "'glean_9f8e7d6c5b4a'" }]),
      invalid('headers in a variable, header name in any letter case', variable, [{ message: HEADER, needle: "'bearer glean_9f8e7d6c5b4a'" }]),
      invalid("headers['Authorization'] = …", assigned, [{ message: HEADER, needle: "'Bearer glean_9f8e7d6c5b4a'" }]),
      invalid('new Headers() with .set', headersObject, [{ message: HEADER, needle: "'Bearer glean_9f8e7d6c5b4a'" }]),
      invalid('new Headers({ … })', headersInit, [{ message: HEADER, needle: "'Bearer glean_9f8e7d6c5b4a'" }]),
      invalid('a conditional spread', spread, [{ message: HEADER, needle: "'Bearer glean_9f8e7d6c5b4a'" }]),
      invalid('a fallback after the environment variable', fallback, [{ message: HEADER, needle: "'glean_9f8e7d6c5b4a'" }]),
      invalid('a constant holding a fallback, in a template', fallbackConstant, [{ message: HEADER, needle: "'glean_9f8e7d6c5b4a'" }]),
      invalid('a same-file helper that returns the headers', helper, [{ message: HEADER, needle: "'Bearer glean_9f8e7d6c5b4a'" }]),
      invalid('axios instance defaults with a service baseURL, no request in the file', axiosInstance, [{ message: HEADER, needle: "'Bearer glean_9f8e7d6c5b4a'" }]),
      invalid('axios global defaults and a request to the service', axiosDefaults, [{ message: HEADER, needle: "'Bearer glean_9f8e7d6c5b4a'" }]),
      invalid('axios per-call config to the Indexing API', axiosConfig, [{ message: HEADER, needle: "'Bearer glean_9f8e7d6c5b4a'" }]),
      invalid('ky options', ky, [{ message: HEADER, needle: "'Bearer glean_9f8e7d6c5b4a'" }]),
      invalid('SDK per-call headers', sdkPerCall, [{ message: HEADER, needle: "'Bearer glean_9f8e7d6c5b4a'" }]),
      invalid('one constant used by two requests is reported once', twoRequests, [{ message: HEADER, needle: "'Bearer glean_9f8e7d6c5b4a'" }]),
      invalid('JS file', inline, [{ message: HEADER, needle: "'Bearer glean_9f8e7d6c5b4a'" }], 'file.js'),
    ],
  });
});

describe("no-hardcoded-token: the SDK client's token option", () => {
  const literal = lines(SDK_IMPORT, "export const glean = new Glean({ apiToken: 'glean_9f8e7d6c5b4a', instance: 'acme' });");
  const constant = lines(SDK_IMPORT, "const GLEAN_TOKEN = 'glean_9f8e7d6c5b4a';", 'export const glean = new Glean({ apiToken: GLEAN_TOKEN });');
  const fallback = lines(SDK_IMPORT, "export const glean = new Glean({ apiToken: process.env.GLEAN_API_TOKEN || 'glean_9f8e7d6c5b4a' });");
  const fallbackConstant = lines(SDK_IMPORT, "const TOKEN = process.env.GLEAN_API_TOKEN ?? 'glean_9f8e7d6c5b4a';", 'export const glean = new Glean({ apiToken: TOKEN });');
  const config = lines(SDK_IMPORT, "const options = { apiToken: 'glean_9f8e7d6c5b4a', instance: 'acme' };", 'export const glean = new Glean(options);');
  const core = lines("import { GleanCore } from '@gleanwork/api-client/core.js';", "export const core = new GleanCore({ apiToken: 'glean_9f8e7d6c5b4a' });");
  const required = lines("const { Glean } = require('@gleanwork/api-client');", "module.exports = new Glean({ apiToken: 'glean_9f8e7d6c5b4a' });");
  const namespace = lines("import * as sdk from '@gleanwork/api-client';", "export const glean = new sdk.Glean({ apiToken: 'glean_9f8e7d6c5b4a' });");

  ruleTester.run('no-hardcoded-token', noHardcodedToken, {
    valid: [],
    invalid: [
      invalid('string literal', literal, [{ message: SDK, needle: "'glean_9f8e7d6c5b4a'" }]),
      invalid('a constant', constant, [{ message: SDK, needle: "'glean_9f8e7d6c5b4a'" }]),
      invalid('a fallback after the environment variable', fallback, [{ message: SDK, needle: "'glean_9f8e7d6c5b4a'" }]),
      invalid('a constant holding a fallback', fallbackConstant, [{ message: SDK, needle: "'glean_9f8e7d6c5b4a'" }]),
      invalid('an options object in a constant', config, [{ message: SDK, needle: "'glean_9f8e7d6c5b4a'" }]),
      invalid('the core client from a subpath', core, [{ message: SDK, needle: "'glean_9f8e7d6c5b4a'" }]),
      invalid('CommonJS require', required, [{ message: SDK, needle: "'glean_9f8e7d6c5b4a'" }], 'file.js'),
      invalid('namespace import', namespace, [{ message: SDK, needle: "'glean_9f8e7d6c5b4a'" }]),
    ],
  });
});

describe('no-hardcoded-token: messages', () => {
  it('never print the secret and fit on one line', () => {
    for (const message of [HEADER, SDK]) {
      expect(message).not.toContain('glean_9f8e7d6c5b4a');
      expect(message).not.toContain('\n');
    }
    expect(noHardcodedToken.meta.messages.header).not.toMatch(/\{\{/);
  });

  it('is an error in the recommended config', async () => {
    const { default: plugin } = await import('../../src/index.js');
    expect(plugin.configs.recommended.rules?.['api-sunset/no-hardcoded-token']).toBe('error');
  });
});

describe('no-hardcoded-token: the token option comes from the data', () => {
  {
    const schedule = { schemaVersion: 1, extends: 'bundled', sdk: { package: '@gleanwork/api-client', className: 'Glean', tokenOption: 'bearerAuth' }, items: [] };
    const code = lines(SDK_IMPORT, "export const glean = new Glean({ bearerAuth: 'glean_9f8e7d6c5b4a', apiToken: 'glean_1a2b3c4d5e6f' });");
    ruleTester.run('no-hardcoded-token', noHardcodedToken, {
      valid: [],
      invalid: [
        {
          name: 'tokenOption from a schedule override',
          code,
          settings: sunsetSettings({ schedule }),
          errors: [reportAt<MessageId>(SDK.replace('apiToken', 'bearerAuth'), code, "'glean_9f8e7d6c5b4a'")],
        },
      ],
    });
  }
});
