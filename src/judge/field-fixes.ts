import { TSESTree, type TSESLint } from '../ts-eslint-lite.js';
import type { FixFunction } from './findings.js';
import { isWriteTarget } from '../project/ast.js';

/**
 * The text edits behind field fixes and suggestions. Each keeps the code's own style (quotes,
 * computed keys, optional chaining) and returns undefined where it cannot promise code that parses.
 */

type SourceCode = Readonly<TSESLint.SourceCode>;

/** `snippet: v` → `text: v`, `{ snippet }` → `{ text: snippet }`, `'snippet': v` → `'text': v`, `['snippet']: v` → `['text']: v`. */
export function renameKey(sourceCode: SourceCode, property: TSESTree.Property, to: string): FixFunction | undefined {
  if (property.kind !== 'init' || property.method) return undefined;
  if (property.shorthand) return (fixer) => fixer.replaceText(property, `${to}: ${sourceCode.getText(property.value)}`);
  const key = keyReplacement(property.key, to);
  return key === undefined ? undefined : (fixer) => fixer.replaceText(property.key, key);
}

/** `a.snippet` → `a.text`, `a?.['snippet']` → `a?.['text']`; `write` allows the target of an assignment. */
export function renameMember(member: TSESTree.MemberExpression, to: string, { write = false } = {}): FixFunction | undefined {
  if (!write && !isPlainRead(member)) return undefined;
  const key = keyReplacement(member.property, to, member.computed);
  return key === undefined ? undefined : (fixer) => fixer.replaceText(member.property, key);
}

/**
 * `x.trackingToken` → `x.answer.trackingToken`, `res.trackingToken` → `res.collection?.trackingToken`;
 * `to` is the new access path as written after the object. Computed keys stay computed.
 */
export function moveMember(member: TSESTree.MemberExpression, to: string): FixFunction | undefined {
  if (!isPlainRead(member) || (to.includes('?.') && !allowsOptionalChain(member))) return undefined;
  if (!member.computed) return (fixer) => fixer.replaceText(member.property, to);
  const quote = member.property.type === TSESTree.AST_NODE_TYPES.Literal ? member.property.raw[0]! : '`';
  // Inside the brackets of `x['trackingToken']`, close the first access and open the rest: `x['answer']['trackingToken']`.
  const steps = splitAccessPath(to);
  const text = steps.map((step, i) => (i === 0 ? `${quote}${step.name}${quote}` : `${step.optional ? '?.' : ''}[${quote}${step.name}${quote}`)).join(']');
  return (fixer) => fixer.replaceText(member.property, text);
}

/**
 * Destructuring cannot move a key to a nested object in place: `{ trackingToken }` becomes
 * `{ answer: { trackingToken } }`, and an optional step gets a default (`collection: { … } = {}`).
 */
export function movePatternKey(sourceCode: SourceCode, property: TSESTree.Property, to: string): FixFunction | undefined {
  if (property.computed) return undefined;
  const steps = splitAccessPath(to);
  const last = steps.pop()!;
  let text = property.shorthand ? sourceCode.getText(property.value) : sourceCode.getText(property);
  const key = propertyName(property);
  if (key !== last.name) text = `${last.name}: ${sourceCode.getText(property.value)}`;
  // An optional step's default belongs to the step's own pattern: `collection: { trackingToken } = {}`.
  for (let i = steps.length - 1; i >= 0; i--) {
    const optional = (steps[i + 1] ?? last).optional;
    text = `${steps[i]!.name}: { ${text} }${optional ? ' = {}' : ''}`;
  }
  return (fixer) => fixer.replaceText(property, text);
}

/** Removes a property with its comma, leaving the other properties and any comments alone. */
export function removeProperty(sourceCode: SourceCode, property: TSESTree.Property | TSESTree.SpreadElement | TSESTree.RestElement): FixFunction {
  return (fixer) => {
    const after = sourceCode.getTokenAfter(property);
    if (after && after.value === ',') {
      const next = sourceCode.getTokenAfter(after, { includeComments: true });
      return fixer.removeRange([property.range[0], next ? next.range[0] : after.range[1]]);
    }
    const before = sourceCode.getTokenBefore(property);
    if (before && before.value === ',') return fixer.removeRange([before.range[0], property.range[1]]);
    return fixer.remove(property);
  };
}

/** Replaces a whole property with new text (`isNegated: true` → `relationType: 'NOT_EQUALS'`). */
export function replaceProperty(property: TSESTree.Property, text: string): FixFunction {
  return (fixer) => fixer.replaceText(property, text);
}

/** Replaces a member access with an expression built from its object's text: `m.citations` → `(m.fragments ?? [])…`. */
export function replaceMember(sourceCode: SourceCode, member: TSESTree.MemberExpression, build: (object: string, dot: string) => string): FixFunction | undefined {
  if (!isPlainRead(member) || !allowsOptionalChain(member)) return undefined;
  const object = sourceCode.getText(member.object);
  const needsParens = !isSimpleObject(member.object);
  return (fixer) => fixer.replaceText(member, build(needsParens ? `(${object})` : object, member.optional ? '?.' : '.'));
}

/** The text of an expression where a method will be called on it: parenthesised unless it is already a primary expression. */
export function asCallee(sourceCode: SourceCode, node: TSESTree.Node): string {
  const text = sourceCode.getText(node);
  return isSimpleObject(node) || node.type === TSESTree.AST_NODE_TYPES.ArrayExpression ? text : `(${text})`;
}

/** The quote the file uses for strings, judged from its first string literal. */
export function quoteOf(sourceCode: SourceCode): string {
  const first = sourceCode.ast.tokens.find((token) => token.type === 'String');
  return first?.value.startsWith('"') ? '"' : "'";
}

function keyReplacement(key: TSESTree.Node, to: string, computed = false): string | undefined {
  if (key.type === TSESTree.AST_NODE_TYPES.Identifier && !computed) return to;
  if (key.type === TSESTree.AST_NODE_TYPES.Literal && typeof key.value === 'string') {
    const quote = key.raw[0]!;
    return `${quote}${to}${quote}`;
  }
  if (key.type === TSESTree.AST_NODE_TYPES.TemplateLiteral && key.expressions.length === 0) return `\`${to}\``;
  return undefined;
}

/** A read whose rewrite keeps the program valid: not written to, deleted, or constructed through. */
function isPlainRead(member: TSESTree.MemberExpression): boolean {
  let node: TSESTree.Node = member;
  while (node.parent && (node.parent.type === TSESTree.AST_NODE_TYPES.TSNonNullExpression || node.parent.type === TSESTree.AST_NODE_TYPES.TSAsExpression)) node = node.parent;
  return !isWriteTarget(member) && !(node.parent?.type === TSESTree.AST_NODE_TYPES.NewExpression && node.parent.callee === node);
}

/**
 * Whether a rewrite may put `?.` where this member is: an optional chain cannot be the callee of
 * `new` or the tag of a tagged template, even further down a member chain (`new a.b.C()`).
 */
function allowsOptionalChain(member: TSESTree.MemberExpression): boolean {
  let node: TSESTree.Node = member;
  for (let parent: TSESTree.Node | undefined = node.parent; parent; parent = node.parent) {
    if (parent.type === TSESTree.AST_NODE_TYPES.NewExpression) return parent.callee !== node;
    if (parent.type === TSESTree.AST_NODE_TYPES.TaggedTemplateExpression) return parent.tag !== node;
    const continues =
      (parent.type === TSESTree.AST_NODE_TYPES.MemberExpression && parent.object === node) ||
      (parent.type === TSESTree.AST_NODE_TYPES.CallExpression && parent.callee === node) ||
      parent.type === TSESTree.AST_NODE_TYPES.ChainExpression ||
      parent.type === TSESTree.AST_NODE_TYPES.TSNonNullExpression;
    if (!continues) return true;
    node = parent;
  }
  return true;
}

function isSimpleObject(node: TSESTree.Node): boolean {
  return (
    node.type === TSESTree.AST_NODE_TYPES.Identifier ||
    node.type === TSESTree.AST_NODE_TYPES.ThisExpression ||
    node.type === TSESTree.AST_NODE_TYPES.MemberExpression ||
    node.type === TSESTree.AST_NODE_TYPES.CallExpression ||
    node.type === TSESTree.AST_NODE_TYPES.ChainExpression ||
    node.type === TSESTree.AST_NODE_TYPES.TSNonNullExpression
  );
}

interface AccessStep {
  name: string;
  optional: boolean;
}

/** `collection?.trackingToken` → [collection, ?.trackingToken]. */
function splitAccessPath(path: string): AccessStep[] {
  const steps: AccessStep[] = [];
  for (const match of path.matchAll(/(\?\.|\.|^)([^.?]+)/g)) steps.push({ name: match[2]!, optional: match[1] === '?.' });
  return steps;
}

function propertyName(property: TSESTree.Property): string | undefined {
  if (property.key.type === TSESTree.AST_NODE_TYPES.Identifier) return property.key.name;
  if (property.key.type === TSESTree.AST_NODE_TYPES.Literal) return String(property.key.value);
  return undefined;
}
