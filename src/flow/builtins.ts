import type { TSESTree } from '../ts-eslint-lite.js';
import { T } from '../project/ast.js';
import { defaultExportName } from '../project/auto-imports.js';
import type { ParsedModule } from '../project/module.js';
import { containerModel, pairOf } from './containers.js';
import { rtkModel } from './rtk-query.js';
import { pipe, rxjsModel } from './rxjs.js';
import { vueuseModel } from './vueuse.js';
import { vuexModel } from './vue-options.js';
import { componentGlobal, componentModel } from './component-templates.js';
import { fastifyModel } from './fastify.js';
import { asyncModel } from './async-library.js';
import { reduxModel } from './redux.js';
import { zustandModel } from './zustand.js';
import { jotaiModel } from './jotai.js';
import { xhrModel } from './xhr.js';
import { angularjsModel } from './angularjs.js';
import { hapiModel } from './hapi.js';
import { functionalModel } from './functional.js';
import { mapperModel } from './mappers.js';
import { litTaskModel } from './lit-task.js';
import { tsPatternModel } from './ts-pattern.js';
import { tanstackTableModel } from './tanstack-table.js';
import { pothosModel } from './pothos.js';
import { nodeStreamsModel } from './node-streams.js';
import { GLOBAL_CELLS, messagingGlobal, messagingModel } from './messaging.js';
import type { FrameworkModel } from './framework-model.js';
import type { Engine } from './engine.js';
import { libraryGlobal } from './library.js';
import { commonJsObjects, exportValue, requiredValue } from './modules.js';
import { arrayOf, awaited, call, constantKey, elementsOf, flattenOnce, load, parsedJson, pathSegments, pathStrings, PROTOTYPE, spreadArguments } from './operations.js';
import { responseValue } from './values.js';
import { requestObjectUse, strings } from './requests.js';
import { mutate } from './sdk.js';
import { callTypeArgument } from './types.js';
import { concat, constantText, isTextPiece, leadingText, resolveUrl, text, UNKNOWN_TEXT, type Piece, type StringPattern, type TextPiece } from './strings.js';
import {
  arrayValue,
  builtinValue,
  EMPTY,
  objectValue,
  promiseValue,
  requestValue,
  serializedValue,
  stringValue,
  union,
  unionAll,
  type BuiltinValue,
  type StringValue,
  type Value,
  type ValueSet,
} from './values.js';

/**
 * The language and platform as the engine needs them, in code (they are semantics, not library
 * knowledge): promises, arrays, objects, JSON, strings, URLs and `Request`s, `Map`, the module
 * system's `require`, and the callback plumbing of React, react-query, SWR and rxjs through which
 * responses reach the code that reads them.
 */
const GLOBALS = new Set(['Symbol', 'Proxy', 'Promise', 'JSON', 'Object', 'Array', 'String', 'URL', 'Request', 'Headers', 'Map', 'WeakMap', 'Reflect', 'Buffer', 'structuredClone', 'encodeURIComponent', 'encodeURI', 'queueMicrotask', 'setTimeout', 'XMLHttpRequest', 'angular']);
const GLOBAL_OBJECTS = new Set(['window', 'globalThis', 'self', 'global']);
const SVELTE_RUNES = new Set(['$derived', '$state']);
const SVELTE_MODULE = /\.svelte(?:\.[jt]s)?$/;
const VUE_MACROS = new Set(['defineProps', 'withDefaults']);

export function globalValue(engine: Engine, module: ParsedModule, name: string, node: TSESTree.Node): ValueSet {
  if (name === 'require') return [builtinValue('require')];
  if (name === 'module') return commonJsObjects(engine, module).module;
  if (name === 'exports') return commonJsObjects(engine, module).exports;
  if (GLOBAL_OBJECTS.has(name)) return [builtinValue('global')];
  const component = componentGlobal(engine, module, name, node);
  if (component) return component;
  const client = libraryGlobal(engine, name);
  if (client.length > 0) return client;
  // Nuxt's auto-imports.
  if (NUXT_FETCH.has(name)) return [builtinValue('nuxt.useFetch')];
  // Svelte 5's runes: `$derived(expr)` and `$state(value)` are what they are given, `$derived.by(fn)` what `fn` returns.
  if (SVELTE_RUNES.has(name) && SVELTE_MODULE.test(module.path)) return [builtinValue('svelte.rune')];
  // Vue's compiler macros, in `<script setup>` without an import.
  if (VUE_MACROS.has(name) && module.path.endsWith('.vue')) return [builtinValue(`vue.${name}`)];
  if (GLOBALS.has(name)) return [builtinValue(name)];
  const messaging = messagingGlobal(name);
  if (messaging.length > 0) return messaging;
  // What the app itself hangs on the global object (`window.Intranet = …`, Electron's `contextBridge.exposeInMainWorld`).
  const shared = HOST_GLOBALS.has(name) ? EMPTY : engine.read(engine.cell(GLOBAL_CELLS, name));
  return unionAll([shared, isScript(engine, module) ? scriptDeclaration(engine, module, name) : EMPTY, autoImportedValue(engine, module, name, node)]);
}

/** A file with no import or export (a browser script, Apps Script's files; see the index's quick look): its top-level declarations are every script's globals. */
function isScript(engine: Engine, module: ParsedModule): boolean {
  return engine.project.files().get(module.path)?.script === true;
}

/** `callService(…)` in one script, declared at the top level of another script the engine has loaded. */
function scriptDeclaration(engine: Engine, module: ParsedModule, name: string): ValueSet {
  for (const other of engine.loadedModules()) {
    if (other === module || !isScript(engine, other)) continue;
    for (const statement of other.ast.body) {
      if (statement.type === T.FunctionDeclaration && statement.id?.name === name) return [engine.functionValue(statement, engine.top(other))];
      const declarator = statement.type === T.VariableDeclaration ? statement.declarations.find((candidate) => candidate.id.type === T.Identifier && candidate.id.name === name) : undefined;
      if (declarator?.init) return engine.evaluateIn(engine.top(other), declarator.init);
    }
  }
  return EMPTY;
}

/** The host's own globals, which no app code defines. */
const HOST_GLOBALS = new Set(['console', 'process', 'document', 'navigator', 'location', 'Math', 'Date', 'Number', 'Boolean', 'Error', 'Set', 'WeakSet', 'RegExp', 'parseInt', 'parseFloat', 'isNaN', 'undefined', 'NaN', 'Infinity', 'localStorage', 'sessionStorage', 'setInterval', 'clearTimeout', 'clearInterval', 'history', 'performance', 'crypto', 'atob', 'btoa', 'alert', 'TextEncoder', 'TextDecoder', 'AbortController', 'FormData', 'URLSearchParams', 'Blob', 'Response', 'Intl', 'BigInt', 'describe', 'it', 'test', 'expect', 'jest', 'vi', 'beforeEach', 'afterEach']);

/** A name a framework imports for the module (Nuxt's composables and utilities): that module's export. */
function autoImportedValue(engine: Engine, module: ParsedModule, name: string, node: TSESTree.Node): ValueSet {
  for (const file of engine.project.autoImported(module.path)) {
    const target = engine.project.module(file);
    if (target?.exports.has(name)) return exportValue(engine, file, name, node);
    if (target?.exports.has('default') && defaultExportName(file) === name) return exportValue(engine, file, 'default', node);
  }
  return EMPTY;
}

/** Packages that are plumbing, not clients: what importing from them gives. */
export function frameworkImport(packageName: string, exported: string): ValueSet {
  switch (packageName) {
    case 'react':
      if (exported === 'default' || exported === '*') return [builtinValue('react')];
      return REACT_HOOKS.has(exported) ? [builtinValue(`react.${exported}`)] : EMPTY;
    case '@tanstack/react-query':
    case '@tanstack/vue-query':
    case '@tanstack/solid-query':
    case '@tanstack/svelte-query':
    case 'react-query':
      return QUERY_HOOKS.has(exported) ? [builtinValue(`query.${exported}`)] : EMPTY;
    case '#app':
    case '#imports':
    case 'nuxt/app':
      return NUXT_FETCH.has(exported) ? [builtinValue('nuxt.useFetch')] : EMPTY;
    // Remix's and React Router's response helpers: what a loader returns through them is what the route's component reads.
    case '@remix-run/node':
    case '@remix-run/cloudflare':
    case '@remix-run/deno':
    case '@remix-run/server-runtime':
    case '@vercel/remix':
    case 'react-router':
      return exported === 'json' || exported === 'data' || exported === 'defer' ? [builtinValue('remix.json')] : EMPTY;
    case '@raycast/utils':
      if (exported === 'useFetch') return [builtinValue('raycast.useFetch')];
      return exported === 'usePromise' || exported === 'useCachedPromise' ? [builtinValue('raycast.usePromise')] : EMPTY;
    case 'swr':
      return exported === 'default' || exported === 'useSWR' || exported === 'useSWRImmutable' ? [builtinValue('swr.useSWR')] : EMPTY;
    case 'swr/mutation':
      return exported === 'default' || exported === 'useSWRMutation' ? [builtinValue('swr.useSWRMutation')] : EMPTY;
    case 'events':
    case 'node:events':
    case 'eventemitter3':
      if (exported === '*') return [builtinValue('events')];
      return exported === 'EventEmitter' || exported === 'default' ? [builtinValue('events.EventEmitter')] : EMPTY;
    case 'lodash':
    case 'lodash-es':
    case 'underscore':
      if (exported === 'default' || exported === '*') return [builtinValue('lodash')];
      return LODASH.has(exported) ? [builtinValue(`lodash.${exported}`)] : EMPTY;
    default:
      return unionAll([...MODELS.map((model) => model.imports(packageName, exported)), lodashMethodImport(packageName, exported)]);
  }
}

/** The frameworks modelled in modules of their own. */
const MODELS: readonly FrameworkModel[] = [containerModel, rtkModel, rxjsModel, vueuseModel, vuexModel, fastifyModel, asyncModel, reduxModel, messagingModel, zustandModel, jotaiModel, xhrModel, angularjsModel, hapiModel, functionalModel, mapperModel, litTaskModel, tsPatternModel, tanstackTableModel, pothosModel, nodeStreamsModel, componentModel];

function modelOf(name: string): FrameworkModel | undefined {
  return MODELS.find((model) => model.owns(name));
}

const REACT_HOOKS = new Set(['useState', 'useReducer', 'useEffect', 'useLayoutEffect', 'useMemo', 'useCallback', 'useRef', 'use', 'useContext', 'createContext']);
const QUERY_HOOKS = new Set(['useQuery', 'useSuspenseQuery', 'useInfiniteQuery', 'useMutation', 'useQueries', 'queryOptions', 'infiniteQueryOptions', 'mutationOptions']);

export function builtinMember(engine: Engine, value: BuiltinValue, key: string | undefined): ValueSet {
  if (key === undefined) return EMPTY;
  switch (value.name) {
    case 'global':
      return globalValue(engine, engine.reader!.module, key, engine.reader!.module.ast);
    case 'react':
      return REACT_HOOKS.has(key) ? [builtinValue(`react.${key}`)] : EMPTY;
    case 'events':
      return key === 'EventEmitter' || key === 'default' ? [builtinValue('events.EventEmitter')] : EMPTY;
    case 'lodash':
      return LODASH.has(key) ? [builtinValue(`lodash.${key}`)] : EMPTY;
    case 'svelte.rune':
      return key === 'by' ? [builtinValue('svelte.runeBy')] : key === 'raw' ? [value] : EMPTY;
    case 'Promise':
    case 'JSON':
    case 'Object':
    case 'Array':
    case 'String':
    case 'Reflect':
      return [builtinValue(`${value.name}.${key}`)];
    case 'Array.prototype':
      return key === 'slice' ? [builtinValue('Array.prototype.slice')] : EMPTY;
    case 'Buffer':
      return key === 'concat' || key === 'from' ? [builtinValue(`Buffer.${key}`)] : EMPTY;
    case 'Array.prototype.slice':
      return key === 'call' ? [builtinValue('Array.prototype.slice.call')] : EMPTY;
    default:
      return modelOf(value.name)?.member?.(engine, value, key) ?? EMPTY;
  }
}

const STRING_KEEPING = new Set(['trim', 'trimStart', 'trimEnd', 'toString', 'valueOf', 'normalize']);

/** Members of a string: the methods that keep or build strings, and URL parts of a URL string. */
export function stringMember(value: StringValue, key: string | undefined): ValueSet {
  if (key === undefined) return EMPTY;
  if (key === 'href' || key === 'pathname' || key === 'url') return [value];
  if (STRING_KEEPING.has(key) || key === 'concat' || key === 'replace' || key === 'replaceAll' || key === 'slice' || key === 'split') return [builtinValue(`string.${key}`, [value])];
  return EMPTY;
}

export function callBuiltin(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], self: ValueSet, node: TSESTree.Node): ValueSet {
  const [first = EMPTY, second = EMPTY] = args;
  const receiver = fn.receiver ?? EMPTY;
  const name = fn.name;
  if (name.startsWith('array.')) return arrayMethod(engine, name.slice('array.'.length), receiver, args, node);
  if (name.startsWith('lodash.')) return lodashCall(engine, name.slice('lodash.'.length), args, node);
  if (name.startsWith('string.')) return stringMethod(engine, name.slice('string.'.length), receiver, args, node);
  if (name.startsWith('state:')) return stateCall(engine, name.slice('state:'.length), receiver, args, node);
  if (name.startsWith('emits:')) {
    // `res.on('data', (chunk) => …)`, a jqXHR's `done(fn)`: the listeners get the response in that state; the call gives the emitter back.
    const state = name.slice('emits:'.length);
    const emitted = receiver.flatMap((value) => (value.kind === 'response' ? [responseValue(state, value.position, value.endpoint)] : []));
    callFunctions(engine, unionAll(args).filter((value) => value.kind === 'function'), [emitted], node);
    return receiver;
  }
  if (name.startsWith('sdk-mutate')) {
    const [, hook = '', variable = ''] = name.split(':');
    return mutate(engine, hook, variable, receiver, args, node, name.startsWith('sdk-mutate-async'));
  }
  switch (name) {
    case 'require':
      return requiredValue(engine, engine.reader!.module, first, node);
    case 'promise.then':
    case 'promise.subscribe':
      return then(engine, receiver, first, node);
    case 'promise.pipe':
      return pipe(engine, receiver, args, node);
    case 'promise.catch':
      return union(receiver, then(engine, EMPTY, first, node));
    case 'promise.finally':
    case 'promise.fail':
    case 'promise.always':
      return receiver;
    case 'promise.done':
      // jQuery's (and Q's) `done`: the listeners get what the promise resolves to, and the promise is given back.
      callFunctions(engine, unionAll(args).filter((value) => value.kind === 'function'), [awaited(engine, receiver)], node);
      return receiver;
    case 'promise.resolve':
      for (const holder of receiver) if (holder.kind === 'object') engine.write(engine.cell(holder.allocation, 'resolved'), awaited(engine, first));
      return EMPTY;
    case 'Promise.resolve':
      return [promiseValue(awaited(engine, first))];
    case 'Promise.all':
      return [promiseValue(settledArray(engine, first, node, false))];
    case 'spread':
      // `axios.spread((a, b) => …)`: a function that calls the callback with an array's elements as its arguments.
      return fn.receiver ? call(engine, fn.receiver, SPREAD_POSITIONS.map((i) => load(engine, first, String(i), undefined)), EMPTY, node) : [builtinValue('spread', first)];
    case 'Promise.allSettled':
      return [promiseValue(settledArray(engine, first, node, true))];
    case 'Promise.race':
    case 'Promise.any':
      return [promiseValue(awaited(engine, elementsOf(engine, first)))];
    case 'JSON.parse':
      // A body a client may already have parsed (the `request` library's without `json`) is parsed again as it is.
      // `JSON.parse(JSON.stringify(x))`, the deep copy, is `x` again.
      return first.flatMap((value) => (value.kind === 'response' && (value.state === 'text' || value.state === 'body') ? [responseValue('body', value.position, value.endpoint)] : value.kind === 'serialized' ? value.of : []));
    case 'svelte.rune':
      return first;
    case 'returns':
      // A function known by its type alone (see types.ts).
      return fn.receiver ?? EMPTY;
    case 'svelte.runeBy':
      return callFunctions(engine, first, [], node);
    case 'JSON.stringify':
      return first.length > 0 ? [serializedValue(first)] : EMPTY;
    case 'jquery.extend':
      // `$.extend(true, target, …sources)` copies deeply: the same copy, to the engine.
      return isBooleanArgument(node) ? assign(engine, args.slice(1), node, 1) : assign(engine, args, node, 0);
    case 'jquery.each':
      // `$.each(items, (index, item) => …)`: the index (or key) comes first.
      callFunctions(engine, second, [EMPTY, union(elementsOf(engine, first), load(engine, first.filter((value) => value.kind === 'object'), undefined, undefined))], node);
      return first;
    case 'jquery.map':
      return arrayMethod(engine, 'flatMap', first, [second], node);
    case 'jquery.grep':
      return arrayMethod(engine, 'filter', first, [second], node);
    case 'Object.assign':
      return assign(engine, args, node, 0);
    case 'Object.freeze':
    case 'Object.seal':
    case 'structuredClone':
      return first;
    case 'Object.values':
      return [arrayOf(engine, node, load(engine, first, undefined, undefined))];
    case 'Object.entries': {
      const pairs = engine.allocate(node, 'other');
      engine.write(engine.cell(pairs, '1'), load(engine, first, undefined, undefined));
      return [arrayOf(engine, node, [arrayValue(pairs)], 'entries')];
    }
    case 'Object.fromEntries': {
      const object = engine.allocate(node, 'other');
      engine.write(engine.cell(object, '*'), load(engine, elementsOf(engine, first), '1', undefined));
      return [objectValue(object)];
    }
    case 'Array.from':
      return second.length > 0 ? arrayMethod(engine, 'map', first, [second], node) : [arrayOf(engine, node, elementsOf(engine, first))];
    case 'Array.of':
      return [arrayOf(engine, node, unionAll(args))];
    case 'String':
      return first.filter((value) => value.kind === 'string');
    case 'Symbol': {
      // `Symbol('search-service-api')`: an injection key, told apart from others by its description.
      const description = constantText(firstPattern(first));
      return [stringValue(description === undefined ? UNKNOWN_TEXT : text(`@@symbol(${description})`, node))];
    }
    case 'encodeURIComponent':
    case 'encodeURI':
      return [stringValue(UNKNOWN_TEXT)];
    case 'function.call':
      return call(engine, receiver, args.slice(1), first, node);
    case 'function.apply':
      return call(engine, receiver, spreadArguments(engine, second), first, node);
    case 'Buffer.concat':
      // The chunks of a body, as one Buffer of its text.
      return elementsOf(engine, first);
    case 'Buffer.from':
      return first;
    case 'Array.prototype.slice.call':
      // `Array.prototype.slice.call(arguments)`: a copy of an array-like, position by position; from an index on, its elements only.
      return args.length > 1 ? [arrayOf(engine, node, elementsOf(engine, first))] : first;
    case 'function.bind':
      return receiver.flatMap((value) => (value.kind === 'function' ? [{ ...value, key: `${value.key}:bind(${first.map((v) => v.key).join('|')})`, bound: { self: first, args: args.slice(1) } }] : []));
    case 'events.emit':
      return emitEvent(engine, receiver, args);
    case 'events.on':
      return listen(engine, receiver, args, node);
    case 'map.get': {
      const key = keyText(first);
      return key === undefined ? mapGetByPrefix(engine, receiver, keyPrefixes(first)) : load(engine, receiver, key, undefined);
    }
    case 'map.values':
      return [arrayOf(engine, node, load(engine, receiver, undefined, undefined))];
    case 'map.entries':
      return [arrayOf(engine, node, elementsOf(engine, receiver))];
    case 'map.forEach':
      call(engine, first, [load(engine, receiver, undefined, undefined), EMPTY, receiver], second, node);
      return EMPTY;
    case 'map.set': {
      const key = keyText(first);
      for (const target of receiver) {
        if (target.kind !== 'object') continue;
        engine.write(engine.cell(target.allocation, key ?? '*'), second);
        // A key known by its start only (`chat:${q}`): kept under that start too, for gets of keys that start alike.
        if (key === undefined) for (const prefix of keyPrefixes(first)) engine.write(engine.cell(target.allocation, `${PREFIXED}${prefix}`), second);
      }
      return receiver;
    }
    case 'react.useState':
      return useState(engine, first, node);
    case 'react.setState': {
      for (const holder of receiver) if (holder.kind === 'object') engine.write(engine.cell(holder.allocation, 'state'), union(first, callFunctions(engine, first, [engine.read(engine.cell(holder.allocation, 'state'))], node)));
      return EMPTY;
    }
    case 'react.useReducer':
      return useReducer(engine, args, node);
    case 'react.dispatch':
      for (const holder of receiver) {
        if (holder.kind !== 'object') continue;
        const state = engine.cell(holder.allocation, 'state');
        // Each action reduces on its own, so the reducer's `switch (action.type)` runs that action's case only.
        for (const action of first) engine.write(state, callFunctions(engine, engine.read(engine.cell(holder.allocation, 'reducer')), [engine.read(state), [action]], node));
      }
      return EMPTY;
    case 'react.useEffect':
    case 'react.useLayoutEffect':
      callFunctions(engine, first, [], node);
      return EMPTY;
    case 'react.useMemo':
      return callFunctions(engine, first, [], node);
    case 'react.useCallback':
    case 'react.useRef':
      return first;
    case 'react.use':
      return union(awaited(engine, first), contextValue(engine, first));
    case 'react.useContext':
      return contextValue(engine, first);
    case 'react.createContext':
      return createContext(engine, first, node);
    case 'react.Provider':
      // `<Ctx.Provider value={v}>`: a JSX element is a call of its component with the props.
      for (const context of receiver) if (context.kind === 'object') engine.write(engine.cell(context.allocation, 'value'), load(engine, first, 'value', undefined));
      return EMPTY;
    case 'query.queryOptions':
    case 'query.infiniteQueryOptions':
    case 'query.mutationOptions':
      return first;
    case 'query.useQuery':
    case 'query.useSuspenseQuery':
    case 'query.useInfiniteQuery':
      return useQuery(engine, args, node);
    case 'query.useMutation':
      return useMutation(engine, first, node);
    case 'query.mutate':
    case 'query.mutateAsync': {
      const data = awaited(engine, callFunctions(engine, load(engine, receiver, 'fn', undefined), args, node));
      for (const holder of receiver) if (holder.kind === 'object') engine.write(engine.cell(holder.allocation, 'data'), data);
      return name === 'query.mutateAsync' && data.length > 0 ? [promiseValue(data)] : EMPTY;
    }
    case 'swr.useSWR':
      return swr(engine, args, node);
    case 'nuxt.useFetch':
      return nuxtFetch(engine, args, node);
    case 'remix.json':
      return first;
    case 'raycast.useFetch':
      return raycastFetch(engine, args, node);
    case 'raycast.usePromise':
      return [queryResult(engine, node, awaited(engine, callFunctions(engine, args[0] ?? EMPTY, spreadArguments(engine, args[1] ?? EMPTY), node)))];
    case 'swr.useSWRMutation':
      return swrMutation(engine, args, node);
    default:
      return modelOf(name)?.call(engine, fn, args, node, self) ?? EMPTY;
  }
}

export function constructBuiltin(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.NewExpression): ValueSet {
  const [first = EMPTY, second = EMPTY] = args;
  switch (fn.name) {
    case 'URL': {
      const bases = strings(second);
      const paths = strings(first);
      const urls = bases.length === 0 ? paths : paths.flatMap((path) => bases.map((base) => resolveUrl(path, base)));
      return urls.map((pattern) => stringValue(pattern));
    }
    case 'Request': {
      requestObjectUse(engine, first);
      return [requestValue(first.filter((value) => value.kind === 'string'), second, node)];
    }
    case 'Map': {
      const allocation = engine.allocate(node, 'map');
      for (const entry of elementsOf(engine, first)) {
        const keys = load(engine, [entry], '0', undefined);
        const values = load(engine, [entry], '1', undefined);
        engine.write(engine.cell(allocation, keyText(keys) ?? '*'), values);
      }
      return [objectValue(allocation)];
    }
    case 'Headers':
      return [objectValue(engine.allocate(node, 'other'))];
    case 'Proxy': {
      // Its members are what the handler's `get` trap gives for their names (operations.ts).
      const holder = engine.allocate(node, 'other');
      engine.write(engine.cell(holder, 'target'), first);
      engine.write(engine.cell(holder, 'handler'), second);
      return [builtinValue('Proxy.instance', [objectValue(holder)])];
    }
    case 'Promise': {
      // The executor's `resolve` fills a cell; the promise is of what it holds.
      const allocation = engine.allocate(node, 'other');
      callFunctions(engine, first, [[builtinValue('promise.resolve', [objectValue(allocation)])]], node);
      return [promiseValue(engine.read(engine.cell(allocation, 'resolved')))];
    }
    case 'events.EventEmitter':
      return [eventEmitter(engine, node)];
    default:
      return modelOf(fn.name)?.construct?.(engine, fn, args, node) ?? EMPTY;
  }
}

/**
 * `new EventEmitter()`: what `emit(name, …args)` passes reaches the listeners `on(name, fn)`
 * registers, in whichever module either is written (an event name that is not a constant is any event).
 */
function eventEmitter(engine: Engine, node: TSESTree.Node): Value {
  const emitter = objectValue(engine.allocate(node, 'other'));
  makeEmitter(engine, emitter);
  return emitter;
}

/**
 * An object (or the instance of a class that extends `EventEmitter`, `class DomainBus extends
 * EventEmitter {}`) gets the emitter's methods, which pass events through its own cells: one
 * instance injected in two classes is one bus.
 */
export function inheritBuiltin(engine: Engine, parent: BuiltinValue, self: Value): void {
  if (parent.name === 'events.EventEmitter') makeEmitter(engine, self);
  else modelOf(parent.name)?.inherit?.(engine, parent, self);
}

export function makeEmitter(engine: Engine, emitter: Value): void {
  if (emitter.kind !== 'object' && emitter.kind !== 'instance') return;
  for (const method of ['on', 'once', 'addListener', 'prependListener', 'prependOnceListener']) engine.write(engine.cell(emitter.allocation, method), [builtinValue('events.on', [emitter])]);
  engine.write(engine.cell(emitter.allocation, 'emit'), [builtinValue('events.emit', [emitter])]);
}

const EVENT_ARGUMENTS = 4;

function eventKey(name: ValueSet): string {
  return constantKey(name) ?? '*';
}

function emitEvent(engine: Engine, emitters: ValueSet, args: readonly ValueSet[]): ValueSet {
  const key = eventKey(args[0] ?? EMPTY);
  for (const emitter of emitters) {
    if (emitter.kind !== 'object' && emitter.kind !== 'instance') continue;
    for (let i = 0; i < EVENT_ARGUMENTS; i++) engine.write(engine.cell(emitter.allocation, `event:${key}:${i}`), args[i + 1] ?? EMPTY);
  }
  return EMPTY;
}

function listen(engine: Engine, emitters: ValueSet, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const key = eventKey(args[0] ?? EMPTY);
  const passed: ValueSet[] = [];
  for (let i = 0; i < EVENT_ARGUMENTS; i++) {
    let values = EMPTY;
    for (const emitter of emitters) {
      if (emitter.kind !== 'object' && emitter.kind !== 'instance') continue;
      values = union(values, engine.read(engine.cell(emitter.allocation, `event:${key}:${i}`)));
      if (key !== '*') values = union(values, engine.read(engine.cell(emitter.allocation, `event:*:${i}`)));
    }
    passed.push(values);
  }
  callFunctions(engine, args[1] ?? EMPTY, passed, node);
  return emitters;
}

/** `p.then(cb)`: cb gets what p resolves to, and the result is a promise of what cb returns (awaited). */
function then(engine: Engine, promise: ValueSet, callback: ValueSet, node: TSESTree.Node): ValueSet {
  if (callback.length === 0) return promise;
  const resolved = awaited(engine, promise);
  const results = callFunctions(engine, callback, [resolved], node);
  return results.length > 0 ? [promiseValue(awaited(engine, results))] : EMPTY;
}

/** `Promise.all([a, b])`: an array whose elements are what a and b resolve to, position by position. */
function settledArray(engine: Engine, iterable: ValueSet, node: TSESTree.Node, settled: boolean): ValueSet {
  const result = engine.allocate(node, 'other');
  const wrap = (values: ValueSet, at: string) => {
    if (!settled) return values;
    const holder = engine.allocate(node, 'other');
    const id = `${holder.id}:${at}`;
    engine.write(engine.cell(id, 'value'), values);
    return [objectValue({ ...holder, id })];
  };
  for (const array of iterable) {
    if (array.kind !== 'array') continue;
    for (const [key, cell] of engine.cells(array.allocation)) {
      engine.write(engine.cell(result, key), wrap(awaited(engine, engine.read(cell)), key));
    }
  }
  return [arrayValue(result)];
}

/** Calls every function in `callee` with `args`; what they return. */
/**
 * `Object.assign(target, …sources)`: the sources are copied into the target. A target a call has
 * just made (`$.extend(ajaxDefaults(), { url })`) is a new object at each call, but one allocation
 * to the engine: copying into it would give every caller's options to every request, so the copy
 * is a new object of its own.
 */
function assign(engine: Engine, args: readonly ValueSet[], node: TSESTree.Node, targetIndex: number): ValueSet {
  const [target = EMPTY, ...sources] = args;
  const targetNode = node.type === T.CallExpression ? node.arguments[targetIndex] : undefined;
  if (targetNode?.type === T.CallExpression || targetNode?.type === T.NewExpression) {
    const copy = engine.allocate(node, 'other');
    engine.write(engine.cell(copy, '...'), unionAll([target, ...sources]));
    return [objectValue(copy)];
  }
  for (const holder of target) {
    if (holder.kind === 'object' || holder.kind === 'instance') engine.write(engine.cell(holder.allocation, '...'), unionAll(sources));
  }
  return target;
}

function isBooleanArgument(node: TSESTree.Node): boolean {
  const first = node.type === T.CallExpression ? node.arguments[0] : undefined;
  return first?.type === T.Literal && typeof first.value === 'boolean';
}

function callFunctions(engine: Engine, callee: ValueSet, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  return call(engine, callee, args, EMPTY, node);
}

const SAME_ELEMENTS = new Set(['filter', 'slice', 'concat', 'reverse', 'sort', 'toSorted', 'toReversed', 'toSpliced', 'splice', 'values', 'with', 'flat']);
const ONE_ELEMENT = new Set(['at', 'pop', 'shift', 'find', 'findLast']);
const CALLBACK_ONLY = new Set(['forEach', 'some', 'every', 'findIndex', 'findLastIndex']);

/**
 * An array method on an array (or an array of the service's data): callbacks get the elements,
 * `map` and `flatMap` make arrays of what they return, `filter`, `slice`… keep the elements,
 * `find`, `at`… give one, `push` adds to the array.
 */
function arrayMethod(engine: Engine, method: string, receiver: ValueSet, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const elements = elementsOf(engine, receiver);
  // `items.forEach(builder.add, builder)`: the second argument is the callback's `this`.
  const [callback = EMPTY, thisArg = EMPTY] = args;
  switch (method) {
    case 'map':
    case 'flatMap': {
      const returned = call(engine, callback, [elements, EMPTY, receiver], thisArg, node);
      const mapped = method === 'flatMap' ? flattenOnce(engine, returned) : returned;
      return [arrayOf(engine, node, mapped)];
    }
    case 'reduce':
    case 'reduceRight': {
      const initial = args[1] ?? EMPTY;
      const returned = callFunctions(engine, callback, [union(initial, elements), elements], node);
      return union(initial, returned);
    }
    case 'push':
    case 'unshift':
      for (const target of receiver) if (target.kind === 'array') engine.write(engine.cell(target.allocation, '[]'), unionAll(args));
      return EMPTY;
    case 'entries':
      return [arrayOf(engine, node, [arrayOf(engine, node, elements, 'pair')], 'entries')];
    default:
      break;
  }
  if (CALLBACK_ONLY.has(method) || method === 'filter' || method === 'find' || method === 'findLast' || method === 'sort' || method === 'toSorted') {
    if (method === 'sort' || method === 'toSorted') callFunctions(engine, callback, [elements, elements], node);
    else if (callback.length > 0) call(engine, callback, [elements, EMPTY, receiver], thisArg, node);
  }
  if (ONE_ELEMENT.has(method)) return elements;
  if (SAME_ELEMENTS.has(method)) {
    const more = method === 'concat' ? unionAll(args.map((arg) => union(elementsOf(engine, arg), arg.filter((value) => value.kind !== 'array')))) : EMPTY;
    const flat = method === 'flat' ? elementsOf(engine, elements) : EMPTY;
    // An array of the service's data stays that array; a literal array becomes a new one with the same elements.
    const service = receiver.filter((value) => value.kind === 'response');
    return union(service, [arrayOf(engine, node, unionAll([elements, more, flat]))]);
  }
  return EMPTY;
}

/**
 * `rows.map((r) => ({ … }))` on a value the analysis knows nothing about (parsed JSON, a database's
 * rows): most likely an array, and what it makes is an array of what the callback returns, which
 * may be a request body (`bulkIndex({ employees: rows.map(…) })`).
 */
export function unknownArrayMethod(engine: Engine, method: string | undefined, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  if ((method !== 'map' && method !== 'flatMap') || !args[0]?.some((value) => value.kind === 'function')) return EMPTY;
  return arrayMethod(engine, method, EMPTY, args, node);
}

/** String methods that keep a path recognisable: `replace('{id}', id)` on a path template, `concat`, `trim`. */
function stringMethod(engine: Engine, method: string, receiver: ValueSet, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const patterns = receiver.flatMap((value) => (value.kind === 'string' ? [value.pattern] : []));
  switch (method) {
    case 'concat':
      return patterns.map((pattern) => stringValue(concat(pattern, ...args.map((arg) => firstPattern(arg)))));
    case 'replace':
    case 'replaceAll': {
      const search = args[0]?.find((value): value is StringValue => value.kind === 'string');
      const searchText = search && constantText(search.pattern);
      const regex = node.type === T.CallExpression ? regexLiteral(node.arguments[0]) : undefined;
      // A replacement the engine cannot tell (a function filling `{id}` from the request) leaves unknown text.
      if (searchText === undefined && regex) {
        const replacement = constantText(firstPattern(args[1] ?? EMPTY));
        return patterns.flatMap((pattern) => {
          const replaced = replaceMatches(pattern, regex, replacement);
          return replaced ? [stringValue(replaced)] : [];
        });
      }
      if (searchText === undefined) return EMPTY;
      const replacement = firstPattern(args[1] ?? EMPTY);
      return patterns.map((pattern) => stringValue(replaceIn(pattern, searchText, replacement)));
    }
    case 'split': {
      const separator = constantText(firstPattern(args[0] ?? EMPTY));
      return separator ? patterns.map((pattern) => splitArray(engine, node, pattern, separator)) : EMPTY;
    }
    case 'slice':
      return EMPTY;
    default:
      return receiver;
  }
}

function regexLiteral(node: TSESTree.Node | undefined): RegExp | undefined {
  const regex = node?.type === T.Literal ? (node as TSESTree.RegExpLiteral).regex : undefined;
  if (!regex) return undefined;
  try {
    return new RegExp(regex.pattern, regex.flags);
  } catch {
    return undefined;
  }
}

/**
 * `endpoint.replace(/^\//, '')`, `base.replace(/\/+$/, '')`: a regular expression applied to the
 * text the string is known to hold, piece by piece; one anchored at the start (or end) only to
 * the first (or last) piece, and only when that piece is known text.
 */
function replaceMatches(pattern: StringPattern, regex: RegExp, replacement: string | undefined): StringPattern | undefined {
  const known = pattern.every((piece) => isTextPiece(piece));
  const atStart = regex.source.startsWith('^') && !regex.source.includes('|');
  const atEnd = regex.source.endsWith('$') && !regex.source.endsWith('\\$') && !regex.source.includes('|');
  // With unknown parts, only a regular expression anchored at one end is applied, to the piece at that end:
  // any other may match across the unknown text, or not at all.
  if (!known && !atStart && !atEnd) return undefined;
  if (known && pattern.length > 1 && !matchesWithinPieces(pattern as readonly TextPiece[], regex)) return undefined;
  return concat(
    ...pattern.map((piece, index): StringPattern => {
      if (!isTextPiece(piece)) return [piece];
      if ((atStart && index !== 0) || (atEnd && index !== pattern.length - 1)) return [piece];
      return replacedPiece(piece, regex, replacement);
    }),
  );
}

/** Whether every match of the expression in the whole text lies inside one piece, where applying it piece by piece gives the same text. */
function matchesWithinPieces(pieces: readonly TextPiece[], regex: RegExp): boolean {
  const whole = pieces.map((piece) => piece.text).join('');
  const starts: number[] = [];
  let offset = 0;
  for (const piece of pieces) {
    starts.push(offset);
    offset += piece.text.length;
  }
  const pieceAt = (at: number) => starts.findLastIndex((start) => start <= at);
  for (const match of whole.matchAll(new RegExp(regex.source, regex.flags.includes('g') ? regex.flags : `${regex.flags}g`))) {
    if (match[0] !== '' && pieceAt(match.index) !== pieceAt(match.index + match[0].length - 1)) return false;
    if (!regex.flags.includes('g')) {
      // Applied once to the whole text, it is applied once in all: only one piece may match on its own.
      return pieces.filter((piece) => new RegExp(regex.source, regex.flags.replace('g', '')).test(piece.text)).length <= 1;
    }
    if (match[0] === '') break;
  }
  return true;
}

/** One piece of text with the regular expression replaced; each match unknown text when the replacement is not known. */
function replacedPiece(piece: TextPiece, regex: RegExp, replacement: string | undefined): StringPattern {
  if (replacement !== undefined) {
    const text = piece.text.replace(regex, replacement);
    return text === '' ? [] : [{ ...piece, text }];
  }
  const out: Piece[] = [];
  let last = 0;
  for (const match of piece.text.matchAll(new RegExp(regex.source, regex.flags.includes('g') ? regex.flags : `${regex.flags}g`))) {
    if (match.index > last) out.push({ ...piece, text: piece.text.slice(last, match.index) });
    out.push(...UNKNOWN_TEXT);
    last = match.index + match[0].length;
    if (!regex.flags.includes('g') || match[0] === '') break;
  }
  if (last < piece.text.length) out.push({ ...piece, text: piece.text.slice(last) });
  return out;
}

/**
 * `route.split(' ')` of `'POST /rest/api/v1/chat'`: an array of the parts, position by position,
 * each part keeping where its text is written; a part with unknown text is unknown there.
 */
const MAX_SPLIT_POSITIONS = 32;

function splitArray(engine: Engine, node: TSESTree.Node, pattern: StringPattern, separator: string): Value {
  const parts: Piece[][] = [[]];
  for (const piece of pattern) {
    if (!isTextPiece(piece)) {
      parts.at(-1)!.push(piece);
      continue;
    }
    piece.text.split(separator).forEach((text, i) => {
      if (i > 0) parts.push([]);
      if (text) parts.at(-1)!.push({ ...piece, text });
    });
  }
  const allocation = engine.allocate(node, 'other');
  const id = `${allocation.id}:split`;
  // Unknown text may hold the separator: positions after it are not known. A long text is a list, not a URL.
  const firstUnknown = parts.findIndex((part) => part.some((piece) => !isTextPiece(piece)));
  const positioned = Math.min(firstUnknown < 0 ? parts.length : firstUnknown + 1, MAX_SPLIT_POSITIONS);
  parts.forEach((part, index) => {
    const value = stringValue(concat(part));
    if (index < positioned) engine.write(engine.cell(id, String(index)), [value]);
    if (index < MAX_SPLIT_POSITIONS) engine.write(engine.cell(id, '[]'), [value]);
  });
  return arrayValue({ ...allocation, id });
}

function firstPattern(values: ValueSet): StringPattern {
  const found = values.find((value): value is StringValue => value.kind === 'string');
  return found ? found.pattern : UNKNOWN_TEXT;
}

function replaceIn(pattern: StringPattern, search: string, replacement: StringPattern): StringPattern {
  const pieces: Piece[] = [];
  for (const piece of pattern) {
    if (!isTextPiece(piece) || !piece.text.includes(search)) {
      pieces.push(piece);
      continue;
    }
    const parts = piece.text.split(search);
    parts.forEach((part, i) => {
      if (part) pieces.push({ text: part, origin: piece.origin });
      if (i < parts.length - 1) pieces.push(...replacement);
    });
  }
  return concat(pieces);
}

/** The cells of a `Map` that hold what a `set` of a key known by its start only wrote, by that start. */
const PREFIXED = '*:';

/** The constant starts of keys not known as text (`` `chat:${q}` `` starts with `chat:`; an unknown key with ''). */
function keyPrefixes(values: ValueSet): string[] {
  if (values.length === 0 || values.some((value) => value.kind !== 'string')) return [''];
  return [...new Set(values.map((value) => (value.kind === 'string' ? leadingText(value.pattern) : '')))];
}

/**
 * `threads.get(id)` of a key not known as text: what every `set` wrote under a key that may be the
 * same, read as it comes (a get that runs before the set that fills it still gets it), and not what
 * was set under a key that starts otherwise (`notebook:${id}` beside `chat:${q}` in one cache).
 */
function mapGetByPrefix(engine: Engine, maps: ValueSet, prefixes: readonly string[]): ValueSet {
  const compatible = (start: string) => prefixes.some((prefix) => start.startsWith(prefix) || prefix.startsWith(start));
  let result = EMPTY;
  for (const map of maps) {
    if (map.kind !== 'object') continue;
    for (const prefix of prefixes) result = union(result, engine.read(engine.cell(map.allocation, prefix === '' ? '*' : `${PREFIXED}${prefix}`)));
    for (const [name, cell] of engine.cells(map.allocation)) {
      if (name === '*' || name === PROTOTYPE) continue;
      if (name.startsWith(PREFIXED) ? compatible(name.slice(PREFIXED.length)) : prefixes.some((prefix) => name.startsWith(prefix))) result = union(result, engine.read(cell));
    }
  }
  return result;
}

function keyText(values: ValueSet): string | undefined {
  const texts = values.flatMap((value) => {
    const text = value.kind === 'string' ? constantText(value.pattern) : undefined;
    return text === undefined ? [] : [text];
  });
  return texts.length === 1 ? texts[0] : undefined;
}

/** A method of a response state (`res.json()`, superagent's `.send(body)`): the state it leads to. */
function stateCall(engine: Engine, spec: string, receiver: ValueSet, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const [target = '', bodyIndex] = splitState(spec);
  const promised = target.startsWith('promise:');
  // `text.split('\n')`: an array of values in the state.
  const listed = target.startsWith('array:');
  const state = promised ? target.slice('promise:'.length) : listed ? target.slice('array:'.length) : target;
  const result: Value[] = [];
  for (const value of receiver) {
    if (value.kind !== 'response') continue;
    if (bodyIndex !== undefined && value.endpoint) {
      // superagent's `.send(body)`: the body of the request this builder makes.
      // superagent's `.send(obj)`, or Node's `req.write(JSON.stringify(obj))`.
      for (const sent of args[bodyIndex] ?? EMPTY) {
        for (const body of sent.kind === 'serialized' ? sent.of : [sent]) {
          if (body.kind === 'object' || body.kind === 'array') for (const position of value.endpoint.request) engine.demand({ allocation: body.allocation, position, endpoint: value.endpoint });
        }
      }
    }
    result.push(responseValue(state, value.position, value.endpoint));
  }
  if (result.length === 0) return EMPTY;
  if (listed) return [arrayOf(engine, node, result)];
  return promised ? [promiseValue(result)] : result;
}

function splitState(spec: string): [string, number | undefined] {
  const match = /^(.*?)(?::(\d+))?$/.exec(spec)!;
  return [match[1]!, match[2] === undefined ? undefined : Number(match[2])];
}

// ---- React and data-fetching hooks ------------------------------------------------------------

function useState(engine: Engine, initial: ValueSet, node: TSESTree.Node): ValueSet {
  const holder = engine.allocate(node, 'other');
  const state = engine.cell(holder, 'state');
  // `useState(() => initial)` runs the initializer.
  const init = union(initial.filter((value) => value.kind !== 'function'), callFunctions(engine, initial.filter((value) => value.kind === 'function'), [], node));
  engine.write(state, init);
  return [pairOf(engine, node, [engine.read(state), [builtinValue('react.setState', [objectValue(holder)])]])];
}

/** `useReducer(reducer, initialArg, init?)`: the state is the initial one and what the reducer returns for each action dispatched. */
function useReducer(engine: Engine, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const [reducer = EMPTY, initialArg = EMPTY, init = EMPTY] = args;
  const holder = engine.allocate(node, 'other');
  const state = engine.cell(holder, 'state');
  engine.write(engine.cell(holder, 'reducer'), reducer.filter((value) => value.kind === 'function'));
  engine.write(state, init.length > 0 ? callFunctions(engine, init, [initialArg], node) : initialArg);
  return [pairOf(engine, node, [engine.read(state), [builtinValue('react.dispatch', [objectValue(holder)])]])];
}

/** `createContext(initial)`: an object whose `value` is every value a Provider was given, and its `Provider` component. */
function createContext(engine: Engine, initial: ValueSet, node: TSESTree.Node): ValueSet {
  const context = engine.allocate(node, 'other');
  const value = objectValue(context);
  engine.write(engine.cell(context, 'value'), initial);
  engine.write(engine.cell(context, 'Provider'), [builtinValue('react.Provider', [value])]);
  return [value];
}

function contextValue(engine: Engine, contexts: ValueSet): ValueSet {
  return load(engine, contexts.filter((context) => context.kind === 'object'), 'value', undefined);
}

/** `useQuery({ queryKey, queryFn, select })` or `useQuery(key, fn)`: `data` is what queryFn resolves to (through `select`). */
function useQuery(engine: Engine, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const [first = EMPTY, second = EMPTY] = args;
  const options = first.filter((value) => value.kind === 'object');
  const fn = union(load(engine, options, 'queryFn', undefined), second.filter((value) => value.kind === 'function'));
  const key = union(load(engine, options, 'queryKey', undefined), first.filter((value) => value.kind !== 'object'));
  // `useQuery<ChatResponse>(…)`: the data is also what the type argument says.
  let data = union(awaited(engine, callFunctions(engine, fn, [[queryContext(engine, node, key)]], node)), callTypeArgument(engine, node));
  const select = load(engine, options, 'select', undefined);
  if (select.length > 0) data = union(data, callFunctions(engine, select, [data], node));
  return [queryResult(engine, node, data)];
}

function queryContext(engine: Engine, node: TSESTree.Node, key: ValueSet): Value {
  const context = engine.allocate(node, 'other');
  const id = `${context.id}:context`;
  engine.write(engine.cell(id, 'queryKey'), key);
  return objectValue({ ...context, id });
}

function queryResult(engine: Engine, node: TSESTree.Node, data: ValueSet): Value {
  const result = engine.allocate(node, 'other');
  engine.write(engine.cell(result, 'data'), data);
  return objectValue(result);
}

/** `useMutation({ mutationFn })`: `mutate(v)`/`mutateAsync(v)` call mutationFn, whose result is `data`. */
function useMutation(engine: Engine, options: ValueSet, node: TSESTree.Node): ValueSet {
  const fn = load(engine, options.filter((value) => value.kind === 'object'), 'mutationFn', undefined);
  const result = engine.allocate(node, 'other');
  const data = awaited(engine, callFunctions(engine, fn, [EMPTY], node));
  engine.write(engine.cell(result, 'data'), data);
  const onSuccess = load(engine, options, 'onSuccess', undefined);
  if (onSuccess.length > 0) callFunctions(engine, onSuccess, [data], node);
  engine.write(engine.cell(result, 'fn'), fn);
  engine.write(engine.cell(result, 'mutate'), [builtinValue('query.mutate', [objectValue(result)])]);
  engine.write(engine.cell(result, 'mutateAsync'), [builtinValue('query.mutateAsync', [objectValue(result)])]);
  return [objectValue(result)];
}

const SPREAD_POSITIONS = [0, 1, 2, 3, 4, 5, 6, 7];

/** lodash's (and underscore's) collection helpers that give the collection's elements back, in a new array or one of them. */
const LODASH_SAME = new Set(['compact', 'uniq', 'uniqBy', 'sortBy', 'orderBy', 'filter', 'reject', 'take', 'takeRight', 'drop', 'dropRight', 'without', 'shuffle', 'sampleSize', 'toArray', 'values']);
const LODASH_ONE = new Set(['first', 'head', 'last', 'find', 'findLast', 'nth', 'sample', 'maxBy', 'minBy']);
/** Helpers that give back a copy of the object they are handed, or the objects they merge. */
// Not `pick` and `omit`: what they give has only some of the keys, and a body judged on all of them would report a field the code leaves out.
const LODASH_COPYING = new Set(['cloneDeep', 'clone', 'identity']);
const LODASH_MERGING = new Set(['defaults', 'defaultsDeep', 'merge', 'assign', 'extend']);
/** `_.omitBy(info, _.isUndefined)`, `_.pickBy(info, _.identity)`: a copy without its empty values, which keeps every key the code gives a value. */
const LODASH_VALUE_FILTERS = new Set(['omitBy', 'pickBy']);
const EMPTINESS_TESTS = new Set(['isUndefined', 'isNil', 'isNull', 'isEmpty', 'identity', 'Boolean']);
const LODASH = new Set([...LODASH_SAME, ...LODASH_ONE, ...LODASH_COPYING, ...LODASH_MERGING, ...LODASH_VALUE_FILTERS, 'get', 'map', 'flatMap', 'flatMapDeep', 'forEach', 'each', 'flatten', 'flattenDeep', 'castArray']);

/**
 * `_.map(messages, 'citations')`, `_.get(res, 'data.results')`, `_.compact(reports)`: lodash's
 * helpers move the service's values as the array methods and member reads they stand for. A
 * string path or shorthand is read, not reported: a finding needs a written member or key.
 */
function lodashCall(engine: Engine, name: string, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const [collection = EMPTY, iteratee = EMPTY] = args;
  const callbacks = iteratee.filter((value) => value.kind === 'function');
  const keys = pathStrings(engine, iteratee);
  const elements = elementsOf(engine, collection);
  switch (name) {
    case 'get': {
      const read = unionAll(keys.map(({ text, use }) => pathSegments(text).reduce((values, segment) => load(engine, values, segment, use), collection)));
      return union(read, args[2] ?? EMPTY);
    }
    case 'map':
    case 'flatMap':
    case 'flatMapDeep': {
      const viaCallback = callbacks.length > 0 ? arrayMethod(engine, name === 'map' ? 'map' : 'flatMap', collection, [callbacks], node) : EMPTY;
      const picked = unionAll(keys.map(({ text, use }) => load(engine, elements, text, use)));
      const viaKey = picked.length === 0 ? EMPTY : [arrayOf(engine, node, name === 'map' ? picked : union(elementsOf(engine, picked), picked.filter((value) => value.kind !== 'array')))];
      return union(viaCallback, viaKey);
    }
    case 'forEach':
    case 'each':
      arrayMethod(engine, 'forEach', collection, [callbacks], node);
      return collection;
    case 'flatten':
    case 'flattenDeep':
      return [arrayOf(engine, node, union(elementsOf(engine, elements), elements.filter((value) => value.kind !== 'array')))];
    case 'castArray':
      return union(collection.filter((value) => value.kind === 'array'), [arrayOf(engine, node, collection.filter((value) => value.kind !== 'array'))]);
    default:
      if (LODASH_ONE.has(name)) return arrayMethod(engine, 'find', collection, [callbacks], node);
      if (LODASH_SAME.has(name)) return arrayMethod(engine, 'filter', collection, [callbacks], node);
      if (LODASH_MERGING.has(name)) return unionAll(args);
      if (LODASH_COPYING.has(name)) return collection;
      if (LODASH_VALUE_FILTERS.has(name)) return testsEmptiness(node) ? collection : EMPTY;
      return EMPTY;
  }
}

/** Whether a `pickBy`/`omitBy` call's predicate is absent or one that tests a value for emptiness, not its key. */
function testsEmptiness(node: TSESTree.Node): boolean {
  if (node.type !== T.CallExpression) return false;
  const predicate = node.arguments[1];
  if (predicate === undefined) return true;
  const name = predicate.type === T.Identifier ? predicate.name : predicate.type === T.MemberExpression && !predicate.computed && predicate.property.type === T.Identifier ? predicate.property.name : undefined;
  return name !== undefined && EMPTINESS_TESTS.has(name);
}

/** lodash's one-method modules: `lodash/get`, `lodash-es/get.js`, the `lodash.get` package. */
function lodashMethodImport(specifier: string, exported: string): ValueSet {
  const method = /^(?:lodash(?:-es)?\/(\w+)(?:\.js)?|lodash\.(\w+))$/.exec(specifier);
  const name = method?.[1] ?? method?.[2]?.toLowerCase();
  if (!name || (exported !== 'default' && exported !== '*')) return EMPTY;
  const known = [...LODASH].find((candidate) => candidate.toLowerCase() === name);
  return known ? [builtinValue(`lodash.${known}`)] : EMPTY;
}

const NUXT_FETCH = new Set(['useFetch', 'useLazyFetch']);

/**
 * Nuxt's `useFetch(url, { baseURL, method, body, transform })`: the request `$fetch` makes, whose
 * body goes through `transform`; `data` is a ref of the result, and awaiting the call gives the same.
 */
function nuxtFetch(engine: Engine, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const [url = EMPTY, options = EMPTY] = args;
  const body = awaited(engine, callFunctions(engine, libraryGlobal(engine, '$fetch'), [url, options], node));
  const transform = load(engine, options.filter((value) => value.kind === 'object'), 'transform', undefined);
  const data = transform.length > 0 ? callFunctions(engine, transform, [body], node) : body;
  const ref = engine.allocate(node, 'other');
  const refId = `${ref.id}:data`;
  engine.write(engine.cell(refId, 'value'), data);
  return [queryResult(engine, node, [objectValue({ ...ref, id: refId })])];
}

/**
 * Raycast's `useFetch(url, { method, body, parseResponse, mapResult })`: a fetch whose `data` is
 * what `parseResponse` makes of the Response (its JSON by default), or `mapResult`'s `data`.
 */
function raycastFetch(engine: Engine, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const [url = EMPTY, options = EMPTY] = args;
  const response = awaited(engine, callFunctions(engine, libraryGlobal(engine, 'fetch'), [url, options], node));
  const objects = options.filter((value) => value.kind === 'object');
  const parse = load(engine, objects, 'parseResponse', undefined);
  let data = parse.length > 0 ? awaited(engine, callFunctions(engine, parse, [response], node)) : parsedJson(engine, response, node);
  const mapResult = load(engine, objects, 'mapResult', undefined);
  if (mapResult.length > 0) data = load(engine, callFunctions(engine, mapResult, [data], node), 'data', undefined);
  return [queryResult(engine, node, union(data, callTypeArgument(engine, node)))];
}

/** `useSWR(key, fetcher)`: the fetcher is called with the key; `data` is what it resolves to. */
function swr(engine: Engine, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const [key = EMPTY, fetcher = EMPTY] = args;
  // `useSWR<GetAnswerResponse>('/api/answers/1', fetcher)`: typed by the app, whose own route may stand between.
  const data = union(awaited(engine, callFunctions(engine, fetcher, [key], node)), callTypeArgument(engine, node));
  return [queryResult(engine, node, data)];
}

function swrMutation(engine: Engine, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const [key = EMPTY, fetcher = EMPTY] = args;
  const data = awaited(engine, callFunctions(engine, fetcher, [key, EMPTY], node));
  return [queryResult(engine, node, data)];
}

