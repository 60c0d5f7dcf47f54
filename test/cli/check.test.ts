import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { copyProject, writeFiles } from './project.js';
import { findItem, loadBundledSchedule } from '../../src/schedule/index.js';

/** The canonical id (the documents' mark id) of an item the stand-in plugin names by its old id. */
const idOf = (alias: string) => findItem(loadBundledSchedule(), alias)!.id;

// The CLI's own behaviour, tested against a stand-in with the plugin's contract and known fixes.
vi.mock('../../src/index.js', async () => ({ default: (await import('./stand-in-plugin.js')).standInPlugin }));

const NOW = ['--now', '2026-11-22'];

/** The stand-in project plus what a real tree has and the walk must leave out. */
function project(): string {
  const dir = copyProject('stand-in');
  writeFiles(dir, {
    'generated/client.ts': '// /rest/api/v1/createannouncement\nexport const snippet = 1;\n',
    'node_modules/sdk/index.js': '// /rest/api/v1/createannouncement\nexport const snippet = 1;\n',
    'dist/bundle.js': '// /rest/api/v1/createannouncement\nexport const snippet = 1;\n',
    'coverage/lcov-report/prettify.js': '// /rest/api/v1/createannouncement\nexport const snippet = 1;\n',
    'src/types.d.ts': '// /rest/api/v1/createannouncement\nexport declare const snippet: number;\n',
    'README.md': '/rest/api/v1/createannouncement snippet\n',
  });
  return dir;
}

const TEXT_REPORT = `src/announce.ts:2:44  createannouncement.boardId  boardId (createannouncement.boardId) is removed, removal 2026-10-15.  [fix: suggestion]
src/announce.ts:3:12  createannouncement.snippet  snippet (createannouncement.snippet) is removed, removal 2026-10-15.  [fix: auto]
src/announce.ts:3:34  createannouncement.boardId  boardId (createannouncement.boardId) is removed, removal 2026-10-15.  [fix: suggestion]

src/insights.ts:2:42  insights.searchSessionSatisfaction  searchSessionSatisfaction (insights.searchSessionSatisfaction) is scheduled, removal 2027-01-15.  [fix: none]
src/insights.ts:3:19  insights.searchSessionSatisfaction  searchSessionSatisfaction (insights.searchSessionSatisfaction) is scheduled, removal 2027-01-15.  [fix: none]

src/policy.js:3:3  policy.externalSharingOptions  externalSharingOptions (policy.externalSharingOptions) is removed, removal 2026-10-15.  [fix: auto]
src/policy.js:4:3  indexemployee.location         location (indexemployee.location) is removed, removal 2026-10-15.  [fix: none]

Could not check 1 file:
  src/broken.ts:2:13  Parsing error: Variable declaration expected.

ITEM                                STATUS     REMOVAL     FINDINGS  AUTO-FIXABLE
createannouncement.boardId          removed    2026-10-15  2         0
createannouncement.snippet          removed    2026-10-15  1         1
indexemployee.location              removed    2026-10-15  1         0
policy.externalSharingOptions       removed    2026-10-15  1         1
insights.searchSessionSatisfaction  scheduled  2027-01-15  2         0

STATUS     FINDINGS  AUTO-FIXABLE
removed    5         2
imminent   0         0
scheduled  2         0
total      7         2

7 findings in 3 files as of 2026-11-22: 2 auto-fixable, 2 with a suggestion, 3 to migrate by hand.
Scanned 5 files: 1 could not contain a finding, 3 checked, 1 skipped.
Fails: 5 findings are removed or imminent, and 1 file could not be checked (--fail-on removed).
`;

describe('api-sunset check: text', () => {
  it('groups findings by file, lists the unparsable file with its message, and sums up per item and status', async () => {
    const { code, stdout, stderr } = await runCli(['check', ...NOW], { cwd: project() });
    expect(stderr).toBe('');
    expect(stdout).toBe(TEXT_REPORT);
    expect(code).toBe(1);
  });

  it('checks the given paths only, relative to the current directory', async () => {
    const dir = project();
    const { code, stdout } = await runCli(['check', ...NOW, 'insights.ts'], { cwd: path.join(dir, 'src') });
    expect(stdout.split('\n').slice(0, 2)).toEqual([
      'insights.ts:2:42  insights.searchSessionSatisfaction  searchSessionSatisfaction (insights.searchSessionSatisfaction) is scheduled, removal 2027-01-15.  [fix: none]',
      'insights.ts:3:19  insights.searchSessionSatisfaction  searchSessionSatisfaction (insights.searchSessionSatisfaction) is scheduled, removal 2027-01-15.  [fix: none]',
    ]);
    expect(stdout).toContain('Passes: no finding is removed or imminent (--fail-on removed).\n');
    expect(code).toBe(0);
  });

  it('says so when there is nothing to report', async () => {
    const dir = copyProject();
    writeFiles(dir, { 'a.ts': 'export const a = 1;\n', 'b.ts': '// POST /rest/api/v1/search\nexport const b = 2;\n' });
    const { code, stdout } = await runCli(['check', ...NOW], { cwd: dir });
    expect(stdout).toBe(
      'No uses of deprecated or removed API items as of 2026-11-22.\nScanned 2 files: 1 could not contain a finding, 1 checked.\nPasses: no finding is removed or imminent (--fail-on removed).\n',
    );
    expect(code).toBe(0);
  });

  it('colours only on a terminal', async () => {
    const dir = project();
    expect((await runCli(['check', ...NOW], { cwd: dir, isTTY: true })).stdout).toContain('\u001b[31mcreateannouncement.boardId\u001b[39m');
    expect((await runCli(['check', ...NOW], { cwd: dir, isTTY: true, env: { NO_COLOR: '1' } })).stdout).not.toContain('\u001b[');
  });
});

describe('api-sunset check: --fail-on', () => {
  // src/insights.ts has only a scheduled item (54 days left on 2026-11-22); src/policy.js has removed ones.
  it.each([
    ['removed', 'src/insights.ts', 0],
    ['imminent', 'src/insights.ts', 0],
    ['deprecated', 'src/insights.ts', 1],
    ['none', 'src/insights.ts', 0],
    ['removed', 'src/policy.js', 1],
    ['imminent', 'src/policy.js', 1],
    ['deprecated', 'src/policy.js', 1],
    ['none', 'src/policy.js', 0],
  ])('--fail-on %s with %s exits %i', async (level, file, expected) => {
    const { code } = await runCli(['check', ...NOW, '--fail-on', level, file], { cwd: project() });
    expect(code).toBe(expected);
  });

  it('fails on an item that --imminent-days moves into the imminent window', async () => {
    const dir = project();
    const { code, stdout } = await runCli(['check', ...NOW, '--imminent-days', '60', 'src/insights.ts', '--format', 'json'], { cwd: dir });
    expect(JSON.parse(stdout).summary.byStatus).toEqual({ removed: 0, imminent: 2, scheduled: 0 });
    expect(code).toBe(1);
  });

  it('judges by --now', async () => {
    const { code, stdout } = await runCli(['check', '--now', '2027-01-20', 'src/insights.ts', '--format', 'json'], { cwd: project() });
    expect(JSON.parse(stdout).findings.map((finding: { status: string; daysLeft: number }) => [finding.status, finding.daysLeft])).toEqual([
      ['removed', -5],
      ['removed', -5],
    ]);
    expect(code).toBe(1);
  });
});

describe('api-sunset check: --ignore', () => {
  it('leaves the given item ids out, comma-separated or repeated', async () => {
    const { code, stdout } = await runCli(
      ['check', ...NOW, '--ignore', 'createannouncement.boardId,createannouncement.snippet', '--ignore', 'policy.externalSharingOptions', '--format', 'json'],
      { cwd: project() },
    );
    expect(JSON.parse(stdout).findings.map((finding: { item: string }) => finding.item)).toEqual([
      'insights.searchSessionSatisfaction',
      'insights.searchSessionSatisfaction',
      'indexemployee.location',
    ]);
    expect(code).toBe(1);
  });

  it('passes once every failing item is ignored', async () => {
    const dir = project();
    rmSync(path.join(dir, 'src/broken.ts'));
    const { code } = await runCli(['check', ...NOW, '--ignore', 'createannouncement.boardId,createannouncement.snippet,policy.externalSharingOptions,indexemployee.location'], { cwd: dir });
    expect(code).toBe(0);
  });

  it('rejects an unknown id', async () => {
    const { code, stderr } = await runCli(['check', ...NOW, '--ignore', 'chat.citation'], { cwd: project() });
    expect(stderr).toBe('api-sunset check: --ignore: unknown item id "chat.citation" ("api-sunset schedule" lists the ids) (see "api-sunset help check")\n');
    expect(code).toBe(2);
  });
});

describe('api-sunset check: JSON', () => {
  it('prints the documented shape with paths relative to the current directory, sorted', async () => {
    const { code, stdout } = await runCli(['check', ...NOW, '--format', 'json'], { cwd: project() });
    const json = JSON.parse(stdout);
    expect(Object.keys(json)).toEqual(['version', 'now', 'findings', 'skipped', 'summary']);
    expect(json.version).toBe(1);
    expect(json.now).toBe('2026-11-22');
    expect(json.findings).toHaveLength(7);
    expect(json.findings[1]).toEqual({
      file: 'src/announce.ts',
      line: 3,
      column: 12,
      endLine: 3,
      endColumn: 19,
      itemId: idOf('createannouncement.snippet'),
      item: 'createannouncement.snippet',
      status: 'removed',
      removal: '2026-10-15',
      daysLeft: -38,
      message: 'snippet (createannouncement.snippet) is removed, removal 2026-10-15.',
      fix: 'auto',
      fingerprint: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(json.findings.map((finding: { file: string; line: number }) => `${finding.file}:${finding.line}`)).toEqual([
      'src/announce.ts:2',
      'src/announce.ts:3',
      'src/announce.ts:3',
      'src/insights.ts:2',
      'src/insights.ts:3',
      'src/policy.js:3',
      'src/policy.js:4',
    ]);
    expect(json.skipped).toEqual([{ file: 'src/broken.ts', reason: 'parse-error', message: 'Parsing error: Variable declaration expected.', line: 2, column: 13 }]);
    expect(json.summary).toEqual({
      files: { scanned: 5, candidates: 4, linted: 3, skipped: 1, unchecked: 1 },
      findings: 7,
      byStatus: { removed: 5, imminent: 0, scheduled: 2 },
      byFix: { auto: 2, suggestion: 2, none: 3 },
      byItem: [
        { itemId: idOf('createannouncement.boardId'), item: 'createannouncement.boardId', status: 'removed', removal: '2026-10-15', findings: 2, autoFixable: 0 },
        { itemId: idOf('createannouncement.snippet'), item: 'createannouncement.snippet', status: 'removed', removal: '2026-10-15', findings: 1, autoFixable: 1 },
        { itemId: idOf('indexemployee.location'), item: 'indexemployee.location', status: 'removed', removal: '2026-10-15', findings: 1, autoFixable: 0 },
        { itemId: idOf('policy.externalSharingOptions'), item: 'policy.externalSharingOptions', status: 'removed', removal: '2026-10-15', findings: 1, autoFixable: 1 },
        { itemId: idOf('insights.searchSessionSatisfaction'), item: 'insights.searchSessionSatisfaction', status: 'scheduled', removal: '2027-01-15', findings: 2, autoFixable: 0 },
      ],
      failOn: 'removed',
      maxWarnings: null,
      suppressed: 0,
      failed: true,
    });
    expect(code).toBe(1);
  });
});

describe('api-sunset check: GitHub annotations', () => {
  it('prints one workflow command per finding, errors for removed and unparsable files, warnings for scheduled ones, most severe first', async () => {
    const { code, stdout } = await runCli(['check', ...NOW, '--format', 'github', 'src/insights.ts', 'src/policy.js', 'src/broken.ts'], { cwd: project() });
    expect(stdout.split('\n').slice(0, 5)).toEqual([
      '::error file=src/policy.js,line=3,col=3,endLine=3,endColumn=25,title=api-sunset%3A policy.externalSharingOptions::externalSharingOptions (policy.externalSharingOptions) is removed, removal 2026-10-15.',
      '::error file=src/policy.js,line=4,col=3,endLine=4,endColumn=11,title=api-sunset%3A indexemployee.location::location (indexemployee.location) is removed, removal 2026-10-15.',
      '::error file=src/broken.ts,line=2,col=13,title=api-sunset/parse-error::Parsing error: Variable declaration expected.',
      '::warning file=src/insights.ts,line=2,col=42,endLine=2,endColumn=67,title=api-sunset%3A insights.searchSessionSatisfaction::searchSessionSatisfaction (insights.searchSessionSatisfaction) is scheduled, removal 2027-01-15.',
      '::warning file=src/insights.ts,line=3,col=19,endLine=3,endColumn=44,title=api-sunset%3A insights.searchSessionSatisfaction::searchSessionSatisfaction (insights.searchSessionSatisfaction) is scheduled, removal 2027-01-15.',
    ]);
    // The plain summary follows for the job log, never coloured.
    expect(stdout).toContain('\nFails: 2 findings are removed or imminent, and 1 file could not be checked (--fail-on removed).\n');
    expect(stdout).not.toContain('\u001b[');
    expect(code).toBe(1);
  });
});

describe('api-sunset check: SARIF', () => {
  it('prints SARIF 2.1.0: one rule per item, relative locations, fingerprints and the schedule item of each result', async () => {
    const dir = project();
    const { code, stdout } = await runCli(['check', ...NOW, '--format', 'sarif'], { cwd: dir });
    const sarif = JSON.parse(stdout);
    expect(sarif.version).toBe('2.1.0');
    const [run] = sarif.runs;
    expect(run.tool.driver.name).toBe('api-sunset');
    expect(run.tool.driver.rules.map((rule: { id: string }) => rule.id)).toEqual([
      `api-sunset/${idOf('createannouncement.boardId')}`,
      `api-sunset/${idOf('createannouncement.snippet')}`,
      `api-sunset/${idOf('insights.searchSessionSatisfaction')}`,
      `api-sunset/${idOf('policy.externalSharingOptions')}`,
      `api-sunset/${idOf('indexemployee.location')}`,
    ]);
    expect(run.originalUriBaseIds['%SRCROOT%'].uri).toBe(`${pathToFileURL(dir).href}/`);
    expect(run.results).toHaveLength(7);
    expect(run.results[1]).toMatchObject({
      level: 'error',
      ruleId: `api-sunset/${idOf('createannouncement.snippet')}`,
      message: { text: 'snippet (createannouncement.snippet) is removed, removal 2026-10-15.' },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: 'src/announce.ts', uriBaseId: '%SRCROOT%' },
            region: { startLine: 3, startColumn: 12, endLine: 3, endColumn: 19 },
          },
        },
      ],
      partialFingerprints: { 'apiSunsetFinding/v1': expect.stringMatching(/^[0-9a-f]{32}$/) },
      properties: { itemId: idOf('createannouncement.snippet'), item: 'createannouncement.snippet', status: 'removed', removal: '2026-10-15', daysLeft: -38, fix: 'auto' },
    });
    expect(run.results[3]).toMatchObject({ level: 'warning', ruleId: `api-sunset/${idOf('insights.searchSessionSatisfaction')}` });
    // Every result points at its rule descriptor and at a listed artifact.
    for (const result of run.results) {
      expect(run.tool.driver.rules[result.ruleIndex].id).toBe(result.ruleId);
      expect(run.artifacts[result.locations[0].physicalLocation.artifactLocation.index].location.uri).toBe(result.locations[0].physicalLocation.artifactLocation.uri);
    }
    // The unparsable file is a tool notification, not a result.
    expect(run.invocations[0].toolExecutionNotifications[0].message.text).toBe('Parsing error: Variable declaration expected.');
    expect(code).toBe(1);
  });
});

describe('api-sunset check: which files', () => {
  it('skips node_modules, build output, declaration files and what .gitignore ignores', async () => {
    const { stdout } = await runCli(['check', ...NOW, '--format', 'json'], { cwd: project() });
    const files = new Set(JSON.parse(stdout).findings.map((finding: { file: string }) => finding.file));
    expect([...files]).toEqual(['src/announce.ts', 'src/insights.ts', 'src/policy.js']);
  });

  it('honours nested .gitignore files and their negations', async () => {
    const dir = copyProject();
    const finding = '// /rest/api/v1/insights\nexport const searchSessionSatisfaction = 1;\n';
    writeFiles(dir, { '.gitignore': '*.gen.ts\n', 'lib/.gitignore': '!keep.gen.ts\nlocal/\n', 'lib/keep.gen.ts': finding, 'lib/drop.gen.ts': finding, 'lib/local/a.ts': finding, 'lib/b.ts': finding });
    const { stdout } = await runCli(['check', ...NOW, '--format', 'json'], { cwd: dir });
    expect([...new Set(JSON.parse(stdout).findings.map((f: { file: string }) => f.file))]).toEqual(['lib/b.ts', 'lib/keep.gen.ts']);
  });

  it('does not follow symbolic links, so nothing outside the tree is read', async () => {
    const outside = copyProject();
    writeFiles(outside, { 'secret/a.ts': '// /rest/api/v1/insights\nexport const searchSessionSatisfaction = 1;\n' });
    const dir = copyProject();
    writeFiles(dir, { 'src/own.ts': '// /rest/api/v1/insights\nexport const searchSessionSatisfaction = 1;\n' });
    symlinkSync(path.join(outside, 'secret'), path.join(dir, 'src/linked-dir'));
    symlinkSync(path.join(outside, 'secret/a.ts'), path.join(dir, 'src/linked.ts'));
    const { stdout } = await runCli(['check', ...NOW, '--format', 'json'], { cwd: dir });
    expect(JSON.parse(stdout).findings.map((f: { file: string }) => f.file)).toEqual(['src/own.ts']);
  });

  it('checks a directory named explicitly even when .gitignore ignores it', async () => {
    const { stdout } = await runCli(['check', ...NOW, '--format', 'json', 'generated'], { cwd: project() });
    expect(JSON.parse(stdout).findings.map((f: { file: string; item: string }) => `${f.file} ${f.item}`)).toEqual(['generated/client.ts createannouncement.snippet']);
  });

  it('checks a file named explicitly even where the walk would not go', async () => {
    const { stdout } = await runCli(['check', ...NOW, '--format', 'json', 'dist/bundle.js'], { cwd: project() });
    expect(JSON.parse(stdout).findings.map((f: { file: string; item: string }) => `${f.file} ${f.item}`)).toEqual(['dist/bundle.js createannouncement.snippet']);
  });
});

describe('api-sunset check: errors', () => {
  it.each([
    [['missing-dir'], 'no such file or directory: missing-dir'],
    [['README.md'], 'not a JavaScript, TypeScript or component source file (.js .mjs .cjs .jsx .ts .mts .cts .tsx .vue .svelte): README.md'],
    [['--format', 'xml'], '--format expects one of text, json, sarif, github, got "xml"'],
    [['--fail-on', 'warnings'], '--fail-on expects one of removed, imminent, deprecated, none, got "warnings"'],
    [['--imminent-days=-3'], '--imminent-days expects a whole number of days, got "-3"'],
    [['--project', 'tsconfig.json'], '--project: tsconfig.json: no such tsconfig file'],
  ])('%j is a usage error', async (args, message) => {
    const { code, stdout, stderr } = await runCli(['check', ...NOW, ...args], { cwd: project() });
    expect(stderr).toBe(`api-sunset check: ${message} (see "api-sunset help check")\n`);
    expect(stdout).toBe('');
    expect(code).toBe(2);
  });

  it('rejects an unknown flag and a date that does not exist', async () => {
    expect((await runCli(['check', '--now', '2026-02-30'], { cwd: project() })).stderr).toContain('--now expects a date as YYYY-MM-DD, got "2026-02-30"');
    const unknown = await runCli(['check', ...NOW, '--fix'], { cwd: project() });
    expect(unknown.stderr).toBe('api-sunset check: unknown option --fix (see "api-sunset help check")\n');
    expect(unknown.code).toBe(2);
  });

  it('stops on an invalid schedule with the loader error: file, JSON path, expected, found', async () => {
    const dir = project();
    writeFileSync(path.join(dir, 'sunset.json'), JSON.stringify({ schemaVersion: 1, extends: 'bundled', items: [{ id: 'getusercount', removal: '2026-13-01' }] }));
    const { code, stdout, stderr } = await runCli(['check', ...NOW, '--schedule', 'sunset.json'], { cwd: dir });
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^api-sunset check: invalid schedule:\nsunset\.json: \$\.items\[0\]\.removal: expected .+, found "2026-13-01"\n/);
    expect(code).toBe(2);
  });

  it('uses a valid schedule file for the dates', async () => {
    const dir = project();
    writeFileSync(path.join(dir, 'sunset.json'), JSON.stringify({ schemaVersion: 1, extends: 'bundled', items: [{ id: 'insights.searchSessionSatisfaction', removal: '2026-11-01' }] }));
    const { stdout } = await runCli(['check', ...NOW, '--schedule', 'sunset.json', '--format', 'json', 'src/insights.ts'], { cwd: dir });
    expect(JSON.parse(stdout).summary.byStatus).toEqual({ removed: 2, imminent: 0, scheduled: 0 });
  });

  it('exits 2 when every file that needed checking failed to parse, 1 or 0 otherwise', async () => {
    const dir = copyProject();
    writeFiles(dir, { 'a.ts': '// /rest/api/v1/search\nexport const = 1;\n', 'clean.ts': 'export const x = 1;\n' });
    const { code, stderr, stdout } = await runCli(['check', ...NOW], { cwd: dir });
    expect(stdout).toContain('Could not check 1 file:\n  a.ts:2:13  Parsing error: Variable declaration expected.\n');
    expect(stdout).toContain('\nNothing was checked: none of the 1 file that needed checking could be checked.\n');
    expect(stderr).toBe('api-sunset: none of the 1 file that needed checking could be checked (see the list above); nothing was checked.\n');
    expect(code).toBe(2);
  });
});

describe('api-sunset check: a rule that crashes', () => {
  it('skips that file with the reason and checks the others', async () => {
    const dir = project();
    writeFiles(dir, { 'src/crash.ts': '// /rest/api/v1/search\nexport const crashRule = 1;\n' });
    const { code, stdout } = await runCli(['check', ...NOW, '--format', 'json'], { cwd: dir });
    const json = JSON.parse(stdout);
    expect(json.skipped[1]).toEqual({ file: 'src/crash.ts', reason: 'crash', message: 'api-sunset could not analyse this file (please report this): stand-in crashed' });
    expect(json.findings).toHaveLength(7);
    expect(code).toBe(1);
  });
});

describe('api-sunset check: progress', () => {
  function bigProject(): string {
    const dir = copyProject();
    mkdirSync(path.join(dir, 'src'));
    for (let i = 0; i < 320; i++) writeFileSync(path.join(dir, 'src', `m${i}.ts`), `export const m${i} = ${i};\n`);
    return dir;
  }

  it('draws a bar on stderr when stderr is a terminal, for big runs', async () => {
    const { stderr, stdout } = await runCli(['check', ...NOW], { cwd: bigProject(), stderrIsTTY: true });
    expect(stderr).toContain('\rChecking [........................] 0/320 files');
    expect(stderr).toContain('\rChecking [########################] 320/320 files');
    expect(stderr.endsWith('\r\u001b[K')).toBe(true);
    expect(stdout).toContain('Scanned 320 files');
  });

  it('prints nothing but results when stderr is piped (whatever stdout is) or in CI', async () => {
    const dir = bigProject();
    expect((await runCli(['check', ...NOW], { cwd: dir })).stderr).toBe('');
    expect((await runCli(['check', ...NOW], { cwd: dir, isTTY: true })).stderr).toBe('');
    expect((await runCli(['check', ...NOW], { cwd: dir, stderrIsTTY: true, env: { CI: 'true' } })).stderr).toBe('');
  });
});

describe('api-sunset check --help', () => {
  it('documents every flag, the exit codes, examples and ESLint --concurrency', async () => {
    const { code, stdout } = await runCli(['check', '--help']);
    for (const flag of ['--now', '--imminent-days', '--schedule', '--ignore', '--format', '--fail-on', '--project', 'Exit codes:', 'Examples:', '--concurrency']) {
      expect(stdout).toContain(flag);
    }
    expect(code).toBe(0);
  });

  it('is listed in the top-level help', async () => {
    const { stdout } = await runCli(['--help']);
    expect(stdout).toContain('  check ');
    expect(stdout).toContain('  fix ');
  });
});
