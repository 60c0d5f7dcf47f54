import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';

const PLUGIN_URL = pathToFileURL(path.join(ROOT, 'dist/src/index.js')).href;

/** The CommonJS packages a fresh process has loaded after running `script` (TypeScript, ESLint, ajv and typescript-eslint are CommonJS). */
function packagesLoadedBy(script: string): string[] {
  const program = `import { createRequire } from 'node:module';
${script}
const loaded = new Set();
for (const file of Object.keys(createRequire(process.cwd() + '/').cache)) {
  const match = /node_modules[\\\\/]((?:@[^\\\\/]+[\\\\/])?[^\\\\/]+)/.exec(file);
  if (match) loaded.add(match[1].replace('\\\\', '/'));
}
process.stdout.write(JSON.stringify([...loaded].sort()));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', program], { cwd: ROOT, encoding: 'utf8' })) as string[];
}

// What it costs to import the plugin is measured by the benchmark (docs/performance.md); this
// test pins down what is loaded, which does not depend on the machine's speed.
describe('importing the plugin', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('loads neither TypeScript, nor typescript-eslint beyond its AST types, nor ESLint, nor ajv', () => {
    const loaded = packagesLoadedBy(`const { default: plugin } = await import(${JSON.stringify(PLUGIN_URL)}); if (!plugin.configs.recommended.rules) throw new Error('no config');`);
    expect(loaded).toContain('@typescript-eslint/types');
    for (const heavy of ['typescript', '@typescript-eslint/parser', '@typescript-eslint/typescript-estree', '@typescript-eslint/utils', 'eslint', 'ajv']) expect(loaded).not.toContain(heavy);
  });

  it('loads typescript-eslint\'s parser (and TypeScript) when recommended-type-checked is read', () => {
    const loaded = packagesLoadedBy(`const { default: plugin } = await import(${JSON.stringify(PLUGIN_URL)}); const config = plugin.configs['recommended-type-checked']; if (config.languageOptions.parserOptions.projectService !== true) throw new Error('no project service');`);
    expect(loaded).toContain('@typescript-eslint/parser');
    expect(loaded).toContain('typescript');
  });
});
