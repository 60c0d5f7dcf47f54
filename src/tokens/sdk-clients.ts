import { ASTUtils, TSESTree, type TSESLint } from '../ts-eslint-lite.js';
import { unwrap } from '../project/ast.js';

/** The SDK package itself or one of its entry points (`@gleanwork/api-client/core.js`). */
function isSdkModule(specifier: unknown, sdkPackage: string): boolean {
  return typeof specifier === 'string' && (specifier === sdkPackage || specifier.startsWith(`${sdkPackage}/`));
}

/**
 * Whether `new X(…)` constructs something the SDK exports: `Glean`, `GleanCore`, under any local
 * name, imported or required. Any class from the SDK's modules counts, so a tree-shakable core
 * client is recognised without naming it in the data.
 */
export function isSdkConstructor(sourceCode: Readonly<TSESLint.SourceCode>, callee: TSESTree.Node, sdkPackage: string): boolean {
  const target = unwrap(callee);
  const id = target.type === TSESTree.AST_NODE_TYPES.Identifier ? target : target.type === TSESTree.AST_NODE_TYPES.MemberExpression && target.object.type === TSESTree.AST_NODE_TYPES.Identifier ? target.object : undefined;
  if (!id) return false;
  const variable = ASTUtils.findVariable(sourceCode.getScope(id), id);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (!def) return false;
  if (def.type === 'ImportBinding') {
    const declaration = def.parent;
    return declaration.type === TSESTree.AST_NODE_TYPES.ImportDeclaration && declaration.importKind !== 'type' && isSdkModule(declaration.source.value, sdkPackage);
  }
  if (def.type === 'Variable' && def.node.init) {
    // `const { Glean } = require('@gleanwork/api-client')` or `const sdk = require(…)`.
    let init = unwrap(def.node.init);
    if (init.type === TSESTree.AST_NODE_TYPES.MemberExpression) init = unwrap(init.object);
    return (
      init.type === TSESTree.AST_NODE_TYPES.CallExpression &&
      init.callee.type === TSESTree.AST_NODE_TYPES.Identifier &&
      init.callee.name === 'require' &&
      init.arguments[0]?.type === TSESTree.AST_NODE_TYPES.Literal &&
      isSdkModule(init.arguments[0].value, sdkPackage)
    );
  }
  return false;
}
