import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { CLOCK_VARIABLE } from '../../src/schedule/dates.js';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';
import { ESLINT_BIN, ruleIdsByFile, runTool, scratchProject, TSC_BIN } from './scratch.js';

const TOOLS = ['eslint', 'typescript', 'typescript-eslint', '@typescript-eslint', 'jiti', '@types/node'];
// Removed since 2026-10-15 in the bundled schedule; the clock is set, never read.
const ENV = { [CLOCK_VARIABLE]: '2026-11-22' };

const SOURCES = {
  // Type annotations: ESLint's default parser cannot read this file, so a finding proves the TypeScript parser ran.
  'src/count.ts': "export async function count(host: string): Promise<unknown> {\n  const res: Response = await fetch(`${host}/api/index/v1/getusercount`, { method: 'POST' });\n  return res.json();\n}\n",
  'src/legacy.js': "export const answers = (host) => fetch(host + '/rest/api/v1/listanswers', { method: 'POST' });\n",
  'package.json': JSON.stringify({ name: 'scratch', private: true, type: 'module' }),
  'tsconfig.json': JSON.stringify({
    compilerOptions: { target: 'ES2023', lib: ['ES2023'], module: 'NodeNext', moduleResolution: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true, types: ['node'] },
    include: ['*.config.ts', 'src'],
  }),
};

/** `eslint.config.ts` files as a user writes them with ESLint's `defineConfig`. */
const CONFIGS: Record<string, string> = {
  'recommended with typescript-eslint\'s parser, after a config for .js files only': `import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import apiSunset from 'eslint-plugin-api-sunset';

export default defineConfig(
  { files: ['**/*.js'], rules: { 'no-debugger': 'error' } },
  apiSunset.configs.recommended,
  { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
);
`,
  'recommended through extends, next to typescript-eslint\'s own configs': `import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import apiSunset from 'eslint-plugin-api-sunset';

export default defineConfig(tseslint.configs.base, {
  files: ['src/**'],
  extends: [apiSunset.configs.recommended],
});
`,
  'recommended-type-checked and recommended': `import { defineConfig } from 'eslint/config';
import apiSunset from 'eslint-plugin-api-sunset';

export default defineConfig(
  apiSunset.configs.recommended,
  apiSunset.configs['recommended-type-checked'],
  { languageOptions: { parserOptions: { tsconfigRootDir: import.meta.dirname } } },
);
`,
  'a Linter.Config[] with the plugin object and all': `import type { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import apiSunset from 'eslint-plugin-api-sunset';

const config: Linter.Config[] = [
  { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
  { plugins: { 'api-sunset': apiSunset } },
  apiSunset.configs.all,
];
export default config;
`,
};

describe('the published types', () => {
  it('need nothing but ESLint\'s own types (no typescript-eslint in a JavaScript project)', () => {
    const declarations = readFileSync(path.join(ROOT, 'dist/src/index.d.ts'), 'utf8');
    const imported = [...declarations.matchAll(/\bfrom\s+'([^']+)'|import\(\s*'([^']+)'/g)].map((match) => match[1] ?? match[2]);
    expect(imported).toEqual(['eslint']);
  });
});

describe('a TypeScript project with eslint.config.ts', () => {
  // One project holds every config (tsc runs once: type-checking ESLint's and typescript-eslint's declarations takes a while).
  const files = Object.fromEntries(Object.values(CONFIGS).map((config, i) => [`eslint.${i}.config.ts`, config]));
  let dir: string;

  it('type-checks every config with tsc --noEmit', { timeout: SLOW_TEST_TIMEOUT }, async () => {
    dir = scratchProject({ ...SOURCES, ...files }, TOOLS);
    const tsc = await runTool(TSC_BIN, ['-p', '.'], dir);
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.code).toBe(0);
  });

  Object.keys(CONFIGS).forEach((name, i) => {
    it(`lints .ts and .js files with the plugin: ${name}`, { timeout: SLOW_TEST_TIMEOUT }, async () => {
      const eslint = await runTool(ESLINT_BIN, ['--config', `eslint.${i}.config.ts`, '--format', 'json', 'src'], dir, ENV);
      expect(eslint.stderr).toBe('');
      const found = ruleIdsByFile(eslint.stdout, dir);
      expect(found['src/count.ts']).toEqual(['api-sunset/no-removed-api']);
      expect(found['src/legacy.js']).toEqual(['api-sunset/no-removed-api']);
    });
  });
});
