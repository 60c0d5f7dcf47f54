import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { CHECK_HELP, CHECK_OPTIONS } from '../../src/cli/check-command.js';
import { FIX_HELP, FIX_OPTIONS } from '../../src/cli/fix-command.js';
import { MERGE_HELP, MERGE_OPTIONS } from '../../src/cli/merge-command.js';
import { ROOT, runBuiltCli, runCli } from '../helpers/cli.js';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';
import { copyProject } from './project.js';

// Conventions of the command line itself, against the stand-in with the plugin's contract.
vi.mock('../../src/index.js', async () => ({ default: (await import('./stand-in-plugin.js')).standInPlugin }));

const NOW = ['--now', '2026-11-22'];

describe('help', () => {
  it.each(['check', 'fix', 'schedule', 'scopes', 'merge'])('`api-sunset help %s` prints the command\'s help', async (command) => {
    const viaHelp = await runCli(['help', command]);
    expect(viaHelp.stdout).toMatch(new RegExp(`^Usage: api-sunset ${command} `));
    expect(viaHelp.stdout).toBe((await runCli([command, '--help'])).stdout);
    expect(viaHelp.code).toBe(0);
  });

  it('lists the commands, and rejects an unknown one in one line', async () => {
    expect((await runCli(['help'])).stdout).toBe((await runCli(['--help'])).stdout);
    const unknown = await runCli(['help', 'lint']);
    expect(unknown.stderr).toBe('api-sunset help: unknown command "lint" (commands: check, fix, schedule, scopes, merge)\n');
    expect(unknown.code).toBe(2);
    expect((await runCli(['lint'])).stderr).toBe('api-sunset: unknown command "lint" (commands: check, fix, schedule, scopes, merge; see "api-sunset help")\n');
  });

  // Every flag a command accepts is in its --help and in docs/cli.md.
  const docs = readFileSync(path.join(ROOT, 'docs/cli.md'), 'utf8');
  it.each([
    ['check', CHECK_OPTIONS, CHECK_HELP],
    ['fix', FIX_OPTIONS, FIX_HELP],
    ['merge', MERGE_OPTIONS, MERGE_HELP],
  ] as const)('documents every flag of %s in --help and docs/cli.md', (_command, options, help) => {
    for (const [name, option] of Object.entries(options)) {
      const short = 'short' in option ? `-${option.short}, ` : '';
      expect(help).toContain(`  ${short}--${name}`);
      expect(docs).toContain(`\`${short ? `${short.slice(0, -2)}\`, \`` : ''}--${name}`);
    }
  });
});

describe('usage errors', () => {
  it.each([
    [['check', '--frobnicate'], 'api-sunset check: unknown option --frobnicate (see "api-sunset help check")\n'],
    [['check', '-x'], 'api-sunset check: unknown option -x (see "api-sunset help check")\n'],
    [['check', '--now'], 'api-sunset check: --now needs a value (see "api-sunset help check")\n'],
    [['fix', '--dry-run=yes'], 'api-sunset fix: --dry-run takes no value (see "api-sunset help fix")\n'],
    [['schedule', 'extra'], 'api-sunset schedule: unexpected argument "extra" (see "api-sunset help schedule")\n'],
  ])('%j is one line naming the mistake', async (argv, message) => {
    const { code, stdout, stderr } = await runCli(argv, { cwd: copyProject('stand-in') });
    expect(stderr).toBe(message);
    expect(stdout).toBe('');
    expect(code).toBe(2);
  });
});

describe('colour', () => {
  const coloured = async (options: { isTTY?: boolean; env?: NodeJS.ProcessEnv }) => (await runCli(['check', ...NOW], { cwd: copyProject('stand-in'), ...options })).stdout.includes('\u001b[');

  it('follows FORCE_COLOR and NO_COLOR; FORCE_COLOR wins, as in Node', async () => {
    expect(await coloured({ isTTY: false })).toBe(false);
    expect(await coloured({ isTTY: true })).toBe(true);
    expect(await coloured({ isTTY: false, env: { FORCE_COLOR: '1' } })).toBe(true);
    expect(await coloured({ isTTY: false, env: { FORCE_COLOR: '' } })).toBe(true);
    expect(await coloured({ isTTY: true, env: { FORCE_COLOR: '0' } })).toBe(false);
    expect(await coloured({ isTTY: true, env: { NO_COLOR: '1' } })).toBe(false);
    expect(await coloured({ isTTY: true, env: { NO_COLOR: '1', FORCE_COLOR: '1' } })).toBe(true);
  });
});

describe('ESLint warnings the command does not own', () => {
  it('prints no .eslintignore warning: the command reads no ESLint configuration or ignore file', { timeout: SLOW_TEST_TIMEOUT }, async () => {
    const dir = copyProject('real-project');
    writeFileSync(path.join(dir, '.eslintignore'), 'dist\n');
    const { stderr, stdout } = await runBuiltCli(['check', ...NOW], dir);
    expect(stdout).toContain('getdocumentcount');
    expect(stderr).toBe('');
  });
});

describe('files in the repository', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('hold no absolute path of the machine they were written on', () => {
    const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter((file) => /\.(md|json|ts|js|mjs|yml)$/.test(file) && !file.startsWith('test/fixtures/sarif/'));
    const offenders = tracked.filter((file) => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      return text.includes(ROOT) || /(^|[\s`'"(])\/(work|home|Users|root)\/[\w.-]+/m.test(text);
    });
    expect(offenders).toEqual([]);
  });
});
