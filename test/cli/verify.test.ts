import { readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';
import { copyProject, snapshot, writeFiles } from './project.js';

// The stand-in renames every identifier `snippet` to `text` (see stand-in-plugin.ts): a fix whose effect on the types is known.
vi.mock('../../src/index.js', async () => ({ default: (await import('./stand-in-plugin.js')).standInPlugin }));

const NOW = ['--now', '2026-11-22'];
const TSCONFIG = JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'nodenext', moduleResolution: 'nodenext', noEmit: true, skipLibCheck: true, types: [] }, include: ['src'] });

/**
 * A TypeScript project (TypeScript resolved through a link to this repository's node_modules):
 * `ok.ts` compiles after the rename, `card.ts` does not (its type, in a declaration file the fix
 * does not touch, still says `snippet`), and `reader.ts` reads what `made.ts` exports.
 */
function project(): string {
  const dir = copyProject();
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  writeFiles(dir, {
    'package.json': '{ "type": "module" }\n',
    'tsconfig.json': TSCONFIG,
    'src/types.d.ts': 'export interface Card { snippet: string }\n',
    'src/ok.ts': '// POST /rest/api/v1/createannouncement\nexport const ok = { snippet: 1 };\n',
    'src/card.ts': "// POST /rest/api/v1/createannouncement\nimport type { Card } from './types.js';\nexport const card: Card = { snippet: 'x' };\n",
    'src/made.ts': "// POST /rest/api/v1/createannouncement\nexport const made = { snippet: 'a' };\n",
    'src/reader.ts': "import { made } from './made.js';\nexport const length: number = made.snippet.length;\n",
  });
  return dir;
}

describe('api-sunset fix --verify (the default)', () => {
  it('rolls back a file whose fix adds a type error, reports the error, and writes the others', { timeout: SLOW_TEST_TIMEOUT }, async () => {
    const dir = project();
    const { code, stdout } = await runCli(['fix', ...NOW, 'src/ok.ts', 'src/card.ts'], { cwd: dir });
    expect(readFileSync(path.join(dir, 'src/ok.ts'), 'utf8')).toContain('{ text: 1 }');
    expect(readFileSync(path.join(dir, 'src/card.ts'), 'utf8')).toContain("{ snippet: 'x' }");
    expect(stdout).toMatch(/^Fixed 1 use in 1 file:\n {2}FILE {7}USES {2}CHANGES\n {2}src\/ok\.ts {2}1 {5}createannouncement\.snippet → text\nType-checked with TypeScript [\d.]+ \(tsconfig\.json\) before writing\.\n/);
    expect(stdout).toContain(
      "Rolled back 1 file: its fixes would add type errors, so it is left as it was:\n  src/card.ts\n    src/card.ts:3:29  TS2353  Object literal may only specify known properties, and 'text' does not exist in type 'Card'.\n  What to do: ",
    );
    // The rolled-back file's finding stays in the list, and the exit code follows --fail-on as always.
    expect(stdout).toMatch(/^src\/card\.ts:3:29 {2}createannouncement\.snippet /m);
    expect(code).toBe(1);
  });

  it('blames a fix for the errors it causes in a file that imports it, and exits by --fail-on alone', { timeout: SLOW_TEST_TIMEOUT }, async () => {
    const dir = project();
    const before = snapshot(dir);
    const { code, stdout } = await runCli(['fix', ...NOW, '--fail-on', 'none', '--format', 'json', 'src/made.ts'], { cwd: dir });
    const json = JSON.parse(stdout);
    expect(json.changes).toEqual([]);
    expect(json.verification.rolledBack).toEqual([
      { file: 'src/made.ts', to: 'before', errors: [{ file: 'src/reader.ts', line: 2, column: 36, code: 2339, message: expect.stringContaining("Property 'snippet' does not exist") }] },
    ]);
    expect(json.findings.map((finding: { file: string; item: string }) => `${finding.file} ${finding.item}`)).toEqual(['src/made.ts createannouncement.snippet']);
    expect(snapshot(dir)).toEqual(before);
    expect(code).toBe(0);
  });

  it('rolls back a fix that relied on one rolled back, until nothing breaks', { timeout: SLOW_TEST_TIMEOUT }, async () => {
    const dir = project();
    // uses.ts compiles with both its own fix and made.ts's; made.ts's fix breaks reader.ts, which is not fixed.
    writeFiles(dir, { 'src/uses.ts': "import { made } from './made.js';\n// POST /rest/api/v1/createannouncement\nexport const copy = { snippet: made.snippet };\n" });
    const { stdout } = await runCli(['fix', ...NOW, '--format', 'json', 'src/made.ts', 'src/uses.ts', 'src/ok.ts'], { cwd: dir });
    const json = JSON.parse(stdout);
    expect(json.verification.rolledBack.map((entry: { file: string }) => entry.file)).toEqual(['src/made.ts', 'src/uses.ts']);
    expect(json.verification.verified).toEqual(['src/ok.ts']);
    expect(readFileSync(path.join(dir, 'src/uses.ts'), 'utf8')).toContain('{ snippet: made.snippet }');
  });

  it('shows only verified changes in a dry run, and writes the breaking change with --no-verify', { timeout: SLOW_TEST_TIMEOUT }, async () => {
    const dir = project();
    const dryRun = await runCli(['fix', ...NOW, '--dry-run', 'src'], { cwd: dir });
    expect(dryRun.stdout).toContain('+++ b/src/ok.ts');
    expect(dryRun.stdout).not.toContain('+++ b/src/card.ts');
    expect(dryRun.stdout).toContain('Rolled back 2 files');

    const unverified = await runCli(['fix', ...NOW, '--no-verify', '--format', 'json', 'src'], { cwd: dir });
    expect(JSON.parse(unverified.stdout).verification).toBeUndefined();
    expect(readFileSync(path.join(dir, 'src/card.ts'), 'utf8')).toContain("{ text: 'x' }");
  });

  it('says why a file is only parse-checked: no TypeScript in the project, or a tsconfig that does not include it', { timeout: SLOW_TEST_TIMEOUT }, async () => {
    const bare = copyProject();
    writeFiles(bare, { 'tsconfig.json': TSCONFIG, 'src/ok.ts': '// /rest/api/v1/x\nexport const ok = { snippet: 1 };\n' });
    const withoutTypeScript = JSON.parse((await runCli(['fix', ...NOW, '--format', 'json'], { cwd: bare })).stdout);
    expect(withoutTypeScript.verification.unchecked).toEqual([{ file: 'src/ok.ts', reason: 'TypeScript is not installed where tsconfig.json can resolve it' }]);
    expect(withoutTypeScript.changes.map((change: { file: string }) => change.file)).toEqual(['src/ok.ts']);

    // A TypeScript without the compiler API (a native port, say) is named, not used.
    writeFiles(bare, {
      'src/ok.ts': '// /rest/api/v1/x\nexport const ok = { snippet: 1 };\n',
      'node_modules/typescript/package.json': '{ "name": "typescript", "version": "7.0.0", "main": "index.js" }\n',
      'node_modules/typescript/index.js': "module.exports = { version: '7.0.0' };\n",
    });
    const native = JSON.parse((await runCli(['fix', ...NOW, '--format', 'json'], { cwd: bare })).stdout);
    expect(native.verification.unchecked).toEqual([{ file: 'src/ok.ts', reason: 'the TypeScript at node_modules/typescript/index.js (7.0.0) has no compiler API to check with' }]);

    const dir = project();
    writeFiles(dir, { 'scripts/tool.ts': '// /rest/api/v1/x\nexport const tool = { snippet: 1 };\n' });
    const outside = JSON.parse((await runCli(['fix', ...NOW, '--format', 'json', 'scripts'], { cwd: dir })).stdout);
    expect(outside.verification.unchecked).toEqual([{ file: 'scripts/tool.ts', reason: 'not included by tsconfig.json' }]);
  });
});
