import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBuiltCli, runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dirs.js';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';

describe('api-sunset schedule', () => {
  it('prints the timeline with 28 removed and 3 scheduled items on 2026-11-22', async () => {
    const { code, stdout, stderr } = await runCli(['schedule', '--now', '2026-11-22']);
    expect(code).toBe(0);
    expect(stderr).toBe('');
    const lines = stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ITEM +ALSO KNOWN AS +REPLACEMENT +REMOVAL +STATUS$/);
    expect(lines.at(-1)).toBe('31 items as of 2026-11-22: 28 removed, 0 imminent, 3 scheduled');
    expect(stdout).toMatch(/^POST \/api\/index\/v1\/getusercount +getusercount +POST \/api\/index\/v1\/debug\/\{datasource\}\/status +2026-10-15 +removed 38 days ago$/m);
    expect(stdout).toMatch(/^InsightsOverviewResponse\.searchSessionSatisfaction +insights\.searchSessionSatisfaction +none; contact support +2027-01-15 +scheduled, 54 days left$/m);
    expect(stdout).toMatch(/^DlpConfig\.sensitiveInfoTypes +policy\.sensitiveInfoTypes +sensitiveContentOptions \(another shape\) +2026-10-15 +removed 38 days ago$/m);
    expect(stdout).toMatch(/^InviteInfo\.inviter +invites\[\]\.inviter \(another shape\) +2026-10-15 +removed 38 days ago$/m);
  });

  it('aligns the columns', async () => {
    const { stdout } = await runCli(['schedule', '--now', '2026-11-22']);
    const rows = stdout.split('\n').slice(0, 32);
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
    expect(json).toMatchObject({ version: 2, now: '2026-11-22', imminentDays: 30, schedule: 'eslint-plugin-api-sunset/data/schedule.json' });
    expect(json.items).toHaveLength(31);
    expect(json.items.find((item: { on: string }) => item.on === 'POST /api/index/v1/bulkindexemployees')).toEqual({
      id: 'ce596f49-55c4-465e-bf3c-5a3a33906e1f',
      aliases: ['bulkindexemployees'],
      api: 'indexing',
      on: 'POST /api/index/v1/bulkindexemployees',
      kind: 'operation',
      operation: 'POST /api/index/v1/bulkindexemployees',
      method: 'POST',
      path: '/api/index/v1/bulkindexemployees',
      introduced: '2026-02-03',
      removal: '2026-10-15',
      status: 'removed',
      daysLeft: -38,
      replacement: { kind: 'none', fix: 'none' },
      details: expect.stringContaining('one at a time'),
    });
    expect(json.items.find((item: { on: string }) => item.on === 'SearchResultSnippet.snippet')).toMatchObject({
      kind: 'property',
      schema: 'SearchResultSnippet',
      property: 'snippet',
      replacement: { kind: 'rename', to: 'text', fix: 'auto' },
    });
  });

  it('moves items into the imminent window with --imminent-days', async () => {
    const { stdout } = await runCli(['schedule', '--now', '2026-11-22', '--imminent-days', '60']);
    expect(stdout).toContain('28 removed, 3 imminent, 0 scheduled');
  });

  it('uses a schedule file that extends the bundled one', async () => {
    const dir = tempDir('cli');
    writeFileSync(path.join(dir, 'overrides.json'), JSON.stringify({ schemaVersion: 1, extends: 'bundled', items: [{ id: 'bulkindexemployees', removal: '2027-01-15' }] }));
    const { stdout } = await runCli(['schedule', '--now', '2026-11-22', '--schedule', 'overrides.json'], { cwd: dir });
    expect(stdout).toContain('27 removed, 0 imminent, 4 scheduled');
  });

  it.each([
    [['--now', '2026-13-01'], 'api-sunset schedule: --now expects a date as YYYY-MM-DD, got "2026-13-01"'],
    [['--format', 'xml'], 'api-sunset schedule: --format expects one of table, json, got "xml"'],
    [['--imminent-days=-3'], 'api-sunset schedule: --imminent-days expects a whole number of days, got "-3"'],
    [['--colour'], 'api-sunset schedule: unknown option --colour (see "api-sunset help schedule")'],
  ])('rejects %j with exit code 2', async (args, message) => {
    const { code, stdout, stderr } = await runCli(['schedule', ...args]);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toContain(message);
  });

  it('rejects an invalid schedule file with the loader\'s lines and exit code 2', async () => {
    const dir = tempDir('cli');
    writeFileSync(path.join(dir, 'bad.json'), JSON.stringify({ schemaVersion: 1, extends: 'bundled', items: [{ id: 'listanswers', removal: '2026-13-01' }] }));
    const { code, stderr } = await runCli(['schedule', '--schedule', 'bad.json'], { cwd: dir });
    expect(code).toBe(2);
    expect(stderr).toContain('bad.json: $.items[0].removal: expected a real calendar date as YYYY-MM-DD, found "2026-13-01"');
  });

  it('works as the built binary', async () => {
    const { code, stdout } = await runBuiltCli(['schedule', '--now', '2026-11-22']);
    expect(code).toBe(0);
    expect(stdout).toContain('28 removed, 0 imminent, 3 scheduled');
    expect((await runBuiltCli(['schedule', '--bogus'])).code).toBe(2);
    expect((await runBuiltCli(['nonsense'])).code).toBe(2);
  }, SLOW_TEST_TIMEOUT);
});
