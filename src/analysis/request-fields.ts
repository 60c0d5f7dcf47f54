import { ASTUtils, TSESTree } from '../ts-eslint-lite.js';
import type { KnownEndpoint } from '../flow/catalog.js';
import type { FieldContext } from './field-context.js';
import { fieldFinding, type FieldUse } from './field-migrations.js';
import type { FieldFinding } from './findings.js';
import { sameFileFunction } from './flow.js';
import { elementOf, type SchemaType } from './schemas.js';
import { isObjectAssign, memberKey, propertyKeyName } from './strings.js';
import { returnedExpressions } from './tree.js';

/** How far a body is followed through variables, helpers and callbacks before giving up. */
const MAX_DEPTH = 12;

/** Array methods whose result holds the receiver's own elements. */
const SAME_ARRAY_METHODS = new Set(['filter', 'slice', 'concat', 'reverse', 'sort', 'toSorted', 'toReversed', 'toSpliced', 'flat']);

/**
 * Deprecated fields written into request bodies: the keys of object literals that reach a request
 * to a known endpoint (inline, through variables, spreads, later assignments, `push`, same-file
 * helpers and array callbacks), and of literals typed with the SDK's request types.
 */
export function findRequestFields(context: FieldContext): FieldFinding[] {
  const walker = new BodyWalker(context);
  for (const site of context.sites) {
    if (!site.endpoint || !site.body) continue;
    const root = context.schemas.root(site.endpoint, 'request');
    if (root) walker.visit(site.body, root, site.endpoint, 0);
  }
  if (context.sdkTypes.any) {
    for (const node of context.annotated) walker.visitTyped(node);
  }
  return walker.findings;
}

class BodyWalker {
  readonly findings: FieldFinding[] = [];
  private readonly visited = new Set<string>();

  constructor(private readonly context: FieldContext) {}

  /** A value that code declares to be of an SDK request type: `const r: ChatRequest = …`, `… satisfies T`, `(): T => …`. */
  visitTyped(node: TSESTree.Node): void {
    const { sdkTypes } = this.context;
    switch (node.type) {
      case TSESTree.AST_NODE_TYPES.Identifier: {
        const declarator = node.parent;
        if (declarator?.type !== TSESTree.AST_NODE_TYPES.VariableDeclarator || declarator.id !== node) return;
        const type = this.requestSide(sdkTypes.ofBinding(node));
        if (type) this.visitVariable(node, type, undefined, 0);
        return;
      }
      case TSESTree.AST_NODE_TYPES.TSAsExpression:
      case TSESTree.AST_NODE_TYPES.TSSatisfiesExpression: {
        const type = this.requestSide(sdkTypes.ofAnnotation(node.typeAnnotation));
        if (type) this.visit(node.expression, type, undefined, 0);
        return;
      }
      case TSESTree.AST_NODE_TYPES.FunctionDeclaration:
      case TSESTree.AST_NODE_TYPES.FunctionExpression:
      case TSESTree.AST_NODE_TYPES.ArrowFunctionExpression: {
        const type = this.requestSide(sdkTypes.ofAnnotation(node.returnType?.typeAnnotation));
        if (type) for (const value of this.returnedValues(node)) this.visit(value, type, undefined, 0);
        return;
      }
      default:
        return;
    }
  }

  /** A literal of a type that only responses carry is a mock of what the service sends, not a request. */
  private requestSide(type: SchemaType | undefined): SchemaType | undefined {
    return type && this.context.schemas.inRequests(type.name) ? type : undefined;
  }

  visit(node: TSESTree.Node, type: SchemaType, endpoint: KnownEndpoint | undefined, depth: number): void {
    if (depth > MAX_DEPTH) return;
    const key = `${node.range[0]}:${node.range[1]}:${type.name}:${type.array}:${endpoint?.key ?? ''}`;
    if (this.visited.has(key)) return;
    this.visited.add(key);
    const next = depth + 1;
    switch (node.type) {
      case TSESTree.AST_NODE_TYPES.ObjectExpression:
        this.visitObject(node, type, endpoint, next);
        return;
      case TSESTree.AST_NODE_TYPES.ArrayExpression: {
        const element = elementOf(type);
        if (!element) return;
        for (const item of node.elements) {
          if (!item) continue;
          if (item.type === TSESTree.AST_NODE_TYPES.SpreadElement) this.visit(item.argument, type, endpoint, next);
          else this.visit(item, element, endpoint, next);
        }
        return;
      }
      case TSESTree.AST_NODE_TYPES.Identifier:
        this.visitVariable(node, type, endpoint, next);
        return;
      case TSESTree.AST_NODE_TYPES.CallExpression:
        this.visitCall(node, type, endpoint, next);
        return;
      case TSESTree.AST_NODE_TYPES.MemberExpression: {
        const value = this.context.strings.propertyValue(node);
        if (value) this.visit(value, type, endpoint, next);
        return;
      }
      case TSESTree.AST_NODE_TYPES.ConditionalExpression:
        this.visit(node.consequent, type, endpoint, next);
        this.visit(node.alternate, type, endpoint, next);
        return;
      case TSESTree.AST_NODE_TYPES.LogicalExpression:
        if (node.operator !== '&&') this.visit(node.left, type, endpoint, next);
        this.visit(node.right, type, endpoint, next);
        return;
      case TSESTree.AST_NODE_TYPES.SequenceExpression:
        this.visit(node.expressions.at(-1)!, type, endpoint, next);
        return;
      case TSESTree.AST_NODE_TYPES.AwaitExpression:
        this.visit(node.argument, type, endpoint, next);
        return;
      case TSESTree.AST_NODE_TYPES.TSAsExpression:
      case TSESTree.AST_NODE_TYPES.TSSatisfiesExpression:
      case TSESTree.AST_NODE_TYPES.TSNonNullExpression:
      case TSESTree.AST_NODE_TYPES.TSTypeAssertion:
      case TSESTree.AST_NODE_TYPES.ChainExpression:
        this.visit(node.expression, type, endpoint, next);
        return;
      default:
        return;
    }
  }

  private visitObject(object: TSESTree.ObjectExpression, type: SchemaType, endpoint: KnownEndpoint | undefined, depth: number): void {
    if (type.array > 0) return;
    const { schemas } = this.context;
    for (const property of object.properties) {
      if (property.type === TSESTree.AST_NODE_TYPES.SpreadElement) {
        this.visit(property.argument, type, endpoint, depth);
        continue;
      }
      const name = propertyKeyName(property);
      if (name === undefined) continue;
      this.report(type, name, { kind: 'request-key', property }, endpoint);
      const child = schemas.child(type, name);
      if (child) this.visit(property.value, child, endpoint, depth);
    }
  }

  /**
   * A variable: its initializer and every later write through it in this file (`v = …`,
   * `v.a.b = …`, `v.list.push(…)`, `Object.assign(v, …)`). Parameters are the caller's values
   * and stay unknown.
   */
  private visitVariable(id: TSESTree.Identifier, type: SchemaType, endpoint: KnownEndpoint | undefined, depth: number): void {
    const variable = ASTUtils.findVariable(this.context.sourceCode.getScope(id), id);
    if (!variable || variable.defs.length !== 1) return;
    const def = variable.defs[0]!;
    if (def.type === 'FunctionName' || def.type === 'Parameter' || def.type === 'ImportBinding') return;
    if (def.type === 'Variable' && def.node.id.type === TSESTree.AST_NODE_TYPES.Identifier && def.node.init) this.visit(def.node.init, type, endpoint, depth);
    for (const reference of variable.references) {
      const identifier = reference.identifier as TSESTree.Identifier;
      if (reference.writeExpr && reference.writeExpr !== (def.type === 'Variable' ? def.node.init : undefined)) {
        this.visit(reference.writeExpr, type, endpoint, depth);
      }
      if (reference.isRead()) this.visitWritesThrough(identifier, type, endpoint, depth);
    }
  }

  /** `v.a.b = x`, `v.a[0] = x`, `v.list.push(x)`, `Object.assign(v.a, x)`: writes into the object a variable holds. */
  private visitWritesThrough(identifier: TSESTree.Identifier, type: SchemaType, endpoint: KnownEndpoint | undefined, depth: number): void {
    const { schemas } = this.context;
    let node: TSESTree.Node = identifier;
    let current: SchemaType | undefined = type;
    while (current) {
      const parent: TSESTree.Node | undefined = node.parent;
      if (!parent) return;
      if (parent.type === TSESTree.AST_NODE_TYPES.TSNonNullExpression || parent.type === TSESTree.AST_NODE_TYPES.TSAsExpression) {
        node = parent;
        continue;
      }
      if (parent.type === TSESTree.AST_NODE_TYPES.CallExpression && parent.arguments[0] === node && isObjectAssign(parent)) {
        for (const source of parent.arguments.slice(1)) this.visit(source, current, endpoint, depth);
        return;
      }
      if (parent.type !== TSESTree.AST_NODE_TYPES.MemberExpression || parent.object !== node) return;
      const key = memberKey(parent);
      const grand: TSESTree.Node | undefined = parent.parent;
      if (current.array > 0) {
        if (grand?.type === TSESTree.AST_NODE_TYPES.CallExpression && grand.callee === parent && (key === 'push' || key === 'unshift')) {
          for (const argument of grand.arguments) {
            if (argument.type === TSESTree.AST_NODE_TYPES.SpreadElement) this.visit(argument.argument, current, endpoint, depth);
            else this.visit(argument, elementOf(current)!, endpoint, depth);
          }
          return;
        }
        if (!parent.computed && key !== undefined) return;
        current = elementOf(current);
      } else {
        if (key === undefined) return;
        if (grand?.type === TSESTree.AST_NODE_TYPES.AssignmentExpression && grand.left === parent && grand.operator === '=') {
          this.report(current, key, { kind: 'request-assign', member: parent, value: grand.right }, endpoint);
          const child = schemas.child(current, key);
          if (child) this.visit(grand.right, child, endpoint, depth);
          return;
        }
        current = schemas.child(current, key);
      }
      node = parent;
    }
  }

  private visitCall(call: TSESTree.CallExpression, type: SchemaType, endpoint: KnownEndpoint | undefined, depth: number): void {
    const callee = call.callee;
    if (callee.type === TSESTree.AST_NODE_TYPES.Identifier) {
      for (const value of this.resultsOf(callee)) this.visit(value, type, endpoint, depth);
      if (callee.name === 'structuredClone' && call.arguments[0]) this.visit(call.arguments[0], type, endpoint, depth);
      return;
    }
    if (callee.type !== TSESTree.AST_NODE_TYPES.MemberExpression) return;
    if (isObjectAssign(call)) {
      for (const argument of call.arguments) this.visit(argument, type, endpoint, depth);
      return;
    }
    const method = memberKey(callee);
    const element = elementOf(type);
    if (!element || method === undefined) return;
    if (method === 'map' || method === 'flatMap') {
      const callback = call.arguments[0];
      if (!callback) return;
      for (const value of this.resultsOf(callback)) {
        // flatMap's callback returns an array of elements or one element.
        const returned = method === 'flatMap' && value.type === TSESTree.AST_NODE_TYPES.ArrayExpression ? type : element;
        this.visit(value, returned, endpoint, depth);
      }
    } else if (SAME_ARRAY_METHODS.has(method)) {
      this.visit(callee.object, type, endpoint, depth);
      if (method === 'concat') for (const argument of call.arguments) this.visit(argument, argument.type === TSESTree.AST_NODE_TYPES.ArrayExpression ? type : element, endpoint, depth);
    }
  }

  /** What the same-file function an expression names returns (an inline callback, or a function by name). */
  private resultsOf(node: TSESTree.Node): TSESTree.Node[] {
    const fn = sameFileFunction(this.context.sourceCode, node);
    return fn ? this.returnedValues(fn) : [];
  }

  /** The expressions a function returns, not counting those of functions nested in it. */
  returnedValues(fn: TSESTree.FunctionLike): TSESTree.Node[] {
    if (!fn.body) return [];
    if (fn.body.type !== TSESTree.AST_NODE_TYPES.BlockStatement) return [fn.body];
    return returnedExpressions(fn.body, this.context.sourceCode.visitorKeys).filter((value) => value !== undefined);
  }

  private report(type: SchemaType, name: string, use: FieldUse, endpoint: KnownEndpoint | undefined): void {
    for (const field of this.context.schemas.deprecated(type, name)) this.findings.push(fieldFinding(this.context, field, use, endpoint));
  }
}
