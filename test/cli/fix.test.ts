import { chmodSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { copyProject, snapshot, writeFiles } from './project.js';

vi.mock('../../src/index.js', async () => ({ default: (await import('./stand-in-plugin.js')).standInPlugin }));

const NOW = ['--now', '2026-11-22'];

const DIFF = `--- a/src/announce.ts
+++ b/src/announce.ts
@@ -1,4 +1,4 @@
 // Creates announcements through POST /rest/api/v1/createannouncement.
 export function announcement(body: string, boardId: number) {
-  return { snippet: body, board: boardId };
+  return { text: body, board: boardId };
 }
--- a/src/policy.js
+++ b/src/policy.js
@@ -1,5 +1,6 @@
 // Reads GET /rest/api/v1/governance/data/policies/{id}.
 export const policy = {
-  externalSharingOptions: { allowed: false },
+  // was externalSharingOptions
+  broadSharingOptions: { allowed: false },
   location: 'EU',
 };
`;

const MANUAL_LIST = `src/announce.ts:2:44  createannouncement.boardId  boardId (createannouncement.boardId) is removed, removal 2026-10-15.  [fix: suggestion]
src/announce.ts:3:31  createannouncement.boardId  boardId (createannouncement.boardId) is removed, removal 2026-10-15.  [fix: suggestion]

src/insights.ts:2:42  insights.searchSessionSatisfaction  searchSessionSatisfaction (insights.searchSessionSatisfaction) is scheduled, removal 2027-01-15.  [fix: none]
src/insights.ts:3:19  insights.searchSessionSatisfaction  searchSessionSatisfaction (insights.searchSessionSatisfaction) is scheduled, removal 2027-01-15.  [fix: none]

src/policy.js:5:3  indexemployee.location  location (indexemployee.location) is removed, removal 2026-10-15.  [fix: none]
`;

describe('api-sunset fix --dry-run', () => {
  it('prints a unified diff, what would be fixed and the manual-migration list at today\'s lines, and writes nothing', async () => {
    const dir = copyProject('stand-in');
    const before = snapshot(dir);
    const { code, stdout, stderr } = await runCli(['fix', ...NOW, '--dry-run'], { cwd: dir });
    expect(stderr).toBe('');
    expect(stdout).toBe(`${DIFF}
Would fix 2 uses in 2 files (dry run: nothing written):
  FILE             USES  CHANGES
  src/announce.ts  1     createannouncement.snippet → text
  src/policy.js    1     policy.externalSharingOptions → broadSharingOptions
Parse check only for src/announce.ts, src/policy.js: no tsconfig.json in the directories above.

Manual migration: 5 findings left
${MANUAL_LIST.replace('src/announce.ts:3:31', 'src/announce.ts:3:34').replace('src/policy.js:5:3', 'src/policy.js:4:3')}
Could not check 1 file:
  src/broken.ts:2:13  Parsing error: Variable declaration expected.

ITEM                                STATUS     REMOVAL     FINDINGS  AUTO-FIXABLE
createannouncement.boardId          removed    2026-10-15  2         0
indexemployee.location              removed    2026-10-15  1         0
insights.searchSessionSatisfaction  scheduled  2027-01-15  2         0

STATUS     FINDINGS  AUTO-FIXABLE
removed    3         0
imminent   0         0
scheduled  2         0
total      5         0

5 findings in 3 files as of 2026-11-22: 0 auto-fixable, 2 with a suggestion, 3 to migrate by hand.
Scanned 5 files: 1 could not contain a finding, 3 checked, 1 skipped.
Fails: 3 findings are removed or imminent, and 1 file could not be checked (--fail-on removed).
`);
    expect(snapshot(dir)).toEqual(before);
    expect(code).toBe(1);
  });

  it('puts the diffs in the JSON output too', async () => {
    const dir = copyProject('stand-in');
    const { stdout } = await runCli(['fix', ...NOW, '--dry-run', '--format', 'json'], { cwd: dir });
    const json = JSON.parse(stdout);
    expect(Object.keys(json)).toEqual(['version', 'now', 'dryRun', 'changes', 'verification', 'findings', 'skipped', 'summary']);
    expect(json.verification).toEqual({ projects: [], verified: [], rolledBack: [], unchecked: [{ file: 'src/announce.ts', reason: 'no tsconfig.json in the directories above' }, { file: 'src/policy.js', reason: 'no tsconfig.json in the directories above' }] });
    expect(json.dryRun).toBe(true);
    expect(json.changes).toEqual([
      { file: 'src/announce.ts', fixed: 1, items: { 'createannouncement.snippet': 1 }, changes: ['createannouncement.snippet → text'], diff: DIFF.slice(0, DIFF.indexOf('--- a/src/policy.js')) },
      { file: 'src/policy.js', fixed: 1, items: { 'policy.externalSharingOptions': 1 }, changes: ['policy.externalSharingOptions → broadSharingOptions'], diff: DIFF.slice(DIFF.indexOf('--- a/src/policy.js')) },
    ]);
    expect(json.findings).toHaveLength(5);
  });
});

describe('api-sunset fix', () => {
  it('applies the fixes, says what changed and lists what is left, then a second run changes nothing', async () => {
    const dir = copyProject('stand-in');
    const first = await runCli(['fix', ...NOW], { cwd: dir });
    expect(first.stdout).toMatch(
      /^Fixed 2 uses in 2 files:\n {2}FILE {13}USES {2}CHANGES\n {2}src\/announce\.ts {2}1 {5}createannouncement\.snippet → text\n {2}src\/policy\.js {4}1 {5}policy\.externalSharingOptions → broadSharingOptions\nParse check only for src\/announce\.ts, src\/policy\.js: no tsconfig\.json in the directories above\.\n\nManual migration: 5 findings left\n/,
    );
    expect(first.stdout).toContain(MANUAL_LIST);
    expect(first.code).toBe(1);
    expect(readFileSync(path.join(dir, 'src/announce.ts'), 'utf8')).toBe(
      '// Creates announcements through POST /rest/api/v1/createannouncement.\nexport function announcement(body: string, boardId: number) {\n  return { text: body, board: boardId };\n}\n',
    );
    expect(readFileSync(path.join(dir, 'src/policy.js'), 'utf8')).toBe(
      "// Reads GET /rest/api/v1/governance/data/policies/{id}.\nexport const policy = {\n  // was externalSharingOptions\n  broadSharingOptions: { allowed: false },\n  location: 'EU',\n};\n",
    );

    const after = snapshot(dir);
    const second = await runCli(['fix', ...NOW], { cwd: dir });
    expect(second.stdout).toMatch(/^Nothing changed: no finding has an automatic fix\.\n\nManual migration: 5 findings left\n/);
    expect(snapshot(dir)).toEqual(after);
    const dryRun = await runCli(['fix', ...NOW, '--dry-run'], { cwd: dir });
    expect(dryRun.stdout.startsWith('Nothing would change: no finding has an automatic fix.\n')).toBe(true);
  });

  it('keeps CRLF line endings (also on lines a fix inserts), the byte order mark and the file mode', async () => {
    const dir = copyProject();
    const crlf = "\uFEFF// GET /rest/api/v1/governance/data/policies/{id}\r\nexport const policy = {\r\n  externalSharingOptions: { allowed: false },\r\n  snippet: 'x',\r\n};\r\n";
    writeFiles(dir, { 'policy.js': crlf });
    chmodSync(path.join(dir, 'policy.js'), 0o755);
    const { code } = await runCli(['fix', ...NOW], { cwd: dir });
    expect(readFileSync(path.join(dir, 'policy.js'), 'utf8')).toBe(
      "\uFEFF// GET /rest/api/v1/governance/data/policies/{id}\r\nexport const policy = {\r\n  // was externalSharingOptions\r\n  broadSharingOptions: { allowed: false },\r\n  text: 'x',\r\n};\r\n",
    );
    expect(statSync(path.join(dir, 'policy.js')).mode & 0o777).toBe(0o755);
    expect(code).toBe(0);
    const again = snapshot(dir);
    await runCli(['fix', ...NOW], { cwd: dir });
    expect(snapshot(dir)).toEqual(again);
  });

  it('shows CRLF in the dry-run diff as it would be written', async () => {
    const dir = copyProject();
    writeFiles(dir, { 'policy.js': '// /rest/api/v1/x\r\nconst p = { externalSharingOptions: 1 };\r\n' });
    const { stdout } = await runCli(['fix', ...NOW, '--dry-run'], { cwd: dir });
    expect(stdout.startsWith('--- a/policy.js\n+++ b/policy.js\n@@ -1,2 +1,3 @@\n // /rest/api/v1/x\r\n-const p = { externalSharingOptions: 1 };\r\n+const p = { // was externalSharingOptions\r\n+  broadSharingOptions: 1 };\r\n')).toBe(true);
  });

  it('applies suggestions only with --suggestions, first suggestion of each finding', async () => {
    const dir = copyProject('stand-in');
    const { stdout } = await runCli(['fix', ...NOW, '--suggestions', 'src/announce.ts'], { cwd: dir });
    expect(stdout).toMatch(/^Fixed 3 uses in 1 file:\n {2}FILE {13}USES {2}CHANGES\n {2}src\/announce\.ts {2}3 {5}createannouncement\.boardId removed ×2, createannouncement\.snippet → text\n.*\n\nNo findings left as of 2026-11-22\.\n/);
    expect(readFileSync(path.join(dir, 'src/announce.ts'), 'utf8')).toBe(
      '// Creates announcements through POST /rest/api/v1/createannouncement.\nexport function announcement(body: string, legacyBoardId: number) {\n  return { text: body, board: legacyBoardId };\n}\n',
    );
  });

  it('never writes through a symbolic link out of the tree', async () => {
    const outside = copyProject();
    writeFiles(outside, { 'shared/policy.js': '// /rest/api/v1/x\nexport const p = { snippet: 1 };\n' });
    const dir = copyProject();
    writeFiles(dir, { 'own.js': '// /rest/api/v1/x\nexport const p = { snippet: 1 };\n' });
    symlinkSync(path.join(outside, 'shared/policy.js'), path.join(dir, 'policy.js'));
    symlinkSync(path.join(outside, 'shared'), path.join(dir, 'shared'));
    const outsideBefore = snapshot(outside);
    const { stdout } = await runCli(['fix', ...NOW, '--format', 'json'], { cwd: dir });
    expect(JSON.parse(stdout).changes.map((change: { file: string }) => change.file)).toEqual(['own.js']);
    expect(snapshot(outside)).toEqual(outsideBefore);
    expect(readFileSync(path.join(dir, 'own.js'), 'utf8')).toBe('// /rest/api/v1/x\nexport const p = { text: 1 };\n');
  });

  it('leaves a file that is not UTF-8 as it is and says why', async () => {
    const dir = copyProject();
    const latin1 = Buffer.concat([Buffer.from('// /rest/api/v1/x caf'), Buffer.from([0xe9]), Buffer.from('\nexport const p = { snippet: 1 };\n')]);
    writeFiles(dir, { 'legacy.js': latin1 });
    const { stdout } = await runCli(['fix', ...NOW, '--format', 'json'], { cwd: dir });
    const json = JSON.parse(stdout);
    expect(json.changes).toEqual([]);
    expect(json.skipped).toEqual([{ file: 'legacy.js', reason: 'not-fixed', message: 'not fixed: the file is not valid UTF-8, and rewriting it would change bytes no fix touched' }]);
    expect(json.findings.map((finding: { item: string }) => finding.item)).toEqual(['createannouncement.snippet']);
    expect(readFileSync(path.join(dir, 'legacy.js'))).toEqual(latin1);
  });

  it('honours --ignore and --fail-on for what is left', async () => {
    const dir = copyProject('stand-in');
    const { code, stdout } = await runCli(['fix', ...NOW, '--ignore', 'createannouncement.snippet', '--fail-on', 'none', '--format', 'json'], { cwd: dir });
    const json = JSON.parse(stdout);
    expect(json.changes.map((change: { file: string }) => change.file)).toEqual(['src/policy.js']);
    expect(readFileSync(path.join(dir, 'src/announce.ts'), 'utf8')).toContain('snippet: body');
    expect(code).toBe(0);
  });

  it('fixes nothing for rules that a configuration comment in the file turns on', async () => {
    const dir = copyProject();
    writeFiles(dir, { 'a.js': '/* eslint prefer-const: "error", semi: "error" */\n// /rest/api/v1/x\nlet p = { snippet: 1 }\nexport { p }\n' });
    const { stdout } = await runCli(['fix', ...NOW, '--format', 'json'], { cwd: dir });
    expect(JSON.parse(stdout).findings).toEqual([]);
    expect(readFileSync(path.join(dir, 'a.js'), 'utf8')).toBe('/* eslint prefer-const: "error", semi: "error" */\n// /rest/api/v1/x\nlet p = { text: 1 }\nexport { p }\n');
  });

  it('documents its flags', async () => {
    const { code, stdout } = await runCli(['fix', '--help']);
    for (const flag of ['--dry-run', '--suggestions', '--no-verify', '--now', '--ignore', '--format', '--fail-on', 'Exit codes:', 'Examples:']) expect(stdout).toContain(flag);
    expect(code).toBe(0);
  });
});

describe('api-sunset fix: writing', () => {
  it('leaves no temporary files behind', async () => {
    const dir = copyProject('stand-in');
    await runCli(['fix', ...NOW], { cwd: dir });
    expect(Object.keys(snapshot(dir)).filter((file) => file.includes('api-sunset-tmp'))).toEqual([]);
  });
});

