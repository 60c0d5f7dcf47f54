import { describe, expect, it, vi } from 'vitest';
import { printable, printableLines } from '../../src/cli/printable.js';
import { escapeData, escapeProperty } from '../../src/cli/workflow-commands.js';
import { runCli } from '../helpers/cli.js';
import { copyProject, writeFiles } from '../cli/project.js';

// Issue #16, item 3: nothing a file name or a message holds can add a workflow command, change an
// annotation or drive the terminal; annotations fit GitHub's limits, most severe first.
vi.mock('../../src/index.js', async () => ({ default: (await import('../cli/stand-in-plugin.js')).standInPlugin }));

const NOW = ['--now', '2026-11-22'];
const REMOVED = '// POST /rest/api/v1/createannouncement\nexport const snippet = 1;\n';
const SCHEDULED = '// GET /rest/api/v1/insights\nexport const searchSessionSatisfaction = 1;\n';

interface Command {
  name: string;
  properties: Record<string, string>;
  message: string;
}

/**
 * What the Actions runner makes of a log, as its ActionCommand parser does: a line (leading
 * whitespace trimmed) that starts with `::` is a command, unless commands are stopped, until the
 * stop token comes back.
 */
function workflowCommands(log: string): Command[] {
  const commands: Command[] = [];
  let stopToken: string | undefined;
  for (const raw of log.split(/\r?\n/)) {
    const line = raw.trimStart();
    if (stopToken !== undefined) {
      if (line === `::${stopToken}::`) stopToken = undefined;
      continue;
    }
    const match = /^::([^\s:]+)(?: ([^:]*))?::(.*)$/s.exec(line);
    if (!match) continue;
    const [, name, list = '', message = ''] = match;
    if (name === 'stop-commands') {
      stopToken = message;
      continue;
    }
    const properties = Object.fromEntries(list.split(',').filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf('=')), unescape(pair.slice(pair.indexOf('=') + 1))]));
    commands.push({ name: name!, properties, message: unescape(message) });
  }
  return commands;
}

/** The runner's unescaping (toolkit's command.ts, reversed). */
function unescape(text: string): string {
  return text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
}

describe('GitHub workflow commands', () => {
  const hostile = ['%0A::error::forged.ts', '::warning file=x.ts::forged.ts', 'a,line=1:b.ts', 'line\n::error::forged.ts', 'carriage\r::error::forged.ts', 'esc\u001b[2J.ts'];

  it('escape data and properties as the toolkit does', () => {
    expect(escapeData('100% done\r\n::x')).toBe('100%25 done%0D%0A::x');
    expect(escapeProperty('a:b,c%\n')).toBe('a%3Ab%2Cc%25%0A');
  });

  it('cannot be forged by file names: each finding is one annotation on its own file, and the summary is no command', async () => {
    const dir = copyProject();
    writeFiles(dir, Object.fromEntries(hostile.map((name) => [name, REMOVED])));
    writeFiles(dir, { '::error::summary-line.ts': REMOVED });
    const { stdout } = await runCli(['check', ...NOW, '--format', 'github'], { cwd: dir });
    const commands = workflowCommands(stdout);
    expect(commands.map((command) => command.name)).toEqual(Array(hostile.length + 1).fill('error'));
    expect(commands.map((command) => command.properties.file).sort()).toEqual([...hostile, '::error::summary-line.ts'].sort());
    expect(commands.every((command) => command.properties.title === 'api-sunset: createannouncement.snippet')).toBe(true);
    // The plain summary is in the log, but between stop-commands and its random token.
    expect(stdout).toMatch(/^::stop-commands::api-sunset-[0-9a-f]{32}$/m);
    expect(stdout).toContain('::error::summary-line.ts:2:14');
  });

  it('show at most 10 errors and 10 warnings, most severe first, and a notice for the rest', async () => {
    const dir = copyProject();
    // Imminent findings in files that sort first, removed ones in files that sort last: removed ones come first all the same.
    const files: Record<string, string> = {};
    for (let i = 0; i < 12; i++) {
      files[`a-imminent-${String(i).padStart(2, '0')}.ts`] = SCHEDULED;
      files[`z-removed-${String(i).padStart(2, '0')}.ts`] = REMOVED;
    }
    files['m-broken.ts'] = '// /rest/api/v1/search\nexport const = 1;\n';
    writeFiles(dir, files);
    const { stdout } = await runCli(['check', '--now', '2026-12-20', '--imminent-days', '30', '--format', 'github'], { cwd: dir });
    const commands = workflowCommands(stdout);
    const errors = commands.filter((command) => command.name === 'error').map((command) => command.properties.file);
    expect(errors).toEqual(Array.from({ length: 10 }, (_, i) => `z-removed-${String(i).padStart(2, '0')}.ts`));
    expect(commands.filter((command) => command.name === 'warning')).toEqual([]);
    expect(commands.filter((command) => command.name === 'notice').map((command) => command.message)).toEqual([
      '15 more annotations are not shown: GitHub shows 10 errors and 10 warnings per step. The job log lists every finding.',
    ]);
    // The log below still lists all of them.
    expect(stdout.match(/^a-imminent-\d+\.ts:2:14/gm)).toHaveLength(12);
  });
});

describe('terminal output', () => {
  it('escapes control characters, ANSI sequences and bidirectional overrides, in one line and in a diff', () => {
    expect(printable('a\u001b[2Jb\nc\u202ed\u0085e\tf')).toBe('a\\u001b[2Jb\\nc\\u202ed\\u0085e\\tf');
    expect(printableLines('-x\r\n+y\u001b[31m\tz\rw\n')).toBe('-x\r\n+y\\u001b[31m\tz\\rw\n');
  });

  it('never writes a control character from a file name or from source in a diff', async () => {
    const dir = copyProject();
    writeFiles(dir, { 'esc\u001b]0;title\u0007.ts': REMOVED, 'src/bell.ts': `${REMOVED}export const note = '\u001b[2J\u0007';\n` });
    for (const args of [['check'], ['fix', '--dry-run']]) {
      const { stdout } = await runCli([...args, ...NOW], { cwd: dir });
      // eslint-disable-next-line no-control-regex -- looking for control characters is the point
      expect(stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
      expect(stdout).toContain('esc\\u001b]0;title\\u0007.ts');
    }
    expect((await runCli(['fix', ...NOW, '--dry-run'], { cwd: dir })).stdout).toContain("export const note = '\\u001b[2J\\u0007';");
  });

  it('escapes the arguments a usage error quotes', async () => {
    const { stderr } = await runCli(['check', '--now', '\u001b[2J2026-01-01'], { cwd: copyProject() });
    expect(stderr).toBe('api-sunset check: --now expects a date as YYYY-MM-DD, got "\\u001b[2J2026-01-01" (see "api-sunset help check")\n');
  });
});
