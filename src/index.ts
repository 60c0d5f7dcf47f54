import type { TSESLint } from '@typescript-eslint/utils';
import pkg from '../package.json' with { type: 'json' };
import { rules } from './rules.js';

type Plugin = TSESLint.FlatConfig.Plugin & {
  meta: { name: string; version: string; namespace: string };
  rules: typeof rules;
  configs: { recommended: TSESLint.FlatConfig.Config };
};

const plugin: Plugin = {
  meta: { name: pkg.name, version: pkg.version, namespace: 'api-sunset' },
  rules,
  configs: { recommended: {} },
};

/**
 * Removed and imminent items break builds; items still scheduled only warn, so a CI gate fails on
 * what is broken or about to break and nobody edits dates in their config. A token in the source
 * is an incident already; a missing Content-Type is a spec violation whose outcome the spec does
 * not state, so it warns. The act-as and scope rules need to know the token, so they stay off.
 */
plugin.configs.recommended = {
  name: 'api-sunset/recommended',
  plugins: { 'api-sunset': plugin },
  rules: {
    'api-sunset/no-removed-api': 'error',
    'api-sunset/no-deprecated-api': 'warn',
    'api-sunset/no-hardcoded-token': 'error',
    'api-sunset/require-json-content-type': 'warn',
  },
};

export default plugin;
