import { describe, expect, it } from 'vitest';
import { noDeprecatedApi } from '../../rules/no-deprecated-api.js';
import { noRemovedApi } from '../../rules/no-removed-api.js';
import { ruleTester } from './tester.js';

/**
 * Code written for the migration reads the old and the new field side by side. The fix must leave
 * one read of the replacement, keeping the expression's value, and never `s.text ?? s.text`.
 */
const TYPES = "import type { AnswerResult, GetCollectionResponse, SearchResultSnippet } from '@gleanwork/api-client/models/components';";
const DECLARE = 'declare const s: SearchResultSnippet, t: SearchResultSnippet, r: AnswerResult, c: GetCollectionResponse;';

const program = (expression: string) => `${TYPES}\n${DECLARE}\nexport const v = ${expression};\n`;

/** [written, fixed, findings]: one finding per read of the old field. */
type Shape = [string, string, number];

const SNIPPET: Shape[] = [
  // x.new ?? x.old, x.new || x.old, and the other order
  ['s.text ?? s.snippet', 's.text', 1],
  ['s.snippet ?? s.text', 's.text', 1],
  ['s.text || s.snippet', 's.text', 1],
  ['s.snippet || s.text', 's.text', 1],
  // ternaries that test the old field, and the other order
  ['s.snippet ? s.snippet : s.text', 's.text', 2],
  ['s.text ? s.text : s.snippet', 's.text', 1],
  ["s.snippet ? s.snippet : ''", "s.text ? s.text : ''", 2],
  // chains with a default
  ["s.snippet || s.text || ''", "s.text || ''", 1],
  ["s.text || s.snippet || ''", "s.text || ''", 1],
  ["s.snippet ?? s.text ?? ''", "s.text ?? ''", 1],
  ["s.text ?? s.snippet ?? ''", "s.text ?? ''", 1],
  ["s.snippet ? s.snippet : s.text ? s.text : ''", "s.text ? s.text : ''", 2],
  ["s.text ? s.text : s.snippet ? s.snippet : ''", "s.text ? s.text : ''", 2],
  ["s.snippet ? s.snippet : s.text || ''", "s.text || ''", 2],
  ["(s.snippet ?? s.text) || ''", "s.text || ''", 1],
  ["(s.text ?? s.snippet) || ''", "s.text || ''", 1],
  // however the reads are written
  ['s?.snippet ?? s?.text', 's?.text', 1],
  ["s['text'] ?? s['snippet']", "s['text']", 1],
  ['s.snippet! || s.text!', 's.text!', 1],
  ['(s.snippet ?? s.text).trim()', '(s.text).trim()', 1],
  ['s.url ?? s.snippet ?? s.text', 's.url ?? s.text', 1],
  ["s.snippet || s.url || s.text || ''", "s.text || s.url || ''", 1],
  // nothing repeats, or dropping the repeat would change which falsy value the chain gives: a plain rename
  ['s.snippet ?? t.text', 's.text ?? t.text', 1],
  ['s.snippet || s.url || s.text', 's.text || s.url || s.text', 1],
  ['s.snippet && s.text', 's.text && s.text', 1],
];

const MOVES: Shape[] = [
  ['r.answer.trackingToken ?? r.trackingToken', 'r.answer.trackingToken', 1],
  ['r.trackingToken ?? r.answer.trackingToken', 'r.answer.trackingToken', 1],
  ["r.trackingToken || r.answer.trackingToken || ''", "r.answer.trackingToken || ''", 1],
  ['c.collection?.trackingToken ?? c.trackingToken', 'c.collection?.trackingToken', 1],
  ['c.trackingToken ? c.trackingToken : c.collection?.trackingToken', 'c.collection?.trackingToken', 2],
];

const invalid = <M extends 'removed' | 'scheduled'>(shapes: Shape[], messageId: M) =>
  shapes.map(([written, fixed, findings]) => ({
    name: `${written} → ${fixed}`,
    code: program(written),
    output: program(fixed),
    errors: Array.from({ length: findings }, () => ({ messageId })),
  }));

ruleTester.run('no-removed-api', noRemovedApi, { valid: [], invalid: invalid(SNIPPET, 'removed') });
ruleTester.run('no-deprecated-api', noDeprecatedApi, { valid: [], invalid: invalid(MOVES, 'scheduled') });

ruleTester.run('no-removed-api', noRemovedApi, {
  valid: [],
  invalid: [
    {
      name: 'untyped JSON from fetch: the chain in a callback',
      code: [
        'export async function hits(base: string) {',
        "  const res = await fetch(`${base}/rest/api/v1/search`, { method: 'POST', body: '{}' });",
        '  const data = await res.json();',
        "  return data.results.map((hit: any) => hit.snippets?.[0]?.text ?? hit.snippets?.[0]?.snippet ?? '');",
        '}',
      ].join('\n'),
      output: [
        'export async function hits(base: string) {',
        "  const res = await fetch(`${base}/rest/api/v1/search`, { method: 'POST', body: '{}' });",
        '  const data = await res.json();',
        "  return data.results.map((hit: any) => hit.snippets?.[0]?.text ?? '');",
        '}',
      ].join('\n'),
      errors: [{ messageId: 'removed' }],
    },
  ],
});

describe('fallback fixes', () => {
  it('never leave an alternative that repeats the one before it', () => {
    for (const [written, fixed] of [...SNIPPET, ...MOVES]) {
      if (written.includes('&&')) continue;
      expect(fixed, written).not.toMatch(/([\w.?!'[\]]+) (\?\?|\|\|) \1(?![\w.?[])/);
    }
  });
});
