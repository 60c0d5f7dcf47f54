import { describe, expect, it } from 'vitest';
import { actAsHeader } from '../../rules/act-as-header.js';
import { lintWithRules } from './token-lint.js';
import { ruleTester, sunsetSettings } from './tester.js';
import { BASE, lines, reportAt, SDK_CLIENT, SDK_IMPORT } from './token-cases.js';

type MessageId = 'missing' | 'forbidden' | 'notEmail';

const MISSING = (endpoint: string) =>
  `${endpoint} is sent without the X-Service-ActAs header, which a GLOBAL token needs: the service refuses the request with 400 (required header missing). Add X-Service-ActAs with the e-mail address of the user to act as.`;
const FORBIDDEN = (header: string) => `${header} is set, but a USER token acts only as the user it was created for and sends Authorization alone: remove the header (it is for GLOBAL tokens).`;
const NOT_EMAIL = (header: string) => `This ${header} value is not an e-mail address: the service refuses the request with 401 (invalid identity). Send the e-mail address of an existing user.`;

const GLOBAL = [{ tokenType: 'GLOBAL' }] as [{ tokenType: string }];
const USER = [{ tokenType: 'USER' }] as [{ tokenType: string }];
const AUTH = 'Authorization: `Bearer ${process.env.GLEAN_API_TOKEN}`';
const SEARCH = 'POST /rest/api/v1/search';

/**
 * Every header shape of the issue, once with the act-as header (`send: true`) and once without.
 * `missing` is the text of the node a GLOBAL report is at when the header is absent; `name` the
 * text naming the header, where a USER report is.
 */
interface Shape {
  title: string;
  code: (send: boolean) => string;
  missing: string;
  name: string;
  /** Which occurrence of `missing` / `name` the report is at, when the text appears earlier too. */
  missingNth?: number;
  nameNth?: number;
  endpoint?: string;
}

const SHAPES: Shape[] = [
  {
    title: 'object literal in the request call',
    code: (send) => lines(BASE, `export const search = (email: string) => fetch(\`\${BASE}/rest/api/v1/search\`, { method: 'POST', headers: { ${AUTH}${send ? ", 'X-Service-ActAs': email" : ''} } });`),
    missing: `{ ${AUTH} }`,
    name: "'X-Service-ActAs'",
  },
  {
    title: 'object literal in a variable, alias in lower case',
    code: (send) => lines(`export async function search(email: string) {`, `  const headers = { ${AUTH}${send ? ", 'x-glean-act-as': email" : ''} };`, "  return fetch('/rest/api/v1/search', { method: 'POST', headers });", '}'),
    missing: 'fetch',
    name: "'x-glean-act-as'",
  },
  {
    title: "headers['…'] = v",
    code: (send) =>
      lines(
        'export async function search(email: string) {',
        `  const headers: Record<string, string> = { ${AUTH} };`,
        send ? "  headers['X-Service-ActAs'] = email;" : '  headers.Accept = "application/json";',
        "  return fetch('/rest/api/v1/search', { method: 'POST', headers });",
        '}',
      ),
    missing: 'fetch',
    name: "'X-Service-ActAs'",
  },
  {
    title: 'new Headers() with .set and .append',
    code: (send) =>
      lines(
        'export async function search(email: string) {',
        '  const h = new Headers();',
        "  h.set('Authorization', `Bearer ${process.env.GLEAN_API_TOKEN}`);",
        send ? "  h.append('X-Service-Act-As', email);" : "  h.append('Accept', 'application/json');",
        "  return fetch('/rest/api/v1/search', { method: 'POST', headers: h });",
        '}',
      ),
    missing: 'fetch',
    name: "'X-Service-Act-As'",
  },
  {
    title: 'conditional spread',
    code: (send) =>
      lines(
        `export const search = (email?: string) =>`,
        `  fetch('/rest/api/v1/search', { method: 'POST', headers: { ${AUTH}, ...(email ? { ${send ? "'X-Service-ActAs'" : "'X-Request-Id'"}: email } : {}) } });`,
      ),
    missing: `{ ${AUTH}, ...(email ? { 'X-Request-Id': email } : {}) }`,
    name: "'X-Service-ActAs'",
  },
  {
    title: 'axios instance defaults',
    code: (send) =>
      lines(
        "import axios from 'axios';",
        `const api = axios.create({ baseURL: process.env.GLEAN_URL + '/rest/api/v1', headers: { ${AUTH}${send ? ", 'X-Service-ActAs': process.env.GLEAN_ACT_AS" : ''} } });`,
        "export const search = (query: string) => api.post('/search', { query });",
      ),
    missing: 'api.post',
    name: "'X-Service-ActAs'",
  },
  {
    title: 'axios instance defaults.headers.common',
    code: (send) =>
      lines(
        "import axios from 'axios';",
        "const api = axios.create({ baseURL: process.env.GLEAN_URL + '/rest/api/v1' });",
        "api.defaults.headers.common['Authorization'] = `Bearer ${process.env.GLEAN_API_TOKEN}`;",
        send ? "api.defaults.headers.common['X-Glean-ActAs'] = process.env.GLEAN_ACT_AS;" : "api.defaults.timeout = 5000;",
        "export const search = (query: string) => api.post('/search', { query });",
      ),
    missing: 'api.post',
    name: "'X-Glean-ActAs'",
  },
  {
    title: 'axios per-call config',
    code: (send) =>
      lines(
        "import axios from 'axios';",
        `export const search = (query: string, email: string) => axios.post('https://acme-be.glean.com/rest/api/v1/search', { query }, { headers: { ${AUTH}${send ? ", 'X-Service-ActAs': email" : ''} } });`,
      ),
    missing: `{ ${AUTH} }`,
    name: "'X-Service-ActAs'",
  },
  {
    title: "the SDK's per-call fetchOptions.headers",
    code: (send) =>
      lines(
        SDK_IMPORT,
        SDK_CLIENT,
        `export const search = (query: string, email: string) => glean.client.search.query({ query }${send ? ", { fetchOptions: { headers: { 'X-Service-ActAs': email } } }" : ''});`,
      ),
    missing: 'query',
    missingNth: 1,
    name: "'X-Service-ActAs'",
  },
  {
    title: "the SDK's per-call headers",
    code: (send) => lines(SDK_IMPORT, SDK_CLIENT, `export const chat = (email: string) => glean.client.chat.create({ messages: [] }${send ? ", { headers: { 'X-Scio-ActAs': email } }" : ", { timeoutMs: 5000 }"});`),
    missing: 'create',
    name: "'X-Scio-ActAs'",
    endpoint: 'POST /rest/api/v1/chat',
  },
  {
    title: 'SDK standalone function with a core client',
    code: (send) =>
      lines(
        "import { GleanCore } from '@gleanwork/api-client/core.js';",
        "import { clientSearchQuery } from '@gleanwork/api-client/funcs/clientSearchQuery.js';",
        'const core = new GleanCore({ apiToken: process.env.GLEAN_API_TOKEN });',
        `export const search = (query: string, email: string) => clientSearchQuery(core, { query }${send ? ", { headers: { 'X-Service-ActAs': email } }" : ''});`,
      ),
    missing: 'clientSearchQuery',
    missingNth: 2,
    name: "'X-Service-ActAs'",
  },
  {
    title: 'a computed header name from a constant',
    code: (send) =>
      lines(
        "const ACT_AS = 'X-Service-ActAs';",
        "const REQUEST_ID = 'X-Request-Id';",
        `export const search = (email: string) => fetch('/rest/api/v1/search', { method: 'POST', headers: { ${AUTH}, [${send ? 'ACT_AS' : 'REQUEST_ID'}]: email } });`,
      ),
    missing: `{ ${AUTH}, [REQUEST_ID]: email }`,
    name: 'ACT_AS',
    nameNth: 1,
  },
  {
    title: 'a same-file helper that builds the headers',
    code: (send) =>
      lines(
        `const headersFor = (email: string) => ({ ${AUTH}${send ? ", 'X-Service-ActAs': email" : ''} });`,
        "export const search = (email: string) => fetch('/rest/api/v1/search', { method: 'POST', headers: headersFor(email) });",
      ),
    missing: 'fetch',
    name: "'X-Service-ActAs'",
  },
];

describe('act-as-header, GLOBAL: every Client API request sends the act-as header (spec rule 7, 400)', () => {
  ruleTester.run('act-as-header', actAsHeader, {
    valid: [
      ...SHAPES.map((shape) => ({ name: `sent: ${shape.title}`, code: shape.code(true), options: GLOBAL })),
      {
        name: 'Indexing API requests never need it',
        code: `await fetch('/api/index/v1/indexemployee', { method: 'POST', headers: { ${AUTH} }, body: JSON.stringify({ employee: {} }) });`,
        options: GLOBAL,
      },
      {
        name: 'Indexing API through the SDK',
        code: lines(SDK_IMPORT, SDK_CLIENT, "await glean.indexing.people.index({ employee: { email: 'a@acme.com', department: 'x', datasourceProfiles: [] } });"),
        options: GLOBAL,
      },
      {
        name: 'headers from an imported helper are unknown',
        code: lines("import { clientHeaders } from './headers.js';", "await fetch('/rest/api/v1/chat', { method: 'POST', headers: clientHeaders() });"),
        options: GLOBAL,
      },
      {
        name: 'an imported axios instance is unknown',
        code: lines("import { clientApi } from './clientApi.js';", "await clientApi.post('https://acme-be.glean.com/rest/api/v1/search', { query: 'q' });"),
        options: GLOBAL,
      },
      {
        name: 'an axios request interceptor may add it',
        code: lines(
          "import axios from 'axios';",
          `const api = axios.create({ baseURL: process.env.GLEAN_URL + '/rest/api/v1', headers: { ${AUTH} } });`,
          'api.interceptors.request.use((config) => withActAs(config));',
          "await api.post('/search', { query: 'q' });",
        ),
        options: GLOBAL,
      },
      {
        name: 'an SDK client with its own httpClient may add it in a hook',
        code: lines(SDK_IMPORT, "import { HTTPClient } from '@gleanwork/api-client/lib/http.js';", 'const glean = new Glean({ httpClient: new HTTPClient() });', "await glean.client.search.query({ query: 'q' });"),
        options: GLOBAL,
      },
      {
        name: 'an SDK client imported from another module is unknown',
        code: lines("import { glean } from './elsewhere.js';", "await glean.client.search.query({ query: 'q' });"),
        options: GLOBAL,
      },
      {
        name: 'headers handed to another function may get it there',
        code: lines(`const headers = { ${AUTH} };`, 'sign(headers);', "await fetch('/rest/api/v1/search', { method: 'POST', headers });"),
        options: GLOBAL,
      },
      {
        name: 'per-call options the analysis cannot read',
        code: lines(SDK_IMPORT, SDK_CLIENT, "export const search = (options: object) => glean.client.search.query({ query: 'q' }, options);"),
        options: GLOBAL,
      },
      {
        name: 'no visible Authorization: auth is added where the analysis cannot see',
        code: "await fetch('/rest/api/v1/search', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });",
        options: GLOBAL,
      },
      {
        name: 'another API’s request',
        code: lines(`await fetch('https://api.openai.com/v1/chat/completions', { method: 'POST', headers: { ${AUTH} } });`, '// /rest/api/v1'),
        options: GLOBAL,
      },
      {
        name: 'a declared wrapper is not looked into',
        code: "await api.post('/chat', { messages: [] });",
        options: GLOBAL,
        settings: sunsetSettings({ wrappers: [{ callee: 'api.post', path: 0, body: 1, prefix: '/rest/api/v1' }] }),
      },
      {
        name: 'without tokenType nothing is required',
        code: `await fetch('/rest/api/v1/search', { method: 'POST', headers: { ${AUTH} } });`,
      },
    ],
    invalid: SHAPES.map((shape) => {
      const code = shape.code(false);
      return { name: `missing: ${shape.title}`, code, options: GLOBAL, errors: [reportAt<MessageId>(MISSING(shape.endpoint ?? SEARCH), code, shape.missing, shape.missingNth)] };
    }),
  });
});

describe('act-as-header, USER: no request sends the act-as header', () => {
  ruleTester.run('act-as-header', actAsHeader, {
    valid: [
      ...SHAPES.map((shape) => ({ name: `not sent: ${shape.title}`, code: shape.code(false), options: USER })),
      {
        name: 'reading the header in a server is not sending it',
        code: lines(
          "import express from 'express';",
          'const app = express();',
          "app.post('/proxy', (req, res) => res.json({ actAs: req.headers['x-service-actas'], other: req.get('X-Service-ActAs') }));",
        ),
        options: USER,
      },
      {
        name: 'a destructuring pattern is not an object literal',
        code: "export const actAs = ({ 'X-Service-ActAs': who }: Record<string, string>) => who;",
        options: USER,
      },
    ],
    invalid: [
      ...SHAPES.map((shape) => {
        const code = shape.code(true);
        const header = shape.name === 'ACT_AS' ? 'X-Service-ActAs' : shape.name.slice(1, -1);
        return { name: `sent: ${shape.title}`, code, options: USER, errors: [reportAt<MessageId>(FORBIDDEN(header), code, shape.name, shape.nameNth)] };
      }),
      (() => {
        const code = "export const clientHeaders = (actAs?: string) => ({ Authorization: `Bearer ${process.env.T}`, ...(actAs ? { 'X-Service-ActAs': actAs } : {}) });";
        return { name: 'in a headers module that mentions no API path', code, options: USER, errors: [reportAt<MessageId>(FORBIDDEN('X-Service-ActAs'), code, "'X-Service-ActAs'")] };
      })(),
    ],
  });
});

describe('act-as-header: a literal act-as value must be an e-mail address (spec rule 8, 401), in any mode', () => {
  const inline = "await fetch('/rest/api/v1/search', { method: 'POST', headers: { 'X-Service-ActAs': 'admin' } });";
  const placeholder = "await fetch('/rest/api/v1/search', { method: 'POST', headers: { 'X-Service-ActAs': '<EMAIL>' } });";
  const set = lines('const h = new Headers();', "h.set('x-service-actas', 'service-bot');", "await fetch('/rest/api/v1/search', { headers: h });");
  const empty = lines('const headers: Record<string, string> = {};', "headers['X-Glean-ActAs'] = '';", "await fetch('/rest/api/v1/chat', { headers });");
  const fallback = "export const search = (email?: string) => fetch('/rest/api/v1/search', { headers: { 'X-Service-ActAs': email ?? 'admin' } });";
  const constant = lines("const ROBOT = 'search-robot';", "await fetch('/rest/api/v1/search', { headers: { 'X-Service-ActAs': ROBOT } });");
  const sdk = lines(SDK_IMPORT, SDK_CLIENT, "await glean.client.search.query({ query: 'q' }, { fetchOptions: { headers: { 'X-Service-ActAs': 'alice' } } });");
  const noDomainDot = "await fetch('/rest/api/v1/search', { headers: { 'X-Service-ActAs': 'alice@localhost' } });";

  ruleTester.run('act-as-header', actAsHeader, {
    valid: [
      { name: 'an e-mail address', code: "await fetch('/rest/api/v1/search', { headers: { 'X-Service-ActAs': 'alice@acme.com' } });" },
      { name: 'an e-mail address with a tag and a long domain', code: "await fetch('/rest/api/v1/search', { headers: { 'X-Service-ActAs': 'alice.smith+bot@mail.acme.co.uk' } });" },
      { name: 'a value built at run time', code: "export const search = (user: string) => fetch('/rest/api/v1/search', { headers: { 'X-Service-ActAs': `${user}@acme.com` } });" },
      { name: 'from the environment', code: "await fetch('/rest/api/v1/search', { headers: { 'X-Service-ActAs': process.env.GLEAN_ACT_AS } });" },
      { name: 'an e-mail fallback', code: "export const search = (email?: string) => fetch('/rest/api/v1/search', { headers: { 'X-Service-ActAs': email ?? 'bot@acme.com' } });", options: GLOBAL },
      { name: 'another header with a non-e-mail value', code: "await fetch('/rest/api/v1/search', { headers: { 'X-Request-Id': 'admin' } });" },
    ],
    invalid: [
      { name: 'a user name', code: inline, errors: [reportAt<MessageId>(NOT_EMAIL('X-Service-ActAs'), inline, "'admin'")] },
      { name: 'a placeholder, with tokenType GLOBAL', code: placeholder, options: GLOBAL, errors: [reportAt<MessageId>(NOT_EMAIL('X-Service-ActAs'), placeholder, "'<EMAIL>'")] },
      { name: 'new Headers().set, name in lower case', code: set, errors: [reportAt<MessageId>(NOT_EMAIL('x-service-actas'), set, "'service-bot'")] },
      { name: "an empty value in headers['…'] = v", code: empty, options: GLOBAL, errors: [reportAt<MessageId>(NOT_EMAIL('X-Glean-ActAs'), empty, "''")] },
      { name: 'a fallback', code: fallback, errors: [reportAt<MessageId>(NOT_EMAIL('X-Service-ActAs'), fallback, "'admin'")] },
      { name: 'a constant, reported where the header is set', code: constant, errors: [reportAt<MessageId>(NOT_EMAIL('X-Service-ActAs'), constant, 'ROBOT', 1)] },
      { name: "the SDK's per-call headers", code: sdk, options: GLOBAL, errors: [reportAt<MessageId>(NOT_EMAIL('X-Service-ActAs'), sdk, "'alice'")] },
      { name: 'a host without a dotted domain', code: noDomainDot, errors: [reportAt<MessageId>(NOT_EMAIL('X-Service-ActAs'), noDomainDot, "'alice@localhost'")] },
    ],
  });
});

describe('act-as-header: configuration', () => {
  const code = "await fetch('/rest/api/v1/search', { headers: { Authorization: `Bearer ${process.env.T}` } });";

  it('rejects a misspelt token type when ESLint validates the options, not in the middle of a lint', () => {
    for (const tokenType of ['ADMIN', 'global']) {
      expect(() => lintWithRules('export const a = 1;', { 'act-as-header': { tokenType } })).toThrow(new RegExp(`"api-sunset/act-as-header":\\s+Value "${tokenType}" should be equal to one of the allowed values`));
    }
  });

  it('offers the bundled token types in its option schema', async () => {
    const { default: plugin } = await import('../../src/index.js');
    const { BUNDLED_TOKEN_TYPES } = await import('../../src/tokens/rule.js');
    expect(BUNDLED_TOKEN_TYPES).toEqual(['USER', 'GLOBAL']);
    expect(plugin.rules['act-as-header']?.meta?.schema).toMatchObject([{ properties: { tokenType: { enum: ['USER', 'GLOBAL'] } } }]);
  });

  it('rejects a token type that a custom schedule does not name, naming the known ones', () => {
    const schedule = { schemaVersion: 1, extends: 'bundled', auth: { tokenTypes: [{ name: 'USER', headers: ['Authorization'] }] }, items: [] };
    expect(() => lintWithRules(code, { 'act-as-header': { tokenType: 'GLOBAL' } }, { schedule })).toThrow(
      'api-sunset/act-as-header: unknown token type in "tokenType": GLOBAL. Known token types: USER.',
    );
  });

  it('rejects other options through the schema', () => {
    expect(() => lintWithRules(code, { 'act-as-header': { tokenType: 'GLOBAL', scopes: [] } })).toThrow(/should NOT have additional properties/);
  });

  it('is not in the recommended config: it needs the token type', async () => {
    const { default: plugin } = await import('../../src/index.js');
    expect(plugin.configs.recommended.rules).not.toHaveProperty('api-sunset/act-as-header');
  });

  it('reads the header name and its aliases from the schedule', () => {
    const schedule = { schemaVersion: 1, extends: 'bundled', auth: { actAsHeader: { name: 'X-Acme-Impersonate', aliases: [] } }, items: [] };
    const messages = lintWithRules(
      lines("await fetch('/rest/api/v1/search', { headers: { 'x-acme-impersonate': 'root' } });", "await fetch('/rest/api/v1/chat', { headers: { 'X-Service-ActAs': 'root' } });"),
      { 'act-as-header': {} },
      { schedule },
    );
    expect(messages).toEqual([{ ruleId: 'api-sunset/act-as-header', line: 1, column: 71, message: NOT_EMAIL('x-acme-impersonate') }]);
  });
});
