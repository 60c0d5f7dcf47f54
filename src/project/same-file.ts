import { ASTUtils, type TSESLint, type TSESTree } from '../ts-eslint-lite.js';
import { propertyKeyName, T, unwrap } from './ast.js';

/**
 * What one file shows for sure about a value, without the engine: the tree ESLint hands a rule is
 * enough for the fixes and the token rules, which look at code where it is written.
 */

/**
 * The object literal an expression is, as far as this file shows it: the literal itself, a `const`
 * bound to one, or a property of such a literal. A fix that must know every key of a value (a rename
 * that is unsafe when some key is set) asks this; anything else is "not known", and the fix is not made.
 */
export function objectLiteralOf(sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Node, depth = 0): TSESTree.ObjectExpression | undefined {
  if (depth > 8) return undefined;
  const target = unwrap(node);
  if (target.type === T.ObjectExpression) return target;
  if (target.type === T.Identifier) {
    const init = constantInitializer(sourceCode, target);
    return init ? objectLiteralOf(sourceCode, init, depth + 1) : undefined;
  }
  if (target.type === T.MemberExpression && !target.computed && target.property.type === T.Identifier) {
    const key = target.property.name;
    const object = objectLiteralOf(sourceCode, target.object, depth + 1);
    const property = object?.properties.find((candidate): candidate is TSESTree.Property => candidate.type === T.Property && !candidate.computed && propertyKeyName(candidate) === key);
    return property ? objectLiteralOf(sourceCode, property.value, depth + 1) : undefined;
  }
  return undefined;
}

/** The initializer of a `const` binding of this file (never `let`: it may be reassigned). */
export function constantInitializer(sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Identifier): TSESTree.Expression | undefined {
  const variable = ASTUtils.findVariable(sourceCode.getScope(node), node);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (def?.type !== 'Variable' || def.parent.kind !== 'const') return undefined;
  const declarator = def.node;
  return declarator.id.type === T.Identifier && declarator.init ? declarator.init : undefined;
}

/**
 * The function a callee is, when this file shows it for sure: a function expression, a function
 * declaration, or a `const` holding a function expression (through `as`/`satisfies`). Anything
 * else (a parameter, an import, a `let`) may be another function at run time.
 */
export function sameFileFunction(sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Node): TSESTree.FunctionLike | undefined {
  const target = unwrap(node);
  if (target.type === T.FunctionExpression || target.type === T.ArrowFunctionExpression) return target;
  if (target.type !== T.Identifier) return undefined;
  const variable = ASTUtils.findVariable(sourceCode.getScope(target), target);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (def?.type === 'FunctionName') return def.node as TSESTree.FunctionLike;
  if (def?.type === 'Variable' && def.parent.kind === 'const' && def.node.id.type === T.Identifier && def.node.init) {
    const init = unwrap(def.node.init);
    if (init.type === T.FunctionExpression || init.type === T.ArrowFunctionExpression) return init;
  }
  return undefined;
}
