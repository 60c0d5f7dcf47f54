import { describe, expect, it } from 'vitest';
import { tokenScope, type TokenScopeOptions } from '../../rules/token-scope.js';
import { lintWithRules } from './token-lint.js';
import { JSX, ruleTester, sunsetSettings } from './tester.js';
import { BASE, lines, reportAt, SDK_CLIENT, SDK_IMPORT } from './token-cases.js';

type MessageId = 'missingScope';

const MISSING = (endpoint: string, scope: string, held: string) =>
  `${endpoint} needs the ${scope} scope, which the token does not have (${held}): the service refuses the request with 403. Create a token that includes ${scope} (scopes cannot be changed after creation) or stop calling this endpoint.`;

/** The rule's options for a token with these scopes. */
const scopes = (...names: string[]): [TokenScopeOptions] => [{ scopes: names }];
const SEARCH_APP = scopes('SEARCH', 'DOCUMENTS');

describe('token-scope: each request to an endpoint whose scope the token lacks (spec rule 6, 403)', () => {
  const fetchChat = lines(BASE, "await fetch(`${BASE}/rest/api/v1/chat`, { method: 'POST', body: JSON.stringify({ messages: [] }) });");
  const axiosInstance = lines(
    "import axios from 'axios';",
    "const api = axios.create({ baseURL: process.env.GLEAN_URL + '/rest/api/v1' });",
    "await api.post('/getanswer', { id: 1 });",
    "await api.post('/search', { query: 'q' });",
  );
  const sdk = lines(SDK_IMPORT, SDK_CLIENT, "await glean.client.insights.retrieve({ overviewRequest: {} });", "await glean.client.search.query({ query: 'q' });");
  const standalone = lines(
    "import { GleanCore } from '@gleanwork/api-client/core.js';",
    "import { clientCollectionsRetrieve } from '@gleanwork/api-client/funcs/clientCollectionsRetrieve.js';",
    'const core = new GleanCore({});',
    'await clientCollectionsRetrieve(core, { id: 7 });',
  );
  const hook = lines(
    "import { useClientChatCreateMutation } from '@gleanwork/api-client/react-query/clientChatCreate.js';",
    'export const Ask = () => <button onClick={() => useClientChatCreateMutation().mutate({ messages: [] })}>ask</button>;',
  );
  const governance = lines(SDK_IMPORT, SDK_CLIENT, "export const policy = (id: string) => glean.client.governance.data.policies.retrieve(id);");
  const announcement = "await fetch('/rest/api/v1/createannouncement', { method: 'POST', body: '{}' });";

  ruleTester.run('token-scope', tokenScope, {
    valid: [
      { name: 'the scope is held', code: lines(BASE, "await fetch(`${BASE}/rest/api/v1/search`, { method: 'POST', body: '{}' });"), options: SEARCH_APP },
      { name: 'the SDK call’s scope is held', code: lines(SDK_IMPORT, SDK_CLIENT, "await glean.client.chat.create({ messages: [] });"), options: scopes('CHAT', 'SEARCH') },
      {
        name: 'Indexing API endpoints have no known scope: never reported',
        code: lines("await fetch('/api/index/v1/indexemployee', { method: 'POST', body: '{}' });", SDK_IMPORT, SDK_CLIENT, "await glean.indexing.people.count({ datasource: 'hr' });"),
        options: scopes(),
      },
      { name: 'an endpoint the data does not know', code: "await fetch('/rest/api/v1/listcollections', { method: 'POST', body: '{}' });", options: scopes() },
      { name: 'a path in a constant that no request here uses', code: "export const CHAT = '/rest/api/v1/chat';", options: SEARCH_APP },
      { name: 'a path in a log message', code: "console.log('calling /rest/api/v1/chat now');", options: SEARCH_APP },
      { name: 'another API with the same path', code: "await fetch('https://api.example.com/v2/chat', { method: 'POST' }); // rest/api/v1", options: SEARCH_APP },
      {
        name: 'another SDK with the same method names',
        code: lines("import { Client } from '@acme/intranet-sdk';", 'const client = new Client();', 'await client.chat.create({}); // rest/api/v1'),
        options: SEARCH_APP,
      },
    ],
    invalid: [
      { name: 'fetch', code: fetchChat, options: SEARCH_APP, errors: [reportAt<MessageId>(MISSING('POST /rest/api/v1/chat', 'CHAT', 'SEARCH, DOCUMENTS'), fetchChat, '`${BASE}/rest/api/v1/chat`')] },
      {
        name: 'axios instance: only the endpoint outside the scopes',
        code: axiosInstance,
        options: SEARCH_APP,
        errors: [reportAt<MessageId>(MISSING('POST /rest/api/v1/getanswer', 'ANSWERS', 'SEARCH, DOCUMENTS'), axiosInstance, "'/getanswer'")],
      },
      { name: 'SDK method', code: sdk, options: SEARCH_APP, errors: [reportAt<MessageId>(MISSING('POST /rest/api/v1/insights', 'INSIGHTS', 'SEARCH, DOCUMENTS'), sdk, 'retrieve')] },
      {
        name: 'SDK standalone function',
        code: standalone,
        options: SEARCH_APP,
        errors: [reportAt<MessageId>(MISSING('POST /rest/api/v1/getcollection', 'COLLECTIONS', 'SEARCH, DOCUMENTS'), standalone, 'clientCollectionsRetrieve', 2)],
      },
      {
        name: 'SDK react-query hook',
        code: hook,
        filename: 'react.tsx',
        languageOptions: JSX,
        options: SEARCH_APP,
        errors: [reportAt<MessageId>(MISSING('POST /rest/api/v1/chat', 'CHAT', 'SEARCH, DOCUMENTS'), hook, 'useClientChatCreateMutation', 1)],
      },
      {
        name: 'a scope named by the notes, not the spec',
        code: governance,
        options: SEARCH_APP,
        errors: [reportAt<MessageId>(MISSING('GET /rest/api/v1/governance/data/policies/{id}', 'DATA_GOVERNANCE', 'SEARCH, DOCUMENTS'), governance, 'retrieve')],
      },
      { name: 'a token with no scopes', code: announcement, options: scopes(), errors: [reportAt<MessageId>(MISSING('POST /rest/api/v1/createannouncement', 'ANNOUNCEMENTS', 'no scopes'), announcement, "'/rest/api/v1/createannouncement'")] },
    ],
  });
});

describe('token-scope: the endpoint-to-scope map comes from the data', () => {
  const schedule = { schemaVersion: 1, extends: 'bundled', endpoints: [{ endpoint: 'POST /rest/api/v1/chat', api: 'client', scope: 'AGENTS' }], items: [] };
  const code = "await fetch('/rest/api/v1/chat', { method: 'POST', body: '{}' });";
  ruleTester.run('token-scope', tokenScope, {
    valid: [{ name: 'chat moved to AGENTS by an override', code, options: scopes('AGENTS'), settings: sunsetSettings({ schedule }) }],
    invalid: [{ name: 'CHAT no longer covers chat', code, options: scopes('CHAT'), settings: sunsetSettings({ schedule }), errors: [reportAt<MessageId>(MISSING('POST /rest/api/v1/chat', 'AGENTS', 'CHAT'), code, "'/rest/api/v1/chat'")] }],
  });
});

describe('token-scope: configuration', () => {
  const code = "await fetch('/rest/api/v1/chat', { method: 'POST' });";

  it('needs the scopes', () => {
    expect(() => lintWithRules(code, { 'token-scope': undefined })).toThrow(
      `api-sunset/token-scope: set "scopes" to the token's scopes, e.g. ['error', { scopes: ['SEARCH', 'CHAT'] }]; "api-sunset scopes" prints the scopes the code needs.`,
    );
  });

  it('rejects a scope the data does not name, naming the known ones, even in a file that mentions no API', () => {
    expect(() => lintWithRules('export const a = 1;', { 'token-scope': { scopes: ['SEARCH', 'SERCH', 'CHATS'] } })).toThrow(
      'api-sunset/token-scope: unknown scopes in "scopes": SERCH, CHATS. Known scopes: ACTIVITY, AGENTS, ANNOUNCEMENTS, ANSWERS, CHAT, COLLECTIONS, DOCPERMISSIONS, DOCUMENTS, ENTITIES, FEEDBACK, INSIGHTS, PEOPLE, PINS, SEARCH, SHORTCUTS, SUMMARIZE, VERIFICATION, DATA_GOVERNANCE.',
    );
  });

  it('rejects a scope that is not written as one when ESLint validates the options', () => {
    expect(() => lintWithRules(code, { 'token-scope': { scopes: ['SEARCH', 'chat'] } })).toThrow(/"api-sunset\/token-scope":\s+Value "chat" should match pattern/);
  });

  it('rejects duplicates and other types through the schema', () => {
    expect(() => lintWithRules(code, { 'token-scope': { scopes: ['CHAT', 'CHAT'] } })).toThrow(/should NOT have duplicate items/);
    expect(() => lintWithRules(code, { 'token-scope': { scopes: 'CHAT' } })).toThrow(/should be array/);
  });

  it('is not in the recommended config: it needs the scopes', async () => {
    const { default: plugin } = await import('../../src/index.js');
    expect(plugin.configs.recommended.rules).not.toHaveProperty('api-sunset/token-scope');
  });
});
