#!/usr/bin/env node
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHECK_HELP, runCheck } from './check-command.js';
import { FIX_HELP, runFix } from './fix-command.js';
import { packageJson } from '../package-files.js';
import { EXIT_OK, EXIT_USAGE, type CliIo } from './io.js';
import { MERGE_HELP, runMerge } from './merge-command.js';
import { printable } from './printable.js';
import { runSchedule, SCHEDULE_HELP } from './schedule-command.js';
import { runScopes, SCOPES_HELP } from './scopes-command.js';
import { usageMessage } from './usage.js';

const HELP = `Usage: api-sunset <command> [options]

Find, and where it is safe, migrate uses of the service's deprecated and removed API
fields and endpoints.

Commands:
  check       find every use of a deprecated or removed item (the CI gate)
  fix         apply the automatic fixes and list what is left to migrate by hand
  schedule    print the deprecation timeline
  scopes      print the smallest set of token scopes the code needs
  merge       merge the JSON reports of sharded checks into one report and exit code

Run "api-sunset help <command>" (or "api-sunset <command> --help") for a command's options.
`;

type Command = (args: string[], io: CliIo) => number | Promise<number>;

const COMMANDS: Record<string, { run: Command; help: string }> = {
  check: { run: runCheck, help: CHECK_HELP },
  fix: { run: runFix, help: FIX_HELP },
  schedule: { run: runSchedule, help: SCHEDULE_HELP },
  scopes: { run: runScopes, help: SCOPES_HELP },
  merge: { run: runMerge, help: MERGE_HELP },
};

/** The whole CLI as a function of its arguments and IO: the process wrapper below only binds them. */
export async function run(argv: string[], io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h') {
    io.stdout(HELP);
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  if (name === 'help') return help(args, io);
  if (name === '--version' || name === '-v') {
    io.stdout(`${packageJson().version}\n`);
    return EXIT_OK;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr(`api-sunset: unknown command "${printable(name)}" (commands: ${Object.keys(COMMANDS).join(', ')}; see "api-sunset help")\n`);
    return EXIT_USAGE;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    const usage = usageMessage(name, error);
    if (usage === undefined) throw error;
    io.stderr(usage);
    return EXIT_USAGE;
  }
}

/** `api-sunset help [command]`, as git and npm have it. */
function help(args: string[], io: CliIo): number {
  const [topic, ...rest] = args;
  if (topic === undefined) {
    io.stdout(HELP);
    return EXIT_OK;
  }
  const command = COMMANDS[topic];
  if (!command || rest.length > 0) {
    io.stderr(`api-sunset help: ${command ? `unexpected argument "${rest[0]}"` : `unknown command "${topic}"`} (commands: ${Object.keys(COMMANDS).join(', ')})\n`);
    return EXIT_USAGE;
  }
  io.stdout(command.help);
  return EXIT_OK;
}

function isMain(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isMain()) {
  const io: CliIo = {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    cwd: process.cwd(),
    env: process.env,
    isTTY: Boolean(process.stdout.isTTY),
    stderrIsTTY: Boolean(process.stderr.isTTY),
  };
  run(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`api-sunset: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = EXIT_USAGE;
    },
  );
}
