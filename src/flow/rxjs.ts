import type { TSESTree } from '../ts-eslint-lite.js';
import type { Engine } from './engine.js';
import { arrayOf, awaited, call, elementsOf, load, positionalArray } from './operations.js';
import { arrayValue, builtinValue, EMPTY, objectValue, promiseValue, union, unionAll, type BuiltinValue, type ValueSet } from './values.js';
import type { FrameworkModel } from './framework-model.js';

/**
 * RxJS, as the engine sees it: an observable is a promise of the values it emits (so `subscribe`
 * is `then`, and `firstValueFrom` the observable itself), and `pipe(op, …)` maps those values
 * operator by operator. Operators are built-in values that hold their callback.
 */
const MODULES = new Set(['rxjs', 'rxjs/operators']);

/** Operators whose callback gets each value: what it returns (or, for the flattening ones, what that resolves to) flows on. */
const MAPPING = new Set(['map', 'switchMap', 'mergeMap', 'concatMap', 'exhaustMap', 'flatMap', 'tap']);
/** Operators that let the values through as they are. */
const PASSING = new Set(['filter', 'take', 'first', 'last', 'catchError', 'retry', 'shareReplay', 'share', 'distinctUntilChanged', 'debounceTime', 'throttleTime', 'startWith', 'takeUntil', 'finalize', 'timeout', 'delay', 'skip', 'takeLast', 'auditTime', 'sampleTime', 'distinct', 'defaultIfEmpty', 'throwIfEmpty', 'observeOn', 'subscribeOn', 'delayWhen', 'retryWhen', 'repeat']);
/** Operators that emit arrays of the values (`bufferCount(25)` batches them). */
const COLLECTING = new Set(['bufferCount', 'bufferTime', 'buffer', 'toArray']);
/** Observables of values the code does not hold (DOM events, timers): their pipes still run their callbacks. */
const SOURCES = new Set(['fromEvent', 'interval', 'timer', 'defer', 'EMPTY', 'NEVER']);
/** Observables that wait for several and emit their values together, by position or by key, as `Promise.all` does. */
const JOINING = new Set(['forkJoin', 'combineLatest', 'zip']);

/** NgRx's `tapResponse(next, error)` or `tapResponse({ next, error })`: a `tap` of its `next`. */
const TAP_RESPONSE = new Set(['@ngrx/operators', '@ngrx/component-store']);

export function rxjsImport(specifier: string, exported: string): ValueSet {
  if (TAP_RESPONSE.has(specifier)) return exported === 'tapResponse' ? [builtinValue('rxjs.tapResponse')] : EMPTY;
  if (!MODULES.has(specifier)) return EMPTY;
  if (exported === 'firstValueFrom' || exported === 'lastValueFrom') return [builtinValue('rxjs.firstValueFrom')];
  if (exported === 'from' || exported === 'of' || SOURCES.has(exported) || JOINING.has(exported)) return [builtinValue(`rxjs.${exported}`)];
  return MAPPING.has(exported) || PASSING.has(exported) || COLLECTING.has(exported) ? [builtinValue(`rxjs.${exported}`)] : EMPTY;
}

export function isRxjsBuiltin(name: string): boolean {
  return name.startsWith('rxjs.');
}

export function callRxjs(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const name = fn.name.slice('rxjs.'.length);
  const first = args[0] ?? EMPTY;
  if (MAPPING.has(name)) return [builtinValue(fn.name, first)];
  if (name === 'tapResponse') return [builtinValue('rxjs.tap', union(first.filter((value) => value.kind === 'function'), load(engine, first.filter((value) => value.kind === 'object'), 'next', undefined)))];
  if (PASSING.has(name) || COLLECTING.has(name)) return [fn];
  switch (name) {
    case 'firstValueFrom':
      return first;
    case 'from':
      // An array's elements one by one; a promise (or an observable) as it is; values the engine does not know, still an observable.
      return first.length === 0 ? [promiseValue(EMPTY)] : first.map((value) => (value.kind === 'array' ? promiseValue(elementsOf(engine, [value])) : value));
    case 'of':
      return [promiseValue(unionAll(args))];
    case 'defer':
      return call(engine, first, [], EMPTY, node);
    default:
      if (JOINING.has(name)) return [promiseValue(joined(engine, args.length > 1 ? [positionalArray(engine, node, args, 'args')] : first, node))];
      return SOURCES.has(name) ? [promiseValue(EMPTY)] : EMPTY;
  }
}

/** `obs.pipe(map((res) => res.results), tap(log))`: each operator maps the values the one before emits. */
export function pipe(engine: Engine, source: ValueSet, operators: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  let current = source;
  for (const operator of operators) {
    let next = EMPTY;
    for (const op of operator) {
      if (op.kind !== 'builtin' || !isRxjsBuiltin(op.name)) continue;
      const name = op.name.slice('rxjs.'.length);
      if (PASSING.has(name)) {
        next = union(next, current);
        continue;
      }
      if (COLLECTING.has(name)) {
        next = union(next, [promiseValue([arrayOf(engine, node, awaited(engine, current), 'buffer')])]);
        continue;
      }
      const returned = call(engine, op.receiver ?? EMPTY, [awaited(engine, current)], EMPTY, node);
      if (name === 'tap') next = union(next, current);
      else if (name === 'map') next = union(next, returned.length > 0 ? [promiseValue(returned)] : EMPTY);
      else next = union(next, returned.length > 0 ? [promiseValue(flattened(engine, returned))] : EMPTY);
    }
    current = next;
  }
  return current;
}

/** What a flattening operator's callback returns emits: a promise's or observable's value, an array's elements one by one (`mergeMap((text) => [JSON.parse(text)])`). */
function flattened(engine: Engine, returned: ValueSet): ValueSet {
  const isArray = (value: ValueSet[number]) => value.kind === 'array' || (value.kind === 'response' && value.state === 'body' && value.position.containers.startsWith('['));
  return union(awaited(engine, returned.filter((value) => !isArray(value))), elementsOf(engine, returned.filter(isArray)));
}

/** What `forkJoin([a$, b$])` or `forkJoin({ a: a$, b: b$ })` emits: each position's (or key's) awaited value. */
function joined(engine: Engine, sources: ValueSet, node: TSESTree.Node): ValueSet {
  const result = engine.allocate(node, 'other');
  const out: ValueSet[] = [];
  for (const source of sources) {
    if (source.kind !== 'array' && source.kind !== 'object') continue;
    for (const [key, cell] of engine.cells(source.allocation)) engine.write(engine.cell(result, key), awaited(engine, engine.read(cell)));
    out.push([source.kind === 'array' ? arrayValue(result) : objectValue(result)]);
  }
  return unionAll(out);
}

export const rxjsModel: FrameworkModel = { imports: rxjsImport, owns: isRxjsBuiltin, call: callRxjs };
