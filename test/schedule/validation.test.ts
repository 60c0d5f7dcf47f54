import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findItem, loadSchedule, ScheduleError } from '../../src/schedule/index.js';
import { tempDir } from '../helpers/temp-dirs.js';

/** An item of the user's own, on an operation of the bundled graph. */
const endpointItem = (extra: Record<string, unknown> = {}) => ({
  id: 'getthing',
  api: 'indexing',
  on: 'POST /api/index/v1/indexemployee',
  removal: '2026-10-15',
  replacement: { kind: 'none', fix: 'none' },
  ...extra,
});

function problemsOf(input: string | object, cwd?: string): string[] {
  try {
    loadSchedule(input, cwd);
  } catch (error) {
    expect(error).toBeInstanceOf(ScheduleError);
    return (error as Error).message.split('\n');
  }
  throw new Error('expected the schedule to be rejected');
}

function writeTemp(name: string, content: string): { dir: string; file: string } {
  const dir = tempDir('schedule');
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return { dir, file };
}

describe('schedule validation', () => {
  it('names the file, the JSON path, what was expected and what was found for a missing removal date', () => {
    const { removal: _removal, ...item } = endpointItem();
    const { dir } = writeTemp('my-schedule.json', JSON.stringify({ schemaVersion: 2, items: [item] }));
    expect(problemsOf('my-schedule.json', dir)).toEqual(['my-schedule.json: $.items[0].removal: expected the required property "removal", found nothing']);
  });

  it('rejects a date that is not on the calendar', () => {
    expect(problemsOf({ schemaVersion: 2, items: [endpointItem({ removal: '2026-13-01' })] })).toEqual([
      '<settings schedule object>: $.items[0].removal: expected a real calendar date as YYYY-MM-DD, found "2026-13-01"',
    ]);
  });

  it('rejects an unknown replacement kind, listing the allowed ones', () => {
    expect(problemsOf({ schemaVersion: 2, items: [endpointItem({ replacement: { kind: 'column', fix: 'none' } })] })).toEqual([
      '<settings schedule object>: $.items[0].replacement.kind: expected one of "rename", "move", "reshape", "none", "endpoint", found "column"',
    ]);
  });

  it('requires a target for renames', () => {
    expect(problemsOf({ schemaVersion: 2, items: [endpointItem({ replacement: { kind: 'rename', fix: 'auto' } })] })).toEqual([
      '<settings schedule object>: $.items[0].replacement.to: expected the required property "to", found nothing',
    ]);
  });

  it('rejects a duplicate id, pointing at both places', () => {
    expect(problemsOf({ schemaVersion: 2, items: [endpointItem(), endpointItem()] })).toEqual([
      '<settings schedule object>: $.items[1].id: expected a unique id (already used by $.items[0]), found "getthing"',
    ]);
  });

  it('reports every problem at once, one per line', () => {
    const lines = problemsOf({ schemaVersion: 2, items: [endpointItem({ api: 'column', removal: '2026-13-01', colour: 'red' })] });
    expect(lines).toEqual([
      '<settings schedule object>: $.items[0].colour: expected no such property (check the spelling against data/schedule.schema.json), found "colour"',
      '<settings schedule object>: $.items[0].api: expected one of "client", "indexing", found "column"',
      '<settings schedule object>: $.items[0].removal: expected a real calendar date as YYYY-MM-DD, found "2026-13-01"',
    ]);
  });

  it('checks every anchor against the schema graph', () => {
    expect(problemsOf({ schemaVersion: 2, items: [endpointItem({ on: 'POST /api/index/v1/nothing' }), endpointItem({ id: 'b', on: 'ChatMessage.nothing' }), endpointItem({ id: 'c', on: 'NoSuchSchema' })] })).toEqual([
      '<settings schedule object>: $.items[0].on: expected an operation of the schema graph, found "POST /api/index/v1/nothing"',
      '<settings schedule object>: $.items[1].on: expected a property of ChatMessage in the schema graph, found "ChatMessage.nothing"',
      '<settings schedule object>: $.items[2].on: expected a schema of the schema graph, found "NoSuchSchema"',
    ]);
  });

  it('keeps an item with a mark id where the documents put the mark', () => {
    expect(problemsOf({ schemaVersion: 2, items: [endpointItem({ id: '6446f85e-c90e-4c00-9717-796f9db3dc61', on: 'ChatMessage.fragments' })] })).toEqual([
      '<settings schedule object>: $.items[0].on: expected "ChatMessage.citations", where the documents put the mark with this id, found "ChatMessage.fragments"',
    ]);
  });

  it('says when a file is not JSON or cannot be read', () => {
    const { dir } = writeTemp('broken.json', '{ "schemaVersion": 2,');
    expect(problemsOf('broken.json', dir)[0]).toMatch(/^broken\.json: \$: expected valid JSON, found /);
    expect(problemsOf('missing.json', dir)).toEqual(['missing.json: $: expected a readable JSON file, found ENOENT']);
  });

  it('reads a graph named by the schedule, relative to it, and says when it is not one', () => {
    const { dir } = writeTemp('graph.json', JSON.stringify({ graphVersion: 9 }));
    writeFileSync(path.join(dir, 'schedule.json'), JSON.stringify({ schemaVersion: 2, graph: './graph.json', items: [] }));
    expect(problemsOf('schedule.json', dir)).toEqual(['./graph.json: $.graphVersion: expected 1 or 2 (a graph written by "api-sunset schedule import", named by schedule.json), found number 9']);
  });
});

describe('a schedule file loaded twice', () => {
  it('is one object while the file (and the graph it names) is unchanged, and a new one after a change', () => {
    const patch = (removal: string) => JSON.stringify({ schemaVersion: 2, extends: 'bundled', items: [{ id: 'bulkindexemployees', removal }] });
    const { dir, file } = writeTemp('moved.json', patch('2027-01-15'));
    const first = loadSchedule('moved.json', dir);
    // The CLI's runner and the rules it runs name the file differently but must share the project's analysis.
    expect(loadSchedule(file)).toBe(first);
    // One byte longer, so the change shows even where two writes share a modification time.
    writeFileSync(file, `${patch('2027-02-15')} `);
    const changed = loadSchedule(file);
    expect(changed).not.toBe(first);
    expect(findItem(changed, 'bulkindexemployees')!.removal).toBe('2027-02-15');
  });
});

describe('extending the bundled schedule', () => {
  it('moves a bundled date by id, alias or anchor and keeps the rest', () => {
    for (const name of ['ce596f49-55c4-465e-bf3c-5a3a33906e1f', 'bulkindexemployees', 'POST /api/index/v1/bulkindexemployees']) {
      const schedule = loadSchedule({ schemaVersion: 2, extends: 'bundled', items: [{ id: name, removal: '2027-01-15' }] });
      expect(schedule.items).toHaveLength(31);
      const item = findItem(schedule, 'bulkindexemployees')!;
      expect(item.removal).toBe('2027-01-15');
      expect(item.on).toBe('POST /api/index/v1/bulkindexemployees');
    }
  });

  it('reads the schemaVersion 1 overrides the README used to show: today\'s ids move removal dates', () => {
    const schedule = loadSchedule({ schemaVersion: 1, extends: 'bundled', items: [{ id: 'bulkindexemployees', removal: '2027-01-15' }, { id: 'policy.sensitiveInfoTypes', removal: '2026-12-01' }] });
    expect(findItem(schedule, 'POST /api/index/v1/bulkindexemployees')!.removal).toBe('2027-01-15');
    expect(findItem(schedule, 'DlpConfig.sensitiveInfoTypes')!.removal).toBe('2026-12-01');
    expect(findItem(schedule, 'SensitiveContentOptions.sensitiveInfoTypes')!.removal).toBe('2026-12-01');
  });

  it('says what a schemaVersion 1 file can no longer say', () => {
    expect(problemsOf({ schemaVersion: 1, items: [] })[0]).toMatch(/^<settings schedule object>: \$\.schemaVersion: expected schemaVersion 2 \(a full schedule written for version 1 cannot be read/);
    expect(problemsOf({ schemaVersion: 1, extends: 'bundled', items: [{ id: 'listanswers', notices: [] }] })).toEqual([
      '<settings schedule object>: $.items[0].notices: expected only "id" and "removal" in a schemaVersion 1 override (write schemaVersion 2 to change more, see docs/schedule.md), found "notices"',
    ]);
  });

  it('adds new items, which must be complete', () => {
    expect(loadSchedule({ schemaVersion: 2, extends: 'bundled', items: [endpointItem()] }).items).toHaveLength(32);
    expect(problemsOf({ schemaVersion: 2, extends: 'bundled', items: [{ id: 'brand.new', removal: '2027-01-01' }] })).toEqual([
      '<settings schedule object>: $.items[0].api: expected the required property "api", found nothing',
      '<settings schedule object>: $.items[0].on: expected the required property "on", found nothing',
      '<settings schedule object>: $.items[0].replacement: expected the required property "replacement", found nothing',
    ]);
  });

  it('validates overrides with the same precision', () => {
    expect(problemsOf({ schemaVersion: 2, extends: 'bundled', items: [{ id: 'listanswers', removal: '2026-02-30' }] })).toEqual([
      '<settings schedule object>: $.items[0].removal: expected a real calendar date as YYYY-MM-DD, found "2026-02-30"',
    ]);
  });
});
