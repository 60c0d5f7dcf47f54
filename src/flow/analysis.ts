import path from 'node:path';
import type { TSESTree } from '../ts-eslint-lite.js';
import { enclosingFunction, isFunctionNode, T, walkTree } from '../project/ast.js';
import type { ParsedModule } from '../project/module.js';
import { dispatchesActions, hasReducer, type ProjectIndex } from '../project/project.js';
import type { Activation } from './activation.js';
import { judgeBodies } from './bodies.js';
import { Engine, type EngineOptions } from './engine.js';
import { detachFinding, detachSite, type DetachedFinding, type DetachedSite } from './detached.js';
import { exportValue } from './modules.js';
import { exportedType } from './types.js';
import { runConventions } from './conventions.js';
import { constructedObject, frameworkInstances, load, prototypeOf } from './operations.js';
import { identifyEndpoint, mentionsService } from './requests.js';
import { takesSiblingClient } from './sibling-parameters.js';
import { abstractInstanceId, EMPTY, isServiceValue, type Value, type ValueSet } from './values.js';

/** What one run of the engine over a project found, by file. */
export interface ProjectAnalysis {
  /** The project index's version the analysis was made for: a newer version makes it stale. */
  version: number;
  /** By file, with nodes replaced by where they are (so the analysis keeps no tree alive). */
  findings: ReadonlyMap<string, readonly DetachedFinding[]>;
  sites: ReadonlyMap<string, readonly DetachedSite[]>;
  /** The files analysed as a whole: those that name the service, and those that receive its values from them. */
  analysed: ReadonlySet<string>;
}

/** Rounds of "who imports what was found to carry the service's values": deeper chains than this are rare. */
const MAX_ROUNDS = 12;

/**
 * The engine over a project: the files that name the service (the cheap text look) are run first,
 * with every function they define given a default activation (unknown or typed arguments) unless
 * something called it; then every file that imports something those files export that carries the
 * service's values (a client, a wrapper, a response) is run the same way, until no more join. What
 * the files call into elsewhere is run too, for the values they pass.
 */
export function analyzeProject(project: ProjectIndex, options: EngineOptions, engine = new Engine(options)): ProjectAnalysis {
  return analyze(project, engine, [...project.files()].filter(([, facts]) => facts.service).map(([file]) => file), MAX_ROUNDS);
}

/**
 * The engine over one file's neighbourhood: the file, the files that import it and theirs (what
 * calls into it with the service's values), and what they import. An editor relints a file on
 * every change; this answers for that file in the time of a few modules, where the whole project
 * would take the time of all its service files. Its findings are trusted for `file` only.
 */
export function analyzeAround(project: ProjectIndex, options: EngineOptions, file: string): ProjectAnalysis {
  const around = new Set([file]);
  for (const importer of project.importersOf(file)) around.add(importer);
  for (const importer of [...around].flatMap((inner) => project.importersOf(inner))) around.add(importer);
  return analyze(project, new Engine(options), [...around], 1);
}

/**
 * The engine over a part of the project that no import connects to the rest (`within`, closed
 * under imports both ways): what `analyzeProject` finds in those files, since values only cross
 * modules through imports. Undefined when the engine loaded a module outside it after all.
 */
export function analyzeWithin(project: ProjectIndex, options: EngineOptions, within: ReadonlySet<string>): ProjectAnalysis | undefined {
  const engine = new Engine(options);
  const files = project.files();
  const seeds = project.inProjectOrder(within).filter((file) => files.get(file)!.service);
  const analysis = analyze(project, engine, seeds, MAX_ROUNDS, within);
  return engine.loadedModules().every((module) => within.has(module.path)) ? analysis : undefined;
}

/** The engine from `seeds`, then over the files that receive its values, for `rounds`; only among `within` when given (a part no import ties to the rest). */
function analyze(project: ProjectIndex, engine: Engine, seeds: string[], rounds: number, within?: ReadonlySet<string>): ProjectAnalysis {
  const version = project.version;
  const analysed = new Set<string>();
  let batch = seeds;
  const pending = new Map<ParsedModule, readonly TSESTree.FunctionLike[]>();
  for (let round = 0; batch.length > 0 && round < rounds; round++) {
    const modules: ParsedModule[] = [];
    for (const file of batch) {
      analysed.add(file);
      const module = project.module(file);
      if (module) {
        modules.push(module);
        engine.top(module);
        runConventions(engine, module);
      }
    }
    engine.settle();
    runDefaults(engine, project, analysed, pending);
    // What a framework does by convention reads what the round made (a Vuex store a component of the
    // same round reads, a loader's result): it runs again once the round has settled.
    for (const module of modules) runConventions(engine, module);
    engine.settle();
    batch = receivers(engine, project, analysed, within);
  }
  judgeBodies(engine);
  return { version, findings: byFile(engine.settledFindings(), detachFinding), sites: byFile(engine.sites, detachSite), analysed };
}

function byFile<T extends { file: string }, D>(entries: Iterable<T>, detach: (entry: T) => D): Map<string, D[]> {
  const grouped = new Map<string, D[]>();
  for (const entry of entries) {
    const list = grouped.get(entry.file);
    if (list) list.push(detach(entry));
    else grouped.set(entry.file, [detach(entry)]);
  }
  return grouped;
}

/**
 * Every function of the analysed modules that nothing called gets an activation with what its
 * parameters' types say (or the name hint, or nothing): event handlers, exported helpers and
 * methods a framework calls still have their bodies' requests and reads seen. So does a function
 * of another project module the engine ran, when it closes over the service's values: a handler
 * that a factory called with the client returns to a framework (`require('./ask')(client)` passed
 * to `app.command`), which nothing in the project calls. `pending` keeps, per module, the
 * functions (in source order) still without an activation: a function never loses its
 * activations, so each round and pass looks only at those instead of walking every tree again.
 */
function runDefaults(engine: Engine, project: ProjectIndex, analysed: ReadonlySet<string>, pending: Map<ParsedModule, readonly TSESTree.FunctionLike[]>): void {
  const files = project.files();
  for (let pass = 0; pass < 4; pass++) {
    let added = false;
    const loaded = engine.loadedModules().filter((module) => !analysed.has(module.path) && files.has(module.path));
    for (const module of [...[...analysed].flatMap((file) => project.module(file) ?? []), ...loaded]) {
      const whole = analysed.has(module.path);
      const left: TSESTree.FunctionLike[] = [];
      for (const fn of pending.get(module) ?? functionsOf(module)) {
        const activations = engine.activationsOf(fn);
        if (activations.some((activation) => !activation.isDefault)) continue;
        if (activations.length > 0) {
          // Run by default only: again in other runs of the function around it.
          if (rerunInOtherEnvironments(engine, fn, activations)) added = true;
          left.push(fn);
          continue;
        }
        // In a module the analysed ones only import, an export that takes the client its siblings are called with
        // (`moveOffice(api, …)` beside `pushEmployees(index, rows)`) is the same module's API.
        if ((whole || closesOverService(engine, fn) || takesSiblingClient(engine, module, fn)) && defaultActivation(engine, module, fn)) added = true;
        left.push(fn);
      }
      pending.set(module, left);
    }
    engine.settle();
    if (!added) return;
  }
}

/**
 * Whether a function is written inside one whose run touched the service's values, or was given
 * something that carries them (a constructor handed the client a bot's handlers call): its
 * closure holds them.
 */
function closesOverService(engine: Engine, fn: TSESTree.FunctionLike): boolean {
  const outer = enclosingFunction(fn);
  if (outer.type === T.Program) return false;
  const activations = engine.activationsOf(outer);
  return activations.some((activation) => activation.touchesService) || activations.some((activation) => !activation.isDefault && carriesService(engine, [...activation.args.flat(), ...activation.self]));
}

const functionLists = new WeakMap<TSESTree.Program, readonly TSESTree.FunctionLike[]>();

/** The functions of a module in source order (the order its defaults are made in), found once per tree. */
function functionsOf(module: ParsedModule): readonly TSESTree.FunctionLike[] {
  let functions = functionLists.get(module.ast);
  if (!functions) {
    const found: TSESTree.FunctionLike[] = [];
    walkTree(module.ast, module.visitorKeys, (node) => {
      if (isFunctionNode(node)) found.push(node);
    });
    functions = found;
    functionLists.set(module.ast, functions);
  }
  return functions;
}

/**
 * A function nothing calls, written in another that ran more than once (a factory's handler for
 * each path it was given, a controller called again once its services are known): a default run
 * in each of those runs too, newest and service-touching first, up to a few.
 */
function rerunInOtherEnvironments(engine: Engine, fn: TSESTree.FunctionLike, activations: readonly Activation[]): boolean {
  const outer = enclosingRunnable(fn);
  if (!outer) return false;
  const runs = engine.activationsOf(outer);
  // A run another one knows more than (an IIFE's first, before `window.App` was set) is left out: what its handlers read there is unknown, not other.
  const newestFirst = [...runs].reverse().filter((activation) => !runs.some((other) => other !== activation && knowsMore(other, activation)));
  const candidates = [...newestFirst.filter((activation) => activation.touchesService), ...newestFirst.filter((activation) => !activation.touchesService)];
  const parents = new Set(activations.map((activation) => activation.parent));
  let added = false;
  for (const env of candidates) {
    if (parents.size >= MAX_DEFAULT_ENVIRONMENTS) break;
    if (parents.has(env)) continue;
    engine.activation(fn, env, [], selfOf(engine, fn, env), true);
    parents.add(env);
    added = true;
  }
  return added;
}

/** Whether `a` was given all that `b` was, argument by argument and `this`, and more. */
function knowsMore(a: Activation, b: Activation): boolean {
  if (a.args.length < b.args.length) return false;
  const covers = (more: ValueSet, less: ValueSet) => less.every((value) => more.some((other) => other.key === value.key));
  if (!covers(a.self, b.self) || !b.args.every((values, i) => covers(a.args[i] ?? EMPTY, values))) return false;
  return a.self.length > b.self.length || a.args.some((values, i) => values.length > (b.args[i] ?? EMPTY).length);
}

/** The function whose runs a function's default runs happen in: its nearest enclosing function, unless a module or a field initializer comes first. */
function enclosingRunnable(fn: TSESTree.Node): TSESTree.Node | undefined {
  for (let current = fn.parent; current; current = current.parent) {
    if (current.type === T.Program) return undefined;
    if (current.type === T.PropertyDefinition && !current.static && current.parent.type === T.ClassBody) return undefined;
    if (isFunctionNode(current)) return current;
  }
  return undefined;
}

/** How many runs of the function around it a function nothing calls is run in. */
const MAX_DEFAULT_ENVIRONMENTS = 3;

function defaultActivation(engine: Engine, module: ParsedModule, fn: TSESTree.FunctionLike): Activation | undefined {
  const env = environmentOf(engine, module, fn);
  if (!env) return undefined;
  return engine.activation(fn, env, [], selfOf(engine, fn, env), true);
}

/** An activation of the function (or module) a function is written in, made by default if it has none. */
function environmentOf(engine: Engine, module: ParsedModule, fn: TSESTree.Node): Activation | undefined {
  for (let current = fn.parent; current; current = current.parent) {
    if (current.type === T.Program) return engine.top(module);
    // A field's initializer (`readonly total = computed(() => this.report()?.total)`) runs when an
    // instance is made: in the class's construction, with `this` the instance, made now if nothing made one.
    if (current.type === T.PropertyDefinition && !current.static && current.parent.type === T.ClassBody) {
      const construction = constructionOf(engine, module, current.parent.parent);
      if (construction) return construction;
    }
    if (current.type === T.ClassDeclaration || current.type === T.ClassExpression) continue;
    if (isFunctionNode(current)) {
      // A handler a factory returns runs in the factory's call that held the service's values, if one did: the newest,
      // whose arguments are the most complete (an IIFE called again once `window.App` is known).
      const activations = engine.activationsOf(current);
      const existing = activations.findLast((activation) => activation.touchesService) ?? activations.at(-1);
      return existing ?? defaultActivation(engine, module, current);
    }
  }
  return undefined;
}

/** The activation that ran a class's field initializers (its constructor's, or the class's own without one); a framework's instance is made if none ran. */
function constructionOf(engine: Engine, module: ParsedModule, cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression): Activation | undefined {
  const constructor = cls.body.body.find((member): member is TSESTree.MethodDefinition => member.type === T.MethodDefinition && member.kind === 'constructor');
  const fn = (constructor?.value ?? cls) as TSESTree.FunctionLike;
  if (engine.activationsOf(fn).length === 0) {
    const env = environmentOf(engine, module, cls);
    if (env) frameworkInstances(engine, engine.evaluateIn(env, cls));
  }
  const activations = engine.activationsOf(fn);
  return activations.find((activation) => activation.touchesService) ?? activations[0];
}

/** `this` in a method nothing called: the class's instance (or, for a static method, the class). */
function selfOf(engine: Engine, fn: TSESTree.FunctionLike, env: Activation): ValueSet {
  const constructor = prototypeOwner(fn);
  if (constructor) return prototypeInstance(engine, env, constructor);
  const method = fn.parent;
  if (method?.type !== T.MethodDefinition && method?.type !== T.PropertyDefinition) return EMPTY;
  const cls = method.parent.parent;
  if (cls.type !== T.ClassDeclaration && cls.type !== T.ClassExpression) return EMPTY;
  const values = engine.evaluateIn(env, cls);
  // A class nothing constructs (a framework does: Angular, NestJS, a DI container) still has its fields.
  return method.static ? values.filter((value) => value.kind === 'class') : frameworkInstances(engine, values);
}

/** `F.prototype.m = function () {…}`, `F.prototype = { m() {…} }`: the expression that names F. */
function prototypeOwner(fn: TSESTree.FunctionLike): TSESTree.Expression | undefined {
  let target: TSESTree.Node = fn;
  // `F.prototype = { m: function () {…} }`: the property, in the object, assigned to `F.prototype`.
  if (fn.parent?.type === T.Property && fn.parent.parent.type === T.ObjectExpression) target = fn.parent.parent;
  const assignment = target.parent;
  if (assignment?.type !== T.AssignmentExpression || assignment.right !== target || assignment.left.type !== T.MemberExpression) return undefined;
  const left = assignment.left;
  const isPrototype = (node: TSESTree.Node): node is TSESTree.MemberExpression & { object: TSESTree.Expression } => node.type === T.MemberExpression && !node.computed && node.property.type === T.Identifier && node.property.name === 'prototype';
  if (target.type === T.ObjectExpression) return isPrototype(left) ? left.object : undefined;
  return isPrototype(left.object) ? left.object.object : undefined;
}

/** `this` in a prototype method nothing called: an object made by the constructor function, as `new F()` would (with unknown arguments). */
function prototypeInstance(engine: Engine, env: Activation, constructor: TSESTree.Expression): ValueSet {
  return engine.evaluateIn(env, constructor).flatMap((value): Value[] => {
    if (value.kind !== 'function') return [];
    const self = constructedObject(engine, value, engine.allocate(value.fn, 'instance', env));
    engine.invoke(value, [], [self]);
    return [self];
  });
}

/**
 * The project files, not analysed yet, that import something an analysed or loaded module exports
 * that carries the service's values. Relative imports are resolved only when their last path segment
 * names such a module's file (or its directory, for an index file), and imports of the project's
 * dependencies never, so the cost is a lookup per import; the rest (path aliases, `#` imports) are
 * resolved, once per directory.
 */
function receivers(engine: Engine, project: ProjectIndex, analysed: ReadonlySet<string>, within: ReadonlySet<string> | undefined): string[] {
  const exporters = new Map<string, Set<string> | '*'>();
  const byStem = new Map<string, string[]>();
  for (const module of engine.loadedModules()) {
    const names = serviceExports(engine, module);
    if (names === undefined) continue;
    exporters.set(module.path, names);
    for (const stem of stems(module.path)) byStem.set(stem, [...(byStem.get(stem) ?? []), module.path]);
  }
  const found: string[] = [];
  const files = project.files();
  // A Redux reducer gets what any analysed module dispatches, and a module listening to the app's
  // messages what any analysed one sends, which no import shows (see redux.ts, messaging.ts).
  const dispatching = [...analysed].some((file) => dispatchesActions(files.get(file)));
  const messaging = [...analysed].some((file) => files.get(file)?.messaging);
  // A script's top-level declarations are every other script's globals.
  const scripting = [...analysed].some((file) => files.get(file)?.script);
  if (exporters.size === 0 && !dispatching && !messaging && !scripting) return [];
  for (const file of within ? project.inProjectOrder(within) : files.keys()) {
    if (analysed.has(file)) continue;
    const imports = files.get(file)!.imports.some((entry) => {
      // SvelteKit's `import type { PageData } from './$types'` stands for the route's `load` (see ProjectIndex.resolve).
      if (entry.specifier === './$types') {
        const loader = project.resolve(file, entry.specifier);
        return loader?.kind === 'file' && exporters.has(loader.path);
      }
      const last = entry.specifier.split('/').at(-1)!.replace(/\.[cm]?[jt]sx?$/, '');
      const candidates = byStem.get(last === '' || last === '.' || last === '..' ? 'index' : last) ?? byStem.get(last);
      if (!candidates && (entry.specifier.startsWith('.') || project.isDependency(entry.specifier))) return false;
      const resolution = project.resolve(file, entry.specifier);
      if (resolution?.kind !== 'file') return false;
      const names = exporters.get(resolution.path);
      if (!names) return false;
      return names === '*' || entry.names === '*' || entry.names.some((name) => names.has(name));
    });
    // A Nuxt module uses its project's composables and utilities by name (see auto-imports.ts).
    if (imports || project.autoImported(file).some((target) => exporters.has(target)) || (dispatching && hasReducer(files.get(file))) || (messaging && files.get(file)!.messaging) || (scripting && files.get(file)!.script)) found.push(file);
  }
  return found;
}

/** The names a module exports that carry the service's values or types; `*` when anything may (a CommonJS object, `export *` of such a module). */
function serviceExports(engine: Engine, module: ParsedModule): Set<string> | '*' | undefined {
  const names = new Set<string>();
  for (const name of module.exports.keys()) {
    if (carriesService(engine, exportValue(engine, module.path, name, undefined))) names.add(name);
  }
  for (const name of module.typeExports) if (exportedType(engine, module, name).length > 0) names.add(name);
  for (const source of [...module.starExports, ...module.typeStarExports]) {
    const target = engine.project.resolve(module.path, source);
    if (target?.kind === 'file' && engine.isLoaded(target.path)) return '*';
  }
  if (module.commonJs) {
    // `module.exports = { createHttp }`: its properties are what ES modules export by name, each judged as one.
    const exported = exportValue(engine, module.path, 'default', undefined);
    const properties = load(engine, exported.filter((value) => value.kind === 'object'), undefined, undefined);
    if (carriesService(engine, exported) || carriesService(engine, properties)) return '*';
  }
  return names.size > 0 ? names : undefined;
}

function innerFunctionTouches(engine: Engine, fn: TSESTree.FunctionLike): boolean {
  const file = engine.fileOf(fn);
  const module = file === undefined ? undefined : engine.project.module(file);
  if (!module) return false;
  const [start, end] = fn.range;
  return functionsOf(module).some((inner) => inner !== fn && inner.range[0] >= start && inner.range[1] <= end && engine.activationsOf(inner).some((activation) => activation.touchesService));
}

/** How deep a value is searched for the service's: a workflow's instance holding an array of step objects whose functions call it is three levels down. */
const MAX_CARRY_DEPTH = 3;

function carriesService(engine: Engine, values: ValueSet, depth = 0): boolean {
  return values.some((value) => carries(engine, value, depth));
}

function carries(engine: Engine, value: Value, depth: number): boolean {
  if (isServiceValue(value)) return true;
  switch (value.kind) {
    case 'function':
      if (engine.activationsOf(value.fn).some((activation) => activation.touchesService)) return true;
      // A plugin or module factory whose inner functions call the service (`fastify.decorate('kb', { client: (e) => call(…) })`).
      if (innerFunctionTouches(engine, value.fn)) return true;
      // A factory of a client (`gleanClient()` returning `{ get, post }` over the service's paths).
      if (depth < MAX_CARRY_DEPTH && engine.activationsOf(value.fn).some((activation) => carriesService(engine, activation.returns.values, depth + 1))) return true;
      // A constructor function whose prototype's methods do (`Reporter.prototype._post = function …`).
      return depth < MAX_CARRY_DEPTH && carriesService(engine, load(engine, prototypeOf(engine, value).filter((proto) => proto.kind === 'object'), undefined, undefined), depth + 1);
    case 'class':
      if (value.node.body.body.some((member) => member.type === T.MethodDefinition && engine.activationsOf(member.value).some((activation) => activation.touchesService))) return true;
      // What its one abstract instance holds (an event bus a repository emits responses on, injected elsewhere by type).
      return depth < MAX_CARRY_DEPTH && [...engine.cells(abstractInstanceId(value)).values()].some((cell) => carriesService(engine, cell.values, depth + 1));
    case 'instance':
      return carries(engine, value.cls, depth) || (depth < MAX_CARRY_DEPTH && carriesService(engine, load(engine, [value], undefined, undefined), depth + 1));
    case 'object':
    case 'array':
      return depth < MAX_CARRY_DEPTH && carriesService(engine, load(engine, [value], undefined, undefined), depth + 1);
    case 'namespace':
      return true;
    case 'builtin':
      // A hook or store made by a library model (`useBoardAnswersQuery`, a Pinia store) carries what it holds.
      return value.receiver !== undefined && carriesService(engine, value.receiver, depth);
    case 'string':
      // `export const INDEXING_API = \`${BASE}/api/index/v1\``, a table of endpoint names (`INDEX.documentStatus = 'getdocumentstatus'`):
      // its importers build the service's URLs or name its endpoints with it.
      return mentionsService(engine, value.pattern) || (identifyEndpoint(engine.catalog, value.pattern, undefined)?.endpoint.endpointItems.length ?? 0) > 0;
    default:
      return false;
  }
}

/** The names an import's last segment may use for a file: its stem, and its directory's name for an index file. */
function stems(file: string): string[] {
  const stem = path.basename(file).replace(/\.[cm]?[jt]sx?$/, '');
  return stem === 'index' ? ['index', path.basename(path.dirname(file))] : [stem];
}
