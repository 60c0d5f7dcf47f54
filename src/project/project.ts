import { hash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { collectSourceFiles } from '../cli/walk.js';
import { autoImportsOf, nuxtAutoImports, type AutoImports } from './auto-imports.js';
import { scanImports, type ScannedImport } from './import-scan.js';
import { ParsedModule, parseModule } from './module.js';
import type { ParsePurpose } from '../parsers.js';
import { manifestDependencies, ModuleResolver, packageName, type Resolution } from './resolver.js';

/** What the index keeps of a file it has not parsed: whether it may touch the service, and its imports. */
export interface FileFacts {
  service: boolean;
  imports: ScannedImport[];
  /** Whether the text may write state an HTTP library keeps for all the modules using it (`axios.defaults`, its interceptors). */
  libraryState: boolean;
  /** Whether it may load a module by a computed name (`require(name)`), which `imports` does not hold. */
  computedImports: boolean;
  /** Whether it makes a Vuex store, or uses the app's store (`this.$store`, `mapState(…)`) without importing it. */
  vuex?: 'store' | 'user';
  /** Whether it has a Redux reducer, or dispatches actions (`dispatch(…)`, a saga's `yield put(…)`) that reach reducers no import shows. */
  redux?: 'reducer' | 'dispatcher' | 'both';
  /** Whether it sends or receives messages between parts of the app no import joins (a worker's `postMessage`, Electron's IPC, socket.io). */
  messaging?: true;
  /** Whether it is a script (no import, no export): its top-level declarations are the other scripts' globals (browser scripts, Apps Script). */
  script?: true;
  mtimeMs: number;
  size: number;
  /** A digest of the file's text on disk as the quick look read it, to know a buffer that is the disk's text without keeping that text. */
  digest?: string;
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

interface ImportGraph {
  imports: Map<string, string[]>;
  importers: Map<string, string[]>;
}

/** What the quick look sees of a text. */
type Seen = Pick<FileFacts, 'service' | 'imports' | 'libraryState' | 'computedImports' | 'vuex' | 'redux' | 'messaging' | 'script'>;

/**
 * What makes a module's text matter to modules that do not import it: the state an HTTP library
 * keeps for all its users (`axios.defaults.baseURL = …`, `axios.interceptors.response.use(…)`), and
 * `require`/`import()` of a name the quick look cannot read (the engine may evaluate it).
 */
const LIBRARY_STATE = /\b(?:defaults|interceptors)\b/;
const COMPUTED_IMPORT = /\b(?:require|import)\s*\(\s*(?!['"])/;

/** SvelteKit's generated types of a route (see `routeLoader`), as its page and layout components import them. */
const ROUTE_TYPES = './$types';
const ROUTE_COMPONENT = /^\+(?:page|layout)\.svelte$/;

const NUXT_CONFIGS = ['nuxt.config.ts', 'nuxt.config.js', 'nuxt.config.mjs', 'nuxt.config.mts'];

const VUEX_STORE = /\bnew\s+Vuex\.Store\s*\(|\bcreateStore\s*\(/;
const VUEX_USER = /\$store\b|\bmap(?:State|Getters|Actions|Mutations)\s*\(/;

/** A Vue app's components reach its Vuex store through `this.$store`, which no import shows. */
function vuexRole(text: string): FileFacts['vuex'] {
  const mentionsVuex = text.includes('vuex');
  if (mentionsVuex && VUEX_STORE.test(text)) return 'store';
  return (mentionsVuex || text.includes('$store')) && VUEX_USER.test(text) ? 'user' : undefined;
}

/** A Redux app's actions reach its reducers through the store, which no import shows: the files with a reducer, and those that dispatch. */
const REDUX_REDUCER = /\(\s*state\b[^()]*?,\s*(?:action\b|\{[^}]*\b(?:type|payload)\b)/;
const REDUX_DISPATCH = /\bdispatch\s*\(|\byield\s+put(?:Resolve)?\s*\(/;

export function hasReducer(facts: FileFacts | undefined): boolean {
  return facts?.redux === 'reducer' || facts?.redux === 'both';
}

export function dispatchesActions(facts: FileFacts | undefined): boolean {
  return facts?.redux === 'dispatcher' || facts?.redux === 'both';
}

/** Words without which a file neither dispatches Redux actions nor sends messages between an app's parts (REDUX_DISPATCH, MESSAGING). */
const SHARING_CUES = /dispatch\s*\(|yield\s+put|postMessage|onmessage|ipcMain|ipcRenderer|exposeInMainWorld|sendMessage|onMessage|parentPort|socket\.io|['"]message['"]/;

/** Scripts are plain JavaScript or TypeScript files (a component without imports is no script). */
const SCRIPT_FILE = /\.(?:[cm]?js|[cm]?ts)$/;

/** `export`, or CommonJS's `module.exports`/`exports.x`: a module, not a script. */
const MODULE_SYNTAX = /(?:^|[;\s])export\s|\bmodule\.exports\b|\bexports\.\w/m;

const MESSAGING = /\bpostMessage\s*\(|\bonmessage\b|\bipc(?:Main|Renderer)\b|\bexposeInMainWorld\b|\bruntime\.(?:sendMessage|onMessage)\b|\btabs\.sendMessage\b|\bparentPort\b|['"]socket\.io(?:-client)?['"]|\b(?:on|once|addEventListener)\s*\(\s*['"]message['"]/;

type Roles = Pick<FileFacts, 'vuex' | 'redux' | 'messaging' | 'script'>;

/** Whether two looks at a file give it the same part in what the app shares without imports. */
export function sameRoles(a: Roles, b: Roles): boolean {
  return a.vuex === b.vuex && a.redux === b.redux && a.messaging === b.messaging && a.script === b.script;
}

/** More than this many bytes is a bundle, not code someone maintains: never parsed for the flow. */
const MAX_BYTES = 1_000_000;

/** Told after every module parse in this thread (see `observeParses`). */
let parseObserver: (() => void) | undefined;

/**
 * Has `observer` called after each module any index of this thread parses: how a command line
 * process watches its heap while one long synchronous analysis runs (see cli/heap-growth.ts).
 */
export function observeParses(observer: (() => void) | undefined): void {
  parseObserver = observer;
}

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
  /** ESLint's tree of a file it lints from the disk's text, for one analysis (see `lendTree`). */
  private lent: { file: string; text: string; parsed: () => ParsedModule } | undefined;
  private lastDigest: { text: string; digest: string } | undefined;
  /** Each file's place in `files()`, made when first asked and again after a file comes or goes. */
  private positions: Map<string, number> | undefined;
  private dependencies: Set<string> | undefined;
  /** The files a Nuxt project uses without importing them (none for other projects), made with `positions`. */
  private autoImports: AutoImports | undefined;
  /** The files that make a Vuex store, which the files using `this.$store` reach (made with `autoImports`). */
  private stores: string[] | undefined;
  private reducers: string[] | undefined;
  private messengers: string[] | undefined;
  private scripts: string[] | undefined;
  private graph: ImportGraph | undefined;
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

  /**
   * The project files among `files`, in the order `files()` lists them: an analysis of one part of
   * the project takes its files in the order the whole project's analysis would, at the cost of
   * the part's size rather than the project's.
   */
  inProjectOrder(files: Iterable<string>): string[] {
    if (!this.positions) {
      this.positions = new Map();
      for (const file of this.files().keys()) this.positions.set(file, this.positions.size);
    }
    const positions = this.positions;
    return [...files].filter((file) => positions.has(file)).sort((a, b) => positions.get(a)! - positions.get(b)!);
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
    if (!entry && this.lent?.file === file) {
      const { mtimeMs, size } = this.files().get(file)!;
      entry = { text: this.lent.text, module: this.lent.parsed(), stamp: { mtimeMs, size } };
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
   * analysis keeps no tree alive (its findings keep ranges), so this is what frees them. With
   * `files`, only those modules' trees.
   */
  releaseTrees(files: Iterable<string> = this.modules.keys()): void {
    for (const file of files) {
      const entry = this.modules.get(file);
      if (!entry?.module) continue;
      entry.module = undefined;
      entry.released = true;
    }
  }

  /**
   * Lends ESLint's tree of a file it is linting, for the analysis about to run: asked for that
   * module, the index takes the tree instead of parsing the file a second time. Only a text that
   * is the one on disk the quick look read (a buffer that differs goes through `setEditorText`).
   * Without arguments, ends the loan: the index keeps no hold on ESLint's tree but a module made
   * from it, which `releaseTrees` lets go like any other.
   */
  lendTree(file?: string, text?: string, parsed?: () => ParsedModule): void {
    const facts = file === undefined ? undefined : this.files().get(file);
    this.lent = facts?.digest !== undefined && text !== undefined && parsed && facts.digest === this.digestOf(text) ? { file: file!, text, parsed } : undefined;
  }

  /**
   * Whether this text of `file` names the service (the gate the index was made with). For the text
   * the quick look read on disk (every file of an `eslint` run) that is what the look found: the
   * text is not searched again.
   */
  namesService(file: string, text: string): boolean {
    const facts = this.facts?.get(file);
    const lookedAt = facts?.digest !== undefined && !this.editorTexts.has(file) && this.modules.get(file)?.stamp !== 'editor';
    return lookedAt && facts.digest === this.digestOf(text) ? facts.service : this.gate(text);
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
    const before = this.facts?.get(file);
    // The disk's text (every file of an `eslint` run, a file opened in an editor): what the quick
    // look made of it stands, and the file is read from disk if it is ever parsed.
    const onDisk = before?.digest !== undefined && before.digest === this.digestOf(text);
    if (onDisk && !buffered) return false;
    const seen = this.lookAt(file, text);
    if (onDisk) this.editorTexts.delete(file);
    // Only a buffer that may well be analysed keeps ESLint's tree alive.
    else this.editorTexts.set(file, { text, ...(seen.service && parsed ? { parsed } : {}) });
    if (!this.facts) return false;
    this.setFacts(file, this.factsOf(file, seen));
    if (before && before.service === seen.service && sameRoles(before, seen) && sameImports(before.imports, seen.imports)) return false;
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
      for (const file of changed) this.setFacts(file, this.look(file));
    }
    return changed;
  }

  /** The quick look's facts of a file, without listing the project to get them. */
  knownFacts(file: string): FileFacts | undefined {
    return this.facts?.get(file);
  }

  /** The project files that import `file` (resolved), in the project's order. */
  importersOf(file: string): readonly string[] {
    return this.importGraph().importers.get(file) ?? [];
  }

  /** The files `file` imports (resolved), in the project or not. */
  importsOf(file: string): readonly string[] {
    return this.importGraph().imports.get(file) ?? [];
  }

  /** The files these imports of `file` resolve to (the quick look's, or what they were before an edit). Imports of the project's dependencies are packages, never files: not resolved. */
  resolvedImports(file: string, imports: readonly ScannedImport[]): string[] {
    const targets = new Set<string>();
    for (const entry of imports) {
      if (!entry.specifier.startsWith('.') && this.isDependency(entry.specifier)) continue;
      const resolution = this.resolve(file, entry.specifier);
      if (resolution?.kind === 'file' && resolution.path !== file) targets.add(resolution.path);
    }
    for (const target of [...this.autoImported(file), ...this.linkedWithoutImports(file)]) targets.add(target);
    return [...targets];
  }

  /**
   * Every project file's imports, resolved, both ways: made once, and again after an import
   * changes.
   */
  private importGraph(): ImportGraph {
    if (!this.graph) {
      const graph: ImportGraph = { imports: new Map(), importers: new Map() };
      for (const [file, facts] of this.files()) {
        const targets = this.resolvedImports(file, facts.imports);
        graph.imports.set(file, targets);
        for (const target of targets) {
          let importers = graph.importers.get(target);
          if (!importers) graph.importers.set(target, (importers = []));
          importers.push(file);
        }
      }
      this.graph = graph;
    }
    return this.graph;
  }

  resolve(fromFile: string, specifier: string): Resolution | undefined {
    if (specifier === ROUTE_TYPES && ROUTE_COMPONENT.test(path.basename(fromFile))) return this.routeLoader(fromFile);
    return this.resolver.resolve(fromFile, specifier);
  }

  /**
   * SvelteKit's `./$types` is generated at build time, from the route's `load` functions: to the
   * index, importing it imports the module whose `load` gives the page (or layout) its data.
   */
  private routeLoader(fromFile: string): Resolution | undefined {
    const [loader] = this.routeLoaders(fromFile, /\+layout[^/\\]*$/.test(fromFile) ? 'layout' : 'page', false);
    return loader === undefined ? undefined : { kind: 'file', path: loader };
  }

  /** The modules beside `fromFile` whose `load` gives a SvelteKit page or layout its data, the server's first (only it, with `serverOnly`). */
  routeLoaders(fromFile: string, kind: 'page' | 'layout', serverOnly: boolean): string[] {
    const files = this.files();
    const stems = serverOnly ? [`+${kind}.server`] : [`+${kind}.server`, `+${kind}`];
    return stems.flatMap((stem) => ['.ts', '.js'].map((extension) => path.join(path.dirname(fromFile), stem + extension))).filter((file) => file !== fromFile && files.has(file));
  }

  /**
   * The project files `file` uses by name without an import: a Nuxt project's composables and
   * utilities (see auto-imports.ts). To the index they are imports like any other.
   */
  autoImported(file: string): readonly string[] {
    if (!this.autoImports) {
      const files = this.files();
      const nuxt = NUXT_CONFIGS.some((name) => files.has(path.join(this.root, name))) || this.isDependency('nuxt');
      this.autoImports = nuxt ? nuxtAutoImports(this.root, files.keys()) : { app: [], server: [] };
      this.stores = [...files].filter(([, facts]) => facts.vuex === 'store').map(([store]) => store);
      this.reducers = [...files].filter(([, facts]) => hasReducer(facts)).map(([reducer]) => reducer);
      this.messengers = [...files].filter(([, facts]) => facts.messaging).map(([messenger]) => messenger);
      this.scripts = [...files].filter(([, facts]) => facts.script).map(([script]) => script);
    }
    const framework = autoImportsOf(this.root, file, this.autoImports);
    return this.stores && this.stores.length > 0 && this.files().get(file)?.vuex === 'user' ? [...framework, ...this.stores.filter((store) => store !== file)] : framework;
  }

  /**
   * The project files whose values reach `file` at run time without an import or a name (a Redux
   * store's reducers from the modules dispatching, the other side of the app's messages): to the
   * import graph, imports, so an editor session analyses them together.
   */
  linkedWithoutImports(file: string): readonly string[] {
    this.autoImported(file);
    const facts = this.files().get(file);
    const linked = [...(dispatchesActions(facts) ? (this.reducers ?? []) : []), ...(facts?.messaging ? (this.messengers ?? []) : []), ...(facts?.script ? (this.scripts ?? []) : [])];
    return linked.filter((other) => other !== file);
  }

  /** Whether a bare specifier names a package the project's package.json depends on (so it is no path alias). */
  isDependency(specifier: string): boolean {
    const name = packageName(specifier);
    if (name === undefined) return false;
    // No readable package.json: no dependency, and every bare specifier is resolved.
    this.dependencies ??= manifestDependencies(this.root);
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
    parseObserver?.();
    return entry;
  }

  private look(file: string): FileFacts | undefined {
    try {
      const stats = statSync(file);
      if (stats.size > MAX_BYTES) return { service: false, imports: [], libraryState: false, computedImports: false, mtimeMs: stats.mtimeMs, size: stats.size };
      const text = readFileSync(file, 'utf8');
      return { ...this.lookAt(file, text), mtimeMs: stats.mtimeMs, size: stats.size, digest: digestOf(text) };
    } catch {
      return undefined;
    }
  }

  /** The digest of a text, kept for the last text: ESLint hands the same text to `namesService`, `setEditorText` and `lendTree`. */
  private digestOf(text: string): string {
    if (this.lastDigest?.text !== text) this.lastDigest = { text, digest: digestOf(text) };
    return this.lastDigest.digest;
  }

  private refreshFacts(file: string, text: string): void {
    this.setFacts(file, this.factsOf(file, this.lookAt(file, text)));
  }

  private lookAt(file: string, text: string): Seen {
    const vuex = vuexRole(text);
    // One pass tells most files apart from those that dispatch or send messages; the patterns run only on those.
    const cued = SHARING_CUES.test(text);
    const reducer = REDUX_REDUCER.test(text);
    const dispatcher = cued && REDUX_DISPATCH.test(text);
    const redux = reducer && dispatcher ? 'both' : reducer ? 'reducer' : dispatcher ? 'dispatcher' : undefined;
    const messaging = cued && MESSAGING.test(text);
    const imports = scanImports(text);
    const script = SCRIPT_FILE.test(file) && imports.length === 0 && !MODULE_SYNTAX.test(text);
    return { service: this.gate(text), imports, libraryState: LIBRARY_STATE.test(text), computedImports: COMPUTED_IMPORT.test(text), ...(vuex ? { vuex } : {}), ...(redux ? { redux } : {}), ...(messaging ? { messaging } : {}), ...(script ? { script } : {}) };
  }

  /** A buffer's facts: what the quick look saw in it, with the stamp and digest of the file on disk. */
  private factsOf(file: string, seen: Seen): FileFacts {
    const known = this.facts?.get(file);
    return { ...seen, mtimeMs: known?.mtimeMs ?? 0, size: known?.size ?? 0, ...(known?.digest !== undefined ? { digest: known.digest } : {}) };
  }

  /** The one place facts change, so the import graph made of them is dropped when an import changes. */
  private setFacts(file: string, facts: FileFacts | undefined): void {
    if (!this.facts) return;
    const before = this.facts.get(file);
    if (facts) this.facts.set(file, facts);
    else this.facts.delete(file);
    if (!before || !facts || !sameRoles(before, facts)) {
      this.positions = undefined;
      this.autoImports = undefined;
    }
    if (!before || !facts || !sameRoles(before, facts) || !sameImports(before.imports, facts.imports)) this.graph = undefined;
  }

}

/** SHA-1 is enough to tell two texts of one file apart, and hashing costs a fifth of the quick look it saves. */
function digestOf(text: string): string {
  return hash('sha1', text);
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
  // A file belongs unless a directory between it and the root has a package.json.
  const inside = withSeparator(root);
  return files.filter((file) => {
    const manifestDir = manifestDirOf(path.dirname(file));
    return manifestDir === undefined || !manifestDir.startsWith(inside);
  });
}

/** The project a file belongs to: the nearest directory above it with a package.json, not above `cwd` when the file is inside it. */
export function projectRootOf(file: string, cwd: string): string {
  const inside = file.startsWith(withSeparator(cwd));
  const manifestDir = manifestDirOf(path.dirname(file));
  if (inside) return manifestDir !== undefined && (manifestDir === cwd || manifestDir.startsWith(withSeparator(cwd))) ? manifestDir : cwd;
  return manifestDir ?? path.dirname(file);
}

/**
 * The nearest directory at or above each directory asked about that has a package.json (null: none
 * up to the file system's root). Every file ESLint lints asks, for every rule: a directory's answer
 * is its parent's unless it has a package.json of its own, so each directory is looked at once.
 */
const manifestDirs = new Map<string, string | null>();

function manifestDirOf(dir: string): string | undefined {
  let known = manifestDirs.get(dir);
  if (known === undefined) {
    const parent = path.dirname(dir);
    known = hasManifest(dir) ? dir : parent === dir ? null : (manifestDirOf(parent) ?? null);
    manifestDirs.set(dir, known);
  }
  return known ?? undefined;
}

function hasManifest(dir: string): boolean {
  try {
    return statSync(path.join(dir, 'package.json')).isFile();
  } catch {
    return false;
  }
}

/** Forget which directories have a package.json: a long-lived session (an editor) calls this when it looks at the disk again. */
export function forgetProjectRoots(): void {
  manifestDirs.clear();
}

function withSeparator(dir: string): string {
  return dir.endsWith(path.sep) ? dir : dir + path.sep;
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
