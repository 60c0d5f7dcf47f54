import type { TSESTree } from '../ts-eslint-lite.js';
import type { Engine } from './engine.js';
import type { FrameworkModel } from './framework-model.js';
import { arrayOf, awaited, call, elementsOf, load, promiseOf } from './operations.js';
import { arrayValue, builtinValue, EMPTY, objectValue, union, type Allocation, type BuiltinValue, type ValueSet } from './values.js';

/**
 * The `async` library's control flow (callback-style Node code): a task gets a callback as its
 * last parameter, and what it passes the callback after the error (`cb(null, rows)`) is what the
 * next task's parameters (`waterfall`), the results (`series`, `parallel`, `map`, `auto`) or the
 * final callback get. A task that is an `async` function gives what it resolves to instead. With
 * no final callback the call gives a promise of the results (async v3).
 */
const MODULES = new Set(['async', 'async-es', 'neo-async']);
/** Functions whose iteratee is called with each element of a collection, the callback last. */
const EACH = new Set(['each', 'eachSeries', 'eachLimit', 'forEach', 'forEachSeries', 'forEachLimit', 'eachOf', 'eachOfSeries', 'eachOfLimit', 'forEachOf', 'forEachOfSeries', 'forEachOfLimit']);
/** Functions whose results are what the iteratee passes its callback, one per element. */
const MAP = new Set(['map', 'mapSeries', 'mapLimit', 'mapValues', 'mapValuesSeries', 'mapValuesLimit', 'concat', 'concatSeries', 'concatLimit', 'flatMap']);
/** Functions whose results are elements of the collection itself. */
const FILTER = new Set(['filter', 'filterSeries', 'filterLimit', 'select', 'reject', 'rejectSeries', 'rejectLimit', 'sortBy']);
const DETECT = new Set(['detect', 'detectSeries', 'detectLimit', 'find', 'findSeries', 'findLimit']);
const TASKS = new Set(['series', 'parallel', 'parallelLimit']);
const OTHERS = new Set(['waterfall', 'auto', 'retry']);
/** How many values after the error a callback passes on. */
const PASSED = 3;

export function asyncImport(specifier: string, exported: string): ValueSet {
  const single = /^(?:async|async-es)\/(\w+)(?:\.js)?$/.exec(specifier)?.[1];
  if (single) return (exported === 'default' || exported === '*') && isKnown(single) ? [builtinValue(`async.${single}`)] : EMPTY;
  if (!MODULES.has(specifier)) return EMPTY;
  if (exported === 'default' || exported === '*') return [builtinValue('async')];
  return isKnown(exported) ? [builtinValue(`async.${exported}`)] : EMPTY;
}

function isKnown(name: string): boolean {
  return EACH.has(name) || MAP.has(name) || FILTER.has(name) || DETECT.has(name) || TASKS.has(name) || OTHERS.has(name);
}

function isAsyncBuiltin(name: string): boolean {
  return name === 'async' || name.startsWith('async.');
}

function asyncMember(_engine: Engine, value: BuiltinValue, key: string): ValueSet {
  return value.name === 'async' && isKnown(key) ? [builtinValue(`async.${key}`)] : EMPTY;
}

function callAsync(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const [first = EMPTY] = args;
  const name = fn.name.slice('async.'.length);
  if (name.startsWith('next:')) return passOn(engine, fn, args);
  const run = engine.allocate(node, 'other');
  // The functions after the first argument: an iteratee or a task, then the final callback.
  const functions = args.slice(1).filter((values) => values.some((value) => value.kind === 'function'));
  let results: ValueSet;
  let final: ValueSet | undefined;
  if (name === 'waterfall' || name === 'auto' || TASKS.has(name)) {
    results = name === 'waterfall' ? waterfall(engine, run, first, node) : name === 'auto' ? auto(engine, run, first, node) : tasks(engine, run, first, node);
    final = functions[0];
  } else if (name === 'retry') {
    const [task = EMPTY, last] = args.filter((values) => values.some((value) => value.kind === 'function'));
    results = step(engine, run, '0', task, [], node);
    final = last;
  } else {
    results = collection(engine, run, name, first, functions[0] ?? EMPTY, node);
    final = functions[1];
  }
  if (final === undefined) return promiseOf(results);
  call(engine, final, [EMPTY, results], EMPTY, node);
  return EMPTY;
}

/** `cb(err, …values)`: the values go to the cells of the step the callback belongs to. */
function passOn(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[]): ValueSet {
  const at = fn.name.slice('async.next:'.length);
  for (const holder of fn.receiver ?? EMPTY) {
    if (holder.kind !== 'object') continue;
    for (let i = 0; i < PASSED; i++) engine.write(engine.cell(holder.allocation, `out:${at}:${i}`), args[i + 1] ?? EMPTY);
  }
  return EMPTY;
}

/**
 * Runs one task with `inputs` before its callback (as many as it has parameters for), and gives
 * the first value it passes on, or what it resolves to when it is an `async` function.
 */
function step(engine: Engine, run: Allocation, at: string, task: ValueSet, inputs: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const next = builtinValue(`async.next:${at}`, [objectValue(run)]);
  for (const fn of task) {
    if (fn.kind !== 'function') continue;
    const bound = fn.bound?.args.length ?? 0;
    // An `async` task takes no callback (async v3): its parameters are all inputs.
    const before = Math.max(0, fn.fn.params.length - bound - (fn.fn.async ? 0 : 1));
    const returned = call(engine, [fn], [...Array.from({ length: before }, (_, i) => inputs[i] ?? EMPTY), [next]], EMPTY, node);
    if (fn.fn.async) engine.write(engine.cell(run, `out:${at}:0`), awaited(engine, returned));
  }
  return output(engine, run, at, 0);
}

function output(engine: Engine, run: Allocation, at: string, index: number): ValueSet {
  return engine.read(engine.cell(run, `out:${at}:${index}`));
}

/** `waterfall([t0, t1, …], final)`: each task gets what the one before it passed on. */
function waterfall(engine: Engine, run: Allocation, list: ValueSet, node: TSESTree.Node): ValueSet {
  const count = positions(engine, list);
  let inputs: ValueSet[] = [];
  let last = EMPTY;
  for (let i = 0; i < count; i++) {
    last = step(engine, run, String(i), load(engine, list, String(i), undefined), inputs, node);
    inputs = Array.from({ length: PASSED }, (_, k) => output(engine, run, String(i), k));
  }
  return last;
}

function positions(engine: Engine, list: ValueSet): number {
  let count = 0;
  for (const value of list) {
    if (value.kind !== 'array') continue;
    for (const key of engine.cells(value.allocation).keys()) if (/^\d+$/.test(key)) count = Math.max(count, Number(key) + 1);
  }
  return count;
}

/** `series`/`parallel` of an array or an object of tasks: the results have the same shape. */
function tasks(engine: Engine, run: Allocation, list: ValueSet, node: TSESTree.Node): ValueSet {
  const results = engine.allocate(node, 'other');
  const id = `${results.id}:results`;
  let shape: 'array' | 'object' = 'object';
  for (const holder of list) {
    if (holder.kind !== 'array' && holder.kind !== 'object') continue;
    if (holder.kind === 'array') shape = 'array';
    for (const [key, cell] of engine.cells(holder.allocation)) engine.write(engine.cell(id, key), step(engine, run, key, cell.values, [], node));
  }
  return [shape === 'array' ? arrayValue({ ...results, id }) : objectValue({ ...results, id })];
}

/** `auto({ a: fn(cb), b: ['a', fn(results, cb)] })`: each task gets the results so far. */
function auto(engine: Engine, run: Allocation, table: ValueSet, node: TSESTree.Node): ValueSet {
  const results = engine.allocate(node, 'other');
  const id = `${results.id}:results`;
  const object = objectValue({ ...results, id });
  for (const holder of table) {
    if (holder.kind !== 'object') continue;
    for (const [key, cell] of engine.cells(holder.allocation)) {
      const task = union(cell.values.filter((value) => value.kind === 'function'), elementsOf(engine, cell.values).filter((value) => value.kind === 'function'));
      engine.write(engine.cell(id, key), step(engine, run, key, task, [[object]], node));
    }
  }
  return [object];
}

/** The collection functions: the iteratee gets each element (and its key), the results follow the function's kind. */
function collection(engine: Engine, run: Allocation, name: string, items: ValueSet, iteratee: ValueSet, node: TSESTree.Node): ValueSet {
  const elements = union(elementsOf(engine, items), items.flatMap((value) => (value.kind === 'object' ? load(engine, [value], undefined, undefined) : [])));
  const passed = step(engine, run, '*', iteratee, [elements, EMPTY], node);
  if (MAP.has(name)) return [arrayOf(engine, node, name.startsWith('concat') || name === 'flatMap' ? union(passed, elementsOf(engine, passed)) : passed)];
  if (FILTER.has(name)) return [arrayOf(engine, node, elements)];
  return DETECT.has(name) ? elements : EMPTY;
}

export const asyncModel: FrameworkModel = { imports: asyncImport, owns: isAsyncBuiltin, member: asyncMember, call: callAsync };
