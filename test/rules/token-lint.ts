import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import plugin from '../../src/index.js';
import { NOW, ROOT, type LintedMessage } from './tester.js';

/**
 * Lints code with the given rules and options through ESLint's own Linter, for what RuleTester
 * cannot express: configuration errors and several rules at once.
 */
export function lintWithRules(code: string, rules: Record<string, unknown>, sunset: Record<string, unknown> = {}, filename = 'file.ts'): LintedMessage[] {
  const linter = new Linter({ configType: 'flat', cwd: ROOT });
  const config: Linter.Config[] = [
    {
      files: ['**/*.{js,jsx,mjs,cjs,ts,tsx,mts,cts}'],
      languageOptions: { parser: tsParser as Linter.Parser },
      plugins: { 'api-sunset': plugin as unknown as NonNullable<Linter.Config['plugins']>[string] },
      rules: Object.fromEntries(Object.entries(rules).map(([rule, options]) => [`api-sunset/${rule}`, options === undefined ? 'error' : ['error', options]])),
      settings: { 'api-sunset': { now: NOW, ...sunset } },
    },
  ];
  return linter.verify(code, config, path.resolve(ROOT, filename)).map(({ ruleId, line, column, message }) => ({ ruleId, line, column, message }));
}
