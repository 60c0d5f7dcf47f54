import type { TSESTree } from '../ts-eslint-lite.js';
import type { SchemaPosition } from '../schedule/graph/schema-graph.js';
import type { KnownEndpoint } from './catalog.js';
import { idOf } from './ids.js';
import { patternKey, type StringPattern } from './strings.js';
import type { Activation } from './activation.js';

/**
 * The abstract values the engine tracks. Anything it cannot say anything about is simply absent:
 * an empty value set means "unknown", and unknown values never lead to a finding.
 */
export type Value =
  | StringValue
  | ObjectValue
  | ArrayValue
  | FunctionValue
  | ClassValue
  | InstanceValue
  | NamespaceValue
  | LibraryValue
  | SdkValue
  | ResponseValue
  | PromiseValue
  | BuiltinValue
  | SerializedValue
  | RequestValue;

/** A value read through an import keeps the reading expression, so a string taken from it is reported in the importing file. */
interface Viewed {
  via?: TSESTree.Node;
}

/** A string: a URL, a path, an endpoint name, a method. */
export interface StringValue {
  kind: 'string';
  key: string;
  pattern: StringPattern;
}

/**
 * Where an object or array was made, once per activation of the code that makes it: its
 * properties live in heap cells keyed by this id.
 */
export interface Allocation {
  id: string;
  node: TSESTree.Node;
  /** `literal`: an object or array literal (its keys can be judged as a request body); `module`: a CommonJS module or exports object. */
  origin: 'literal' | 'instance' | 'module' | 'table' | 'map' | 'other';
}

export interface ObjectValue extends Viewed {
  kind: 'object';
  key: string;
  allocation: Allocation;
}

export interface ArrayValue extends Viewed {
  kind: 'array';
  key: string;
  allocation: Allocation;
}

export interface FunctionValue extends Viewed {
  kind: 'function';
  key: string;
  fn: TSESTree.FunctionLike;
  /** The activation the function was made in: its free variables are read there. */
  env: Activation;
  /** `fn.bind(self, …args)`, or a method read from an instance. */
  bound?: { self: ValueSet; args: ValueSet[] };
}

export interface ClassValue extends Viewed {
  kind: 'class';
  key: string;
  node: TSESTree.ClassDeclaration | TSESTree.ClassExpression;
  env: Activation;
}

/** An object made by `new C(…)`: one per class and `new` site, its fields in heap cells. */
export interface InstanceValue extends Viewed {
  kind: 'instance';
  key: string;
  allocation: Allocation;
  cls: ClassValue;
}

/** The namespace object of a project module (`import * as api from './api'`). */
export interface NamespaceValue extends Viewed {
  kind: 'namespace';
  key: string;
  module: string;
}

/**
 * A node of an HTTP client library's API (models in `models/http-clients.ts`): the library itself,
 * one of its functions, or an instance it made with a configuration (base URL, default method).
 */
export interface LibraryValue {
  kind: 'library';
  key: string;
  library: string;
  /** The member path from the library's root: [] for `axios`, ['post'] for `axios.post`. */
  path: readonly string[];
  /** The configuration objects the instance was made with (`axios.create(config)`), newest last. */
  configs: readonly ValueSet[];
  /** The allocation holding what code writes into the instance later (`api.defaults.baseURL = …`). */
  instance?: Allocation;
}

/** A node of the official SDK: its class, a client, a sub-client, a method, a standalone function or hook. */
export interface SdkValue {
  kind: 'sdk';
  key: string;
  role: 'class' | 'client' | 'core-class' | 'core' | 'function' | 'hook' | 'functions-module' | 'hooks-module';
  /** The method path below the client (`['client', 'chat']`), or the function's or hook's name. */
  path: readonly string[];
}

/**
 * A value of the service's data: a request or response body (or a response object around one, in
 * the state its client returns it) at a position in the schema graph. `endpoint` is what the value
 * came from, when the analysis knows it (not for values typed with the SDK's types).
 */
export interface ResponseValue {
  kind: 'response';
  key: string;
  state: string;
  position: SchemaPosition;
  endpoint: KnownEndpoint | undefined;
}

export interface PromiseValue {
  kind: 'promise';
  key: string;
  of: ValueSet;
}

/** A function of the language or platform (`Promise.all`, `JSON.parse`, an array's `map` bound to its array). */
export interface BuiltinValue {
  kind: 'builtin';
  key: string;
  name: string;
  receiver?: ValueSet;
}

/** `JSON.stringify(x)`: sent as a body, it is x. */
export interface SerializedValue {
  kind: 'serialized';
  key: string;
  of: ValueSet;
}

/** `new Request(url, init)`, which `fetch` takes in place of its two arguments. */
export interface RequestValue {
  kind: 'request';
  key: string;
  url: ValueSet;
  init: ValueSet;
  node: TSESTree.Node;
}

export type ValueSet = readonly Value[];

export const EMPTY: ValueSet = Object.freeze([]) as ValueSet;

/** More values than this in one set are dropped (strings first): a bound for generated code, far above real code. */
const MAX_VALUES = 24;

export function union(a: ValueSet, b: ValueSet): ValueSet {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  let result: Value[] | undefined;
  for (const value of b) {
    if (a.some((known) => known.key === value.key) || result?.some((known) => known.key === value.key)) continue;
    (result ??= [...a]).push(value);
  }
  if (!result) return a;
  // A full set that drops what arrived is unchanged: returning `a` is what lets cells settle.
  const capped = cap(result);
  return capped.length === a.length && capped.every((value, i) => value === a[i]) ? a : capped;
}

/** A mapped set without the duplicates mapping made (values seen through one node become one). */
export function distinct(values: readonly Value[]): ValueSet {
  if (values.length < 2) return values;
  const seen = new Set<string>();
  return cap(values.filter((value) => !seen.has(value.key) && seen.add(value.key)));
}

export function unionAll(sets: readonly ValueSet[]): ValueSet {
  let result = EMPTY;
  for (const set of sets) result = union(result, set);
  return result;
}

function cap(values: Value[]): ValueSet {
  if (values.length <= MAX_VALUES) return values;
  const kept = values.filter((value) => value.kind !== 'string');
  return kept.length <= MAX_VALUES ? [...kept, ...values.filter((value) => value.kind === 'string')].slice(0, MAX_VALUES) : kept.slice(0, MAX_VALUES);
}

export function setKey(set: ValueSet): string {
  return set.map((value) => value.key).sort().join('|');
}

export function stringValue(pattern: StringPattern): StringValue {
  return { kind: 'string', key: `s:${patternKey(pattern)}`, pattern };
}

export function objectValue(allocation: Allocation, via?: TSESTree.Node): ObjectValue {
  return { kind: 'object', key: `o:${allocation.id}${viaKey(via)}`, allocation, ...(via ? { via } : {}) };
}

export function arrayValue(allocation: Allocation, via?: TSESTree.Node): ArrayValue {
  return { kind: 'array', key: `a:${allocation.id}${viaKey(via)}`, allocation, ...(via ? { via } : {}) };
}

export function functionValue(fn: TSESTree.FunctionLike, env: Activation, bound?: FunctionValue['bound'], via?: TSESTree.Node): FunctionValue {
  const boundKey = bound ? `:b(${setKey(bound.self)};${bound.args.map(setKey).join(';')})` : '';
  return { kind: 'function', key: `f:${idOf(fn)}@${env.id}${boundKey}${viaKey(via)}`, fn, env, ...(bound ? { bound } : {}), ...(via ? { via } : {}) };
}

/** A class's identity, whatever import it is seen through: what its instance and static cells are keyed by. */
export function classIdentity(cls: ClassValue): string {
  return `c:${idOf(cls.node)}@${cls.env.id}`;
}

/** Where a class's one abstract instance keeps its fields. */
export const INSTANCE_PREFIX = 'instance:';
/** What separates the abstract instance's id from the site of an instance made by `new`. */
export const SITE_SEPARATOR = '#new:';

export function abstractInstanceId(cls: ClassValue): string {
  return `${INSTANCE_PREFIX}${classIdentity(cls)}`;
}

export function classValue(node: ClassValue['node'], env: Activation, via?: TSESTree.Node): ClassValue {
  return { kind: 'class', key: `c:${idOf(node)}@${env.id}${viaKey(via)}`, node, env, ...(via ? { via } : {}) };
}

export function instanceValue(allocation: Allocation, cls: ClassValue, via?: TSESTree.Node): InstanceValue {
  return { kind: 'instance', key: `i:${allocation.id}${viaKey(via)}`, allocation, cls, ...(via ? { via } : {}) };
}

export function namespaceValue(module: string, via?: TSESTree.Node): NamespaceValue {
  return { kind: 'namespace', key: `n:${module}${viaKey(via)}`, module, ...(via ? { via } : {}) };
}

export function libraryValue(library: string, path: readonly string[], configs: readonly ValueSet[] = [], instance?: Allocation): LibraryValue {
  return {
    kind: 'library',
    key: `l:${library}:${path.join('.')}:${configs.map(setKey).join(';')}:${instance?.id ?? ''}`,
    library,
    path,
    configs,
    ...(instance ? { instance } : {}),
  };
}

export function sdkValue(role: SdkValue['role'], path: readonly string[]): SdkValue {
  return { kind: 'sdk', key: `k:${role}:${path.join('.')}`, role, path };
}

export function responseValue(state: string, position: SchemaPosition, endpoint: KnownEndpoint | undefined): ResponseValue {
  return { kind: 'response', key: `r:${state}:${position.containers}${position.schema}:${endpoint?.key ?? ''}`, state, position, endpoint };
}

export function promiseValue(of: ValueSet): PromiseValue {
  return { kind: 'promise', key: `p(${setKey(of)})`, of };
}

export function builtinValue(name: string, receiver?: ValueSet): BuiltinValue {
  return { kind: 'builtin', key: `b:${name}${receiver ? `(${setKey(receiver)})` : ''}`, name, ...(receiver ? { receiver } : {}) };
}

export function serializedValue(of: ValueSet): SerializedValue {
  return { kind: 'serialized', key: `j(${setKey(of)})`, of };
}

export function requestValue(url: ValueSet, init: ValueSet, node: TSESTree.Node): RequestValue {
  return { kind: 'request', key: `q:${idOf(node)}(${setKey(url)};${setKey(init)})`, url, init, node };
}

/** The same value seen through an import read at `via`. */
export function viewed<V extends Value>(value: V, via: TSESTree.Node): V {
  switch (value.kind) {
    case 'object':
      return objectValue(value.allocation, via) as V;
    case 'array':
      return arrayValue(value.allocation, via) as V;
    case 'function':
      return functionValue(value.fn, value.env, value.bound, via) as V;
    case 'class':
      return classValue(value.node, value.env, via) as V;
    case 'instance':
      return instanceValue(value.allocation, value.cls, via) as V;
    case 'namespace':
      return namespaceValue(value.module, via) as V;
    default:
      return value;
  }
}

function viaKey(via: TSESTree.Node | undefined): string {
  return via ? `~${idOf(via)}` : '';
}

/** Whether a set holds anything that belongs to the service (what makes a module worth analysing for its importers). */
export function isServiceValue(value: Value): boolean {
  switch (value.kind) {
    case 'library':
    case 'sdk':
    case 'response':
      return true;
    case 'promise':
    case 'serialized':
      return value.of.some(isServiceValue);
    default:
      return false;
  }
}
