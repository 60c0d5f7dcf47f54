import type { TSESTree } from '../ts-eslint-lite.js';
import { T } from '../project/ast.js';
import type { Engine } from './engine.js';
import type { FrameworkModel } from './framework-model.js';
import { call, elementsOf, load } from './operations.js';
import { builtinValue, EMPTY, objectValue, union, unionAll, type BuiltinValue, type ValueSet } from './values.js';

/**
 * ts-pattern: `match(value).with(pattern, handler)…otherwise(fallback)`. A pattern is matched
 * against the value: each key of an object pattern reads that property (a deprecated one is
 * reported at the key), `P.array(p)` matches the elements, `P.optional(p)`/`P.union(…)` what they
 * hold, and `P.select()` picks what the handler gets; without a selection it gets the value. The
 * match gives what its handlers return.
 */
const WRAPPING = new Set(['optional', 'union', 'intersection', 'not']);

function tsPatternImport(specifier: string, exported: string): ValueSet {
  if (specifier !== 'ts-pattern') return EMPTY;
  if (exported === 'match') return [builtinValue('tsp.match')];
  return exported === 'P' || exported === 'Pattern' ? [builtinValue('tsp.P')] : EMPTY;
}

function isTsPatternBuiltin(name: string): boolean {
  return name.startsWith('tsp.');
}

function tsPatternMember(_engine: Engine, value: BuiltinValue, key: string): ValueSet {
  switch (value.name) {
    case 'tsp.matcher':
      if (key === 'with' || key === 'when' || key === 'otherwise' || key === 'exhaustive' || key === 'run') return [builtinValue(`tsp.${key}`, value.receiver)];
      return key === 'returnType' ? [builtinValue('tsp.same', [value])] : EMPTY;
    case 'tsp.P':
      return [builtinValue(key === 'select' ? 'tsp.select' : WRAPPING.has(key) ? 'tsp.wrap' : key === 'array' || key === 'set' ? 'tsp.array' : 'tsp.any')];
    case 'tsp.any':
      // `P.number.select()`, `P.string.optional()`.
      return key === 'select' ? [builtinValue('tsp.select')] : [value];
    default:
      return EMPTY;
  }
}

function callTsPattern(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const holders = fn.receiver ?? EMPTY;
  switch (fn.name) {
    case 'tsp.match': {
      const holder = engine.allocate(node, 'other');
      engine.write(engine.cell(holder, 'value'), args[0] ?? EMPTY);
      return [builtinValue('tsp.matcher', [objectValue(holder)])];
    }
    case 'tsp.same':
      return holders;
    case 'tsp.select':
      return [builtinValue('tsp.selected')];
    case 'tsp.wrap':
      return [builtinValue('tsp.pattern', unionAll(args))];
    case 'tsp.array':
      return [builtinValue('tsp.elements', args[0] ?? EMPTY)];
    case 'tsp.with':
    case 'tsp.when': {
      const value = load(engine, holders, 'value', undefined);
      const handler = (args.at(-1) ?? EMPTY).filter((candidate) => candidate.kind === 'function');
      const selected = { values: EMPTY };
      if (fn.name === 'tsp.with') for (const pattern of args.slice(0, -1)) matchPattern(engine, pattern, value, selected, 0);
      const returned = call(engine, handler, [selected.values.length > 0 ? selected.values : value, value], EMPTY, node);
      for (const holder of holders) if (holder.kind === 'object') engine.write(engine.cell(holder.allocation, 'results'), returned);
      return [builtinValue('tsp.matcher', holders)];
    }
    case 'tsp.otherwise':
      return union(load(engine, holders, 'results', undefined), call(engine, args[0] ?? EMPTY, [load(engine, holders, 'value', undefined)], EMPTY, node));
    case 'tsp.exhaustive':
    case 'tsp.run':
      return load(engine, holders, 'results', undefined);
    default:
      return EMPTY;
  }
}

/** Reads what a pattern names from the values it is matched against, keeping what `P.select()` picks. */
function matchPattern(engine: Engine, patterns: ValueSet, values: ValueSet, selected: { values: ValueSet }, depth: number): void {
  if (depth > 8 || values.length === 0) return;
  for (const pattern of patterns) {
    if (pattern.kind === 'object') {
      for (const [key, cell] of engine.cells(pattern.allocation)) {
        if (key === '...') continue;
        const site = cell.sites?.find((candidate): candidate is TSESTree.Property => candidate.type === T.Property);
        const read = load(engine, values, key, site ? { kind: 'pattern', node: site } : undefined);
        matchPattern(engine, engine.read(cell), read, selected, depth + 1);
      }
    } else if (pattern.kind === 'builtin') {
      if (pattern.name === 'tsp.selected') selected.values = union(selected.values, values);
      else if (pattern.name === 'tsp.elements') matchPattern(engine, pattern.receiver ?? EMPTY, elementsOf(engine, values), selected, depth + 1);
      else if (pattern.name === 'tsp.pattern') matchPattern(engine, pattern.receiver ?? EMPTY, values, selected, depth + 1);
    }
  }
}

export const tsPatternModel: FrameworkModel = { imports: tsPatternImport, owns: isTsPatternBuiltin, member: tsPatternMember, call: callTsPattern };
