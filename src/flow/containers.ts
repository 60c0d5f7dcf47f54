import type { TSESTree } from '../ts-eslint-lite.js';
import type { Engine } from './engine.js';
import { awaited, call, constantKey, frameworkInstances, load } from './operations.js';
import { callTypeArgument } from './types.js';
import { arrayValue, builtinValue, EMPTY, objectValue, promiseValue, union, unionAll, type Allocation, type BuiltinValue, type Value, type ValueSet } from './values.js';
import type { FrameworkModel } from './framework-model.js';
import { programOf } from '../project/ast.js';
import { propsAllocation } from './component-templates.js';

/**
 * The state containers of front-end frameworks, through which a response reaches the template or
 * component that reads it: Vue's `ref`/`computed`/`reactive`, Pinia stores, Angular signals and
 * `inject`, Svelte stores, Solid's signals, memos and resources, Preact's signals. Each container is an allocation whose `value` cell holds what was put
 * in (its initial value, what its type argument says, later writes); reading it gives that back.
 */
const EXPORTS: Record<string, ReadonlySet<string>> = {
  vue: new Set(['ref', 'shallowRef', 'computed', 'reactive', 'readonly', 'shallowReactive', 'shallowReadonly', 'toRaw', 'markRaw', 'unref', 'toValue', 'watch', 'watchEffect', 'defineProps', 'withDefaults', 'defineComponent', 'provide', 'inject', 'createApp']),
  pinia: new Set(['defineStore']),
  '@angular/core': new Set(['signal', 'computed', 'inject', 'input', 'model']),
  '@angular/core/rxjs-interop': new Set(['toSignal', 'toObservable']),
  'svelte/store': new Set(['writable', 'readable', 'derived', 'get']),
  '@trpc/server': new Set(['initTRPC']),
  'solid-js': new Set(['createSignal', 'createMemo', 'createComputed', 'createResource', 'createEffect', 'createRenderEffect']),
  'solid-js/store': new Set(['createStore']),
};

const PREFIX: Record<string, string> = { vue: 'vue', pinia: 'pinia', '@angular/core': 'ng', '@angular/core/rxjs-interop': 'ng', 'svelte/store': 'svelte', '@trpc/server': 'trpc', 'solid-js': 'solid', 'solid-js/store': 'solid' };

/** Preact's signals are Vue's refs under other names: a `.value` that holds what was put in, or what the function computes. */
const PREACT_SIGNALS: Record<string, string> = { signal: 'vue.ref', useSignal: 'vue.ref', computed: 'vue.computed', useComputed: 'vue.computed', effect: 'vue.watchEffect', useSignalEffect: 'vue.watchEffect' };
const PREACT_PACKAGES = new Set(['@preact/signals', '@preact/signals-core', '@preact/signals-react']);

/** What importing `exported` from a framework's state module gives. */
export function containerImport(packageName: string, exported: string): ValueSet {
  if (PREACT_PACKAGES.has(packageName)) return exported in PREACT_SIGNALS ? [builtinValue(PREACT_SIGNALS[exported]!)] : EMPTY;
  return EXPORTS[packageName]?.has(exported) ? [builtinValue(`${PREFIX[packageName]}.${exported}`)] : EMPTY;
}

export function isContainerBuiltin(name: string): boolean {
  return /^(vue|pinia|ng|svelte|trpc|solid)\./.test(name);
}

/** Members of a container that is called or has methods: a signal's `set`/`update`, a store's `subscribe`. */
export function containerMember(engine: Engine, value: BuiltinValue, key: string | undefined): ValueSet {
  const receiver = value.receiver ?? EMPTY;
  switch (value.name) {
    case 'solid.accessor':
      // A resource's `latest` is what it resolved to.
      return key === 'latest' ? contents(engine, receiver) : EMPTY;
    case 'ng.signal':
      return key === 'set' || key === 'update' ? [builtinValue(`ng.${key}`, receiver)] : key === 'asReadonly' ? [value] : EMPTY;
    case 'svelte.store':
      return key === 'set' || key === 'update' || key === 'subscribe' ? [builtinValue(`svelte.${key}`, receiver)] : EMPTY;
    // tRPC: `initTRPC.context<Context>().create()` gives `router` and `procedure`; a procedure's
    // resolver (`.query(({ ctx, input }) => …)`) gets the context the type argument names.
    case 'trpc.initTRPC':
      return key === 'context' || key === 'create' ? [builtinValue(`trpc.${key}`, receiver)] : EMPTY;
    case 'trpc.builder':
      return key === 'create' ? [builtinValue('trpc.create', receiver)] : EMPTY;
    case 'trpc.instance':
      return key === 'procedure' ? [builtinValue('trpc.procedure', receiver)] : key === 'router' || key === 'mergeRouters' || key === 'middleware' ? [builtinValue('trpc.identity')] : EMPTY;
    case 'trpc.procedure':
      return key === 'query' || key === 'mutation' || key === 'subscription' ? [builtinValue('trpc.resolver', receiver)] : key === 'input' || key === 'output' || key === 'use' || key === 'meta' ? [builtinValue('trpc.chain', receiver)] : EMPTY;
    default:
      return EMPTY;
  }
}

/** What Vue's `provide` registers, by key (`'*'` for a key the engine cannot tell). */
const PROVIDED = 'vue:provided';

function keyOf(values: ValueSet): string {
  return constantKey(values) ?? '*';
}

export function callContainer(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const [first = EMPTY, second = EMPTY] = args;
  const receiver = fn.receiver ?? EMPTY;
  const typed = callTypeArgument(engine, node);
  switch (fn.name) {
    case 'vue.ref':
    case 'vue.shallowRef':
      return [objectValue(holder(engine, node, union(first, typed)))];
    case 'vue.computed':
      return [objectValue(holder(engine, node, union(computedOf(engine, first, node), typed)))];
    case 'vue.defineProps':
      return [defineProps(engine, first, typed, node)];
    case 'vue.withDefaults':
      // `withDefaults(defineProps<Props>(), { fetcher: answerFetcher })`: the defaults are the props' values too.
      for (const props of first) if (props.kind === 'object') for (const defaults of second) if (defaults.kind === 'object') engine.write(engine.cell(props.allocation, '...'), [defaults]);
      return first;
    case 'vue.defineComponent':
    case 'vue.reactive':
    case 'vue.readonly':
    case 'vue.shallowReactive':
    case 'vue.shallowReadonly':
    case 'vue.toRaw':
    case 'vue.markRaw':
      return first;
    case 'vue.unref':
    case 'vue.toValue':
      return union(first, contents(engine, first));
    case 'vue.watch':
      call(engine, second, [union(contents(engine, first), call(engine, first, [], EMPTY, node))], EMPTY, node);
      return EMPTY;
    case 'vue.watchEffect':
      call(engine, first, [], EMPTY, node);
      return EMPTY;
    // `provide(ApiKey, client)` in a component or `app.provide(…)`, `inject(ApiKey)` in any other: one registry per project, by key.
    case 'vue.provide':
      engine.write(engine.cell(PROVIDED, keyOf(first)), second);
      return EMPTY;
    case 'vue.inject': {
      const key = keyOf(first);
      return union(engine.read(engine.cell(PROVIDED, key)), union(key === '*' ? EMPTY : engine.read(engine.cell(PROVIDED, '*')), second.filter((value) => value.kind !== 'function')));
    }
    case 'vue.createApp': {
      const app = engine.allocate(node, 'other');
      engine.write(engine.cell(app, 'provide'), [builtinValue('vue.provide')]);
      return [objectValue(app)];
    }
    case 'pinia.defineStore':
      return [builtinValue('pinia.useStore', [objectValue(store(engine, node, args))])];
    case 'pinia.useStore':
      return receiver;
    case 'ng.signal':
    case 'ng.input':
    case 'ng.model':
      // A signal is a function: calling one (`this.reply()`) reads it.
      if (fn.receiver) return contents(engine, receiver);
      return [builtinValue('ng.signal', [objectValue(holder(engine, node, union(fn.name === 'ng.signal' ? first : EMPTY, typed)))])];
    case 'ng.computed':
      return [builtinValue('ng.signal', [objectValue(holder(engine, node, union(computedOf(engine, first, node), typed)))])];
    case 'ng.toSignal':
      return [builtinValue('ng.signal', [objectValue(holder(engine, node, union(awaited(engine, first), typed)))])];
    case 'ng.toObservable':
      // An observable of the signal's values (observables are promises of their values to the engine; see rxjs.ts).
      return [promiseValue(first.flatMap((signal) => (signal.kind === 'builtin' && signal.name === 'ng.signal' ? contents(engine, signal.receiver ?? EMPTY) : [])))];
    case 'ng.inject':
      // `inject(GleanApi)`: the service's instance, as its constructor would make it.
      return frameworkInstances(engine, first);
    case 'ng.read':
    case 'svelte.get':
      return contents(engine, fn.name === 'svelte.get' ? storesIn(first) : receiver);
    case 'ng.set':
    case 'svelte.set':
      write(engine, receiver, first);
      return EMPTY;
    case 'ng.update':
    case 'svelte.update':
      write(engine, receiver, call(engine, first, [contents(engine, receiver)], EMPTY, node));
      return EMPTY;
    case 'svelte.subscribe':
      call(engine, first, [contents(engine, receiver)], EMPTY, node);
      return EMPTY;
    case 'trpc.context':
      return [builtinValue('trpc.builder', typed)];
    case 'trpc.create':
      return [builtinValue('trpc.instance', receiver)];
    case 'trpc.identity':
      return first;
    case 'trpc.chain':
      return [builtinValue('trpc.procedure', receiver)];
    case 'trpc.resolver': {
      const options = engine.allocate(node, 'other');
      engine.write(engine.cell(options, 'ctx'), receiver);
      call(engine, first, [[objectValue(options)]], EMPTY, node);
      return first;
    }
    case 'solid.createSignal':
    case 'solid.createStore': {
      // A signal is a getter (an accessor, called to read) and a setter; a store is the object itself.
      const signal = [objectValue(holder(engine, node, first))];
      return [pairOf(engine, node, [fn.name === 'solid.createStore' ? first : [builtinValue('solid.accessor', signal)], [builtinValue('solid.set', signal)]])];
    }
    case 'solid.createMemo':
    case 'solid.createComputed':
      return [builtinValue('solid.accessor', [objectValue(holder(engine, node, call(engine, first, [], EMPTY, node)))])];
    case 'solid.createEffect':
    case 'solid.createRenderEffect':
      call(engine, first, [], EMPTY, node);
      return EMPTY;
    case 'solid.createResource': {
      // `createResource(source, fetcher)` or `createResource(fetcher)`: the accessor gives what the fetcher resolves to.
      const fetcherFirst = args.length < 2 || !second.some((value) => value.kind === 'function');
      const source = fetcherFirst ? EMPTY : union(first.filter((value) => value.kind !== 'function'), call(engine, first, [], EMPTY, node));
      const resolved = awaited(engine, call(engine, fetcherFirst ? first : second, [source], EMPTY, node));
      return [pairOf(engine, node, [[builtinValue('solid.accessor', [objectValue(holder(engine, node, resolved))])], EMPTY])];
    }
    case 'solid.accessor':
      return contents(engine, receiver);
    case 'solid.set':
      write(engine, receiver, union(first.filter((value) => value.kind !== 'function'), call(engine, first, [contents(engine, receiver)], EMPTY, node)));
      return EMPTY;
    case 'svelte.writable':
    case 'svelte.readable':
      return [builtinValue('svelte.store', [objectValue(holder(engine, node, union(first, typed)))])];
    case 'svelte.derived': {
      const inputs = first.some((value) => value.kind === 'array') ? load(engine, first, undefined, undefined) : first;
      // `derived(store, ($value, set) => { fetch(…).then((r) => set(r)) })`: what the callback sets is the store's too.
      const store = [objectValue(holder(engine, node, typed))];
      const derived = call(engine, second, [contents(engine, storesIn(inputs)), [builtinValue('svelte.set', store)]], EMPTY, node);
      write(engine, store, derived);
      return [builtinValue('svelte.store', store)];
    }
    default:
      return EMPTY;
  }
}

/** `[a, b]` as a hook or a signal gives it back, for destructuring. */
export function pairOf(engine: Engine, node: TSESTree.Node, members: readonly ValueSet[]): Value {
  const pair = engine.allocate(node, 'other');
  const id = `${pair.id}:pair`;
  members.forEach((values, i) => engine.write(engine.cell(id, String(i)), values));
  return arrayValue({ ...pair, id });
}

export function holder(engine: Engine, node: TSESTree.Node, initial: ValueSet): Allocation {
  const allocation = engine.allocate(node, 'other');
  engine.write(engine.cell(allocation, 'value'), initial);
  return allocation;
}

/**
 * `defineProps({ fetcher: { type: Function as PropType<AnswerFetcher>, default: answerFetcher } })`
 * or `defineProps<{ result: SearchResult }>()`: the props object, each prop holding its default and
 * what its declared type says, with what parents pass it.
 */
function defineProps(engine: Engine, declaration: ValueSet, typed: ValueSet, node: TSESTree.Node): Value {
  // One per component, which the parents that render it write to (component-templates.ts).
  const props = propsAllocation(programOf(node));
  for (const object of declaration) {
    if (object.kind !== 'object') continue;
    for (const [key, cell] of engine.cells(object.allocation)) {
      if (key === '...') continue;
      const definitions = engine.read(cell).filter((value) => value.kind === 'object');
      const declared = load(engine, definitions, 'type', undefined).filter((value) => value.kind !== 'builtin');
      engine.write(engine.cell(props, key), union(load(engine, definitions, 'default', undefined), declared));
    }
  }
  engine.write(engine.cell(props, '...'), typed);
  return objectValue(props);
}

export function contents(engine: Engine, containers: ValueSet): ValueSet {
  return load(engine, containers.filter((value) => value.kind === 'object'), 'value', undefined);
}

export function write(engine: Engine, containers: ValueSet, values: ValueSet): void {
  for (const container of containers) if (container.kind === 'object') engine.write(engine.cell(container.allocation, 'value'), values);
}

/** What Svelte's `$answers` reads: the contents of the store `answers`. */
export function storeContents(engine: Engine, values: ValueSet): ValueSet {
  return contents(engine, storesIn(values));
}

function storesIn(values: ValueSet): ValueSet {
  return values.flatMap((value) => (value.kind === 'builtin' && value.name === 'svelte.store' ? (value.receiver ?? EMPTY) : []));
}

/** `computed(() => …)` or `computed({ get: () => … })`. */
function computedOf(engine: Engine, getter: ValueSet, node: TSESTree.Node): ValueSet {
  return union(call(engine, getter, [], EMPTY, node), call(engine, load(engine, getter.filter((value) => value.kind === 'object'), 'get', undefined), [], EMPTY, node));
}

/**
 * A Pinia store: `defineStore(id, { state, getters, actions })` or `defineStore(id, setup)`. The
 * store is one object: the state's properties, each getter's value, the actions as methods, with
 * `this` the store in getters and actions (and `state` their argument).
 */
function store(engine: Engine, node: TSESTree.Node, args: readonly ValueSet[]): Allocation {
  const allocation = engine.allocate(node, 'other');
  const self = [objectValue(allocation)];
  const definition = args.find((set) => set.some((value) => value.kind === 'object' || value.kind === 'function')) ?? EMPTY;
  // The setup form returns the store's members; the store unwraps their refs (`store.byEmail` is `byEmail.value`).
  const setup = call(engine, definition.filter((value) => value.kind === 'function'), [], EMPTY, node);
  engine.write(engine.cell(allocation, '...'), setup);
  for (const members of setup) {
    if (members.kind !== 'object') continue;
    for (const [key, cell] of engine.cells(members.allocation)) {
      if (key === '...') continue;
      const values = engine.read(cell);
      engine.write(engine.cell(allocation, key), union(values, contents(engine, values)));
    }
  }
  const options = definition.filter((value) => value.kind === 'object');
  engine.write(engine.cell(allocation, '...'), call(engine, load(engine, options, 'state', undefined), [], EMPTY, node));
  for (const group of ['getters', 'actions']) {
    for (const members of load(engine, options, group, undefined)) {
      if (members.kind !== 'object') continue;
      for (const [key, cell] of engine.cells(members.allocation)) {
        const fns = engine.read(cell).filter((value) => value.kind === 'function');
        if (group === 'getters') engine.write(engine.cell(allocation, key), unionAll(fns.map((fn) => engine.invoke(fn, [self], self))));
        else {
          engine.write(engine.cell(allocation, key), fns.map((fn) => ({ ...fn, key: `${fn.key}:store(${allocation.id})`, bound: { self, args: [] } })));
          // An action nothing in the analysed code calls still fills the store for the getters.
          for (const fn of fns) engine.invoke(fn, [], self);
        }
      }
    }
  }
  return allocation;
}

export const containerModel: FrameworkModel = { imports: containerImport, owns: isContainerBuiltin, member: containerMember, call: callContainer };
