import type { TSESTree } from '../ts-eslint-lite.js';
import type { Engine } from './engine.js';
import type { FrameworkModel } from './framework-model.js';
import { call } from './operations.js';
import { callTypeArgument } from './types.js';
import { builtinValue, EMPTY, type BuiltinValue, type ValueSet } from './values.js';

/**
 * TanStack Table's `createColumnHelper<Row>()`: `helper.accessor((row) => …, options)` runs the
 * accessor on a row of the type argument's type (a table of `DlpReport`s reads their fields there).
 */
const PACKAGES = new Set(['@tanstack/react-table', '@tanstack/table-core', '@tanstack/vue-table', '@tanstack/solid-table', '@tanstack/svelte-table', '@tanstack/angular-table']);

function tableImport(specifier: string, exported: string): ValueSet {
  return PACKAGES.has(specifier) && exported === 'createColumnHelper' ? [builtinValue('tanstack-table.createColumnHelper')] : EMPTY;
}

function isTableBuiltin(name: string): boolean {
  return name.startsWith('tanstack-table.');
}

function tableMember(_engine: Engine, value: BuiltinValue, key: string): ValueSet {
  return value.name === 'tanstack-table.helper' && key === 'accessor' ? [builtinValue('tanstack-table.accessor', value.receiver)] : EMPTY;
}

function callTable(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  if (fn.name === 'tanstack-table.createColumnHelper') return [builtinValue('tanstack-table.helper', callTypeArgument(engine, node))];
  if (fn.name !== 'tanstack-table.accessor') return EMPTY;
  const rows = fn.receiver ?? EMPTY;
  if (rows.length > 0) call(engine, (args[0] ?? EMPTY).filter((value) => value.kind === 'function'), [rows], EMPTY, node);
  return EMPTY;
}

export const tanstackTableModel: FrameworkModel = { imports: tableImport, owns: isTableBuiltin, member: tableMember, call: callTable };
