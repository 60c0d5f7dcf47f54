import { TSESTree, type TSESLint } from '../ts-eslint-lite.js';

type VisitorKeys = Readonly<TSESLint.SourceCode>['visitorKeys'];

/**
 * Depth-first over a subtree, in source order, with the parser's own visitor keys (so TypeScript
 * nodes are included). `visit` returning false skips the node's children. An explicit stack
 * instead of recursion: generated files nest deeper than the call stack allows.
 */
export function walkTree(root: TSESTree.Node, visitorKeys: VisitorKeys, visit: (node: TSESTree.Node) => boolean | void): void {
  const keys = visitorKeys as Record<string, readonly string[] | undefined>;
  const stack: TSESTree.Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (visit(node) === false) continue;
    const children = keys[node.type] ?? [];
    for (let k = children.length - 1; k >= 0; k--) {
      const child = (node as unknown as Record<string, unknown>)[children[k]!];
      if (Array.isArray(child)) {
        for (let i = child.length - 1; i >= 0; i--) if (child[i] && typeof child[i] === 'object') stack.push(child[i] as TSESTree.Node);
      } else if (child && typeof child === 'object') {
        stack.push(child as TSESTree.Node);
      }
    }
  }
}

export function isFunctionNode(node: TSESTree.Node): node is TSESTree.FunctionLike {
  return node.type === TSESTree.AST_NODE_TYPES.FunctionDeclaration || node.type === TSESTree.AST_NODE_TYPES.FunctionExpression || node.type === TSESTree.AST_NODE_TYPES.ArrowFunctionExpression;
}

/** What a function body returns, not counting nested functions; `undefined` stands for a bare `return`. */
export function returnedExpressions(body: TSESTree.BlockStatement, visitorKeys: VisitorKeys): (TSESTree.Node | undefined)[] {
  const values: (TSESTree.Node | undefined)[] = [];
  walkTree(body, visitorKeys, (node) => {
    if (node.type === TSESTree.AST_NODE_TYPES.ReturnStatement) {
      values.push(node.argument ?? undefined);
      return false;
    }
    return node === body || !isFunctionNode(node);
  });
  return values;
}

/** `res.x = v`, `res.x++`, `delete res.x`, `for (res.x of …)`: writes, not reads. */
export function isWriteTarget(member: TSESTree.MemberExpression): boolean {
  let node: TSESTree.Node = member;
  while (node.parent?.type === TSESTree.AST_NODE_TYPES.TSNonNullExpression || node.parent?.type === TSESTree.AST_NODE_TYPES.TSAsExpression) node = node.parent;
  const parent = node.parent;
  if (!parent) return false;
  switch (parent.type) {
    case TSESTree.AST_NODE_TYPES.AssignmentExpression:
    case TSESTree.AST_NODE_TYPES.AssignmentPattern:
      return parent.left === node;
    case TSESTree.AST_NODE_TYPES.UpdateExpression:
      return true;
    case TSESTree.AST_NODE_TYPES.UnaryExpression:
      return parent.operator === 'delete';
    case TSESTree.AST_NODE_TYPES.ForOfStatement:
    case TSESTree.AST_NODE_TYPES.ForInStatement:
      return parent.left === node;
    case TSESTree.AST_NODE_TYPES.ArrayPattern:
      return true;
    case TSESTree.AST_NODE_TYPES.Property:
      return parent.value === node && parent.parent.type === TSESTree.AST_NODE_TYPES.ObjectPattern;
    default:
      return false;
  }
}
