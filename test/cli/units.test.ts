import { readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { UnsafeWriteError, writeFileAtomically } from '../../src/cli/atomic-write.js';
import { commonDirectory } from '../../src/cli/paths.js';
import { decodeSource, encodeSource, restoreLineEndings } from '../../src/cli/source-text.js';
import { applyFirstSuggestions } from '../../src/cli/suggestions.js';
import { copyProject } from './project.js';

describe('writeFileAtomically', () => {
  function setup() {
    const dir = copyProject();
    const file = path.join(dir, 'a.ts');
    writeFileSync(file, 'old\n', { mode: 0o640 });
    return { dir, file };
  }

  it('replaces the file by a rename and keeps its mode', () => {
    const { dir, file } = setup();
    const inode = statSync(file).ino;
    writeFileAtomically(file, Buffer.from('new\n'), Buffer.from('old\n'), [dir]);
    expect(readFileSync(file, 'utf8')).toBe('new\n');
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(statSync(file).ino).not.toBe(inode);
    expect(readdirSync(dir)).toEqual(['a.ts']);
  });

  it('refuses a file that changed since it was read', () => {
    const { dir, file } = setup();
    expect(() => writeFileAtomically(file, Buffer.from('new\n'), Buffer.from('older\n'), [dir])).toThrow(new UnsafeWriteError('changed on disk while api-sunset ran'));
    expect(readFileSync(file, 'utf8')).toBe('old\n');
  });

  it('refuses a file outside the roots and a symbolic link', () => {
    const { dir, file } = setup();
    const other = copyProject();
    expect(() => writeFileAtomically(file, Buffer.from('new\n'), Buffer.from('old\n'), [other])).toThrow('resolves outside the given paths');
    // A sibling whose name starts like the root is not inside it.
    expect(() => writeFileAtomically(file, Buffer.from('new\n'), Buffer.from('old\n'), [dir.slice(0, -1)])).toThrow('resolves outside the given paths');
    symlinkSync(file, path.join(other, 'link.ts'));
    expect(() => writeFileAtomically(path.join(other, 'link.ts'), Buffer.from('new\n'), Buffer.from('old\n'), [other, dir])).toThrow('no longer a regular file');
    expect(readFileSync(file, 'utf8')).toBe('old\n');
  });
});

describe('source text', () => {
  it('strips and restores the byte order mark', () => {
    const source = decodeSource(Buffer.from('\uFEFFconst a = 1;\n'));
    expect(source).toEqual({ text: 'const a = 1;\n', bom: true, encoding: 'utf8', roundTrips: true });
    expect(encodeSource('const b = 1;\n', source).toString('utf8')).toBe('\uFEFFconst b = 1;\n');
  });

  it('gives inserted lines CRLF only in files that use CRLF throughout', () => {
    expect(restoreLineEndings('a\r\nb\nc\r\n', decodeSource(Buffer.from('a\r\nc\r\n')))).toBe('a\r\nb\r\nc\r\n');
    expect(restoreLineEndings('a\r\nb\nc\n', decodeSource(Buffer.from('a\r\nc\n')))).toBe('a\r\nb\nc\n');
    expect(restoreLineEndings('a\nb\n', decodeSource(Buffer.from('a\n')))).toBe('a\nb\n');
  });

  it('notices bytes that are not UTF-8', () => {
    expect(decodeSource(Buffer.from([0x63, 0x61, 0x66, 0xe9])).roundTrips).toBe(false);
  });
});

describe('applyFirstSuggestions', () => {
  const message = (...fixes: [number, number, string][]): Linter.LintMessage => ({
    ruleId: 'api-sunset/no-removed-api',
    severity: 2,
    message: 'm',
    line: 1,
    column: 1,
    suggestions: fixes.map(([start, end, text]) => ({ desc: 'd', fix: { range: [start, end], text } })),
  });

  it('applies the first suggestion of each message and leaves overlapping ones for the next round', () => {
    expect(applyFirstSuggestions('abcdef', [message([4, 6, 'EF']), message([0, 2, 'AB'], [0, 2, 'xx']), message([1, 3, 'no'])])).toBe('ABcdEF');
  });

  it('returns undefined when nothing applies', () => {
    expect(applyFirstSuggestions('abc', [{ ...message(), suggestions: undefined }])).toBeUndefined();
    expect(applyFirstSuggestions('abc', [message([0, 1, 'a'])])).toBeUndefined();
  });
});

describe('commonDirectory', () => {
  it('is the deepest directory holding every path', () => {
    expect(commonDirectory(['/a/b/c', '/a/b/d/e'])).toBe('/a/b');
    expect(commonDirectory(['/a/bc', '/a/b'])).toBe('/a');
    expect(commonDirectory(['/x', '/y'])).toBe('/');
  });
});

