import { existsSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { collectSourceFiles } from '../cli/walk.js';
import { scanImports, type ScannedImport } from './import-scan.js';
import { ParsedModule, parseModule } from './module.js';
import { repackTokens } from './packed-tokens.js';
import type { ParsePurpose } from '../parsers.js';
import { ModuleResolver, packageName, type Resolution } from './resolver.js';

/** What the index keeps of a file it has not parsed: whether it may touch the service, and its imports. */
interface FileFacts {
  service: boolean;
  imports: ScannedImport[];
  mtimeMs: number;
  size: number;
}

interface ModuleEntry {
  text: string;
  module: ParsedModule | undefined;
  /** Why the file could not be parsed. */
  error?: string;
  /** Where the text came from: the file on disk (with its stamp), or the editor's buffer ESLint handed us. */
  stamp: { mtimeMs: number; size: number } | 'editor';
  /** The tree was let go (see releaseTrees): `text` is parsed again when the module is asked for. */
  released?: true;
}

/** More than this many bytes is a bundle, not code someone maintains: never parsed for the flow. */
const MAX_BYTES = 1_000_000;

/**
 * The modules of one project (the files below its root), parsed on demand and cached for the
 * life of the process. Every file is read once for a cheap look (does it name the service? what
 * does it import?); only the files the analysis needs are parsed. The text of the file ESLint is
 * linting comes from ESLint (an editor's unsaved buffer); the others from disk, and a module is
 * parsed again when its file's modification stamp changes.
 */
export class ProjectIndex {
  readonly resolver = new ModuleResolver();
  private facts: Map<string, FileFacts> | undefined;
  private readonly modules = new Map<string, ModuleEntry>();
  /** Buffers ESLint handed over for files not parsed yet: what `module` parses instead of the disk. */
  private readonly editorTexts = new Map<string, { text: string; parsed?: () => ParsedModule }>();
  private dependencies: Set<string> | undefined;
  /** Bumped whenever a module's text changes, so analyses made before can tell they are stale. */
  version = 0;

  constructor(
    readonly root: string,
    private readonly gate: (text: string) => boolean,
    private readonly listed?: readonly string[],
    /** `eslint` when the trees are handed to ESLint afterwards (`check`), so they must be whole. */
    readonly parseFor: ParsePurpose = 'analysis',
  ) {}

  /** Every source file of the project with what a quick look at its text tells. */
  files(): ReadonlyMap<string, FileFacts> {
    if (!this.facts) {
      this.facts = new Map();
      const files = this.listed ?? safeList(this.root);
      for (const file of files) {
        const facts = this.look(file);
        if (facts) this.facts.set(file, facts);
      }
      // A buffer ESLint handed over is what counts, and may have no file on disk (a new file, a code block of a Markdown file).
      for (const [file, entry] of this.modules) if (entry.stamp === 'editor') this.refreshFacts(file, entry.text);
      for (const [file, entry] of this.editorTexts) this.refreshFacts(file, entry.text);
    }
    return this.facts;
  }

  /** The parsed module, or undefined when the file cannot be read or parsed (see `failure`). */
  module(file: string): ParsedModule | undefined {
    let entry = this.modules.get(file);
    if (entry?.released) entry = this.parse(file, entry.text, entry.stamp);
    const buffered = entry ? undefined : this.editorTexts.get(file);
    if (buffered) {
      this.editorTexts.delete(file);
      entry = buffered.parsed ? { text: buffered.text, module: buffered.parsed(), stamp: 'editor' } : this.parse(file, buffered.text, 'editor');
      this.modules.set(file, entry);
    }
    if (!entry) {
      let text: string;
      let stamp: FileFacts | { mtimeMs: number; size: number };
      try {
        const stats = statSync(file);
        if (stats.size > MAX_BYTES) return undefined;
        text = readFileSync(file, 'utf8');
        stamp = { mtimeMs: stats.mtimeMs, size: stats.size };
      } catch {
        return undefined;
      }
      entry = this.parse(file, text, { mtimeMs: stamp.mtimeMs, size: stamp.size });
    }
    return entry.module;
  }

  /**
   * Lets go of every parsed tree (with its scopes), keeping what tells a module's text changed (the
   * text and its stamp): a module is parsed again, from the same text, when next asked for. An
   * analysis keeps no tree alive (its findings keep ranges), so this is what frees them.
   */
  releaseTrees(): void {
    for (const entry of this.modules.values()) {
      if (!entry.module) continue;
      entry.module = undefined;
      entry.released = true;
    }
  }

  failure(file: string): string | undefined {
    return this.modules.get(file)?.error;
  }

  /** Whether the module was parsed already (without parsing it). */
  has(file: string): boolean {
    return this.modules.has(file);
  }

  /** The module parsed already from this text, without parsing anything. */
  parsedFrom(file: string, text: string): ParsedModule | undefined {
    const entry = this.modules.get(file);
    return entry?.text === text ? entry.module : undefined;
  }

  /**
   * Forgets a module's parse (a CLI run done with the file): its tree is memory the run no
   * longer needs. Nothing changes for the analysis: a later use parses the file again.
   */
  release(file: string): void {
    // Findings and requests of the file may keep its tree alive: at least not with its tokens unpacked.
    const module = this.modules.get(file)?.module;
    if (module) repackTokens(module.ast);
    this.modules.delete(file);
  }

  /**
   * The text ESLint is linting for `file` (an editor's buffer may differ from the disk). Returns
   * whether it changes what the index knew, so that analyses made before are stale. A file not
   * parsed yet only matters through what the quick look sees (does it name the service, what does
   * it import): a buffer that changes neither leaves the analysis as it is, and is kept for the
   * time the file is parsed.
   */
  setEditorText(file: string, text: string, parsed?: () => ParsedModule): boolean {
    const known = this.modules.get(file);
    if (known) {
      if (known.text === text) return false;
      // ESLint's own tree of the buffer, when it gives one, saves parsing the file a second time.
      if (parsed) this.modules.set(file, { text, module: parsed(), stamp: 'editor' });
      else this.parse(file, text, 'editor');
      this.refreshFacts(file, text);
      this.version++;
      return true;
    }
    const buffered = this.editorTexts.get(file);
    if (buffered?.text === text) return false;
    const service = this.gate(text);
    const imports = scanImports(text);
    // Only a buffer that may well be analysed keeps ESLint's tree alive.
    this.editorTexts.set(file, { text, ...(service && parsed ? { parsed } : {}) });
    if (!this.facts) return false;
    const before = this.facts.get(file);
    this.facts.set(file, { service, imports, mtimeMs: before?.mtimeMs ?? 0, size: before?.size ?? text.length });
    if (before && before.service === service && sameImports(before.imports, imports)) return false;
    this.version++;
    return true;
  }

  /** Files whose text on disk changed since they were read; their modules are parsed again on next use. */
  refreshFromDisk(): string[] {
    const changed: string[] = [];
    for (const [file, entry] of this.modules) {
      if (entry.stamp === 'editor') continue;
      let stats;
      try {
        stats = statSync(file);
      } catch {
        this.modules.delete(file);
        changed.push(file);
        continue;
      }
      if (stats.mtimeMs !== entry.stamp.mtimeMs || stats.size !== entry.stamp.size) {
        this.modules.delete(file);
        changed.push(file);
      }
    }
    if (changed.length > 0) {
      this.version++;
      for (const file of changed) {
        const facts = this.look(file);
        if (facts) this.facts?.set(file, facts);
        else this.facts?.delete(file);
      }
    }
    return changed;
  }

  resolve(fromFile: string, specifier: string): Resolution | undefined {
    return this.resolver.resolve(fromFile, specifier);
  }

  /** Whether a bare specifier names a package the project's package.json depends on (so it is no path alias). */
  isDependency(specifier: string): boolean {
    const name = packageName(specifier);
    if (name === undefined) return false;
    if (!this.dependencies) {
      this.dependencies = new Set();
      try {
        const manifest = JSON.parse(readFileSync(path.join(this.root, 'package.json'), 'utf8')) as Record<string, unknown>;
        for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
          const entries = manifest[field];
          if (entries && typeof entries === 'object') for (const dependency of Object.keys(entries)) this.dependencies.add(dependency);
        }
      } catch {
        // no readable package.json: every bare specifier is resolved
      }
    }
    return this.dependencies.has(name) || builtinModules.includes(name) || name.startsWith('node:');
  }

  private parse(file: string, text: string, stamp: ModuleEntry['stamp']): ModuleEntry {
    let entry: ModuleEntry;
    try {
      entry = { text, module: file.endsWith('.json') ? parseJsonModule(file, text) : parseModule(file, text, this.parseFor), stamp };
    } catch (error) {
      entry = { text, module: undefined, error: (error as Error).message.split('\n')[0] ?? String(error), stamp };
    }
    this.modules.set(file, entry);
    return entry;
  }

  private look(file: string): FileFacts | undefined {
    try {
      const stats = statSync(file);
      if (stats.size > MAX_BYTES) return { service: false, imports: [], mtimeMs: stats.mtimeMs, size: stats.size };
      const text = readFileSync(file, 'utf8');
      return { service: this.gate(text), imports: scanImports(text), mtimeMs: stats.mtimeMs, size: stats.size };
    } catch {
      return undefined;
    }
  }

  private refreshFacts(file: string, text: string): void {
    const known = this.facts?.get(file);
    this.facts?.set(file, { service: this.gate(text), imports: scanImports(text), mtimeMs: known?.mtimeMs ?? 0, size: known?.size ?? text.length });
  }

}

function sameImports(a: readonly ScannedImport[], b: readonly ScannedImport[]): boolean {
  return a.length === b.length && a.every((entry, i) => entry.specifier === b[i]!.specifier && String(entry.names) === String(b[i]!.names));
}

/**
 * The project's own files: a folder below the root with a package.json of its own (a workspace
 * package, a fixture project) is another project, indexed when one of its files is linted.
 */
function safeList(root: string): string[] {
  let files: string[];
  try {
    files = collectSourceFiles([root], root).files;
  } catch {
    return [];
  }
  const ownRoot = new Map<string, boolean>([[root, true]]);
  const belongs = (dir: string): boolean => {
    let known = ownRoot.get(dir);
    if (known === undefined) {
      const parent = path.dirname(dir);
      known = parent !== dir && !existsSync(path.join(dir, 'package.json')) && belongs(parent);
      ownRoot.set(dir, known);
    }
    return known;
  };
  return files.filter((file) => belongs(path.dirname(file)));
}

/** The project a file belongs to: the nearest directory above it with a package.json, not above `cwd` when the file is inside it. */
export function projectRootOf(file: string, cwd: string): string {
  const inside = file.startsWith(cwd.endsWith(path.sep) ? cwd : cwd + path.sep);
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    try {
      if (statSync(path.join(dir, 'package.json')).isFile()) return dir;
    } catch {
      // no package.json here
    }
    if (dir === cwd && inside) return cwd;
    if (path.dirname(dir) === dir) return inside ? cwd : path.dirname(file);
  }
}

/**
 * A JSON file as Node and bundlers load it: a CommonJS module whose `module.exports` is the
 * document (`require('./endpoints.json').chat`, `import endpoints from './endpoints.json'`).
 * Positions in it are off by the wrapper; nothing is reported there (values read from it are
 * reported where they are read).
 */
function parseJsonModule(file: string, text: string): ParsedModule {
  JSON.parse(text);
  const parsed = parseModule(`${file}.cjs`, `module.exports = (${text}\n);`);
  return new ParsedModule(file, parsed.text, parsed.ast, parsed.scopeManager, parsed.visitorKeys);
}
