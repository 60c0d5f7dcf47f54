import { execFile } from 'node:child_process';
import { cpSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILT_CLI, ROOT, runBuiltCli } from '../helpers/cli.js';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';
import { copyProject, snapshot } from '../cli/project.js';

// Issue #16, items 1 and 7, as a user meets them: the built CLI with the real plugin on the
// example project, stopped by SIGKILL at exact points of a file write (a preloaded fault, see
// test/fixtures/robustness/fault-at.mjs). After every kill each file holds its original or its
// fully fixed text, and the next run finishes the job.
const NOW = ['--now', '2026-11-22'];
const FAULT = ['--import', path.join(ROOT, 'test/fixtures/robustness/fault-at.mjs')];

function copyExample(): string {
  const dir = copyProject();
  cpSync(path.join(ROOT, 'examples/legacy-client'), dir, { recursive: true });
  return dir;
}

/** Files whose names say they were left by api-sunset (temporary files, the lock). */
function leftovers(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => /\.api-sunset-tmp$|\.api-sunset-fix\.lock$/.test(name));
}

let original: Record<string, string>;
let fixed: Record<string, string>;
let fixedCode: number;

beforeAll(async () => {
  if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: run "npm run build" first`);
  const dir = copyExample();
  original = snapshot(dir);
  const run = await runBuiltCli(['fix', ...NOW, '.'], dir);
  fixed = snapshot(dir);
  fixedCode = run.code;
  // The cases below need at least two files that the fixes change.
  expect(Object.keys(fixed).filter((file) => fixed[file] !== original[file]).length).toBeGreaterThanOrEqual(2);
}, SLOW_TEST_TIMEOUT);

describe('fix killed in the middle of writing', { timeout: SLOW_TEST_TIMEOUT }, () => {
  // A failing flush, rename or short write without a kill is covered through a mocked node:fs in writes.test.ts.
  it.each([
    ['while the second file is half written', 'write:2', 1],
    ['just before the second rename, the file written and flushed', 'rename:2', 1],
    ['just after the second rename', 'renamed:2', 2],
  ])('%s: every file is either original or fixed', async (_when, fault, changed) => {
    const dir = copyExample();
    const killed = await runBuiltCli(['fix', ...NOW, '.'], dir, { nodeArgs: FAULT, env: { API_SUNSET_FAULT: fault } });
    expect(killed.signal).toBe('SIGKILL');
    const after = snapshot(dir);
    for (const file of Object.keys(original)) expect([original[file], fixed[file]], file).toContain(after[file]);
    expect(Object.keys(original).filter((file) => after[file] !== original[file])).toHaveLength(changed);
    if (fault !== 'write:2') return;

    // The next run takes over the dead run's lock, removes its torn temporary file and finishes.
    expect(leftovers(dir)).toHaveLength(2);
    const next = await runBuiltCli(['fix', ...NOW, '.'], dir);
    expect(next.code).toBe(fixedCode);
    expect(snapshot(dir)).toEqual(fixed);
    expect(leftovers(dir)).toEqual([]);
  });
});

describe('two fix runs at once', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('the second stops at the first one\'s lock and changes nothing; the first completes', async () => {
    const dir = copyExample();
    // The first run stops itself (SIGSTOP) as it starts writing its first file.
    const first = execFile(process.execPath, [...FAULT, BUILT_CLI, 'fix', ...NOW, '.'], { cwd: dir, env: { ...process.env, API_SUNSET_FAULT: 'stop:1' } });
    const firstDone = new Promise<number | null>((resolve) => first.on('exit', (code) => resolve(code)));
    await until(() => leftovers(dir).some((name) => name.endsWith('.api-sunset-tmp')));
    const during = snapshot(dir);

    const second = await runBuiltCli(['fix', ...NOW, '.'], dir);
    expect(second.stderr).toMatch(/another "api-sunset fix" is running in this project \(process \d+ on .+\); wait for it to finish\. If it is not running, remove .+\.api-sunset-fix\.lock\./);
    expect(second.code).toBe(2);
    expect(snapshot(dir)).toEqual(during);

    first.kill('SIGCONT');
    expect(await firstDone).toBe(fixedCode);
    expect(snapshot(dir)).toEqual(fixed);
    expect(leftovers(dir)).toEqual([]);
  });
});

/** Waits for a condition on the file system, checking every 50 ms; the test's time limit ends a wait that never ends. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 50));
}
