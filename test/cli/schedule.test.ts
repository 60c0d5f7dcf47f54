import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBuiltCli, runCli } from '../helpers/cli.js';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';

describe('api-sunset schedule', () => {
  it('prints the timeline with 24 removed and 3 scheduled items on 2026-11-22', async () => {
    const { code, stdout, stderr } = await runCli(['schedule', '--now', '2026-11-22']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID +WHAT +ON +REPLACEMENT +REMOVAL +STATUS$/);
    expect(lines.at(-1)).toBe('27 items as of 2026-11-22: 24 removed, 0 imminent, 3 scheduled');
    expect(stdout).toMatch(/^getusercount +endpoint +POST \/api\/index\/v1\/getusercount +POST \/api\/index\/v1\/debug\/\{datasource\}\/status +2026-10-15 +removed 38 days ago$/m);
    expect(stdout).toMatch(/^insights\.searchSessionSatisfaction +field searchSessionSatisfaction +POST \/rest\/api\/v1\/insights +none; contact support +2027-01-15 +scheduled, 54 days left$/m);
  });

  it('aligns the columns', async () => {
    const { stdout } = await runCli(['schedule', '--now', '2026-11-22']);
    const rows = stdout.split('\n').slice(0, 28);
    const statusColumn = rows[0]!.indexOf('STATUS');
    for (const row of rows.slice(1)) expect(row.slice(statusColumn - 12, statusColumn - 2)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('colours only on a terminal', async () => {
    expect((await runCli(['schedule', '--now', '2026-11-22'])).stdout).not.toContain('\u001b[');
    expect((await runCli(['schedule', '--now', '2026-11-22'], { isTTY: true })).stdout).toContain('\u001b[');
    expect((await runCli(['schedule', '--now', '2026-11-22'], { isTTY: true, env: { NO_COLOR: '1' } })).stdout).not.toContain('\u001b[');
  });

  it('prints stable JSON for scripts', async () => {
    const { code, stdout } = await runCli(['schedule', '--now', '2026-11-22', '--format', 'json']);
    expect(code).toBe(0);
    const json = JSON.parse(stdout);
    expect(json).toMatchObject({ version: 1, now: '2026-11-22', imminentDays: 30, schedule: 'eslint-plugin-api-sunset/data/schedule.json' });
    expect(json.items).toHaveLength(27);
    expect(json.items[0]).toEqual({
      id: 'bulkindexemployees',
      api: 'indexing',
      kind: 'endpoint',
      method: 'POST',
      path: '/api/index/v1/bulkindexemployees',
      removal: '2026-10-15',
      status: 'removed',
      daysLeft: -38,
      replacements: [{ replacement: 'none', action: 'remove', fix: 'none' }],
    });
  });

  it('moves items into the imminent window with --imminent-days', async () => {
    const { stdout } = await runCli(['schedule', '--now', '2026-11-22', '--imminent-days', '60']);
    expect(stdout).toContain('24 removed, 3 imminent, 0 scheduled');
  });

  it('uses a schedule file that extends the bundled one', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'api-sunset-cli-'));
    writeFileSync(path.join(dir, 'overrides.json'), JSON.stringify({ schemaVersion: 1, extends: 'bundled', items: [{ id: 'bulkindexemployees', removal: '2027-01-15' }] }));
    const { stdout } = await runCli(['schedule', '--now', '2026-11-22', '--schedule', 'overrides.json'], { cwd: dir });
    expect(stdout).toContain('23 removed, 0 imminent, 4 scheduled');
  });

  it.each([
    [['--now', '2026-13-01'], 'api-sunset schedule: --now expects a date as YYYY-MM-DD, got "2026-13-01"'],
    [['--format', 'xml'], 'api-sunset schedule: --format expects one of table, json, got "xml"'],
    [['--imminent-days=-3'], 'api-sunset schedule: --imminent-days expects a whole number of days, got "-3"'],
    [['--colour'], "api-sunset schedule: Unknown option '--colour'"],
  ])('rejects %j with exit code 2', async (args, message) => {
    const { code, stdout, stderr } = await runCli(['schedule', ...args]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toContain(message);
  });

  it('rejects an invalid schedule file with the loader\'s lines and exit code 2', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'api-sunset-cli-'));
    writeFileSync(path.join(dir, 'bad.json'), JSON.stringify({ schemaVersion: 1, extends: 'bundled', items: [{ id: 'listanswers', removal: '2026-13-01' }] }));
    const { code, stderr } = await runCli(['schedule', '--schedule', 'bad.json'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toContain('bad.json: $.items[0].removal: expected a real calendar date as YYYY-MM-DD, found "2026-13-01"');
  });

  it('works as the built binary', async () => {
    const { code, stdout } = await runBuiltCli(['schedule', '--now', '2026-11-22']);
    expect(code).toBe(0);
    expect(stdout).toContain('24 removed, 0 imminent, 3 scheduled');
    expect((await runBuiltCli(['schedule', '--bogus'])).code).toBe(2);
    expect((await runBuiltCli(['nonsense'])).code).toBe(2);
  }, SLOW_TEST_TIMEOUT);
});
