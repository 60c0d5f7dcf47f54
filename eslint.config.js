// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'examples/', 'test/fixtures/', 'coverage/', '.bench/', '.scratch/', '.fix-copy-*/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // What the plugin loads when imported: heavy or optional packages only through their lazy loaders
    // (docs/performance.md, "Import time"). Type imports cost nothing and stay allowed.
    files: ['src/**/*.ts', 'rules/**/*.ts'],
    ignores: ['src/cli/**', 'src/load-typescript.ts', 'src/parsers.ts', 'src/ts-eslint-lite.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'typescript', allowTypeImports: true, message: "Use loadTypeScript() or `typescript` from src/load-typescript.ts: only type-aware mode may load TypeScript." },
            { name: '@typescript-eslint/utils', allowTypeImports: true, message: 'Import from src/ts-eslint-lite.ts: the package loads ESLint and TypeScript, and is not a runtime dependency.' },
            { name: '@typescript-eslint/parser', allowTypeImports: true, message: 'Use src/parsers.ts: the parser is an optional peer dependency.' },
            { name: 'eslint', allowTypeImports: true, message: 'The plugin must not load ESLint itself; only the CLI may.' },
          ],
        },
      ],
    },
  },
  {
    // The benchmark scripts are plain Node ESM (the repo has no TS runner).
    files: ['scripts/**/*.mjs'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', performance: 'readonly', URL: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
