/**
 * Helpers shared by the token rules' suites: where a report is expected, given by the exact text
 * of the reported node, so that a case reads as "the report covers exactly this".
 */
import type { TestCaseError } from '@typescript-eslint/rule-tester';

export const lines = (...text: string[]) => text.join('\n');

export interface Span {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/** The 1-based span of the `nth` occurrence of `needle` in `code`. */
export function span(code: string, needle: string, nth = 0): Span {
  let index = -1;
  for (let i = 0; i <= nth; i++) {
    index = code.indexOf(needle, index + 1);
    if (index < 0) throw new Error(`"${needle}" (occurrence ${nth}) is not in the code`);
  }
  const before = code.slice(0, index).split('\n');
  const line = before.length;
  const column = before.at(-1)!.length + 1;
  const needleLines = needle.split('\n');
  if (needleLines.length === 1) return { line, column, endLine: line, endColumn: column + needle.length };
  return { line, column, endLine: line + needleLines.length - 1, endColumn: needleLines.at(-1)!.length + 1 };
}

/** An expected report by its exact text, covering exactly `needle`. */
export function reportAt<M extends string>(message: string, code: string, needle: string, nth = 0): TestCaseError<M> {
  return { message, ...span(code, needle, nth) } as unknown as TestCaseError<M>;
}

/** The imports and clients most cases start from. */
export const SDK_IMPORT = "import { Glean } from '@gleanwork/api-client';";
export const SDK_CLIENT = "const glean = new Glean({ apiToken: process.env.GLEAN_API_TOKEN, instance: 'acme' });";
export const BASE = "const BASE = process.env.GLEAN_URL ?? 'https://acme-be.glean.com';";
