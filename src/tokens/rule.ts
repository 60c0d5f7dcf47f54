import { ESLintUtils, type TSESLint } from '../ts-eslint-lite.js';
import { namesService } from '../flow/sessions.js';
import { packageFile } from '../package-files.js';
import { readSettings, type Settings } from '../settings.js';
import { authSchemeFor } from './auth.js';
import { tokensOf, type TokenFile } from './file-tokens.js';

/**
 * The bundled schedule's token types, for the rules' option schemas: ESLint validates options when
 * it loads the configuration, with one clear error, where a check at create would crash the lint.
 * Read from the data file itself, not the loaded schedule, so that importing the plugin stays cheap.
 */
export const BUNDLED_TOKEN_TYPES: string[] = (packageFile('data/schedule.json') as { auth: { tokenTypes: { name: string }[] } }).auth.tokenTypes.map((type) => type.name);

/** A scope's form (`SEARCH`, `DATA_GOVERNANCE`); which scopes exist is data, checked at create. */
export const SCOPE_NAME = /^[A-Z][A-Z0-9_]*$/;

export const createTokenRule = ESLintUtils.RuleCreator((name) => `https://github.com/api-sunset/eslint-plugin-api-sunset/blob/main/docs/rules/${name}.md`);

type Context = Readonly<TSESLint.RuleContext<string, readonly unknown[]>>;

/**
 * The settings, and access to the file's token analysis when the file can hold a finding at all:
 * files that mention neither the API nor (with `actAs`) the act-as header get no listeners. The
 * analysis itself runs when a listener first asks for it, once per file for all token rules.
 */
export function tokenFileFor(context: Context, options: { actAs?: boolean } = {}): { settings: Settings; tokens: (() => TokenFile) | undefined } {
  const settings = readSettings(context.settings, context.cwd);
  const { sourceCode } = context;
  const relevant = namesService(sourceCode.text, settings) || (options.actAs === true && authSchemeFor(settings.schedule).actAsMention?.test(sourceCode.text) === true);
  if (!relevant) return { settings, tokens: undefined };
  return { settings, tokens: () => tokensOf(sourceCode, context.physicalFilename, settings, context.cwd) };
}

/** Token type names must come from the schedule's data, like scopes. */
export function checkTokenType(tokenType: string | undefined, settings: Settings, rule: string): void {
  const known = authSchemeFor(settings.schedule).tokenTypes;
  if (tokenType !== undefined && !known.has(tokenType)) {
    throw new Error(`api-sunset/${rule}: unknown token type in "tokenType": ${tokenType}. Known token types: ${[...known.keys()].join(', ')}.`);
  }
}

/** Scope names must come from the schedule's data: a typo would otherwise silently report every request, or none. */
export function checkScopeNames(scopes: readonly string[], settings: Settings, rule: string): void {
  const known = authSchemeFor(settings.schedule).scopes;
  const unknown = scopes.filter((scope) => !known.has(scope));
  if (unknown.length > 0) {
    throw new Error(`api-sunset/${rule}: unknown scope${unknown.length > 1 ? 's' : ''} in "scopes": ${unknown.join(', ')}. Known scopes: ${[...known.keys()].join(', ')}.`);
  }
}
