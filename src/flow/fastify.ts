import type { TSESTree } from '../ts-eslint-lite.js';
import type { Engine } from './engine.js';
import { call, load } from './operations.js';
import { constantText } from './strings.js';
import { builtinValue, EMPTY, objectValue, type BuiltinValue, type Value, type ValueSet } from './values.js';
import type { FrameworkModel } from './framework-model.js';

/**
 * Fastify: what a plugin hangs on the server (`fastify.decorate('glean', service)`) is what route
 * handlers read as `this.glean` (function handlers run with the server as `this`), as
 * `request.server.glean`, or as `fastify.glean` in another plugin. `register(plugin, options)` runs
 * the plugin with the server; `get`/`post`/…/`route` run their handler with a request whose
 * `server` is the server; `addHook` runs its hook so. The engine keeps one server per project,
 * as `fastify-plugin` shares decorations with the whole app.
 */
const SERVER = 'fastify:server';
const REQUEST = 'fastify:request';
const ROUTE_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all']);

export function fastifyImport(specifier: string, exported: string): ValueSet {
  if (specifier === 'fastify') return exported === 'default' || exported === '*' || exported === 'fastify' || exported === 'Fastify' ? [builtinValue('fastify.server')] : EMPTY;
  if (specifier === 'fastify-plugin') return exported === 'default' || exported === '*' ? [builtinValue('fastify.plugin')] : EMPTY;
  return EMPTY;
}

export function isFastifyBuiltin(name: string): boolean {
  return name.startsWith('fastify.');
}

export function callFastify(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const [first = EMPTY, second = EMPTY] = args;
  const server = serverOf(engine, node);
  switch (fn.name) {
    case 'fastify.server':
      return [server];
    case 'fastify.plugin':
      return first;
    case 'fastify.decorate':
    case 'fastify.decorateRequest': {
      const name = first.map((value) => (value.kind === 'string' ? constantText(value.pattern) : undefined)).find((text) => text !== undefined);
      if (name) engine.write(engine.cell(fn.name === 'fastify.decorate' ? SERVER : REQUEST, name), second);
      return [server];
    }
    case 'fastify.register':
      call(engine, first, [[server], second], EMPTY, node);
      return [server];
    case 'fastify.addHook':
      call(engine, args.at(-1) ?? EMPTY, [requestOf(engine, node), EMPTY], [server], node);
      return [server];
    case 'fastify.route': {
      // `fastify.route({ method, url, handler })`, or `fastify.post(url, [options,] handler)` (the options may hold the handler).
      const handlers = [...args.slice(1), ...(args.length === 1 ? [load(engine, first, 'handler', undefined)] : [load(engine, second, 'handler', undefined)])];
      for (const handler of handlers) call(engine, handler.filter((value) => value.kind === 'function'), [requestOf(engine, node), EMPTY], [server], node);
      return [server];
    }
    default:
      return EMPTY;
  }
}

/** The project's one server, its API in its cells beside what plugins decorate it with. */
function serverOf(engine: Engine, node: TSESTree.Node): Value {
  const allocation = { ...engine.allocate(node, 'other'), id: SERVER };
  const server = objectValue(allocation);
  const api = engine.cell(SERVER, 'register');
  if (api.values.length === 0) {
    engine.write(api, [builtinValue('fastify.register')]);
    for (const name of ['decorate', 'decorateRequest', 'addHook', 'route', ...ROUTE_METHODS]) {
      engine.write(engine.cell(SERVER, name), [builtinValue(ROUTE_METHODS.has(name) ? 'fastify.route' : `fastify.${name}`)]);
    }
  }
  return server;
}

function requestOf(engine: Engine, node: TSESTree.Node): ValueSet {
  const allocation = { ...engine.allocate(node, 'other'), id: REQUEST };
  engine.write(engine.cell(REQUEST, 'server'), [serverOf(engine, node)]);
  return [objectValue(allocation)];
}

export const fastifyModel: FrameworkModel = { imports: fastifyImport, owns: isFastifyBuiltin, call: callFastify };
