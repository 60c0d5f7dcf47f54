import { lstatSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';
import { copyProject, writeFiles } from '../cli/project.js';

// Issue #16, item 9: paths named on the command line mean what they say, and errors name the
// real cause.
vi.mock('../../src/index.js', async () => ({ default: (await import('../cli/stand-in-plugin.js')).standInPlugin }));

const NOW = ['--now', '2026-11-22'];
const REMOVED = '// POST /rest/api/v1/createannouncement\nexport const post = { snippet: 1 };\n';

describe('a symbolic link named on the command line', () => {
  function linked(): { dir: string; target: string } {
    const dir = copyProject();
    const elsewhere = copyProject();
    const target = path.join(elsewhere, 'real.ts');
    writeFileSync(target, REMOVED);
    symlinkSync(target, path.join(dir, 'link.ts'));
    return { dir, target };
  }

  it('is checked: it stands for its target', async () => {
    const { dir, target } = linked();
    const { code, stdout } = await runCli(['check', ...NOW, '--format', 'json', 'link.ts'], { cwd: dir });
    const json = JSON.parse(stdout);
    expect(json.skipped).toEqual([]);
    expect(json.findings.map((finding: { file: string; item: string }) => `${path.resolve(dir, finding.file)} ${finding.item}`)).toEqual([`${target} createannouncement.snippet`]);
    expect(code).toBe(1);
  });

  it('is fixed in its target; the link stays a link', async () => {
    const { dir, target } = linked();
    await runCli(['fix', ...NOW, 'link.ts'], { cwd: dir });
    expect(readFileSync(target, 'utf8')).toBe(REMOVED.replace('snippet', 'text'));
    expect(lstatSync(path.join(dir, 'link.ts')).isSymbolicLink()).toBe(true);
  });

  it('a directory link is walked under its real path', async () => {
    const dir = copyProject();
    const elsewhere = copyProject();
    writeFiles(elsewhere, { 'src/a.ts': REMOVED });
    symlinkSync(path.join(elsewhere, 'src'), path.join(dir, 'linked-src'));
    const { stdout } = await runCli(['check', ...NOW, '--format', 'json', 'linked-src'], { cwd: dir });
    expect(JSON.parse(stdout).findings).toHaveLength(1);
  });
});

describe('path errors say what is wrong', () => {
  it.each([
    ['a symbolic link loop', (dir: string) => (symlinkSync(path.join(dir, 'b.ts'), path.join(dir, 'a.ts')), symlinkSync(path.join(dir, 'a.ts'), path.join(dir, 'b.ts'))), 'a symbolic link loop (or too many links in a row): a.ts'],
    ['a dangling link', (dir: string) => symlinkSync(path.join(dir, 'gone.ts'), path.join(dir, 'a.ts')), 'a symbolic link to a file that does not exist: a.ts'],
    ['a missing file', () => undefined, 'no such file or directory: a.ts'],
  ])('%s', async (_name, make, message) => {
    const dir = copyProject();
    make(dir);
    const { code, stderr } = await runCli(['check', ...NOW, 'a.ts'], { cwd: dir });
    expect(stderr).toBe(`api-sunset check: ${message} (see "api-sunset help check")\n`);
    expect(code).toBe(2);
  });
});

describe('a broken tsconfig with --project', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it.each([
    ['bad JSON', '{ "compilerOptions": { "strict": true,, } }', /tsconfig\.json:1:\d+: TS\d+: /],
    ['an unknown option value', '{ "compilerOptions": { "target": "es3000" } }', /TS6046: Argument for '--target' option must be/],
    ['an extends that does not resolve', '{ "extends": "./missing.json" }', /TS5083: Cannot read file .*missing\.json/],
  ])('is one configuration error (%s), not a parse error in every file', async (_name, tsconfig, detail) => {
    const dir = copyProject();
    writeFiles(dir, { 'tsconfig.json': tsconfig, 'src/a.ts': REMOVED, 'src/b.ts': REMOVED });
    const { code, stdout, stderr } = await runCli(['check', ...NOW, '--project', 'tsconfig.json', 'src'], { cwd: dir });
    expect(stderr).toMatch(/^api-sunset check: --project: tsconfig\.json has errors:\n {2}/);
    expect(stderr).toMatch(detail);
    expect(stdout).toBe('');
    expect(code).toBe(2);
  });
});
