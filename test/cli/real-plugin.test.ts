import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { copyProject, writeFiles } from './project.js';

// The CLI in-process with the real plugin: the gate's levels against real findings, without a process per case.
describe('api-sunset check with the real plugin', () => {
  // Both findings in the fixture are items removed on 2026-10-15.
  it.each([
    [['--now', '2026-08-01'], 0, { removed: 0, imminent: 0, scheduled: 2 }],
    [['--now', '2026-08-01', '--fail-on', 'deprecated'], 1, { removed: 0, imminent: 0, scheduled: 2 }],
    [['--now', '2026-09-20'], 1, { removed: 0, imminent: 2, scheduled: 0 }],
    [['--now', '2026-09-20', '--fail-on', 'imminent'], 1, { removed: 0, imminent: 2, scheduled: 0 }],
    [['--now', '2026-09-20', '--imminent-days', '10'], 0, { removed: 0, imminent: 0, scheduled: 2 }],
    [['--now', '2026-11-22'], 1, { removed: 2, imminent: 0, scheduled: 0 }],
    [['--now', '2026-11-22', '--fail-on', 'none'], 0, { removed: 2, imminent: 0, scheduled: 0 }],
    [['--now', '2026-11-22', '--ignore', 'listanswers,getdocumentcount'], 0, { removed: 0, imminent: 0, scheduled: 0 }],
  ])('%j exits %i', async (args, expected, byStatus) => {
    // The unparsable file would fail every level: these cases are about the findings.
    const dir = copyProject('real-project');
    rmSync(path.join(dir, 'src/broken.ts'));
    const { code, stdout } = await runCli(['check', ...args, '--format', 'json'], { cwd: dir });
    expect(JSON.parse(stdout).summary.byStatus).toEqual(byStatus);
    expect(code).toBe(expected);
  });

  it('lists the unparsable file with the parser message, checks the rest, and fails because of it', async () => {
    const { code, stdout } = await runCli(['check', '--now', '2026-11-22', '--ignore', 'listanswers,getdocumentcount'], { cwd: copyProject('real-project') });
    expect(stdout).toContain("Could not check 1 file:\n  src/broken.ts:3:0  Parsing error: '}' expected.\n");
    expect(stdout).toContain('Fails: 1 file could not be checked (--fail-on removed).\n');
    expect(code).toBe(1);
  });

  it('skips the unparsable file with the parser message and checks the rest', async () => {
    const { code, stdout } = await runCli(['check', '--now', '2026-11-22'], { cwd: copyProject('real-project') });
    expect(stdout).toContain("Could not check 1 file:\n  src/broken.ts:3:0  Parsing error: '}' expected.\n");
    expect(stdout).toMatch(/^src\/answers\.js:\d+:\d+ {2}POST \/rest\/api\/v1\/listanswers {2}`POST \/rest\/api\/v1\/listanswers` was removed on 2026-10-15, 38 days ago;.* {2}\[fix: none\]$/m);
    expect(stdout).toContain('Scanned 5 files: 1 could not contain a finding, 3 checked, 1 skipped.\n');
    expect(code).toBe(1);
  });

  it('reports a removed endpoint in generated code under a blanket eslint-disable, not under a directive naming the rule', async () => {
    const dir = copyProject('real-project');
    rmSync(path.join(dir, 'src/broken.ts'));
    const call = "export const list = () => fetch('https://acme-be.glean.com/rest/api/v1/listanswers', { method: 'POST', body: '{}' });\n";
    writeFiles(dir, {
      'src/generated/api.ts': `/* tslint:disable */\n/* eslint-disable */\n${call}`,
      'src/generated/quiet.ts': `/* eslint-disable */\n// eslint-disable-next-line -- kept on purpose until the migration\n${call}`,
      'src/legacy.ts': `// eslint-disable-next-line api-sunset/no-removed-api -- answer boards go with the next release\n${call}`,
    });
    const { stdout } = await runCli(['check', '--now', '2026-11-22', '--format', 'json'], { cwd: dir });
    const findings = (JSON.parse(stdout) as { findings: { file: string; line: number; fix: string }[] }).findings;
    expect(findings.filter((finding) => finding.file.startsWith('src/generated/') || finding.file === 'src/legacy.ts').map((finding) => `${finding.file}:${finding.line} ${finding.fix}`)).toEqual(['src/generated/api.ts:3 none']);
  });

  it('checks a Vue component by its script, at the component\'s own lines, and never rewrites it', async () => {
    const dir = copyProject('real-project');
    rmSync(path.join(dir, 'src/broken.ts'));
    const component = [
      '<template>',
      '  <p>{{ token }}</p>',
      '</template>',
      '<script setup lang="ts">',
      "const res = await fetch('https://acme-be.glean.com/rest/api/v1/getcollection', { method: 'POST', body: JSON.stringify({ id: 1 }) });",
      'const token = (await res.json()).trackingToken;',
      'const first = <T,>(items: T[]): T | undefined => items[0];',
      'const pick = <T>(items: T[]): T | undefined => items[0];',
      '</script>',
      '',
    ].join('\n');
    writeFiles(dir, { 'src/Card.vue': component });
    const check = await runCli(['check', '--now', '2026-11-22', 'src/Card.vue'], { cwd: dir });
    expect(check.stdout).toMatch(/^src\/Card\.vue:6:34 {2}GetCollectionResponse\.trackingToken .*\[fix: none\]$/m);
    await runCli(['fix', '--now', '2026-11-22', '--no-verify', 'src/Card.vue'], { cwd: dir });
    expect(readFileSync(path.join(dir, 'src/Card.vue'), 'utf8')).toBe(component);
  });

  it('exits 2 for a path that does not exist', async () => {
    const { code, stderr } = await runCli(['check', '--now', '2026-11-22', 'nope'], { cwd: copyProject('real-project') });
    expect(stderr).toBe('api-sunset check: no such file or directory: nope (see "api-sunset help check")\n');
    expect(code).toBe(2);
  });
});

describe('api-sunset check --format github with the real plugin', () => {
  it('annotates each finding', async () => {
    const { stdout } = await runCli(['check', '--now', '2026-11-22', '--format', 'github'], { cwd: copyProject('real-project') });
    expect(stdout).toMatch(/^::error file=src\/answers\.js,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=api-sunset%3A POST \/rest\/api\/v1\/listanswers::`POST \/rest\/api\/v1\/listanswers` .+$/m);
    expect(stdout).toMatch(/^::error file=src\/broken\.ts,line=3,col=0,title=api-sunset\/parse-error::Parsing error: '}' expected\.$/m);
  });
});
