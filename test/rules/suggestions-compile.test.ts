import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { disableSink, enableSink } from '../../src/judge/sink.js';
import plugin from '../../src/index.js';
import { findItem } from '../../src/schedule/ids.js';
import { loadBundledSchedule } from '../../src/schedule/load.js';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';
import { typeCheck, virtualPath } from '../helpers/type-check.js';
import { ROOT, sunsetSettings } from './tester.js';

/**
 * Every suggestion the two rules offer, applied and type-checked with the SDK's types under
 * `strict` (the installed dev dependency `@gleanwork/api-client`). Each case is code that compiles
 * today; each suggestion, applied on its own, must leave it compiling. The cases cover values typed
 * with the SDK and untyped JSON (`any`), where a callback's parameter would be an implicit `any`.
 */
interface Case {
  name: string;
  code: string;
  /** The item ids whose suggestions the case exercises: a case whose suggestions disappear fails. */
  items: string[];
  filename?: string;
}

const lines = (...text: string[]) => text.join('\n') + '\n';

const COMPONENTS = "'@gleanwork/api-client/models/components'";
const CHAT_FETCH = "const res = await fetch(`${base}/rest/api/v1/chat`, { method: 'POST', body: '{}' });";
const SEARCH_FETCH = "const res = await fetch(`${base}/rest/api/v1/search`, { method: 'POST', body: '{}' });";

const CASES: Case[] = [
  {
    name: 'citations read from untyped JSON, in callbacks and in a variable',
    items: ['chat.citations', 'chat.citations', 'chat.citations'],
    code: lines(
      'export async function sources(base: string) {',
      `  ${CHAT_FETCH}`,
      '  const data = await res.json();',
      '  const all = data.messages.flatMap((m: any) => m.citations ?? []);',
      '  const counts: number[] = data.messages.map((m: any) => m.citations).map((c: any[] | undefined) => c?.length ?? 0);',
      '  const first = data.messages[0].citations ?? [];',
      '  return [all, counts, first.map((c: any) => c.sourceDocument?.url)];',
      '}',
    ),
  },
  {
    name: 'citations read from a value typed with the SDK, the fragment type not imported',
    items: ['chat.citations'],
    code: lines(`import type { ChatMessage, ChatMessageCitation } from ${COMPONENTS};`, 'export const sources = (m: ChatMessage): ChatMessageCitation[] => m.citations ?? [];'),
  },
  {
    name: 'citations read from a value typed with the SDK, the fragment type imported',
    items: ['chat.citations'],
    code: lines(
      `import type { ChatMessage, ChatMessageFragment } from ${COMPONENTS};`,
      'export const fragments: ChatMessageFragment[] = [];',
      'export const urls = (m: ChatMessage) => (m.citations ?? []).map((c) => c.sourceDocument?.url);',
    ),
  },
  {
    name: 'citations and reactions read in JavaScript: bare parameters (an annotation would not parse)',
    filename: 'case.js',
    items: ['chat.citations', 'createannouncement.reactions'],
    code: lines(
      'export async function read(base) {',
      "  const chat = await (await fetch(`${base}/rest/api/v1/chat`, { method: 'POST', body: '{}' })).json();",
      "  const search = await (await fetch(`${base}/rest/api/v1/search`, { method: 'POST', body: '{}' })).json();",
      '  return [chat.messages.map((m) => m.citations), search.results.map((r) => r.document?.metadata?.interactions?.reactions)];',
      '}',
    ),
  },
  {
    name: 'reactions read from a value typed with the SDK',
    items: ['createannouncement.reactions'],
    code: lines(`import type { DocumentInteractions } from ${COMPONENTS};`, 'export const names = (i: DocumentInteractions): string[] => i.reactions ?? [];'),
  },
  {
    name: 'reactions read from untyped JSON',
    items: ['createannouncement.reactions'],
    code: lines(
      'export async function reactionCounts(base: string) {',
      `  ${SEARCH_FETCH}`,
      '  const data = await res.json();',
      '  return data.results.map((r: any) => r.document?.metadata?.interactions?.reactions?.length ?? 0);',
      '}',
    ),
  },
  {
    name: 'reactions, isNegated, documents, boardId and location written into typed requests',
    items: ['createannouncement.reactions', 'createannouncement.isNegated', 'createannouncement.isNegated', 'createannouncement.documents', 'createannouncement.boardId'],
    code: lines(
      `import type { CreateAnnouncementRequest } from ${COMPONENTS};`,
      'export function request(kinds: string[], untyped: any): CreateAnnouncementRequest {',
      '  return {',
      "    title: 't',",
      '    startTime: new Date(),',
      '    endTime: new Date(),',
      "    audienceFilters: [{ fieldName: 'type', values: [{ value: 'bot', isNegated: true }, { value: 'human', isNegated: false }] }],",
      '    body: {',
      "      text: 'hello',",
      '      structuredList: [',
      "        { structuredResult: { document: { id: 'd', metadata: { interactions: { reactions: kinds } } } } },",
      "        { structuredResult: { relatedDocuments: [{ relation: 'ATTACHMENT', documents: untyped }] } },",
      "        { structuredResult: { answer: { id: 1, boardId: 2 } } },",
      '      ],',
      '    },',
      '  };',
      '}',
    ),
  },
  {
    name: 'reactions written from an untyped value',
    items: ['createannouncement.reactions'],
    code: lines(
      'export async function announce(base: string, kinds: any) {',
      "  const body = { title: 't', body: { structuredList: [{ structuredResult: { document: { metadata: { interactions: { reactions: kinds } } } } }] } };",
      "  await fetch(`${base}/rest/api/v1/createannouncement`, { method: 'POST', body: JSON.stringify(body) });",
      '}',
    ),
  },
  {
    name: 'location written into a typed employee',
    items: ['indexemployee.location'],
    code: lines(
      `import type { EmployeeInfoDefinition } from ${COMPONENTS};`,
      "export const employee: EmployeeInfoDefinition = { email: 'a@b.c', department: 'R&D', location: 'Berlin', datasourceProfiles: [] };",
    ),
  },
  {
    name: 'DLP fields written into a typed policy update',
    items: ['policy.urlGreenlist', 'policy.enabled', 'policy.anyoneWithLinkEnabled', 'policy.likelihoodThreshold'],
    code: lines(
      `import type { UpdateDlpReportRequest } from ${COMPONENTS};`,
      'export const update: UpdateDlpReportRequest = {',
      '  config: {',
      "    inputOptions: { urlGreenlist: ['https://status.acme.com'] },",
      '    broadSharingOptions: { enabled: true, anyoneWithLinkEnabled: false },',
      "    sensitiveInfoTypes: [{ infoType: 'US_SOCIAL_SECURITY_NUMBER', likelihoodThreshold: 'LIKELY' }],",
      '  },',
      '};',
    ),
  },
  {
    name: 'destructured fields of typed responses',
    items: ['createannouncement.snippet', 'getanswer.trackingToken', 'getcollection.trackingToken', 'policy.datasources'],
    code: lines(
      `import type { AnswerResult, GetCollectionResponse, InputOptions, SearchResultSnippet } from ${COMPONENTS};`,
      'export function read(s: SearchResultSnippet, a: AnswerResult, c: GetCollectionResponse, o: InputOptions) {',
      '  const { snippet } = s;',
      '  const { trackingToken } = a;',
      '  const { trackingToken: collectionToken } = c;',
      '  const { datasources = [] } = o;',
      '  return [snippet, trackingToken, collectionToken, datasources.length];',
      '}',
    ),
  },
];

interface Suggested {
  itemId: string;
  output: string;
}

/** Lints with both rules and returns, for every message with a suggestion, the file with its first suggestion applied. */
/** The item an alias of the schedule names: the cases are written with the aliases people know. */
const idOf = (alias: string) => findItem(loadBundledSchedule(), alias)!.id;

function suggestionsOf(code: string, filename: string): Suggested[] {
  const linter = new Linter({ configType: 'flat', cwd: ROOT });
  const config: Linter.Config[] = [
    {
      files: ['**/*.{js,ts}'],
      languageOptions: { parser: tsParser as Linter.Parser },
      plugins: { 'api-sunset': plugin as unknown as NonNullable<Linter.Config['plugins']>[string] },
      rules: { 'api-sunset/no-removed-api': 'error', 'api-sunset/no-deprecated-api': 'warn' },
      settings: sunsetSettings(),
    },
  ];
  const sink = enableSink();
  let messages: Linter.LintMessage[];
  try {
    messages = linter.verify(code, config, virtualPath(filename));
  } finally {
    disableSink();
  }
  const fatal = messages.find((message) => message.fatal);
  if (fatal) throw new Error(fatal.message);
  const entries = sink.get(virtualPath(filename)) ?? [];
  return messages.flatMap((message) => {
    const fix = message.suggestions?.[0]?.fix;
    if (!fix) return [];
    const entry = entries.find((candidate) => candidate.line === message.line && candidate.column === message.column && candidate.message === message.message);
    return [{ itemId: entry?.itemId ?? 'unknown', output: code.slice(0, fix.range[0]) + fix.text + code.slice(fix.range[1]) }];
  });
}

describe('the cases', () => {
  it('cover every item the schedule offers a suggestion for, and every safe rename or move (their destructuring is a suggestion)', () => {
    const covered = new Set(CASES.flatMap((testCase) => testCase.items.map(idOf)));
    const offered = loadBundledSchedule().items.filter(({ replacement }) => replacement.fix === 'suggestion' || (replacement.fix === 'auto' && !(replacement.kind === 'rename' && replacement.unlessSibling?.length)));
    expect(offered.map((item) => item.id).filter((id) => !covered.has(id))).toEqual([]);
  });
});

describe('every suggestion compiles under strict with the SDK types', { timeout: SLOW_TEST_TIMEOUT }, () => {
  for (const testCase of CASES) {
    it(testCase.name, () => {
      const filename = testCase.filename ?? 'case.ts';
      expect(typeCheck({ [filename]: testCase.code })).toEqual([]);
      const suggested = suggestionsOf(testCase.code, filename);
      expect(suggested.map(({ itemId }) => itemId).sort()).toEqual(testCase.items.map(idOf).sort());
      for (const { output } of suggested) {
        expect(typeCheck({ [filename]: output }), output).toEqual([]);
        if (filename.endsWith('.js')) expect(output).not.toMatch(/\((?:f|r|type): /);
      }
    });
  }
});
