import type { TSESTree } from '../ts-eslint-lite.js';
import type { Engine } from './engine.js';
import type { FrameworkModel } from './framework-model.js';
import { call, constantKey, elementsOf, load } from './operations.js';
import { builtinValue, EMPTY, objectValue, union, type BuiltinValue, type Value, type ValueSet } from './values.js';

/**
 * hapi: plugins registered on the server (`server.register({ plugin, options })`) run with it and
 * their options; what they put on it (`server.app.search = client`, `server.decorate('server',
 * 'glean', …)`, `server.method('getPolicy', fn)`) is what route handlers read through
 * `request.server` (`request.server.app.search`, `request.server.methods.getPolicy(id)`), and
 * `server.route({ method, path, handler })` runs its handler with such a request. One server per
 * project, as with Fastify: plugins share the app's server.
 */
const SERVER = 'hapi:server';
const REQUEST = 'hapi:request';
const APP = 'hapi:app';
const METHODS = 'hapi:methods';
const API = ['register', 'route', 'method', 'decorate', 'ext'];

function hapiImport(specifier: string, exported: string): ValueSet {
  if (specifier !== '@hapi/hapi' && specifier !== 'hapi') return EMPTY;
  if (exported === 'default' || exported === '*') return [builtinValue('hapi')];
  return exported === 'server' || exported === 'Server' ? [builtinValue('hapi.server')] : EMPTY;
}

function isHapiBuiltin(name: string): boolean {
  return name === 'hapi' || name.startsWith('hapi.');
}

function hapiMember(_engine: Engine, value: BuiltinValue, key: string): ValueSet {
  return value.name === 'hapi' && (key === 'server' || key === 'Server') ? [builtinValue('hapi.server')] : EMPTY;
}

function callHapi(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const [first = EMPTY, second = EMPTY, third = EMPTY] = args;
  const server = serverOf(engine, node);
  switch (fn.name) {
    case 'hapi.server':
      return [server];
    case 'hapi.register':
      // A plugin, `{ plugin, options }`, or a list of them; a plugin module may export `{ plugin: { register } }`.
      for (const entry of union(first.filter((value) => value.kind !== 'array'), elementsOf(engine, first))) {
        const plugins = union([entry], load(engine, [entry], 'plugin', undefined));
        const register = union(load(engine, plugins, 'register', undefined), load(engine, load(engine, plugins, 'plugin', undefined), 'register', undefined));
        call(engine, register.filter((value) => value.kind === 'function'), [[server], load(engine, [entry], 'options', undefined)], EMPTY, node);
      }
      return EMPTY;
    case 'hapi.route':
      for (const route of union(first.filter((value) => value.kind !== 'array'), elementsOf(engine, first))) {
        const handlers = union(load(engine, [route], 'handler', undefined), load(engine, load(engine, [route], 'options', undefined), 'handler', undefined));
        call(engine, handlers.filter((value) => value.kind === 'function'), [requestOf(engine, node), [objectValue({ ...engine.allocate(node, 'other'), id: 'hapi:toolkit' })]], EMPTY, node);
      }
      return EMPTY;
    case 'hapi.ext':
      call(engine, union(second, load(engine, first, 'method', undefined)).filter((value) => value.kind === 'function'), [requestOf(engine, node), EMPTY], EMPTY, node);
      return EMPTY;
    case 'hapi.method': {
      // `server.method(name, fn)` or `server.method([{ name, method }])`.
      const entries = first.some((value) => value.kind === 'string') ? [[first, second] as const] : elementsOf(engine, first).map((entry) => [load(engine, [entry], 'name', undefined), load(engine, [entry], 'method', undefined)] as const);
      for (const [name, method] of entries) {
        const key = constantKey(name);
        if (key) defineMethod(engine, node, key.split('.'), method);
      }
      return EMPTY;
    }
    case 'hapi.decorate': {
      const key = constantKey(second);
      const target = constantKey(first);
      if (key && (target === 'server' || target === 'request')) engine.write(engine.cell(target === 'server' ? SERVER : REQUEST, key), third);
      return EMPTY;
    }
    default:
      return EMPTY;
  }
}

/** The project's one server: its API, its `app` and its `methods`. */
function serverOf(engine: Engine, node: TSESTree.Node): Value {
  const server = objectValue({ ...engine.allocate(node, 'other'), id: SERVER });
  const api = engine.cell(SERVER, 'register');
  if (api.values.length === 0) {
    for (const name of API) engine.write(engine.cell(SERVER, name), [builtinValue(`hapi.${name}`)]);
    engine.write(engine.cell(SERVER, 'app'), [objectValue({ ...engine.allocate(node, 'other'), id: APP })]);
    engine.write(engine.cell(SERVER, 'methods'), [objectValue({ ...engine.allocate(node, 'other'), id: METHODS })]);
  }
  return server;
}

/** `server.method('glean.getPolicy', fn)` is `server.methods.glean.getPolicy`. */
function defineMethod(engine: Engine, node: TSESTree.Node, path: readonly string[], method: ValueSet): void {
  let holder = METHODS;
  for (const segment of path.slice(0, -1)) {
    const next = `${holder}.${segment}`;
    engine.write(engine.cell(holder, segment), [objectValue({ ...engine.allocate(node, 'other'), id: next })]);
    holder = next;
  }
  engine.write(engine.cell(holder, path.at(-1)!), method);
}

function requestOf(engine: Engine, node: TSESTree.Node): ValueSet {
  engine.write(engine.cell(REQUEST, 'server'), [serverOf(engine, node)]);
  return [objectValue({ ...engine.allocate(node, 'other'), id: REQUEST })];
}

export const hapiModel: FrameworkModel = { imports: hapiImport, owns: isHapiBuiltin, member: hapiMember, call: callHapi, construct: (engine, fn, args, node) => callHapi(engine, fn, args, node) };
