#!/usr/bin/env node
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHECK_HELP, runCheck } from './check-command.js';
import { FIX_HELP, runFix } from './fix-command.js';
import { EXIT_OK, EXIT_USAGE, UsageError, type CliIo } from './io.js';
import { printableLines } from './printable.js';
import { runSchedule, SCHEDULE_HELP } from './schedule-command.js';
import { runScopes, SCOPES_HELP } from './scopes-command.js';

const HELP = `Usage: api-sunset <command> [options]

Find, and where it is safe, migrate uses of the service's deprecated and removed API
fields and endpoints.

Commands:
  check       find every use of a deprecated or removed item (the CI gate)
  fix         apply the automatic fixes and list what is left to migrate by hand
  schedule    print the deprecation timeline
  scopes      print the smallest set of token scopes the code needs

Run "api-sunset <command> --help" for a command's options.
`;

type Command = (args: string[], io: CliIo) => number | Promise<number>;

const COMMANDS: Record<string, { run: Command; help: string }> = {
  check: { run: runCheck, help: CHECK_HELP },
  fix: { run: runFix, help: FIX_HELP },
  schedule: { run: runSchedule, help: SCHEDULE_HELP },
  scopes: { run: runScopes, help: SCOPES_HELP },
};

/** The whole CLI as a function of its arguments and IO: the process wrapper below only binds them. */
export async function run(argv: string[], io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(HELP);
    return name === undefined ? EXIT_USAGE : EXIT_OK;
  }
  if (name === '--version' || name === '-v') {
    io.stdout(`${await packageVersion()}\n`);
    return EXIT_OK;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr(`api-sunset: unknown command "${printableLines(name)}"\n\n${HELP}`);
    return EXIT_USAGE;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof UsageError || isParseArgsError(error)) {
      // Messages quote the arguments, which may hold anything a terminal would act on.
      io.stderr(`api-sunset ${name}: ${printableLines((error as Error).message)}\nRun "api-sunset ${name} --help" for usage.\n`);
      return EXIT_USAGE;
    }
    throw error;
  }
}

function isParseArgsError(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}

async function packageVersion(): Promise<string> {
  const { default: pkg } = await import('../../package.json', { with: { type: 'json' } });
  return pkg.version;
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
