import { existsSync } from 'node:fs';
import path from 'node:path';
import type TypeScript from 'typescript';
import type { TypeScriptModule } from './typescript.js';

/** A tsconfig as the compiler reads it: what a file is compiled with, and every file it compiles. */
export interface ProjectConfig {
  path: string;
  options: TypeScript.CompilerOptions;
  fileNames: string[];
  /** The configs this one references (a solution-style `tsconfig.json`). */
  references: string[];
  /** The first error in the config (a bad option, an unreadable `extends`), which makes its verdicts unreliable. */
  error?: string;
}

/** The nearest `tsconfig.json` above a file, as editors pick it. */
export function nearestTsconfig(file: string): string | undefined {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'tsconfig.json');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

export function readProjectConfig(ts: TypeScriptModule, configPath: string): ProjectConfig {
  let fatal: string | undefined;
  const host: TypeScript.ParseConfigFileHost = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => (fatal = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')),
  };
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, host);
  const error = fatal ?? parsed?.errors.find((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error && diagnostic.code !== NO_INPUTS);
  return {
    path: configPath,
    // Only the check matters: nothing is emitted, and build-mode options would add their own diagnostics.
    options: { ...parsed?.options, noEmit: true, composite: false, incremental: false, declaration: false, emitDeclarationOnly: false },
    fileNames: (parsed?.fileNames ?? []).map((name) => path.resolve(name)),
    references: (parsed?.projectReferences ?? []).map((reference) => ts.resolveProjectReferencePath(reference)),
    ...(error ? { error: typeof error === 'string' ? error : ts.flattenDiagnosticMessageText(error.messageText, ' ') } : {}),
  };
}

/** TS18003 "No inputs were found": a solution-style config with only references. */
const NO_INPUTS = 18003;
