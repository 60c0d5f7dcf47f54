import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../vitest.config.js';
import { ROOT } from '../helpers/cli.js';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';

// Issue #16, item 12: the suite passes on a loaded 2-core machine. Time limits catch hangs; a test
// that starts a process, builds a TypeScript program or lints the example project gets the slow
// limit, and the default leaves room for a machine several times slower than a quiet one.
const SLOW_WORK = /\brunBuiltCli\(|\bexecFile(Sync)?\b|\bspawn(Sync)?\(|\brunTool\(|\bcreateProgram\(|\btypeCheck(Project)?\(|lintFiles\(\[/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : testFiles(child);
    return entry.name.endsWith('.test.ts') ? [child] : [];
  });
}

describe('test time limits', () => {
  it('are generous by default', () => {
    expect(config.test?.testTimeout).toBeGreaterThanOrEqual(120_000);
    expect(config.test?.hookTimeout).toBeGreaterThanOrEqual(120_000);
    expect(SLOW_TEST_TIMEOUT).toBeGreaterThanOrEqual(5 * 60_000);
  });

  it('are the slow one wherever a test starts a process, builds a program or lints a project', () => {
    const unmarked = testFiles(path.join(ROOT, 'test'))
      .filter((file) => SLOW_WORK.test(readFileSync(file, 'utf8')) && !readFileSync(file, 'utf8').includes('SLOW_TEST_TIMEOUT'))
      .map((file) => path.relative(ROOT, file));
    expect(unmarked).toEqual([]);
  });
});
