import type { TSESTree } from '../ts-eslint-lite.js';
import type { Engine } from './engine.js';
import type { FrameworkModel } from './framework-model.js';
import { call } from './operations.js';
import { builtinValue, EMPTY, objectValue, union, type Allocation, type BuiltinValue, type ValueSet } from './values.js';

/**
 * Zustand: `create((set, get) => ({ …state, async load() { set({ policy: await … }) } }))` makes a
 * store whose state is what the initializer returns merged with what `set` is given (an object,
 * or a function of the state); the hook it gives (`useStore((s) => s.policy)`) is its selector's
 * result, `useStore.getState()` the state. Middleware (`devtools`, `persist`, `immer`…) wraps the
 * initializer and is looked through; slices (`(...a) => ({ ...createSlice(...a) })`) are calls like any.
 */
const MODULES = new Set(['zustand', 'zustand/vanilla', 'zustand/traditional']);
const MAKERS = new Set(['create', 'createStore', 'createWithEqualityFn', 'default']);
const MIDDLEWARE = new Set(['devtools', 'persist', 'immer', 'subscribeWithSelector', 'combine', 'redux']);

function zustandImport(specifier: string, exported: string): ValueSet {
  if (MODULES.has(specifier)) return MAKERS.has(exported) ? [builtinValue('zustand.create')] : EMPTY;
  if (specifier === 'zustand/middleware' || specifier === 'zustand/middleware/immer') return MIDDLEWARE.has(exported) ? [builtinValue(`zustand.${exported === 'combine' ? 'combine' : 'middleware'}`)] : EMPTY;
  return specifier === 'zustand/react/shallow' || specifier === 'zustand/shallow' ? (exported === 'useShallow' ? [builtinValue('zustand.middleware')] : EMPTY) : EMPTY;
}

function isZustandBuiltin(name: string): boolean {
  return name.startsWith('zustand.');
}

function zustandMember(_engine: Engine, value: BuiltinValue, key: string): ValueSet {
  if (value.name !== 'zustand.hook') return EMPTY;
  const state = value.receiver ?? EMPTY;
  if (key === 'getState' || key === 'getInitialState') return [builtinValue('zustand.get', state)];
  if (key === 'setState') return [builtinValue('zustand.set', state)];
  return key === 'subscribe' ? [builtinValue('zustand.subscribe', state)] : EMPTY;
}

function callZustand(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const [first = EMPTY, second = EMPTY] = args;
  const state = fn.receiver ?? EMPTY;
  switch (fn.name) {
    case 'zustand.create':
      // `create<State>()(initializer)`: the curried form gives `create` back.
      return args.length === 0 ? [fn] : [makeStore(engine, first, node)];
    case 'zustand.middleware':
      return first;
    case 'zustand.combine':
      // `combine(initialState, (set, get) => actions)`: both are the state.
      return [builtinValue('zustand.combined', union(first, second))];
    case 'zustand.combined':
      return union((fn.receiver ?? EMPTY).filter((value) => value.kind !== 'function'), call(engine, (fn.receiver ?? EMPTY).filter((value) => value.kind === 'function'), args, EMPTY, node));
    case 'zustand.hook':
      return first.some((value) => value.kind === 'function') ? call(engine, first, [state], EMPTY, node) : state;
    case 'zustand.get':
      return state;
    case 'zustand.set':
      merge(engine, state, union(first.filter((value) => value.kind !== 'function'), call(engine, first, [state], EMPTY, node)));
      return EMPTY;
    case 'zustand.subscribe':
      call(engine, first, [state, state], EMPTY, node);
      return EMPTY;
    default:
      return EMPTY;
  }
}

/** The store's state: one object per `create`, what the initializer returns and `set` is given merged in. */
function makeStore(engine: Engine, initializer: ValueSet, node: TSESTree.Node): BuiltinValue {
  const allocation: Allocation = engine.allocate(node, 'other');
  const state = [objectValue(allocation)];
  const api = [builtinValue('zustand.set', state)];
  const initial = call(engine, initializer, [api, [builtinValue('zustand.get', state)], EMPTY], EMPTY, node);
  merge(engine, state, initial);
  return builtinValue('zustand.hook', state);
}

function merge(engine: Engine, state: ValueSet, partial: ValueSet): void {
  const objects = partial.filter((value) => value.kind === 'object');
  if (objects.length === 0) return;
  for (const holder of state) if (holder.kind === 'object') engine.write(engine.cell(holder.allocation, '...'), objects);
}

export const zustandModel: FrameworkModel = { imports: zustandImport, owns: isZustandBuiltin, member: zustandMember, call: callZustand };
