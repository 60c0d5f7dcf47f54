import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import { describe, expect, it } from 'vitest';
import { noDeprecatedApi } from '../../rules/no-deprecated-api.js';
import { noRemovedApi } from '../../rules/no-removed-api.js';
import plugin from '../../src/index.js';
import { exactly, ruleTester, sunsetSettings, ROOT } from './tester.js';

/** Line and column (1-based) of the `nth` occurrence of `needle` in `code`: positions follow the code, not the implementation. */
function locate(code: string, needle: string, nth = 0): { line: number; column: number } {
  let index = -1;
  for (let i = 0; i <= nth; i++) {
    index = code.indexOf(needle, index + 1);
    if (index === -1) throw new Error(`"${needle}" #${nth} not in test code`);
  }
  const before = code.slice(0, index).split('\n');
  return { line: before.length, column: before.at(-1)!.length + 1 };
}

const REMOVED = 'was removed on 2026-10-15, 38 days ago;';

/** The advice of each request field's notice, written out from the spec and the notes. */
const ADVICE = {
  snippet: 'use `text`',
  isNegated: 'use `relationType`, which has another shape',
  location: 'there is no replacement',
  citations: 'use `fragments[].citation`, which has another shape',
  datasources: 'use `datasourceInstances`',
  externalSharingOptions: 'use `broadSharingOptions`',
  reactions: 'use `reacts`, which has another shape',
  role: 'use `permissions`, which has another shape',
  documents: 'there is no replacement',
  boardId: 'there is no replacement: answer boards are no longer supported',
  urlGreenlist: 'there is no replacement',
  inviteTime: 'use `invites[]`, which has another shape',
} as const;

/** The subject of a finding in a body whose endpoint the analysis knows. */
const inRequest = (field: string, endpoint: string) => `\`${field}\` (in the request to ${endpoint})`;

const ANNOUNCE = 'POST /rest/api/v1/createannouncement';
const CHAT = 'POST /rest/api/v1/chat';
const INDEX = 'POST /api/index/v1/indexemployee';
const BULK = 'POST /api/index/v1/bulkindexemployees';
const POLICY = 'POST /rest/api/v1/governance/data/policies/{id}';

function removed(code: string, needle: string, subject: string, advice: string, extra: { nth?: number; suggestions?: { description: string; output: string }[] } = {}) {
  return {
    ...exactly<'removed'>(`${subject} ${REMOVED} ${advice}.`, locate(code, needle, extra.nth)),
    ...(extra.suggestions ? { suggestions: extra.suggestions.map(({ description, output }) => ({ messageId: 'suggestion' as const, data: { description }, output })) } : {}),
  };
}

const BULK_ENDPOINT = `\`POST /api/index/v1/bulkindexemployees\` ${REMOVED} there is no replacement.`;

const lines = (...text: string[]) => text.join('\n');

const FETCH_ANNOUNCE = (body: string) => `fetch('https://acme-be.glean.com/rest/api/v1/createannouncement', { method: 'POST', body: JSON.stringify(${body}) });`;

describe('request bodies: where the body is written', () => {
  const inline = lines(
    FETCH_ANNOUNCE("{ title: 't', body: { text: 'x', structuredList: [{ structuredResult: { snippets: [{ snippet: 'hi' }] } }] } }"),
  );
  const axiosData = lines(
    "import axios from 'axios';",
    "await axios({ method: 'post', url: '/api/index/v1/indexemployee', data: { employee: { email: 'a@b.c', location: 'Berlin' } } });",
  );
  const axiosPost = lines("import axios from 'axios';", "await axios.post('/api/index/v1/indexemployee', { employee: { email: 'a@b.c', location: 'Berlin' } });");
  const gotJson = lines("import got from 'got';", "await got.post('https://x/api/index/v1/indexemployee', { json: { employee: { location: 'Berlin' } } });");
  const kyJson = lines("import ky from 'ky';", "await ky.post('https://x/api/index/v1/indexemployee', { json: { employee: { location: 'Berlin' } } }).json();");
  const sdk = lines(
    "import { Glean } from '@gleanwork/api-client';",
    'const glean = new Glean({ apiToken: process.env.TOKEN });',
    "await glean.client.chat.create({ messages: [{ author: 'USER', citations: [] }] });",
  );
  const standalone = lines(
    "import { indexingPeopleIndex } from '@gleanwork/api-client/funcs/indexingPeopleIndex';",
    "await indexingPeopleIndex(core, { employee: { email: 'a@b.c', location: 'Berlin' } });",
  );
  const wrapper = lines("await api.post('/chat', { messages: [{ citations: [] }] });");
  const removeLocation = (code: string) => code.replace(", location: 'Berlin'", '').replace("{ location: 'Berlin' }", '{  }');

  ruleTester.run('no-removed-api', noRemovedApi, {
    valid: [],
    invalid: [
      {
        name: 'fetch: inline JSON.stringify body, nested snippet',
        code: inline,
        output: inline.replace('snippet:', 'text:'),
        errors: [removed(inline, 'snippet:', inRequest('SearchResultSnippet.snippet', ANNOUNCE), ADVICE.snippet)],
      },
      {
        name: 'axios: config data',
        code: axiosData,
        errors: [removed(axiosData, 'location', inRequest('EmployeeInfoDefinition.location', INDEX), ADVICE.location, { suggestions: [{ description: 'Remove the location property.', output: removeLocation(axiosData) }] })],
      },
      {
        name: 'axios: post(url, body)',
        code: axiosPost,
        errors: [removed(axiosPost, 'location', inRequest('EmployeeInfoDefinition.location', INDEX), ADVICE.location, { suggestions: [{ description: 'Remove the location property.', output: removeLocation(axiosPost) }] })],
      },
      {
        name: 'got: json option',
        code: gotJson,
        errors: [removed(gotJson, 'location', inRequest('EmployeeInfoDefinition.location', INDEX), ADVICE.location, { suggestions: [{ description: 'Remove the location property.', output: removeLocation(gotJson) }] })],
      },
      {
        name: 'ky: json option',
        code: kyJson,
        errors: [removed(kyJson, 'location', inRequest('EmployeeInfoDefinition.location', INDEX), ADVICE.location, { suggestions: [{ description: 'Remove the location property.', output: removeLocation(kyJson) }] })],
      },
      {
        name: 'SDK: the first argument',
        code: sdk,
        errors: [removed(sdk, 'citations', inRequest('ChatMessage.citations', CHAT), ADVICE.citations)],
      },
      {
        name: 'SDK standalone function: the second argument',
        code: standalone,
        errors: [removed(standalone, 'location', inRequest('EmployeeInfoDefinition.location', INDEX), ADVICE.location, { suggestions: [{ description: 'Remove the location property.', output: removeLocation(standalone) }] })],
      },
      {
        name: 'declared wrapper: its body argument',
        code: wrapper,
        settings: sunsetSettings({ wrappers: [{ callee: 'api.post', path: 0, body: 1, prefix: '/rest/api/v1', method: 'POST' }] }),
        errors: [removed(wrapper, 'citations', inRequest('ChatMessage.citations', CHAT), ADVICE.citations)],
      },
    ],
  });
});

describe('request bodies: how the body is built', () => {
  const variable = lines(
    "const payload = { title: 't', body: { text: 'x', structuredList: [{ structuredResult: { snippets: [{ snippet: 'a' }] } }] } };",
    FETCH_ANNOUNCE('payload'),
  );
  const assigned = lines(
    "const highlight = { url: 'u', snippet: '' };",
    "highlight.snippet = 'later';",
    "const payload = { body: { text: 'x', structuredList: [{ structuredResult: { snippets: [highlight] } }] } };",
    FETCH_ANNOUNCE('payload'),
  );
  const spread = lines(
    "const base = { snippet: 'a', url: 'u' };",
    "const payload = { body: { text: 'x', structuredList: [{ structuredResult: { snippets: [{ ...base, mimeType: 'text/plain' }] } }] } };",
    FETCH_ANNOUNCE('payload'),
  );
  const helper = lines(
    'function toEmployee(p) {',
    "  return { email: p.mail, department: p.dept, location: p.city };",
    '}',
    "await fetch('/api/index/v1/indexemployee', { method: 'POST', body: JSON.stringify({ employee: toEmployee(person) }) });",
  );
  const arrowHelper = lines(
    'const toEmployee = (p) => ({ email: p.mail, location: p.city });',
    "await fetch('/api/index/v1/bulkindexemployees', { method: 'POST', body: JSON.stringify({ uploadId: 'u', employees: people.map(toEmployee) }) });",
  );
  const mapCallback = lines(
    "await fetch('/api/index/v1/bulkindexemployees', { method: 'POST', body: JSON.stringify({ uploadId: 'u', employees: people.map((p) => ({ email: p.mail, location: p.city })) }) });",
  );
  const pushed = lines(
    "const payload = { body: { text: 'x', structuredList: [] } };",
    'payload.body.structuredList.push({ structuredResult: { answer: { id: 1, boardId: 2 } } });',
    FETCH_ANNOUNCE('payload'),
  );
  const assigned2 = lines(
    "const payload = { title: 't', audienceFilters: [] };",
    "Object.assign(payload, { audienceFilters: [{ fieldName: 'type', values: [{ value: 'bot', isNegated: false }] }] });",
    FETCH_ANNOUNCE('payload'),
  );
  const conditional = lines(
    'const payload = {',
    "  body: { text: 'x', structuredList: [{ structuredResult: { relatedDocuments: docs.length ? [{ relation: 'ATTACHMENT', documents: docs }] : undefined } }] },",
    '};',
    FETCH_ANNOUNCE('payload'),
  );
  ruleTester.run('no-removed-api', noRemovedApi, {
    valid: [],
    invalid: [
      {
        name: 'a const variable, then JSON.stringify(payload)',
        code: variable,
        output: variable.replace('snippet:', 'text:'),
        errors: [removed(variable, 'snippet:', inRequest('SearchResultSnippet.snippet', ANNOUNCE), ADVICE.snippet)],
      },
      {
        name: 'a later property assignment is fixed together with the key',
        code: assigned,
        output: assigned.replace("snippet: ''", "text: ''").replace('highlight.snippet', 'highlight.text'),
        errors: [
          removed(assigned, 'snippet', inRequest('SearchResultSnippet.snippet', ANNOUNCE), ADVICE.snippet),
          removed(assigned, 'snippet', inRequest('SearchResultSnippet.snippet', ANNOUNCE), ADVICE.snippet, { nth: 1 }),
        ],
      },
      {
        name: 'a spread of a const object',
        code: spread,
        output: spread.replace('snippet:', 'text:'),
        errors: [removed(spread, 'snippet:', inRequest('SearchResultSnippet.snippet', ANNOUNCE), ADVICE.snippet)],
      },
      {
        name: 'a same-file function that returns the literal',
        code: helper,
        errors: [
          removed(helper, 'location', inRequest('EmployeeInfoDefinition.location', INDEX), ADVICE.location, {
            suggestions: [{ description: 'Remove the location property.', output: helper.replace(', location: p.city', '') }],
          }),
        ],
      },
      {
        name: 'a const arrow passed to map',
        code: arrowHelper,
        errors: [
          removed(arrowHelper, 'location', inRequest('EmployeeInfoDefinition.location', BULK), ADVICE.location, {
            suggestions: [{ description: 'Remove the location property.', output: arrowHelper.replace(', location: p.city', '') }],
          }),
          exactly(BULK_ENDPOINT, locate(arrowHelper, "'/api/index/v1/bulkindexemployees'")),
        ],
      },
      {
        name: 'an inline map callback',
        code: mapCallback,
        errors: [
          exactly(BULK_ENDPOINT, locate(mapCallback, "'/api/index/v1/bulkindexemployees'")),
          removed(mapCallback, 'location', inRequest('EmployeeInfoDefinition.location', BULK), ADVICE.location, {
            suggestions: [{ description: 'Remove the location property.', output: mapCallback.replace(', location: p.city', '') }],
          }),
        ],
      },
      {
        name: 'an element pushed onto a nested array later',
        code: pushed,
        errors: [
          removed(pushed, 'boardId', inRequest('Answer.boardId', ANNOUNCE), ADVICE.boardId, {
            suggestions: [{ description: 'Remove the boardId property.', output: pushed.replace(', boardId: 2', '') }],
          }),
        ],
      },
      {
        name: 'Object.assign into the body',
        code: assigned2,
        errors: [
          removed(assigned2, 'isNegated', inRequest('FacetFilterValue.isNegated', ANNOUNCE), ADVICE.isNegated, {
            suggestions: [{ description: 'Remove isNegated: false (equality is the default).', output: assigned2.replace(', isNegated: false', '') }],
          }),
        ],
      },
      {
        name: 'a conditional expression',
        code: conditional,
        errors: [
          removed(conditional, 'documents', inRequest('RelatedDocuments.documents', ANNOUNCE), ADVICE.documents, {
            suggestions: [{ description: 'Remove the documents property.', output: conditional.replace(', documents: docs', '') }],
          }),
        ],
      },
    ],
  });
});

describe('request bodies: nested positions from the notes', () => {
  const negated = FETCH_ANNOUNCE("{ audienceFilters: [{ fieldName: 'type', values: [{ value: 'bot', isNegated: true }] }] }");
  const relationPresent = FETCH_ANNOUNCE("{ audienceFilters: [{ values: [{ value: 'bot', relationType: 'EQUALS', isNegated: true }] }] }");
  const metadata = FETCH_ANNOUNCE(
    "{ body: { text: 'x', structuredList: [{ structuredResult: { document: { metadata: { viewerInfo: { role: 'OWNER' }, interactions: { reactions: ['tada'] } } } } }] } }",
  );
  const invite = FETCH_ANNOUNCE(
    "{ body: { text: 'x', structuredList: [{ structuredResult: { person: { name: 'n', metadata: { location: 'Berlin', inviteInfo: { inviteTime: t, invites: [{ inviteTime: t }] } } } } }] } }",
  );
  const chatHistory = lines(
    "await fetch('/rest/api/v1/chat', { method: 'POST', body: JSON.stringify({ messages: [...history.map((turn) => ({ author: 'USER', citations: turn.citations })), { author: 'USER' }] }) });",
  );
  const policy = lines(
    'export async function tighten(id, datasources) {',
    '  const body = { config: { inputOptions: { datasources, urlGreenlist: [] }, externalSharingOptions: { enabled: true } } };',
    "  await fetch(`/rest/api/v1/governance/data/policies/${id}`, { method: 'POST', body: JSON.stringify(body) });",
    '}',
  );
  const ENABLED = 'there is no replacement';
  ruleTester.run('no-removed-api', noRemovedApi, {
    valid: [],
    invalid: [
      {
        name: 'audienceFilters[].values[].isNegated: true',
        code: negated,
        errors: [
          removed(negated, 'isNegated', inRequest('FacetFilterValue.isNegated', ANNOUNCE), ADVICE.isNegated, {
            suggestions: [
              {
                description: "Replace isNegated: true with relationType: 'NOT_EQUALS' (the likely equivalent; check it).",
                output: negated.replace('isNegated: true', "relationType: 'NOT_EQUALS'"),
              },
            ],
          }),
        ],
      },
      {
        name: 'isNegated next to relationType: no suggestion',
        code: relationPresent,
        errors: [removed(relationPresent, 'isNegated', inRequest('FacetFilterValue.isNegated', ANNOUNCE), ADVICE.isNegated)],
      },
      {
        name: '**.metadata.viewerInfo.role and **.metadata.interactions.reactions',
        code: metadata,
        errors: [
          removed(metadata, 'role', inRequest('ViewerInfo.role', ANNOUNCE), ADVICE.role),
          removed(metadata, 'reactions', inRequest('DocumentInteractions.reactions', ANNOUNCE), ADVICE.reactions, {
            suggestions: [
              { description: 'Send reacts as Reaction objects built from the reaction types.', output: metadata.replace("reactions: ['tada']", "reacts: ['tada'].map((type: string) => ({ type }))") },
            ],
          }),
        ],
      },
      {
        name: 'inviteInfo.inviteTime, but not the live ChannelInviteInfo.inviteTime or PersonMetadata.location',
        code: invite,
        errors: [removed(invite, 'inviteTime', inRequest('InviteInfo.inviteTime', ANNOUNCE), ADVICE.inviteTime)],
      },
      {
        name: 'messages[].citations sent back as history, through a spread map',
        code: chatHistory,
        errors: [removed(chatHistory, 'citations', inRequest('ChatMessage.citations', CHAT), ADVICE.citations)],
      },
      {
        name: 'config.inputOptions.datasources (shorthand expands), urlGreenlist, externalSharingOptions and SharingOptions.enabled',
        code: policy,
        output: policy.replace('{ datasources,', '{ datasourceInstances: datasources,').replace('externalSharingOptions:', 'broadSharingOptions:'),
        errors: [
          removed(policy, 'datasources,', inRequest('InputOptions.datasources', POLICY), ADVICE.datasources),
          removed(policy, 'urlGreenlist', inRequest('InputOptions.urlGreenlist', POLICY), ADVICE.urlGreenlist, {
            suggestions: [{ description: 'Remove the urlGreenlist property.', output: policy.replace(', urlGreenlist: []', '') }],
          }),
          removed(policy, 'externalSharingOptions', inRequest('DlpConfig.externalSharingOptions', POLICY), ADVICE.externalSharingOptions),
          removed(policy, 'enabled', inRequest('ExternalSharingOptions.enabled', POLICY), ENABLED, {
            suggestions: [{ description: 'Remove the enabled property.', output: policy.replace('{ enabled: true }', '{  }') }],
          }),
        ],
      },
    ],
  });
});

describe('request bodies: fixes keep the key style and stay safe', () => {
  const wrap = (snippet: string) => FETCH_ANNOUNCE(`{ body: { text: 'x', structuredList: [{ structuredResult: { snippets: [${snippet}] } }] } }`);
  const styles: [string, string, string][] = [
    ['single-quoted key', "{ 'snippet': 'a' }", "{ 'text': 'a' }"],
    ['double-quoted key', '{ "snippet": \'a\' }', '{ "text": \'a\' }'],
    ['computed string key', "{ ['snippet']: 'a' }", "{ ['text']: 'a' }"],
    ['shorthand', '{ snippet }', '{ text: snippet }'],
  ];
  const sharing = (value: string) => `fetch('/rest/api/v1/governance/data/policies/p1', { method: 'POST', body: JSON.stringify({ config: { externalSharingOptions: ${value} } }) });`;
  const blockedBy = sharing('{ ...current, domainAccessEnabled: false }');
  const viaParameter = sharing('options');
  const alreadyText = wrap("{ snippet: 'a', text: 'b' }");
  ruleTester.run('no-removed-api', noRemovedApi, {
    valid: [],
    invalid: [
      ...styles.map(([name, before, after]) => {
        const code = wrap(before);
        const needle = before.slice(before.search(/['"]?snippet/));
        return { name, code, output: wrap(after), errors: [removed(code, needle, inRequest('SearchResultSnippet.snippet', ANNOUNCE), ADVICE.snippet)] };
      }),
      {
        name: 'no rename when the replacement key is already set',
        code: alreadyText,
        errors: [removed(alreadyText, "snippet: 'a'", inRequest('SearchResultSnippet.snippet', ANNOUNCE), `${ADVICE.snippet}; not fixed automatically: text is already set in this object`)],
      },
      {
        name: 'no rename when the object sets domainAccessEnabled',
        code: blockedBy,
        errors: [
          removed(
            blockedBy,
            'externalSharingOptions',
            inRequest('DlpConfig.externalSharingOptions', POLICY),
            `${ADVICE.externalSharingOptions}; not fixed automatically: the object sets domainAccessEnabled, which broadSharingOptions does not have`,
          ),
        ],
      },
      {
        name: 'no rename when the value cannot be seen',
        code: viaParameter,
        errors: [
          removed(
            viaParameter,
            'externalSharingOptions',
            inRequest('DlpConfig.externalSharingOptions', POLICY),
            `${ADVICE.externalSharingOptions}; not fixed automatically: the value is not an object literal here, so it may set domainAccessEnabled, which broadSharingOptions does not have`,
          ),
        ],
      },
    ],
  });
});

describe('request bodies: literals typed with the SDK request types', () => {
  const MODELS = "import type { CreateAnnouncementRequest, IndexEmployeeRequest, ChatMessage, ChatResponse, EmployeeInfoDefinition } from '@gleanwork/api-client/models/components';";
  const annotated = lines(MODELS, "const r: CreateAnnouncementRequest = { title: 't', audienceFilters: [{ values: [{ value: 'v', isNegated: true }] }] };");
  const satisfies = lines(MODELS, "const r = { employee: { email: 'a', department: 'd', location: 'x' } } satisfies IndexEmployeeRequest;");
  const alias = lines(MODELS, 'type Turn = ChatMessage;', 'const turns: Turn[] = stored.map((m) => ({ author: m.author, citations: m.citations }));');
  const returned = lines(MODELS, 'function employee(p: Person): EmployeeInfoDefinition {', "  return { email: p.email, department: 'd', location: p.city };", '}');
  ruleTester.run('no-removed-api', noRemovedApi, {
    valid: [
      { name: 'a response type written as a literal is a mock, not a request', code: lines(MODELS, 'const mock: ChatResponse = { messages: [{ citations: [] }] };') },
      { name: 'a literal of a type both sent and received is a mock until it reaches a request', code: lines(MODELS, "const fixture: ChatMessage[] = [{ author: 'GLEAN_AI', citations: [] }];") },
      {
        name: 'an app type with the same name is not the SDK type',
        code: lines('interface CreateAnnouncementRequest { audienceFilters: unknown[] }', "const r: CreateAnnouncementRequest = { audienceFilters: [{ values: [{ isNegated: true }] }] };"),
      },
      {
        name: 'a type of the same name from another package',
        code: lines("import type { ChatMessage } from 'openai/resources';", "const m: ChatMessage = { role: 'user', citations: [] };"),
      },
    ],
    invalid: [
      {
        name: 'const r: CreateAnnouncementRequest = {…}',
        code: annotated,
        errors: [
          removed(annotated, 'isNegated', '`FacetFilterValue.isNegated`', ADVICE.isNegated, {
            suggestions: [{ description: "Replace isNegated: true with relationType: 'NOT_EQUALS' (the likely equivalent; check it).", output: annotated.replace('isNegated: true', "relationType: 'NOT_EQUALS'") }],
          }),
        ],
      },
      {
        name: '{…} satisfies IndexEmployeeRequest',
        code: satisfies,
        errors: [
          removed(satisfies, 'location', '`EmployeeInfoDefinition.location`', ADVICE.location, {
            suggestions: [{ description: 'Remove the location property.', output: satisfies.replace(", location: 'x'", '') }],
          }),
        ],
      },
      {
        name: 'a local alias of ChatMessage, built in a map callback',
        code: alias,
        errors: [removed(alias, 'citations:', '`ChatMessage.citations`', ADVICE.citations)],
      },
      {
        name: 'a function whose return type is an SDK request type',
        code: returned,
        errors: [
          removed(returned, 'location', '`EmployeeInfoDefinition.location`', ADVICE.location, {
            suggestions: [{ description: 'Remove the location property.', output: returned.replace(', location: p.city', '') }],
          }),
        ],
      },
    ],
  });
});

describe('request bodies: lodash copies without empty values', () => {
  const send = (employee: string) => lines("import _ from 'lodash';", `const employee = ${employee};`, "fetch('/api/index/v1/indexemployee', { method: 'POST', body: JSON.stringify({ employee }) });");
  const omitted = send("_.omitBy({ email: 'a', location: row.city }, _.isUndefined)");
  ruleTester.run('no-removed-api', noRemovedApi, {
    valid: [{ name: 'pickBy with a predicate on the key may leave the field out', code: send("_.pickBy({ email: 'a', location: row.city }, (value, key) => key !== 'location')") }],
    invalid: [
      {
        name: '_.omitBy(info, _.isUndefined) keeps every key given a value',
        code: omitted,
        errors: [
          removed(omitted, 'location', inRequest('EmployeeInfoDefinition.location', INDEX), ADVICE.location, {
            suggestions: [{ description: 'Remove the location property.', output: omitted.replace(', location: row.city', '') }],
          }),
        ],
      },
    ],
  });
});

describe('request bodies: look-alikes stay silent', () => {
  ruleTester.run('no-removed-api', noRemovedApi, {
    valid: [
      { name: 'search trackingToken and a location facet', code: "await fetch('/rest/api/v1/search', { method: 'POST', body: JSON.stringify({ query: 'q', trackingToken: t, requestOptions: { facetFilters: [{ fieldName: 'location', values: [{ value: 'Berlin' }] }] } }) });" },
      { name: 'already migrated announcement', code: FETCH_ANNOUNCE("{ audienceFilters: [{ values: [{ value: 'bot', relationType: 'NOT_EQUALS' }] }], body: { text: 'x', structuredList: [{ structuredResult: { snippets: [{ text: 'a' }] } }] } }") },
      { name: 'already migrated policy', code: "fetch('/rest/api/v1/governance/data/policies/p', { method: 'POST', body: JSON.stringify({ config: { inputOptions: { datasourceInstances: ['a'] }, broadSharingOptions: { threshold: 2 } } }) });" },
      { name: 'the same body sent to another service', code: "fetch('https://hr.example.com/api/employees', { method: 'POST', body: JSON.stringify({ employee: { location: 'Berlin' } }) });" },
      { name: 'an object that is never sent', code: "const employee = { location: 'Berlin', snippet: 'x', role: 'OWNER' };" },
      { name: 'a top-level key the schedule does not file on that endpoint', code: "fetch('/api/index/v1/indexemployee', { method: 'POST', body: JSON.stringify({ employee: { email: 'a' }, enabled: true, role: 'x' }) });" },
      { name: 'a parameter written to inside a helper (its value is unknown)', code: 'function tag(employee) { employee.location = "x"; }' },
    ],
    invalid: [],
  });
});

describe('request fields by date', () => {
  const code = FETCH_ANNOUNCE("{ body: { text: 'x', structuredList: [{ structuredResult: { snippets: [{ snippet: 'a' }] } }] } }");
  ruleTester.run('no-deprecated-api', noDeprecatedApi, {
    valid: [{ name: 'removed items belong to no-removed-api', code }],
    invalid: [
      {
        name: 'before the removal date the field is only deprecated',
        code,
        settings: sunsetSettings({ now: '2026-08-01' }),
        output: code.replace('snippet:', 'text:'),
        errors: [exactly(`${inRequest('SearchResultSnippet.snippet', ANNOUNCE)} is deprecated and will be removed on 2026-10-15, in 75 days; use \`text\`.`, locate(code, 'snippet:'))],
      },
    ],
  });
});

describe('fixes are stable', () => {
  it('a second --fix pass changes nothing and the output parses', () => {
    const code = lines(
      "const highlight = { url: 'u', snippet: '' };",
      "highlight.snippet = 'later';",
      'const body = { config: { inputOptions: { datasources }, externalSharingOptions: { enabled: true } } };',
      "fetch('/rest/api/v1/governance/data/policies/p', { method: 'POST', body: JSON.stringify(body) });",
      FETCH_ANNOUNCE("{ body: { text: 'x', structuredList: [{ structuredResult: { snippets: [highlight, { 'snippet': 'b' }] } }] } }"),
    );
    const linter = new Linter({ configType: 'flat', cwd: ROOT });
    const config: Linter.Config[] = [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tsParser as Linter.Parser },
        plugins: { 'api-sunset': plugin as never },
        rules: { 'api-sunset/no-removed-api': 'error' },
        settings: sunsetSettings(),
      },
    ];
    const first = linter.verifyAndFix(code, config, `${ROOT}/fixed.ts`);
    expect(first.fixed).toBe(true);
    expect(first.output).toContain("highlight.text = 'later'");
    expect(first.output).toContain('datasourceInstances: datasources');
    expect(first.output).toContain('broadSharingOptions:');
    expect(first.output).toContain("{ 'text': 'b' }");
    expect(first.messages.filter((message) => message.fatal)).toEqual([]);
    const second = linter.verifyAndFix(first.output, config, `${ROOT}/fixed.ts`);
    expect(second.fixed).toBe(false);
    expect(second.output).toBe(first.output);
  });
});
