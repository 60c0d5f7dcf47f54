import { execFile } from 'node:child_process';
import { cpSync, existsSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILT_CLI, ROOT, runBuiltCli } from '../helpers/cli.js';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';
import { copyProject, snapshot } from './project.js';

// The built CLI with the real plugin, as a user runs it (`npm test` builds first).
const NOW = ['--now', '2026-11-22'];
const FINDING_KEYS = ['file', 'line', 'column', 'endLine', 'endColumn', 'itemId', 'item', 'status', 'removal', 'daysLeft', 'message', 'fix', 'fingerprint'];

beforeAll(() => {
  if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: run "npm run build" first`);
});

/** A copy of examples/legacy-client whose imports still resolve (through the repository's node_modules). */
function copyExample(): string {
  const dir = copyProject();
  cpSync(path.join(ROOT, 'examples/legacy-client'), dir, { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

// Concurrent: each test is a few process runs, mostly waiting for Node to load ESLint and TypeScript.
describe.concurrent('built CLI on examples/legacy-client', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('check finds the removed endpoints and fails, with stable JSON and paths relative to the current directory', async () => {
    const { code, stdout, stderr } = await runBuiltCli(['check', 'examples/legacy-client', ...NOW, '--format', 'json']);
    expect(stderr).toBe('');
    const json = JSON.parse(stdout);
    expect(Object.keys(json)).toEqual(['version', 'now', 'findings', 'skipped', 'summary']);
    expect(json.findings.length).toBeGreaterThan(5);
    for (const finding of json.findings) {
      expect(Object.keys(finding)).toEqual(FINDING_KEYS);
      expect(finding.file).toMatch(/^examples\/legacy-client\/(src|scripts)\//);
    }
    const order = json.findings.map((f: { file: string; line: number; column: number }) => [f.file, f.line, f.column]);
    expect(order).toEqual([...order].sort((a, b) => a[0].localeCompare(b[0]) || a[1] - b[1] || a[2] - b[2]));
    expect(json.findings.map((f: { item: string }) => f.item)).toEqual(expect.arrayContaining(['POST /rest/api/v1/listanswers', 'POST /api/index/v1/getusercount', 'POST /api/index/v1/bulkindexemployees']));
    expect(json.skipped).toEqual([]);
    expect(json.summary.failed).toBe(true);
    expect(code).toBe(1);
  });

  // Four process runs and a tsc run, under the describe's limit for slow tests.
  it('fix --dry-run writes nothing; fix then leaves a codebase that a second fix does not change and that still type-checks', async () => {
    const dir = copyExample();
    const original = snapshot(dir);
    const dryRun = await runBuiltCli(['fix', ...NOW, '--dry-run', '.'], dir);
    expect(dryRun.stdout).toMatch(/^Manual migration: \d+ findings left$/m);
    expect(snapshot(dir)).toEqual(original);
    expect(dryRun.code).toBe(1);

    const first = await runBuiltCli(['fix', ...NOW, '.'], dir);
    // A copy in a temporary directory: no repository to check for uncommitted changes, and fix says so.
    expect(first.stderr).toBe('api-sunset fix: not in a git repository, so uncommitted changes cannot be checked; writing the fixes anyway.\n');
    const fixed = snapshot(dir);
    const second = await runBuiltCli(['fix', ...NOW, '.'], dir);
    expect(second.stdout).toMatch(/^Nothing changed: no finding has an automatic fix\.$/m);
    expect(snapshot(dir)).toEqual(fixed);

    await expect(promisify(execFile)(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.json'], { cwd: dir })).resolves.toBeDefined();
  });

  it('fix --suggestions leaves the example passing its own tsc -p tsconfig.json (strict), with nothing rolled back', async () => {
    const dir = copyExample();
    const { stdout, stderr } = await runBuiltCli(['fix', ...NOW, '--suggestions', '--format', 'json', '.'], dir);
    expect(stderr).toBe('api-sunset fix: not in a git repository, so uncommitted changes cannot be checked; writing the fixes anyway.\n');
    const json = JSON.parse(stdout);
    expect(json.verification.rolledBack).toEqual([]);
    expect(json.verification.projects).toEqual([{ config: 'tsconfig.json', typescript: expect.stringMatching(/^\d+\.\d+/) }]);
    expect(json.changes.map((change: { file: string }) => change.file)).toEqual(expect.arrayContaining(['src/chat/formatResponse.ts', 'src/chat/assistantSdk.ts']));
    await expect(promisify(execFile)(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: dir })).resolves.toBeDefined();
  });
});

describe.concurrent('built CLI on a fixture project', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('reports the unparsable file as skipped with the parser message and goes on', async () => {
    const dir = copyProject('real-project');
    const { code, stdout } = await runBuiltCli(['check', ...NOW, '--format', 'json'], dir);
    const json = JSON.parse(stdout);
    expect(json.skipped).toEqual([{ file: 'src/broken.ts', reason: 'parse-error', message: "Parsing error: '}' expected.", line: 3, column: 0 }]);
    expect(json.findings.map((f: { file: string; item: string; status: string }) => `${f.file} ${f.item} ${f.status}`)).toEqual([
      'src/answers.js POST /rest/api/v1/listanswers removed',
      'src/indexing.ts POST /api/index/v1/getdocumentcount removed',
    ]);
    expect(json.summary.files).toEqual({ scanned: 5, candidates: 4, linted: 3, skipped: 1, unchecked: 1 });
    expect(code).toBe(1);
  });

  it('exits 2 with the loader message for an invalid schedule', async () => {
    const dir = copyProject('real-project');
    writeFileSync(path.join(dir, 'schedule.json'), '{ "schemaVersion": 2, "items": [ { "id": "x" } ] }');
    const { code, stdout, stderr } = await runBuiltCli(['check', ...NOW, '--schedule', 'schedule.json'], dir);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^api-sunset check: invalid schedule:\nschedule\.json: \$\.items\[0\]/);
    expect(code).toBe(2);
  });

  it('prints SARIF with one rule per schedule item', async () => {
    const dir = copyProject('real-project');
    const sarif = JSON.parse((await runBuiltCli(['check', ...NOW, '--format', 'sarif'], dir)).stdout);
    // The documents' mark ids of listanswers and getdocumentcount.
    const ids = ['4c0923bd-64c7-45b9-99a5-b36f2705e618', 'c164089c-9412-4724-acf6-caf3b0d2a527'];
    expect(sarif.runs[0].results.map((result: { properties: { itemId: string } }) => result.properties.itemId)).toEqual(ids);
    expect(sarif.runs[0].tool.driver.rules.map((rule: { id: string }) => rule.id)).toEqual(ids.map((id) => `api-sunset/${id}`));
  });
});
