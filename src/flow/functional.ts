import type { TSESTree } from '../ts-eslint-lite.js';
import type { Engine } from './engine.js';
import type { FrameworkModel } from './framework-model.js';
import { arrayOf, call, elementsOf, flattenOnce, load, pathSegments, pathStrings, positionalArray } from './operations.js';
import { builtinValue, EMPTY, union, unionAll, type BuiltinValue, type ValueSet } from './values.js';

/**
 * Ramda and lodash/fp: curried, data-last helpers, mostly written point-free
 * (`R.pipe(R.propOr([], 'results'), R.chain(R.prop('snippets')), R.pluck('snippet'))`,
 * `fp.get('answerResult.trackingToken', res)`). A call with fewer arguments than the helper takes
 * gives the helper with those arguments kept; the last one runs it. Keys and paths read what they
 * name, reported at the string when it is written in the reading module, as lodash's `_.get` is.
 */
interface Helper {
  arity: number;
  run(engine: Engine, args: readonly ValueSet[], node: TSESTree.Node): ValueSet;
}

const RAMDA = new Set(['ramda', 'rambda', 'rambdax']);
const LODASH_FP = /^lodash(?:-es)?\/fp(?:\/(\w+))?$/;

const read = (pathIndex: number, fallbackIndex?: number): Helper => ({
  arity: pathIndex + 2,
  run: (engine, args) => union(readPath(engine, args[pathIndex + 1] ?? EMPTY, args[pathIndex] ?? EMPTY), fallbackIndex === undefined ? EMPTY : (args[fallbackIndex] ?? EMPTY)),
});

const elementwise = (method: string): Helper => ({ arity: 2, run: (engine, [fn = EMPTY, list = EMPTY], node) => mapWith(engine, method, fn, list, node) });
const oneOf = (arity: number): Helper => ({ arity, run: (engine, args) => elementsOf(engine, args[arity - 1] ?? EMPTY) });
const same = (arity: number): Helper => ({ arity, run: (engine, args, node) => [arrayOf(engine, node, elementsOf(engine, args[arity - 1] ?? EMPTY))] });
const composed = (reversed: boolean): Helper => ({ arity: 0, run: (engine, args, node) => [pipeline(engine, reversed ? [...args].reverse() : args, node)] });

const SHARED: Record<string, Helper> = {
  map: elementwise('map'),
  flatMap: elementwise('flatMap'),
  chain: elementwise('flatMap'),
  filter: elementwise('filter'),
  reject: elementwise('filter'),
  find: elementwise('find'),
  findLast: elementwise('find'),
  sortBy: elementwise('filter'),
  uniqBy: elementwise('filter'),
  forEach: { arity: 2, run: (engine, [fn = EMPTY, list = EMPTY], node) => (mapWith(engine, 'forEach', fn, list, node), list) },
  head: oneOf(1),
  first: oneOf(1),
  last: oneOf(1),
  nth: oneOf(2),
  uniq: same(1),
  compact: same(1),
  reverse: same(1),
  take: same(2),
  takeLast: same(2),
  drop: same(2),
  flatten: { arity: 1, run: (engine, [list = EMPTY], node) => [arrayOf(engine, node, flattenOnce(engine, elementsOf(engine, list)))] },
  unnest: { arity: 1, run: (engine, [list = EMPTY], node) => [arrayOf(engine, node, flattenOnce(engine, elementsOf(engine, list)))] },
  values: { arity: 1, run: (engine, [object = EMPTY], node) => [arrayOf(engine, node, load(engine, object, undefined, undefined))] },
  identity: { arity: 1, run: (_engine, [value = EMPTY]) => value },
  defaultTo: { arity: 2, run: (_engine, [fallback = EMPTY, value = EMPTY]) => union(value, fallback) },
  tap: { arity: 2, run: (engine, [fn = EMPTY, value = EMPTY], node) => (call(engine, fn, [value], EMPTY, node), value) },
  pipe: composed(false),
  compose: composed(true),
};

const RAMDA_HELPERS: Record<string, Helper> = {
  ...SHARED,
  prop: read(0),
  path: read(0),
  propOr: read(1, 0),
  pathOr: read(1, 0),
  pluck: { arity: 2, run: (engine, [key = EMPTY, list = EMPTY], node) => [arrayOf(engine, node, readPath(engine, elementsOf(engine, list), key))] },
  andThen: { arity: 2, run: (engine, [fn = EMPTY, promise = EMPTY], node) => call(engine, [builtinValue('promise.then', promise)], [fn], EMPTY, node) },
  mergeRight: { arity: 2, run: (_engine, args) => unionAll(args) },
  mergeLeft: { arity: 2, run: (_engine, args) => unionAll(args) },
  mergeDeepRight: { arity: 2, run: (_engine, args) => unionAll(args) },
  mergeDeepLeft: { arity: 2, run: (_engine, args) => unionAll(args) },
};

const LODASH_FP_HELPERS: Record<string, Helper> = {
  ...SHARED,
  get: read(0),
  prop: read(0),
  path: read(0),
  property: { arity: 1, run: (engine, [path = EMPTY], node) => [curried('fp', 'get', [path], node, engine)] },
  getOr: read(1, 0),
  pluck: elementwise('map'),
  flow: composed(false),
  flowRight: composed(true),
  merge: { arity: 2, run: (_engine, args) => unionAll(args) },
  assign: { arity: 2, run: (_engine, args) => unionAll(args) },
  cloneDeep: { arity: 1, run: (_engine, [value = EMPTY]) => value },
};

function helpersOf(library: string): Record<string, Helper> {
  return library === 'ramda' ? RAMDA_HELPERS : LODASH_FP_HELPERS;
}

function functionalImport(specifier: string, exported: string): ValueSet {
  const fp = LODASH_FP.exec(specifier);
  const library = RAMDA.has(specifier) ? 'ramda' : fp ? 'fp' : undefined;
  if (!library) return EMPTY;
  // `lodash/fp/get`: the one helper.
  if (fp?.[1]) return (exported === 'default' || exported === '*') && LODASH_FP_HELPERS[fp[1]] ? [curried('fp', fp[1], [])] : EMPTY;
  if (exported === 'default' || exported === '*') return [builtinValue(library)];
  return Object.hasOwn(helpersOf(library), exported) ? [curried(library, exported, [])] : EMPTY;
}

function isFunctionalBuiltin(name: string): boolean {
  return name === 'ramda' || name === 'fp' || name.startsWith('ramda.') || name.startsWith('fp.');
}

function functionalMember(_engine: Engine, value: BuiltinValue, key: string): ValueSet {
  if (value.name !== 'ramda' && value.name !== 'fp') return EMPTY;
  return Object.hasOwn(helpersOf(value.name), key) ? [curried(value.name, key, [])] : EMPTY;
}

/** A helper with the arguments given so far (`ramda.pathOr/2`), kept in the cells of an array. */
function curried(library: string, name: string, given: readonly ValueSet[], node?: TSESTree.Node, engine?: Engine): BuiltinValue {
  if (given.length === 0 || !engine || !node) return builtinValue(`${library}.${name}/0`);
  return builtinValue(`${library}.${name}/${given.length}`, [positionalArray(engine, node, given, 'curried')]);
}

function callFunctional(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  if (fn.name === 'fp.pipeline') return runPipeline(engine, fn, args, node);
  const match = /^(ramda|fp)\.(\w+)\/(\d+)$/.exec(fn.name);
  if (!match) return EMPTY;
  const [, library = '', name = '', count = '0'] = match;
  const helper = helpersOf(library)[name];
  if (!helper) return EMPTY;
  const holders = (fn.receiver ?? EMPTY).filter((value) => value.kind === 'array');
  const given = Array.from({ length: Number(count) }, (_, i) => (holders.length > 0 ? load(engine, holders, String(i), undefined) : EMPTY));
  const all = [...given, ...args];
  if (helper.arity > 0 && all.length < helper.arity) return [curried(library, name, all, node, engine)];
  return helper.run(engine, all, node);
}

/** `R.pipe(f, g, h)`: a function that gives its arguments to `f` and each result to the next. */
function pipeline(engine: Engine, stages: readonly ValueSet[], node: TSESTree.Node): BuiltinValue {
  return builtinValue('fp.pipeline', [positionalArray(engine, node, stages, 'pipeline')]);
}

function runPipeline(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  let result = EMPTY;
  for (const holder of fn.receiver ?? EMPTY) {
    if (holder.kind !== 'array') continue;
    let values: readonly ValueSet[] = args;
    for (let i = 0; engine.cells(holder.allocation.id).has(String(i)); i++) values = [call(engine, engine.read(engine.cell(holder.allocation.id, String(i))), values, EMPTY, node)];
    result = union(result, values[0] ?? EMPTY);
  }
  return result;
}

/** A key (`'citations'`), a dotted path (`'answerResult.trackingToken'`) or a list of keys (`['config', 'inputOptions']`) read from `values`. */
function readPath(engine: Engine, values: ValueSet, path: ValueSet): ValueSet {
  let result = EMPTY;
  for (const { text, use } of pathStrings(engine, path)) result = union(result, pathSegments(text).reduce((current, segment) => load(engine, current, segment, use), values));
  for (const list of path) {
    if (list.kind !== 'array') continue;
    let current = values;
    for (let i = 0; current.length > 0; i++) {
      const cell = engine.cells(list.allocation).get(String(i));
      if (!cell) break;
      const segment = pathStrings(engine, engine.read(cell))[0];
      current = load(engine, current, segment?.text, segment?.use);
    }
    result = union(result, current);
  }
  return result;
}

/** An array helper given a function, or a key as lodash/fp's iteratee shorthand (`fp.map('url')`). */
function mapWith(engine: Engine, method: string, fn: ValueSet, list: ValueSet, node: TSESTree.Node): ValueSet {
  const callable = fn.filter((value) => value.kind === 'function' || value.kind === 'builtin');
  const viaCall = callable.length > 0 ? call(engine, [builtinValue(`array.${method}`, list)], [callable], EMPTY, node) : EMPTY;
  const picked = pathStrings(engine, fn).length > 0 ? readPath(engine, elementsOf(engine, list), fn) : EMPTY;
  return union(viaCall, picked.length > 0 ? [arrayOf(engine, node, method === 'flatMap' ? flattenOnce(engine, picked) : picked)] : EMPTY);
}

export const functionalModel: FrameworkModel = { imports: functionalImport, owns: isFunctionalBuiltin, member: functionalMember, call: callFunctional };

