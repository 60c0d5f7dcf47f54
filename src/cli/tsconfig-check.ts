import { createRequire } from 'node:module';
import type ts from 'typescript';

/**
 * The errors TypeScript finds in a tsconfig (bad JSON, unknown options, an `extends` that does not
 * resolve), as typescript-eslint would hit them: it throws on the first for every file it parses,
 * which would show a configuration mistake as a parse error in each file. "No inputs were found"
 * (TS18003) is left out, as typescript-eslint leaves it out: such files are checked syntax-only.
 */
export function tsconfigProblems(file: string): string[] {
  let typescript: typeof ts;
  try {
    // TypeScript is an optional peer dependency: loaded only in type-aware mode.
    typescript = createRequire(import.meta.url)('typescript') as typeof ts;
  } catch {
    return ['type-aware mode needs TypeScript: install the "typescript" package'];
  }
  const diagnostics: ts.Diagnostic[] = [];
  const host: ts.ParseConfigFileHost = { ...typescript.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => diagnostics.push(diagnostic) };
  const parsed = typescript.getParsedCommandLineOfConfigFile(file, {}, host);
  // The same list typescript-eslint reads: the file's JSON syntax errors, then the option errors.
  return [...diagnostics, ...(parsed ? typescript.getConfigFileParsingDiagnostics(parsed) : [])]
    .filter((diagnostic) => diagnostic.category === typescript.DiagnosticCategory.Error && diagnostic.code !== 18003)
    .map((diagnostic) => {
      const text = typescript.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
      if (!diagnostic.file || diagnostic.start === undefined) return `TS${diagnostic.code}: ${text}`;
      const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
      return `${diagnostic.file.fileName}:${line + 1}:${character + 1}: TS${diagnostic.code}: ${text}`;
    });
}
