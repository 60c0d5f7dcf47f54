import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchedule, ScheduleError } from '../../src/schedule/index.js';

const endpointItem = (extra: Record<string, unknown> = {}) => ({
  id: 'getthing',
  api: 'indexing',
  kind: 'endpoint',
  endpoint: 'POST /api/index/v1/getthing',
  removal: '2026-10-15',
  notices: [{ replacement: 'none', migration: { action: 'remove', fix: 'none' } }],
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
  const dir = mkdtempSync(path.join(tmpdir(), 'api-sunset-schedule-'));
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return { dir, file };
}

describe('schedule validation', () => {
  it('names the file, the JSON path, what was expected and what was found for a missing removal date', () => {
    const { removal: _removal, ...item } = endpointItem();
    const { dir } = writeTemp('my-schedule.json', JSON.stringify({ schemaVersion: 1, items: [item] }));
    expect(problemsOf('my-schedule.json', dir)).toEqual(['my-schedule.json: $.items[0].removal: expected the required property "removal", found nothing']);
  });

  it('rejects a date that is not on the calendar', () => {
    expect(problemsOf({ schemaVersion: 1, items: [endpointItem({ removal: '2026-13-01' })] })).toEqual([
      '<settings schedule object>: $.items[0].removal: expected a real calendar date as YYYY-MM-DD, found "2026-13-01"',
    ]);
  });

  it('rejects an unknown kind, listing the allowed ones', () => {
    expect(problemsOf({ schemaVersion: 1, items: [endpointItem({ kind: 'column' })] })).toEqual([
      '<settings schedule object>: $.items[0].kind: expected one of "field", "endpoint", found "column"',
    ]);
  });

  it('rejects a duplicate id, pointing at both places', () => {
    expect(problemsOf({ schemaVersion: 1, items: [endpointItem(), endpointItem()] })).toEqual([
      '<settings schedule object>: $.items[1].id: expected a unique id (already used at $.items[0]), found "getthing"',
    ]);
  });

  it('reports every problem at once, one per line', () => {
    const lines = problemsOf({ schemaVersion: 1, items: [endpointItem({ kind: 'column', removal: '2026-13-01', colour: 'red' })] });
    expect(lines).toEqual([
      '<settings schedule object>: $.items[0].colour: expected no such property (check the spelling against data/schedule.schema.json), found "colour"',
      '<settings schedule object>: $.items[0].kind: expected one of "field", "endpoint", found "column"',
      '<settings schedule object>: $.items[0].removal: expected a real calendar date as YYYY-MM-DD, found "2026-13-01"',
    ]);
  });

  it('requires a field name and direction on field items', () => {
    expect(problemsOf({ schemaVersion: 1, items: [endpointItem({ kind: 'field' })] })).toEqual([
      '<settings schedule object>: $.items[0].field: expected the required property "field", found nothing',
      '<settings schedule object>: $.items[0].travels: expected the required property "travels", found nothing',
    ]);
  });

  it('checks that occurrence paths end in the field', () => {
    const item = endpointItem({
      id: 'x.y',
      kind: 'field',
      field: 'y',
      travels: ['response'],
      notices: [{ replacement: 'none', migration: { action: 'remove', fix: 'none' }, occurrences: [{ endpoint: 'POST /x', in: 'response', path: 'a.z' }] }],
    });
    expect(problemsOf({ schemaVersion: 1, items: [item] })).toEqual([
      '<settings schedule object>: $.items[0].notices[0].occurrences[0].path: expected a path ending in the item\'s field "y", found "a.z"',
    ]);
  });

  it('says when a file is not JSON or cannot be read', () => {
    const { dir } = writeTemp('broken.json', '{ "schemaVersion": 1,');
    expect(problemsOf('broken.json', dir)[0]).toMatch(/^broken\.json: \$: expected valid JSON, found /);
    expect(problemsOf('missing.json', dir)).toEqual(['missing.json: $: expected a readable JSON file, found ENOENT']);
  });
});

describe('extending the bundled schedule', () => {
  it('moves a bundled date by id and keeps the rest', () => {
    const schedule = loadSchedule({ schemaVersion: 1, extends: 'bundled', items: [{ id: 'bulkindexemployees', removal: '2027-01-15' }] });
    expect(schedule.items).toHaveLength(27);
    expect(schedule.items.find((item) => item.id === 'bulkindexemployees')?.removal).toBe('2027-01-15');
    expect(schedule.items.find((item) => item.id === 'bulkindexemployees')?.endpoint).toBe('POST /api/index/v1/bulkindexemployees');
  });

  it('adds new items, which must be complete', () => {
    expect(loadSchedule({ schemaVersion: 1, extends: 'bundled', items: [endpointItem()] }).items).toHaveLength(28);
    expect(problemsOf({ schemaVersion: 1, extends: 'bundled', items: [{ id: 'brand.new', removal: '2027-01-01' }] })).toEqual([
      '<settings schedule object>: $.items[0].api: expected the required property "api", found nothing',
      '<settings schedule object>: $.items[0].kind: expected the required property "kind", found nothing',
      '<settings schedule object>: $.items[0].endpoint: expected the required property "endpoint", found nothing',
      '<settings schedule object>: $.items[0].notices: expected the required property "notices", found nothing',
    ]);
  });

  it('validates overrides with the same precision', () => {
    expect(problemsOf({ schemaVersion: 1, extends: 'bundled', items: [{ id: 'listanswers', removal: '2026-02-30' }] })).toEqual([
      '<settings schedule object>: $.items[0].removal: expected a real calendar date as YYYY-MM-DD, found "2026-02-30"',
    ]);
  });
});
