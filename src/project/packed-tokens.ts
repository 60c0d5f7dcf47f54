import type { TSESTree } from '../ts-eslint-lite.js';

type Token = TSESTree.Token;

/** A tree's tokens, packed: each one's kind and range, and the tokens that could not be packed. */
interface Packed {
  text: string;
  kinds: Uint8Array;
  ranges: Int32Array;
  kept: Map<number, Token>;
}

const packed = new WeakMap<TSESTree.Program, Packed>();
const kindNames: string[] = [];
const kindIndex = new Map<string, number>();

/**
 * Takes the tokens off a tree the project index parsed and keeps them packed. typescript-eslint's
 * parser makes tokens whatever it is asked; the engine never reads them, yet as objects (each with
 * its range and location) they are some 40% of a parsed module's memory. The CLI hands the tree to
 * ESLint, which needs them: `unpackTokens` rebuilds the very objects the parser made. A token
 * the packing could not rebuild exactly (a regular expression, a private name) is kept as it was.
 */
export function packTokens(ast: TSESTree.Program, text: string): void {
  const tokens = ast.tokens;
  if (!tokens) return;
  const lines = lineStarts(text);
  const kinds = new Uint8Array(tokens.length);
  const ranges = new Int32Array(tokens.length * 2);
  const kept = new Map<number, Token>();
  tokens.forEach((token, i) => {
    const [start, end] = token.range;
    ranges[2 * i] = start;
    ranges[2 * i + 1] = end;
    const kind = kindOf(token.type);
    kinds[i] = kind ?? 0;
    if (kind === undefined || !rebuildsExactly(token, text, lines)) kept.set(i, token);
  });
  packed.set(ast, { text, kinds, ranges, kept });
  delete ast.tokens;
}

/** Puts back the tokens `packTokens` took off the tree, as the parser made them. Does nothing to a tree that has its own. */
export function unpackTokens(ast: TSESTree.Program): void {
  const tokens = packed.get(ast);
  if (!tokens || ast.tokens) return;
  const { text, kinds, ranges, kept } = tokens;
  const lines = lineStarts(text);
  ast.tokens = Array.from(kinds, (kind, i) => kept.get(i) ?? token(kindNames[kind]!, ranges[2 * i]!, ranges[2 * i + 1]!, text, lines));
}

/** A token as typescript-estree's `convertToken` makes one (the same keys, in the same order). */
function token(type: string, start: number, end: number, text: string, lines: readonly number[]): Token {
  return { type, loc: { end: position(end, lines), start: position(start, lines) }, range: [start, end], value: text.slice(start, end) } as Token;
}

function rebuildsExactly(original: Token, text: string, lines: readonly number[]): boolean {
  const [start, end] = original.range;
  if (Object.keys(original).length !== 4 || original.value !== text.slice(start, end)) return false;
  const { loc } = original;
  const from = position(start, lines);
  const to = position(end, lines);
  return loc.start.line === from.line && loc.start.column === from.column && loc.end.line === to.line && loc.end.column === to.column;
}

/** The kind's number in a byte; undefined once 256 kinds are known (typescript-estree has 14). */
function kindOf(type: string): number | undefined {
  let index = kindIndex.get(type);
  if (index === undefined && kindNames.length < 256) {
    index = kindNames.push(type) - 1;
    kindIndex.set(type, index);
  }
  return index;
}

/** Where each line starts, with TypeScript's line breaks: CRLF, LF, CR, U+2028, U+2029. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 13 && text.charCodeAt(i + 1) === 10) i++;
    if (code === 10 || code === 13 || code === 0x2028 || code === 0x2029) starts.push(i + 1);
  }
  return starts;
}

/** 1-based line, 0-based column in UTF-16 units, as typescript-estree's `getLineAndCharacterFor`. */
export function position(offset: number, lines: readonly number[]): { column: number; line: number } {
  let low = 0;
  let high = lines.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (lines[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return { column: offset - lines[low]!, line: low + 1 };
}
