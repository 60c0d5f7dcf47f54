import { ASTUtils, TSESTree, type TSESLint } from '../ts-eslint-lite.js';
import { memberKey, propertyKeyName, unwrap } from './strings.js';

const MAX_DEPTH = 6;

/** A call reached from a tracked value: `glean.indexing.documents.count(req)` has path ["indexing", "documents", "count"]. */
export interface ChainCall {
  call: TSESTree.CallExpression;
  path: string[];
  /** The node naming the last step (the property `count`, or the callee itself for a direct call). */
  callee: TSESTree.Node;
}

/**
 * Follows a value (an SDK client, an axios instance) the ways code passes it around inside one
 * file: member chains, const aliases, destructuring, `this.x` fields and functions that return it,
 * and reports every call made through it.
 */
export class ValueFlow {
  private thisMembers: Map<string, TSESTree.MemberExpression[]> | undefined;

  constructor(
    private readonly sourceCode: Readonly<TSESLint.SourceCode>,
    private readonly collectThisMembers: () => Map<string, TSESTree.MemberExpression[]>,
  ) {}

  callsThrough(root: TSESTree.Node): ChainCall[] {
    const calls: ChainCall[] = [];
    this.follow(root, [], calls, 0, new Set());
    return calls;
  }

  private follow(node: TSESTree.Node, path: string[], calls: ChainCall[], depth: number, seen: Set<TSESTree.Node>): void {
    if (depth > MAX_DEPTH || seen.has(node)) return;
    seen.add(node);
    const parent = node.parent;
    if (!parent) return;
    switch (parent.type) {
      case TSESTree.AST_NODE_TYPES.TSAsExpression:
      case TSESTree.AST_NODE_TYPES.TSNonNullExpression:
      case TSESTree.AST_NODE_TYPES.TSSatisfiesExpression:
      case TSESTree.AST_NODE_TYPES.ChainExpression:
      case TSESTree.AST_NODE_TYPES.AwaitExpression:
        this.follow(parent, path, calls, depth, seen);
        return;
      case TSESTree.AST_NODE_TYPES.MemberExpression: {
        const key = parent.object === node ? memberKey(parent) : undefined;
        if (key !== undefined) this.follow(parent, [...path, key], calls, depth, seen);
        return;
      }
      case TSESTree.AST_NODE_TYPES.CallExpression:
        if (parent.callee === node) {
          const callee = node.type === TSESTree.AST_NODE_TYPES.MemberExpression ? node.property : node;
          calls.push({ call: parent, path, callee });
        }
        return;
      case TSESTree.AST_NODE_TYPES.VariableDeclarator:
        if (parent.init === node) this.followPattern(parent.id, path, calls, depth, seen);
        return;
      case TSESTree.AST_NODE_TYPES.AssignmentExpression:
        if (parent.right === node) this.followAssignmentTarget(parent.left, path, calls, depth, seen);
        return;
      case TSESTree.AST_NODE_TYPES.PropertyDefinition:
        if (parent.value === node && !parent.static) {
          const name = propertyKeyName(parent);
          if (name !== undefined) this.followThisMember(name, path, calls, depth, seen);
        }
        return;
      case TSESTree.AST_NODE_TYPES.ReturnStatement:
      case TSESTree.AST_NODE_TYPES.ArrowFunctionExpression:
        this.followReturn(parent, path, calls, depth, seen);
        return;
      default:
        return;
    }
  }

  private followPattern(pattern: TSESTree.Node, path: string[], calls: ChainCall[], depth: number, seen: Set<TSESTree.Node>): void {
    if (pattern.type === TSESTree.AST_NODE_TYPES.Identifier) {
      for (const use of this.readsOf(pattern)) this.follow(use, path, calls, depth + 1, seen);
    } else if (pattern.type === TSESTree.AST_NODE_TYPES.ObjectPattern) {
      for (const property of pattern.properties) {
        if (property.type !== TSESTree.AST_NODE_TYPES.Property) continue;
        const key = propertyKeyName(property);
        const target = property.value.type === TSESTree.AST_NODE_TYPES.AssignmentPattern ? property.value.left : property.value;
        if (key !== undefined) this.followPattern(target, [...path, key], calls, depth, seen);
      }
    }
  }

  private followAssignmentTarget(target: TSESTree.Node, path: string[], calls: ChainCall[], depth: number, seen: Set<TSESTree.Node>): void {
    if (target.type === TSESTree.AST_NODE_TYPES.MemberExpression && target.object.type === TSESTree.AST_NODE_TYPES.ThisExpression) {
      const name = memberKey(target);
      if (name !== undefined) this.followThisMember(name, path, calls, depth, seen);
    } else {
      this.followPattern(target, path, calls, depth, seen);
    }
  }

  private followThisMember(name: string, path: string[], calls: ChainCall[], depth: number, seen: Set<TSESTree.Node>): void {
    this.thisMembers ??= this.collectThisMembers();
    for (const member of this.thisMembers.get(name) ?? []) {
      const isWrite = member.parent.type === TSESTree.AST_NODE_TYPES.AssignmentExpression && member.parent.left === member;
      if (!isWrite) this.follow(member, path, calls, depth + 1, seen);
    }
  }

  /** `function client() { return new Glean() }` or `const client = () => new Glean()`: follow the calls of that function. */
  private followReturn(parent: TSESTree.Node, path: string[], calls: ChainCall[], depth: number, seen: Set<TSESTree.Node>): void {
    const fn = parent.type === TSESTree.AST_NODE_TYPES.ArrowFunctionExpression ? parent : enclosingFunction(parent);
    if (!fn) return;
    const name = functionName(fn);
    if (!name) return;
    for (const use of this.readsOf(name)) {
      if (use.parent?.type === TSESTree.AST_NODE_TYPES.CallExpression && use.parent.callee === use) this.follow(use.parent, path, calls, depth + 1, seen);
    }
  }

  /** Every place that reads the variable declared by `id`. */
  readsOf(id: TSESTree.Identifier): TSESTree.Identifier[] {
    const variable = ASTUtils.findVariable(this.sourceCode.getScope(id), id);
    if (!variable) return [];
    return variable.references.filter((reference) => reference.isRead() && reference.identifier !== id).map((reference) => reference.identifier as TSESTree.Identifier);
  }
}

export function enclosingFunction(node: TSESTree.Node): TSESTree.FunctionLike | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (
      current.type === TSESTree.AST_NODE_TYPES.FunctionDeclaration ||
      current.type === TSESTree.AST_NODE_TYPES.FunctionExpression ||
      current.type === TSESTree.AST_NODE_TYPES.ArrowFunctionExpression
    ) {
      return current;
    }
  }
  return undefined;
}

/**
 * The function an expression names in this file: an inline function, a function declaration, or
 * a `const` holding a function expression (through `as`/`satisfies`). Anything else (a parameter,
 * an import, a `let`) may be another function at run time.
 */
export function sameFileFunction(sourceCode: Readonly<TSESLint.SourceCode>, node: TSESTree.Node): TSESTree.FunctionLike | undefined {
  const target = unwrap(node);
  if (target.type === TSESTree.AST_NODE_TYPES.FunctionExpression || target.type === TSESTree.AST_NODE_TYPES.ArrowFunctionExpression) return target;
  if (target.type !== TSESTree.AST_NODE_TYPES.Identifier) return undefined;
  const variable = ASTUtils.findVariable(sourceCode.getScope(target), target);
  const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (def?.type === 'FunctionName') return def.node as TSESTree.FunctionLike;
  if (def?.type === 'Variable' && def.parent.kind === 'const' && def.node.id.type === TSESTree.AST_NODE_TYPES.Identifier && def.node.init) {
    const init = unwrap(def.node.init);
    if (init.type === TSESTree.AST_NODE_TYPES.FunctionExpression || init.type === TSESTree.AST_NODE_TYPES.ArrowFunctionExpression) return init;
  }
  return undefined;
}

/** The identifier a function can be called by in this file: its own name or the const it is assigned to. */
export function functionName(fn: TSESTree.FunctionLike): TSESTree.Identifier | undefined {
  if (fn.type === TSESTree.AST_NODE_TYPES.FunctionDeclaration && fn.id) return fn.id;
  const parent = fn.parent;
  if (parent?.type === TSESTree.AST_NODE_TYPES.VariableDeclarator && parent.id.type === TSESTree.AST_NODE_TYPES.Identifier) return parent.id;
  return undefined;
}
