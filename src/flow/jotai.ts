import type { TSESTree } from '../ts-eslint-lite.js';
import { contents, holder, pairOf, write } from './containers.js';
import type { Engine } from './engine.js';
import type { FrameworkModel } from './framework-model.js';
import { awaited, call } from './operations.js';
import { builtinValue, EMPTY, objectValue, union, type BuiltinValue, type ValueSet } from './values.js';

/**
 * Jotai's atoms: `atom(initial)` holds what it is given and what its setter writes; `atom(async
 * (get) => …)` holds what its read function returns, `get(other)` being the other atom's value;
 * `atom(read, (get, set, …args) => …)`'s setter runs the write function. `useAtomValue(a)`,
 * `useAtom(a)[0]` are the value (resolved, as Suspense resolves it); `loadable` and `unwrap` are
 * looked through.
 */
const HOOKS = new Set(['useAtom', 'useAtomValue', 'useSetAtom']);

function jotaiImport(specifier: string, exported: string): ValueSet {
  if (specifier === 'jotai' || specifier === 'jotai/vanilla' || specifier === 'jotai/react') return exported === 'atom' || HOOKS.has(exported) ? [builtinValue(`jotai.${exported}`)] : EMPTY;
  if (specifier === 'jotai/utils' || specifier === 'jotai/vanilla/utils') return exported === 'loadable' || exported === 'unwrap' ? [builtinValue('jotai.lookThrough')] : EMPTY;
  return EMPTY;
}

function isJotaiBuiltin(name: string): boolean {
  return name.startsWith('jotai.');
}

function callJotai(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const [first = EMPTY, second = EMPTY] = args;
  switch (fn.name) {
    case 'jotai.atom':
      return [makeAtom(engine, first, second, node)];
    case 'jotai.lookThrough':
      return first;
    case 'jotai.get':
      return valueOf(engine, first);
    case 'jotai.setAtom':
      // `set(atom, value)` in a write function.
      setAtom(engine, first, args.slice(1), node);
      return EMPTY;
    case 'jotai.useAtomValue':
      return awaited(engine, valueOf(engine, first));
    case 'jotai.useAtom':
      return [pairOf(engine, node, [awaited(engine, valueOf(engine, first)), [builtinValue('jotai.setter', first)]])];
    case 'jotai.useSetAtom':
      return [builtinValue('jotai.setter', first)];
    case 'jotai.setter':
      setAtom(engine, fn.receiver ?? EMPTY, args, node);
      return EMPTY;
    default:
      return EMPTY;
  }
}

function makeAtom(engine: Engine, read: ValueSet, writeFunction: ValueSet, node: TSESTree.Node): BuiltinValue {
  const functions = read.filter((value) => value.kind === 'function');
  const initial = union(read.filter((value) => value.kind !== 'function'), call(engine, functions, [[builtinValue('jotai.get')]], EMPTY, node));
  const atom = holder(engine, node, initial);
  engine.write(engine.cell(atom, 'write'), writeFunction.filter((value) => value.kind === 'function'));
  return builtinValue('jotai.instance', [objectValue(atom)]);
}

function holders(atoms: ValueSet): ValueSet {
  return atoms.flatMap((value) => (value.kind === 'builtin' && value.name === 'jotai.instance' ? (value.receiver ?? EMPTY) : []));
}

function valueOf(engine: Engine, atoms: ValueSet): ValueSet {
  return contents(engine, holders(atoms));
}

/** A primitive atom holds what it is set to; a write atom runs its write function with it. */
function setAtom(engine: Engine, atoms: ValueSet, args: readonly ValueSet[], node: TSESTree.Node): void {
  for (const atom of holders(atoms)) {
    if (atom.kind !== 'object') continue;
    const writeFunction = engine.read(engine.cell(atom.allocation, 'write'));
    if (writeFunction.length > 0) call(engine, writeFunction, [[builtinValue('jotai.get')], [builtinValue('jotai.setAtom')], ...args], EMPTY, node);
    else write(engine, [atom], (args[0] ?? EMPTY).filter((value) => value.kind !== 'function'));
  }
}

export const jotaiModel: FrameworkModel = { imports: jotaiImport, owns: isJotaiBuiltin, call: callJotai };
