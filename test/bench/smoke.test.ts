import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';

// The benchmark's corpus generator, run small: CI never times anything.
const generator = fileURLToPath(new URL('../../scripts/bench/generate.mjs', import.meta.url));

interface Manifest {
  files: number;
  lines: number;
  apiFiles: number;
  roles: Record<string, number>;
  hash: string;
}

interface Entry {
  path: string;
  text: string;
  api: boolean;
  kind?: string;
  role?: string;
}

interface Generator {
  buildCorpus: (options: { files?: number; seed?: number }) => Entry[];
  addFixableUses: (options: { dir: string; files: number }) => number;
  SMOKE_FILES: number;
  DEFAULT_FILES: number;
}

const { buildCorpus, addFixableUses, SMOKE_FILES, DEFAULT_FILES } = (await import(generator)) as Generator;

/** What names the service in a file's own text: an API path, the SDK, an endpoint's bare name, an SDK method. */
const NAMES_SERVICE = /\/rest\/api\/v1|\/api\/index\/v1|@gleanwork\/api-client|listanswers|getdocumentcount|getusercount|bulkindexemployees|answers\.list|documents\.count/;
const RELATIVE_IMPORT = /(?:import|export)\s[^'"]*from\s'(\.[^']+)'/g;
const NOW = '2026-11-22';

const roots: string[] = [];

function generate(args: string[] = ['--smoke']): { dir: string; manifest: Manifest } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'api-sunset-bench-smoke-'));
  roots.push(dir);
  const manifest = JSON.parse(execFileSync(process.execPath, [generator, '--out', dir, ...args], { encoding: 'utf8' })) as Manifest;
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

/** The corpus files a file imports by relative path (`./x.js` standing for `./x.ts` too), and the specifiers that lead nowhere in the corpus. */
function relativeImports(entry: Entry, paths: ReadonlySet<string>): { found: string[]; missing: string[] } {
  const found: string[] = [];
  const missing: string[] = [];
  for (const [, specifier] of entry.text.matchAll(RELATIVE_IMPORT)) {
    const target = path.posix.join(path.posix.dirname(entry.path), specifier!);
    const match = [target, target.replace(/\.js$/, '.ts'), target.replace(/\.js$/, '.tsx')].find((candidate) => paths.has(candidate));
    if (match) found.push(match);
    else missing.push(specifier!);
  }
  return { found, missing };
}

afterAll(() => {
  for (const dir of roots) rmSync(dir, { recursive: true, force: true });
});

describe('bench corpus generator', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('is deterministic: the same seed gives the same files and contents', () => {
    const first = generate();
    const second = generate();
    const firstFiles = listFiles(first.dir);
    expect(firstFiles).toEqual(listFiles(second.dir));
    expect(contentHash(first.dir, firstFiles)).toBe(contentHash(second.dir, firstFiles));
    expect(first.manifest.hash).toBe(second.manifest.hash);
    // The source files, and the package.json that makes the corpus one project.
    expect(firstFiles.filter((file) => file !== 'package.json')).toHaveLength(first.manifest.files);
    expect(firstFiles).toContain('package.json');
    expect(first.manifest.files).toBe(SMOKE_FILES);
  });

  it('changes with the seed', () => {
    expect(generate(['--smoke', '--seed', '1']).manifest.hash).not.toBe(generate(['--smoke', '--seed', '2']).manifest.hash);
  });

  it('has exactly 3% of files that call the service, and look-alike words everywhere else', () => {
    for (const files of [SMOKE_FILES, DEFAULT_FILES]) {
      const corpus = buildCorpus({ files });
      const service = corpus.filter((entry) => entry.api);
      expect(service).toHaveLength(Math.round(files * 0.03));
      const ordinary = corpus.filter((entry) => !entry.api);
      expect(ordinary.filter((entry) => NAMES_SERVICE.test(entry.text))).toEqual([]);
      expect(ordinary.filter((entry) => /citations|snippet|location|role|enabled/.test(entry.text))).toHaveLength(ordinary.length);
    }
  });

  it('spreads the service code over modules of every kind the engine follows across files', () => {
    const corpus = buildCorpus({ files: DEFAULT_FILES });
    const paths = new Set(corpus.map((entry) => entry.path));
    const service = corpus.filter((entry) => entry.api);
    const roles = new Set(service.map((entry) => `${entry.kind}:${entry.role}`));
    for (const role of ['helper:helper', 'helper:caller', 'injected:factory', 'injected:consumer', 'injected:wiring', 'formatter:handler', 'formatter:formatter', 'barrel:barrel', 'barrel:caller']) {
      expect(roles, role).toContain(role);
    }
    const edges = new Map(service.map((entry) => [entry.path, relativeImports(entry, paths)]));
    // Ordinary files import only their package's helpers; every import between service files leads to a file of the corpus.
    for (const entry of corpus) {
      const { found, missing } = edges.get(entry.path) ?? relativeImports(entry, paths);
      expect(missing.filter((specifier) => specifier !== './helpers.js'), entry.path).toEqual([]);
      if (!entry.api) expect(found, entry.path).toEqual([]);
    }
    // The service's values reach files that do not name the service: formatters, injected classes, callers of a helper.
    const unnamed = service.filter((entry) => !NAMES_SERVICE.test(entry.text));
    expect(unnamed.map((entry) => entry.role)).toEqual(expect.arrayContaining(['formatter', 'caller']));
    for (const entry of service) {
      const neighbours = [...(edges.get(entry.path)?.found ?? []), ...service.filter((other) => edges.get(other.path)!.found.includes(entry.path)).map((other) => other.path)];
      if (entry.kind === 'single') expect(neighbours, entry.path).toEqual([]);
      else expect(neighbours.length, entry.path).toBeGreaterThan(0);
    }
    expect(corpus.filter((entry) => /^export \* from '\./m.test(entry.text)).every((entry) => entry.role === 'barrel')).toBe(true);
    expect(service.some((entry) => /constructor\(glean[^)]*\) \{\n\s+this\.glean = glean;/.test(entry.text) && /this\.glean\.(client|indexing)\./.test(entry.text))).toBe(true);
  });

  it('gives the engine findings in the files the service values reach from other modules, and none in ordinary code', { timeout: 120_000 }, async () => {
    const { dir } = generate(['--files', '600']);
    const corpus = buildCorpus({ files: 600 });
    const { code, stdout } = await runCli(['check', '.', '--format', 'json', '--fail-on', 'none', '--now', NOW], { cwd: dir });
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as { findings: Array<{ file: string }> };
    const withFindings = new Set(report.findings.map((finding) => path.relative(dir, path.resolve(dir, finding.file)).split(path.sep).join('/')));
    const rolesFound = new Set(corpus.filter((entry) => withFindings.has(entry.path)).map((entry) => `${entry.kind}:${entry.role}`));
    for (const role of ['formatter:formatter', 'injected:consumer', 'helper:caller', 'barrel:formatter']) expect(rolesFound, role).toContain(role);
    expect(corpus.filter((entry) => !entry.api && withFindings.has(entry.path))).toEqual([]);
  });

  it('adds fixable uses to exactly the files that call the service, for the fix mode, without changing the rest', () => {
    const { dir, manifest } = generate();
    const files = listFiles(dir);
    const before = Object.fromEntries(files.map((file) => [file, readFileSync(path.join(dir, file), 'utf8')]));
    expect(addFixableUses({ dir, files: SMOKE_FILES })).toBe(manifest.apiFiles);
    const changed = files.filter((file) => readFileSync(path.join(dir, file), 'utf8') !== before[file]);
    expect(changed).toEqual(
      buildCorpus({ files: SMOKE_FILES })
        .filter((entry) => entry.api)
        .map((entry) => entry.path)
        .sort(),
    );
    for (const file of changed) expect(readFileSync(path.join(dir, file), 'utf8').startsWith(before[file]!)).toBe(true);
    const added = listFiles(dir).filter((file) => !files.includes(file));
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((file) => file.endsWith('/helpers.ts') && existsSync(path.join(dir, file)))).toBe(true);
  });
});
