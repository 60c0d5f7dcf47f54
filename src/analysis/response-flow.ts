import { ASTUtils, TSESTree } from '../ts-eslint-lite.js';
import { HOLE, type KnownEndpoint } from '../flow/catalog.js';
import type { FieldContext } from './field-context.js';
import { fieldFinding } from './field-migrations.js';
import type { FieldFinding } from './findings.js';
import { enclosingFunction, functionName, sameFileFunction } from './flow.js';
import { arrayOf, elementOf, type SchemaType } from './schemas.js';
import { flatten, memberKey, propertyKeyName } from './strings.js';
import { isWriteTarget } from './tree.js';

const T = TSESTree.AST_NODE_TYPES;

/** How many variables and functions a value is followed through before giving up. */
const MAX_DEPTH = 16;
/** Nested calls into same-file functions whose returns are matched with their call. */
const MAX_FRAMES = 8;
/** Nodes visited per starting point: a bound for pathological files, far above real code. */
const MAX_STEPS = 20_000;

/**
 * What a tracked expression holds. A response is followed from the request call in the state the
 * client returns it, through the steps that lead to its body, and then through the schema.
 */
export type Shape =
  /** The response body or a part of it, at a position in the schema. */
  | { kind: 'body'; type: SchemaType }
  | { kind: 'promise'; of: Shape }
  /** A fetch or ky `Response`: `.json()` gives a promise of the body. */
  | { kind: 'http-response'; type: SchemaType }
  /** got's and ky's request promise: `.json()` gives a promise of the body; awaited, a response. */
  | { kind: 'json-promise'; type: SchemaType }
  /** An axios response: `.data` is the body. */
  | { kind: 'axios-response'; type: SchemaType }
  /** undici's `request()` result: `.body` has `.json()`. */
  | { kind: 'undici-response'; type: SchemaType }
  /** The SDK's standalone functions return `{ ok, value, error }`. */
  | { kind: 'sdk-result'; type: SchemaType }
  /** The body as text (`res.text()`): `JSON.parse` gives the body. */
  | { kind: 'text'; type: SchemaType };

export const body = (type: SchemaType): Shape => ({ kind: 'body', type });
export const promise = (of: Shape): Shape => ({ kind: 'promise', of });

/** `await x`: a promise gives its value; got's and ky's request promise gives a response. */
export function awaited(shape: Shape): Shape {
  if (shape.kind === 'promise') return shape.of;
  if (shape.kind === 'json-promise') return { kind: 'http-response', type: shape.type };
  return shape;
}

function shapeKey(shape: Shape): string {
  return shape.kind === 'promise' ? `p(${shapeKey(shape.of)})` : `${shape.kind}:${shape.type.name}:${shape.type.array}`;
}

/** A call into a same-file function (or callback) whose return goes back to that call. */
interface Frame {
  fn: TSESTree.FunctionLike;
  call: TSESTree.CallExpression;
  /** `direct`: `fn(x)`, the call's value is what fn returns; `callback`: `xs.map(fn)`, `p.then(fn)`. */
  kind: 'direct' | 'callback';
  next: Frame | undefined;
  size: number;
}

/** Array methods whose result holds the receiver's own elements. */
const SAME_ARRAY = new Set(['filter', 'slice', 'concat', 'reverse', 'sort', 'toSorted', 'toReversed', 'toSpliced', 'splice', 'values', 'with']);
/** Array methods whose result is one of the receiver's elements. */
const ONE_ELEMENT = new Set(['at', 'pop', 'shift', 'find', 'findLast']);
/** Array methods whose first callback receives each element. */
const ELEMENT_CALLBACK = new Set(['find', 'findLast', 'filter', 'forEach', 'some', 'every', 'findIndex', 'findLastIndex', 'map', 'flatMap']);

/**
 * Follows one response value forward through the file: awaits, `.then` callbacks, `.json()`,
 * axios `.data`, member chains, element access, array methods and their callbacks, `??`/`||`/`?:`,
 * TS wrappers, variables, destructuring, `for…of`, arguments to same-file functions and their
 * returns. Every read of a deprecated property of the schema position reached is a finding.
 */
export class ResponseTracer {
  readonly findings: FieldFinding[] = [];
  private readonly visited = new Set<string>();
  private steps = 0;

  constructor(
    private readonly context: FieldContext,
    private readonly endpoint: KnownEndpoint | undefined,
  ) {}

  /** The value of `node` has `shape`: follow it to wherever it goes next. */
  from(node: TSESTree.Node, shape: Shape, depth = 0, frame: Frame | undefined = undefined): void {
    if (depth > MAX_DEPTH || ++this.steps > MAX_STEPS) return;
    const key = `${node.range[0]}:${node.range[1]}:${node.type}:${shapeKey(shape)}:${frameKey(frame)}`;
    if (this.visited.has(key)) return;
    this.visited.add(key);
    const parent = node.parent;
    if (!parent) return;
    switch (parent.type) {
      case T.AwaitExpression:
        this.from(parent, awaited(shape), depth, frame);
        return;
      case T.TSAsExpression:
      case T.TSSatisfiesExpression:
      case T.TSNonNullExpression:
      case T.TSTypeAssertion:
      case T.ChainExpression:
        this.from(parent, shape, depth, frame);
        return;
      case T.LogicalExpression:
        // `data.messages ?? []`, `x || fallback`; in `a && b` only b is the result.
        if (parent.operator !== '&&' || parent.right === node) this.from(parent, shape, depth, frame);
        return;
      case T.ConditionalExpression:
        if (parent.test !== node) this.from(parent, shape, depth, frame);
        return;
      case T.SequenceExpression:
        if (parent.expressions.at(-1) === node) this.from(parent, shape, depth, frame);
        return;
      case T.MemberExpression:
        if (parent.object === node) this.member(parent, shape, depth, frame);
        return;
      case T.CallExpression:
        if (parent.callee !== node) this.argument(parent, parent.arguments.indexOf(node as TSESTree.CallExpressionArgument), shape, depth, frame);
        return;
      case T.VariableDeclarator:
        if (parent.init === node) this.pattern(parent.id, shape, depth, frame);
        return;
      case T.AssignmentExpression:
        if (parent.right === node && parent.operator === '=') {
          this.pattern(parent.left, shape, depth, frame);
          this.from(parent, shape, depth, frame);
        }
        return;
      case T.ForOfStatement: {
        const element = parent.right === node ? elementShape(shape) : undefined;
        if (element) this.pattern(forOfTarget(parent.left), element, depth, frame);
        return;
      }
      case T.SpreadElement:
        // `[...messages]` holds the same elements.
        if (parent.parent.type === T.ArrayExpression && shape.kind === 'body' && shape.type.array > 0) this.from(parent.parent, shape, depth, frame);
        return;
      case T.ReturnStatement: {
        const fn = enclosingFunction(parent);
        if (fn) this.returned(fn, shape, depth, frame);
        return;
      }
      case T.ArrowFunctionExpression:
        if (parent.body === node) this.returned(parent, shape, depth, frame);
        return;
      default:
        return;
    }
  }

  /** A binding (identifier or pattern) receives a value: follow every read of what it declares. */
  pattern(target: TSESTree.Node, shape: Shape, depth: number, frame: Frame | undefined): void {
    switch (target.type) {
      case T.Identifier:
        for (const read of this.readsOf(target)) this.from(read, shape, depth + 1, frame);
        return;
      case T.AssignmentPattern:
        this.pattern(target.left, shape, depth, frame);
        return;
      case T.TSParameterProperty:
        this.pattern(target.parameter, shape, depth, frame);
        return;
      case T.ObjectPattern:
        for (const property of target.properties) {
          if (property.type === T.RestElement) {
            // `const { citations, ...rest } = message`: rest is the same object without the named keys.
            if (shape.kind === 'body') this.pattern(property.argument, shape, depth, frame);
            continue;
          }
          const key = propertyKeyName(property);
          const next = key === undefined ? undefined : this.destructured(property, key, shape);
          if (next) this.pattern(property.value, next, depth, frame);
        }
        return;
      case T.ArrayPattern: {
        const element = elementShape(shape);
        if (!element) return;
        for (const item of target.elements) {
          if (!item) continue;
          if (item.type === T.RestElement) this.pattern(item.argument, shape, depth, frame);
          else this.pattern(item, element, depth, frame);
        }
        return;
      }
      default:
        return;
    }
  }

  /**
   * A function returns a value: it goes back to the call that entered the function, or, when the
   * value started inside the function, to every call of it (and to the method it is a callback of).
   */
  returned(fn: TSESTree.FunctionLike, shape: Shape, depth: number, frame: Frame | undefined): void {
    if (fn.generator) return;
    const result = fn.async ? promise(awaited(shape)) : shape;
    if (frame && frame.fn === fn) {
      if (frame.kind === 'direct') this.from(frame.call, result, depth, frame.next);
      else this.callbackResult(frame.call, result, depth, frame.next);
      return;
    }
    const parent = fn.parent;
    if (parent?.type === T.CallExpression) {
      if (parent.callee === fn) this.from(parent, result, depth, frame);
      else if (parent.arguments.includes(fn as TSESTree.CallExpressionArgument)) this.callbackResult(parent, result, depth, frame);
      return;
    }
    const name = functionName(fn);
    if (!name) return;
    for (const use of this.readsOf(name)) {
      const call = use.parent;
      if (call?.type !== T.CallExpression) continue;
      if (call.callee === use) this.from(call, result, depth + 1, frame);
      else if (call.arguments.includes(use)) this.callbackResult(call, result, depth + 1, frame);
    }
  }

  /** What `p.then(cb)`, `xs.map(cb)` or `xs.flatMap(cb)` gives when cb returns `result`. */
  private callbackResult(call: TSESTree.CallExpression, result: Shape, depth: number, frame: Frame | undefined): void {
    if (call.callee.type !== T.MemberExpression) return;
    switch (memberKey(call.callee)) {
      case 'then':
      case 'catch':
        this.from(call, promise(awaited(result)), depth, frame);
        return;
      case 'map':
        if (result.kind === 'body') this.from(call, body(arrayOf(result.type)), depth, frame);
        return;
      case 'flatMap':
        if (result.kind === 'body') this.from(call, result.type.array > 0 ? result : body(arrayOf(result.type)), depth, frame);
        return;
      default:
        return;
    }
  }

  /** `value.key`, `value[i]`, or a method called on the value. */
  private member(member: TSESTree.MemberExpression, shape: Shape, depth: number, frame: Frame | undefined): void {
    const key = this.keyOf(member);
    const parent = member.parent;
    if (parent.type === T.CallExpression && parent.callee === member) {
      if (key !== undefined) this.method(parent, key, shape, depth, frame);
      return;
    }
    if (isWriteTarget(member)) return;
    switch (shape.kind) {
      case 'body':
        this.property(member, shape.type, key, depth, frame);
        return;
      case 'axios-response':
        if (key === 'data') this.from(member, body(shape.type), depth, frame);
        return;
      case 'sdk-result':
        if (key === 'value') this.from(member, body(shape.type), depth, frame);
        return;
      case 'undici-response':
        if (key === 'body') this.from(member, { kind: 'http-response', type: shape.type }, depth, frame);
        return;
      default:
        return;
    }
  }

  /** A property read from a body position: the finding, then the position it leads to. */
  private property(member: TSESTree.MemberExpression, type: SchemaType, key: string | undefined, depth: number, frame: Frame | undefined): void {
    if (type.array > 0) {
      // `messages[0]`, `messages[i]`, `messages[messages.length - 1]` are all `messages[]`.
      if (member.computed && (key === undefined || /^-?\d+$/.test(key))) this.from(member, body(elementOf(type)!), depth, frame);
      return;
    }
    if (key === undefined) return;
    const { schemas } = this.context;
    for (const field of schemas.deprecated(type, key)) this.findings.push(fieldFinding(this.context, field, { kind: 'response-read', member }, this.endpoint));
    const child = schemas.child(type, key);
    if (child) this.from(member, body(child), depth, frame);
  }

  /** A key destructured from a value: the finding on a body position, and what the local binding holds. */
  private destructured(property: TSESTree.Property, key: string, shape: Shape): Shape | undefined {
    switch (shape.kind) {
      case 'body': {
        if (shape.type.array > 0) return undefined;
        const { schemas } = this.context;
        for (const field of schemas.deprecated(shape.type, key)) {
          this.findings.push(fieldFinding(this.context, field, { kind: 'response-destructure', property }, this.endpoint));
        }
        const child = schemas.child(shape.type, key);
        return child && body(child);
      }
      case 'axios-response':
        return key === 'data' ? body(shape.type) : undefined;
      case 'sdk-result':
        return key === 'value' ? body(shape.type) : undefined;
      case 'undici-response':
        return key === 'body' ? { kind: 'http-response', type: shape.type } : undefined;
      default:
        return undefined;
    }
  }

  /** `value.name(…)`: promise steps, response parsing, and array methods on a body array. */
  private method(call: TSESTree.CallExpression, name: string, shape: Shape, depth: number, frame: Frame | undefined): void {
    switch (shape.kind) {
      case 'promise':
      case 'json-promise': {
        if (shape.kind === 'json-promise' && (name === 'json' || name === 'text')) {
          this.from(call, promise(name === 'json' ? body(shape.type) : { kind: 'text', type: shape.type }), depth, frame);
          return;
        }
        // `.subscribe(cb)` is the same step for the Observables of Angular-style HTTP clients.
        if (name === 'then' || name === 'subscribe') {
          if (call.arguments.length === 0) this.from(call, shape, depth, frame);
          else this.callback(call, 0, [awaited(shape)], depth, frame);
        } else if (name === 'catch' || name === 'finally') {
          this.from(call, shape, depth, frame);
        }
        return;
      }
      case 'http-response':
        if (name === 'json') this.from(call, promise(body(shape.type)), depth, frame);
        else if (name === 'text') this.from(call, promise({ kind: 'text', type: shape.type }), depth, frame);
        else if (name === 'clone') this.from(call, shape, depth, frame);
        return;
      case 'body': {
        const element = elementOf(shape.type);
        if (!element) return;
        if (ELEMENT_CALLBACK.has(name)) this.callback(call, 0, [body(element)], depth, frame);
        if (name === 'reduce' || name === 'reduceRight') this.callback(call, 0, [undefined, body(element)], depth, frame);
        if (ONE_ELEMENT.has(name)) this.from(call, body(element), depth, frame);
        else if (SAME_ARRAY.has(name)) this.from(call, shape, depth, frame);
        else if (name === 'flat' && shape.type.array > 1) this.from(call, body(element), depth, frame);
        return;
      }
      default:
        return;
    }
  }

  /** A value passed to a call: into a same-file function's parameter, or parsed by `JSON.parse`. */
  private argument(call: TSESTree.CallExpression, index: number, shape: Shape, depth: number, frame: Frame | undefined): void {
    if (index < 0) return;
    const callee = call.callee;
    if (shape.kind === 'text' && index === 0 && callee.type === T.MemberExpression && callee.object.type === T.Identifier && callee.object.name === 'JSON' && memberKey(callee) === 'parse') {
      this.from(call, body(shape.type), depth, frame);
      return;
    }
    // rxjs: `await firstValueFrom(http.post(…))`.
    if (callee.type === T.Identifier && (callee.name === 'firstValueFrom' || callee.name === 'lastValueFrom') && index === 0 && shape.kind === 'promise') {
      this.from(call, shape, depth, frame);
      return;
    }
    const fn = sameFileFunction(this.context.sourceCode, callee);
    if (!fn) return;
    this.enter(fn, call, 'direct', [...Array<undefined>(index), shape], depth, frame);
  }

  /** The callback at `index` of a method call receives `shapes` as its parameters. */
  private callback(call: TSESTree.CallExpression, index: number, shapes: (Shape | undefined)[], depth: number, frame: Frame | undefined): void {
    const arg = call.arguments[index];
    const fn = arg && sameFileFunction(this.context.sourceCode, arg);
    if (fn) this.enter(fn, call, 'callback', shapes, depth, frame);
  }

  private enter(fn: TSESTree.FunctionLike, call: TSESTree.CallExpression, kind: Frame['kind'], shapes: (Shape | undefined)[], depth: number, frame: Frame | undefined): void {
    const size = (frame?.size ?? 0) + 1;
    if (size > MAX_FRAMES) return;
    const inner: Frame = { fn, call, kind, next: frame, size };
    shapes.forEach((shape, i) => {
      const param = fn.params[i];
      if (!shape || !param || fn.params.slice(0, i).some((p) => p.type === T.RestElement)) return;
      if (param.type === T.RestElement) return;
      this.pattern(param, shape, depth + 1, inner);
    });
  }

  /** The reads of the variable that `id` declares (nothing when `id` declares none, as in a type's parameter). */
  readsOf(id: TSESTree.Identifier): TSESTree.Identifier[] {
    const variable = ASTUtils.findVariable(this.context.sourceCode.getScope(id), id);
    if (!variable || !variable.identifiers.includes(id)) return [];
    return variable.references.filter((reference) => reference.isRead() && reference.identifier !== id).map((reference) => reference.identifier as TSESTree.Identifier);
  }

  /** The property a member access names, also through a `const` holding the key. */
  private keyOf(member: TSESTree.MemberExpression): string | undefined {
    const key = memberKey(member);
    if (key !== undefined || !member.computed) return key;
    const pattern = this.context.strings.evaluate(member.property);
    const text = pattern && flatten(pattern).text;
    return text && !text.includes(HOLE) ? text : undefined;
  }
}

function frameKey(frame: Frame | undefined): string {
  let key = '';
  for (let current = frame; current; current = current.next) key += `${current.call.range[0]},`;
  return key;
}

function elementShape(shape: Shape): Shape | undefined {
  if (shape.kind !== 'body') return undefined;
  const element = elementOf(shape.type);
  return element && body(element);
}

function forOfTarget(left: TSESTree.ForOfStatement['left']): TSESTree.Node {
  return left.type === T.VariableDeclaration ? left.declarations[0]!.id : left;
}
