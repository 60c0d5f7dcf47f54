import { ASTUtils, TSESTree, type TSESLint } from '../ts-eslint-lite.js';
import type { FixFunction } from './findings.js';
import { memberKey } from '../project/ast.js';

const T = TSESTree.AST_NODE_TYPES;

type SourceCode = Readonly<TSESLint.SourceCode>;

/**
 * Code written for the migration period reads both fields: `s.text ?? s.snippet`,
 * `s.snippet || s.text || ''`, `s.snippet ? s.snippet : s.text`. Renaming the old read alone would
 * leave `s.text ?? s.text`; here the chain loses the alternative that the rename makes a repeat of.
 *
 * A chain is a run of `??`, or of `||` and "self" conditionals (`a ? a : b`, which means `a || b`).
 * Dropping one of two equal alternatives keeps the value of the chain exactly when they are
 * neighbours (`a || a` is `a`), or when the later one is not the last alternative (which would
 * decide the falsy value the chain gives); otherwise the plain rename stays.
 *
 * Returns the fix for the old read `member`, or undefined when no alternative repeats.
 * `rewrite` builds the plain rename (or move) of any old read; `replacement` is the access path
 * the rename produces, as {@link accessPath} writes it.
 */
export function collapseFallback(sourceCode: SourceCode, member: TSESTree.MemberExpression, rewrite: (member: TSESTree.MemberExpression) => FixFunction | undefined, replacement: string): FixFunction | undefined {
  const operand = operandOf(member);
  const chain = chainAround(operand);
  if (!chain) return undefined;
  const { elements, index } = chain;
  const twin = elements.findIndex((element, k) => k !== index && accessPath(element.value) === replacement);
  if (twin < 0) return undefined;
  // Next to its twin the old read itself goes (`a || a` is `a`); otherwise only the later of the two may go, and not from the end.
  const drop = Math.abs(index - twin) === 1 ? index : Math.max(index, twin);
  if (drop !== index && drop === elements.length - 1) return undefined;
  const link = elements[drop]!.link;
  if (!link) return undefined;
  // The old reads that stay still need their rename; those dropped do not.
  const renames = drop === index ? [] : elements[index]!.reads.map((read) => ({ read, fix: rewrite(read) }));
  if (renames.some(({ fix }) => fix === undefined)) return undefined;
  const keep = extentWithParens(sourceCode, link.keep);
  const inside = (node: TSESTree.Node, [start, end]: readonly [number, number]) => node.range[0] >= start && node.range[1] <= end;
  const keptEdits = renames.filter(({ read }) => inside(read, keep)).flatMap(({ fix }) => editsOf(fix!));
  const outsideEdits = renames.filter(({ read }) => !inside(read, link.node.range)).flatMap(({ fix }) => editsOf(fix!));
  const text = applyEdits(sourceCode.text.slice(keep[0], keep[1]), keep[0], keptEdits);
  // `(s.snippet ?? s.text) || ''` → `s.text || ''`: a bare read needs no parentheses, except where they change what is called or chained.
  const replaced = unwrapChain(link.keep).type === T.MemberExpression && !isObjectOrCallee(link.node) ? extentWithParens(sourceCode, link.node) : link.node.range;
  return (fixer) => [fixer.replaceTextRange(replaced, text), ...outsideEdits.map((edit) => fixer.replaceTextRange(edit.range, edit.text))];
}

/** `a.b.c`, `a?.b`, `a!.b`, `a['b']` → `a.b.c`/`a.b`: the same value read however it is written; undefined for anything with a call or a computed key. */
export function accessPath(node: TSESTree.Node): string | undefined {
  const inner = unwrapChain(node);
  switch (inner.type) {
    case T.Identifier:
      return inner.name;
    case T.ThisExpression:
      return 'this';
    case T.MemberExpression: {
      const object = accessPath(inner.object);
      const key = memberKey(inner);
      return object === undefined || key === undefined ? undefined : `${object}.${key}`;
    }
    default:
      return undefined;
  }
}

/** One alternative of a chain, and how to take it out: replace `link.node` with `link.keep`. */
interface Element {
  /** The expression whose value the alternative gives. */
  value: TSESTree.Node;
  /** The old-field reads that make up the alternative: one, or a self conditional's test and result. */
  reads: TSESTree.MemberExpression[];
  link?: { node: TSESTree.Node; keep: TSESTree.Node };
}

type Group = '??' | '||';

function chainAround(operand: TSESTree.Node): { elements: Element[]; index: number } | undefined {
  // In `a ? a : b` the element is the whole conditional; the old read is its test or its result.
  const parent = operand.parent;
  const element = parent?.type === T.ConditionalExpression && isSelfConditional(parent) && parent.alternate !== operand ? parent : operand;
  const group = element !== operand ? '||' : groupOf(element);
  if (!group) return undefined;
  let root: TSESTree.Node = element;
  while (root.parent && linksInto(root, root.parent, group)) root = root.parent;
  const elements: Element[] = [];
  flatten(root, group, undefined, elements);
  const index = elements.findIndex((candidate) => candidate.value === operand || (element !== operand && element.type === T.ConditionalExpression && candidate.value === element.consequent));
  return index < 0 ? undefined : { elements, index };
}

function groupOf(node: TSESTree.Node): Group | undefined {
  const parent = node.parent;
  if (parent?.type === T.LogicalExpression && (parent.operator === '??' || parent.operator === '||')) return parent.operator;
  if (parent?.type === T.ConditionalExpression && isSelfConditional(parent) && parent.alternate === node) return '||';
  return undefined;
}

function linksInto(child: TSESTree.Node, parent: TSESTree.Node, group: Group): boolean {
  if (parent.type === T.LogicalExpression) return parent.operator === group;
  return group === '||' && parent.type === T.ConditionalExpression && isSelfConditional(parent) && parent.alternate === child;
}

function flatten(node: TSESTree.Node, group: Group, link: Element['link'], out: Element[]): void {
  if (node.type === T.LogicalExpression && node.operator === group) {
    flatten(node.left, group, { node, keep: node.right }, out);
    flatten(node.right, group, { node, keep: node.left }, out);
    return;
  }
  if (group === '||' && node.type === T.ConditionalExpression && isSelfConditional(node)) {
    out.push({ value: node.consequent, reads: [node.test, node.consequent].flatMap(asMember), link: { node, keep: node.alternate } });
    flatten(node.alternate, group, { node, keep: node.consequent }, out);
    return;
  }
  out.push({ value: node, reads: asMember(node), ...(link ? { link } : {}) });
}

/** `a ? a : b` with the same value read twice. */
function isSelfConditional(node: TSESTree.ConditionalExpression): boolean {
  const test = accessPath(node.test);
  return test !== undefined && test === accessPath(node.consequent);
}

/** The expression an old read is an operand as: through `?.` chains and `!`. */
function operandOf(member: TSESTree.MemberExpression): TSESTree.Node {
  let node: TSESTree.Node = member;
  while (node.parent && (node.parent.type === T.ChainExpression || node.parent.type === T.TSNonNullExpression)) node = node.parent;
  return node;
}

function unwrapChain(node: TSESTree.Node): TSESTree.Node {
  let inner = node;
  while (inner.type === T.ChainExpression || inner.type === T.TSNonNullExpression) inner = inner.type === T.ChainExpression ? inner.expression : inner.expression;
  return inner;
}

function asMember(node: TSESTree.Node): TSESTree.MemberExpression[] {
  const inner = unwrapChain(node);
  return inner.type === T.MemberExpression ? [inner] : [];
}

/** `(x).y`, `(x)()`, `` (x)`…` ``, `new (x)()`: positions where removing the parentheses around x changes the meaning. */
function isObjectOrCallee(node: TSESTree.Node): boolean {
  const parent = node.parent;
  switch (parent?.type) {
    case T.MemberExpression:
      return parent.object === node;
    case T.CallExpression:
    case T.NewExpression:
      return parent.callee === node;
    case T.TaggedTemplateExpression:
      return parent.tag === node;
    default:
      return false;
  }
}

/** A node's range with the parentheses around it (not those of a call's arguments). */
function extentWithParens(sourceCode: SourceCode, node: TSESTree.Node): [number, number] {
  let range: [number, number] = [node.range[0], node.range[1]];
  for (let times = 1; ASTUtils.isParenthesized(times, node, sourceCode); times++) {
    range = [sourceCode.getTokenBefore({ range } as TSESTree.Node)!.range[0], sourceCode.getTokenAfter({ range } as TSESTree.Node)!.range[1]];
  }
  return range;
}

interface Edit {
  range: readonly [number, number];
  text: string;
}

/** The text edits a fix function makes, without a rule context. */
function editsOf(fix: FixFunction): Edit[] {
  const edit = (range: readonly [number, number], text: string): Edit => ({ range, text });
  const fixer = {
    replaceText: (node: { range: readonly [number, number] }, text: string) => edit(node.range, text),
    replaceTextRange: (range: readonly [number, number], text: string) => edit(range, text),
    insertTextBefore: (node: { range: readonly [number, number] }, text: string) => edit([node.range[0], node.range[0]], text),
    insertTextBeforeRange: (range: readonly [number, number], text: string) => edit([range[0], range[0]], text),
    insertTextAfter: (node: { range: readonly [number, number] }, text: string) => edit([node.range[1], node.range[1]], text),
    insertTextAfterRange: (range: readonly [number, number], text: string) => edit([range[1], range[1]], text),
    remove: (node: { range: readonly [number, number] }) => edit(node.range, ''),
    removeRange: (range: readonly [number, number]) => edit(range, ''),
  };
  const result = fix(fixer as unknown as TSESLint.RuleFixer) as unknown as Edit | Edit[];
  return Array.isArray(result) ? result : [result];
}

function applyEdits(text: string, offset: number, edits: readonly Edit[]): string {
  let output = text;
  for (const { range, text: replacement } of [...edits].sort((a, b) => b.range[0] - a.range[0])) {
    output = output.slice(0, range[0] - offset) + replacement + output.slice(range[1] - offset);
  }
  return output;
}
