import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { copyProject, writeFiles } from './project.js';
import { findItem, loadBundledSchedule } from '../../src/schedule/index.js';

/** Baselines hold canonical ids (the documents' mark ids); the stand-in names items by their old ids, which are aliases. */
const idOf = (alias: string) => findItem(loadBundledSchedule(), alias)!.id;

// The flags' behaviour, tested against a stand-in with the plugin's contract and known findings
// (stand-in-plugin.ts): in src/, announce.ts has 3 removed findings, insights.ts 2 scheduled
// ones (insights.searchSessionSatisfaction, removed on 2027-01-15), policy.js 2 removed ones,
// broken.ts does not parse and clean.ts cannot contain a finding.
vi.mock('../../src/index.js', async () => ({ default: (await import('./stand-in-plugin.js')).standInPlugin }));

const NOW = ['--now', '2026-11-22'];

interface JsonFinding {
  file: string;
  itemId: string;
  item: string;
  status: string;
}

async function json(args: string[], cwd: string) {
  const result = await runCli(['check', ...NOW, '--format', 'json', ...args], { cwd });
  return { ...result, report: result.stdout ? JSON.parse(result.stdout) : undefined };
}

const where = (findings: JsonFinding[]) => findings.map((finding) => `${finding.file} ${finding.item}`);

describe('-o, --output-file', () => {
  it('writes the report to the file, creating its directory, and nothing to stdout; the exit code is the same', async () => {
    const dir = copyProject('stand-in');
    for (const flag of ['-o', '--output-file']) {
      const out = path.join('reports', flag, 'sunset.json');
      const { code, stdout } = await runCli(['check', ...NOW, '--format', 'json', flag, out], { cwd: dir });
      expect(stdout).toBe('');
      expect(code).toBe(1);
      expect(JSON.parse(readFileSync(path.join(dir, out), 'utf8')).findings).toHaveLength(7);
    }
  });

  it('writes text without colour even when stdout is a terminal', async () => {
    const dir = copyProject('stand-in');
    await runCli(['check', ...NOW, '-o', 'report.txt'], { cwd: dir, isTTY: true });
    const text = readFileSync(path.join(dir, 'report.txt'), 'utf8');
    expect(text).toContain('src/announce.ts:2:44');
    expect(text).not.toContain('\u001b[');
  });
});

describe('--quiet', () => {
  it('reports removed and imminent findings only', async () => {
    const { report, code } = await json(['--quiet'], copyProject('stand-in'));
    expect(report.findings.map((finding: JsonFinding) => finding.status)).toEqual(['removed', 'removed', 'removed', 'removed', 'removed']);
    expect(code).toBe(1);
  });

  it('leaves warnings out of the exit code too', async () => {
    const dir = copyProject('stand-in');
    expect((await runCli(['check', ...NOW, '--fail-on', 'deprecated', 'src/insights.ts'], { cwd: dir })).code).toBe(1);
    const quiet = await runCli(['check', ...NOW, '--fail-on', 'deprecated', '--quiet', 'src/insights.ts'], { cwd: dir });
    expect(quiet.stdout).toContain('No uses of deprecated or removed API items as of 2026-11-22.');
    expect(quiet.code).toBe(0);
  });
});

describe('--max-warnings', () => {
  it('fails when more findings than N are warnings, and says so', async () => {
    const dir = copyProject('stand-in');
    const over = await runCli(['check', ...NOW, '--max-warnings', '1', 'src/insights.ts'], { cwd: dir });
    expect(over.stdout).toContain('Fails: 2 warnings (scheduled items), more than --max-warnings 1.');
    expect(over.code).toBe(1);
    const within = await runCli(['check', ...NOW, '--max-warnings', '2', 'src/insights.ts'], { cwd: dir });
    expect(within.stdout).toContain('Passes: no finding is removed or imminent (--fail-on removed). 2 warnings, --max-warnings 2.');
    expect(within.code).toBe(0);
    const { report } = await json(['--max-warnings', '1', 'src/insights.ts'], dir);
    expect(report.summary).toMatchObject({ maxWarnings: 1, failed: true });
  });

  it('counts nothing --fail-on none ignores, and takes only a whole number', async () => {
    const dir = copyProject('stand-in');
    expect((await runCli(['check', ...NOW, '--fail-on', 'none', '--max-warnings', '0', 'src/insights.ts'], { cwd: dir })).code).toBe(1);
    const bad = await runCli(['check', ...NOW, '--max-warnings', 'some'], { cwd: dir });
    expect(bad.stderr).toBe('api-sunset check: --max-warnings expects a whole number, 0 or more, got "some" (see "api-sunset help check")\n');
    expect(bad.code).toBe(2);
  });
});

describe('--ignore-pattern', () => {
  it('leaves out matching files, in .gitignore syntax relative to the current directory, repeatable', async () => {
    const dir = copyProject('stand-in');
    const all = await json([], dir);
    const some = await json(['--ignore-pattern', '*.js', '--ignore-pattern', 'src/announce.ts'], dir);
    expect(where(some.report.findings)).toEqual(['src/insights.ts insights.searchSessionSatisfaction', 'src/insights.ts insights.searchSessionSatisfaction']);
    expect(some.report.summary.files.scanned).toBe(all.report.summary.files.scanned - 2);
    const negated = await json(['--ignore-pattern', 'src/*', '--ignore-pattern', '!src/policy.js'], dir);
    expect(new Set(negated.report.findings.map((finding: JsonFinding) => finding.file))).toEqual(new Set(['src/policy.js']));
  });
});

describe('--only', () => {
  it('reports one item at a time', async () => {
    const dir = copyProject('stand-in');
    const { report, code } = await json(['--only', 'createannouncement.snippet'], dir);
    expect(where(report.findings)).toEqual(['src/announce.ts createannouncement.snippet']);
    expect(code).toBe(1);
    const two = await json(['--only', 'createannouncement.snippet', '--only', 'indexemployee.location'], dir);
    expect(where(two.report.findings)).toEqual(['src/announce.ts createannouncement.snippet', 'src/policy.js indexemployee.location']);
  });

  it('fixes one item at a time', async () => {
    const dir = copyProject('stand-in');
    await runCli(['fix', ...NOW, '--only', 'createannouncement.snippet', '--allow-dirty'], { cwd: dir });
    expect(readFileSync(path.join(dir, 'src/announce.ts'), 'utf8')).toContain('{ text: body');
    expect(readFileSync(path.join(dir, 'src/policy.js'), 'utf8')).toContain('externalSharingOptions');
  });

  it('rejects an unknown id', async () => {
    const { code, stderr } = await runCli(['check', ...NOW, '--only', 'snippet'], { cwd: copyProject('stand-in') });
    expect(stderr).toBe('api-sunset check: --only: unknown item id "snippet" ("api-sunset schedule" lists the ids) (see "api-sunset help check")\n');
    expect(code).toBe(2);
  });
});

describe('--baseline', () => {
  /**
   * The stand-in without its unparsable file, which fails every run (a file that could not be
   * checked fails the gate, and a baseline does not record it): these runs pass or fail by the
   * baseline alone.
   */
  const parsableProject = () => {
    const dir = copyProject('stand-in');
    rmSync(path.join(dir, 'src/broken.ts'));
    return dir;
  };

  it('records the findings per file and item, then fails on new uses only', async () => {
    const dir = parsableProject();
    const recorded = await runCli(['check', ...NOW, '--baseline', 'sunset-baseline.json', '--update-baseline'], { cwd: dir });
    expect(recorded.stdout).toContain('Baseline sunset-baseline.json (updated): 7 known uses left out.');
    expect(recorded.code).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, 'sunset-baseline.json'), 'utf8'))).toEqual({
      version: 1,
      files: {
        'src/announce.ts': {
          [idOf('createannouncement.boardId')]: { item: 'AnswerMutableProperties.boardId', count: 2, status: 'removed' },
          [idOf('createannouncement.snippet')]: { item: 'SearchResultSnippet.snippet', count: 1, status: 'removed' },
        },
        'src/insights.ts': { [idOf('insights.searchSessionSatisfaction')]: { item: 'InsightsOverviewResponse.searchSessionSatisfaction', count: 2, status: 'scheduled' } },
        'src/policy.js': {
          [idOf('indexemployee.location')]: { item: 'EmployeeInfoDefinition.location', count: 1, status: 'removed' },
          [idOf('policy.externalSharingOptions')]: { item: 'DlpConfig.externalSharingOptions', count: 1, status: 'removed' },
        },
      },
    });
    const known = await json(['--baseline', 'sunset-baseline.json'], dir);
    expect(known.report.findings).toEqual([]);
    expect(known.report.summary.suppressed).toBe(7);
    expect(known.code).toBe(0);

    // A new use of an item the file already had: every use of it there is reported (which one is new cannot be told).
    writeFiles(dir, { 'src/policy.js': `${readFileSync(path.join(dir, 'src/policy.js'), 'utf8')}export const where = { location: 'US' };\n` });
    const grown = await json(['--baseline', 'sunset-baseline.json'], dir);
    expect(where(grown.report.findings)).toEqual(['src/policy.js indexemployee.location', 'src/policy.js indexemployee.location']);
    expect(grown.code).toBe(1);
  });

  it('fails again on a recorded use once its item is no longer only scheduled', async () => {
    const dir = parsableProject();
    await runCli(['check', ...NOW, '--baseline', 'b.json', '--update-baseline', '--fail-on', 'deprecated'], { cwd: dir });
    expect((await runCli(['check', ...NOW, '--baseline', 'b.json', '--fail-on', 'deprecated'], { cwd: dir })).code).toBe(0);
    const later = await json(['--now', '2027-02-01', '--baseline', 'b.json'], dir);
    expect(where(later.report.findings)).toEqual(['src/insights.ts insights.searchSessionSatisfaction', 'src/insights.ts insights.searchSessionSatisfaction']);
    expect(later.code).toBe(1);
  });

  it('says when entries record more uses than are left, and --update-baseline shrinks it but keeps what the run did not look at', async () => {
    const dir = copyProject('stand-in');
    await runCli(['check', ...NOW, '--baseline', 'b.json', '--update-baseline'], { cwd: dir });
    writeFiles(dir, { 'src/policy.js': 'export const policy = {};\n' });
    const stale = await runCli(['check', ...NOW, '--baseline', 'b.json'], { cwd: dir });
    expect(stale.stdout).toContain('Baseline b.json: 5 known uses left out; 2 entries record more uses than are left (run with --update-baseline to shrink it).');
    const entries = () => JSON.parse(readFileSync(path.join(dir, 'b.json'), 'utf8')).files;
    // Updating from one file drops that file's stale entries and keeps the others' as they were.
    await runCli(['check', ...NOW, '--baseline', 'b.json', '--update-baseline', 'src/policy.js'], { cwd: dir });
    expect(Object.keys(entries())).toEqual(['src/announce.ts', 'src/insights.ts']);
    // With --only, the other items' entries stay although the run did not see them.
    writeFiles(dir, { 'src/announce.ts': readFileSync(path.join(dir, 'src/announce.ts'), 'utf8').replace('snippet: body', 'text: body') });
    await runCli(['check', ...NOW, '--baseline', 'b.json', '--update-baseline', '--only', 'createannouncement.snippet'], { cwd: dir });
    expect(entries()).toEqual({
      'src/announce.ts': { [idOf('createannouncement.boardId')]: { item: 'AnswerMutableProperties.boardId', count: 2, status: 'removed' } },
      'src/insights.ts': { [idOf('insights.searchSessionSatisfaction')]: { item: 'InsightsOverviewResponse.searchSessionSatisfaction', count: 2, status: 'scheduled' } },
    });
  });

  it('rejects a missing or invalid file, and --update-baseline without a file', async () => {
    const dir = copyProject('stand-in');
    const missing = await runCli(['check', ...NOW, '--baseline', 'none.json'], { cwd: dir });
    expect(missing.stderr).toBe('api-sunset check: --baseline: none.json: no such file (create it with --update-baseline) (see "api-sunset help check")\n');
    expect(missing.code).toBe(2);
    writeFiles(dir, { 'bad.json': JSON.stringify({ version: 1, files: { 'src/a.ts': { 'chat.citations': { count: 0, status: 'removed' } } } }) });
    const bad = await runCli(['check', ...NOW, '--baseline', 'bad.json'], { cwd: dir });
    expect(bad.stderr).toContain('$.files["src/a.ts"]["chat.citations"].count: expected a whole number, 1 or more');
    expect(bad.code).toBe(2);
    const update = await runCli(['check', ...NOW, '--update-baseline'], { cwd: dir });
    expect(update.stderr).toBe('api-sunset check: --update-baseline needs --baseline FILE: the file to write (see "api-sunset help check")\n');
    expect(update.code).toBe(2);
    expect(existsSync(path.join(dir, 'none.json'))).toBe(false);
  });
});
