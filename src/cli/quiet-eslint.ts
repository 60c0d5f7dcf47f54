import { ESLint } from 'eslint';

/**
 * `new ESLint()` warns, through `process.emitWarning`, when its cwd holds a `.eslintignore`
 * (ESLint 9 dropped the file). The CLI reads no ESLint configuration or ignore file at all, so
 * the warning would only confuse: it is dropped while the instance is created (the constructor
 * is synchronous, so no other code runs in between); every other warning passes through.
 */
export function createESLint(options: ESLint.Options): ESLint {
  const emitWarning = process.emitWarning;
  process.emitWarning = function (this: NodeJS.Process, warning: string | Error, ...rest: unknown[]) {
    if (warningType(warning, rest[0]) === 'ESLintIgnoreWarning') return;
    return (emitWarning as (...args: unknown[]) => void).call(this, warning, ...rest);
  } as typeof process.emitWarning;
  try {
    return new ESLint(options);
  } finally {
    process.emitWarning = emitWarning;
  }
}

function warningType(warning: string | Error, typeOrOptions: unknown): string | undefined {
  if (warning instanceof Error) return warning.name;
  if (typeof typeOrOptions === 'string') return typeOrOptions;
  return (typeOrOptions as { type?: string } | undefined)?.type;
}
