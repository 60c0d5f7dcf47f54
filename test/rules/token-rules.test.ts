import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { actAsHeader } from '../../rules/act-as-header.js';
import { noHardcodedToken } from '../../rules/no-hardcoded-token.js';
import { requireJsonContentType } from '../../rules/require-json-content-type.js';
import { tokenScope } from '../../rules/token-scope.js';
import { isEmailAddress, isPlaceholderSecret } from '../../src/tokens/auth.js';
import { loadBundledSchedule } from '../../src/schedule/index.js';
import { FIXTURES, sunsetSettings } from './tester.js';
import { span } from './token-cases.js';
import { lintWithRules } from './token-lint.js';

const ALL_SCOPES = loadBundledSchedule().auth.scopes!.map((scope) => scope.name);

/**
 * Negative fixtures that never call the service: silent even for a GLOBAL token with no scopes.
 * The others call it correctly, and rightly get act-as and scope reports under those settings.
 */
const LOOK_ALIKES = new Set([
  'analytics-insights-client.ts',
  'elasticsearch-employees.ts',
  'express-users.js',
  'intranet-sdk-announcements.ts',
  'jira-boards.ts',
  'log-prose.ts',
  'openai-chat-citations.ts',
  'prisma-announcements.ts',
  'rag-pipeline.js',
  'redux-settings-slice.ts',
  'sdk-platform-chat.ts',
  'unrelated-urls.js',
]);

describe('the token rules on test/fixtures/negative/', () => {
  const dir = path.join(FIXTURES, 'negative');
  const files = readdirSync(dir).filter((file) => /\.[cm]?[jt]sx?$/.test(file)).sort();

  it('has the look-alikes to check', () => {
    expect(files).toEqual(expect.arrayContaining([...LOOK_ALIKES]));
  });

  it.each(files)('%s stays silent with every token rule on', (file) => {
    const code = readFileSync(path.join(dir, file), 'utf8');
    const lenient = { 'no-hardcoded-token': undefined, 'require-json-content-type': undefined, 'token-scope': { scopes: ALL_SCOPES } };
    expect(lintWithRules(code, { ...lenient, 'act-as-header': {} }, {}, `test/fixtures/negative/${file}`)).toEqual([]);
    expect(lintWithRules(code, { ...lenient, 'act-as-header': { tokenType: 'USER' } }, {}, `test/fixtures/negative/${file}`)).toEqual([]);
    if (LOOK_ALIKES.has(file)) {
      expect(lintWithRules(code, { 'act-as-header': { tokenType: 'GLOBAL' }, 'token-scope': { scopes: [] } }, {}, `test/fixtures/negative/${file}`)).toEqual([]);
    }
  });
});

describe('files that never mention the API cost one text search', () => {
  type Rule = typeof noHardcodedToken | typeof actAsHeader | typeof tokenScope | typeof requireJsonContentType;
  const context = (text: string, options: unknown[] = []) =>
    ({
      id: 'api-sunset/x',
      options,
      settings: sunsetSettings(),
      cwd: process.cwd(),
      filename: 'file.ts',
      physicalFilename: 'file.ts',
      sourceCode: { text },
      report: () => {
        throw new Error('no report expected from create()');
      },
    }) as never;
  const rules: [string, Rule, unknown[]][] = [
    ['no-hardcoded-token', noHardcodedToken, []],
    ['act-as-header', actAsHeader, [{ tokenType: 'GLOBAL' }]],
    ['token-scope', tokenScope, [{ scopes: ['SEARCH'] }]],
    ['require-json-content-type', requireJsonContentType, []],
  ];
  const unrelated = "import express from 'express';\nconst app = express();\napp.get('/api/v1/users', (req, res) => res.json({ auth: req.headers.authorization }));\n";

  it.each(rules)('%s returns no listeners for a file without an API path, endpoint name or the SDK', (_name, rule, options) => {
    expect((rule.create as (context: never) => object)(context(unrelated, options))).toEqual({});
  });

  it.each(rules)('%s returns listeners once the file mentions the API', (_name, rule, options) => {
    expect(Object.keys((rule.create as (context: never) => object)(context("const p = '/rest/api/v1/search';", options)))).not.toHaveLength(0);
  });

  it('act-as-header also looks at files that set the act-as header, in any of its spellings', () => {
    expect(Object.keys(actAsHeader.create(context("export const h = { 'x-glean-act-as': who };", [{ tokenType: 'USER' }])))).not.toHaveLength(0);
    expect(noHardcodedToken.create(context("export const h = { 'x-glean-act-as': who };"))).toEqual({});
  });
});

describe('several token rules on one request', () => {
  it('report each problem once, with one-line messages that never show the secret', () => {
    const code = [
      "import { Glean } from '@gleanwork/api-client';",
      "const glean = new Glean({ apiToken: 'glean_9f8e7d6c5b4a' });",
      "await fetch('/rest/api/v1/chat', { method: 'POST', headers: { Authorization: 'Bearer glean_9f8e7d6c5b4a', 'X-Service-ActAs': 'admin' }, body: '{}' });",
      "await glean.client.search.query({ query: 'q' });",
    ].join('\n');
    const messages = lintWithRules(code, {
      'no-hardcoded-token': undefined,
      'act-as-header': { tokenType: 'GLOBAL' },
      'token-scope': { scopes: ['SEARCH'] },
      'require-json-content-type': undefined,
    });
    const at = (needle: string, nth = 0) => {
      const { line, column } = span(code, needle, nth);
      return `${line}:${column}`;
    };
    expect(messages.map((m) => `${m.line}:${m.column} ${m.ruleId}`)).toEqual([
      `${at("'glean_9f8e7d6c5b4a'")} api-sunset/no-hardcoded-token`,
      `${at("'/rest/api/v1/chat'")} api-sunset/token-scope`,
      `${at("{ Authorization: 'Bearer")} api-sunset/require-json-content-type`,
      `${at("'Bearer glean_9f8e7d6c5b4a'")} api-sunset/no-hardcoded-token`,
      `${at("'admin'")} api-sunset/act-as-header`,
      `${at('query', 0)} api-sunset/act-as-header`,
    ]);
    for (const { message } of messages) {
      expect(message).not.toContain('glean_9f8e7d6c5b4a');
      expect(message).not.toContain('\n');
    }
  });
});

describe('placeholders and e-mail addresses', () => {
  it.each(['', ' ', '<ACCESS_TOKEN>', '<token>', 'YOUR_TOKEN', 'your-token-here', 'MY_API_TOKEN', 'my token', 'xxx', 'XXXX-XXXX', '***', '...', 'sk-...', '…', 'changeme', 'CHANGE_ME', 'token', 'TOKEN', 'secret', 'TODO', 'placeholder', 'redacted', 'test', 'test-token', 'fake_token_123', 'dummy', '${TOKEN}', '{{ token }}', '$TOKEN', '%s', 'GLEAN_API_TOKEN', 'API_KEY'])(
    '%j is a placeholder',
    (value) => expect(isPlaceholderSecret(value)).toBe(true),
  );

  it.each(['glean_9f8e7d6c5b4a', 'abc123', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig', 'tokenized-9f8e', 'Xy7', 'mytoken123', 'PROD'])('%j is a secret', (value) => expect(isPlaceholderSecret(value)).toBe(false));

  it.each(['alice@acme.com', 'a.b+c@mail.acme.co.uk', ' alice@acme.com '])('%j is an e-mail address', (value) => expect(isEmailAddress(value)).toBe(true));

  it.each(['', 'admin', 'alice@localhost', '<EMAIL>', 'Alice <alice@acme.com>', 'alice@@acme.com', 'alice acme@x.com', 'alice@acme.', '@acme.com'])('%j is not an e-mail address', (value) =>
    expect(isEmailAddress(value)).toBe(false),
  );
});
