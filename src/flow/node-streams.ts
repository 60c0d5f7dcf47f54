import type { TSESTree } from '../ts-eslint-lite.js';
import { isFunctionNode, lastName, T, walkTree, type VisitorKeys } from '../project/ast.js';
import type { Engine } from './engine.js';
import type { FrameworkModel } from './framework-model.js';
import { makeEmitter } from './builtins.js';
import { arrayOf, call, elementsOf, load } from './operations.js';
import { builtinValue, EMPTY, objectValue, responseValue, union, unionAll, type BuiltinValue, type Value, type ValueSet } from './values.js';

/**
 * Node's streams: what one stream emits is what the next one in a `pipeline(…)` or `.pipe(…)`
 * chain is written. A stream is an object (`new Transform({ transform })`) or the instance of a
 * class that extends one (`class ToRows extends Transform { _transform(chunk, enc, cb) { … } }`);
 * what it emits (`this.push(x)`, `cb(null, x)`) is kept in its cells as an emitter's `data`
 * event, and a response's body stream (undici's `res.body`, Node's `IncomingMessage`) emits its text.
 * An async generator in a pipeline gets what came before as its source and emits what it yields.
 */
const STREAM_CLASSES = new Set(['Readable', 'Writable', 'Duplex', 'Transform', 'PassThrough']);
const STREAM_MODULES = new Set(['stream', 'node:stream', 'readable-stream']);
const PROMISES_MODULES = new Set(['stream/promises', 'node:stream/promises']);
/** The cell holding what a stream emits: an emitter's first argument of `data`, which `on('data', fn)` listeners read. */
const EMITTED = 'event:data:0';
/** Response states whose value is a stream of the body's text. */
const TEXT_STREAMS = new Set(['undici-body', 'node-incoming', 'text']);

function streamImport(specifier: string, exported: string): ValueSet {
  if (STREAM_MODULES.has(specifier)) {
    if (exported === '*' || exported === 'default') return [builtinValue('stream')];
    return streamMember(exported);
  }
  if (PROMISES_MODULES.has(specifier)) return exported === 'pipeline' || exported === '*' || exported === 'default' ? [builtinValue(exported === 'pipeline' ? 'stream.pipeline' : 'stream.promises')] : EMPTY;
  return EMPTY;
}

const streamMakers = new WeakMap<TSESTree.FunctionLike, boolean>();

/** Whether a function's own body makes a stream (`new Transform({ … })`), not one of its nested functions'. */
export function makesStream(fn: TSESTree.FunctionLike, visitorKeys: VisitorKeys): boolean {
  let found = streamMakers.get(fn);
  if (found === undefined) {
    found = false;
    if (fn.body) {
      walkTree(fn.body, visitorKeys, (node) => {
        if (found || isFunctionNode(node)) return false;
        if (node.type === T.NewExpression && STREAM_CLASSES.has(lastName(node.callee))) found = true;
        return !found;
      });
    }
    streamMakers.set(fn, found);
  }
  return found;
}

function streamMember(key: string): ValueSet {
  if (STREAM_CLASSES.has(key)) return [builtinValue(`stream.${key}`)];
  if (key === 'pipeline') return [builtinValue('stream.pipeline')];
  if (key === 'promises') return [builtinValue('stream.promises')];
  return EMPTY;
}

function isStreamBuiltin(name: string): boolean {
  return name === 'stream' || name.startsWith('stream.');
}

function member(_engine: Engine, value: BuiltinValue, key: string): ValueSet {
  if (value.name === 'stream') return streamMember(key);
  if (value.name === 'stream.promises') return key === 'pipeline' ? [builtinValue('stream.pipeline')] : EMPTY;
  if (value.name === 'stream.Readable' && (key === 'from' || key === 'fromWeb')) return [builtinValue('stream.from')];
  return EMPTY;
}

function construct(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.NewExpression): ValueSet {
  if (!STREAM_CLASSES.has(fn.name.slice('stream.'.length))) return EMPTY;
  const stream = objectValue(engine.allocate(node, 'other'));
  makeStream(engine, stream);
  // `new Transform({ transform(chunk, enc, cb) { … } })`: the options' functions are the stream's own.
  const options = (args[0] ?? EMPTY).filter((value) => value.kind === 'object');
  for (const key of ['transform', 'write', 'flush', 'final']) engine.write(engine.cell(stream.allocation, `_${key}`), load(engine, options, key, undefined));
  return [stream];
}

/** A stream's methods, on an object or on the instance of a class that extends a stream (`super(…)`). */
function makeStream(engine: Engine, stream: Value): void {
  if (stream.kind !== 'object' && stream.kind !== 'instance') return;
  makeEmitter(engine, stream);
  engine.write(engine.cell(stream.allocation, 'push'), [builtinValue('stream.push', [stream])]);
  engine.write(engine.cell(stream.allocation, 'pipe'), [builtinValue('stream.pipe', [stream])]);
  for (const method of ['write', 'end']) engine.write(engine.cell(stream.allocation, method), [builtinValue('stream.write', [stream])]);
}

function inherit(engine: Engine, parent: BuiltinValue, self: Value): void {
  if (STREAM_CLASSES.has(parent.name.slice('stream.'.length))) makeStream(engine, self);
}

function callStream(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const receiver = fn.receiver ?? EMPTY;
  const [first = EMPTY, second = EMPTY] = args;
  switch (fn.name) {
    case 'stream.push':
      emit(engine, receiver, first, inputOf(engine, receiver));
      return EMPTY;
    case 'stream.write':
      write(engine, receiver, first, node);
      return EMPTY;
    case 'stream.pipe':
      write(engine, first, emitted(engine, receiver), node);
      return first;
    case 'stream.from': {
      const stream = objectValue(engine.allocate(node, 'other'));
      makeStream(engine, stream);
      emit(engine, [stream], union(elementsOf(engine, first), textChunks(first)), undefined);
      return [stream];
    }
    case 'stream.pipeline': {
      // `pipeline(source, …transforms, destination[, callback])`.
      let chunks = emitted(engine, first);
      const stages = args.slice(1);
      for (const [i, stage] of stages.entries()) {
        const passed = write(engine, stage, chunks, node);
        // The last argument may be the callback `pipeline` calls when done (a plain function); an async or generator
        // stage gets its source (`stream/promises`' sink is `async function (source) { for await (…) }`).
        const generators = stage.filter((value) => value.kind === 'function' && (i < stages.length - 1 || value.fn.async || value.fn.generator));
        const yielded = generators.length > 0 ? elementsOf(engine, call(engine, generators, [[arrayOf(engine, node, chunks)]], EMPTY, node)) : EMPTY;
        chunks = union(passed, yielded);
      }
      return EMPTY;
    }
    default:
      // `cb(null, row)` in a transform: the row is emitted, for the chunks the transform was given.
      if (fn.name.startsWith(CALLBACK)) emit(engine, receiver, second, fn.name.slice(CALLBACK.length));
      return EMPTY;
  }
}

/**
 * The handlers' callback, named for the chunks they were given: what a stream emits is kept per
 * input too, so that one stage two pipelines share (`ndjson()`, made by a factory) hands each
 * pipeline's next stage what came from that pipeline's own source.
 */
const CALLBACK = 'stream.callback@';

/** The input the running handler of a stream was given: read from the callback its activation (or one below it on the stack) holds. */
function inputOf(engine: Engine, streams: ValueSet): string | undefined {
  const ids = new Set(streams.flatMap((stream) => (stream.kind === 'object' || stream.kind === 'instance' ? [stream.allocation.id] : [])));
  for (let i = engine.stack.length - 1; i >= 0; i--) {
    for (const values of engine.stack[i]!.args) {
      for (const value of values) {
        if (value.kind === 'builtin' && value.name.startsWith(CALLBACK) && value.receiver?.some((stream) => (stream.kind === 'object' || stream.kind === 'instance') && ids.has(stream.allocation.id))) return value.name.slice(CALLBACK.length);
      }
    }
  }
  return undefined;
}

function emit(engine: Engine, streams: ValueSet, chunks: ValueSet, input: string | undefined): void {
  for (const stream of streams) {
    if (stream.kind !== 'object' && stream.kind !== 'instance') continue;
    engine.write(engine.cell(stream.allocation, EMITTED), chunks);
    if (input !== undefined) engine.write(engine.cell(stream.allocation, `${EMITTED}@${input}`), chunks);
  }
}

/** What a stream emits: its `data`, or a response body's text. */
function emitted(engine: Engine, streams: ValueSet): ValueSet {
  return union(unionAll(streams.map((stream) => (stream.kind === 'object' || stream.kind === 'instance' ? engine.read(engine.cell(stream.allocation, EMITTED)) : EMPTY))), textChunks(streams));
}

function textChunks(values: ValueSet): ValueSet {
  return values.flatMap((value) => (value.kind === 'response' && TEXT_STREAMS.has(value.state) ? [responseValue('text', value.position, value.endpoint)] : []));
}

/**
 * Chunks written to a stream: its `_transform` or `_write` gets each (with a callback that emits
 * its second argument), then its `_flush` or `_final` runs; a stream with neither passes them on.
 * Gives what the streams emitted for these chunks.
 */
function write(engine: Engine, streams: ValueSet, chunks: ValueSet, node: TSESTree.Node): ValueSet {
  const input = chunks.map((chunk) => chunk.key).sort().join('|');
  let passed = EMPTY;
  for (const stream of streams) {
    if (stream.kind !== 'object' && stream.kind !== 'instance') continue;
    const callback: ValueSet = [builtinValue(`${CALLBACK}${input}`, [stream])];
    const handlers = union(load(engine, [stream], '_transform', undefined), load(engine, [stream], '_write', undefined));
    if (handlers.length === 0) emit(engine, [stream], chunks, input);
    call(engine, handlers, [chunks, EMPTY, callback], [stream], node);
    call(engine, union(load(engine, [stream], '_flush', undefined), load(engine, [stream], '_final', undefined)), [callback], [stream], node);
    passed = union(passed, engine.read(engine.cell(stream.allocation, `${EMITTED}@${input}`)));
  }
  return passed;
}

export const nodeStreamsModel: FrameworkModel = { imports: streamImport, owns: isStreamBuiltin, member, call: callStream, construct, inherit };
