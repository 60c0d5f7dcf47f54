import { findVariable, getStaticValue, isParenthesized, ReferenceTracker } from '@eslint-community/eslint-utils';
import type { ASTUtils as TypedASTUtils, ESLintUtils as TypedESLintUtils } from '@typescript-eslint/utils';

/**
 * The parts of `@typescript-eslint/utils` the rules use at run time, without that package. Its
 * entry point loads ESLint, the scope manager and TypeScript's parser services (about 200 ms
 * before TypeScript itself), and it declares `typescript` as a required peer, so depending on it
 * would install TypeScript into JavaScript-only projects. The AST types and node-type enum come
 * from `@typescript-eslint/types` (no dependencies); the scope helpers are the ones
 * `@typescript-eslint/utils` re-exports from `@eslint-community/eslint-utils`, typed as it types
 * them. Types (`TSESLint`, parser services) still come from `@typescript-eslint/utils`, which is a
 * development dependency: type imports cost nothing at run time.
 */
export { AST_NODE_TYPES, TSESTree } from '@typescript-eslint/types';
export type { ParserServicesWithTypeInformation, TSESLint } from '@typescript-eslint/utils';

export const ASTUtils = {
  findVariable: findVariable as typeof TypedASTUtils.findVariable,
  getStaticValue: getStaticValue as typeof TypedASTUtils.getStaticValue,
  isParenthesized: isParenthesized as unknown as typeof TypedASTUtils.isParenthesized,
  ReferenceTracker: ReferenceTracker as unknown as typeof TypedASTUtils.ReferenceTracker,
};

type RuleCreator = typeof TypedESLintUtils.RuleCreator;
type NamedRule = Parameters<ReturnType<RuleCreator>>[0];

/**
 * typescript-eslint's `RuleCreator`: the rule's docs URL from its name, and `create` called with
 * the options merged over the defaults (ESLint 10 also merges `meta.defaultOptions` itself; older
 * hosts such as typescript-eslint's RuleTester rely on this).
 */
function createRuleCreator(urlFor: (name: string) => string) {
  return ({ name, meta, defaultOptions, create }: NamedRule) => {
    const defaults = deepFreeze((meta.defaultOptions ?? defaultOptions ?? []) as readonly unknown[]);
    const merged = new WeakMap<readonly unknown[], unknown[]>();
    return {
      name,
      meta: { ...meta, docs: { ...meta.docs, url: urlFor(name) } },
      defaultOptions,
      create: (context: Parameters<NamedRule['create']>[0]) => create(context, optionsFor(defaults, context.options, merged) as never),
    };
  };
}

export const ESLintUtils = { RuleCreator: createRuleCreator as unknown as RuleCreator };

/**
 * `create` runs for every rule on every file: the options are merged once per options array a host
 * hands over (typescript-eslint's RuleTester reuses one), and not at all when ESLint has merged
 * them already (ESLint 10 passes `meta.defaultOptions`' own objects when a user set none). The
 * defaults are frozen instead of cloned for each file, so no rule can change them for the next.
 */
function optionsFor(defaults: readonly unknown[], given: readonly unknown[] | undefined, merged: WeakMap<readonly unknown[], unknown[]>): readonly unknown[] {
  if (given === undefined || given.length === 0) return defaults;
  let options = merged.get(given);
  if (!options) {
    options = withDefaults(defaults, given);
    merged.set(given, options);
  }
  return options;
}

function withDefaults(defaults: readonly unknown[], given: readonly unknown[]): unknown[] {
  return defaults.map((fallback, i) => {
    const value = given[i];
    if (value === undefined || value === fallback) return fallback;
    return isPlainObject(fallback) && isPlainObject(value) ? mergeDeep(fallback, value) : value;
  });
}

function mergeDeep(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const current = merged[key];
    merged[key] = isPlainObject(current) && isPlainObject(value) ? mergeDeep(current, value) : value;
  }
  return merged;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const member of Object.values(value)) deepFreeze(member);
  }
  return value;
}
