import type { TSESLint } from '@typescript-eslint/utils';

/** Every rule of the plugin by its name without the `api-sunset/` prefix. */
export const rules: Record<string, TSESLint.RuleModule<string, readonly unknown[]>> = {};
