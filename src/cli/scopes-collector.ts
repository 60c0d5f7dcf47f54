import type { TSESLint } from '@typescript-eslint/utils';
import { type ESLint, Linter } from 'eslint';
import type { Settings } from '../settings.js';
import { isTypeScriptFile, MISSING_TYPESCRIPT_PARSER, typescriptEslintParser } from '../parsers.js';
import { collectEndpointUses, type EndpointUse } from '../tokens/scope-uses.js';
import type { LintFailure } from './lint-runner.js';
import { lintCwd } from './paths.js';
import { componentScript, isComponentFile } from '../project/components.js';

export type CollectResult = { uses: EndpointUse[] } | { failure: LintFailure };

/**
 * Parses files the way `check` does (same parser and JSX handling, no user config) and reads the
 * endpoint uses from the shared analysis. ESLint's Linter does the parsing and scope analysis;
 * a private rule hands the source code over.
 */
export function createEndpointUseCollector(settings: Settings, roots: string[]): (file: string, text: string) => CollectResult {
  let collected: EndpointUse[] = [];
  const collector: TSESLint.RuleModule<never> = {
    defaultOptions: [],
    meta: { type: 'problem', messages: {}, schema: [] },
    create(context) {
      return {
        Program() {
          collected = collectEndpointUses(context.sourceCode, context.physicalFilename, settings, context.cwd);
        },
      };
    },
  };
  // Files outside the Linter's cwd match no config, so it is the deepest directory holding every root.
  const cwd = lintCwd(roots);
  const linter = new Linter({ configType: 'flat', cwd });
  const parser = typescriptEslintParser();
  const config: Linter.Config[] = [
    {
      files: ['**/*.{js,mjs,cjs,jsx,ts,mts,cts,tsx,vue,svelte}'],
      languageOptions: { ...(parser ? { parser: parser as Linter.Parser } : {}), parserOptions: { ecmaFeatures: { jsx: true } } },
      linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'off', reportUnusedInlineConfigs: 'off' },
      plugins: { scopes: { rules: { collect: collector } } as unknown as ESLint.Plugin },
      rules: { 'scopes/collect': 'error' },
    },
    // A component is read as its scripts (project/components.ts), which have no JSX.
    { files: ['**/*.{vue,svelte}'], languageOptions: { parserOptions: { ecmaFeatures: { jsx: false } } } },
  ];
  return (file, text) => {
    if (!parser && isTypeScriptFile(file)) return { failure: { reason: 'parse-error', message: MISSING_TYPESCRIPT_PARSER } };
    collected = [];
    let messages: Linter.LintMessage[];
    try {
      messages = linter.verify(isComponentFile(file) ? componentScript(text) : text, config, { filename: file });
    } catch (error) {
      return { failure: { reason: 'crash', message: `api-sunset could not analyse this file (please report this): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` } };
    }
    const fatal = messages.find((message) => message.fatal);
    if (fatal) return { failure: { reason: fatal.message.startsWith('Parsing error') ? 'parse-error' : 'fatal', message: fatal.message, ...(fatal.line ? { line: fatal.line, column: fatal.column } : {}) } };
    return { uses: collected };
  };
}
