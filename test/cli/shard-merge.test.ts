import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { copyProject, writeFiles } from './project.js';
import { findItem, loadBundledSchedule } from '../../src/schedule/index.js';

/** The canonical id (the documents' mark id) of an item the stand-in plugin names by its old id. */
const idOf = (alias: string) => findItem(loadBundledSchedule(), alias)!.id;

// Sharding and merging, against the stand-in with the plugin's contract (stand-in-plugin.ts).
vi.mock('../../src/index.js', async () => ({ default: (await import('./stand-in-plugin.js')).standInPlugin }));

const NOW = ['--now', '2026-11-22'];

/** The stand-in project with a few more files, so three shards have something each. */
function project(): string {
  const dir = copyProject('stand-in');
  const files: Record<string, string> = {};
  for (let i = 0; i < 6; i++) files[`src/more/m${i}.ts`] = `// POST /rest/api/v1/createannouncement\nexport const m${i} = { snippet: ${i} };\n`;
  writeFiles(dir, files);
  return dir;
}

interface JsonFinding {
  file: string;
  line: number;
  column: number;
  itemId: string;
  fingerprint: string;
}

const key = (finding: JsonFinding) => `${finding.file}:${finding.line}:${finding.column} ${finding.itemId} ${finding.fingerprint}`;

async function shards(dir: string, count: number, extra: string[] = []) {
  const reports = [];
  for (let index = 1; index <= count; index++) {
    const out = `shard-${index}.json`;
    const run = await runCli(['check', ...NOW, '--shard', `${index}/${count}`, '--format', 'json', '-o', out, ...extra], { cwd: dir });
    reports.push({ out, code: run.code, report: JSON.parse(readFileSync(path.join(dir, out), 'utf8')) });
  }
  return reports;
}

describe('check --shard', () => {
  it('splits the files so that every file is checked in exactly one shard, the same way every time', async () => {
    const dir = project();
    const whole = JSON.parse((await runCli(['check', ...NOW, '--format', 'json'], { cwd: dir })).stdout);
    const parts = await shards(dir, 3);
    const findings = parts.flatMap(({ report }) => report.findings.map(key));
    expect(findings.sort()).toEqual(whole.findings.map(key).sort());
    expect(parts.map(({ report }) => report.summary.files.scanned).reduce((a: number, b: number) => a + b)).toBe(whole.summary.files.scanned);
    for (const { report } of parts) expect(report.findings.length + report.skipped.length).toBeGreaterThan(0);
    expect(parts.map(({ report }) => report.shard)).toEqual([
      { index: 1, count: 3 },
      { index: 2, count: 3 },
      { index: 3, count: 3 },
    ]);
    const again = await shards(dir, 3);
    expect(again.map(({ report }) => report.findings.map(key))).toEqual(parts.map(({ report }) => report.findings.map(key)));
  });

  it.each(['0/3', '4/3', '1/0', '2', 'a/b'])('rejects --shard %s', async (spec) => {
    const { code, stderr } = await runCli(['check', ...NOW, '--shard', spec], { cwd: project() });
    expect(stderr).toBe(`api-sunset check: --shard expects INDEX/COUNT with 1 <= INDEX <= COUNT, e.g. 1/3, got "${spec}" (see "api-sunset help check")\n`);
    expect(code).toBe(2);
  });
});

describe('api-sunset merge', () => {
  it('merges the shards into the report and exit code of one unsharded run, in any format', async () => {
    const dir = project();
    const whole = await runCli(['check', ...NOW, '--format', 'json'], { cwd: dir });
    const parts = await shards(dir, 3);
    const merged = await runCli(['merge', ...parts.map(({ out }) => out), '--format', 'json'], { cwd: dir });
    const report = JSON.parse(merged.stdout);
    const expected = JSON.parse(whole.stdout);
    expect(report.findings).toEqual(expected.findings);
    expect(report.skipped).toEqual(expected.skipped);
    expect(report.summary).toEqual(expected.summary);
    expect(merged.code).toBe(whole.code);

    const text = await runCli(['merge', ...parts.map(({ out }) => out)], { cwd: dir });
    expect(text.stdout).toBe((await runCli(['check', ...NOW], { cwd: dir })).stdout);
    const sarif = JSON.parse((await runCli(['merge', ...parts.map(({ out }) => out), '--format', 'sarif'], { cwd: dir })).stdout);
    const direct = JSON.parse((await runCli(['check', ...NOW, '--format', 'sarif'], { cwd: dir })).stdout);
    expect(sarif.runs[0].results).toEqual(direct.runs[0].results);
  });

  it('judges the merged findings by the shards\' --fail-on and --max-warnings, or by its own', async () => {
    const dir = project();
    const parts = await shards(dir, 2, ['--fail-on', 'none', '--max-warnings', '1']);
    const files = parts.map(({ out }) => out);
    expect((await runCli(['merge', ...files, '--format', 'json'], { cwd: dir })).code).toBe(1);
    expect((await runCli(['merge', ...files, '--max-warnings', '5'], { cwd: dir })).code).toBe(0);
    expect((await runCli(['merge', ...files, '--max-warnings', '5', '--fail-on', 'removed'], { cwd: dir })).code).toBe(1);
  });

  it('describes the items from --schedule, and writes to --output-file', async () => {
    const dir = project();
    writeFiles(dir, { 'moved.json': JSON.stringify({ schemaVersion: 1, extends: 'bundled', items: [{ id: 'insights.searchSessionSatisfaction', removal: '2027-06-01' }] }) });
    const parts = await shards(dir, 2, ['--schedule', 'moved.json']);
    const files = parts.map(({ out }) => out);
    const merged = await runCli(['merge', ...files, '--schedule', 'moved.json', '--format', 'sarif', '-o', 'out/merged.sarif'], { cwd: dir });
    expect(merged.stdout).toBe('');
    const rules = JSON.parse(readFileSync(path.join(dir, 'out/merged.sarif'), 'utf8')).runs[0].tool.driver.rules;
    const rule = rules.find((candidate: { id: string }) => candidate.id === `api-sunset/${idOf('insights.searchSessionSatisfaction')}`);
    expect(rule.fullDescription.text).toContain('2027-06-01');
    const bundled = JSON.parse((await runCli(['merge', ...files, '--format', 'sarif'], { cwd: dir })).stdout).runs[0].tool.driver.rules;
    expect(bundled.find((candidate: { id: string }) => candidate.id === rule.id).fullDescription.text).toContain('2027-01-15');
  });

  it('refuses a missing or repeated shard, and reports that are not check\'s JSON', async () => {
    const dir = project();
    const parts = await shards(dir, 3);
    const missing = await runCli(['merge', 'shard-1.json', 'shard-3.json'], { cwd: dir });
    expect(missing.stderr).toBe('api-sunset merge: missing shard 2/3: its report was not given (did that job fail?) (see "api-sunset help merge")\n');
    expect(missing.code).toBe(2);
    const repeated = await runCli(['merge', ...parts.map(({ out }) => out), 'shard-2.json'], { cwd: dir });
    expect(repeated.stderr).toContain('shard 2/3 given more than once');
    expect(repeated.code).toBe(2);
    writeFileSync(path.join(dir, 'a.sarif'), (await runCli(['check', ...NOW, '--format', 'sarif'], { cwd: dir })).stdout);
    const sarif = await runCli(['merge', 'a.sarif'], { cwd: dir });
    expect(sarif.stderr).toContain('a.sarif: not a JSON report of "api-sunset check --format json" (SARIF cannot be merged');
    expect(sarif.code).toBe(2);
    expect((await runCli(['merge'], { cwd: dir })).code).toBe(2);
  });
});
