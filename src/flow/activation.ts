import type { TSESTree } from '../ts-eslint-lite.js';
import type { ParsedModule, Variable } from '../project/module.js';
import { EMPTY, union, type ValueSet } from './values.js';

/**
 * A place values are stored in: a variable of one activation, a property of an allocation, the
 * return value of an activation. Cells only grow; when one grows, every activation that read it is
 * run again, so the analysis reaches a fixpoint whatever order code is met in.
 */
export class Cell {
  values: ValueSet = EMPTY;
  private readers: Set<Activation> | undefined;
  /** For properties: the nodes that wrote them (object-literal properties, assignment targets), for judging request bodies. */
  sites: TSESTree.Node[] | undefined;
  /** The class's abstract instance's cell that this cell of an instance made at a site writes through to. */
  summary: Cell | undefined;

  read(reader: Activation | undefined): ValueSet {
    if (reader) (this.readers ??= new Set()).add(reader);
    return this.values;
  }

  /** Adds values; returns the readers to run again when something new arrived. */
  add(values: ValueSet): Iterable<Activation> {
    const next = union(this.values, values);
    if (next === this.values) return NONE;
    this.values = next;
    return this.readers ?? NONE;
  }

  addSite(node: TSESTree.Node): void {
    if (!(this.sites ??= []).includes(node)) this.sites.push(node);
    this.summary?.addSite(node);
  }
}

const NONE: readonly Activation[] = [];

let nextId = 1;

/**
 * One run context of a function (or of a module's top level): the function, the values of its
 * arguments and `this`, and the activation it was made in (where its free variables live).
 * Activations are memoised by these, so a function called again with the same kinds of values
 * reuses its result: the summary of what it does with those arguments.
 */
export class Activation {
  readonly id = nextId++;
  /** What the objects made in this activation are told apart by: its own id, or one shared with its function's other contexts. */
  heapContext: number | string = this.id;
  readonly returns = new Cell();
  readonly locals = new Map<Variable, Cell>();
  /** What each expression evaluated to in the current run. */
  memo = new Map<TSESTree.Node, ValueSet>();
  runs = 0;
  running = false;
  /** Whether this run gave a variable it had read new values in a loop (`value = await step.execute(value)`): it runs again. */
  stale = false;
  loopReruns = 0;
  queued = false;
  /** Whether a request to the service, or a value of it, was met while this activation (or one it called) ran. */
  touchesService = false;

  constructor(
    /** The function, the module's Program, or a class without a constructor (its field initializers run here). */
    readonly fn: TSESTree.Node,
    readonly module: ParsedModule,
    readonly args: readonly ValueSet[],
    readonly self: ValueSet,
    readonly parent: Activation | undefined,
    /** Made because nothing called the function with known values: its parameters are what their types say, or unknown. */
    readonly isDefault: boolean,
  ) {}

  /** `this` as the function sees it: an arrow function's is its maker's. */
  get thisValue(): ValueSet {
    return this.fn.type === 'ArrowFunctionExpression' ? (this.parent?.thisValue ?? EMPTY) : this.self;
  }

  /** The activation of `fn` among this one and its makers: where a variable declared in `fn` lives. */
  owner(fn: TSESTree.Node): Activation | undefined {
    return this.fn === fn ? this : this.parent?.owner(fn);
  }
}
