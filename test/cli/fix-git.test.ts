import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';
import { copyProject, snapshot } from './project.js';

// fix's guard for uncommitted work, against the stand-in with known fixes (stand-in-plugin.ts):
// src/announce.ts and src/policy.js have automatic fixes, src/insights.ts has none.
vi.mock('../../src/index.js', async () => ({ default: (await import('./stand-in-plugin.js')).standInPlugin }));

const NOW = ['--now', '2026-11-22'];

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=api-sunset tests', '-c', 'user.email=tests@example.test', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, encoding: 'utf8' });
}

/** The stand-in project as a git repository with everything committed. */
function repository(): string {
  const dir = copyProject('stand-in');
  git(dir, 'init', '--quiet');
  git(dir, 'add', '--all');
  git(dir, 'commit', '--quiet', '-m', 'start');
  return dir;
}

const append = (dir: string, file: string, text: string) => writeFileSync(path.join(dir, file), readFileSync(path.join(dir, file), 'utf8') + text);

describe('api-sunset fix and uncommitted changes', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('refuses, writing nothing, when a file it would change has uncommitted changes', async () => {
    const dir = repository();
    append(dir, 'src/announce.ts', '// work in progress\n');
    writeFileSync(path.join(dir, 'src/new.ts'), '// POST /rest/api/v1/createannouncement\nexport const n = { snippet: 1 };\n');
    const before = snapshot(dir);
    const { code, stdout, stderr } = await runCli(['fix', ...NOW], { cwd: dir });
    expect(stderr).toBe(
      'api-sunset fix: 2 files it would change have uncommitted changes; nothing was written.\n' +
        'Commit or stash them first, so the fixes can be reviewed and undone on their own, or pass --allow-dirty:\n' +
        '  src/announce.ts (modified)\n' +
        '  src/new.ts (untracked)\n',
    );
    expect(stdout).toBe('');
    expect(code).toBe(2);
    expect(snapshot(dir)).toEqual(before);
  });

  it('counts staged changes as uncommitted too', async () => {
    const dir = repository();
    append(dir, 'src/policy.js', '// staged\n');
    git(dir, 'add', 'src/policy.js');
    const { code, stderr } = await runCli(['fix', ...NOW], { cwd: dir });
    expect(stderr).toContain('  src/policy.js (staged)\n');
    expect(code).toBe(2);
  });

  it('writes with --allow-dirty', async () => {
    const dir = repository();
    append(dir, 'src/announce.ts', '// work in progress\n');
    const { stderr } = await runCli(['fix', ...NOW, '--allow-dirty'], { cwd: dir });
    expect(stderr).toBe('');
    expect(readFileSync(path.join(dir, 'src/announce.ts'), 'utf8')).toContain('text: body');
  });

  it('writes when only files it does not change are dirty, and on a clean tree, silently', async () => {
    const dir = repository();
    append(dir, 'src/insights.ts', '// work in progress\n');
    const { stderr, code } = await runCli(['fix', ...NOW], { cwd: dir });
    expect(stderr).toBe('');
    expect(code).toBe(1);
    expect(git(dir, 'status', '--porcelain')).toBe(' M src/announce.ts\n M src/insights.ts\n M src/policy.js\n');
  });

  it('needs no clean tree for --dry-run, which writes nothing', async () => {
    const dir = repository();
    append(dir, 'src/announce.ts', '// work in progress\n');
    const { stderr, stdout } = await runCli(['fix', ...NOW, '--dry-run'], { cwd: dir });
    expect(stderr).toBe('');
    expect(stdout).toContain('+++ b/src/announce.ts');
  });

  it('writes outside a git repository, and says it could not check', async () => {
    const dir = copyProject('stand-in');
    const { stderr } = await runCli(['fix', ...NOW], { cwd: dir });
    expect(stderr).toBe('api-sunset fix: not in a git repository, so uncommitted changes cannot be checked; writing the fixes anyway.\n');
    expect(readFileSync(path.join(dir, 'src/announce.ts'), 'utf8')).toContain('text: body');
  });
});
