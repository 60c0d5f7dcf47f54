import type { ParsedModule } from '../project/module.js';
import { T } from '../project/ast.js';
import type { TSESTree } from '../ts-eslint-lite.js';
import type { Engine } from './engine.js';
import type { FrameworkModel } from './framework-model.js';
import { exportValue } from './modules.js';
import { awaited, call, load, spreadArguments } from './operations.js';
import { constantText } from './strings.js';
import { builtinValue, EMPTY, promiseValue, union, unionAll, type BuiltinValue, type Value, type ValueSet } from './values.js';

/**
 * Redux's actions, as one bus per project: what code dispatches (`dispatch(action)`, a thunk's
 * `dispatch`, `useDispatch()`'s, redux-saga's `put(action)`) is what reducers get as their
 * `action` and what sagas taking its type (`takeLatest(TYPE, worker)`) are run with. A reducer is
 * a function given to `combineReducers`/`createStore`/`configureStore`, or a module's exported
 * `(state, action)` function. Each action reaches it on its own, so a `switch (action.type)` runs
 * only the cases of that action's type (see the evaluator's constant discriminants).
 *
 * redux-saga's effects are what they stand for: `yield call(fn, …args)` is what `fn` resolves
 * to, `yield all([…])` is `Promise.all`, `fork`/`spawn` run their function.
 */
const ACTIONS = 'redux:actions';
const REDUCERS = 'redux:reducers';
const SAGA_EFFECTS = new Set(['call', 'apply', 'put', 'putResolve', 'takeLatest', 'takeEvery', 'takeLeading', 'take', 'takeMaybe', 'all', 'fork', 'spawn', 'race', 'select']);
const REDUX_PACKAGES = ['redux', 'react-redux', 'redux-saga', '@reduxjs/toolkit'];
const STORE_MAKERS = new Set(['createStore', 'legacy_createStore', 'combineReducers', 'configureStore']);

function reduxImport(specifier: string, exported: string): ValueSet {
  if (specifier === 'redux-saga/effects') return SAGA_EFFECTS.has(exported) ? [builtinValue(`redux.${exported}`)] : EMPTY;
  if (specifier === 'redux' || specifier === '@reduxjs/toolkit') return STORE_MAKERS.has(exported) ? [builtinValue(`redux.${exported}`)] : EMPTY;
  if (specifier === 'react-redux') return exported === 'useDispatch' ? [builtinValue('redux.useDispatch')] : EMPTY;
  return EMPTY;
}

function isReduxBuiltin(name: string): boolean {
  return name.startsWith('redux.');
}

function callRedux(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const [first = EMPTY, second = EMPTY] = args;
  switch (fn.name) {
    case 'redux.useDispatch':
      return [builtinValue('redux.dispatch')];
    case 'redux.dispatch':
    case 'redux.put':
    case 'redux.putResolve':
      return dispatch(engine, first, node);
    case 'redux.call':
      return [promiseValue(awaited(engine, call(engine, callee(engine, first), args.slice(1), EMPTY, node)))];
    case 'redux.apply':
      return [promiseValue(awaited(engine, call(engine, callee(engine, second, first), spreadArguments(engine, args[2] ?? EMPTY), first, node)))];
    case 'redux.fork':
    case 'redux.spawn':
      call(engine, callee(engine, first), args.slice(1), EMPTY, node);
      return EMPTY;
    case 'redux.all':
    case 'redux.race':
      return call(engine, [builtinValue('Promise.all')], [first], EMPTY, node);
    case 'redux.take':
    case 'redux.takeMaybe':
      return [promiseValue(actionsOfType(engine, first))];
    case 'redux.takeLatest':
    case 'redux.takeEvery':
    case 'redux.takeLeading': {
      const actions = actionsOfType(engine, first);
      // A worker runs once per action it takes, with the extra arguments before it.
      const extra = args.slice(2);
      if (actions.length === 0) call(engine, second, [...extra, EMPTY], EMPTY, node);
      for (const action of actions) call(engine, second, [...extra, [action]], EMPTY, node);
      return EMPTY;
    }
    case 'redux.createStore':
    case 'redux.legacy_createStore':
      runReducers(engine, first, node);
      return EMPTY;
    case 'redux.combineReducers':
      runReducers(engine, load(engine, first, undefined, undefined), node);
      return EMPTY;
    case 'redux.configureStore': {
      const reducer = load(engine, first, 'reducer', undefined);
      runReducers(engine, union(reducer, load(engine, reducer.filter((value) => value.kind === 'object'), undefined, undefined)), node);
      return EMPTY;
    }
    default:
      return EMPTY;
  }
}

/** `call(fn)`, `call([context, fn])`, `call([context, 'method'])`. */
function callee(engine: Engine, fn: ValueSet, context: ValueSet = EMPTY): ValueSet {
  const direct = fn.filter((value) => value.kind !== 'array');
  const pairs = fn.filter((value) => value.kind === 'array');
  if (pairs.length === 0) return union(direct, context.length > 0 ? fn.flatMap((value) => (value.kind === 'string' ? load(engine, context, constantText(value.pattern), undefined) : [])) : EMPTY);
  const target = load(engine, pairs, '0', undefined);
  const method = load(engine, pairs, '1', undefined);
  return union(direct, union(method.filter((value) => value.kind !== 'string'), unionAll(method.flatMap((value) => (value.kind === 'string' ? [load(engine, target, constantText(value.pattern), undefined)] : [])))));
}

/** `dispatch(action)`: the action joins the bus; a thunk (`dispatch((dispatch, getState) => …)`) runs with a dispatch of its own. */
export function dispatch(engine: Engine, action: ValueSet, node: TSESTree.Node): ValueSet {
  const thunks = action.filter((value) => value.kind === 'function');
  const actions = action.filter((value) => value.kind === 'object');
  if (actions.length > 0) {
    engine.write(engine.cell(ACTIONS, '[]'), actions);
    const reducers = engine.read(engine.cell(REDUCERS, '[]'));
    for (const one of actions) call(engine, reducers, [EMPTY, [one]], EMPTY, node);
  }
  return thunks.length > 0 ? call(engine, thunks, [[builtinValue('redux.dispatch')], EMPTY], EMPTY, node) : EMPTY;
}

/** The dispatched actions of a type (`'*'`, a function or an unknown pattern takes all). */
function actionsOfType(engine: Engine, pattern: ValueSet): ValueSet {
  const all = engine.read(engine.cell(ACTIONS, '[]'));
  const types = new Set(pattern.flatMap((value) => (value.kind === 'string' ? [constantText(value.pattern)] : [])).filter((text): text is string => text !== undefined && text !== '*'));
  if (types.size === 0 || types.size < pattern.length) return all;
  return all.filter((action) => typesOf(engine, action).some((type) => types.has(type)));
}

function typesOf(engine: Engine, action: Value): string[] {
  return load(engine, [action], 'type', undefined).flatMap((value) => {
    const text = value.kind === 'string' ? constantText(value.pattern) : undefined;
    return text === undefined ? [] : [text];
  });
}

/**
 * Every reducer runs with each dispatched action on its own: with those dispatched so far, and
 * (kept with the others) with each one dispatched later.
 */
function runReducers(engine: Engine, reducers: ValueSet, node: TSESTree.Node): void {
  const functions = reducers.filter((value) => value.kind === 'function');
  if (functions.length === 0) return;
  engine.write(engine.cell(REDUCERS, '[]'), functions);
  for (const action of engine.read(engine.cell(ACTIONS, '[]'))) call(engine, functions, [EMPTY, [action]], EMPTY, node);
}

/** A module's exported reducers (`export default function answers(state = initial, action)`) run as a store would run them. */
export function runExportedReducers(engine: Engine, module: ParsedModule): void {
  if (!REDUX_PACKAGES.some((name) => engine.project.isDependency(name))) return;
  for (const name of module.exports.keys()) {
    const reducers = exportValue(engine, module.path, name, undefined).filter((value) => value.kind === 'function' && isReducerShaped(value.fn));
    runReducers(engine, reducers, module.ast);
  }
}

/** `(state, action)`, `(state = initial, { type, payload })`. */
function isReducerShaped(fn: TSESTree.FunctionLike): boolean {
  if (fn.params.length !== 2) return false;
  const [state, action] = fn.params;
  const stateName = state?.type === T.AssignmentPattern ? state.left : state;
  if (stateName?.type !== T.Identifier || !/state$/i.test(stateName.name)) return false;
  if (action?.type === T.Identifier) return action.name === 'action';
  return action?.type === T.ObjectPattern && action.properties.some((property) => property.type === T.Property && property.key.type === T.Identifier && (property.key.name === 'type' || property.key.name === 'payload'));
}

export const reduxModel: FrameworkModel = { imports: reduxImport, owns: isReduxBuiltin, call: callRedux };
