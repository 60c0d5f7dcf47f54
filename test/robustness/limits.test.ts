import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IsolatedLintRunner } from '../../src/cli/isolated-runner.js';
import { BUILT_CLI, ROOT, runBuiltCli, runCli } from '../helpers/cli.js';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';
import { copyProject, writeFiles } from '../cli/project.js';

// Issue #16, item 4: one file can cost the run neither all its time nor all its memory.
vi.mock('../../src/index.js', async () => ({ default: (await import('../cli/stand-in-plugin.js')).standInPlugin }));

const NOW = ['--now', '2026-11-22'];
const MENTION = '// POST /rest/api/v1/createannouncement\n';

/** `lines` lines of ordinary code that mentions the API, each `width` characters wide. */
function code(lines: number, width = 40): string {
  const line = `export const snippet${'_'.repeat(Math.max(0, width - 24))} = 1;`.slice(0, width);
  return MENTION + Array.from({ length: lines }, (_, i) => line.replace('snippet', `s${i}`)).join('\n') + '\n';
}

describe('file limits', () => {
  it('skips a file over --max-file-size with a "skipped: too large" line, and checks the others', async () => {
    const dir = copyProject();
    writeFiles(dir, { 'big.ts': code(100), 'small.ts': `${MENTION}export const snippet = 1;\n` });
    const { stdout, code: exit } = await runCli(['check', ...NOW, '--max-file-size', '1'], { cwd: dir });
    expect(stdout).toMatch(/^Skipped 1 file:\n {2}big\.ts {2}skipped: too large \(\d+ KB; the limit is 1 KB, --max-file-size\)$/m);
    expect(stdout).toMatch(/^small\.ts:2:14 {2}createannouncement\.snippet/m);
    expect(stdout).toContain('Fails: 1 finding is removed or imminent (--fail-on removed).');
    expect(exit).toBe(1);
  });

  it('keeps minified code out by the length of its lines, and checks it with --minified-line-length 0', async () => {
    const dir = copyProject();
    const minified = MENTION + Array.from({ length: 400 }, (_, i) => `var a${i}={snippet:${i}};`).join('') + '\n';
    writeFiles(dir, { 'bundle.js': minified });
    const skipped = await runCli(['check', ...NOW, '--format', 'json'], { cwd: dir });
    expect(JSON.parse(skipped.stdout).skipped).toEqual([{ file: 'bundle.js', reason: 'minified', message: expect.stringMatching(/^skipped: minified \(lines average [\d,]+ characters; the limit is 200, --minified-line-length\)$/) }]);
    const checked = await runCli(['check', ...NOW, '--format', 'json', '--minified-line-length', '0'], { cwd: dir });
    expect(JSON.parse(checked.stdout).findings).toHaveLength(400);
  });

  it('never judges a small file minified, and never lists a file that cannot contain a finding', async () => {
    const dir = copyProject();
    writeFiles(dir, { 'one-line.ts': `${MENTION}export const post = { snippet: 1, ${'padding: 0, '.repeat(30)}};\n`, 'vendor.js': 'x'.repeat(3 * 1024 * 1024) });
    const { stdout } = await runCli(['check', ...NOW, '--format', 'json'], { cwd: dir });
    const json = JSON.parse(stdout);
    expect(json.skipped).toEqual([]);
    expect(json.findings.map((finding: { file: string }) => finding.file)).toEqual(['one-line.ts']);
  });

  it('rejects limits that are not numbers', async () => {
    for (const [flag, value] of [['--max-file-size', '1MB'], ['--minified-line-length', '-1'], ['--file-timeout', 'soon']]) {
      const { code: exit, stderr } = await runCli(['check', ...NOW, `${flag}=${value}`], { cwd: copyProject() });
      expect(stderr).toContain(`api-sunset check: ${flag} expects`);
      expect(exit).toBe(2);
    }
  });
});

describe('a file that hangs, runs out of memory or crashes the linter costs that file only', () => {
  const worker = pathToFileURL(path.join(ROOT, 'test/fixtures/robustness/stand-in-worker.mjs'));
  const flags = { now: '2026-11-22', imminentDays: 30, schedulePath: undefined, ignore: [] };
  let runner: IsolatedLintRunner | undefined;
  afterEach(async () => runner?.dispose());

  it('gives up on a file at the time limit and goes on with a fresh worker', async () => {
    // A hang never ends, so this holds on any machine; the limit only has to outlast an answer to a trivial file.
    runner = new IsolatedLintRunner(flags, [ROOT], { timeout: 5_000, workerUrl: worker });
    expect((await runner.check('a.ts', '')).failure).toBeUndefined();
    expect((await runner.check('hang.ts', '')).failure).toEqual({ reason: 'timeout', message: 'not checked: the analysis took longer than 5 s (--file-timeout 5)' });
    expect((await runner.check('b.ts', '')).failure).toBeUndefined();
  });

  it('reports a file that exhausts the worker\'s memory and goes on', async () => {
    runner = new IsolatedLintRunner(flags, [ROOT], { timeout: 0, workerUrl: worker, maxHeapMb: 32 });
    expect((await runner.check('oom.ts', '')).failure).toMatchObject({ reason: 'out-of-memory' });
    expect((await runner.check('b.ts', '')).failure).toBeUndefined();
  });

  it.each(['throw', 'exit'])('reports a worker that fails (%s) and goes on', async (name) => {
    runner = new IsolatedLintRunner(flags, [ROOT], { timeout: 0, workerUrl: worker });
    expect((await runner.check(`${name}.ts`, '')).failure).toMatchObject({ reason: 'crash' });
    expect((await runner.check('b.ts', '')).failure).toBeUndefined();
    const fixed = await runner.fix('c.ts', 'text', false);
    expect([fixed.failure, fixed.output]).toEqual([undefined, 'text']);
  });
});

describe('the built CLI with a time limit', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('lists the file that took too long as not checked, checks the rest, and fails the gate', async () => {
    if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: run "npm run build" first`);
    const dir = copyProject();
    // 2 MB of code takes a minute here and many seconds on any machine; a small file takes milliseconds.
    writeFileSync(path.join(dir, 'big.js'), `${MENTION}${'export function f(a) { return a.answerResult.trackingToken + [1, 2, 3].map((x) => x * 2).join(","); }\n'.repeat(20_000)}`);
    writeFileSync(path.join(dir, 'small.js'), "fetch('/api/index/v1/getusercount', { method: 'POST' });\n");
    const { code: exit, stdout } = await runBuiltCli(['check', ...NOW, '--format', 'json', '--max-file-size', '0', '--file-timeout', '1'], dir);
    const json = JSON.parse(stdout);
    expect(json.skipped).toEqual([{ file: 'big.js', reason: 'timeout', message: 'not checked: the analysis took longer than 1 s (--file-timeout 1)' }]);
    expect(json.findings.map((finding: { file: string; item: string }) => `${finding.file} ${finding.item}`)).toEqual(['small.js POST /api/index/v1/getusercount']);
    expect(exit).toBe(1);
  });
});
