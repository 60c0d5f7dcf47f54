import { readFileSync } from 'node:fs';
import path from 'node:path';
import type TypeScript from 'typescript';
import type { ProjectConfig } from './tsconfig.js';
import type { TypeScriptModule } from './typescript.js';

/** How far importers of importers are followed: a changed type rarely travels further unnoticed. */
const MAX_IMPORTER_DEPTH = 3;

/**
 * The project's import edges, read without building a program: the module specifiers of a file
 * (`ts.preProcessFile`, a scan, not a parse) resolved with the project's options.
 */
export class ImportGraph {
  private readonly imports = new Map<string, string[]>();
  private readonly texts = new Map<string, string | undefined>();
  private readonly cache: TypeScript.ModuleResolutionCache;

  constructor(
    private readonly ts: TypeScriptModule,
    private readonly config: ProjectConfig,
  ) {
    this.cache = ts.createModuleResolutionCache(path.dirname(config.path), (name) => name, config.options);
  }

  /**
   * The project's files that import one of `files`, directly or through up to
   * {@link MAX_IMPORTER_DEPTH} importers. A file is read only if its text names one of the
   * imported modules, so most of a big project is never scanned.
   */
  importersOf(files: readonly string[]): string[] {
    const found = new Set<string>(files);
    let frontier = new Set(files);
    for (let depth = 0; depth < MAX_IMPORTER_DEPTH && frontier.size > 0; depth++) {
      const stems = [...frontier].map(moduleStem);
      const next = new Set<string>();
      for (const file of this.config.fileNames) {
        if (found.has(file) || isDeclaration(file)) continue;
        const text = this.textOf(file);
        if (text === undefined || !stems.some((stem) => text.includes(stem))) continue;
        if (this.importsOf(file).some((target) => frontier.has(target))) next.add(file);
      }
      for (const file of next) found.add(file);
      frontier = next;
    }
    return [...found].filter((file) => !files.includes(file));
  }

  /** The files among `candidates` that `file` imports, directly or through other files of the project. */
  reaches(file: string, candidates: ReadonlySet<string>): string[] {
    const seen = new Set<string>([file]);
    const queue = [file];
    const reached: string[] = [];
    for (let current = queue.pop(); current !== undefined; current = queue.pop()) {
      for (const target of this.importsOf(current)) {
        if (seen.has(target) || target.includes(`${path.sep}node_modules${path.sep}`)) continue;
        seen.add(target);
        queue.push(target);
        if (candidates.has(target)) reached.push(target);
      }
    }
    return reached;
  }

  private importsOf(file: string): string[] {
    let resolved = this.imports.get(file);
    if (resolved) return resolved;
    const { ts } = this;
    const text = this.textOf(file) ?? '';
    resolved = [];
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      // The resolution mode (import or require) is not known from a scan: try both, the import first.
      const target =
        ts.resolveModuleName(fileName, file, this.config.options, ts.sys, this.cache, undefined, ts.ModuleKind.ESNext).resolvedModule ??
        ts.resolveModuleName(fileName, file, this.config.options, ts.sys, this.cache, undefined, ts.ModuleKind.CommonJS).resolvedModule;
      if (target && !target.isExternalLibraryImport) resolved.push(path.resolve(target.resolvedFileName));
    }
    this.imports.set(file, resolved);
    return resolved;
  }

  /** The text on disk; fixes rename fields, never imports, so the original text gives the same edges. */
  private textOf(file: string): string | undefined {
    if (!this.texts.has(file)) {
      try {
        this.texts.set(file, readFileSync(file, 'utf8'));
      } catch {
        this.texts.set(file, undefined);
      }
    }
    return this.texts.get(file);
  }
}

/** The word a module specifier for the file contains: its name, or its directory's for an index file. */
function moduleStem(file: string): string {
  const name = path.basename(file).replace(/\.[^.]+$/, '');
  return name === 'index' ? path.basename(path.dirname(file)) : name;
}

function isDeclaration(file: string): boolean {
  return /\.d\.[cm]?ts$/.test(file);
}
