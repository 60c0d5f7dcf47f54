import { TSESTree, type TSESLint } from '@typescript-eslint/utils';

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
