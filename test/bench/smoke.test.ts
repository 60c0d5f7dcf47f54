import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';

// The benchmark's corpus generator at smoke size only: CI never times anything.
const generator = fileURLToPath(new URL('../../scripts/bench/generate.mjs', import.meta.url));
const API_MARKER = /\/rest\/api\/v1|\/api\/index\/v1|'getdocumentcount'|@gleanwork\/api-client/;

interface Manifest {
  files: number;
  lines: number;
  apiFiles: number;
  hash: string;
}

const roots: string[] = [];

function generate(seed?: number): { dir: string; manifest: Manifest } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'api-sunset-bench-smoke-'));
  roots.push(dir);
  const args = [generator, '--out', dir, '--smoke', ...(seed === undefined ? [] : ['--seed', String(seed)])];
  const manifest = JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8' })) as Manifest;
  return { dir, manifest };
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

function contentHash(dir: string, files: string[]): string {
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update('\0').update(readFileSync(path.join(dir, file))).update('\0');
  return hash.digest('hex');
}

afterAll(() => {
  for (const dir of roots) rmSync(dir, { recursive: true, force: true });
});

describe('bench corpus generator (smoke size)', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('is deterministic: the same seed gives the same files and contents', () => {
    const first = generate();
    const second = generate();
    const firstFiles = listFiles(first.dir);
    expect(firstFiles).toEqual(listFiles(second.dir));
    expect(contentHash(first.dir, firstFiles)).toBe(contentHash(second.dir, firstFiles));
    expect(first.manifest.hash).toBe(second.manifest.hash);
    expect(first.manifest.files).toBe(firstFiles.length);
    expect(firstFiles.length).toBeGreaterThanOrEqual(50);
    expect(firstFiles.length).toBeLessThanOrEqual(80);
  });

  it('changes with the seed', () => {
    expect(generate(1).manifest.hash).not.toBe(generate(2).manifest.hash);
  });

  it('has about 3% of files that call the service and look-alike words everywhere else', () => {
    const { dir, manifest } = generate();
    const files = listFiles(dir);
    const texts = files.map((file) => readFileSync(path.join(dir, file), 'utf8'));
    const api = texts.filter((text) => API_MARKER.test(text)).length;
    expect(api).toBe(manifest.apiFiles);
    expect(api).toBeGreaterThanOrEqual(1);
    expect(api / files.length).toBeGreaterThanOrEqual(0.01);
    expect(api / files.length).toBeLessThanOrEqual(0.06);
    const ordinary = texts.filter((text) => !API_MARKER.test(text));
    expect(ordinary.filter((text) => /citations|snippet|location|role|enabled/.test(text)).length).toBe(ordinary.length);
  });

  it('adds fixable uses to exactly the files that call the service, for the fix mode, without changing the rest', async () => {
    const { dir, manifest } = generate();
    const files = listFiles(dir);
    const before = Object.fromEntries(files.map((file) => [file, readFileSync(path.join(dir, file), 'utf8')]));
    const { addFixableUses, SMOKE_FILES } = (await import(generator)) as { addFixableUses: (options: { dir: string; files: number }) => number; SMOKE_FILES: number };
    expect(addFixableUses({ dir, files: SMOKE_FILES })).toBe(manifest.apiFiles);
    const changed = files.filter((file) => readFileSync(path.join(dir, file), 'utf8') !== before[file]);
    expect(changed).toEqual(files.filter((file) => API_MARKER.test(before[file]!)));
    for (const file of changed) expect(readFileSync(path.join(dir, file), 'utf8').startsWith(before[file]!)).toBe(true);
    expect(listFiles(dir).filter((file) => !files.includes(file)).every((file) => file.endsWith('/helpers.ts'))).toBe(true);
  });
});
