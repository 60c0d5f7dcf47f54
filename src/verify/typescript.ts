import { createRequire } from 'node:module';
import path from 'node:path';
import type TypeScript from 'typescript';

export type TypeScriptModule = typeof TypeScript;

const loaded = new Map<string, TypeScriptModule | undefined>();

/**
 * The TypeScript the project itself compiles with, resolved from its directory as its own `tsc`
 * would be: verification must judge the code by the project's compiler, not by the one api-sunset
 * happens to be installed with. Undefined when the project has none.
 */
export function projectTypeScript(directory: string): TypeScriptModule | undefined {
  let resolved: string;
  try {
    resolved = createRequire(path.join(directory, 'noop.js')).resolve('typescript');
  } catch {
    return undefined;
  }
  if (!loaded.has(resolved)) {
    const ts = createRequire(resolved)(resolved) as TypeScriptModule;
    loaded.set(resolved, typeof ts.createLanguageService === 'function' ? ts : undefined);
  }
  return loaded.get(resolved);
}
