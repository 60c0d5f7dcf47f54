import { randomBytes } from 'node:crypto';

/**
 * GitHub Actions workflow commands (`::error file=…,line=…::message`). The runner undoes exactly
 * this escaping (actions/toolkit's `escapeData` and `escapeProperty`): in the message `%`, CR and LF;
 * in a property also `:` and `,`, which would otherwise end the property or the property list. A
 * file named `x%0A::error::…` or `a,line=1:b.ts` cannot add or change an annotation.
 */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function workflowCommand(command: string, properties: Record<string, string | number>, message: string): string {
  const list = Object.entries(properties)
    .map(([key, value]) => `${key}=${escapeProperty(String(value))}`)
    .join(',');
  return `::${command}${list ? ` ${list}` : ''}::${escapeData(message)}`;
}

/**
 * Output between these two lines is not read as workflow commands: the runner would otherwise
 * take any line of the plain summary that starts with `::` (a finding in a file named
 * `::error::x.ts`) as a command. The token is random, so no text in between can end the pause.
 */
export function withoutWorkflowCommands(text: string): string {
  const token = `api-sunset-${randomBytes(16).toString('hex')}`;
  return `::stop-commands::${token}\n${text}${text.endsWith('\n') ? '' : '\n'}::${token}::\n`;
}
