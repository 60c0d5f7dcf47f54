import { readFileSync } from 'node:fs';
import path from 'node:path';
import type TypeScript from 'typescript';
import type { ProjectConfig } from './tsconfig.js';
import type { TypeScriptModule } from './typescript.js';

/** One type error as people read it: where, TypeScript's code, and its message on one line. */
export interface TypeDiagnostic {
  file: string;
  line: number;
  column: number;
  code: number;
  message: string;
}

/**
 * A TypeScript language service over a tsconfig's options, whose files can be given other texts in
 * memory. Changing a text makes the next check rebuild only what changed: unchanged files (the
 * SDK's declarations, the standard library) stay parsed, nothing is written to disk.
 */
export class InMemoryChecker {
  private readonly service: TypeScript.LanguageService;
  private readonly texts = new Map<string, { text: string; version: number }>();

  constructor(
    private readonly ts: TypeScriptModule,
    config: ProjectConfig,
    private readonly roots: readonly string[],
  ) {
    const { sys } = ts;
    const host: TypeScript.LanguageServiceHost = {
      getCompilationSettings: () => config.options,
      getScriptFileNames: () => [...this.roots],
      getScriptVersion: (file) => String(this.texts.get(path.resolve(file))?.version ?? 0),
      getScriptSnapshot: (file) => {
        const text = this.textOf(file);
        return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
      },
      getCurrentDirectory: () => path.dirname(config.path),
      getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
      fileExists: (file) => this.texts.has(path.resolve(file)) || sys.fileExists(file),
      readFile: (file, encoding) => this.texts.get(path.resolve(file))?.text ?? sys.readFile(file, encoding),
      readDirectory: sys.readDirectory,
      directoryExists: sys.directoryExists,
      getDirectories: sys.getDirectories,
      realpath: sys.realpath,
      useCaseSensitiveFileNames: () => sys.useCaseSensitiveFileNames,
    };
    this.service = ts.createLanguageService(host, ts.createDocumentRegistry(sys.useCaseSensitiveFileNames, host.getCurrentDirectory()));
  }

  /** Gives a file a text other than its content on disk (or back the one it had). */
  setText(file: string, text: string): void {
    const known = this.texts.get(file);
    if (known?.text === text) return;
    this.texts.set(file, { text, version: (known?.version ?? 0) + 1 });
  }

  /** The file's syntax and type errors under the current texts. */
  errors(file: string): TypeDiagnostic[] {
    const { ts } = this;
    const program = this.service.getProgram();
    const sourceFile = program?.getSourceFile(file);
    if (!sourceFile) return [];
    const diagnostics = [...this.service.getSyntacticDiagnostics(file), ...this.service.getSemanticDiagnostics(file)];
    return diagnostics
      .filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error)
      .map((diagnostic) => {
        const { line, character } = sourceFile.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
        return { file, line: line + 1, column: character + 1, code: diagnostic.code, message: ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ') };
      });
  }

  private textOf(file: string): string | undefined {
    const known = this.texts.get(path.resolve(file));
    if (known) return known.text;
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  }
}
