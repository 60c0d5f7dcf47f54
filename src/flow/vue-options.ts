import type { TSESTree } from '../ts-eslint-lite.js';
import type { ParsedModule } from '../project/module.js';
import type { Engine } from './engine.js';
import { exportValue } from './modules.js';
import { awaited, call, load } from './operations.js';
import { constantText, text } from './strings.js';
import { builtinValue, EMPTY, objectValue, promiseValue, stringValue, union, type BuiltinValue, type Value, type ValueSet } from './values.js';
import type { FrameworkModel } from './framework-model.js';
import { instanceAllocation, propsObject } from './component-templates.js';

/**
 * Vue's Options API and Vuex, the state of many Vue 2 apps. A component is an options object
 * (`export default { data() {…}, computed: {…}, methods: {…}, mounted() {…} }`) whose functions see
 * one `this`: the component instance, holding what `data()` returns, each computed property's
 * value, the methods, and `this.$store`, the app's Vuex store. A store (`new Vuex.Store({ state,
 * mutations, actions, getters })`) keeps its state in one object: `commit(type, payload)` runs the
 * mutation with it, `dispatch(type, payload)` the action with a context of `commit`, `state`…; the
 * `map*` helpers give components computed properties and methods over it. Stores are found
 * project-wide, as an app installs one for all its components; a store's modules are not followed.
 */
const VUEX = new Set(['vuex']);
const STORE_MAKERS = new Set(['Store', 'createStore']);
const HELPERS = new Set(['mapState', 'mapGetters', 'mapActions', 'mapMutations']);
const HOOKS = ['beforeCreate', 'created', 'beforeMount', 'mounted', 'activated', 'beforeUpdate', 'updated'];
const OPTION_KEYS = new Set(['data', 'computed', 'methods', 'watch', 'props', ...HOOKS]);
/** Where every store the project makes is kept. */
const STORES = 'vuex:stores';

export function vuexImport(specifier: string, exported: string): ValueSet {
  if (!VUEX.has(specifier)) return EMPTY;
  if (exported === 'default' || exported === '*') return [builtinValue('vuex')];
  if (STORE_MAKERS.has(exported)) return [builtinValue('vuex.Store')];
  return HELPERS.has(exported) ? [builtinValue(`vuex.${exported}`)] : EMPTY;
}

export function isVuexBuiltin(name: string): boolean {
  return name === 'vuex' || name.startsWith('vuex.');
}

export function vuexMember(value: BuiltinValue, key: string | undefined): ValueSet {
  if (value.name !== 'vuex' || key === undefined) return EMPTY;
  if (STORE_MAKERS.has(key)) return [builtinValue('vuex.Store')];
  return HELPERS.has(key) ? [builtinValue(`vuex.${key}`)] : EMPTY;
}

export function callVuex(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.Node, self: ValueSet): ValueSet {
  const [first = EMPTY, second = EMPTY] = args;
  const store = fn.receiver ?? EMPTY;
  switch (fn.name.split(':')[0]) {
    case 'vuex.Store':
      return [makeStore(engine, first, node)];
    case 'vuex.commit':
      call(engine, handlers(engine, store, 'mutations', first), [load(engine, store, 'state', undefined), second], EMPTY, node);
      return EMPTY;
    case 'vuex.dispatch': {
      const returned = call(engine, handlers(engine, store, 'actions', first), [contextOf(engine, store, node), second], EMPTY, node);
      return [promiseValue(awaited(engine, returned))];
    }
    case 'vuex.mapState':
    case 'vuex.mapGetters':
    case 'vuex.mapActions':
    case 'vuex.mapMutations':
      // `mapState('policies', ['current'])`: a module's, under its name.
      if (args.length > 1) return [helperObject(engine, fn.name.slice('vuex.'.length), second, node, constantText(first.find((value) => value.kind === 'string')?.pattern ?? []))];
      return [helperObject(engine, fn.name.slice('vuex.'.length), first, node)];
    case 'vuex.read': {
      // A mapped property read from the component's store: `mapState(['x'])` is `this.$store.state.x`.
      const [, kind = '', key = ''] = fn.name.split(':');
      const stores = load(engine, self, '$store', undefined);
      if (kind === 'state') return key.split('/').reduce((values, segment) => load(engine, values, segment, undefined), load(engine, stores, 'state', undefined));
      if (kind === 'stateFn') return call(engine, store, [load(engine, stores, 'state', undefined), load(engine, stores, 'getters', undefined)], self, node);
      if (kind === 'getters') return load(engine, load(engine, stores, 'getters', undefined), key, undefined);
      const method = kind === 'actions' ? 'dispatch' : 'commit';
      return call(engine, load(engine, stores, method, undefined), [[stringValue(text(key, node))], first], EMPTY, node);
    }
    default:
      return EMPTY;
  }
}

function makeStore(engine: Engine, options: ValueSet, node: TSESTree.Node, path = '', root?: Value): Value {
  const made = engine.allocate(node, 'other');
  const allocation = path === '' ? made : { ...made, id: `${made.id}:module${path}` };
  const store = objectValue(allocation);
  const objects = options.filter((value) => value.kind === 'object');
  // `state: () => ({ … })` or an object.
  const stateOption = load(engine, objects, 'state', undefined);
  let state = union(stateOption.filter((value) => value.kind === 'object'), call(engine, stateOption.filter((value) => value.kind === 'function'), [], EMPTY, node));
  // A module (`modules: { policies }`) is a store of its own: its state sits under its name in its parent's, its
  // handlers commit to it and its getters read it (and the root's); its getters and handlers are the app's by name.
  const modules = load(engine, objects, 'modules', undefined).filter((value) => value.kind === 'object');
  if (modules.length > 0 && state.length === 0) state = [objectValue({ ...allocation, id: `${allocation.id}:state` })];
  engine.write(engine.cell(allocation, 'state'), state);
  const rootStore = root ?? store;
  for (const table of modules) {
    for (const [name, cell] of engine.cells(table.allocation)) {
      if (name === '...') continue;
      const child = makeStore(engine, engine.read(cell), node, `${path}/${name}`, rootStore);
      for (const holder of state) if (holder.kind === 'object') engine.write(engine.cell(holder.allocation, name), load(engine, [child], 'state', undefined));
    }
  }
  for (const kind of ['mutations', 'actions', 'getters']) engine.write(engine.cell(allocation, kind), load(engine, objects, kind, undefined));
  engine.write(engine.cell(allocation, 'commit'), [builtinValue('vuex.commit', [store])]);
  engine.write(engine.cell(allocation, 'dispatch'), [builtinValue('vuex.dispatch', [store])]);
  // Getters are the state's views: each computed from the state, the other getters, and the root's.
  const gettersAllocation = { ...allocation, id: `${allocation.id}:getters` };
  const rootState = load(engine, [rootStore], 'state', undefined);
  for (const getters of engine.read(engine.cell(allocation, 'getters'))) {
    if (getters.kind !== 'object') continue;
    for (const [key, cell] of engine.cells(getters.allocation)) {
      if (key === '...') continue;
      engine.write(engine.cell(gettersAllocation, key), call(engine, engine.read(cell), [state, [objectValue(gettersAllocation)], rootState, load(engine, [rootStore], 'getters', undefined)], EMPTY, node));
    }
  }
  engine.write(engine.cell(allocation, 'getters'), [objectValue(gettersAllocation)]);
  // Every action runs, as some component dispatches it: its requests and what it commits are seen.
  const actions = load(engine, load(engine, objects, 'actions', undefined), undefined, undefined).filter((value) => value.kind === 'function');
  call(engine, actions, [contextOf(engine, [store], node, rootState), EMPTY], EMPTY, node);
  // The app's store, as every component's `this.$store` sees it: what all the project's stores hold (a module's state is under its name in the root's).
  for (const key of ['state', 'getters', 'commit', 'dispatch', 'mutations', 'actions']) {
    if (key === 'state' && path !== '') continue;
    engine.write(engine.cell(STORES, key), engine.read(engine.cell(allocation, key)));
  }
  return store;
}

/** The handlers of a type (`commit('setResults', …)`), or all of them when the type is not known. */
function handlers(engine: Engine, stores: ValueSet, kind: 'mutations' | 'actions', type: ValueSet): ValueSet {
  const tables = load(engine, stores, kind, undefined);
  const name = type.map((value) => (value.kind === 'string' ? constantText(value.pattern) : undefined)).find((text) => text !== undefined);
  return load(engine, tables, name?.split('/').at(-1), undefined).filter((value) => value.kind === 'function' || value.kind === 'builtin');
}

function contextOf(engine: Engine, stores: ValueSet, node: TSESTree.Node, rootState?: ValueSet): ValueSet {
  const allocation = engine.allocate(node, 'other');
  const context = { ...allocation, id: `${allocation.id}:context${stores.map((store) => (store.kind === 'object' ? store.allocation.id : '')).join(',')}` };
  for (const key of ['commit', 'dispatch', 'state', 'getters']) engine.write(engine.cell(context, key), load(engine, stores, key, undefined));
  engine.write(engine.cell(context, 'rootState'), rootState ?? load(engine, stores, 'state', undefined));
  return [objectValue(context)];
}

/** `mapState(['conversation'])`, `mapState({ reply: (state) => state.reply })`, `mapGetters([…])`, `mapActions([…])`. */
function helperObject(engine: Engine, helper: string, spec: ValueSet, node: TSESTree.Node, namespace?: string): Value {
  const allocation = engine.allocate(node, 'other');
  const object = { ...allocation, id: `${allocation.id}:${helper}` };
  const kind = helper === 'mapState' ? 'state' : helper === 'mapGetters' ? 'getters' : helper === 'mapActions' ? 'actions' : 'mutations';
  // A module's state is under its name (`mapState('policies', ['current'])` is `state.policies.current`).
  const statePath = (key: string) => (kind === 'state' && namespace ? `${namespace}/${key}` : key);
  for (const value of spec) {
    if (value.kind === 'array') {
      for (const element of load(engine, [value], undefined, undefined)) {
        const key = element.kind === 'string' ? constantText(element.pattern)?.split('/').at(-1) : undefined;
        if (key) engine.write(engine.cell(object, key), [builtinValue(`vuex.read:${kind}:${statePath(key)}`)]);
      }
    } else if (value.kind === 'object') {
      for (const [key, cell] of engine.cells(value.allocation)) {
        if (key === '...') continue;
        for (const target of engine.read(cell)) {
          if (target.kind === 'function') engine.write(engine.cell(object, key), [builtinValue('vuex.read:stateFn', [target])]);
          else if (target.kind === 'string') engine.write(engine.cell(object, key), [builtinValue(`vuex.read:${kind}:${constantText(target.pattern) ?? key}`)]);
        }
      }
    }
  }
  return objectValue(object);
}

/**
 * A component written with the Options API, the module's default export: its functions run with
 * the component instance as `this` (see above), its hooks and methods each once.
 */
export function runOptionsComponent(engine: Engine, module: ParsedModule): void {
  if (!module.exports.has('default')) return;
  const options = exportValue(engine, module.path, 'default', undefined).filter((value) => value.kind === 'object' && isComponentOptions(engine, value));
  if (options.length === 0) return;
  const vm = instanceAllocation(module.ast);
  const self = [objectValue(vm)];
  const props = [propsObject(engine, module.ast)];
  engine.write(engine.cell(vm, '$store'), [objectValue({ ...vm, id: STORES })]);
  // Its props are what parents pass (component-templates.ts); `this.$emit('select', r)` calls the parent's `@select`.
  engine.write(engine.cell(vm, '...'), props);
  engine.write(engine.cell(vm, '$emit'), [builtinValue('sfc.emit', props)]);
  engine.write(engine.cell(vm, '...'), call(engine, load(engine, options, 'data', undefined), [], self, module.ast));
  // Methods, and computed properties' getters (`{ get() {…} }` too), with what `...mapActions([…])` and `...mapState([…])` spread in.
  const methods = members(engine, load(engine, options, 'methods', undefined));
  for (const [key, values] of methods) engine.write(engine.cell(vm, key), values);
  for (const [key, definitions] of members(engine, load(engine, options, 'computed', undefined))) {
    const getters = union(definitions.filter((value) => value.kind !== 'object'), load(engine, definitions.filter((value) => value.kind === 'object'), 'get', undefined));
    engine.write(engine.cell(vm, key), call(engine, getters, [], self, module.ast));
  }
  for (const hook of HOOKS) call(engine, load(engine, options, hook, undefined), [], self, module.ast);
  for (const values of methods.values()) call(engine, values, [], self, module.ast);
  // Watchers: `watch: { query(q) {…} }` or `{ query: { handler(q) {…}, immediate: true } }`, run with the instance.
  for (const watcher of members(engine, load(engine, options, 'watch', undefined)).values()) {
    call(engine, union(watcher.filter((value) => value.kind === 'function'), load(engine, watcher.filter((value) => value.kind === 'object'), 'handler', undefined)), [], self, module.ast);
  }
}

/** An options table's entries by key, those spread into it included. */
function members(engine: Engine, tables: ValueSet): Map<string, ValueSet> {
  const found = new Map<string, ValueSet>();
  const seen = new Set<string>();
  const add = (table: Value): void => {
    // `methods = { ...methods, save() {} }` spreads an object into itself.
    if (table.kind !== 'object' || seen.has(table.allocation.id)) return;
    seen.add(table.allocation.id);
    for (const [key, cell] of engine.cells(table.allocation)) {
      if (key === '...') for (const spread of engine.read(cell)) add(spread);
      else found.set(key, union(found.get(key) ?? EMPTY, engine.read(cell)));
    }
  };
  for (const table of tables) add(table);
  return found;
}

function isComponentOptions(engine: Engine, value: Value): boolean {
  return value.kind === 'object' && [...engine.cells(value.allocation).keys()].some((key) => OPTION_KEYS.has(key));
}

export const vuexModel: FrameworkModel = { imports: vuexImport, owns: isVuexBuiltin, member: (_engine, value, key) => vuexMember(value, key), call: callVuex, construct: (engine, fn, args, node) => callVuex(engine, fn, args, node, EMPTY) };
