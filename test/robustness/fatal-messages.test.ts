import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { copyProject, writeFiles } from '../cli/project.js';

// Issue #16, item 2: a fatal ESLint message is a problem of its own and fails the gate; it never
// takes the file's findings with it. The real plugin, in-process.
const NOW = ['--now', '2026-11-22'];
const ENV_COMMENT = "/* eslint-env node */\nfetch('/api/index/v1/getusercount', { method: 'POST' });\n";

describe('a fatal message that is not a parse error (ESLint 10: an eslint-env comment)', () => {
  it('keeps the findings, lists the fatal message, and fails the gate', async () => {
    const dir = copyProject();
    writeFiles(dir, { 'env.js': ENV_COMMENT });
    const { code, stdout } = await runCli(['check', ...NOW, '--format', 'json'], { cwd: dir });
    const json = JSON.parse(stdout);
    expect(json.findings.map((finding: { item: string; line: number }) => `${finding.item} ${finding.line}`)).toEqual(['POST /api/index/v1/getusercount 2']);
    expect(json.skipped).toEqual([{ file: 'env.js', reason: 'fatal', message: 'fatal: /* eslint-env */ comments are no longer supported.', line: 1, column: 1 }]);
    expect(json.summary.files).toMatchObject({ linted: 1, unchecked: 1 });
    expect(json.summary.failed).toBe(true);
    expect(code).toBe(1);
  });

  it('fails the gate on its own, even when no finding would', async () => {
    const dir = copyProject();
    writeFiles(dir, { 'env.js': ENV_COMMENT });
    const { code, stdout } = await runCli(['check', ...NOW, '--ignore', 'getusercount'], { cwd: dir });
    expect(stdout).toContain('Could not check 1 file:\n  env.js:1:1  fatal: /* eslint-env */ comments are no longer supported.\n');
    expect(stdout).toContain('Fails: 1 file could not be checked (--fail-on removed).\n');
    expect(code).toBe(1);
    expect((await runCli(['check', ...NOW, '--ignore', 'getusercount', '--fail-on', 'none'], { cwd: dir })).code).toBe(0);
  });

  it('is an error annotation and a SARIF notification', async () => {
    const dir = copyProject();
    writeFiles(dir, { 'env.js': ENV_COMMENT });
    const github = await runCli(['check', ...NOW, '--format', 'github'], { cwd: dir });
    expect(github.stdout).toContain('::error file=env.js,line=1,col=1,title=api-sunset/fatal::fatal: /* eslint-env */ comments are no longer supported.\n');
    const sarif = JSON.parse((await runCli(['check', ...NOW, '--format', 'sarif'], { cwd: dir })).stdout);
    expect(sarif.runs[0].results).toHaveLength(1);
    expect(sarif.runs[0].invocations[0].toolExecutionNotifications).toMatchObject([{ level: 'error', message: { text: 'fatal: /* eslint-env */ comments are no longer supported.' } }]);
  });
});
