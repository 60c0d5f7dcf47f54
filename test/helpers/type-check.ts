import path from 'node:path';
import ts from 'typescript';
import { ROOT } from './cli.js';

/**
 * Type-checks code in memory, as a project that has the SDK installed would: the files sit in a
 * directory of this repository that does not exist on disk, so `@gleanwork/api-client` resolves
 * to the dev dependency, with `strict` and NodeNext modules. Library and SDK declarations are
 * parsed once and shared by every check in the test file.
 */
export const STRICT_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  skipLibCheck: true,
  allowJs: true,
  types: [],
};

const VIRTUAL_ROOT = path.join(ROOT, 'test/.virtual-project');
const shared = new Map<string, ts.SourceFile | undefined>();

/** Where a virtual file named `name` lives, for tools (like ESLint) that want a path. */
export function virtualPath(name: string): string {
  return path.join(VIRTUAL_ROOT, name);
}

/** `file:line  TScode  message` for every diagnostic of the given files; empty when they compile. */
export function typeCheck(files: Record<string, string>, options: ts.CompilerOptions = STRICT_OPTIONS): string[] {
  const virtual = new Map(Object.entries(files).map(([name, text]) => [virtualPath(name), text]));
  const host = ts.createCompilerHost(options, true);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => virtual.has(file) || fileExists(file);
  host.readFile = (file) => virtual.get(file) ?? readFile(file);
  host.getSourceFile = (file, language, onError) => {
    const text = virtual.get(file);
    if (text !== undefined) return ts.createSourceFile(file, text, language, true);
    if (!shared.has(file)) shared.set(file, getSourceFile(file, language, onError));
    return shared.get(file);
  };
  const program = ts.createProgram({ rootNames: [...virtual.keys()], options, host });
  return [...virtual.keys()].flatMap((file) => {
    const sourceFile = program.getSourceFile(file)!;
    return [...program.getSyntacticDiagnostics(sourceFile), ...program.getSemanticDiagnostics(sourceFile)].map((diagnostic) => {
      const { line } = sourceFile.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      return `${path.relative(VIRTUAL_ROOT, file)}:${line + 1}  TS${diagnostic.code}  ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
    });
  });
}

/** `tsc -p dir/tsconfig.json --noEmit`, in process: every diagnostic as `file:line  TScode  message`. */
export function typeCheckProject(dir: string): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(dir, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
    throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '));
  } })!;
  const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file ? `${path.relative(dir, diagnostic.file.fileName)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1}` : '';
    return `${where}  TS${diagnostic.code}  ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
  });
}
