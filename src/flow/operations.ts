import type { TSESTree } from '../ts-eslint-lite.js';
import { programOf, propertyKeyName, T } from '../project/ast.js';
import { builtinMember, callBuiltin, constructBuiltin, stringMember } from './builtins.js';
import type { Engine } from './engine.js';
import { idOf } from './ids.js';
import { callLibrary, constructLibrary, libraryMember, storeOnLibrary } from './library.js';
import { exportValue, seenAt } from './modules.js';
import { responseAwaited, responseElements, responseMember, storeOnResponse } from './responses.js';
import { callSdk, constructSdk, sdkMember } from './sdk.js';
import { GLOBAL_CELLS, messageHandlerStored } from './messaging.js';
import { makesStream } from './node-streams.js';
import { constantText, isTextPiece, reorigin, text } from './strings.js';
import {
  abstractInstanceId,
  arrayValue,
  builtinValue,
  classIdentity,
  distinct,
  EMPTY,
  functionValue,
  instanceValue,
  objectValue,
  promiseValue,
  stringValue,
  union,
  viewed,
  type Allocation,
  type ClassValue,
  type FunctionValue,
  type ArrayValue,
  type InstanceValue,
  type Value,
  type ValueSet,
} from './values.js';

/**
 * How a property is met: read (`a.b`, judged when `a` is the service's data), as the callee of a
 * method call, destructured (`const { b } = a`, judged too), or read by position (`const [x] = a`).
 */
export type Use =
  | { kind: 'read'; node: TSESTree.MemberExpression }
  | { kind: 'callee'; node: TSESTree.MemberExpression }
  | { kind: 'destructure'; node: TSESTree.Property }
  | { kind: 'index'; node: TSESTree.Node }
  /** Named in a string path (`_.get(res, 'a.b')`): judged, reported at the string. */
  | { kind: 'path'; node: TSESTree.Literal }
  /** A key of a pattern matched against the value (ts-pattern): judged, reported at the key. */
  | { kind: 'pattern'; node: TSESTree.Property };

const FUNCTION_METHODS = new Set(['call', 'apply', 'bind']);
const PROMISE_METHODS = new Set(['then', 'catch', 'finally', 'subscribe', 'pipe', 'done', 'fail', 'always']);

/** `values.key`: what reading a property (or, with an unknown key, any property) of each value gives. */
export function load(engine: Engine, values: ValueSet, key: string | undefined, use: Use | undefined): ValueSet {
  let result = EMPTY;
  for (const value of values) result = union(result, loadOne(engine, value, key, use));
  return result;
}

function loadOne(engine: Engine, value: Value, key: string | undefined, use: Use | undefined): ValueSet {
  switch (value.kind) {
    case 'string':
      return stringMember(value, key);
    case 'object':
      if (value.allocation.origin === 'map' && key !== undefined && MAP_METHODS.has(key)) return [builtinValue(`map.${key}`, [value])];
      return seenThrough(value.via, use, objectMember(engine, value.allocation.id, key, use));
    case 'array':
      return seenThrough(value.via, use, arrayMember(engine, value, key));
    case 'function':
      if (key !== undefined && FUNCTION_METHODS.has(key)) return [builtinValue(`function.${key}`, [value])];
      if (key === 'prototype') return prototypeOf(engine, value);
      return seenThrough(value.via, use, key === undefined ? EMPTY : engine.read(engine.cell(`fn:${idOf(value.fn)}@${value.env.id}`, key)));
    case 'class':
      return seenThrough(value.via, use, classMember(engine, value, key, true, [value]));
    case 'instance':
      return seenThrough(value.via, use, union(key === undefined ? EMPTY : engine.read(engine.cell(value.allocation, key)), classMember(engine, value.cls, key, false, [value])));
    case 'namespace':
      return key === undefined ? EMPTY : exportValue(engine, value.module, key, use?.node ?? value.via);
    case 'library':
      return libraryMember(engine, value, key);
    case 'sdk':
      return sdkMember(engine, value, key);
    case 'response':
      return responseMember(engine, value, key, use);
    case 'promise':
      return key !== undefined && PROMISE_METHODS.has(key) ? [builtinValue(`promise.${key}`, [value])] : EMPTY;
    case 'builtin':
      return value.name === 'Proxy.instance' ? proxyMember(engine, value, key, use) : builtinMember(engine, value, key);
    case 'request':
      return key === 'url' ? value.url : EMPTY;
    case 'serialized':
      return EMPTY;
  }
}

/**
 * A value read from an object that came through an import is said to be written where it is read:
 * the string `PATHS.USER_COUNT` gives is reported at `PATHS.USER_COUNT` in the importing file.
 */
function seenThrough(via: TSESTree.Node | undefined, use: Use | undefined, values: ValueSet): ValueSet {
  if (!via) return values;
  const at = use?.kind === 'read' || use?.kind === 'callee' ? use.node : via;
  return distinct(values.map((value) => (value.kind === 'string' ? stringValue(reorigin(value.pattern, at)) : viewed(value, at))));
}

function objectMember(engine: Engine, allocation: string, key: string | undefined, use: Use | undefined): ValueSet {
  const cells = engine.cells(allocation);
  let result = EMPTY;
  if (key === undefined) {
    for (const [name, cell] of cells) if (name !== '...' && name !== PROTOTYPE) result = union(result, engine.read(cell));
  } else {
    result = union(engine.read(engine.cell(allocation, key)), cells.has('*') ? engine.read(cells.get('*')!) : EMPTY);
  }
  // `{ ...base, x }` has base's properties too (and, for a response spread into a literal, its schema).
  // `state = { ...state, x }` in a loop spreads an object into itself: each allocation is read once.
  // An object made by `new F()` has F's prototype's members behind its own: read, never judged as a body's keys.
  for (const behind of [cells.get('...'), key === undefined ? undefined : cells.get(PROTOTYPE)]) {
    if (!behind || spreading.has(allocation)) continue;
    spreading.add(allocation);
    try {
      result = union(result, load(engine, engine.read(behind), key, use));
    } finally {
      spreading.delete(allocation);
    }
  }
  return result;
}

const spreading = new Set<string>();

/** The cell of an object that holds its prototype (a name no property can have in the engine's cells). */
export const PROTOTYPE = '[[Prototype]]';

/**
 * `F.prototype`: the object whose members every `new F()` has (`F.prototype.post = function …`),
 * made on first read, and what code assigned to `F.prototype = { … }`.
 */
export function prototypeOf(engine: Engine, fn: FunctionValue): ValueSet {
  const assigned = engine.read(engine.cell(`fn:${idOf(fn.fn)}@${fn.env.id}`, 'prototype'));
  return union(assigned, [objectValue({ id: `proto:${idOf(fn.fn)}@${fn.env.id}`, node: fn.fn, origin: 'other' })]);
}

/** What `new F()` makes of a constructor function: an object with F's prototype's members behind its own. */
export function constructedObject(engine: Engine, fn: FunctionValue, allocation: Allocation): Value {
  engine.write(engine.cell(allocation, PROTOTYPE), prototypeOf(engine, fn));
  return objectValue(allocation);
}

function arrayMember(engine: Engine, array: Extract<Value, { kind: 'array' }>, key: string | undefined): ValueSet {
  if (key === undefined || /^\d+$/.test(key)) {
    const all = engine.read(engine.cell(array.allocation, '[]'));
    return key === undefined ? all : union(engine.read(engine.cell(array.allocation, key)), all);
  }
  if (key === 'length') return EMPTY;
  return [builtinValue(`array.${key}`, [array])];
}

/**
 * A member of a class: an instance's methods (bound to the instance), getters (run), or the class's
 * statics; then the superclass's. Field values live in the instance's cells, written by constructors.
 */
function classMember(engine: Engine, cls: ClassValue, key: string | undefined, isStatic: boolean, self: ValueSet): ValueSet {
  if (key === undefined) return EMPTY;
  return distinct(
    nearestInChain(engine, cls, (owner) => {
      let result = isStatic ? engine.read(engine.cell(`static:${classIdentity(owner)}`, key)) : EMPTY;
      for (const member of owner.node.body.body) {
        if (member.type !== T.MethodDefinition || member.static !== isStatic || member.kind === 'constructor') continue;
        if (propertyKeyName(member) !== key) continue;
        if (member.kind === 'get') result = union(result, engine.invoke(functionValue(member.value, owner.env), [], self));
        else if (member.kind === 'method') result = union(result, [functionValue(member.value, owner.env, { self, args: [] })]);
      }
      return result;
    }),
  );
}

/** What `own` finds on a class or, when it finds nothing there, on the class it extends, and so on up the chain. */
function nearestInChain<T>(engine: Engine, cls: ClassValue, own: (owner: ClassValue) => readonly T[], depth = 0): readonly T[] {
  if (depth > 8) return [];
  const found = own(cls);
  if (found.length > 0 || !cls.node.superClass) return found;
  const parents = engine.evaluateIn(cls.env, cls.node.superClass).filter((value): value is ClassValue => value.kind === 'class');
  return parents.flatMap((parent) => nearestInChain(engine, parent, own, depth + 1));
}

/**
 * The arguments of a call, with one more past the parameters that names the call's site: a
 * factory of streams (`ndjson()`) runs once per place that calls it, so that each pipeline gets a
 * stream, and a closure's state (`let tail = ''`), of its own.
 */
function atCallSite(fn: TSESTree.FunctionLike, args: readonly ValueSet[], node: TSESTree.Node): ValueSet[] {
  const padded = Array.from({ length: Math.max(args.length, fn.params.length) }, (_, i) => args[i] ?? EMPTY);
  return [...padded, [builtinValue(`call-site:${idOf(node)}`)]];
}

/** The setters a class (or a class it extends) declares for a property, as functions of their class. */
function settersOf(engine: Engine, cls: ClassValue, key: string): readonly FunctionValue[] {
  return nearestInChain(engine, cls, (owner) =>
    owner.node.body.body.flatMap((member) => (member.type === T.MethodDefinition && member.kind === 'set' && !member.static && member.value.type === T.FunctionExpression && propertyKeyName(member) === key ? [functionValue(member.value, owner.env)] : [])),
  );
}

/** `targets.key = values`: into the cells of the objects, the instance's configuration of a client, or judged on the service's data. */
export function store(engine: Engine, targets: ValueSet, key: string | undefined, values: ValueSet, site: TSESTree.Node | undefined): void {
  for (const target of targets) {
    switch (target.kind) {
      case 'object':
      case 'array':
      case 'instance': {
        const cell = engine.cell(target.allocation, key ?? (target.kind === 'array' ? '[]' : '*'));
        if (site) cell.addSite(site);
        engine.write(cell, values);
        if (target.kind === 'array') engine.write(engine.cell(target.allocation, '[]'), values);
        // `store.reply = res` with `set reply(r) { this._reply = r }`: the setter runs on the instance.
        if (target.kind === 'instance' && key !== undefined) for (const setter of settersOf(engine, target.cls, key)) engine.invoke(setter, [values], [target]);
        break;
      }
      case 'function':
        if (key !== undefined) engine.write(engine.cell(`fn:${idOf(target.fn)}@${target.env.id}`, key), values);
        break;
      case 'class':
        if (key !== undefined) engine.write(engine.cell(`static:${classIdentity(target)}`, key), values);
        break;
      case 'library':
        storeOnLibrary(engine, target, key, values);
        break;
      case 'response':
        if (site?.type === T.MemberExpression) storeOnResponse(engine, target, key, site);
        break;
      case 'builtin':
        // `window.Intranet = Intranet`: a global every script of the app sees.
        if (target.name === 'global' && key !== undefined) engine.write(engine.cell(GLOBAL_CELLS, key), values);
        break;
      default:
        break;
    }
    if (key !== undefined && site) messageHandlerStored(engine, target, key, values, site);
  }
}

/** `callee(…args)` with `this` as `self`. */
export function call(engine: Engine, callee: ValueSet, args: readonly ValueSet[], self: ValueSet, node: TSESTree.Node): ValueSet {
  let result = EMPTY;
  for (const fn of callee) {
    switch (fn.kind) {
      case 'function': {
        // What a function of another module gives (a path builder's URL) is said to be written at the call.
        const returned = engine.invoke(fn, makesStream(fn.fn, fn.env.module.visitorKeys) ? atCallSite(fn.fn, args, node) : args, self);
        result = union(result, fn.env.module !== engine.reader?.module ? seenAt(returned, node) : returned);
        break;
      }
      case 'builtin':
        result = union(result, callBuiltin(engine, fn, args, self, node));
        break;
      case 'library':
        result = union(result, callLibrary(engine, fn, args, node));
        break;
      case 'sdk':
        result = union(result, callSdk(engine, fn, args, node));
        break;
      default:
        break;
    }
  }
  return result;
}

/** `new callee(…args)`. */
export function construct(engine: Engine, callee: ValueSet, args: readonly ValueSet[], node: TSESTree.NewExpression): ValueSet {
  let result = EMPTY;
  for (const fn of callee) {
    switch (fn.kind) {
      case 'class':
        result = union(result, engine.construct(fn, args, node));
        break;
      case 'function': {
        // A constructor function: `this` is a new object, which is what `new` gives unless it returns another.
        const allocation = engine.allocate(node, 'instance');
        const self = [constructedObject(engine, fn, allocation)];
        const returned = engine.invoke(fn, args, self).filter((value) => value.kind === 'object' || value.kind === 'instance');
        result = union(result, returned.length > 0 ? returned : self);
        break;
      }
      case 'builtin':
        result = union(result, constructBuiltin(engine, fn, args, node));
        break;
      case 'sdk':
        result = union(result, constructSdk(fn));
        break;
      case 'library':
        result = union(result, constructLibrary(engine, fn, args, node));
        break;
      default:
        break;
    }
  }
  return result;
}

/** `await values`: what a promise resolves to, what a thenable builder's result is, anything else itself. */
export function awaited(engine: Engine, values: ValueSet, depth = 0): ValueSet {
  if (depth > 4) return EMPTY;
  let result = EMPTY;
  for (const value of values) {
    if (value.kind === 'promise') result = union(result, awaited(engine, value.of, depth + 1));
    else if (value.kind === 'response') result = union(result, responseAwaited(value));
    else result = union(result, [value]);
  }
  return result;
}

/** The elements of what is iterated, spread or indexed: an array's cells, an array of the service's data. */
export function elementsOf(engine: Engine, values: ValueSet): ValueSet {
  let result = EMPTY;
  for (const value of values) {
    if (value.kind === 'array') result = union(result, load(engine, [value], undefined, undefined));
    else if (value.kind === 'object' && value.allocation.origin === 'map') result = union(result, [mapEntry(engine, value.allocation)]);
    else if (value.kind === 'response') result = union(result, responseElements(value));
    else if (value.kind === 'object') result = union(result, engine.read(engine.cell(value.allocation, '[]')));
  }
  return result;
}

/** `fn.apply(self, list)`: the list's elements as the call's arguments, position by position where the list keeps positions (`arguments`, a literal). */
export function spreadArguments(engine: Engine, lists: ValueSet): ValueSet[] {
  const positional: ValueSet[] = [];
  for (const list of lists) {
    if (list.kind !== 'array') continue;
    for (const [key, cell] of engine.cells(list.allocation)) {
      if (!/^\d+$/.test(key)) continue;
      const i = Number(key);
      positional[i] = union(positional[i] ?? EMPTY, engine.read(cell));
    }
  }
  return positional.length > 0 ? Array.from(positional, (values) => values ?? EMPTY) : [elementsOf(engine, lists)];
}

/**
 * A member of `new Proxy(target, { get(target, prop) { … } })`: what the `get` trap returns for the
 * member's name (a dynamic client's `client.listanswers(body)` names the endpoint by the member), the
 * name a string written where the member is read.
 */
function proxyMember(engine: Engine, proxy: Extract<Value, { kind: 'builtin' }>, key: string | undefined, use: Use | undefined): ValueSet {
  if (key === undefined) return EMPTY;
  const holders = proxy.receiver ?? EMPTY;
  const traps = load(engine, load(engine, holders, 'handler', undefined), 'get', undefined);
  const target = load(engine, holders, 'target', undefined);
  if (traps.length === 0) return load(engine, target, key, use);
  const holder = holders.find((value) => value.kind === 'object');
  const at = use?.kind === 'read' || use?.kind === 'callee' ? use.node.property : (use?.node ?? holder?.allocation.node);
  if (!at) return EMPTY;
  return call(engine, traps, [target, [stringValue(text(key, at))], [proxy]], holders, at);
}

/** The one constant text a value set names (an event, a channel, an injection key), or undefined when it is not one constant. */
export function constantKey(values: ValueSet): string | undefined {
  const texts = values.flatMap((value) => (value.kind === 'string' ? [constantText(value.pattern)] : []));
  return texts.length === 1 ? texts[0] : undefined;
}

const MAP_METHODS = new Set(['get', 'set', 'has', 'values', 'entries', 'keys', 'forEach']);

/** The `[key, value]` pair a Map's iteration gives: one per Map, its value any the Map holds (its key unknown). */
export function mapEntry(engine: Engine, map: Allocation): Value {
  const id = `${map.id}:entry`;
  engine.write(engine.cell(id, '1'), load(engine, [objectValue(map)], undefined, undefined));
  return arrayValue({ ...map, id, origin: 'other' });
}

/** An array made at `node` (once per activation; `tag` tells apart several made there) holding these elements. */
export function arrayOf(engine: Engine, node: TSESTree.Node, elements: ValueSet, tag = ''): Value {
  const allocation = engine.allocate(node, 'other');
  const id = tag ? `${allocation.id}:${tag}` : allocation.id;
  engine.write(engine.cell(id, '[]'), elements);
  return arrayValue({ ...allocation, id });
}

/** An array made at `node` holding these values position by position (`forkJoin(a$, b$)`'s, a curried call's arguments). */
export function positionalArray(engine: Engine, node: TSESTree.Node, positions: readonly ValueSet[], tag: string): ArrayValue {
  const allocation = engine.allocate(node, 'other');
  const id = `${allocation.id}:${tag}`;
  positions.forEach((values, index) => engine.write(engine.cell(id, String(index)), values));
  return arrayValue({ ...allocation, id });
}

/** `flatMap`'s flattening: arrays (and arrays of the service's data) give their elements, anything else itself. */
export function flattenOnce(engine: Engine, values: ValueSet): ValueSet {
  return union(elementsOf(engine, values), values.filter((value) => value.kind !== 'array' && !(value.kind === 'response' && value.position.containers.startsWith('['))));
}

/** What `await res.json()` gives for these responses (a fetch `Response`, or anything with a `json()` method). */
export function parsedJson(engine: Engine, responses: ValueSet, node: TSESTree.Node): ValueSet {
  return awaited(engine, call(engine, load(engine, responses, 'json', undefined), [], responses, node));
}

export function promiseOf(values: ValueSet): ValueSet {
  return values.length === 0 ? EMPTY : [promiseValue(values)];
}

export function instanceOf(cls: ClassValue): InstanceValue {
  return instanceValue({ id: abstractInstanceId(cls), node: cls.node, origin: 'instance' }, cls);
}

/**
 * The instances of the classes among `values` that a framework or DI container makes (Angular's
 * `inject`, `container.resolve(…)`, a class named as a type, a class nothing in the code
 * constructs): each run through its constructor with unknown arguments, so its fields and
 * constructor parameters (`http = axios.create(…)`, `constructor(private api: Api)`) are there.
 */
export function frameworkInstances(engine: Engine, values: ValueSet): Value[] {
  return values.flatMap((value): Value[] => {
    if (value.kind !== 'class') return [];
    const instance = instanceOf(value);
    engine.runConstructor(value, [], [instance]);
    // The framework then calls its initializers (oclif's `init`, Angular's `ngOnInit`…): what they set on `this` the other methods read.
    for (const name of INITIALIZERS) call(engine, load(engine, [instance], name, undefined).filter((method) => method.kind === 'function'), [], [instance], value.node);
    return [instance];
  });
}

/** Methods frameworks call on the instances they make before any other. */
const INITIALIZERS = ['init', 'initialize', 'setup', 'onInit', 'ngOnInit', 'onModuleInit', 'connectedCallback', 'componentDidMount', 'created', 'mounted'];

/**
 * The constant strings among `values` (a lodash path or key), each with how a field it names is
 * used: reported at the string when it is written in the module reading it.
 */
export function pathStrings(engine: Engine, values: ValueSet): { text: string; use: Use | undefined }[] {
  const found: { text: string; use: Use | undefined }[] = [];
  for (const value of values) {
    if (value.kind !== 'string') continue;
    const text = constantText(value.pattern);
    if (text === undefined || text === '') continue;
    const [piece] = value.pattern;
    const literal = value.pattern.length === 1 && piece && isTextPiece(piece) && piece.origin.type === T.Literal ? piece.origin : undefined;
    found.push({ text, use: literal && programOf(literal) === engine.reader!.module.ast ? { kind: 'path', node: literal } : undefined });
  }
  return found;
}

/** `'config.options[0].name'` → `config`, `options`, `0`, `name`. */
export function pathSegments(path: string): string[] {
  return path.split(/[.[\]'"]+/).filter((segment) => segment !== '');
}
