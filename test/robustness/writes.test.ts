import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, linkSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnsafeWriteError, writeFileAtomically } from '../../src/cli/atomic-write.js';
import { writeFilesTogether } from '../../src/cli/write-new-files.js';
import { runCli } from '../helpers/cli.js';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';
import { copyProject, snapshot, writeFiles } from '../cli/project.js';

// Issue #16, items 1, 6 and 7: a failed write, a concurrent save or a protected file loses nothing.
// The file system calls of the write are faulted through a mocked node:fs; the stand-in plugin
// gives the fixes known edits.
vi.mock('../../src/index.js', async () => ({ default: (await import('../cli/stand-in-plugin.js')).standInPlugin }));

type Faultable = 'openSync' | 'writeSync' | 'fsyncSync' | 'renameSync';
/** A fault for one call: return a value to stand for the call's result, or undefined to let it through. */
const faults = vi.hoisted(() => ({}) as Partial<Record<'openSync' | 'writeSync' | 'fsyncSync' | 'renameSync', (...args: unknown[]) => unknown>>);
/** The real calls, for the faults themselves. */
const real = vi.hoisted(() => ({}) as { fs: typeof import('node:fs') });

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  real.fs = actual;
  const faulted =
    (name: Faultable) =>
    (...args: unknown[]) => {
      const result = faults[name]?.(...args);
      return result === undefined ? (actual[name] as (...a: unknown[]) => unknown)(...args) : result;
    };
  return { ...actual, openSync: faulted('openSync'), writeSync: faulted('writeSync'), fsyncSync: faulted('fsyncSync'), renameSync: faulted('renameSync') };
});

afterEach(() => {
  for (const name of Object.keys(faults) as Faultable[]) delete faults[name];
  vi.restoreAllMocks();
});

const NOW = ['--now', '2026-11-22'];
const ORIGINAL = '// POST /rest/api/v1/createannouncement\nexport const post = { snippet: 1 };\n';
const FIXED = '// POST /rest/api/v1/createannouncement\nexport const post = { text: 1 };\n';
const EDITOR = '// POST /rest/api/v1/createannouncement\nexport const post = { snippet: 2 }; // saved by an editor\n';

function oneFile(content = ORIGINAL, mode = 0o644): { dir: string; file: string } {
  const dir = copyProject();
  const file = path.join(dir, 'post.ts');
  writeFileSync(file, content, { mode });
  chmodSync(file, mode);
  return { dir, file };
}

/** What a reader sees in the directory: no temporary file is ever left beside the file. */
function names(dir: string): string[] {
  return readdirSync(dir).sort();
}

/** The pid of a process that has exited. */
export function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: faulted by the test`), { code });
}

/** The write of the temporary file, told apart from other writes by its descriptor. */
function temporaryDescriptors(): Set<number> {
  const fds = new Set<number>();
  faults.openSync = (file, ...rest) => {
    if (!String(file).endsWith('.api-sunset-tmp')) return undefined;
    const fd = (real.fs.openSync as (...a: unknown[]) => number)(file, ...rest);
    fds.add(fd);
    return fd;
  };
  return fds;
}

describe('a write that fails leaves the original as it was (item 1)', () => {
  const cases: [string, () => void][] = [
    [
      'a short write, then a full disk',
      () => {
        const fds = temporaryDescriptors();
        let calls = 0;
        faults.writeSync = (fd, buffer: unknown) => {
          if (!fds.has(fd as number)) return undefined;
          if (calls++ > 0) throw errno('ENOSPC');
          const half = Math.floor((buffer as Buffer).length / 2);
          return real.fs.writeSync(fd as number, (buffer as Buffer).subarray(0, half), 0, half, 0);
        };
      },
    ],
    [
      'a write that writes nothing, without an error',
      () => {
        const fds = temporaryDescriptors();
        faults.writeSync = (fd) => (fds.has(fd as number) ? 0 : undefined);
      },
    ],
    [
      'a write that claims every byte but wrote half',
      () => {
        const fds = temporaryDescriptors();
        faults.writeSync = (fd, buffer: unknown) => {
          if (!fds.has(fd as number)) return undefined;
          const half = Math.floor((buffer as Buffer).length / 2);
          real.fs.writeSync(fd as number, (buffer as Buffer).subarray(0, half), 0, half, 0);
          return (buffer as Buffer).length;
        };
      },
    ],
    [
      'a flush that fails',
      () => {
        faults.fsyncSync = () => {
          throw errno('EIO');
        };
      },
    ],
    [
      'a rename that fails',
      () => {
        faults.renameSync = (from) => {
          if (String(from).endsWith('.api-sunset-tmp')) throw errno('EXDEV');
          return undefined;
        };
      },
    ],
  ];

  it.each(cases)('%s', (_name, fault) => {
    const { dir, file } = oneFile();
    fault();
    expect(() => writeFileAtomically(file, Buffer.from(FIXED), Buffer.from(ORIGINAL), [dir])).toThrow();
    expect(readFileSync(file, 'utf8')).toBe(ORIGINAL);
    expect(names(dir)).toEqual(['post.ts']);
  });

  it.each(cases)('%s, writing files that are written together (a baseline, an imported schedule): each is as it was', (_name, fault) => {
    const { dir, file } = oneFile();
    const other = path.join(dir, 'other.json');
    writeFileSync(other, '{}\n');
    fault();
    expect(() => writeFilesTogether([{ file: other, content: '{ "new": true }\n' }, { file, content: FIXED }])).toThrow();
    expect(readFileSync(file, 'utf8')).toBe(ORIGINAL);
    expect(readFileSync(other, 'utf8')).toBe('{}\n');
    expect(names(dir)).toEqual(['other.json', 'post.ts']);
  });

  it('fix reports the file it could not write, keeps its findings and fixes the others', async () => {
    const dir = copyProject('stand-in');
    const before = readFileSync(path.join(dir, 'src/announce.ts'), 'utf8');
    const fds = temporaryDescriptors();
    let failed = false;
    faults.writeSync = (fd, buffer: unknown) => {
      if (!fds.has(fd as number) || failed) return undefined;
      failed = true;
      const half = Math.floor((buffer as Buffer).length / 2);
      real.fs.writeSync(fd as number, (buffer as Buffer).subarray(0, half), 0, half, 0);
      throw errno('ENOSPC');
    };
    const { stdout, code } = await runCli(['fix', ...NOW, '--format', 'json'], { cwd: dir });
    const json = JSON.parse(stdout);
    expect(readFileSync(path.join(dir, 'src/announce.ts'), 'utf8')).toBe(before);
    expect(json.skipped).toContainEqual({ file: 'src/announce.ts', reason: 'not-fixed', message: 'not fixed: could not write the file: no space left on the device (ENOSPC); the file is as it was' });
    expect(json.findings.filter((finding: { file: string }) => finding.file === 'src/announce.ts').map((finding: { item: string }) => finding.item)).toContain('createannouncement.snippet');
    expect(json.changes.map((change: { file: string }) => change.file)).toEqual(['src/policy.js']);
    expect(readdirSync(path.join(dir, 'src')).filter((name) => name.endsWith('.api-sunset-tmp'))).toEqual([]);
    expect(code).toBe(1);
  });
});

describe('a save by another program while fix writes is never lost (item 7)', () => {
  /** The editor's save, once, at the faulted call on the temporary file; in place (same inode) or by a rename, as editors do. */
  function saveOnce(file: string, how: 'in place' | 'by rename', call: Faultable): void {
    const fds = temporaryDescriptors();
    let saved = false;
    const save = (...args: unknown[]) => {
      const temporary = call === 'openSync' ? String(args[0]).endsWith('.api-sunset-tmp') : fds.has(args[0] as number);
      if (saved || !temporary) return undefined;
      saved = true;
      if (how === 'in place') real.fs.writeFileSync(file, EDITOR);
      else {
        real.fs.writeFileSync(`${file}.editor-swap`, EDITOR);
        renameSync(`${file}.editor-swap`, file);
      }
      return undefined;
    };
    if (call === 'openSync') {
      // Save first, then open the temporary file as temporaryDescriptors does.
      const open = faults.openSync!;
      faults.openSync = (...args) => (save(...args), open(...args));
    } else faults[call] = save;
  }

  it.each([
    ['when the temporary file is created', 'openSync', 'in place'],
    ['while the new bytes are written', 'writeSync', 'in place'],
    ['while they are flushed', 'fsyncSync', 'in place'],
    ['while they are flushed, saved by a rename', 'fsyncSync', 'by rename'],
  ] as const)('%s', (_when, call, how) => {
    const { dir, file } = oneFile();
    saveOnce(file, how, call);
    expect(() => writeFileAtomically(file, Buffer.from(FIXED), Buffer.from(ORIGINAL), [dir])).toThrow(new UnsafeWriteError('changed on disk while api-sunset ran'));
    expect(readFileSync(file, 'utf8')).toBe(EDITOR);
    expect(names(dir)).toEqual(['post.ts']);
  });

  it('fix leaves the saved file as the editor wrote it and says why', async () => {
    const { dir, file } = oneFile();
    saveOnce(file, 'in place', 'fsyncSync');
    const { stdout } = await runCli(['fix', ...NOW, '--format', 'json'], { cwd: dir });
    expect(readFileSync(file, 'utf8')).toBe(EDITOR);
    expect(JSON.parse(stdout).skipped).toEqual([{ file: 'post.ts', reason: 'not-fixed', message: 'not fixed: changed on disk while api-sunset ran' }]);
  });
});

describe('files fix must not rewrite without --force (item 6)', () => {
  const protectedFiles: [string, (file: string) => void, RegExp][] = [
    ['a read-only file', (file) => chmodSync(file, 0o444), /the file is read-only/],
    ['a setuid file', (file) => chmodSync(file, 0o4755), /the file has the setuid bit set/],
    ['a setgid file', (file) => chmodSync(file, 0o2755), /the file has the setgid bit set/],
    ['a sticky file', (file) => chmodSync(file, 0o1644), /the file has the sticky bit set/],
    ['a file with another hard link', (file) => linkSync(file, `${file}.other-name`), /the file has 1 other hard link/],
    ['a file of another user', (file) => vi.spyOn(process, 'getuid').mockReturnValue(statSync(file).uid + 4242), /the file belongs to another user \(uid \d+\)/],
  ];

  it.each(protectedFiles)('refuses %s, says why, and changes neither bytes nor mode', async (_name, protect, reason) => {
    const { dir, file } = oneFile();
    protect(file);
    const mode = statSync(file).mode;
    const before = snapshot(dir);
    const { stdout, code } = await runCli(['fix', ...NOW, '--format', 'json'], { cwd: dir });
    const [skipped] = JSON.parse(stdout).skipped;
    expect(skipped).toMatchObject({ file: 'post.ts', reason: 'not-fixed' });
    expect(skipped.message).toMatch(reason);
    expect(skipped.message).toContain('--force');
    expect(snapshot(dir)).toEqual(before);
    expect(statSync(file).mode).toBe(mode);
    expect(code).toBe(1);
  });

  it.each(protectedFiles.slice(0, 4))('rewrites %s with --force, keeping its mode bits', async (_name, protect) => {
    const { dir, file } = oneFile();
    protect(file);
    const mode = statSync(file).mode;
    await runCli(['fix', ...NOW, '--force'], { cwd: dir });
    expect(readFileSync(file, 'utf8')).toBe(FIXED);
    expect(statSync(file).mode).toBe(mode);
  });

  it.runIf(process.getuid?.() === 0)('keeps the owner of a file it rewrites with --force as root', async () => {
    const { dir, file } = oneFile();
    chownSync(file, 4242, 4243);
    expect((await runCli(['fix', ...NOW], { cwd: dir })).stdout).toContain('the file belongs to another user (uid 4242)');
    await runCli(['fix', ...NOW, '--force'], { cwd: dir });
    expect(readFileSync(file, 'utf8')).toBe(FIXED);
    expect([statSync(file).uid, statSync(file).gid]).toEqual([4242, 4243]);
  });
});

describe('temporary files of a killed run are removed (item 7)', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('removes those of a process that is gone and keeps those of a live one', async () => {
    const { dir } = oneFile();
    const stale = `.post.ts.${deadPid()}-0123abcd.api-sunset-tmp`;
    const live = `.post.ts.${process.pid}-89abcdef.api-sunset-tmp`;
    writeFiles(dir, { [stale]: 'torn', [live]: 'in use' });
    const { stderr } = await runCli(['fix', ...NOW], { cwd: dir });
    expect(stderr).toContain(`removed 1 temporary file left by an interrupted run (the files they were for are intact): ${stale}`);
    expect(names(dir)).toEqual([live, 'post.ts']);
  });

  it('leaves them alone on a dry run, which writes nothing', async () => {
    const { dir } = oneFile();
    const stale = `.post.ts.${deadPid()}-0123abcd.api-sunset-tmp`;
    writeFiles(dir, { [stale]: 'torn' });
    await runCli(['fix', ...NOW, '--dry-run'], { cwd: dir });
    expect(names(dir)).toContain(stale);
  });
});
