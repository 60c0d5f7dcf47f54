import { T, unwrap } from '../project/ast.js';
import type { TSESTree } from '../ts-eslint-lite.js';
import type { Evaluator } from './evaluate.js';
import { load } from './operations.js';
import { constantText } from './strings.js';
import type { ValueSet } from './values.js';

/**
 * Branches a constant discriminant rules out. `switch (action.type)` in a reducer run with one
 * action (`{ type: ANSWERS_LOADED, payload }`) runs only that type's cases, and
 * `if (event.data.type === 'collection')` only when the posted message can be of that type:
 * otherwise one action's payload would be read as every other's.
 *
 * Only a property of objects the code wrote as literals counts: a value set never says "and
 * something unknown", so a variable that holds `'v1'` here may hold anything at run time, but a
 * literal's `type` is the constant written in it.
 */
export function discriminantTexts(reader: Evaluator, node: TSESTree.Node): ReadonlySet<string> | undefined {
  const member = unwrap(node);
  if (member.type !== T.MemberExpression) return undefined;
  const objects = reader.evaluate(member.object);
  if (objects.length === 0 || objects.some((value) => value.kind !== 'object' || value.allocation.origin !== 'literal' || isDefault(value.allocation.node))) return undefined;
  return constantTexts(load(reader.engine, objects, reader.keyOf(member), undefined));
}

/** A default (`options = { mode: 'plain' }`, a reducer's `state = initial`) is there whatever the callers pass, which the engine may not see. */
function isDefault(node: TSESTree.Node): boolean {
  return node.parent?.type === T.AssignmentPattern && node.parent.right === node;
}

/** The constant strings a value set holds, or undefined when any of it is something else. */
export function constantTexts(values: ValueSet): ReadonlySet<string> | undefined {
  if (values.length === 0) return undefined;
  const texts = new Set<string>();
  for (const value of values) {
    const text = value.kind === 'string' ? constantText(value.pattern) : undefined;
    if (text === undefined) return undefined;
    texts.add(text);
  }
  return texts;
}

export function disjoint(a: ReadonlySet<string> | undefined, b: ReadonlySet<string> | undefined): boolean {
  return a !== undefined && b !== undefined && ![...a].some((text) => b.has(text));
}

/** The branch of `if (test)` that cannot run: `x.type === 'a'` where x's type is another constant rules out the consequent. */
export function excludedBranch(reader: Evaluator, test: TSESTree.Expression): 'consequent' | 'alternate' | undefined {
  if (test.type === T.LogicalExpression && test.operator === '&&') {
    return excludedBranch(reader, test.left) === 'consequent' || excludedBranch(reader, test.right) === 'consequent' ? 'consequent' : undefined;
  }
  if (test.type !== T.BinaryExpression || !['===', '==', '!==', '!='].includes(test.operator) || test.left.type === T.PrivateIdentifier) return undefined;
  const left = discriminantTexts(reader, test.left);
  const right = discriminantTexts(reader, test.right);
  const apart = left ? disjoint(left, constantTexts(reader.evaluate(test.right))) : right ? disjoint(right, constantTexts(reader.evaluate(test.left))) : false;
  if (!apart) return undefined;
  return test.operator.startsWith('!') ? 'alternate' : 'consequent';
}

/** Whether a case's statements end in a jump, so it does not fall into the next case. */
export function endsAbruptly(statements: readonly TSESTree.Statement[]): boolean {
  const last = statements.at(-1);
  if (!last) return false;
  if (last.type === T.BlockStatement) return endsAbruptly(last.body);
  return last.type === T.BreakStatement || last.type === T.ReturnStatement || last.type === T.ThrowStatement || last.type === T.ContinueStatement;
}
