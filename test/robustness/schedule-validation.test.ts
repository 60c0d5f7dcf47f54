import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchedule, ScheduleError } from '../../src/schedule/index.js';
import { runCli } from '../helpers/cli.js';
import { copyProject } from '../cli/project.js';

// Issue #16, item 8: a large wrong schedule is described in a bounded number of lines, in linear
// time (before, ajv took minutes and printed a line per wrong value). No clock is read: the work
// done before the change would run into the test's time limit.
function item(i: number, extra: Record<string, unknown> = {}) {
  return { id: `thing${i}`, api: 'indexing', on: `POST /api/index/v1/thing${i}`, removal: '2026-10-15', replacement: { kind: 'none', fix: 'none' }, ...extra };
}

function problems(input: object): string[] {
  try {
    loadSchedule(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ScheduleError);
    return (error as Error).message.split('\n');
  }
  throw new Error('expected the schedule to be rejected');
}

describe('a large wrong schedule', () => {
  it('lists the first 20 problems in file order and says there are more', () => {
    const items = Array.from({ length: 30_000 }, (_, i) => item(i, { api: 'column', removal: '2026-13-01', colour: 'red' }));
    const lines = problems({ schemaVersion: 2, items });
    expect(lines).toHaveLength(21);
    expect(lines[0]).toBe('<settings schedule object>: $.items[0].colour: expected no such property (check the spelling against data/schedule.schema.json), found "colour"');
    expect(lines.slice(0, 20).every((line) => /\$\.items\[[0-6]\]\./.test(line))).toBe(true);
    expect(lines[20]).toBe('<settings schedule object>: … more problems not listed: fix these 20 first and run again');
  });

  it('finds a problem far into a long file at its real position', () => {
    const items = Array.from({ length: 30_000 }, (_, i) => item(i));
    items[29_999] = item(29_999, { removal: 'soon' });
    expect(problems({ schemaVersion: 2, items })).toEqual([expect.stringMatching(/^<settings schedule object>: \$\.items\[29999\]\.removal: expected .*, found "soon"$/)]);
  });

  it('keeps each problem at its position when a file has several long arrays', () => {
    const items = Array.from({ length: 200 }, (_, i) => item(i));
    for (const at of [10, 150, 199]) items[at] = item(at, { removal: 'soon' });
    // Since schemaVersion 2 `items` is the only array the schema knows: a second long one is a property of its own.
    const notes = Array.from({ length: 100 }, (_, i) => `note ${i}`);
    const lines = problems({ schemaVersion: 2, notes, items });
    expect(lines.map((line) => /\$\.\w+(\[\d+\])?/.exec(line)?.[0]).sort()).toEqual(['$.items[10]', '$.items[150]', '$.items[199]', '$.notes']);
  });

  it('reaches the command line as a usage error of 23 lines at most', async () => {
    const dir = copyProject();
    writeFileSync(path.join(dir, 'schedule.json'), JSON.stringify({ schemaVersion: 1, extends: 'bundled', items: Array.from({ length: 20_000 }, (_, i) => ({ id: `thing${i}` })) }));
    const { code, stderr } = await runCli(['check', '--now', '2026-11-22', '--schedule', 'schedule.json'], { cwd: dir });
    expect(stderr.trimEnd().split('\n').length).toBeLessThanOrEqual(23);
    expect(stderr).toContain('schedule.json: … more problems not listed');
    expect(code).toBe(2);
  });
});
