import type { TSESTree } from '../ts-eslint-lite.js';
import type { WrapperSetting } from '../settings.js';
import type { SchemaGraph, SchemaPosition } from '../schedule/graph/schema-graph.js';
import type { ParsedModule } from '../project/module.js';
import type { ProjectIndex } from '../project/project.js';
import { programOf, T } from '../project/ast.js';
import { Activation, Cell } from './activation.js';
import type { Catalog, KnownEndpoint } from './catalog.js';
import { Evaluator } from './evaluate.js';
import { findingKey, type FlowFinding } from './findings.js';
import { idOf } from './ids.js';
import type { HttpClientModel } from './models/http-clients.js';
import { identifyEndpoint, type RequestSite } from './requests.js';
import { constantText } from './strings.js';
import { abstractInstanceId, arrayValue, EMPTY, INSTANCE_PREFIX, SITE_SEPARATOR, functionValue, instanceValue, isServiceValue, type Allocation, type ClassValue, type FunctionValue, type Value, type ValueSet } from './values.js';

export interface EngineOptions {
  catalog: Catalog;
  project: ProjectIndex;
  clients: readonly HttpClientModel[];
  wrappers: readonly WrapperSetting[];
  /** Module specifiers (or files) that stand for the SDK besides its package: a fork, a vendored copy. */
  sdkModules: readonly string[];
}

/** A request body the analysis saw sent: judged once the fixpoint is reached, against all its keys. */
export interface BodyDemand {
  allocation: Allocation;
  position: SchemaPosition;
  endpoint: KnownEndpoint | undefined;
}

/**
 * Activations of one closure (a function in one activation of the code around it) with distinct
 * arguments beyond which a call uses the unknown-argument one. A builder's method (`workflow.then(step)`)
 * gets a new context each time its receiver or argument grows while the cells fill, several per call.
 */
const MAX_ACTIVATIONS_PER_FUNCTION = 12;
/** Contexts of one closure whose arguments name endpoints (a request helper's calls). */
const MAX_ENDPOINT_CONTEXTS = 128;
/** Contexts of one function in all its closures: nested closures multiply, and this stops them. */
const MAX_CONTEXTS_OF_FUNCTION = 4 * MAX_ENDPOINT_CONTEXTS;
/** Activations of one function that get their own copies of the objects its code makes. */
const HEAP_CONTEXTS_PER_FUNCTION = 8;
/** The keys of an options object that hold where a request goes. */
const URL_KEYS = ['path', 'url', 'endpoint', 'route'];
/** Calls nested deeper than this are not entered (their result is read as it stands). */
const MAX_STACK = 64;
/** Runs of one activation: more means a loop of growing values, which the caps on values already bound. */
const MAX_RUNS = 12;
/** Runs of an activation again for a loop's variable it fed (see `write`): the rest of its runs stay for what other code writes. */
const MAX_LOOP_RERUNS = 3;
/** Activation runs in one analysis: a bound for hostile or generated code, far above real projects. */
const MAX_TOTAL_RUNS = 200_000;

/**
 * The project-wide value-flow engine: runs the code of the modules it is given, abstractly, with
 * values from the service's sources (the SDK, HTTP clients, endpoint paths) flowing through
 * variables, properties, calls, returns, promises, classes and imports, and records every request
 * to the service and every use of a deprecated item it meets.
 */
export class Engine {
  readonly findings = new Map<string, FlowFinding>();
  readonly sites: RequestSite[] = [];
  readonly demands: BodyDemand[] = [];
  readonly graph: SchemaGraph;
  readonly stack: Activation[] = [];
  private readonly heap = new Map<string, Map<string, Cell>>();
  private readonly activations = new Map<string, Activation>();
  private readonly byFunction = new Map<TSESTree.Node, Activation[]>();
  private readonly byClosure = new Map<string, number>();
  private readonly tops = new Map<string, Activation>();
  private readonly programs = new WeakMap<TSESTree.Program, ParsedModule>();
  private readonly evaluators = new WeakMap<Activation, Evaluator>();
  private readonly queue: Activation[] = [];
  private readonly seenDemands = new Set<string>();
  private totalRuns = 0;

  constructor(readonly options: EngineOptions) {
    this.graph = options.catalog.schedule.graph;
  }

  get catalog(): Catalog {
    return this.options.catalog;
  }

  get project(): ProjectIndex {
    return this.options.project;
  }

  /** The activation whose code is being evaluated: what reads register as. */
  get reader(): Activation | undefined {
    return this.stack.at(-1);
  }

  // ---- running --------------------------------------------------------------------------------

  /** The top level of a module, run on first use. */
  top(module: ParsedModule): Activation {
    let activation = this.tops.get(module.path);
    if (!activation) {
      this.programs.set(module.ast, module);
      activation = new Activation(module.ast, module, [], EMPTY, undefined, false);
      this.tops.set(module.path, activation);
      this.run(activation);
    }
    return activation;
  }

  /** The loaded module a node belongs to. */
  moduleOf(node: TSESTree.Node): ParsedModule | undefined {
    return this.programs.get(programOf(node));
  }

  /** The file of the module a node belongs to (for reporting a node met through another module's values). */
  fileOf(node: TSESTree.Node): string | undefined {
    return this.moduleOf(node)?.path;
  }

  /** Whether the module's top level has been run (it is part of the analysis). */
  isLoaded(path: string): boolean {
    return this.tops.has(path);
  }

  loadedModules(): ParsedModule[] {
    return [...this.tops.values()].map((activation) => activation.module);
  }

  evaluator(activation: Activation): Evaluator {
    let evaluator = this.evaluators.get(activation);
    if (!evaluator) {
      evaluator = new Evaluator(this, activation);
      this.evaluators.set(activation, evaluator);
    }
    return evaluator;
  }

  /** Runs an activation's code now (again, when it ran before: its memo starts empty, its cells keep what they had). */
  run(activation: Activation): void {
    if (activation.running || activation.runs >= MAX_RUNS || this.totalRuns >= MAX_TOTAL_RUNS) return;
    if (this.stack.length >= MAX_STACK) {
      this.enqueue(activation);
      return;
    }
    activation.running = true;
    activation.runs++;
    this.totalRuns++;
    activation.memo = new Map();
    this.stack.push(activation);
    try {
      this.evaluator(activation).run();
    } finally {
      this.stack.pop();
      activation.running = false;
    }
    // What it read before writing it was older than what it wrote: a loop's variable fed by its own call.
    if (activation.stale) {
      activation.stale = false;
      activation.loopReruns++;
      this.enqueue(activation);
    }
  }

  /** Evaluates a node in another activation (a variable's initializer met before its declaration), reading as that activation. */
  evaluateIn(activation: Activation, node: TSESTree.Node): ValueSet {
    if (this.stack.at(-1) === activation) return this.evaluator(activation).evaluate(node);
    this.stack.push(activation);
    try {
      return this.evaluator(activation).evaluate(node);
    } finally {
      this.stack.pop();
    }
  }

  enqueue(activation: Activation): void {
    if (activation.queued) return;
    activation.queued = true;
    this.queue.push(activation);
  }

  /** Runs again every activation whose inputs grew, until nothing changes. */
  settle(): void {
    for (let activation = this.queue.shift(); activation; activation = this.queue.shift()) {
      activation.queued = false;
      this.run(activation);
    }
  }

  // ---- cells ----------------------------------------------------------------------------------

  cells(allocation: Allocation | string): Map<string, Cell> {
    const id = typeof allocation === 'string' ? allocation : allocation.id;
    let cells = this.heap.get(id);
    if (!cells) {
      cells = new Map();
      this.heap.set(id, cells);
    }
    return cells;
  }

  cell(allocation: Allocation | string, key: string): Cell {
    const cells = this.cells(allocation);
    let cell = cells.get(key);
    if (!cell) {
      cell = new Cell();
      cells.set(key, cell);
      const id = typeof allocation === 'string' ? allocation : allocation.id;
      // An instance made at a site writes through to its class's abstract instance (see `construct`).
      const site = id.startsWith(INSTANCE_PREFIX) ? id.indexOf(SITE_SEPARATOR) : -1;
      if (site > 0) cell.summary = this.cell(id.slice(0, site), key);
    }
    return cell;
  }

  read(cell: Cell): ValueSet {
    return cell.read(this.reader);
  }

  /** Adds values to a cell and puts its readers back on the queue; `loopCarried` (a variable a loop assigns) also runs the writer again if it read the cell. */
  write(cell: Cell, values: ValueSet, loopCarried = false): void {
    if (values.length === 0) return;
    for (const reader of cell.add(values)) {
      if (!reader.running || reader !== this.reader) this.enqueue(reader);
      // Text a loop builds (`bar += '#'`) grows each turn and carries nothing of the service: only other values re-run it, a few times.
      else if (loopCarried && reader.loopReruns < MAX_LOOP_RERUNS && values.some((value) => value.kind !== 'string')) reader.stale = true;
    }
    if (values.some(isServiceValue)) this.markService();
    if (cell.summary) this.write(cell.summary, values);
  }

  /** An allocation made at `node`, once per activation (so a helper's literal is a new object per call context). */
  allocate(node: TSESTree.Node, origin: Allocation['origin'], activation: Activation | undefined = this.reader): Allocation {
    return { id: `${idOf(node)}@${activation?.heapContext ?? 0}`, node, origin };
  }

  // ---- functions and classes ------------------------------------------------------------------

  /**
   * Calls a function value: its activation for these arguments (made and run on first use), and
   * what it returns. `byDefault` takes the activation a function gets when nothing known calls it.
   */
  invoke(fn: FunctionValue, args: readonly ValueSet[], self: ValueSet, byDefault = false): ValueSet {
    const allArgs = fn.bound ? [...fn.bound.args, ...args] : args;
    const thisValue = fn.bound ? fn.bound.self : self;
    const activation = this.activation(fn.fn, fn.env, allArgs, thisValue, byDefault);
    // A generator's call gives an iterable of what it yields (awaited for an async one): `for (await) … of`, spread and Array.from read it as an array.
    if (fn.fn.generator) return [arrayValue(this.generatorAllocation(activation))];
    const returned = this.read(activation.returns);
    if (activation.touchesService) this.markService();
    if (fn.fn.async) return [{ kind: 'promise', key: `p(${returned.map((value) => value.key).sort().join('|')})`, of: this.awaitedOf(returned) }];
    return returned;
  }

  /**
   * `new C(…)` at `site`: an instance of its own, after its constructor ran with these arguments.
   * What it is given is written through to the class's one abstract instance too, which stands
   * for every construction where code meets an instance it did not see made (a method a framework
   * calls, a class a container injects).
   */
  construct(cls: ClassValue, args: readonly ValueSet[], site: TSESTree.Node): ValueSet {
    const instance = instanceValue({ id: `${abstractInstanceId(cls)}${SITE_SEPARATOR}${this.allocate(site, 'instance').id}`, node: cls.node, origin: 'instance' }, cls);
    this.runConstructor(cls, args, [instance]);
    // Making a client of the service (a class whose methods call it) is touching the service: the
    // function that makes it, and hands it on (`fastify.decorate('glean', new GleanService())`), carries it.
    if (cls.node.body.body.some((member) => member.type === T.MethodDefinition && this.activationsOf(member.value).some((activation) => activation.touchesService))) this.markService();
    return [instance];
  }

  /** The constructor chain of a class, with `self` as `this`: fields, parameter properties, the body, `super(…)`. */
  runConstructor(cls: ClassValue, args: readonly ValueSet[], self: ValueSet): void {
    const constructor = cls.node.body.body.find((member): member is TSESTree.MethodDefinition => member.type === T.MethodDefinition && member.kind === 'constructor');
    // A class without a constructor runs its field initializers in an activation of the class itself.
    const fn = (constructor?.value ?? cls.node) as TSESTree.FunctionLike;
    this.activation(fn, cls.env, args, self, false);
  }

  /** The activation of a function for these arguments; made, and run, on first use. */
  activation(fn: TSESTree.FunctionLike, env: Activation, args: readonly ValueSet[], self: ValueSet, isDefault: boolean): Activation {
    const key = `${idOf(fn)}@${env.id}(${args.map(keyOf).join(';')})[${keyOf(self)}]${isDefault ? 'd' : ''}`;
    let activation = this.activations.get(key);
    if (activation) return activation;
    const siblings = this.byFunction.get(fn) ?? [];
    // Counted per closure: the callback a request helper's body passes to `.then` is a closure of each of the helper's contexts, and must not run out of its own.
    const closure = `${idOf(fn)}@${env.id}`;
    const contexts = this.byClosure.get(closure) ?? 0;
    // Asked at most once, and only past the bounds below: a call rarely gets there.
    let named: string[] | undefined;
    const endpoints = () => (named ??= isDefault ? [] : this.endpointsNamed(args));
    const limit = contexts >= MAX_ACTIVATIONS_PER_FUNCTION && endpoints().length > 0 ? MAX_ENDPOINT_CONTEXTS : MAX_ACTIVATIONS_PER_FUNCTION;
    if ((contexts >= limit || siblings.length >= MAX_CONTEXTS_OF_FUNCTION) && !isDefault) {
      // Too many contexts: the call is answered as if its arguments were unknown.
      return this.activation(fn, env, [], self, true);
    }
    const module = env.module;
    activation = new Activation(fn, module, args, self, env, isDefault);
    // A function called in many contexts (recursion above all: each call passing on a literal made
    // by the one before) shares its literals across the later ones, so that contexts stop multiplying;
    // a request helper's calls share them per endpoint, or its `{ url, data }` would send every endpoint's body to each.
    if (siblings.length >= HEAP_CONTEXTS_PER_FUNCTION) activation.heapContext = `${idOf(fn)}*${env.heapContext}${endpoints().join('|')}`;
    this.activations.set(key, activation);
    siblings.push(activation);
    this.byFunction.set(fn, siblings);
    this.byClosure.set(closure, contexts + 1);
    this.run(activation);
    return activation;
  }

  /** Where an activation of a generator keeps what it yields. */
  generatorAllocation(activation: Activation): Allocation {
    return { id: `yields:${activation.id}`, node: activation.fn, origin: 'other' };
  }

  /**
   * The endpoints the arguments name, as a string (`callApi('listanswers', body)`,
   * `glean.client('search', body)`), in options, a response or a closure: a request helper is
   * called once per endpoint from all over a client, and each call's endpoint matters, so such calls
   * keep contexts of their own far beyond the usual bound.
   */
  private endpointsNamed(args: readonly ValueSet[]): string[] {
    const named = new Set<string>();
    // A generated client's `this.request({ path: '/rest/api/v1/listanswers', method, body })` names it in its options.
    const options = (values: ValueSet) => values.flatMap((value) => (value.kind === 'object' ? URL_KEYS.flatMap((key) => this.cells(value.allocation).get(key)?.values ?? []) : []));
    for (const values of args) {
      this.stringEndpoints(values, named);
      this.stringEndpoints(options(values), named);
      for (const value of values) {
        // A response handler (`handle(res, cb)`) is called once per endpoint too, with that endpoint's response,
        // and so is a retry wrapper handed a closure made for one endpoint (`retrying(label, () => post(url, body))`).
        if (value.kind === 'response' && value.endpoint !== undefined) named.add(value.endpoint.key);
        if (value.kind === 'function') for (const closed of value.env.args) this.stringEndpoints(closed, named);
      }
    }
    return [...named].sort();
  }

  private stringEndpoints(values: readonly Value[], named: Set<string>): void {
    for (const value of values) {
      if (value.kind !== 'string') continue;
      const text = constantText(value.pattern);
      const bare = text?.replace(/^\//, '');
      if (bare !== undefined && this.catalog.endpointNames.has(bare)) named.add(bare);
      else {
        const match = identifyEndpoint(this.catalog, value.pattern, undefined);
        if (match) named.add(match.endpoint.key);
      }
    }
  }

  /** The activations a function has had. */
  activationsOf(fn: TSESTree.Node): readonly Activation[] {
    return this.byFunction.get(fn) ?? [];
  }

  functionValue(fn: TSESTree.FunctionLike, env: Activation): FunctionValue {
    return functionValue(fn, env);
  }

  awaitedOf(values: ValueSet): ValueSet {
    return this.evaluator(this.reader ?? [...this.tops.values()][0]!).awaited(values);
  }

  // ---- the service ----------------------------------------------------------------------------

  /** Something of the service was met: every activation on the stack touches it (they are wrappers, or use its values). */
  markService(): void {
    for (const activation of this.stack) activation.touchesService = true;
  }

  /**
   * Reads of a property that some value read there has live (`data.trending.trackingToken` where
   * `data.trending` may be a search response or a collection's): such a read is not reported as
   * the other schemas' deprecated field, since the engine cannot tell which one the code reads.
   */
  private readonly liveReads = new Map<TSESTree.Node, Map<string, Set<Activation | undefined>>>();
  /** The activations each finding was reported in: a helper's read is judged per context (`call('search')`, `call('getcollection')`). */
  private readonly reporters = new Map<string, Set<Activation | undefined>>();

  /** A read at `node`, in the running activation, of a property that is live on the value read. */
  liveRead(node: TSESTree.Node, property: string): void {
    let properties = this.liveReads.get(node);
    if (!properties) this.liveReads.set(node, (properties = new Map()));
    let readers = properties.get(property);
    if (!readers) properties.set(property, (readers = new Set()));
    readers.add(this.reader);
  }

  /** The findings, less those at reads that may as well be of a live property in every context that reported them. */
  settledFindings(): FlowFinding[] {
    const result: FlowFinding[] = [];
    for (const [key, finding] of this.findings) {
      const live = finding.kind === 'field' && finding.direction === 'response' ? this.liveReads.get(finding.node)?.get(finding.property) : undefined;
      if (live && [...(this.reporters.get(key) ?? [])].every((reader) => live.has(reader))) continue;
      result.push(finding);
    }
    return result;
  }

  report(finding: FlowFinding): void {
    const key = findingKey(finding);
    if (!this.findings.has(key)) this.findings.set(key, finding);
    let reporters = this.reporters.get(key);
    if (!reporters) this.reporters.set(key, (reporters = new Set()));
    reporters.add(this.reader);
  }

  demand(demand: BodyDemand): void {
    const key = `${demand.allocation.id}:${demand.position.containers}${demand.position.schema}:${demand.endpoint?.key ?? ''}`;
    if (this.seenDemands.has(key)) return;
    this.seenDemands.add(key);
    this.demands.push(demand);
  }
}

function keyOf(values: ValueSet): string {
  return values.map((value) => value.key).sort().join('|');
}
