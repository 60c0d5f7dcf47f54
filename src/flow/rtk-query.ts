import type { TSESTree } from '../ts-eslint-lite.js';
import { constantText, joinUrl, type StringPattern } from './strings.js';
import type { Engine } from './engine.js';
import { awaited, call, load } from './operations.js';
import { serviceRequest, strings } from './requests.js';
import { callTypeArgument } from './types.js';
import { arrayValue, builtinValue, EMPTY, objectValue, promiseValue, union, type BuiltinValue, type ValueSet } from './values.js';
import type { FrameworkModel } from './framework-model.js';

/**
 * RTK Query: `createApi({ baseQuery: fetchBaseQuery({ baseUrl }), endpoints: (build) => ({ name:
 * build.query({ query: (arg) => ({ url, method, body }), transformResponse }) }) })`. Each
 * endpoint's `query` gives the request (joined to the base URL); the generated hooks
 * (`useNameQuery`, `useLazyNameQuery`, `useNameMutation`) give what it resolves to, through
 * `transformResponse`, in `data`.
 */
const MODULES = new Set(['@reduxjs/toolkit/query', '@reduxjs/toolkit/query/react']);

/**
 * Redux Toolkit's thunks: `createAsyncThunk(type, async (arg) => response)` dispatches its
 * payload creator's result, which `createSlice({ extraReducers: (builder) =>
 * builder.addCase(thunk.fulfilled, (state, { payload }) => …) })` reducers read.
 */
const TOOLKIT = new Set(['@reduxjs/toolkit', '@reduxjs/toolkit/react']);

export function rtkImport(specifier: string, exported: string): ValueSet {
  if (MODULES.has(specifier)) return exported === 'createApi' || exported === 'fetchBaseQuery' ? [builtinValue(`rtk.${exported}`)] : EMPTY;
  if (TOOLKIT.has(specifier)) return exported === 'createAsyncThunk' || exported === 'createSlice' || exported === 'createSelector' ? [builtinValue(`rtk.${exported}`)] : EMPTY;
  if (specifier === 'reselect') return exported === 'createSelector' ? [builtinValue('rtk.createSelector')] : EMPTY;
  // NgRx's selectors are reselect's; a feature selector gives the state its type argument says (`createFeatureSelector<PolicyState>('policy')`).
  if (specifier === '@ngrx/store') return exported === 'createSelector' ? [builtinValue('rtk.createSelector')] : exported === 'createFeatureSelector' ? [builtinValue('rtk.createFeatureSelector')] : EMPTY;
  if (specifier === 'react-redux') return exported === 'useSelector' ? [builtinValue('rtk.useSelector')] : EMPTY;
  return EMPTY;
}

export function isRtkBuiltin(name: string): boolean {
  return name.startsWith('rtk.');
}

export function rtkMember(value: BuiltinValue, key: string | undefined): ValueSet {
  if (value.name === 'rtk.thunk') return key === 'fulfilled' ? [builtinValue('rtk.fulfilled', value.receiver)] : EMPTY;
  if (value.name === 'rtk.caseBuilder') return key === 'addCase' || key === 'addMatcher' ? [builtinValue('rtk.addCase', [value])] : EMPTY;
  if (value.name !== 'rtk.builder') return EMPTY;
  return key === 'query' || key === 'mutation' || key === 'infiniteQuery' ? [builtinValue(`rtk.define.${key === 'mutation' ? 'mutation' : 'query'}`)] : EMPTY;
}

export function callRtk(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const [first = EMPTY] = args;
  switch (fn.name) {
    case 'rtk.fetchBaseQuery':
      return [builtinValue('rtk.baseQuery', first)];
    case 'rtk.define.query':
    case 'rtk.define.mutation': {
      // `build.query<ListAnswersResponse, number>(definition)`: the definition, its kind and its declared result.
      const endpoint = engine.allocate(node, 'other');
      engine.write(engine.cell(endpoint, 'definition'), first);
      engine.write(engine.cell(endpoint, 'mutation'), fn.name === 'rtk.define.mutation' ? [builtinValue('rtk.true')] : EMPTY);
      const declared = callTypeArgument(engine, node);
      engine.write(engine.cell(endpoint, 'declared'), declared);
      return [objectValue(endpoint)];
    }
    case 'rtk.createApi':
      return [createApi(engine, first, node)];
    case 'rtk.queryHook':
    case 'rtk.trigger':
      return fn.name === 'rtk.queryHook' ? (fn.receiver ?? EMPTY) : [promiseValue(load(engine, fn.receiver ?? EMPTY, 'data', undefined))];
    case 'rtk.tupleHook':
      return fn.receiver ?? EMPTY;
    case 'rtk.createSelector': {
      // `createSelector([selectA, selectB], (a, b) => …)` or `createSelector(selectA, selectB, combiner)`: the
      // combiner runs on what its input selectors select (from a state the engine does not know), and the
      // selector made gives what it returns, to whoever calls it (`useSelector(selectConfig)`, another selector).
      const combiner = args.at(-1) ?? EMPTY;
      const inputs = args.length === 2 && first.some((value) => value.kind === 'array') ? first.flatMap((list) => (list.kind === 'array' ? [...engine.cells(list.allocation)].filter(([key]) => /^\d+$/.test(key)).map(([, cell]) => engine.read(cell)) : [])) : args.slice(0, -1);
      const selected = inputs.map((input) => call(engine, input, [EMPTY], EMPTY, node));
      return [builtinValue('rtk.selector', call(engine, combiner, selected, EMPTY, node))];
    }
    case 'rtk.createFeatureSelector':
      return [builtinValue('rtk.selector', callTypeArgument(engine, node))];
    case 'rtk.selector':
      return fn.receiver ?? EMPTY;
    case 'rtk.useSelector':
      return call(engine, first, [EMPTY], EMPTY, node);
    case 'rtk.createAsyncThunk': {
      // The payload is what the payload creator resolves to, whoever dispatches it.
      const payload = awaited(engine, call(engine, args[1] ?? EMPTY, [EMPTY, EMPTY], EMPTY, node));
      return [builtinValue('rtk.thunk', payload)];
    }
    case 'rtk.createSlice':
      call(engine, load(engine, first, 'extraReducers', undefined), [[builtinValue('rtk.caseBuilder')]], EMPTY, node);
      return EMPTY;
    case 'rtk.addCase': {
      const action = engine.allocate(node, 'other');
      const payloads = (args[0] ?? EMPTY).flatMap((value) => (value.kind === 'builtin' && value.name === 'rtk.fulfilled' ? (value.receiver ?? EMPTY) : []));
      engine.write(engine.cell(action, 'payload'), payloads);
      call(engine, args[1] ?? EMPTY, [EMPTY, [objectValue(action)]], EMPTY, node);
      return fn.receiver ?? EMPTY;
    }
    default:
      return EMPTY;
  }
}

function createApi(engine: Engine, options: ValueSet, node: TSESTree.Node): ReturnType<typeof objectValue> {
  const api = engine.allocate(node, 'other');
  const baseQueries = load(engine, options, 'baseQuery', undefined).filter((value): value is BuiltinValue => value.kind === 'builtin' && value.name === 'rtk.baseQuery');
  const bases = strings(load(engine, baseQueries.flatMap((value) => value.receiver ?? EMPTY), 'baseUrl', undefined));
  const endpoints = call(engine, load(engine, options, 'endpoints', undefined), [[builtinValue('rtk.builder')]], EMPTY, node);
  for (const table of endpoints) {
    if (table.kind !== 'object') continue;
    for (const [name, cell] of engine.cells(table.allocation)) {
      for (const endpoint of engine.read(cell)) {
        if (endpoint.kind !== 'object') continue;
        const definition = load(engine, [endpoint], 'definition', undefined);
        const data = endpointData(engine, definition, bases, load(engine, [endpoint], 'declared', undefined), endpoint.allocation.node);
        const mutation = load(engine, [endpoint], 'mutation', undefined).length > 0;
        hooks(engine, api, name, data, mutation, endpoint.allocation.node);
      }
    }
  }
  return objectValue(api);
}

/** The request an endpoint's `query` describes, and what its hooks' `data` holds. */
function endpointData(engine: Engine, definition: ValueSet, bases: readonly StringPattern[], declared: ValueSet, node: TSESTree.Node): ValueSet {
  const described = call(engine, load(engine, definition, 'query', undefined), [EMPTY], EMPTY, node);
  const objects = described.filter((value) => value.kind === 'object');
  const paths = [...strings(described), ...strings(load(engine, objects, 'url', undefined))];
  const urls = bases.length > 0 ? bases.flatMap((base) => paths.map((path) => joinUrl(base, path))) : paths;
  const methods = strings(load(engine, objects, 'method', undefined)).map(constantText);
  const method = methods.length === 1 && methods[0] ? methods[0].toUpperCase() : objects.length > 0 ? undefined : 'GET';
  const response = awaited(engine, serviceRequest(engine, { client: 'rtk-query', node, module: engine.reader!.module, urls, ...(method ? { method } : {}), body: load(engine, objects, 'body', undefined), result: 'promise:body' }));
  const transform = load(engine, definition, 'transformResponse', undefined);
  const transformed = transform.length > 0 ? call(engine, transform, [union(response, declared)], EMPTY, node) : union(response, declared);
  return transformed;
}

function hooks(engine: Engine, api: ReturnType<typeof engine.allocate>, name: string, data: ValueSet, mutation: boolean, node: TSESTree.Node): void {
  const capitalised = name.charAt(0).toUpperCase() + name.slice(1);
  const result = engine.allocate(node, 'other');
  const holder = { ...result, id: `${result.id}:result` };
  engine.write(engine.cell(holder, 'data'), data);
  engine.write(engine.cell(holder, 'currentData'), data);
  const resultValue = objectValue(holder);
  const trigger = builtinValue('rtk.trigger', [resultValue]);
  const pair = { ...result, id: `${result.id}:pair` };
  engine.write(engine.cell(pair, '0'), [trigger]);
  engine.write(engine.cell(pair, '1'), [resultValue]);
  engine.write(engine.cell(pair, '[]'), [trigger, resultValue]);
  const tuple = builtinValue('rtk.tupleHook', [arrayValue(pair)]);
  if (mutation) {
    engine.write(engine.cell(api, `use${capitalised}Mutation`), [tuple]);
  } else {
    engine.write(engine.cell(api, `use${capitalised}Query`), [builtinValue('rtk.queryHook', [resultValue])]);
    engine.write(engine.cell(api, `useLazy${capitalised}Query`), [tuple]);
  }
}

export const rtkModel: FrameworkModel = { imports: rtkImport, owns: isRtkBuiltin, member: (_engine, value, key) => rtkMember(value, key), call: callRtk };
