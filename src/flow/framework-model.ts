import type { TSESTree } from '../ts-eslint-lite.js';
import type { Engine } from './engine.js';
import type { BuiltinValue, Value, ValueSet } from './values.js';

/**
 * A library the engine knows by code rather than by a data row (a framework that hands values to
 * callbacks, stores or registries): what importing from it gives, and what its builtin values do
 * when read, called or constructed. Each model lives in its own module; `builtins.ts` asks them
 * in turn, so adding a framework adds a module and one line in `MODELS`.
 */
export interface FrameworkModel {
  /** What `import { exported } from 'specifier'` (or `require`) gives; EMPTY when not the model's. */
  imports(specifier: string, exported: string): ValueSet;
  /** Whether a builtin value of this name is the model's. */
  owns(name: string): boolean;
  member?(engine: Engine, value: BuiltinValue, key: string): ValueSet;
  call(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.Node, self: ValueSet): ValueSet;
  construct?(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.NewExpression): ValueSet;
  /** `class C extends Builtin`: what the builtin's constructor gives `this` (`super(…)`). */
  inherit?(engine: Engine, parent: BuiltinValue, self: Value): void;
}
