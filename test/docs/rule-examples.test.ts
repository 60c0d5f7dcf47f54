import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintWithBothRules, ROOT, sunsetSettings } from '../rules/tester.js';

/**
 * The rule docs' examples of incorrect code show, above the code, the message the rule prints
 * (`` // `POST /api/index/v1/getusercount` was removed on … ``). This test lints each such block with
 * the rule, on the date the doc names, and holds every message comment to a message the rule
 * reports on the code that follows it, so that a reworded message or a lost detection shows up
 * here rather than in a user's editor.
 */

/** A message comment and the lines (1-based, in its block) of the code it speaks for. */
interface Example {
  message: string;
  /** Where the comment is in the doc, for the failure message. */
  docLine: number;
  from: number;
  to: number;
}

interface Block {
  code: string;
  docLine: number;
  examples: Example[];
}

const MESSAGE = /^\/\/ `/;
/** A message too long for one line goes on in comment lines indented by two more spaces. */
const CONTINUATION = /^\/\/ {3}\S/;

/** The fenced `ts` blocks of a doc that hold message comments. */
function messageBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  for (let open = lines.indexOf('```ts'); open !== -1; open = lines.indexOf('```ts', open + 1)) {
    const code = lines.slice(open + 1, lines.indexOf('```', open + 1));
    const examples: Example[] = [];
    for (let index = 0; index < code.length; ) {
      if (!MESSAGE.test(code[index]!)) {
        index++;
        continue;
      }
      // One run of comments may hold several messages (one node, two items): they all speak for the code below the run.
      const messages: { message: string; docLine: number }[] = [];
      for (; code[index]?.startsWith('//'); index++) {
        if (MESSAGE.test(code[index]!)) messages.push({ message: code[index]!.slice(3), docLine: open + 2 + index });
        else if (CONTINUATION.test(code[index]!) && messages.length > 0) messages.at(-1)!.message += ` ${code[index]!.slice(2).trim()}`;
      }
      const next = code.findIndex((line, at) => at > index && MESSAGE.test(line));
      const from = index + 1;
      const to = next === -1 ? code.length : next;
      examples.push(...messages.map((message) => ({ ...message, from, to })));
    }
    if (examples.length > 0) blocks.push({ code: code.join('\n'), docLine: open + 1, examples });
  }
  return blocks;
}

const RULE_DOCS = [
  {
    rule: 'no-removed-api',
    settings: {},
  },
  {
    rule: 'no-deprecated-api',
    // The doc's examples run "with a schedule that moves `bulkindexemployees` to 2027-01-15".
    settings: { schedule: { schemaVersion: 1, extends: 'bundled', items: [{ id: 'bulkindexemployees', removal: '2027-01-15' }] } },
  },
] as const;

describe.each(RULE_DOCS.map((doc) => [doc.rule, doc] as const))('docs/rules/%s.md', (rule, { settings }) => {
  const doc = readFileSync(path.join(ROOT, 'docs/rules', `${rule}.md`), 'utf8');
  const blocks = messageBlocks(doc);
  // The date the examples are judged on is the one the doc states, never the wall clock.
  const now = /\(on (\d{4}-\d{2}-\d{2})\b/.exec(doc)?.[1];

  it('states the date of its examples, and every message comment is in a checked `ts` block', () => {
    expect(now).toBeDefined();
    const comments = doc.split('\n').filter((line) => MESSAGE.test(line));
    expect(comments.length).toBeGreaterThan(0);
    expect(blocks.flatMap((block) => block.examples.map((example) => `// ${example.message.split(';')[0]}`))).toEqual(comments.map((line) => line.split(';')[0]));
  });

  it.each(blocks.map((block) => [block.docLine, block] as const))('the block at line %i reports each message above the code it shows', (_line, block) => {
    const reported = lintWithBothRules(block.code, { filename: 'docs-example.ts', rules: [rule], settings: sunsetSettings({ now, ...settings }) });
    const fatal = reported.filter((message) => message.ruleId === null);
    expect(fatal, 'the block parses').toEqual([]);
    for (const example of block.examples) {
      const below = reported.filter((message) => message.line >= example.from && message.line <= example.to).map((message) => message.message);
      expect(below, `docs/rules/${rule}.md:${example.docLine}: the rule reports this message on lines ${example.from}–${example.to} of the block`).toContain(example.message);
    }
  });
});
