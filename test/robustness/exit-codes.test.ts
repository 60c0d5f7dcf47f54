import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { copyProject, writeFiles } from '../cli/project.js';

// Issue #16, item 10: the exit code and the summary's last line tell the truth, and no file is
// passed over without a word.
vi.mock('../../src/index.js', async () => ({ default: (await import('../cli/stand-in-plugin.js')).standInPlugin }));

const NOW = ['--now', '2026-11-22'];
const REMOVED = '// POST /rest/api/v1/createannouncement\nexport const post = { snippet: 1 };\n';
const CLEAN = '// POST /rest/api/v1/search\nexport const query = 1;\n';
const BROKEN = '// POST /rest/api/v1/search\nexport const = 1;\n';

describe('a run that checks nothing does not pass', () => {
  it.each([
    ['an empty directory', {}],
    ['a directory without JavaScript or TypeScript', { 'README.md': '# docs\n', 'data.json': '{}\n' }],
  ])('%s exits 2 and says so, unless --allow-empty', async (_name, files) => {
    const dir = copyProject();
    writeFiles(dir, files);
    for (const command of ['check', 'fix']) {
      const { code, stdout, stderr } = await runCli([command, ...NOW], { cwd: dir });
      expect(stdout).toContain('Nothing was checked: no JavaScript or TypeScript file matched the given paths.\n');
      expect(stderr).toBe('api-sunset: no JavaScript or TypeScript file matched the given paths, so nothing was checked; pass --allow-empty if that is expected.\n');
      expect(code).toBe(2);
      const allowed = await runCli([command, ...NOW, '--allow-empty'], { cwd: dir });
      expect(allowed.stdout).toContain('Passes: no JavaScript or TypeScript file to check (--allow-empty).\n');
      expect(allowed.code).toBe(0);
    }
  });

  it('scopes exits 2 for no file too, unless --allow-empty', async () => {
    const dir = copyProject();
    const { code, stderr } = await runCli(['scopes'], { cwd: dir });
    expect(stderr).toBe('api-sunset: no JavaScript or TypeScript file matched the given paths, so no scope was determined; pass --allow-empty if that is expected.\n');
    expect(code).toBe(2);
    expect((await runCli(['scopes', '--allow-empty'], { cwd: dir })).code).toBe(0);
  });

  it('a file that cannot be parsed fails the gate, next to files that pass', async () => {
    const dir = copyProject();
    writeFiles(dir, { 'broken.ts': BROKEN, 'clean.ts': CLEAN });
    const { code, stdout } = await runCli(['check', ...NOW], { cwd: dir });
    expect(stdout).toContain('Could not check 1 file:\n  broken.ts:2:13  Parsing error: Variable declaration expected.\n');
    expect(stdout).toContain('Fails: 1 file could not be checked (--fail-on removed).\n');
    expect(code).toBe(1);
  });

  it('never says "Passes" while exiting non-zero', async () => {
    const scenarios: Record<string, string>[] = [{}, { 'broken.ts': BROKEN }, { 'broken.ts': BROKEN, 'clean.ts': CLEAN }, { 'post.ts': REMOVED }, { 'clean.ts': CLEAN }, { 'legacy.ts': '\uFEFF\u0000\u0000' }];
    for (const files of scenarios) {
      const dir = copyProject();
      writeFiles(dir, files);
      for (const args of [[], ['--fail-on', 'none'], ['--fail-on', 'deprecated']]) {
        const { code, stdout } = await runCli(['check', ...NOW, ...args], { cwd: dir });
        const verdict = stdout.trimEnd().split('\n').at(-1)!;
        expect(verdict.startsWith('Passes') || verdict.startsWith('Never fails'), `${JSON.stringify(files)} ${args.join(' ')}: ${verdict}`).toBe(code === 0);
      }
    }
  });
});

describe('UTF-16 and other encodings', () => {
  const utf16 = (text: string, order: 'le' | 'be') => {
    const le = Buffer.from(`\uFEFF${text}`, 'utf16le');
    return order === 'le' ? le : Buffer.from(le).swap16();
  };

  it.each(['le', 'be'] as const)('checks a UTF-16 %s file with a byte order mark, and fix writes it back as UTF-16', async (order) => {
    const dir = copyProject();
    writeFileSync(path.join(dir, 'post.ts'), utf16(REMOVED.replace(/\n/g, '\r\n'), order));
    const check = JSON.parse((await runCli(['check', ...NOW, '--format', 'json'], { cwd: dir })).stdout);
    expect(check.findings.map((finding: { item: string; line: number }) => `${finding.item} ${finding.line}`)).toEqual(['createannouncement.snippet 2']);
    await runCli(['fix', ...NOW], { cwd: dir });
    expect(readFileSync(path.join(dir, 'post.ts'))).toEqual(utf16(REMOVED.replace('snippet', 'text').replace(/\n/g, '\r\n'), order));
  });

  it.each([
    ['UTF-32', Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0x00]), Buffer.from('x', 'utf16le'), Buffer.alloc(2)]), 'not checked: UTF-32 text is not supported (save the file as UTF-8)'],
    ['UTF-16 without a byte order mark', Buffer.from(REMOVED, 'utf16le'), 'not checked: the file holds NUL bytes (binary data, or UTF-16 without a byte order mark; save it as UTF-8)'],
  ])('reports %s instead of passing over it, and fails the gate', async (_name, bytes, message) => {
    const dir = copyProject();
    writeFileSync(path.join(dir, 'post.ts'), bytes);
    writeFiles(dir, { 'clean.ts': CLEAN });
    const { code, stdout } = await runCli(['check', ...NOW, '--format', 'json'], { cwd: dir });
    expect(JSON.parse(stdout).skipped).toEqual([{ file: 'post.ts', reason: 'encoding', message }]);
    expect(code).toBe(1);
  });
});
