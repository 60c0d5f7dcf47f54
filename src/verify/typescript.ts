import { createRequire } from 'node:module';
import type TypeScript from 'typescript';
import type { NotChecked } from './verification.js';

export type TypeScriptModule = typeof TypeScript;

const loaded = new Map<string, TypeScriptModule | NotChecked>();

/**
 * The TypeScript a project (its tsconfig) compiles with, resolved from the tsconfig's directory as
 * its own `tsc` would be: verification must judge the code by the project's compiler, not by the
 * one api-sunset happens to be installed with. Otherwise the reason it cannot be used.
 */
export function projectTypeScript(tsconfig: string): TypeScriptModule | NotChecked {
  let resolved: string;
  try {
    resolved = createRequire(tsconfig).resolve('typescript');
  } catch {
    return { reason: 'TypeScript is not installed where {path} can resolve it', path: tsconfig };
  }
  let ts = loaded.get(resolved);
  if (!ts) {
    try {
      const module = createRequire(resolved)(resolved) as Partial<TypeScriptModule>;
      ts = typeof module.createLanguageService === 'function' ? (module as TypeScriptModule) : { reason: `the TypeScript at {path} (${module.version ?? 'unknown version'}) has no compiler API to check with`, path: resolved };
    } catch (error) {
      ts = { reason: `the TypeScript at {path} could not be loaded: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, path: resolved };
    }
    loaded.set(resolved, ts);
  }
  return ts;
}
