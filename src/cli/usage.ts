import { UsageError } from './io.js';
import { printableLines } from './printable.js';

/**
 * The line a usage mistake gets: what was wrong, in the CLI's own words (not node:util's
 * parseArgs wording, which suggests `--` tricks), and where the command's help is. Messages of
 * several lines (an invalid schedule: one line per problem) are printed as they are.
 */
export function usageMessage(command: string, error: unknown): string | undefined {
  let message: string;
  if (error instanceof UsageError) message = error.message;
  else if (isParseArgsError(error)) message = parseArgsMessage(error);
  else return undefined;
  // Messages quote the arguments, which may hold anything a terminal would act on.
  message = printableLines(message);
  if (message.includes('\n')) return `api-sunset ${command}: ${message}\n`;
  return `api-sunset ${command}: ${message} (see "api-sunset help ${command}")\n`;
}

function isParseArgsError(error: unknown): error is Error & { code: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}

function parseArgsMessage(error: Error & { code: string }): string {
  const quoted = /'([^']*)'/.exec(error.message)?.[1] ?? '';
  const flag = quoted.split(' ')[0] ?? quoted;
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${flag}`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument "${quoted}"`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return /does not take an argument/.test(error.message) ? `${flag} takes no value` : `${flag} needs a value`;
    default:
      return error.message.split(/(?<=\.)\s/)[0] ?? error.message;
  }
}
