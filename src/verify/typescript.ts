import { createRequire } from 'node:module';
import path from 'node:path';
import type TypeScript from 'typescript';

export type TypeScriptModule = typeof TypeScript;

const loaded = new Map<string, TypeScriptModule | { reason: string }>();

/**
 * The TypeScript the project itself compiles with, resolved from its directory as its own `tsc`
 * would be: verification must judge the code by the project's compiler, not by the one api-sunset
 * happens to be installed with. Otherwise the reason it cannot be used.
 */
export function projectTypeScript(directory: string): TypeScriptModule | { reason: string } {
  let resolved: string;
  try {
    resolved = createRequire(path.join(directory, 'noop.js')).resolve('typescript');
  } catch {
    return { reason: `TypeScript is not installed where ${directory} can resolve it` };
  }
  let ts = loaded.get(resolved);
  if (!ts) {
    try {
      const module = createRequire(resolved)(resolved) as Partial<TypeScriptModule>;
      ts = typeof module.createLanguageService === 'function' ? (module as TypeScriptModule) : { reason: `the TypeScript at ${resolved} (${module.version ?? 'unknown version'}) has no compiler API to check with` };
    } catch (error) {
      ts = { reason: `the TypeScript at ${resolved} could not be loaded: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}` };
    }
    loaded.set(resolved, ts);
  }
  return ts;
}
