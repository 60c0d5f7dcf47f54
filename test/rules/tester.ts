import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { RuleTester, type TestCaseError } from '@typescript-eslint/rule-tester';
import { Linter } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import plugin from '../../src/index.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const FIXTURES = path.join(ROOT, 'test/fixtures');

/** The date every test runs on: never the wall clock. 38 days after the 2026-10-15 removals. */
export const NOW = '2026-11-22';

/** `settings` with the fixed date and any other `settings['api-sunset']` keys. */
export function sunsetSettings(extra: Record<string, unknown> = {}): { 'api-sunset': Record<string, unknown> } {
  return { 'api-sunset': { now: NOW, ...extra } };
}

/** Default parser (@typescript-eslint/parser) and the fixed date; test cases add their own settings on top. */
export const ruleTester = new RuleTester({ settings: sunsetSettings() });

/** Parser options for a `.tsx` case (RuleTester then names the file `react.tsx`). */
export const JSX = { parserOptions: { ecmaFeatures: { jsx: true } } } as const;

/**
 * The five deprecated endpoints as the messages name them, written out by hand from the spec (not
 * read from the schedule) so that a wrong subject or advice in the implementation fails a test.
 */
export const ENDPOINTS = {
  bulkindexemployees: { subject: '`POST /api/index/v1/bulkindexemployees`', advice: 'there is no replacement' },
  getdocumentcount: { subject: '`POST /api/index/v1/getdocumentcount`', advice: 'use `POST /api/index/v1/debug/{datasource}/status`' },
  getdocumentstatus: { subject: '`POST /api/index/v1/getdocumentstatus`', advice: 'use `POST /api/index/v1/debug/{datasource}/document`' },
  getusercount: { subject: '`POST /api/index/v1/getusercount`', advice: 'use `POST /api/index/v1/debug/{datasource}/status`' },
  listanswers: { subject: '`POST /rest/api/v1/listanswers`', advice: 'there is no replacement: answer boards have been removed' },
} as const;

export type EndpointId = keyof typeof ENDPOINTS;

export interface At {
  line: number;
  column: number;
  /** End column on the same line: pins the reported node (the whole string, or the SDK method name). */
  endColumn?: number;
}

export interface DataOptions {
  /** The SDK method path or standalone function the finding names: `indexing.people.count`, `indexingPeopleCount`. */
  via?: string;
  date?: string;
  days?: string;
}

/** The message data of an endpoint finding; defaults: removed on 2026-10-15, 38 days before {@link NOW}. */
export function endpointData(id: EndpointId, { via, date = '2026-10-15', days = '38 days ago' }: DataOptions = {}) {
  const { subject, advice } = ENDPOINTS[id];
  return { subject: via ? `${subject} (called by the SDK's ${via}())` : subject, date, days, advice };
}

function location({ line, column, endColumn }: At) {
  return endColumn === undefined ? { line, column } : { line, column, endLine: line, endColumn };
}

/** An expected report by message id and data. */
export function report<M extends string>(messageId: M, id: EndpointId, at: At, options: DataOptions = {}): TestCaseError<M> {
  return { messageId, data: endpointData(id, options), ...location(at) };
}

/**
 * An expected report by its exact text. typescript-eslint's types only know `messageId`, but its
 * RuleTester compares `message` with the reported text (and refuses `message` next to `messageId`).
 */
export function exactly<M extends string>(message: string, at: At): TestCaseError<M> {
  return { message, ...location(at) } as unknown as TestCaseError<M>;
}

export type RuleName = 'no-removed-api' | 'no-deprecated-api';

export interface LintedMessage {
  ruleId: string | null;
  line: number;
  column: number;
  message: string;
}

/**
 * Lints code with both rules through ESLint's own Linter (for what RuleTester cannot express:
 * configuration errors, whole files from disk, both rules at once).
 */
export function lintWithBothRules(
  code: string,
  {
    filename = 'file.ts',
    settings = sunsetSettings(),
    options = {},
    rules = ['no-removed-api', 'no-deprecated-api'],
  }: { filename?: string; settings?: Record<string, unknown>; options?: Record<string, unknown>; rules?: RuleName[] } = {},
): LintedMessage[] {
  const linter = new Linter({ configType: 'flat', cwd: ROOT });
  const config: Linter.Config[] = [
    {
      files: ['**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}'],
      languageOptions: { parser: tsParser as Linter.Parser },
      plugins: { 'api-sunset': plugin as unknown as NonNullable<Linter.Config['plugins']>[string] },
      rules: Object.fromEntries(rules.map((rule) => [`api-sunset/${rule}`, [rule === 'no-removed-api' ? 'error' : 'warn', options]])),
      settings,
    },
  ];
  return linter.verify(code, config, path.resolve(ROOT, filename)).map(({ ruleId, line, column, message }) => ({ ruleId, line, column, message }));
}

/** The recommended config as ESLint's own `Linter.Config` type. */
export const recommended = plugin.configs.recommended as unknown as Linter.Config;
