import type { TSESTree } from '../ts-eslint-lite.js';
import type { Engine } from './engine.js';
import { libraryGlobal } from './library.js';
import { awaited, call, load, parsedJson } from './operations.js';
import { callTypeArgument } from './types.js';
import { text } from './strings.js';
import { builtinValue, EMPTY, objectValue, serializedValue, stringValue, union, type BuiltinValue, type ValueSet } from './values.js';
import type { FrameworkModel } from './framework-model.js';

/**
 * VueUse's `useFetch(url, init?, options?)`: a chain whose `get()`/`post(body)`/`put(body)`/…
 * set the request and `json()`/`text()` how it is read, and whose `data` is a ref of what the
 * request resolved to. To the engine each request the chain is set to is a `fetch`, sent with the
 * body serialized as VueUse sends it (a ref given as the body is unwrapped), and `data.value` is
 * the response's body.
 */
const MODULES = new Set(['@vueuse/core']);
const SENDING = new Set(['get', 'post', 'put', 'patch', 'delete', 'head']);
const READING = new Set(['json', 'text', 'blob', 'arrayBuffer', 'formData']);

export function vueuseImport(specifier: string, exported: string): ValueSet {
  return MODULES.has(specifier) && exported === 'useFetch' ? [builtinValue('vueuse.useFetch')] : EMPTY;
}

export function isVueuseBuiltin(name: string): boolean {
  return name.startsWith('vueuse.');
}

export function vueuseMember(engine: Engine, value: BuiltinValue, key: string | undefined): ValueSet {
  if (value.name !== 'vueuse.chain' || key === undefined) return EMPTY;
  const chain = value.receiver ?? EMPTY;
  if (SENDING.has(key)) return [builtinValue(`vueuse.send.${key.toUpperCase()}`, chain)];
  if (READING.has(key)) return [builtinValue('vueuse.read', chain)];
  if (key === 'data' || key === 'execute') sendUnlessSent(engine, chain);
  return load(engine, chain, key, undefined);
}

export function callVueuse(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  if (fn.name === 'vueuse.useFetch') return useFetch(engine, args, node);
  const chain = fn.receiver ?? EMPTY;
  if (fn.name === 'vueuse.read') {
    sendUnlessSent(engine, chain);
    // `.json<ChatResponse>()`: the data is what the type argument says too.
    const typed = callTypeArgument(engine, node);
    if (typed.length > 0) resolve(engine, chain, typed);
    return [builtinValue('vueuse.chain', chain)];
  }
  if (fn.name.startsWith('vueuse.send.')) {
    // (`.post(body)` is evaluated before the `.json()` and the reads after it: the chain's own request, instead of the default.)
    const body = args[0] ?? EMPTY;
    const unwrapped = union(body.filter((value) => value.kind !== 'builtin'), load(engine, body, 'value', undefined));
    send(engine, chain, fn.name.slice('vueuse.send.'.length), unwrapped, node);
    return [builtinValue('vueuse.chain', chain)];
  }
  return EMPTY;
}

function useFetch(engine: Engine, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const [url = EMPTY, init = EMPTY] = args;
  const allocation = engine.allocate(node, 'other');
  const data = { ...allocation, id: `${allocation.id}:data` };
  engine.write(engine.cell(allocation, 'url'), url);
  engine.write(engine.cell(allocation, 'init'), init.filter((value) => value.kind === 'object'));
  engine.write(engine.cell(allocation, 'data'), [objectValue(data)]);
  return [builtinValue('vueuse.chain', [objectValue(allocation)])];
}

/** A chain whose `get()`/`post(…)`/… nothing called sends what its init says (a GET by default) once it is read. */
function sendUnlessSent(engine: Engine, chain: ValueSet): void {
  if (load(engine, chain, 'sent', undefined).length > 0) return;
  for (const value of chain) if (value.kind === 'object') send(engine, [value], undefined, EMPTY, value.allocation.node);
}

function send(engine: Engine, chain: ValueSet, method: string | undefined, body: ValueSet, node: TSESTree.Node): void {
  for (const value of chain) if (value.kind === 'object') engine.write(engine.cell(value.allocation, 'sent'), [builtinValue('vueuse.sent')]);
  const url = load(engine, chain, 'url', undefined);
  const init = load(engine, chain, 'init', undefined);
  let options = init;
  if (method !== undefined) {
    const allocation = engine.allocate(node, 'other');
    const id = `${allocation.id}:${method}`;
    engine.write(engine.cell(id, '...'), init);
    engine.write(engine.cell(id, 'method'), [stringValue(text(method, node))]);
    if (body.length > 0) engine.write(engine.cell(id, 'body'), [serializedValue(body)]);
    options = [objectValue({ ...allocation, id })];
  }
  const response = awaited(engine, call(engine, libraryGlobal(engine, 'fetch'), [url, options], EMPTY, node));
  resolve(engine, chain, parsedJson(engine, response, node));
}

function resolve(engine: Engine, chain: ValueSet, values: ValueSet): void {
  for (const ref of load(engine, chain, 'data', undefined)) if (ref.kind === 'object') engine.write(engine.cell(ref.allocation, 'value'), values);
}

export const vueuseModel: FrameworkModel = { imports: vueuseImport, owns: isVueuseBuiltin, member: vueuseMember, call: callVueuse };
