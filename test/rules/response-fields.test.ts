import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { noDeprecatedApi } from '../../rules/no-deprecated-api.js';
import { noRemovedApi } from '../../rules/no-removed-api.js';
import plugin from '../../src/index.js';
import { exactly, lintWithBothRules, ROOT, ruleTester, sunsetSettings } from './tester.js';

/** Line and column (1-based) of the `nth` occurrence of `needle` in `code`, plus `offset` characters. */
function locate(code: string, needle: string, nth = 0, offset = 0): { line: number; column: number } {
  let index = -1;
  for (let i = 0; i <= nth; i++) {
    index = code.indexOf(needle, index + 1);
    if (index === -1) throw new Error(`"${needle}" #${nth} not in test code`);
  }
  const before = code.slice(0, index + offset).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

/** `code` with the `nth` occurrence of `needle` replaced. */
function replaceNth(code: string, needle: string, replacement: string, nth = 0): string {
  let index = -1;
  for (let i = 0; i <= nth; i++) index = code.indexOf(needle, index + 1);
  return code.slice(0, index) + replacement + code.slice(index + needle.length);
}

const lines = (...text: string[]) => text.join('\n');

const REMOVED = 'was removed on 2026-10-15, 38 days ago;';
const SCHEDULED = 'is deprecated and will be removed on 2027-01-15, in 54 days;';

/** The advice of each response field's notice, written out from the spec and the notes. */
const ADVICE = {
  citations: 'use `fragments[].citation`, which has another shape',
  snippet: 'use `text`',
  datasources: 'use `datasourceInstances`',
  externalSharingOptions: 'use `broadSharingOptions`',
  enabled: 'there is no replacement',
  reactions: 'use `reacts`, which has another shape',
  role: 'use `permissions`, which has another shape',
  boardId: 'there is no replacement: answer boards are no longer supported',
  inviteTime: 'use `invites[]`, which has another shape',
  sensitiveInfoTypes: 'use `sensitiveContentOptions`, which has another shape',
  answerToken: 'use `answer.trackingToken`',
  collectionToken: 'use `collection?.trackingToken`',
  satisfaction: 'there is no replacement: contact support',
} as const;

const CHAT = 'POST /rest/api/v1/chat';
const SEARCH = 'POST /rest/api/v1/search';
const POLICY = 'GET /rest/api/v1/governance/data/policies/{id}';
const GET_ANSWER = 'POST /rest/api/v1/getanswer';
const GET_COLLECTION = 'POST /rest/api/v1/getcollection';
const INSIGHTS = 'POST /rest/api/v1/insights';

/** The subject of a finding on a value whose endpoint the analysis knows. */
const inResponse = (field: string, endpoint: string) => `\`${field}\` (in the response of ${endpoint})`;

/** The subject of a finding on a value typed with the SDK's types (the endpoint is not known). */
const TYPED = {
  citations: '`ChatMessage.citations`',
  collectionToken: '`GetCollectionResponse.trackingToken`',
  answerToken: '`AnswerResult.trackingToken`',
  datasources: '`InputOptions.datasources`',
} as const;

const CITATIONS_SUGGESTION = 'Collect the citations from the message fragments.';

interface Expect {
  nth?: number;
  suggestions?: { description: string; output: string }[];
}

function expected<M extends string>(message: string, code: string, needle: string, offset: number, extra: Expect) {
  return {
    ...exactly<M>(message, locate(code, needle, extra.nth, offset)),
    ...(extra.suggestions ? { suggestions: extra.suggestions.map(({ description, output }) => ({ messageId: 'suggestion' as const, data: { description }, output })) } : {}),
  };
}

/** A removed field reported at the start of `needle` (or `offset` characters into it). */
function removed(code: string, needle: string, subject: string, advice: string, extra: Expect & { offset?: number } = {}) {
  return expected<'removed'>(`${subject} ${REMOVED} ${advice}.`, code, needle, extra.offset ?? 0, extra);
}

function scheduled(code: string, needle: string, subject: string, advice: string, extra: Expect & { offset?: number } = {}) {
  return expected<'scheduled'>(`${subject} ${SCHEDULED} ${advice}.`, code, needle, extra.offset ?? 0, extra);
}

const MODELS_IMPORT = " } from '@gleanwork/api-client/models/components';";

/**
 * A `citations` read written as `read` (`m.citations`, `last?.citations`), reported at `citations`
 * with the suggestion that collects the fragments' citations instead. The callback's parameter is
 * `param`: in TypeScript typed so that `strict` accepts it (see suggestions-compile.test.ts), with
 * `imports` the SDK type it names is added to the file's import of the SDK's models.
 */
function citations(code: string, read: string, { subject = inResponse('ChatMessage.citations', CHAT), nth = 0, param = 'f: { citation?: any }', imports = false } = {}) {
  const dot = read.endsWith('?.citations') ? '?.' : '.';
  const object = read.slice(0, read.length - `${dot}citations`.length);
  let output = replaceNth(code, read, `(${object}${dot}fragments ?? []).flatMap((${param}) => (f.citation ? [f.citation] : []))`, nth);
  if (imports) output = output.replace(MODELS_IMPORT, `, ChatMessageFragment${MODELS_IMPORT}`);
  return removed(code, read, subject, ADVICE.citations, { nth, offset: read.lastIndexOf('citations'), suggestions: [{ description: CITATIONS_SUGGESTION, output }] });
}

/** A `citations` key destructured: reported without a rewrite (the new shape cannot be destructured). */
function citationsKey(code: string, needle: string, { subject = inResponse('ChatMessage.citations', CHAT), nth = 0 } = {}) {
  return removed(code, needle, subject, ADVICE.citations, { nth, offset: needle.indexOf('citations') });
}

const GLEAN = ["import { Glean } from '@gleanwork/api-client';", 'const glean = new Glean({ apiToken: process.env.GLEAN_API_TOKEN });'];
const CHAT_URL = "'https://acme-be.glean.com/rest/api/v1/chat'";
const FETCH_CHAT = `await fetch(${CHAT_URL}, { method: 'POST', body: JSON.stringify({ messages: [] }) })`;
/** `data` holds the parsed chat response. */
const CHAT_DATA = ['export {};', `const res = ${FETCH_CHAT};`, 'const data = await res.json();'];

describe('response fields: how the response is obtained', () => {
  const fetchAwait = lines(...CHAT_DATA, 'export const first = data.messages[0].citations;');
  const fetchThen = lines(
    `export const sources = fetch(\`\${process.env.GLEAN_URL}/rest/api/v1/chat\`, { method: 'POST', body: JSON.stringify({ messages: [] }) })`,
    '  .then((r) => r.json())',
    '  .then((data) => data.messages.map((m) => m.citations));',
  );
  const fetchThenAsync = lines(
    `export const sources = fetch(${CHAT_URL}, { method: 'POST', body: '{}' })`,
    '  .then(async (r) => { if (!r.ok) throw new Error(); return r.json(); })',
    '  .then(({ messages }) => messages[0].citations);',
  );
  const axiosData = lines(
    "import axios from 'axios';",
    `const res = await axios.post(${CHAT_URL}, { messages: [] });`,
    'export const last = res.data.messages.at(-1).citations;',
  );
  const axiosInstance = lines(
    "import axios from 'axios';",
    "const api = axios.create({ baseURL: process.env.GLEAN_URL + '/rest/api/v1' });",
    "const { data } = await api.post('/chat', { messages: [] });",
    'export const all = data.messages.flatMap((m) => m.citations ?? []);',
  );
  const axiosThen = lines(
    "import axios from 'axios';",
    `export const all = axios.post(${CHAT_URL}, {}).then(({ data }) => data.messages[0].citations);`,
  );
  const gotJson = lines(
    "import got from 'got';",
    `const data: any = await got.post(${CHAT_URL}, { json: { messages: [] } }).json();`,
    'for (let i = 0; i < data.messages.length; i++) console.log(data.messages[i].citations);',
  );
  const kyJson = lines(
    "import ky from 'ky';",
    `const data = await ky.post(${CHAT_URL}, { json: { messages: [] } }).json();`,
    'const { messages = [] } = data;',
    'messages.forEach((m) => console.log(m.citations));',
  );
  const ofetch = lines(
    "import { ofetch } from 'ofetch';",
    `const data = await ofetch(${CHAT_URL}, { method: 'POST', body: { messages: [] } });`,
    'export const first = data.messages?.[0]?.citations;',
  );
  const sdkMethod = lines(
    ...GLEAN,
    'const { client } = glean;',
    "const res = await client.chat.create({ messages: [{ author: 'USER', fragments: [{ text: 'q' }] }] });",
    'export const last = res.messages?.at(-1)?.citations;',
  );
  const sdkFunction = lines(
    "import { clientChatCreate } from '@gleanwork/api-client/funcs/clientChatCreate.js';",
    'declare const core: any;',
    'const result = await clientChatCreate(core, { messages: [] });',
    'if (result.ok) console.log(result.value.messages?.map((m) => m.citations));',
  );
  const wrapper = lines('declare const api: any;', "const data = await api.post('/chat', { messages: [] });", "export const found = data.messages.find((m) => m.author === 'GLEAN_AI')?.citations;");
  const undici = lines(
    "import { request } from 'undici';",
    `const { body } = await request(${CHAT_URL}, { method: 'POST', body: '{}' });`,
    'const data = await body.json();',
    'export const any = data.messages.some((m) => m.citations);',
  );
  const httpClient = lines(
    'export function ask(http: any) {',
    "  http.post('https://acme-be.glean.com/rest/api/v1/chat', { messages: [] }).subscribe((res) => res.messages.every((m) => m.citations));",
    '}',
  );
  const textParse = lines('export {};', `const res = ${FETCH_CHAT};`, 'const data = JSON.parse(await res.clone().text());', 'console.log(data.messages[0].citations);');

  ruleTester.run('no-removed-api', noRemovedApi, {
    valid: [],
    invalid: [
      { name: 'fetch: await, then await res.json()', code: fetchAwait, errors: [citations(fetchAwait, 'data.messages[0].citations')] },
      { name: 'fetch: .then(r => r.json()).then(data => …) in JS', filename: 'file.js', code: fetchThen, errors: [citations(fetchThen, 'm.citations', { param: 'f' })] },
      { name: 'fetch: async .then callback returning r.json(), destructured parameter', code: fetchThenAsync, errors: [citations(fetchThenAsync, 'messages[0].citations')] },
      { name: 'axios: res.data', code: axiosData, errors: [citations(axiosData, 'res.data.messages.at(-1).citations')] },
      { name: 'axios instance: const { data } = await api.post(…)', code: axiosInstance, errors: [citations(axiosInstance, 'm.citations')] },
      { name: 'axios: .then(({ data }) => …)', code: axiosThen, errors: [citations(axiosThen, 'data.messages[0].citations')] },
      { name: 'got: .json(), messages[i]', code: gotJson, errors: [citations(gotJson, 'data.messages[i].citations')] },
      { name: 'ky: .json(), destructuring with a default, forEach', code: kyJson, errors: [citations(kyJson, 'm.citations')] },
      { name: 'ofetch: the parsed body, optional element access', code: ofetch, errors: [citations(ofetch, 'data.messages?.[0]?.citations')] },
      { name: 'SDK method through const { client } = glean, messages.at(-1)', code: sdkMethod, errors: [citations(sdkMethod, 'res.messages?.at(-1)?.citations')] },
      { name: 'SDK standalone function: result.value', code: sdkFunction, errors: [citations(sdkFunction, 'm.citations')] },
      {
        name: 'declared wrapper: the parsed body, find',
        code: wrapper,
        settings: sunsetSettings({ wrappers: [{ callee: 'api.post', path: 0, body: 1, prefix: '/rest/api/v1', method: 'POST' }] }),
        errors: [citations(wrapper, "data.messages.find((m) => m.author === 'GLEAN_AI')?.citations")],
      },
      { name: 'undici request: const { body } = …; body.json()', code: undici, errors: [citations(undici, 'm.citations')] },
      { name: "Angular-style http.post(…).subscribe(res => …)", code: httpClient, errors: [citations(httpClient, 'm.citations')] },
      { name: 'fetch: JSON.parse(await res.clone().text())', code: textParse, errors: [citations(textParse, 'data.messages[0].citations')] },
    ],
  });
});

describe('response fields: how the value moves', () => {
  const alias = lines(...CHAT_DATA, 'const body = data;', 'let list = body.messages;', 'export const x = list[0].citations;');
  const optionalComputed = lines(...CHAT_DATA, "export const x = data?.['messages']?.[data.messages.length - 1]?.citations;");
  const nonNull = lines(...CHAT_DATA, 'export const x = (data as any).messages.at(-1)!.citations;');
  const defaults = lines(...CHAT_DATA, 'export const x = (data.messages ?? []).map((m) => m.citations);', 'export const y = (data.messages || [])[0].citations;');
  const ternary = lines(...CHAT_DATA, 'const list = data.ok ? data.messages : [];', 'export const x = list[0].citations;');
  const nested = lines(...CHAT_DATA, 'const { messages: [first] = [] } = data;', 'export const x = first.citations;');
  const nestedKey = lines(...CHAT_DATA, 'const { messages: [{ citations = [] }] } = data;', 'export const x = citations;');
  const forOf = lines(...CHAT_DATA, 'for (const m of data.messages ?? []) console.log(m.citations);', 'for (const { citations: c } of data.messages) console.log(c);');
  const callbacks = lines(
    ...CHAT_DATA,
    'data.messages.filter((m) => m.citations).find((m) => m.citations);',
    'data.messages.every((m) => m.citations);',
    'data.messages.reduce((n, m) => n + m.citations.length, 0);',
    'data.messages.slice(-1)[0].citations;',
    'data.messages.forEach((m) => m.citations);',
  );
  const declaration = lines(
    ...CHAT_DATA,
    'export const sources = sourcesOf(data);',
    'function sourcesOf(chatResponse) {',
    '  return chatResponse.messages.flatMap((m) => m.citations);',
    '}',
  );
  const arrowReturn = lines(...CHAT_DATA, 'const lastOf = (res) => res.messages.at(-1);', 'export const x = lastOf(data).citations;');
  const identifierCallback = lines(...CHAT_DATA, 'export const x = data.messages.map(toSources);', 'function toSources(message) {', '  return message.citations;', '}');
  const callbackReturn = lines(...CHAT_DATA, 'export const x = data.messages.map((m) => m.fragments).flat()[0].citation;', 'export const y = data.messages.map((m) => m)[0].citations;');
  const returned = lines(
    'async function ask() {',
    `  const res = ${FETCH_CHAT};`,
    '  return res.json();',
    '}',
    'const data = await ask();',
    'export const x = data.messages[0].citations;',
  );
  const perCall = lines(
    ...CHAT_DATA,
    'declare const other: any;',
    'function messagesOf(x) { return x.messages; }',
    'export const mine = messagesOf(data)[0].citations;',
    'export const theirs = messagesOf(other)[0].citations;',
  );
  const thenData = lines(
    "import axios from 'axios';",
    "export const ds = axios.get('https://acme-be.glean.com/rest/api/v1/governance/data/policies/p1').then((res) => res.data).then((data) => data.report.config.inputOptions.datasources);",
  );
  const jsonThen = lines('export {};', `const res = ${FETCH_CHAT};`, 'export const x = res.json().then((data) => data.messages[0].citations);');
  const constKey = lines(...CHAT_DATA, "const KEY = 'citations';", 'export const x = data.messages[0][KEY];');
  const deepChain = lines(
    ...CHAT_DATA,
    'export const quotes = data.messages.flatMap((m) => m.citations).map((c) => c.referenceRanges?.[0]?.snippets?.[0]?.snippet);',
  );

  ruleTester.run('no-removed-api', noRemovedApi, {
    valid: [
      { name: 'a function called with the response and with another value: only the response call counts', code: lines('declare const other: any;', 'function messagesOf(x) { return x.messages; }', 'export const theirs = messagesOf(other)[0].citations;', `const res = ${FETCH_CHAT};`) },
    ],
    invalid: [
      { name: 'aliases: const and let', code: alias, errors: [citations(alias, 'list[0].citations')] },
      { name: 'optional chaining with computed keys and a computed index', code: optionalComputed, errors: [citations(optionalComputed, 'data?.[\'messages\']?.[data.messages.length - 1]?.citations')] },
      { name: 'TS wrappers: as any, non-null', code: nonNull, errors: [citations(nonNull, '(data as any).messages.at(-1)!.citations')] },
      { name: 'defaults: ?? [] and || []', code: defaults, errors: [citations(defaults, 'm.citations'), citations(defaults, '(data.messages || [])[0].citations')] },
      { name: 'ternary', code: ternary, errors: [citations(ternary, 'list[0].citations')] },
      { name: 'destructuring: nested array pattern with a default', code: nested, errors: [citations(nested, 'first.citations')] },
      { name: 'destructuring: the key itself, nested, with a default', code: nestedKey, errors: [citationsKey(nestedKey, 'citations = []')] },
      { name: 'for…of: element and destructured element', code: forOf, errors: [citations(forOf, 'm.citations'), citationsKey(forOf, 'citations: c')] },
      {
        name: 'array callbacks: filter, find, every, reduce, slice, forEach',
        code: callbacks,
        errors: [
          citations(callbacks, 'm.citations', { nth: 0 }),
          citations(callbacks, 'm.citations', { nth: 1 }),
          citations(callbacks, 'm.citations', { nth: 2 }),
          citations(callbacks, 'm.citations', { nth: 3 }),
          citations(callbacks, 'data.messages.slice(-1)[0].citations'),
          citations(callbacks, 'm.citations', { nth: 4 }),
        ],
      },
      { name: 'into a function declared later in the file', code: declaration, errors: [citations(declaration, 'm.citations')] },
      { name: 'returned from a const arrow function', code: arrowReturn, errors: [citations(arrowReturn, 'lastOf(data).citations')] },
      { name: 'identifier callback: .map(toSources)', code: identifierCallback, errors: [citations(identifierCallback, 'message.citations')] },
      { name: 'map results: arrays of what the callback returns', code: callbackReturn, errors: [citations(callbackReturn, 'data.messages.map((m) => m)[0].citations')] },
      { name: 'returned from an async function: await ask()', code: returned, errors: [citations(returned, 'data.messages[0].citations')] },
      {
        name: 'axios: .then((res) => res.data).then((data) => …)',
        code: thenData,
        output: thenData.replace('.datasources)', '.datasourceInstances)'),
        errors: [removed(thenData, 'datasources)', inResponse('InputOptions.datasources', POLICY), ADVICE.datasources)],
      },
      { name: 'fetch: res.json().then((data) => …)', code: jsonThen, errors: [citations(jsonThen, 'data.messages[0].citations')] },
      { name: 'a computed key held in a const', code: constKey, errors: [removed(constKey, 'KEY]', inResponse('ChatMessage.citations', CHAT), ADVICE.citations, { suggestions: [{ description: CITATIONS_SUGGESTION, output: constKey.replace('data.messages[0][KEY]', '(data.messages[0].fragments ?? []).flatMap((f: { citation?: any }) => (f.citation ? [f.citation] : []))') }] })] },
      { name: 'returns go back to the call that passed the response', code: perCall, errors: [citations(perCall, 'messagesOf(data)[0].citations')] },
      {
        name: 'through a deprecated field: citations[].referenceRanges[].snippets[].snippet',
        code: deepChain,
        output: deepChain.replace('?.snippet)', '?.text)'),
        errors: [citations(deepChain, 'm.citations'), removed(deepChain, 'snippet)', inResponse('SearchResultSnippet.snippet', CHAT), ADVICE.snippet)],
      },
    ],
  });
});

describe('response fields: messages told apart by a constant type', () => {
  // A message object the code writes (`{ type, payload }`) runs only the branches its type can take.
  const post = (reader: string) => lines(...CHAT_DATA, "handle({ type: 'chat', payload: data });", "handle({ type: 'status', payload: { messages: [] } });", 'function handle(message) {', reader, '}');
  const ifType = post("  if (message.type === 'chat') console.log(message.payload.messages[0].citations);");
  const switchType = post(lines('  switch (message.type) {', "    case 'chat':", '      return message.payload.messages[0].citations;', '    default:', '      return undefined;', '  }'));
  const reducer = lines(
    "import { createStore } from 'redux';",
    ...CHAT_DATA.slice(1),
    "const LOADED = 'chat/loaded';",
    "const SEEN = 'chat/seen';",
    'function chat(state = {}, action) {',
    '  switch (action.type) {',
    '    case LOADED:',
    '      return { sources: action.payload.messages[0].citations };',
    '    case SEEN:',
    '      return { ...state, seen: action.payload.citations };',
    '    default:',
    '      return state;',
    '  }',
    '}',
    'export const store = createStore(chat);',
    'store.dispatch({ type: LOADED, payload: data });',
    "store.dispatch({ type: SEEN, payload: { citations: ['mine'] } });",
  );
  ruleTester.run('no-removed-api', noRemovedApi, {
    valid: [
      { name: 'a variable compared with a constant rules nothing out', code: lines('let mode = "v1";', 'export function go() {', '  if (mode === "v2") return;', '}') },
      { name: 'the branch of another type does not read the response', code: post("  if (message.type === 'status') console.log(message.payload.messages?.[0]?.citations);") },
    ],
    invalid: [
      { name: "if (message.type === 'chat')", code: ifType, errors: [citations(ifType, 'message.payload.messages[0].citations')] },
      { name: 'switch (message.type)', code: switchType, errors: [citations(switchType, 'message.payload.messages[0].citations')] },
      { name: 'a Redux reducer run with each dispatched action', code: reducer, errors: [citations(reducer, 'action.payload.messages[0].citations')] },
    ],
  });

  it('a parameter\'s default rules nothing out: callers may pass another value', () => {
    const code = lines(...CHAT_DATA, "export function go(options = { mode: 'plain' }) {", "  if (options.mode === 'tracked') console.log(data.messages[0].citations);", '}');
    expect(lintWithBothRules(code).map((message) => message.line)).toEqual([5]);
  });

  it('an async Svelte derived store holds what its callback sets', () => {
    const code = lines(
      "import { writable, derived } from 'svelte/store';",
      "const query = writable('');",
      `export const results = derived(query, ($q, set) => { fetch(${CHAT_URL}, { method: 'POST', body: JSON.stringify({ messages: [] }) }).then((r) => r.json()).then((data) => set(data)); }, null);`,
      'export const sources = derived(results, ($r) => $r?.messages?.[0]?.citations);',
    );
    expect(lintWithBothRules(code).map((message) => message.line)).toEqual([4]);
  });

  it('reads in a branch are still reported when the discriminant is not a literal\'s', () => {
    const code = lines(...CHAT_DATA, "let mode = 'v1';", "if (mode === 'v2') console.log(data.messages[0].citations);");
    const messages = lintWithBothRules(code);
    expect(messages.map((message) => message.line)).toEqual([5]);
  });
});

describe('response fields: values typed with the SDK types', () => {
  const TYPES = "import type { ChatMessage, ChatResponse, GetCollectionResponse, GetAnswerResponse, DlpConfig } from '@gleanwork/api-client/models/components';";
  const param = lines(TYPES, 'export const read = (m: ChatMessage) => m.citations;');
  const localAlias = lines(TYPES, 'type Msg = ChatMessage;', 'export type Turn = Msg;', 'export function read(turns: Array<Turn>) {', '  return turns.map((t) => t.citations);', '}');
  const asCast = lines(TYPES, 'declare const raw: unknown;', 'export const x = (raw as ChatResponse).messages?.[0]?.citations;');
  const returnType = lines(
    TYPES,
    'async function loadCollection(id: number): Promise<GetCollectionResponse> {',
    "  return (await fetch('/api/collection/' + id)).json();",
    '}',
    'export const token = (await loadCollection(1)).trackingToken;',
  );
  const destructuredParam = lines(TYPES, 'export const read = ({ citations }: ChatMessage) => citations;');
  const typedVariable = lines(TYPES, 'declare const raw: any;', 'const { answerResult }: GetAnswerResponse = raw;', 'export const token = answerResult?.trackingToken;');
  const typedConfig = lines(TYPES, 'export function instances(config: DlpConfig) {', '  return config.inputOptions?.datasources ?? [];', '}');

  ruleTester.run('no-removed-api', noRemovedApi, {
    valid: [
      { name: "the app's own ChatMessage type", code: lines('interface ChatMessage { citations: string[] }', 'export const read = (m: ChatMessage) => m.citations;') },
      { name: 'a type parameter named like a binding does not leak', code: lines(TYPES, 'type Reader = (m: ChatMessage) => void;', 'declare const m: { citations: string[] };', 'export const r: Reader | string[] = m.citations;') },
    ],
    invalid: [
      { name: 'parameter annotated with an SDK type', code: param, errors: [citations(param, 'm.citations', { subject: TYPED.citations , param: 'f: ChatMessageFragment', imports: true })] },
      { name: 'local aliases of the SDK type and Array<…>', code: localAlias, errors: [citations(localAlias, 't.citations', { subject: TYPED.citations , param: 'f: ChatMessageFragment', imports: true })] },
      { name: 'as ChatResponse', code: asCast, errors: [citations(asCast, '(raw as ChatResponse).messages?.[0]?.citations', { subject: TYPED.citations , param: 'f: ChatMessageFragment', imports: true })] },
      { name: 'destructured parameter with an SDK type', code: destructuredParam, errors: [citationsKey(destructuredParam, '{ citations }', { subject: TYPED.citations })] },
      { name: 'parameter typed DlpConfig', code: typedConfig, output: typedConfig.replace('?.datasources', '?.datasourceInstances'), errors: [removed(typedConfig, 'datasources ??', TYPED.datasources, ADVICE.datasources)] },
    ],
  });

  ruleTester.run('no-deprecated-api', noDeprecatedApi, {
    valid: [],
    invalid: [
      {
        name: 'function with a Promise<GetCollectionResponse> return type',
        code: returnType,
        output: returnType.replace(')).trackingToken', ')).collection?.trackingToken'),
        errors: [scheduled(returnType, 'trackingToken;', TYPED.collectionToken, ADVICE.collectionToken)],
      },
      {
        name: 'typed variable with a pattern',
        code: typedVariable,
        output: typedVariable.replace('answerResult?.trackingToken', 'answerResult?.answer.trackingToken'),
        errors: [scheduled(typedVariable, 'trackingToken;', TYPED.answerToken, ADVICE.answerToken)],
      },
    ],
  });
});

describe('response fields: the name hint for untyped helpers', () => {
  const IMPORT = "import type { ChatMessage } from '@gleanwork/api-client/models/components';";
  const fullName = lines(IMPORT, 'export function citationStats(chatResponse: any): number[] {', '  return chatResponse.messages.map((m: any) => m.citations);', '}');
  const lastWord = lines(IMPORT, 'export function citationCount(message: any): number {', '  return (message.citations ?? []).length;', '}', 'export const typed = (m: ChatMessage) => m;');
  const destructured = lines(IMPORT, 'export function footnotes(message) {', '  const { citations = [] } = message;', '  return citations;', '}', 'export type M = ChatMessage;');
  const policy = lines(
    "import type { DlpReport } from '@gleanwork/api-client/models/components';",
    'export const sources = (dlpConfig: any) => dlpConfig.inputOptions.datasources;',
    'export type R = DlpReport;',
  );

  const metadata = lines("import type { DocumentMetadata } from '@gleanwork/api-client/models/components';", "export const owner = (metadata: any) => metadata.viewerInfo?.role === 'OWNER';", 'export type T = DocumentMetadata;');
  const citation = lines(
    "import type { ChatMessageCitation } from '@gleanwork/api-client/models/components';",
    'export function quote(citation: any): string | undefined {',
    '  return citation.referenceRanges?.[0]?.snippets?.[0]?.snippet;',
    '}',
    'export type C = ChatMessageCitation;',
  );

  ruleTester.run('no-removed-api', noRemovedApi, {
    valid: [
      { name: 'no SDK types imported: message.citations on an any parameter', code: 'export function citationCount(message: any) { return (message.citations ?? []).length; }' },
      { name: 'no SDK types imported: chatResponse parameter', filename: 'file.js', code: 'export function formatResponse(chatResponse) { return chatResponse.messages.flatMap((m) => m.citations); }' },
      { name: 'a parameter with its own type', code: lines(IMPORT, 'interface Stored { citations: string[] }', 'export const read = (message: Stored) => message.citations;', 'export type M = ChatMessage;') },
      { name: 'a generic last word does not count: response', code: lines("import type { InsightsOverviewResponse } from '@gleanwork/api-client/models/components';", 'export const read = (response: any, r: InsightsOverviewResponse) => [response.citations, r];') },
      { name: 'a name that is not a schema name', code: lines(IMPORT, 'export const read = (msg: any, chat: any) => [msg.citations, chat.messages[0].citations];') },
      { name: 'not a parameter: a variable named message', code: lines(IMPORT, 'declare const input: any;', 'const message = input;', 'export const x = message.citations;') },
      {
        name: 'a last word two imported types share: metadata',
        code: lines("import type { DocumentMetadata, PersonMetadata } from '@gleanwork/api-client/models/components';", 'export const owner = (metadata: any) => metadata.viewerInfo.role;', 'export type T = DocumentMetadata | PersonMetadata;'),
      },
    ],
    invalid: [
      { name: 'camelCase of a schema name: chatResponse', code: fullName, errors: [citations(fullName, 'm.citations', { subject: TYPED.citations , param: 'f: ChatMessageFragment', imports: true })] },
      { name: 'last word of an imported schema type: message ↔ ChatMessage', code: lastWord, errors: [citations(lastWord, 'message.citations', { subject: TYPED.citations , param: 'f: ChatMessageFragment', imports: true })] },
      { name: 'untyped JS-style parameter, destructured with a default', code: destructured, errors: [citationsKey(destructured, 'citations = []', { subject: TYPED.citations })] },
      { name: 'last word: metadata ↔ DocumentMetadata', code: metadata, errors: [removed(metadata, 'role', '`ViewerInfo.role`', ADVICE.role)] },
      {
        name: 'last word: citation ↔ ChatMessageCitation, and on to the snippets',
        code: citation,
        output: citation.replace('?.snippet;', '?.text;'),
        errors: [removed(citation, 'snippet;', '`SearchResultSnippet.snippet`', ADVICE.snippet)],
      },
      { name: 'dlpConfig ↔ DlpConfig', code: policy, output: policy.replace('.datasources', '.datasourceInstances'), errors: [removed(policy, 'datasources;', TYPED.datasources, ADVICE.datasources)] },
    ],
  });
});

describe('response fields: fixes and suggestions', () => {
  const POLICY_GET = "const { data } = await axios.get('https://acme-be.glean.com/rest/api/v1/governance/data/policies/p1');";
  const policy = (...rest: string[]) => lines("import axios from 'axios';", POLICY_GET, ...rest);
  const datasources = policy('export const x = data.report.config.inputOptions.datasources;');
  const datasourcesComputed = policy("export const x = data.report.config.inputOptions?.['datasources'];");
  const sharingEnabled = policy('export const on = data.report?.config?.externalSharingOptions?.enabled;');
  const sharingStored = policy('const sharing = data.report.config.externalSharingOptions;', 'export const on = sharing.domainAccessEnabled;');
  const sharingSpread = policy('export const copy = { ...data.report.config.externalSharingOptions, domainAccessEnabled: false };');
  const sharingDestructured = policy('const { externalSharingOptions } = data.report.config;', 'export const on = externalSharingOptions.enabled;');
  const infoTypes = policy('export const types = data.report.config.sensitiveInfoTypes;');
  const search = lines(
    "import axios from 'axios';",
    "const { data } = await axios.post('https://acme-be.glean.com/rest/api/v1/search', { query: 'q' });",
    'export const snippets = data.results.map((r) => r.snippets?.[0]?.snippet);',
    "export const quoted = data.results[0].snippets[0]['snippet'];",
    'export const { snippet } = data.results[0].snippets[0];',
  );
  const reactions = lines(
    ...GLEAN,
    "const res = await glean.client.search.query({ query: 'q' });",
    'export const count = res.results?.[0]?.document?.metadata?.interactions?.reactions?.length;',
    "export const role = res.results?.[0]?.document?.metadata?.viewerInfo?.role === 'OWNER';",
  );
  const tagged = lines(...GLEAN, 'const res = await glean.client.collections.retrieve({ id: 1 });', 'export const t = res.trackingToken`x`;', 'export const n = new res.trackingToken.constructor();');

  ruleTester.run('no-removed-api', noRemovedApi, {
    valid: [],
    invalid: [
      { name: 'datasources → datasourceInstances', code: datasources, output: datasources.replace('.datasources', '.datasourceInstances'), errors: [removed(datasources, 'datasources;', inResponse('InputOptions.datasources', POLICY), ADVICE.datasources)] },
      {
        name: 'datasources: the computed key stays computed, optional chaining stays',
        code: datasourcesComputed,
        output: datasourcesComputed.replace("?.['datasources']", "?.['datasourceInstances']"),
        errors: [removed(datasourcesComputed, "'datasources'", inResponse('InputOptions.datasources', POLICY), ADVICE.datasources)],
      },
      {
        name: 'externalSharingOptions → broadSharingOptions when only .enabled is read',
        code: sharingEnabled,
        output: sharingEnabled.replace('externalSharingOptions', 'broadSharingOptions'),
        errors: [
          removed(sharingEnabled, 'externalSharingOptions', inResponse('DlpConfig.externalSharingOptions', POLICY), ADVICE.externalSharingOptions),
          removed(sharingEnabled, 'enabled;', inResponse('ExternalSharingOptions.enabled', POLICY), ADVICE.enabled),
        ],
      },
      {
        name: 'externalSharingOptions kept in a variable: not fixed',
        code: sharingStored,
        errors: [removed(sharingStored, 'externalSharingOptions', inResponse('DlpConfig.externalSharingOptions', POLICY), `${ADVICE.externalSharingOptions}; not fixed automatically: the value may be used for domainAccessEnabled, which broadSharingOptions does not have`)],
      },
      {
        name: 'externalSharingOptions spread: not fixed',
        code: sharingSpread,
        errors: [removed(sharingSpread, 'externalSharingOptions', inResponse('DlpConfig.externalSharingOptions', POLICY), `${ADVICE.externalSharingOptions}; not fixed automatically: the value may be used for domainAccessEnabled, which broadSharingOptions does not have`)],
      },
      {
        name: 'externalSharingOptions destructured: no suggestion either',
        code: sharingDestructured,
        errors: [
          removed(sharingDestructured, 'externalSharingOptions }', inResponse('DlpConfig.externalSharingOptions', POLICY), `${ADVICE.externalSharingOptions}; not fixed automatically: the destructured value may be used for domainAccessEnabled, which broadSharingOptions does not have`),
          removed(sharingDestructured, 'enabled;', inResponse('ExternalSharingOptions.enabled', POLICY), ADVICE.enabled),
        ],
      },
      { name: 'report only: sensitiveInfoTypes', code: infoTypes, errors: [removed(infoTypes, 'sensitiveInfoTypes', inResponse('DlpConfig.sensitiveInfoTypes', POLICY), ADVICE.sensitiveInfoTypes)] },
      {
        name: 'snippet → text: dotted, optional, quoted; destructuring gets a suggestion',
        code: search,
        output: search.replace('?.snippet)', '?.text)').replace("['snippet']", "['text']"),
        errors: [
          removed(search, 'snippet);', inResponse('SearchResultSnippet.snippet', SEARCH), ADVICE.snippet),
          removed(search, "'snippet'", inResponse('SearchResultSnippet.snippet', SEARCH), ADVICE.snippet),
          removed(search, 'snippet }', inResponse('SearchResultSnippet.snippet', SEARCH), `${ADVICE.snippet}; not fixed automatically: destructuring is rewritten only as a suggestion`, {
            suggestions: [{ description: 'Rename snippet to text (the local name stays).', output: search.replace('{ snippet }', '{ text: snippet }') }],
          }),
        ],
      },
      {
        name: 'reactions: a suggestion with reacts; role: report only',
        code: reactions,
        errors: [
          removed(reactions, 'reactions', inResponse('DocumentInteractions.reactions', SEARCH), ADVICE.reactions, {
            suggestions: [{ description: 'Read the reaction types from reacts.', output: reactions.replace('?.reactions?.length', '?.reacts?.flatMap((r: { type?: string }) => (r.type ? [r.type] : []))?.length') }],
          }),
          removed(reactions, 'role ===', inResponse('ViewerInfo.role', SEARCH), ADVICE.role),
        ],
      },
    ],
  });

  const answer = lines(
    "import axios from 'axios';",
    "const { data } = await axios.post('https://acme-be.glean.com/rest/api/v1/getanswer', { id: 1 });",
    'export const a = data.answerResult.trackingToken;',
    "export const b = data.answerResult?.['trackingToken'];",
    'export const c = data.answerResult.answer.trackingToken;',
    'const { trackingToken: d } = data.answerResult;',
    'export const top = data.trackingToken;',
    'export { d };',
  );
  const collection = lines(
    ...GLEAN,
    'const res = await glean.client.collections.retrieve({ id: 1 });',
    'export const a = res.trackingToken;',
    'export const b = res?.["trackingToken"];',
    'export const c = res.collection?.trackingToken;',
    'export const { trackingToken } = res;',
  );
  const insights = lines(
    ...GLEAN,
    'const res = await glean.client.insights.retrieve({});',
    'export const a = res.overviewResponse?.searchSessionSatisfaction;',
    'export const top = res.searchSessionSatisfaction;',
  );

  ruleTester.run('no-deprecated-api', noDeprecatedApi, {
    valid: [],
    invalid: [
      {
        name: 'getanswer: answerResult.trackingToken → answerResult.answer.trackingToken (also computed); the spec’s top level is not in the documents: silent',
        code: answer,
        output: answer.replace('answerResult.trackingToken', 'answerResult.answer.trackingToken').replace("?.['trackingToken']", "?.['answer']['trackingToken']"),
        errors: [
          scheduled(answer, 'trackingToken;', inResponse('AnswerResult.trackingToken', GET_ANSWER), ADVICE.answerToken),
          scheduled(answer, "'trackingToken'", inResponse('AnswerResult.trackingToken', GET_ANSWER), ADVICE.answerToken),
          scheduled(answer, 'trackingToken: d', inResponse('AnswerResult.trackingToken', GET_ANSWER), `${ADVICE.answerToken}; not fixed automatically: destructuring is rewritten only as a suggestion`, {
            suggestions: [{ description: 'Destructure trackingToken from answer instead.', output: answer.replace('{ trackingToken: d }', '{ answer: { trackingToken: d } }') }],
          }),
        ],
      },
      {
        name: 'getcollection: res.trackingToken → res.collection?.trackingToken (also computed); destructuring: a suggestion',
        code: collection,
        output: collection.replace('res.trackingToken', 'res.collection?.trackingToken').replace('res?.["trackingToken"]', 'res?.["collection"]?.["trackingToken"]'),
        errors: [
          scheduled(collection, 'trackingToken;', inResponse('GetCollectionResponse.trackingToken', GET_COLLECTION), ADVICE.collectionToken),
          scheduled(collection, '"trackingToken"', inResponse('GetCollectionResponse.trackingToken', GET_COLLECTION), ADVICE.collectionToken),
          scheduled(collection, 'trackingToken }', inResponse('GetCollectionResponse.trackingToken', GET_COLLECTION), `${ADVICE.collectionToken}; not fixed automatically: destructuring is rewritten only as a suggestion`, {
            suggestions: [{ description: 'Destructure trackingToken from collection instead.', output: collection.replace('{ trackingToken }', '{ collection: { trackingToken } = {} }') }],
          }),
        ],
      },
      {
        name: 'insights: searchSessionSatisfaction, report only (the spec’s top-level position is not in the documents: silent)',
        code: insights,
        errors: [
          scheduled(insights, 'searchSessionSatisfaction', inResponse('InsightsOverviewResponse.searchSessionSatisfaction', INSIGHTS), ADVICE.satisfaction),
        ],
      },
      {
        name: 'a move that would put ?. under new or a tagged template is not fixed',
        code: tagged,
        errors: [
          scheduled(tagged, 'trackingToken`', inResponse('GetCollectionResponse.trackingToken', GET_COLLECTION), ADVICE.collectionToken),
          scheduled(tagged, 'trackingToken.constructor', inResponse('GetCollectionResponse.trackingToken', GET_COLLECTION), ADVICE.collectionToken),
        ],
      },
    ],
  });
});

describe('response fields by date', () => {
  const both = lines(
    ...GLEAN,
    "const chat = await glean.client.chat.create({ messages: [] });",
    'const answer = await glean.client.answers.retrieve({ id: 1 });',
    'export const x = [chat.messages?.[0]?.citations, answer.answerResult?.trackingToken];',
  );
  ruleTester.run('no-removed-api', noRemovedApi, {
    valid: [{ name: 'removed on 2027-01-15 is not yet no-removed-api’s', code: lines(...GLEAN, 'const answer = await glean.client.answers.retrieve({ id: 1 });', 'export const t = answer.answerResult?.trackingToken;') }],
    invalid: [{ name: 'the removed citations only', code: both, errors: [citations(both, 'chat.messages?.[0]?.citations')] }],
  });
  ruleTester.run('no-deprecated-api', noDeprecatedApi, {
    valid: [{ name: 'removed items are not no-deprecated-api’s', code: lines(...GLEAN, 'const chat = await glean.client.chat.create({ messages: [] });', 'export const c = chat.messages?.[0]?.citations;') }],
    invalid: [
      {
        name: 'the scheduled trackingToken only',
        code: both,
        output: both.replace('answerResult?.trackingToken', 'answerResult?.answer.trackingToken'),
        errors: [scheduled(both, 'trackingToken]', inResponse('AnswerResult.trackingToken', GET_ANSWER), ADVICE.answerToken)],
      },
    ],
  });
});

describe('response fields: look-alikes stay silent', () => {
  const silent = (name: string, ...code: string[]) => ({ name, code: lines(...code) });
  const lookalikes = [
    silent('answer.trackingToken (the replacement)', ...GLEAN, 'const res = await glean.client.answers.retrieve({ id: 1 });', 'export const t = res.answerResult?.answer.trackingToken;', 'const { answer } = res.answerResult!;', 'export const u = answer.trackingToken;'),
    silent('collection.trackingToken (the replacement)', ...GLEAN, 'const res = await glean.client.collections.retrieve({ id: 1 });', 'export const t = res.collection?.trackingToken;'),
    silent(
      'search trackingToken, request and response',
      "import axios from 'axios';",
      "const { data } = await axios.post('https://acme-be.glean.com/rest/api/v1/search', { query: 'q', trackingToken: 't' });",
      'export const t = [data.trackingToken, data.results[0].trackingToken];',
    ),
    silent('fragment.citation (the replacement)', ...CHAT_DATA, 'export const c = data.messages.flatMap((m) => m.fragments ?? []).map((f) => f.citation?.referenceRanges?.[0]?.snippets?.[0]?.text);'),
    silent(
      'LLM citations from another API',
      "const res = await fetch('https://api.perplexity.ai/chat/completions', { method: 'POST', body: '{}' });",
      'const data = await res.json();',
      'export const c = [data.citations, data.choices[0].message.citations, data.messages?.map((m) => m.citations)];',
    ),
    silent('citations on an endpoint without that field', ...GLEAN, "const res = await glean.client.search.query({ query: 'q' });", 'export const c = (res as any).citations;'),
    silent('listcollections: Collection.trackingToken is live', "import axios from 'axios';", "const { data } = await axios.post('https://acme-be.glean.com/rest/api/v1/listcollections', {});", 'export const t = data.collections.map((c) => c.trackingToken);'),
    silent(
      'a response-shaped mock literal',
      "import type { ChatResponse, GetCollectionResponse } from '@gleanwork/api-client/models/components';",
      "export const mock: ChatResponse = { messages: [{ author: 'GLEAN_AI', citations: [] }] };",
      "export const collection: GetCollectionResponse = { trackingToken: 't' } as GetCollectionResponse;",
    ),
    silent('writes are not reads', ...CHAT_DATA, 'data.messages[0].citations = [];', 'delete data.messages[0].citations;'),
    silent('an unrelated object of the same shape', ...CHAT_DATA, 'const other = { messages: [{ citations: [] }] };', 'export const c = other.messages[0].citations;'),
    silent('an array read without an index is not an element', ...CHAT_DATA, 'export const c = data.messages.citations;'),
  ];
  ruleTester.run('no-removed-api', noRemovedApi, { valid: lookalikes, invalid: [] });
  ruleTester.run('no-deprecated-api', noDeprecatedApi, { valid: lookalikes, invalid: [] });
});

describe('response fixes are stable', () => {
  it('a second --fix pass changes nothing, and the fixed code parses', () => {
    const code = lines(
      "import axios from 'axios';",
      ...GLEAN,
      "const { data } = await axios.get('https://acme-be.glean.com/rest/api/v1/governance/data/policies/p1');",
      'export const a = data.report.config.inputOptions?.datasources;',
      "export const b = data.report.config['externalSharingOptions'].threshold;",
      'const answer = await glean.client.answers.retrieve({ id: 1 });',
      "export const c = [answer.answerResult?.trackingToken, answer.answerResult!['trackingToken']];",
      'const collection = await glean.client.collections.retrieve({ id: 1 });',
      "export const d = [collection.trackingToken, collection?.['trackingToken'], collection.trackingToken?.length];",
      "const search = await glean.client.search.query({ query: 'q' });",
      'export const e = search.results?.map((r) => r.snippets?.map((s) => s.snippet));',
    );
    const linter = new Linter({ configType: 'flat', cwd: ROOT });
    const config: Linter.Config[] = [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tsParser as Linter.Parser },
        plugins: { 'api-sunset': plugin as never },
        rules: { 'api-sunset/no-removed-api': 'error', 'api-sunset/no-deprecated-api': 'warn' },
        settings: sunsetSettings(),
      },
    ];
    const first = linter.verifyAndFix(code, config, `${ROOT}/fixed.ts`);
    expect(first.fixed).toBe(true);
    expect(first.messages.filter((message) => message.fatal)).toEqual([]);
    expect(first.output).toContain('inputOptions?.datasourceInstances');
    expect(first.output).toContain("config['broadSharingOptions'].threshold");
    expect(first.output).toContain("[answer.answerResult?.answer.trackingToken, answer.answerResult!['answer']['trackingToken']]");
    expect(first.output).toContain("[collection.collection?.trackingToken, collection?.['collection']?.['trackingToken'], collection.collection?.trackingToken?.length]");
    expect(first.output).toContain('s.text');
    expect(first.messages.filter((message) => !message.fatal)).toEqual([]);
    const second = linter.verifyAndFix(first.output, config, `${ROOT}/fixed.ts`);
    expect(second.fixed).toBe(false);
    expect(second.output).toBe(first.output);
  });
});

describe('a note about the time before removal', () => {
  const code = lines(...CHAT_DATA, 'export const first = data.messages[0].citations;');
  const messageOn = (now: string) => {
    const [message, ...rest] = lintWithBothRules(code, { settings: sunsetSettings({ now }) });
    expect(rest).toEqual([]);
    return message!.message;
  };

  it('is in the message while the item is scheduled or imminent, and left out once it is removed', () => {
    expect(messageOn('2026-09-01')).toMatch(/will be removed on 2026-10-15, .*; the service still fills it for backward compatibility\.$/);
    expect(messageOn('2026-10-01')).toMatch(/will be removed on 2026-10-15, .*; the service still fills it for backward compatibility\.$/);
    expect(messageOn('2026-10-15')).toMatch(/was removed on 2026-10-15/);
    expect(messageOn('2026-10-15')).not.toContain('still filled');
  });
});

describe('response fields: keys of a ts-pattern pattern', () => {
  const search = (over: string) =>
    lines(
      "import { match, P } from 'ts-pattern';",
      `const res = await (await fetch('${over}', { method: 'POST', body: '{}' })).json();`,
      'export const excerpt = match(res)',
      '  .with({ results: P.array({ snippets: P.array({ snippet: P.string.select() }) }) }, (text) => text)',
      '  .otherwise(() => undefined);',
    );
  const matched = search('https://acme-be.glean.com/rest/api/v1/search');
  ruleTester.run('no-removed-api', noRemovedApi, {
    valid: [{ name: 'the same pattern over another API', code: search('https://api.example.com/v1/search') }],
    invalid: [
      {
        name: 'a deprecated key in a pattern is reported at the key, with no rewrite (it decides which branch runs)',
        code: matched,
        errors: [removed(matched, 'snippet:', inResponse('SearchResultSnippet.snippet', SEARCH), `${ADVICE.snippet}; not fixed automatically: the field is named in a pattern that is matched against the response`)],
      },
    ],
  });
});
