import type { TSESTree } from '../ts-eslint-lite.js';
import type { Engine } from './engine.js';
import type { FrameworkModel } from './framework-model.js';
import { awaited, call, constantKey } from './operations.js';
import { constantText } from './strings.js';
import { builtinValue, EMPTY, objectValue, promiseValue, union, type Allocation, type BuiltinValue, type Value, type ValueSet } from './values.js';

/**
 * Messages between the parts of an app that no import joins: a browser extension's popup and its
 * background worker (`chrome.runtime.sendMessage` / `onMessage`), Electron's renderer and main
 * process (`ipcRenderer.invoke` / `ipcMain.handle`, `send` / `on`, `contextBridge`), a page and
 * its Web Worker or a Node worker thread (`postMessage` / `onmessage`), socket.io's server and
 * clients (`emit` / `on`). Each is a channel of the project, by name where the API has names:
 * what one side sends is what the other side's listener gets, and what a responder returns (or
 * passes to `sendResponse`) is what the request resolves to.
 *
 * A responder runs once per request, with that request's message, so that a listener switching
 * on `message.type` reads each message's own fields (see discriminants.ts).
 */
const PASSED = 4;

function channelCell(channel: string): string {
  return `channel:${channel}`;
}

/** `send(…args)`: what listeners of the channel get. */
function publish(engine: Engine, channel: string, args: readonly ValueSet[]): void {
  for (let i = 0; i < PASSED; i++) engine.write(engine.cell(channelCell(channel), String(i)), args[i] ?? EMPTY);
}

function published(engine: Engine, channel: string): ValueSet[] {
  return Array.from({ length: PASSED }, (_, i) => engine.read(engine.cell(channelCell(channel), String(i))));
}

/** `on(listener)`: the listener runs with what the channel was sent, each message on its own. */
function subscribe(engine: Engine, channel: string, listener: ValueSet, node: TSESTree.Node, shape: (args: readonly ValueSet[]) => ValueSet[]): void {
  const [first = EMPTY, ...rest] = published(engine, channel);
  if (first.length === 0) call(engine, listener, shape([EMPTY, ...rest]), EMPTY, node);
  for (const message of first) call(engine, listener, shape([[message], ...rest]), EMPTY, node);
}

/** `handle(responder)`: kept for the requests, and run once for what it does without one. */
function respond(engine: Engine, channel: string, responder: ValueSet, node: TSESTree.Node, shape: (args: readonly ValueSet[], reply: Value) => ValueSet[]): void {
  const functions = responder.filter((value) => value.kind === 'function');
  if (functions.length === 0) return;
  engine.write(engine.cell(channelCell(channel), 'responders'), functions);
  call(engine, functions, shape([], builtinValue('messaging.reply')), EMPTY, node);
}

/** `invoke(…args)`: what the responders return or reply with, for these arguments. */
function request(engine: Engine, channel: string, args: readonly ValueSet[], node: TSESTree.Node, shape: (args: readonly ValueSet[], reply: Value) => ValueSet[]): ValueSet {
  const responders = engine.read(engine.cell(channelCell(channel), 'responders'));
  if (responders.length === 0) return EMPTY;
  const replies = engine.allocate(node, 'other');
  const returned = call(engine, responders, shape(args, builtinValue('messaging.reply', [objectValue(replies)])), EMPTY, node);
  return union(awaited(engine, returned), engine.read(engine.cell(replies, 'value')));
}

function channelName(values: ValueSet): string {
  return constantKey(values) ?? '*';
}

/** A browser event of a message: `event.data`. */
function messageEvent(engine: Engine, node: TSESTree.Node, data: ValueSet): ValueSet {
  if (data.length === 0) return EMPTY;
  const event = engine.allocate(node, 'other');
  engine.write(engine.cell(event, 'data'), data);
  return [objectValue(event)];
}

/** An object of the API whose methods are these builtins, one per project. */
function apiObject(engine: Engine, id: string, node: TSESTree.Node, methods: Record<string, string>): Value {
  const allocation: Allocation = { ...engine.allocate(node, 'other'), id };
  const object = objectValue(allocation);
  for (const [key, name] of Object.entries(methods)) engine.write(engine.cell(id, key), name === 'self' ? [object] : [builtinValue(name, [object])]);
  return object;
}

// ---- the APIs -------------------------------------------------------------------------------

const GLOBALS: Record<string, string> = { chrome: 'messaging.chrome', postMessage: 'worker.toPage', addEventListener: 'worker.workerListen', Worker: 'worker.Worker' };

/** What a global name of these APIs is (`chrome`, a worker's `postMessage`), if it is one. */
export function messagingGlobal(name: string): ValueSet {
  const builtin = GLOBALS[name];
  return builtin ? [builtinValue(builtin)] : EMPTY;
}

function messagingImport(specifier: string, exported: string): ValueSet {
  switch (specifier) {
    case 'webextension-polyfill':
      return exported === 'default' || exported === '*' ? [builtinValue('messaging.chrome')] : EMPTY;
    case 'electron':
      return exported === 'ipcMain' || exported === 'ipcRenderer' || exported === 'contextBridge' ? [builtinValue(`electron.${exported}`)] : EMPTY;
    case 'worker_threads':
    case 'node:worker_threads':
      return exported === 'Worker' ? [builtinValue('worker.Worker')] : exported === 'parentPort' ? [builtinValue('worker.parentPort')] : EMPTY;
    case 'socket.io':
      return exported === 'Server' || exported === 'default' || exported === '*' ? [builtinValue('socketio.make')] : EMPTY;
    case 'socket.io-client':
      return exported === 'io' || exported === 'default' || exported === '*' || exported === 'connect' ? [builtinValue('socketio.make')] : EMPTY;
    default:
      return EMPTY;
  }
}

const MEMBERS: Record<string, Record<string, string>> = {
  'messaging.chrome': { runtime: 'chrome.runtime', tabs: 'chrome.tabs' },
  'chrome.runtime': { sendMessage: 'chrome.sendMessage', onMessage: 'chrome.onMessage' },
  'chrome.tabs': { sendMessage: 'chrome.sendTabMessage' },
  'chrome.onMessage': { addListener: 'chrome.addListener' },
  'electron.ipcMain': { handle: 'electron.handle', handleOnce: 'electron.handle', on: 'electron.mainOn', once: 'electron.mainOn', addListener: 'electron.mainOn' },
  'electron.ipcRenderer': { invoke: 'electron.invoke', send: 'electron.send', sendSync: 'electron.send', on: 'electron.rendererOn', once: 'electron.rendererOn' },
  'electron.contextBridge': { exposeInMainWorld: 'electron.expose' },
  'worker.parentPort': { postMessage: 'worker.toPage', on: 'worker.workerOn', once: 'worker.workerOn', addListener: 'worker.workerOn' },
};

function messagingMember(_engine: Engine, value: BuiltinValue, key: string): ValueSet {
  const name = MEMBERS[value.name]?.[key];
  return name ? [builtinValue(name)] : EMPTY;
}

function isMessagingBuiltin(name: string): boolean {
  return /^(?:messaging|chrome|electron|worker|socketio)\./.test(name);
}

/** A page's worker object: `postMessage` to it, `onmessage` / `addEventListener('message')` / `on('message')` from it. */
function workerObject(engine: Engine, node: TSESTree.Node): Value {
  return apiObject(engine, 'worker:page', node, { postMessage: 'worker.toWorker', addEventListener: 'worker.pageListen', on: 'worker.pageOn', once: 'worker.pageOn' });
}

/** socket.io's sockets, servers and clients: one bus per event name for the whole project. */
function socketObject(engine: Engine, node: TSESTree.Node): Value {
  return apiObject(engine, 'socketio:socket', node, { emit: 'socketio.emit', on: 'socketio.on', once: 'socketio.on', to: 'socketio.self', in: 'socketio.self', of: 'socketio.self', except: 'socketio.self', timeout: 'socketio.self', broadcast: 'self', volatile: 'self', sockets: 'self' });
}

function callMessaging(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const [first = EMPTY, second = EMPTY] = args;
  switch (fn.name) {
    case 'messaging.reply':
      for (const holder of fn.receiver ?? EMPTY) if (holder.kind === 'object') engine.write(engine.cell(holder.allocation, 'value'), first);
      return EMPTY;
    case 'chrome.sendMessage':
    case 'chrome.sendTabMessage': {
      // `sendMessage(message, callback?)`, `sendMessage(extensionId, message)`, `tabs.sendMessage(tabId, message)`.
      const extensionId = args.length > 1 && first.length > 0 && first.every((value) => value.kind === 'string') && !second.some((value) => value.kind === 'function');
      const rest = fn.name === 'chrome.sendTabMessage' || extensionId ? args.slice(1) : args;
      const [message = EMPTY, ...after] = rest;
      const response = request(engine, 'chrome', [message], node, (sent, reply) => [sent[0] ?? EMPTY, EMPTY, [reply]]);
      for (const callback of after) call(engine, callback.filter((value) => value.kind === 'function'), [response], EMPTY, node);
      return response.length > 0 ? [promiseValue(response)] : EMPTY;
    }
    case 'chrome.addListener':
      respond(engine, 'chrome', first, node, (sent, reply) => [sent[0] ?? EMPTY, EMPTY, [reply]]);
      return EMPTY;
    case 'electron.handle':
      respond(engine, `ipc:${channelName(first)}`, second, node, (sent) => [EMPTY, ...sent]);
      return EMPTY;
    case 'electron.invoke': {
      const result = request(engine, `ipc:${channelName(first)}`, args.slice(1), node, (sent) => [EMPTY, ...sent]);
      return result.length > 0 ? [promiseValue(result)] : EMPTY;
    }
    case 'electron.send':
      publish(engine, `ipc-main:${channelName(first)}`, args.slice(1));
      return EMPTY;
    case 'electron.mainOn':
      subscribe(engine, `ipc-main:${channelName(first)}`, second, node, (sent) => [EMPTY, ...sent]);
      return EMPTY;
    case 'electron.rendererOn':
      subscribe(engine, `ipc-renderer:${channelName(first)}`, second, node, (sent) => [EMPTY, ...sent]);
      return EMPTY;
    case 'electron.expose':
      engine.write(engine.cell(GLOBAL_CELLS, channelName(first)), second);
      return EMPTY;
    case 'worker.Worker':
      return [workerObject(engine, node)];
    case 'worker.toWorker':
      publish(engine, 'worker:in', [first]);
      return EMPTY;
    case 'worker.toPage':
      publish(engine, 'worker:out', [first]);
      return EMPTY;
    case 'worker.pageListen':
    case 'worker.workerListen':
      if (channelName(first) === 'message') listenForMessages(engine, fn.name === 'worker.pageListen' ? 'worker:out' : 'worker:in', second, node, true);
      // Another event (`DOMContentLoaded`, a worker's `fetch`): its listener runs, with an event the engine knows nothing of.
      else call(engine, second, [EMPTY], EMPTY, node);
      return EMPTY;
    case 'worker.pageOn':
    case 'worker.workerOn':
      if (channelName(first) === 'message') listenForMessages(engine, fn.name === 'worker.pageOn' ? 'worker:out' : 'worker:in', second, node, false);
      return EMPTY;
    case 'socketio.make':
      return [socketObject(engine, node)];
    case 'socketio.self':
      return fn.receiver ?? EMPTY;
    case 'socketio.emit': {
      const name = channelName(first);
      const payload = args.slice(1).filter((values) => !values.some((value) => value.kind === 'function'));
      publish(engine, `socket:${name}`, payload);
      const acknowledgement = args.slice(1).find((values) => values.some((value) => value.kind === 'function'));
      if (acknowledgement) call(engine, acknowledgement, published(engine, `socket-ack:${name}`), EMPTY, node);
      return EMPTY;
    }
    case 'socketio.on':
      socketListener(engine, fn, first, second, node);
      return EMPTY;
    case 'socketio.ack':
      publish(engine, `socket-ack:${(fn.receiver ?? EMPTY).flatMap((value) => (value.kind === 'string' ? [constantText(value.pattern)] : []))[0] ?? '*'}`, args);
      return EMPTY;
    default:
      return EMPTY;
  }
}

/** A listener of a worker's messages: a browser's gets an event whose `data` is the message, a Node thread's the message. */
function listenForMessages(engine: Engine, channel: string, listener: ValueSet, node: TSESTree.Node, browser: boolean): void {
  subscribe(engine, channel, listener, node, ([message = EMPTY]) => [browser ? messageEvent(engine, node, message) : message]);
}

/** `socket.on(name, (…args, ack) => …)`; a server's `on('connection', (socket) => …)` gets a socket. */
function socketListener(engine: Engine, fn: BuiltinValue, name: ValueSet, listener: ValueSet, node: TSESTree.Node): void {
  const event = channelName(name);
  if (event === 'connection' || event === 'connect') {
    call(engine, listener, [fn.receiver ?? EMPTY], EMPTY, node);
    return;
  }
  const ack = builtinValue('socketio.ack', name.filter((value) => value.kind === 'string'));
  for (const handler of listener) {
    if (handler.kind !== 'function') continue;
    // The acknowledgement is the last parameter, where nothing was sent.
    const count = handler.fn.params.length;
    subscribe(engine, `socket:${event}`, [handler], node, (sent) => Array.from({ length: count }, (_, i) => (i === count - 1 && (sent[i] ?? EMPTY).length === 0 ? [ack] : (sent[i] ?? EMPTY))));
  }
}

/** What a page or a worker assigns to `onmessage` (`worker.onmessage = …`, `self.onmessage = …`) listens to the other side. */
export function messageHandlerStored(engine: Engine, target: Value, key: string, handler: ValueSet, node: TSESTree.Node): void {
  if (key !== 'onmessage') return;
  if (target.kind === 'object' && target.allocation.id === 'worker:page') listenForMessages(engine, 'worker:out', handler, node, true);
  else if (target.kind === 'builtin' && target.name === 'global') listenForMessages(engine, 'worker:in', handler, node, true);
}

/** Where the project's globals live: what `contextBridge.exposeInMainWorld` and `window.x = …` put there. */
export const GLOBAL_CELLS = 'globals';

export const messagingModel: FrameworkModel = {
  imports: messagingImport,
  owns: isMessagingBuiltin,
  member: messagingMember,
  call: callMessaging,
  construct: (engine, fn, args, node) => callMessaging(engine, fn, args, node),
};
