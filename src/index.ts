import type { ESLint, Linter, Rule } from 'eslint';
import { packageJson } from './package-files.js';
import { MISSING_TYPESCRIPT_PARSER, typescriptEslintParser } from './parsers.js';
import { rules } from './rules.js';
import { runDateSettings } from './run-date.js';

/** Written out rather than derived from `rules`, so the published types need nothing but ESLint's. */
export type RuleName = 'no-removed-api' | 'no-deprecated-api' | 'no-hardcoded-token' | 'act-as-header' | 'token-scope' | 'require-json-content-type';
export type ConfigName = 'recommended' | 'recommended-type-checked' | 'all';

/**
 * The plugin as ESLint's own types describe plugins and configs, so that `defineConfig()` from
 * `eslint/config` and `Linter.Config[]` accept it in an `eslint.config.ts`. (The rules are written
 * with typescript-eslint's types, which ESLint's config types do not accept; this module is
 * where the two meet.)
 */
export interface ApiSunsetPlugin extends ESLint.Plugin {
  meta: { name: string; version: string; namespace: string };
  rules: Record<RuleName, Rule.RuleModule>;
  configs: Record<ConfigName, Linter.Config>;
}

/** Every extension ESLint can lint as JavaScript or, with typescript-eslint's parser, TypeScript. */
const FILES = ['**/*.{js,mjs,cjs,jsx,ts,mts,cts,tsx}'];
const TYPESCRIPT_FILES = ['**/*.{ts,mts,cts,tsx}'];

// A rule added to rules.ts but not to RuleName (or the other way round) fails to compile here.
const ruleNamesMatch: [keyof typeof rules] extends [RuleName] ? ([RuleName] extends [keyof typeof rules] ? true : never) : never = true;
void ruleNamesMatch;

const { name, version } = packageJson();

const plugin: ApiSunsetPlugin = {
  meta: { name, version, namespace: 'api-sunset' },
  rules: rules as unknown as Record<RuleName, Rule.RuleModule>,
  configs: {} as Record<ConfigName, Linter.Config>,
};

/**
 * Removed and imminent items break builds; items still scheduled only warn, so a CI gate fails on
 * what is broken or about to break and nobody edits dates in their config. A token in the source
 * is an incident already; a missing Content-Type is a spec violation whose outcome the spec does
 * not state, so it warns. The act-as and scope rules need to know the token, so they stay off.
 */
const RECOMMENDED_RULES: Linter.RulesRecord = {
  'api-sunset/no-removed-api': 'error',
  'api-sunset/no-deprecated-api': 'warn',
  'api-sunset/no-hardcoded-token': 'error',
  'api-sunset/require-json-content-type': 'warn',
};

/** Shared by every config: the files, the plugin, and the run's date in the settings (see run-date.ts). */
function config(configName: ConfigName, rulesRecord: Linter.RulesRecord, files = FILES): Linter.Config {
  return { name: `api-sunset/${configName}`, files, plugins: { 'api-sunset': plugin as ESLint.Plugin }, rules: rulesRecord, settings: runDateSettings() };
}

plugin.configs.recommended = config('recommended', RECOMMENDED_RULES);

/**
 * Every rule that works without knowing the deployment, as an error. `token-scope` is left out:
 * it cannot run without the token's scopes (see its docs).
 */
plugin.configs.all = config(
  'all',
  Object.fromEntries(
    Object.keys(rules)
      .filter((rule) => rule !== 'token-scope')
      .map((rule) => [`api-sunset/${rule}`, 'error']),
  ),
);

/**
 * `recommended` for TypeScript files, with typescript-eslint's parser and its project service:
 * the rules add what TypeScript's types show (type-aware mode). The parser is an optional peer
 * dependency, loaded only when this config is read, so importing the plugin never loads it.
 * Without it, the config still reads (tools may list every config), and each file it applies to
 * fails to parse with the command that installs the parser.
 */
Object.defineProperty(plugin.configs, 'recommended-type-checked', {
  enumerable: true,
  configurable: true,
  get(): Linter.Config {
    const typed: Linter.Config = {
      ...config('recommended-type-checked', RECOMMENDED_RULES, TYPESCRIPT_FILES),
      languageOptions: { parser: (typescriptEslintParser() ?? missingParser) as Linter.Parser, parserOptions: { projectService: true } },
    };
    Object.defineProperty(plugin.configs, 'recommended-type-checked', { value: typed, enumerable: true });
    return typed;
  },
});

const missingParser = {
  meta: { name: 'eslint-plugin-api-sunset/missing-typescript-eslint-parser' },
  parseForESLint(): never {
    throw new Error(`configs['recommended-type-checked']: ${MISSING_TYPESCRIPT_PARSER}`);
  },
};

export default plugin;
