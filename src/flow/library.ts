import type { TSESTree } from '../ts-eslint-lite.js';
import { T } from '../project/ast.js';
import type { Engine } from './engine.js';
import type { CallModel, HttpClientModel } from './models/http-clients.js';
import { callBuiltin } from './builtins.js';
import { load } from './operations.js';
import { baseUrlUse, methodTexts, serviceRequest, strings } from './requests.js';
import { joinUrl, UNKNOWN_TEXT, type StringPattern } from './strings.js';
import { builtinValue, EMPTY, libraryValue, objectValue, union, unionAll, type LibraryValue, type Value, type ValueSet } from './values.js';

/**
 * HTTP client libraries, run from their models (models/http-clients.ts): member paths through the
 * client's API, instances made by factories with their configuration, requests with their URL,
 * method and body taken where the model says, and what they resolve to.
 */
export function modelOf(engine: Engine, name: string): HttpClientModel | undefined {
  return engine.options.clients.find((model) => model.name === name);
}

/** The models that a package specifier names, with the API path of the export. */
export function libraryImport(engine: Engine, packageName: string, exported: string): ValueSet {
  for (const model of engine.options.clients) {
    if (!model.packages.includes(packageName)) continue;
    const path = model.exports[exported];
    if (path !== undefined) return [libraryValue(model.name, splitPath(path))];
  }
  return EMPTY;
}

/** A global that is a client (`fetch`). */
export function libraryGlobal(engine: Engine, name: string): ValueSet {
  for (const model of engine.options.clients) {
    const path = model.globals?.[name];
    if (path !== undefined) return [libraryValue(model.name, splitPath(path))];
  }
  return EMPTY;
}

/** `client.member`: the next node of the API, keeping the instance and its configuration. */
export function libraryMember(engine: Engine, value: LibraryValue, key: string | undefined): ValueSet {
  if (key === undefined) return EMPTY;
  const model = modelOf(engine, value.library);
  if (!model) return EMPTY;
  return [libraryValue(value.library, [...value.path, key], value.configs, value.instance)];
}

/** `api.defaults.baseURL = …`: remembered on the instance (or, for the library itself, on the library), read at each request. */
export function storeOnLibrary(engine: Engine, value: LibraryValue, key: string | undefined, values: ValueSet): void {
  if (key === undefined) return;
  engine.write(engine.cell(instanceOf(value), [...value.path, key].join('.')), values);
}

export function callLibrary(engine: Engine, value: LibraryValue, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const model = modelOf(engine, value.library);
  const behaviour = model?.calls[value.path.join('.')];
  if (!model || !behaviour) return EMPTY;
  switch (behaviour.kind) {
    case 'instance':
      return makeInstance(engine, model, value, behaviour, args, node);
    case 'response-interceptor': {
      const owner = [...value.path.slice(0, -3)];
      engine.write(engine.cell(instanceOf({ ...value, path: owner }), 'interceptors.response'), args[0] ?? EMPTY);
      return EMPTY;
    }
    case 'request':
      return request(engine, model, value, behaviour, args, node);
    case 'builtin':
      return callBuiltin(engine, builtinValue(behaviour.name), args, EMPTY, node);
  }
}

/** `new Pool(origin, options)`: an instance, for the models that make one with `new`. */
export function constructLibrary(engine: Engine, value: LibraryValue, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const model = modelOf(engine, value.library);
  const behaviour = model?.constructs?.[value.path.join('.')];
  return model && behaviour ? makeInstance(engine, model, value, behaviour, args, node) : EMPTY;
}

function makeInstance(engine: Engine, model: HttpClientModel, value: LibraryValue, behaviour: Extract<CallModel, { kind: 'instance' }>, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  let options = behaviour.options === undefined ? EMPTY : (args[behaviour.options] ?? EMPTY);
  if (behaviour.origin !== undefined && model.options.base) {
    // The origin argument is the instance's base URL: kept as a configuration of its own.
    const origin = engine.allocate(node, 'other');
    engine.write(engine.cell(origin, model.options.base), args[behaviour.origin] ?? EMPTY);
    options = union([objectValue(origin)], options);
  }
  // An instance made from another keeps that one's configuration (`api.extend(…)`), newest last.
  const configs = [...value.configs, options];
  const instance = engine.allocate(node, 'other');
  if (model.options.base) baseUrlUse(engine, load(engine, options, model.options.base, undefined));
  return [libraryValue(model.name, splitPath(behaviour.path ?? ''), configs, instance)];
}

function request(engine: Engine, model: HttpClientModel, value: LibraryValue, behaviour: Extract<CallModel, { kind: 'request' }>, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const callNode = node.type === T.CallExpression ? node : undefined;
  const argumentNode = (index: number | undefined) => {
    const argument = index === undefined ? undefined : callNode?.arguments[index];
    return argument && argument.type !== T.SpreadElement ? argument : undefined;
  };
  let urls = EMPTY;
  let options = EMPTY;
  let urlIndex = behaviour.url;
  let optionsIndex = behaviour.options;
  if (behaviour.urlOrOptions) {
    // `axios(url, config)` or `axios(config)`: a first argument that is an object is the config.
    const first = args[0] ?? EMPTY;
    if (first.some((candidate) => candidate.kind === 'string' || candidate.kind === 'request')) {
      urls = first;
      urlIndex = 0;
    } else {
      options = first;
      optionsIndex = 0;
    }
  } else if (behaviour.url !== undefined) {
    urls = args[behaviour.url] ?? EMPTY;
  }
  if (optionsIndex !== undefined && options.length === 0) options = args[optionsIndex] ?? EMPTY;
  // `fetch(new Request(url, init))`: the URL and init are the Request's.
  for (const candidate of urls) if (candidate.kind === 'request') options = union(options, candidate.init);
  urls = unionAll([urls.filter((candidate) => candidate.kind === 'string'), ...urls.flatMap((candidate) => (candidate.kind === 'request' ? [candidate.url] : []))]);
  const urlKey = behaviour.urlKey ?? model.options.url;
  if (urlKey) urls = union(urls, load(engine, options, urlKey, undefined));
  const methods = behaviour.method ? [behaviour.method] : methodsOf(engine, model, options, value);
  // `$.post(url, body)` or `$.post({ url, data })`: the body is an argument only when the first one is the URL.
  const body = behaviour.body !== undefined && optionsIndex !== 0 ? (args[behaviour.body] ?? EMPTY) : bodyOf(engine, model, options);
  const baseValues = bases(engine, model, value, options);
  const baseStrings = strings(baseValues);
  // `api.post(endpoint, data)` in a helper nothing known calls yet: a request to the instance's base, to a path not known here.
  const unknownPath = urlIndex !== undefined && urls.length === 0 && (args[urlIndex] ?? EMPTY).length === 0 && baseStrings.length > 0;
  const relative = unknownPath ? [UNKNOWN_TEXT] : strings(urls);
  const full: StringPattern[] = baseStrings.length === 0 ? relative : relative.flatMap((path) => baseStrings.map((base) => joinUrl(base, path)));
  const interceptors = union(engine.read(engine.cell(instanceOf(value), 'interceptors.response')), value.instance ? engine.read(engine.cell(rootOf(value), 'interceptors.response')) : EMPTY);
  const urlNode = argumentNode(urlIndex);
  const optionsNode = argumentNode(optionsIndex);
  const bodyNode = argumentNode(behaviour.body);
  const callbacks = behaviour.callbacks && {
    functions: unionAll([...(behaviour.callbacks.arguments ?? []).map((index) => args[index] ?? EMPTY), ...(behaviour.callbacks.options ?? []).map((key) => load(engine, options, key, undefined))]).filter((value) => value.kind === 'function'),
    result: behaviour.callbacks.result,
    ...(behaviour.callbacks.parameters ? { parameters: behaviour.callbacks.parameters } : {}),
  };
  const spec = {
    client: model.name,
    node,
    module: engine.reader!.module,
    urls: full,
    body,
    result: resultOf(engine, model, value, options, behaviour.result),
    interceptors,
    ...(urlNode ? { urlNode } : {}),
    ...(optionsNode ? { optionsNode } : {}),
    ...(bodyNode ? { bodyNode } : {}),
    ...(callbacks ? { callbacks } : {}),
  };
  // `init = body ? { method: 'POST', body } : {}`: a GET and a POST, each its own endpoint and response.
  return unionAll(methods.map((method) => serviceRequest(engine, { ...spec, ...(method ? { method } : {}) })));
}

/** What the request resolves to: the model's, unless the call's options or the instance's configurations choose otherwise (see `OptionKeys.results`). */
function resultOf(engine: Engine, model: HttpClientModel, value: LibraryValue, options: ValueSet, result: string): string {
  const newestFirst = [options, ...[...value.configs].reverse()];
  const chosen = model.options.results?.find((rule) => Object.entries(rule.when).every(([key, wanted]) => optionIs(engine, newestFirst, key, wanted)));
  return chosen?.result ?? result;
}

/** Whether the first of `configs` that sets `key` sets it to `wanted`: that string, or literal `true` (the engine keeps no booleans, so it is read from the property written). */
function optionIs(engine: Engine, configs: readonly ValueSet[], key: string, wanted: string | true): boolean {
  for (const config of configs) {
    const objects = config.filter((candidate) => candidate.kind === 'object');
    const sites = objects.flatMap((object) => engine.cells(object.allocation).get(key)?.sites ?? []);
    if (sites.length === 0) continue;
    if (wanted === true) return sites.every((site) => site.type === T.Property && site.value.type === T.Literal && site.value.value === true);
    const values = strings(load(engine, objects, key, undefined));
    return values.length > 0 && values.every((pattern) => pattern.length === 1 && 'text' in pattern[0]! && pattern[0].text === wanted);
  }
  return false;
}

/**
 * The HTTP methods a request may be sent with: each options object's own, else the instance's
 * configured one, else undefined (the client's default) for an options object that sets none.
 */
function methodsOf(engine: Engine, model: HttpClientModel, options: ValueSet, value: LibraryValue): (string | undefined)[] {
  const key = model.options.method;
  if (!key) return [undefined];
  const configured = methodTexts(unionAll(value.configs.map((config) => load(engine, config, key, undefined))));
  const objects = options.filter((candidate) => candidate.kind === 'object');
  const methods = new Set<string | undefined>();
  for (const own of objects.length > 0 ? objects.flatMap((object) => ownMethods(engine, key, object, 0)) : [undefined]) {
    for (const method of own !== undefined ? [own] : configured.length > 0 ? configured : [undefined]) methods.add(method);
  }
  return [...methods];
}

/** The methods an options object sets, through what it spreads (`{ ...init, headers }`); undefined where it may set none. */
function ownMethods(engine: Engine, key: string, object: Extract<Value, { kind: 'object' }>, depth: number): (string | undefined)[] {
  const own = methodTexts(engine.read(engine.cell(object.allocation, key)));
  if (own.length > 0) return own;
  const spread = engine.read(engine.cell(object.allocation, '...'));
  if (spread.length === 0 || depth > MAX_SPREADS) return [undefined];
  return spread.flatMap((source) => (source.kind === 'object' ? ownMethods(engine, key, source, depth + 1) : [undefined]));
}

const MAX_SPREADS = 4;

function bodyOf(engine: Engine, model: HttpClientModel, options: ValueSet): ValueSet {
  for (const key of model.options.body ?? []) {
    const values = load(engine, options, key, undefined);
    if (values.length > 0) return values;
  }
  return EMPTY;
}

/**
 * The base URLs a request is joined to: the call's own option, else what code wrote into the
 * instance's (or the library's) defaults later (`api.defaults.baseURL = …`), else the newest of the
 * configurations the instance was made with (a factory's options override its parent's).
 */
function bases(engine: Engine, model: HttpClientModel, value: LibraryValue, options: ValueSet): ValueSet {
  const key = model.options.base;
  if (!key) return EMPTY;
  const own = load(engine, options, key, undefined);
  if (strings(own).length > 0) return own;
  const written = union(engine.read(engine.cell(instanceOf(value), `defaults.${key}`)), value.instance ? engine.read(engine.cell(rootOf(value), `defaults.${key}`)) : EMPTY);
  if (strings(written).length > 0) return written;
  for (let i = value.configs.length - 1; i >= 0; i--) {
    const base = load(engine, value.configs[i]!, key, undefined);
    if (base.length > 0) return base;
  }
  return EMPTY;
}

function instanceOf(value: LibraryValue): string {
  return value.instance ? value.instance.id : rootOf(value);
}

function rootOf(value: LibraryValue): string {
  return `library:${value.library}`;
}

function splitPath(path: string): string[] {
  return path === '' ? [] : path.split('.');
}
