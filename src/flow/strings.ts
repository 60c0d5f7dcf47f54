import type { TSESTree } from '../ts-eslint-lite.js';
import { idOf } from './ids.js';

/**
 * A string as far as the analysis knows it: pieces of known text, each with the node that wrote it
 * (so an endpoint is reported where its path is written), and holes for text it cannot know
 * (`${process.env.BASE}`, a parameter nobody passes, `encodeURIComponent(id)`).
 */
export interface TextPiece<Origin = TSESTree.Node> {
  text: string;
  origin: Origin;
  /** Where the text is written, when `origin` is the expression that reads it from another module (`PATHS.COUNT`). */
  written?: Origin;
}

export interface HolePiece {
  hole: true;
}

/** `Origin` is the node, or, once the analysis is over, where it was (see NodeRef). */
export type Piece<Origin = TSESTree.Node> = TextPiece<Origin> | HolePiece;
export type StringPattern<Origin = TSESTree.Node> = readonly Piece<Origin>[];

/** The character that stands for an unknown part of a string in flattened text. */
export const HOLE = '\u0000';

export const UNKNOWN_TEXT: StringPattern = Object.freeze([{ hole: true }]) as StringPattern;

export function isTextPiece<Origin>(piece: Piece<Origin>): piece is TextPiece<Origin> {
  return !('hole' in piece);
}

export function text(value: string, origin: TSESTree.Node): StringPattern {
  return [{ text: value, origin }];
}

/** Joins patterns, merging neighbouring holes (two unknowns side by side are one unknown). */
export function concat(...parts: StringPattern[]): StringPattern {
  const pieces: Piece[] = [];
  for (const part of parts) {
    for (const piece of part) {
      const last = pieces.at(-1);
      if (!isTextPiece(piece) && last && !isTextPiece(last)) continue;
      if (isTextPiece(piece) && piece.text === '') continue;
      pieces.push(piece);
    }
  }
  // A string built in a loop (`s += part`) grows on every pass: past a bound its tail is unknown,
  // which keeps the prefix (where a URL's base and path are) and lets the analysis settle.
  if (pieces.length > MAX_PIECES) {
    pieces.length = MAX_PIECES - 1;
    if (isTextPiece(pieces.at(-1)!)) pieces.push({ hole: true });
  }
  return pieces;
}

const MAX_PIECES = 12;

/** The pattern as one string (unknown parts as HOLE) with, per character, the piece it came from. */
export function flatten<Origin>(pattern: StringPattern<Origin>): { text: string; owners: (TextPiece<Origin> | undefined)[] } {
  let flat = '';
  const owners: (TextPiece<Origin> | undefined)[] = [];
  for (const piece of pattern) {
    if (isTextPiece(piece)) {
      flat += piece.text;
      for (let i = 0; i < piece.text.length; i++) owners.push(piece);
    } else {
      flat += HOLE;
      owners.push(undefined);
    }
  }
  return { text: flat, owners };
}

/** The whole text when nothing in it is unknown. */
export function constantText(pattern: StringPattern): string | undefined {
  let result = '';
  for (const piece of pattern) {
    if (!isTextPiece(piece)) return undefined;
    result += piece.text;
  }
  return result;
}

/** The text before the first unknown part (all of it when nothing is unknown). */
export function leadingText(pattern: StringPattern): string {
  let result = '';
  for (const piece of pattern) {
    if (!isTextPiece(piece)) break;
    result += piece.text;
  }
  return result;
}

/** Joins a base URL and a relative path the way axios, got and ky do: exactly one slash between them; an absolute URL wins. */
export function joinUrl(base: StringPattern, relative: StringPattern): StringPattern {
  const last = base.at(-1);
  const first = relative[0];
  if (first && isTextPiece(first) && /^[a-z][\w+.-]*:\/\//i.test(first.text)) return relative;
  const baseSlash = last !== undefined && isTextPiece(last) && last.text.endsWith('/');
  const relativeSlash = first !== undefined && isTextPiece(first) && first.text.startsWith('/');
  if (baseSlash && relativeSlash) return concat(base, [{ ...first, text: first.text.slice(1) }], relative.slice(1));
  if (!baseSlash && !relativeSlash && last && first) {
    const origin = isTextPiece(first) ? first.origin : isTextPiece(last) ? last.origin : undefined;
    return origin ? concat(base, [{ text: '/', origin }], relative) : concat(base, relative);
  }
  return concat(base, relative);
}

/** `new URL(path, base)`: an absolute URL keeps itself, an absolute path keeps only the base's origin, a relative path is resolved against the base. */
export function resolveUrl(path: StringPattern, base: StringPattern | undefined): StringPattern {
  const first = path[0];
  if (!base) return path;
  if (first && isTextPiece(first) && /^[a-z][\w+.-]*:/i.test(first.text)) return path;
  if (first && isTextPiece(first) && first.text.startsWith('/')) return concat(UNKNOWN_TEXT, path);
  return joinUrl(base, path);
}

/** The same text, now said to be written at `origin` (a value read through an import is reported where it is read). */
export function reorigin(pattern: StringPattern, origin: TSESTree.Node): StringPattern {
  return pattern.map((piece) => (isTextPiece(piece) ? { text: piece.text, origin, written: piece.written ?? piece.origin } : piece));
}

/** A key for sets and memo tables: the text with holes, and where each piece was written. */
export function patternKey(pattern: StringPattern): string {
  let key = '';
  for (const piece of pattern) key += isTextPiece(piece) ? `${piece.text}\u0001${idOf(piece.origin)}\u0002` : HOLE;
  return key;
}
