import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp-dirs.js';
import { FIXTURES } from '../rules/tester.js';

const SHARED = path.resolve(import.meta.dirname, '../../../shared/openapi');

/** A scratch directory holding a copy of the test document, edited by `edit`. */
function workspace(edit: (text: string) => string = (text) => text): string {
  const dir = tempDir('openapi');
  writeFileSync(path.join(dir, 'mini.yaml'), edit(readFileSync(path.join(FIXTURES, 'openapi/mini.yaml'), 'utf8')));
  return dir;
}

describe('api-sunset schedule import', () => {
  it('writes a graph and a schedule the other commands read; unknown marks get a replacement from their message and no fix', async () => {
    const dir = workspace();
    const { code, stdout } = await runCli(['schedule', 'import', 'mini.yaml'], { cwd: dir });
    expect(code).toBe(0);
    expect(stdout).toContain('Read 1 document: 2 operations, ');
    expect(stdout).toContain('Wrote api-sunset-schedule/graph.json and api-sunset-schedule/schedule.json.');
    expect(stdout).toContain('Use it with: api-sunset check --schedule api-sunset-schedule/schedule.json');
    const schedule = JSON.parse(readFileSync(path.join(dir, 'api-sunset-schedule/schedule.json'), 'utf8'));
    expect(schedule.graph).toBe('./graph.json');
    expect(schedule.items.map((item: { id: string; on: string }) => `${item.id} ${item.on}`)).toEqual([
      'mark-sentat Invite.sentAt',
      'mark-oldcount POST /api/index/v1/oldcount',
      'mark-snippet Snippet.snippet',
    ]);
    const item = (id: string) => schedule.items.find((candidate: { id: string }) => candidate.id === id);
    expect(item('mark-snippet').replacement).toEqual({ kind: 'rename', to: 'text', fix: 'none' });
    expect(item('mark-oldcount')).toMatchObject({ api: 'indexing', removal: '2026-10-15', introduced: '2026-01-01', replacement: { kind: 'none', fix: 'none' } });
    const listed = await runCli(['schedule', '--schedule', 'api-sunset-schedule/schedule.json', '--now', '2026-11-24'], { cwd: dir });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^Snippet\.snippet +text +2026-10-15 +removed 40 days ago$/m);
    expect(listed.stdout).toContain('3 items as of 2026-11-24: 2 removed, 0 imminent, 1 scheduled');
  });

  it('keeps what a known schedule says of a mark and takes the dates from the documents', async () => {
    const dir = workspace();
    await runCli(['schedule', 'import', 'mini.yaml', '--out', 'first'], { cwd: dir });
    const first = path.join(dir, 'first/schedule.json');
    const edited = JSON.parse(readFileSync(first, 'utf8'));
    edited.items.find((item: { id: string }) => item.id === 'mark-snippet').aliases = ['search.snippet'];
    writeFileSync(first, JSON.stringify(edited));
    writeFileSync(path.join(dir, 'mini.yaml'), readFileSync(path.join(dir, 'mini.yaml'), 'utf8').replace('removal: "2026-10-15"\n    Person', 'removal: "2026-12-01"\n    Person'));
    const { stdout } = await runCli(['schedule', 'import', 'mini.yaml', '--schedule', 'first/schedule.json', '--out', 'second'], { cwd: dir });
    expect(stdout).toContain('changed  Snippet.snippet  removal 2026-10-15 -> 2026-12-01  (mark mark-snippet)');
    const second = JSON.parse(readFileSync(path.join(dir, 'second/schedule.json'), 'utf8'));
    expect(second.items.find((item: { id: string }) => item.id === 'mark-snippet')).toMatchObject({ aliases: ['search.snippet'], removal: '2026-12-01' });
  });

  it.each([
    ['not OpenAPI 3', (text: string) => text.replace('openapi: 3.0.3', 'swagger: "2.0"'), 'mini.yaml: #/swagger: expected an OpenAPI 3.0 or 3.1 document (convert Swagger 2.0 first), found swagger "2.0"'],
    ['a broken $ref', (text: string) => text.replace('#/components/schemas/Snippet"', '#/components/schemas/Snipet"'), 'mini.yaml: #/components/schemas/SearchResult/properties/snippets/items/$ref: expected a $ref to an existing value (nothing at /components/schemas/Snipet in mini.yaml), found "#/components/schemas/Snipet"'],
    ['a mark with a bad date', (text: string) => text.replace('removal: "2027-03-01"', 'removal: "2027-02-30"'), 'mini.yaml: #/components/schemas/Invite/properties/sentAt/x-glean-deprecated/0/removal: expected a removal date as YYYY-MM-DD, found "2027-02-30"'],
    ['not YAML at all', () => 'openapi: [3.0\n  paths: {', 'mini.yaml: #: expected valid YAML or JSON, found '],
  ])('refuses %s with one line naming the file and the JSON pointer, exit 2, and writes nothing', async (_name, edit, message) => {
    const dir = workspace(edit);
    const { code, stdout, stderr } = await runCli(['schedule', 'import', 'mini.yaml'], { cwd: dir });
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.split('\n')[0]).toContain(`api-sunset schedule: ${message}`);
    expect(readdirSync(dir)).toEqual(['mini.yaml']);
  });

  it('asks for at least one document', async () => {
    const { code, stderr } = await runCli(['schedule', 'import'], { cwd: workspace() });
    expect(code).toBe(2);
    expect(stderr).toContain('expects one or more OpenAPI documents');
  });
});

describe('api-sunset schedule diff', () => {
  async function imported(): Promise<string> {
    const dir = workspace();
    await runCli(['schedule', 'import', 'mini.yaml'], { cwd: dir });
    return dir;
  }
  const diff = (dir: string, ...args: string[]) => runCli(['schedule', 'diff', 'mini.yaml', '--schedule', 'api-sunset-schedule/schedule.json', ...args], { cwd: dir });

  it('reports nothing, with exit 0, for the documents a schedule was made from', async () => {
    const { code, stdout } = await diff(await imported());
    expect(code).toBe(0);
    expect(stdout).toBe('No changes against api-sunset-schedule/schedule.json.\n');
  });

  it('reports a moved date, a new mark and a mark gone, with exit 1', async () => {
    const dir = await imported();
    const text = readFileSync(path.join(dir, 'mini.yaml'), 'utf8')
      .replace('removal: "2027-03-01"', 'removal: "2027-06-01"')
      .replace(/ {6}x-glean-deprecated:\n {8}id: mark-oldcount\n(?: {8}.*\n){3}/, '')
      .replace('        query:\n          type: string', '        query:\n          type: string\n        pageSize:\n          type: integer\n          x-glean-deprecated: { id: mark-pagesize, removal: "2027-01-01" }');
    writeFileSync(path.join(dir, 'mini.yaml'), text);
    const { code, stdout } = await diff(dir);
    expect(code).toBe(1);
    expect(stdout).toBe(
      [
        '3 changes against api-sunset-schedule/schedule.json:',
        '  changed  Invite.sentAt  removal 2027-03-01 -> 2027-06-01  (mark mark-sentat)',
        '  new      SearchRequest.pageSize  removal 2027-01-01  (mark mark-pagesize)',
        '  gone     POST /api/index/v1/oldcount  (mark mark-oldcount is no longer in the documents)',
        '',
      ].join('\n'),
    );
    const json = JSON.parse((await diff(dir, '--format', 'json')).stdout);
    expect(json.changes.map((change: { kind: string; id: string }) => `${change.kind} ${change.id}`)).toEqual(['changed mark-sentat', 'new mark-pagesize', 'gone mark-oldcount']);
  });

  it.skipIf(!existsSync(SHARED))('reports nothing for the service documents the bundled data was made from, and an edit in a copy', async () => {
    const same = await runCli(['schedule', 'diff', ...readdirSync(SHARED).filter((file) => file.endsWith('.yaml')).map((file) => path.join(SHARED, file))]);
    expect(same.stdout).toBe('No changes against eslint-plugin-api-sunset/data/schedule.json.\n');
    expect(same.code).toBe(0);
    const dir = tempDir('shared');
    cpSync(SHARED, dir, { recursive: true });
    const file = path.join(dir, 'client_rest.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('message: Use `collection.trackingToken` instead.\n            removal: "2027-01-15"', 'message: Use `collection.trackingToken` instead.\n            removal: "2027-04-01"'));
    const changed = await runCli(['schedule', 'diff', 'admin_rest.yaml', 'client_rest.yaml', 'indexing.yaml'], { cwd: dir });
    expect(changed.code).toBe(1);
    expect(changed.stdout).toContain('  changed  GetCollectionResponse.trackingToken  removal 2027-01-15 -> 2027-04-01  (mark 2d6ca3a7-4763-4137-9ebd-740568fe8300)');
  });
});
