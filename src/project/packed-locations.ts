import type { TSESTree } from '@typescript-eslint/types';
import { eachNode, type VisitorKeys } from './ast.js';
import { lineStarts, position } from './packed-tokens.js';

/** A tree whose nodes' `loc` objects may be taken off: what puts them back, and whether they are off now. */
interface Packed {
  text: string;
  visitorKeys: VisitorKeys;
  off: boolean;
}

const packed = new WeakMap<TSESTree.Program, Packed>();

/**
 * Takes the `loc` objects (three per node) off a whole tree the project index parsed for ESLint.
 * The analysis reads ranges only, and in `check` some 900 such trees are live at once at the end
 * of a big project's analysis, waiting for ESLint: their locations are a good part of that peak.
 * `unpackLocations` computes them again from the ranges, as typescript-estree does, before ESLint
 * gets the tree. A node whose location is not what its range gives (none is known) keeps it.
 * The property is set to undefined rather than deleted, so that nodes keep their hidden class.
 */
export function packLocations(ast: TSESTree.Program, text: string, visitorKeys: VisitorKeys): void {
  const lines = lineStarts(text);
  eachNode(ast, visitorKeys, (node) => {
    if (node.loc && sameLocation(node.loc, node.range, lines)) (node as { loc: unknown }).loc = undefined;
  });
  packed.set(ast, { text, visitorKeys, off: true });
}

/** Puts back the locations `packLocations` took off. Does nothing to a tree that has them. */
export function unpackLocations(ast: TSESTree.Program): void {
  const tree = packed.get(ast);
  if (!tree?.off) return;
  const lines = lineStarts(tree.text);
  eachNode(ast, tree.visitorKeys, (node) => {
    // In the key order typescript-estree uses, so the tree is the one it would have made.
    if (!node.loc) node.loc = { end: position(node.range[1], lines), start: position(node.range[0], lines) };
  });
  tree.off = false;
}

function sameLocation(loc: TSESTree.SourceLocation, range: TSESTree.Range, lines: readonly number[]): boolean {
  const start = position(range[0], lines);
  const end = position(range[1], lines);
  return loc.start.line === start.line && loc.start.column === start.column && loc.end.line === end.line && loc.end.column === end.column;
}
