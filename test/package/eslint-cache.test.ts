import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLOCK_VARIABLE } from '../../src/schedule/dates.js';
import { ESLINT_BIN, ruleIdsByFile, runTool, scratchProject } from './scratch.js';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';

// The item's removal moves to a fixed date in the project's schedule, and the clock is set through
// the variable the docs name for tests: nothing here depends on the real date.
const FILES = {
  'schedule.json': JSON.stringify({ schemaVersion: 1, extends: 'bundled', items: [{ id: 'getusercount', removal: '2030-01-15' }] }),
  'src/count.js': "export const count = () => fetch('https://example.test/api/index/v1/getusercount', { method: 'POST' });\n",
};
const CACHE = ['--cache', '--cache-location', '.eslintcache', '--format', 'json', 'src'];

describe('eslint --cache', () => {
  it('reports an item as removed once the date passes its removal, although the file did not change', { timeout: SLOW_TEST_TIMEOUT }, async () => {
    const dir = scratchProject({
      ...FILES,
      'eslint.config.js': `import apiSunset from 'eslint-plugin-api-sunset';
export default [apiSunset.configs.recommended, { settings: { 'api-sunset': { schedule: './schedule.json', imminentDays: 0 } } }];
`,
    });
    const before = await runTool(ESLINT_BIN, CACHE, dir, { [CLOCK_VARIABLE]: '2029-06-01' });
    expect(before.stderr).toBe('');
    expect(ruleIdsByFile(before.stdout, dir)).toEqual({ 'src/count.js': ['api-sunset/no-deprecated-api'] });
    expect(before.code).toBe(0);
    expect(existsSync(path.join(dir, '.eslintcache'))).toBe(true);

    const after = await runTool(ESLINT_BIN, CACHE, dir, { [CLOCK_VARIABLE]: '2030-02-01' });
    expect(ruleIdsByFile(after.stdout, dir)).toEqual({ 'src/count.js': ['api-sunset/no-removed-api'] });
    expect(after.code).toBe(1);
  });

  it('serves yesterday\'s results to a config that does not carry the date (the limitation docs/detection.md names)', { timeout: SLOW_TEST_TIMEOUT }, async () => {
    // The control for the test above: the cache is in effect, and the date in the settings is what moves it.
    const dir = scratchProject({
      ...FILES,
      'eslint.config.js': `import apiSunset from 'eslint-plugin-api-sunset';
export default [{
  plugins: { 'api-sunset': apiSunset },
  rules: { 'api-sunset/no-removed-api': 'error', 'api-sunset/no-deprecated-api': 'warn' },
  settings: { 'api-sunset': { schedule: './schedule.json', imminentDays: 0 } },
}];
`,
    });
    await runTool(ESLINT_BIN, CACHE, dir, { [CLOCK_VARIABLE]: '2029-06-01' });
    const stale = await runTool(ESLINT_BIN, CACHE, dir, { [CLOCK_VARIABLE]: '2030-02-01' });
    expect(ruleIdsByFile(stale.stdout, dir)).toEqual({ 'src/count.js': ['api-sunset/no-deprecated-api'] });
    const fresh = await runTool(ESLINT_BIN, CACHE.filter((arg) => arg !== '--cache'), dir, { [CLOCK_VARIABLE]: '2030-02-01' });
    expect(ruleIdsByFile(fresh.stdout, dir)).toEqual({ 'src/count.js': ['api-sunset/no-removed-api'] });
  });
});
