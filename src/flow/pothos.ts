import type { TSESTree } from '../ts-eslint-lite.js';
import type { Engine } from './engine.js';
import type { FrameworkModel } from './framework-model.js';
import { call, load, pathStrings } from './operations.js';
import { callTypeArgument } from './types.js';
import { builtinValue, EMPTY, union, type BuiltinValue, type ValueSet } from './values.js';

/**
 * Pothos, a GraphQL schema builder: `builder.objectRef<AnswerResult>('Answer').implement({ fields:
 * (t) => ({ … }) })` types a GraphQL object by an SDK type; `t.exposeInt('boardId')` reads that
 * property of it (reported at the string), and `t.field({ resolve: (parent) => … })` gets it as the
 * resolver's parent. `builder.objectType(ref, { fields })` and `builder.objectFields(ref, fn)` do the
 * same; `queryFields`/`mutationFields` resolvers run with no parent.
 */
const FIELD_BUILDERS = /^(?:field|string|int|float|boolean|id|listRef|[a-z]+List)$/;
const SCHEMA_FIELDS = new Set(['queryFields', 'mutationFields', 'subscriptionFields', 'queryType', 'mutationType', 'subscriptionType']);

function pothosImport(specifier: string, exported: string): ValueSet {
  return specifier === '@pothos/core' && (exported === 'default' || exported === 'SchemaBuilder') ? [builtinValue('pothos.SchemaBuilder')] : EMPTY;
}

function isPothosBuiltin(name: string): boolean {
  return name.startsWith('pothos.');
}

function pothosMember(_engine: Engine, value: BuiltinValue, key: string): ValueSet {
  switch (value.name) {
    case 'pothos.builder':
      if (key === 'objectRef') return [builtinValue('pothos.objectRef')];
      if (key === 'objectType' || key === 'objectFields') return [builtinValue('pothos.objectType')];
      return SCHEMA_FIELDS.has(key) ? [builtinValue('pothos.schemaFields')] : EMPTY;
    case 'pothos.ref':
      return key === 'implement' ? [builtinValue('pothos.implement', value.receiver)] : EMPTY;
    case 'pothos.t':
      if (key.startsWith('expose')) return [builtinValue('pothos.expose', value.receiver)];
      return FIELD_BUILDERS.test(key) ? [builtinValue('pothos.field', value.receiver)] : EMPTY;
    default:
      return EMPTY;
  }
}

function callPothos(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const parents = fn.receiver ?? EMPTY;
  const [first = EMPTY, second = EMPTY] = args;
  switch (fn.name) {
    case 'pothos.objectRef':
      return [builtinValue('pothos.ref', callTypeArgument(engine, node))];
    case 'pothos.implement':
      fields(engine, load(engine, first, 'fields', undefined), parents, node);
      return [builtinValue('pothos.ref', parents)];
    case 'pothos.objectType': {
      // `objectType(ref, { fields })` or `objectFields(ref, (t) => …)`.
      const types = first.flatMap((ref) => (ref.kind === 'builtin' && ref.name === 'pothos.ref' ? (ref.receiver ?? EMPTY) : []));
      fields(engine, union(load(engine, second.filter((value) => value.kind === 'object'), 'fields', undefined), second.filter((value) => value.kind === 'function')), types, node);
      return first;
    }
    case 'pothos.schemaFields':
      fields(engine, union(first.filter((value) => value.kind === 'function'), load(engine, first.filter((value) => value.kind === 'object'), 'fields', undefined)), EMPTY, node);
      return EMPTY;
    case 'pothos.expose':
      for (const { text, use } of pathStrings(engine, first)) load(engine, parents, text, use);
      return EMPTY;
    case 'pothos.field':
      call(engine, load(engine, first.filter((value) => value.kind === 'object'), 'resolve', undefined), [parents, EMPTY, EMPTY], EMPTY, node);
      return EMPTY;
    default:
      return EMPTY;
  }
}

function fields(engine: Engine, builders: ValueSet, parents: ValueSet, node: TSESTree.Node): void {
  call(engine, builders, [[builtinValue('pothos.t', parents)]], EMPTY, node);
}

function construct(_engine: Engine, _fn: BuiltinValue, _args: readonly ValueSet[], _node: TSESTree.NewExpression): ValueSet {
  return [builtinValue('pothos.builder')];
}

export const pothosModel: FrameworkModel = { imports: pothosImport, owns: isPothosBuiltin, member: pothosMember, call: callPothos, construct };
