/** What a command may touch, so tests run commands in-process with a pinned date and captured output. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Whether stdout is a terminal: colour only there (FORCE_COLOR and NO_COLOR decide otherwise). */
  isTTY: boolean;
  /**
   * Lint in the calling thread rather than in a worker. Tests do, so that a mocked plugin applies;
   * the per-file time limit is then not enforced (ESLint lints synchronously).
   */
  inProcessLinter?: boolean;
  /** Whether stderr is a terminal: the progress bar is drawn there. */
  stderrIsTTY?: boolean;
}

export const EXIT_OK = 0;
export const EXIT_FINDINGS = 1;
export const EXIT_USAGE = 2;

/** A mistake in how the command was called or configured: printed without a stack, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

// SGR codes; node:util's styleText would do, but before Node 22 it cannot be told which stream it writes to.
const SGR = { red: [31, 39], yellow: [33, 39], green: [32, 39], cyan: [36, 39], dim: [2, 22], bold: [1, 22] } as const;
export type Colour = keyof typeof SGR;

/**
 * Colour on stdout. `FORCE_COLOR` turns it on even when piped (`FORCE_COLOR=0` or `false` off), and
 * wins over `NO_COLOR`, as in Node itself; `NO_COLOR` (any non-empty value) turns it off.
 */
export function colourEnabled(io: Pick<CliIo, 'env' | 'isTTY'>): boolean {
  const force = io.env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force.toLowerCase() !== 'false';
  if (io.env.NO_COLOR) return false;
  return io.isTTY && io.env.TERM !== 'dumb';
}

export function painter(io: CliIo): (colour: Colour, text: string) => string {
  const enabled = colourEnabled(io);
  return enabled ? (colour, text) => `\u001b[${SGR[colour][0]}m${text}\u001b[${SGR[colour][1]}m` : (_colour, text) => text;
}

/** Left-aligned columns separated by two spaces; colour codes do not count towards the width. */
export function formatTable(header: string[], rows: string[][], paint?: (row: string[], cell: string, column: number, index: number) => string): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
  const line = (cells: string[], styled: (cell: string, column: number) => string) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? styled(cell, column) : styled(cell, column) + ' '.repeat((widths[column] ?? 0) - cell.length)))
      .join('  ')
      .trimEnd();
  return [line(header, (cell) => cell), ...rows.map((row, index) => line(row, (cell, column) => (paint ? paint(row, cell, column, index) : cell)))].join('\n') + '\n';
}
