import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/cli.js';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';

const exec = promisify(execFile);
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// --ignore-scripts: `prepack` would rebuild dist/ under the other suites' feet (`npm test` has built it).
const PACK = ['pack', '--ignore-scripts', '--json'];

const created: string[] = [];
afterAll(() => {
  for (const dir of created) rmSync(dir, { recursive: true, force: true });
});

function temporaryDirectory(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  created.push(dir);
  return dir;
}

async function npm(args: string[], cwd: string): Promise<string> {
  const { stdout } = await exec(NPM, args, { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' } });
  return stdout;
}

describe('the package tarball', () => {
  it('holds the build, data, docs and license once each, and no source maps', { timeout: SLOW_TEST_TIMEOUT }, async () => {
    const [pack] = JSON.parse(await npm([...PACK, '--dry-run'], ROOT)) as { files: { path: string }[] }[];
    const files = pack!.files.map((file) => file.path);
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(files.filter((file) => file.startsWith('dist/data/') || file === 'dist/package.json')).toEqual([]);
    expect(files.filter((file) => /^(src|rules|test|scripts|examples)\//.test(file) || (file.endsWith('.ts') && !file.endsWith('.d.ts')))).toEqual([]);
    for (const file of ['LICENSE', 'README.md', 'CHANGELOG.md', 'package.json', 'data/schedule.json', 'data/schedule.schema.json', 'dist/src/index.js', 'dist/src/index.d.ts', 'dist/src/cli/main.js', 'docs/cli.md']) {
      expect(files).toContain(file);
    }
  });

  it('names the license package.json declares, and the project\'s home', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(pkg.license).toBe('MIT');
    expect(readFileSync(path.join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
    expect(pkg.repository).toEqual({ type: 'git', url: 'git+https://github.com/api-sunset/eslint-plugin-api-sunset.git' });
    expect(pkg.homepage).toMatch(/^https:\/\/github\.com\/api-sunset\/eslint-plugin-api-sunset/);
    expect(pkg.bugs).toEqual({ url: 'https://github.com/api-sunset/eslint-plugin-api-sunset/issues' });
    expect(pkg.peerDependenciesMeta).toEqual({ '@typescript-eslint/parser': { optional: true }, typescript: { optional: true } });
    for (const range of Object.values(pkg.dependencies as Record<string, string>)) expect(range).toMatch(/^\^/);
  });
});

/**
 * Installing the tarball the way users do. This needs the npm registry (npm resolves the
 * dependencies' versions there, even when the tarballs are in its cache): without it the tests
 * are skipped, and say so.
 */
describe('installing the tarball', () => {
  let tarball: string;
  let registry: string | undefined;
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };
  const version = (name: string) => lock.packages[`node_modules/${name}`]!.version;

  beforeAll(async () => {
    try {
      await npm(['ping'], ROOT);
    } catch (error) {
      registry = `the npm registry cannot be reached (${(error as Error).message.split('\n')[0]})`;
      return;
    }
    const out = temporaryDirectory('api-sunset-pack-');
    const [pack] = JSON.parse(await npm([...PACK, '--pack-destination', out], ROOT)) as { filename: string }[];
    tarball = path.join(out, pack!.filename);
  }, SLOW_TEST_TIMEOUT);

  /** A project with `dependencies` installed, to which the plugin is then added, as users add it. */
  async function install(dependencies: Record<string, string>): Promise<string> {
    const dir = temporaryDirectory('api-sunset-install-');
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'scratch', version: '1.0.0', private: true, type: 'module', dependencies }));
    const flags = ['--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts'];
    await npm(['install', ...flags], dir);
    await npm(['install', ...flags, '--save-dev', tarball], dir);
    return dir;
  }

  /** Every copy of a package in the tree, by its path. */
  function copies(dir: string, name: string): string[] {
    return readdirSync(path.join(dir, 'node_modules'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name === 'package.json')
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .filter((file) => file.endsWith(`node_modules/${name}/package.json`));
  }

  it('into a JavaScript-only project: no TypeScript, no typescript-eslint beyond its AST types, and the plugin and CLI work', { timeout: SLOW_TEST_TIMEOUT }, async (context) => {
    if (registry) context.skip(registry);
    const dir = await install({ eslint: version('eslint') });
    expect(existsSync(path.join(dir, 'node_modules/typescript'))).toBe(false);
    for (const name of ['@typescript-eslint/parser', '@typescript-eslint/utils', '@typescript-eslint/typescript-estree', '@typescript-eslint/scope-manager']) expect(copies(dir, name)).toEqual([]);
    expect(copies(dir, '@typescript-eslint/types')).toHaveLength(1);

    writeFileSync(path.join(dir, 'eslint.config.js'), "import apiSunset from 'eslint-plugin-api-sunset';\nexport default [apiSunset.configs.recommended];\n");
    writeFileSync(path.join(dir, 'count.js'), "export const count = () => fetch('https://example.test/api/index/v1/getusercount', { method: 'POST' });\n");
    const env = { ...process.env, API_SUNSET_TODAY: '2026-11-22' };
    const eslint = await exec(process.execPath, [path.join(dir, 'node_modules/eslint/bin/eslint.js'), '--format', 'json', 'count.js'], { cwd: dir, env }).catch((error: { stdout: string }) => error);
    expect((JSON.parse(eslint.stdout) as { messages: { ruleId: string }[] }[])[0]!.messages.map((message) => message.ruleId)).toEqual(['api-sunset/no-removed-api']);
    const main = path.join(dir, 'node_modules/eslint-plugin-api-sunset/dist/src/cli/main.js');
    const cli = await exec(process.execPath, [main, 'check', '--format', 'json', 'count.js'], { cwd: dir, env }).catch((error: { stdout: string }) => error);
    expect((JSON.parse(cli.stdout) as { findings: { itemId: string }[] }).findings.map((finding) => finding.itemId)).toEqual(['4f5df873-385e-4539-8183-cb764b0f06b9']); // getusercount's mark id

    // TypeScript files without typescript-eslint's parser: a clear message with the install command, from both.
    const installHint = 'npm install --save-dev @typescript-eslint/parser typescript';
    writeFileSync(path.join(dir, 'count.ts'), "export const count = (): Promise<Response> => fetch('/api/index/v1/getusercount');\n");
    writeFileSync(path.join(dir, 'eslint.typed.config.js'), "import apiSunset from 'eslint-plugin-api-sunset';\nexport default [apiSunset.configs['recommended-type-checked']];\n");
    const typed = await exec(process.execPath, [path.join(dir, 'node_modules/eslint/bin/eslint.js'), '--config', 'eslint.typed.config.js', '--format', 'json', 'count.ts'], { cwd: dir, env }).catch((error: { stdout: string }) => error);
    expect((JSON.parse(typed.stdout) as { messages: { fatal?: boolean; message: string }[] }[])[0]!.messages).toEqual([expect.objectContaining({ fatal: true, message: expect.stringContaining(installHint) })]);
    const skipped = await exec(process.execPath, [main, 'check', '--format', 'json', 'count.ts'], { cwd: dir, env }).catch((error: { stdout: string; code: number }) => error);
    expect((JSON.parse(skipped.stdout) as { skipped: { message: string }[] }).skipped).toEqual([expect.objectContaining({ message: expect.stringContaining(installHint) })]);
  });

  it('into a TypeScript project: the project\'s typescript-eslint is used, not a second copy', { timeout: SLOW_TEST_TIMEOUT }, async (context) => {
    if (registry) context.skip(registry);
    const dir = await install({ eslint: version('eslint'), typescript: version('typescript'), 'typescript-eslint': version('typescript-eslint') });
    for (const name of ['typescript', '@typescript-eslint/parser', '@typescript-eslint/types', '@typescript-eslint/utils', '@typescript-eslint/typescript-estree']) {
      expect(copies(dir, name)).toEqual([`node_modules/${name}/package.json`]);
    }
  });
});
