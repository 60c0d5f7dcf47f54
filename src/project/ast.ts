import { TSESTree, type TSESLint } from '../ts-eslint-lite.js';

/** Shorthand for the node type enum, used everywhere the engine switches on syntax. */
export const T = TSESTree.AST_NODE_TYPES;

export type VisitorKeys = Readonly<TSESLint.SourceCode>['visitorKeys'];

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

/** Sets `parent` on every node below `root` (ESLint does this while it lints; a parse of our own does not). */
export function setParents(root: TSESTree.Node, visitorKeys: VisitorKeys): void {
  eachNode(root, visitorKeys, (node, parent) => {
    if (parent) (node as { parent: TSESTree.Node }).parent = parent;
  });
}

/** Every node of the tree, each with the node it hangs from (none for the root), by the visitor keys. */
export function eachNode(root: TSESTree.Node, visitorKeys: VisitorKeys, visit: (node: TSESTree.Node, parent: TSESTree.Node | undefined) => void): void {
  const keys = visitorKeys as Record<string, readonly string[] | undefined>;
  visit(root, undefined);
  const stack: TSESTree.Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    for (const key of keys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      if (Array.isArray(child)) {
        for (const item of child) {
          if (item && typeof item === 'object') {
            visit(item as TSESTree.Node, node);
            stack.push(item as TSESTree.Node);
          }
        }
      } else if (child && typeof child === 'object') {
        visit(child as TSESTree.Node, node);
        stack.push(child as TSESTree.Node);
      }
    }
  }
}

export function isFunctionNode(node: TSESTree.Node): node is TSESTree.FunctionLike {
  return node.type === T.FunctionDeclaration || node.type === T.FunctionExpression || node.type === T.ArrowFunctionExpression;
}

/** The expression under TypeScript's wrappers and optional chaining: `(x as T)!` → x. */
export function unwrap(node: TSESTree.Node): TSESTree.Node {
  let current = node;
  while (
    current.type === T.TSAsExpression ||
    current.type === T.TSSatisfiesExpression ||
    current.type === T.TSNonNullExpression ||
    current.type === T.TSTypeAssertion ||
    current.type === T.TSInstantiationExpression ||
    current.type === T.ChainExpression
  ) {
    current = current.expression;
  }
  return current;
}

/** The static name of a member access: `a.b` → "b", `a['b']` → "b", `a[0]` → "0"; undefined when computed from a variable. */
export function memberKey(node: TSESTree.MemberExpression): string | undefined {
  if (!node.computed) return node.property.type === T.Identifier || node.property.type === T.PrivateIdentifier ? node.property.name : undefined;
  if (node.property.type === T.Literal && (typeof node.property.value === 'string' || typeof node.property.value === 'number')) return String(node.property.value);
  if (node.property.type === T.TemplateLiteral && node.property.expressions.length === 0) return node.property.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

/** The static name of an object literal key, class member or pattern key: `a: 1`, `'a': 1`, `['a']: 1`. */
export function propertyKeyName(property: { key: TSESTree.Node; computed: boolean }): string | undefined {
  const key = property.key;
  if ((key.type === T.Identifier || key.type === T.PrivateIdentifier) && !property.computed) return key.name;
  if (key.type === T.Literal && (typeof key.value === 'string' || typeof key.value === 'number')) return String(key.value);
  if (key.type === T.TemplateLiteral && key.expressions.length === 0) return key.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

export function isMethodCall(node: TSESTree.CallExpression, name: string): boolean {
  const callee = unwrap(node.callee);
  return callee.type === T.MemberExpression && memberKey(callee) === name;
}

/** `this.api.post` → "this.api.post"; undefined for computed callees. */
export function calleeText(node: TSESTree.Node): string | undefined {
  const target = unwrap(node);
  if (target.type === T.Identifier) return target.name;
  if (target.type === T.ThisExpression) return 'this';
  if (target.type === T.MemberExpression && !target.computed && target.property.type === T.Identifier) {
    const object = calleeText(target.object);
    return object && `${object}.${target.property.name}`;
  }
  return undefined;
}

/** The last name of `a.b.c` (`c`), of `a` (`a`), `this` for `this`; empty for anything else. */
export function lastName(node: TSESTree.Node): string {
  if (node.type === T.Identifier) return node.name;
  if (node.type === T.ThisExpression) return 'this';
  return node.type === T.MemberExpression && !node.computed && node.property.type === T.Identifier ? node.property.name : '';
}

/** The Program a node belongs to. */
export function programOf(node: TSESTree.Node): TSESTree.Program {
  let current = node;
  while (current.parent) current = current.parent;
  return current as TSESTree.Program;
}

/** The function (or the module, as the Program) whose body a node is in. */
export function enclosingFunction(node: TSESTree.Node): TSESTree.FunctionLike | TSESTree.Program {
  for (let current = node.parent; current; current = current.parent) {
    if (isFunctionNode(current)) return current;
    if (current.type === T.Program) return current;
  }
  return programOf(node);
}

/** `res.x = v`, `res.x++`, `delete res.x`, `for (res.x of …)`: writes, not reads. */
export function isWriteTarget(member: TSESTree.Node): boolean {
  let node: TSESTree.Node = member;
  while (node.parent?.type === T.TSNonNullExpression || node.parent?.type === T.TSAsExpression) node = node.parent;
  const parent = node.parent;
  if (!parent) return false;
  switch (parent.type) {
    case T.AssignmentExpression:
    case T.AssignmentPattern:
      return parent.left === node;
    case T.UpdateExpression:
      return true;
    case T.UnaryExpression:
      return parent.operator === 'delete';
    case T.ForOfStatement:
    case T.ForInStatement:
      return parent.left === node;
    case T.ArrayPattern:
      return true;
    case T.Property:
      return parent.value === node && parent.parent.type === T.ObjectPattern;
    default:
      return false;
  }
}

/** The value of a key of an object literal, as written: `{ headers: h }` → h. */
export function propertyValue(object: TSESTree.ObjectExpression, key: string): TSESTree.Node | undefined {
  for (const property of object.properties) {
    if (property.type === T.Property && propertyKeyName(property) === key) return property.value;
  }
  return undefined;
}

/** What a function body returns, not counting nested functions; `undefined` stands for a bare `return`. */
export function returnedExpressions(body: TSESTree.BlockStatement, visitorKeys: VisitorKeys): (TSESTree.Node | undefined)[] {
  const values: (TSESTree.Node | undefined)[] = [];
  walkTree(body, visitorKeys, (node) => {
    if (node.type === T.ReturnStatement) {
      values.push(node.argument ?? undefined);
      return false;
    }
    return node === body || !isFunctionNode(node);
  });
  return values;
}
