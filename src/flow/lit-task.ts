import type { TSESTree } from '../ts-eslint-lite.js';
import type { Engine } from './engine.js';
import type { FrameworkModel } from './framework-model.js';
import { awaited, call, load } from './operations.js';
import { builtinValue, EMPTY, objectValue, union, type BuiltinValue, type ValueSet } from './values.js';

/**
 * Lit's `new Task(host, { task, args })`: what the task function resolves to is the controller's
 * `value`, and what `task.render({ complete })` hands its `complete` callback.
 */
function litImport(specifier: string, exported: string): ValueSet {
  return specifier === '@lit/task' && exported === 'Task' ? [builtinValue('lit.Task')] : EMPTY;
}

function isLitBuiltin(name: string): boolean {
  return name.startsWith('lit.');
}

function construct(engine: Engine, _fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.NewExpression): ValueSet {
  // `new Task(host, options)`, or the older `new Task(host, task, args)`.
  const options = args[1] ?? EMPTY;
  const task = union(options.filter((value) => value.kind === 'function'), load(engine, options.filter((value) => value.kind === 'object'), 'task', undefined));
  const controller = engine.allocate(node, 'other');
  const value = awaited(engine, call(engine, task, [EMPTY, EMPTY], EMPTY, node));
  engine.write(engine.cell(controller, 'value'), value);
  engine.write(engine.cell(controller, 'render'), [builtinValue('lit.render', value)]);
  return [objectValue(controller)];
}

function callLit(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  if (fn.name !== 'lit.render') return EMPTY;
  const complete = load(engine, (args[0] ?? EMPTY).filter((value) => value.kind === 'object'), 'complete', undefined);
  return call(engine, complete, [fn.receiver ?? EMPTY], EMPTY, node);
}

export const litTaskModel: FrameworkModel = { imports: litImport, owns: isLitBuiltin, call: callLit, construct };
