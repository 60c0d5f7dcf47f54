import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Settings } from '../settings.js';
import type { ParsedModule } from '../project/module.js';
import type { ParsePurpose } from '../parsers.js';
import { forgetProjectRoots, ProjectIndex, projectRootOf, sameRoles, type FileFacts } from '../project/project.js';
import { analyzeAround, analyzeProject, analyzeWithin, type ProjectAnalysis } from './analysis.js';
import { catalogFor } from './catalog.js';
import type { EngineOptions } from './engine.js';
import { HTTP_CLIENTS } from './models/http-clients.js';

/**
 * One project's index and its latest analysis, kept for the life of the process (an editor
 * session, one `eslint` run, one CLI command), like eslint-plugin-import-x's export map: until
 * the first edit, each part of the project (what imports tie together) is analysed when ESLint
 * first lints one of its files, later files of the part read the result, and a change to a file
 * (ESLint's buffer, or the disk) makes the next lint analyse again over the cached parses.
 */
interface Session {
  project: ProjectIndex;
  options: EngineOptions;
  analysis: ProjectAnalysis | undefined;
  /** Whether files may change on disk during the session (an editor), so stamps are checked now and then. */
  watch: boolean;
  checkedDiskAt: number;
  /** Files whose text changed since `analysis` was made: one alone is answered by its neighbourhood. */
  edited: Set<string>;
  /** What the quick look saw in the edited files when `analysis` was made (an edit may have dropped the import that tied two parts of the project). */
  before: Map<string, FileFacts>;
  around?: { file: string; version: number; analysis: ProjectAnalysis };
  /** Whole-project analyses made so far. */
  analyses: number;
  /** Before any edit and any whole analysis: the parts analysed so far, one at a time (see `byParts`); false once that cannot go on. */
  parts: PartsAnalysis | false | undefined;
}

/** The analyses of the parts of a project linted so far, as one analysis of the files they cover. */
interface PartsAnalysis {
  version: number;
  analysis: ProjectAnalysis;
  covered: Set<string>;
  /** The files tied by imports to a file that may write library state (none of them naming the service): part of every part. */
  writers: ReadonlySet<string>;
}

/** How often, at most, an editor session looks for files changed on disk (a `git checkout`, another editor). */
const DISK_CHECK_INTERVAL_MS = 2_000;
let rootsCheckedAt = 0;
/** In `edited`: files changed on disk. */
const DISK_CHANGE = '\u0000disk';

/**
 * By schedule, then by root and the settings the analysis depends on: the date does not change
 * what the engine finds (only how the rules judge it), so a new day or a new settings object for
 * the same configuration keeps the session.
 */
const sessions = new WeakMap<Settings['schedule'], Map<string, Session>>();

/** A file ESLint is linting: its path, its text, and ESLint's tree of that text when the engine may use it. */
export interface LintedFile {
  file: string;
  text: string;
  module?: () => ParsedModule;
  /** Whether `module` is the tree the analysis's own parse would make (see `eslintParsesAlike`): only then does it stand in for a file's parse when the text is the disk's. */
  parsedAlike?: () => boolean;
}

/**
 * The analysis of the project a file belongs to (the nearest directory with a package.json), with
 * ESLint's text of the file in it: analysed on first use and again whenever something changed.
 */
export function projectAnalysisFor(linted: LintedFile, settings: Settings, cwd: string): ProjectAnalysis {
  return analysisFor(linted, sessionOf(linted.file, settings, cwd));
}

/**
 * The session of the project a file belongs to; or, for a buffer with no file behind it (stdin, a
 * code block, a rule test), one of its own: such a buffer is no module another file imports, so it
 * is analysed alone, with what it imports, instead of indexing a whole project for it.
 */
function sessionOf(file: string, settings: Settings, cwd: string): Session {
  return projectSessionOf(file, settings, cwd) ?? sessionFor(path.dirname(file), settings, [file], file);
}

/** The session of the project of a file on disk; undefined for a buffer with no file behind it. */
function projectSessionOf(file: string, settings: Settings, cwd: string): Session | undefined {
  if (Date.now() - rootsCheckedAt > DISK_CHECK_INTERVAL_MS) {
    rootsCheckedAt = Date.now();
    // A package.json added or removed moves project roots: looked at again as often as the disk is.
    forgetProjectRoots();
  }
  const session = sessionFor(projectRootOf(file, cwd), settings, undefined);
  // A file the project's quick look read is on disk: every file of an `eslint` run is, and asking the disk for each costs more than the rest of its look.
  return session.project.knownFacts(file) !== undefined || existsSync(file) ? session : undefined;
}

function analysisFor(linted: LintedFile, session: Session): ProjectAnalysis {
  const before = session.analysis && !session.edited.has(linted.file) ? session.project.knownFacts(linted.file) : undefined;
  if (session.project.setEditorText(linted.file, linted.text, linted.module)) {
    session.edited.add(linted.file);
    if (before) session.before.set(linted.file, before);
  }
  if (session.watch && Date.now() - session.checkedDiskAt > DISK_CHECK_INTERVAL_MS) {
    session.checkedDiskAt = Date.now();
    // A change on disk (a checkout, another editor) can change anything: the next answer is the whole project's.
    if (session.project.refreshFromDisk().length > 0) session.edited.add(DISK_CHANGE);
  }
  const { project } = session;
  if (session.analysis?.version === project.version) return session.analysis;
  const inParts = session.analysis ? undefined : byParts(session, linted);
  if (inParts) return inParts;
  // An editor relinting the file it edits: that file's neighbourhood, on top of the project's last analysis.
  if (session.analysis && session.watch && session.edited.size === 1 && session.edited.has(linted.file)) {
    if (session.around?.file !== linted.file || session.around.version !== project.version) {
      session.around = { file: linted.file, version: project.version, analysis: withPart(session.analysis, analyzeAround(project, session.options, linted.file), new Set([linted.file])) };
    }
    return session.around.analysis;
  }
  // Another file, after edits: only the part of the project the edits can reach is analysed again.
  session.analysis = (session.analysis && reanalyzed(session, session.analysis)) ?? analyzeWhole(session);
  session.edited.clear();
  session.before.clear();
  session.around = undefined;
  return session.analysis;
}

/**
 * The project's analysis after edits, from the last one: values cross modules only through imports
 * and through the state an HTTP library keeps for all its users (`axios.defaults`, interceptors).
 * The part of the project an import ties to an edited file, before or after the edit, is analysed
 * again as a whole, as `analyzeProject` would, with the parts that may write library state (their
 * writes are read there); the other files keep their findings. Undefined when that cannot be told
 * (a change on disk, an edit that reaches library state, a computed `require`, a module outside
 * the project, client models of the user's), for the whole project's analysis.
 */
function reanalyzed(session: Session, last: ProjectAnalysis): ProjectAnalysis | undefined {
  const { project } = session;
  if (session.edited.size === 0 || session.edited.has(DISK_CHANGE)) return undefined;
  const writers = libraryStateWriters(session);
  if (!writers) return undefined;
  const files = project.files();
  // A file that starts or stops making a Vuex store or a Redux reducer, or using one, changes links no import shows: the whole project again.
  if ([...session.before].some(([file, facts]) => !sameRoles(facts, files.get(file) ?? {}))) return undefined;
  const edited = connected(project, [...session.edited], [...session.before].flatMap(([file, facts]) => project.resolvedImports(file, facts.imports)));
  if (!edited || [...session.before.values()].some((facts) => facts.libraryState) || [...edited].some((file) => files.get(file)!.libraryState)) return undefined;
  const part = new Set([...edited, ...writers]);
  const within = analyzeWithin(project, session.options, part);
  return within && withPart(last, within, part);
}

/**
 * Until a whole analysis is needed, a file is answered by the analysis of its part of the project
 * alone: the files an import ties to it, either way, with the parts that may write library state
 * (what `analyzeProject` finds there, as in `reanalyzed`). A file in a part that names nothing of
 * the service costs no parse at all, and the parts that do are analysed as ESLint reaches them,
 * not all at the first file: by then the parser has warmed up on ESLint's own parses. Undefined
 * once the project's texts changed (an editor's edits go through `reanalyzed`, which needs a whole
 * analysis to start from) or when a part cannot be told.
 */
function byParts(session: Session, linted: LintedFile): ProjectAnalysis | undefined {
  const { project } = session;
  const { file } = linted;
  if (session.parts === false) return undefined;
  const parts = session.parts ?? startParts(session);
  if (!parts || parts.version !== project.version) return abandonParts(session);
  if (parts.covered.has(file)) return parts.analysis;
  const files = project.files();
  const part = files.has(file) ? connected(project, [file], []) : undefined;
  if (!part) return abandonParts(session);
  for (const writer of parts.writers) part.add(writer);
  for (const member of part) parts.covered.add(member);
  // Most parts name nothing of the service: nothing to analyse, and nothing of theirs to replace.
  if (![...part].some((member) => files.get(member)!.service)) return parts.analysis;
  // ESLint reaches a part at one of its files, which it has parsed already: most often one the
  // analysis parses too. Its tree stands in only when it is the tree `check` would analyse, so
  // both find the same.
  if (linted.module && linted.parsedAlike?.()) project.lendTree(file, linted.text, linted.module);
  let within: ProjectAnalysis | undefined;
  try {
    within = analyzeWithin(project, session.options, part);
  } finally {
    project.lendTree();
  }
  if (!within) return abandonParts(session);
  parts.analysis = withPart(parts.analysis, within, part);
  // No later part reads these trees (a writer joins every part, but names nothing of the service
  // and is tied to none of its files, so no part's analysis loads it), and the first edit makes
  // the next analysis a whole one, which parses again what it needs. Kept, they were two thirds
  // of the memory the plugin holds, and ESLint's garbage collections slowed down by about as much
  // again as the rules' own time (see docs/performance.md).
  project.releaseTrees(part);
  return parts.analysis;
}

/** The state of analysing by parts, or undefined when the project's parts cannot be told. */
function startParts(session: Session): PartsAnalysis | undefined {
  const { project } = session;
  const writers = libraryStateWriters(session);
  const files = project.files();
  // Writers that touch the service would be analysed again with every part: the whole project once is cheaper.
  if (!writers || [...writers].some((writer) => files.get(writer)!.service)) return undefined;
  session.parts = { version: project.version, analysis: emptyAnalysis(project.version), covered: new Set(), writers };
  return session.parts;
}

function abandonParts(session: Session): undefined {
  session.parts = false;
  return undefined;
}

function emptyAnalysis(version: number): ProjectAnalysis {
  return { version, findings: new Map(), sites: new Map(), analysed: new Set() };
}

/**
 * The files tied by imports to one that may write state an HTTP library keeps for all its users:
 * they join every part of the project that is analysed on its own, since their writes are read
 * there. Undefined when the parts cannot be told: client models of the user's, a `require` of a
 * computed name anywhere, an import that leaves the project.
 */
function libraryStateWriters(session: Session): Set<string> | undefined {
  const { project } = session;
  if (session.options.clients.length > HTTP_CLIENTS.length) return undefined;
  const files = project.files();
  if ([...files.values()].some((facts) => facts.computedImports)) return undefined;
  return connected(project, [...files].flatMap(([file, facts]) => (facts.libraryState ? [file] : [])), []);
}

/** The project files tied to `starts` by imports, either way; undefined when that reaches a module outside the project. */
function connected(project: ProjectIndex, starts: readonly string[], alsoStarts: readonly string[]): Set<string> | undefined {
  const files = project.files();
  const found = new Set<string>();
  const queue = [...starts, ...alsoStarts];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (found.has(file)) continue;
    if (!files.has(file)) return undefined;
    found.add(file);
    queue.push(...project.importsOf(file), ...project.importersOf(file));
  }
  return found;
}

/** `all` with the entries of the files in `part` taken from `from` instead (only those: `from` may know other files less well). */
function replacedWithin<T>(all: ReadonlyMap<string, readonly T[]>, from: ReadonlyMap<string, readonly T[]>, part: ReadonlySet<string>): Map<string, readonly T[]> {
  const result = new Map([...all].filter(([file]) => !part.has(file)));
  for (const [file, entries] of from) if (part.has(file) && entries.length > 0) result.set(file, entries);
  return result;
}

/** `last` with the findings and requests of the files in `part` taken from `within`, a later analysis that answers for them. */
function withPart(last: ProjectAnalysis, within: ProjectAnalysis, part: ReadonlySet<string>): ProjectAnalysis {
  return {
    version: within.version,
    findings: replacedWithin(last.findings, within.findings, part),
    sites: replacedWithin(last.sites, within.sites, part),
    analysed: new Set([...[...last.analysed].filter((file) => !part.has(file)), ...within.analysed]),
  };
}

/**
 * Opens the project at `root` for a CLI run: the files to index are the ones the command walked,
 * and nothing changes on disk while it runs. Later `projectAnalysisFor` calls for files below
 * `root` use it. Returns its analysis, and its index. With `parseFor: 'eslint'` the index parses
 * whole trees and keeps them after the analysis, for the CLI to hand to ESLint (and let go of
 * each once linted) instead of having ESLint parse the same files again.
 */
export function openProject(root: string, settings: Settings, files: readonly string[], parseFor: ParsePurpose = 'analysis'): { analysis: ProjectAnalysis; project: ProjectIndex } {
  const session = sessionFor(root, settings, files, '', parseFor);
  session.analysis ??= analyzeWhole(session);
  return { analysis: session.analysis, project: session.project };
}

/**
 * The whole project's analysis. A command line run (`scopes`, and `check` when it does not hand
 * the trees to ESLint) analyses its project once: the trees are then let go, which at 900 analysed modules is some 400 MiB that ESLint's own
 * parses of the same files would otherwise sit on top of. `fix` analyses again after each fixed
 * file, so from a second analysis on the trees are kept (they are parsed again once). An editor
 * (or ESLint's own CLI, which looks the same from here) keeps them: it analyses again on edits.
 */
function analyzeWhole(session: Session): ProjectAnalysis {
  const analysis = analyzeProject(session.project, session.options);
  session.analyses++;
  if (!session.watch && session.analyses === 1 && session.project.parseFor === 'analysis') session.project.releaseTrees();
  return analysis;
}

function sessionFor(root: string, settings: Settings, files: readonly string[] | undefined, alone = '', parseFor: ParsePurpose = 'analysis'): Session {
  let byRoot = sessions.get(settings.schedule);
  if (!byRoot) {
    byRoot = new Map();
    sessions.set(settings.schedule, byRoot);
  }
  const key = `${root}\u0000${alone}\u0000${engineSettingsKey(settings)}`;
  let session = byRoot.get(key);
  if (!session || (files !== undefined && session.watch)) {
    const project = new ProjectIndex(root, serviceGate(settings), files, parseFor);
    // A command line run (`check`, `scopes`, `fix`) analyses the whole project at once: it reads every finding.
    session = { project, options: engineOptions(settings, project), analysis: undefined, watch: files === undefined, checkedDiskAt: Date.now(), edited: new Set(), before: new Map(), analyses: 0, parts: files === undefined ? undefined : false };
    byRoot.set(key, session);
  }
  return session;
}

const engineSettingsKeys = new WeakMap<Settings, string>();

/** The settings the engine's findings depend on, as a key, made once per settings object (every file of a run asks). */
function engineSettingsKey(settings: Settings): string {
  let key = engineSettingsKeys.get(settings);
  if (key === undefined) {
    key = JSON.stringify([settings.wrappers, settings.sdkModules ?? [], settings.clients ?? []]);
    engineSettingsKeys.set(settings, key);
  }
  return key;
}

function engineOptions(settings: Settings, project: ProjectIndex): EngineOptions {
  return { catalog: catalogFor(settings.schedule), project, clients: [...HTTP_CLIENTS, ...(settings.clients ?? [])], wrappers: settings.wrappers, sdkModules: settings.sdkModules ?? [] };
}

/**
 * Whether the file can have a finding the engine makes, cheaply: it names the service, or the
 * analysis of its project (made once, shared by every file) found something in it through another
 * file's values.
 * A buffer with no file behind it that names nothing of the service has nothing to receive them from.
 */
export function engineMayReport(linted: LintedFile, settings: Settings, cwd: string): boolean {
  const session = projectSessionOf(linted.file, settings, cwd);
  if (!session) return namesService(linted.text, settings);
  if (namesServiceIn(session.project, linted, settings)) return true;
  const analysis = analysisFor(linted, session);
  return analysis.findings.has(linted.file) || analysis.sites.has(linted.file);
}

const gates = new WeakMap<Settings, (text: string) => boolean>();
/** The last text asked about: every rule of a file asks about the same text, one after another. */
let lastAsked: { text: string; settings: Settings; names: boolean } | undefined;

/**
 * `namesService` for a file of a project: for the disk's text, what the project's quick look found
 * (the same gate), so the text is not searched a second time.
 */
function namesServiceIn(project: ProjectIndex, linted: LintedFile, settings: Settings): boolean {
  if (lastAsked?.text === linted.text && lastAsked.settings === settings) return lastAsked.names;
  lastAsked = { text: linted.text, settings, names: project.namesService(linted.file, linted.text) };
  return lastAsked.names;
}

/** The service gate (below) for the settings, on a file's text: made once per settings object, asked once per file. */
export function namesService(text: string, settings: Settings): boolean {
  if (lastAsked?.text === text && lastAsked.settings === settings) return lastAsked.names;
  let gate = gates.get(settings);
  if (!gate) {
    gate = serviceGate(settings);
    gates.set(settings, gate);
  }
  lastAsked = { text, settings, names: gate(text) };
  return lastAsked.names;
}

/** `import … from './x.js'` or `'../x'`: where a client instance or path constants may come from. */
const RELATIVE_IMPORT = /\bfrom\s*['"]\.\.?\//;

/**
 * The one look every file of a project gets: a file that names an API path prefix, a deprecated
 * endpoint's name, the SDK or a declared wrapper is where the analysis starts. Files that name none
 * of these are analysed only when they receive the service's values from those (see analysis.ts).
 */
export function serviceGate(settings: Settings): (text: string) => boolean {
  const { gateWords, relativePaths } = catalogFor(settings.schedule);
  const wrapperNames = settings.wrappers.map((wrapper) => wrapper.callee.split('.').at(-1)!);
  // One alternation instead of a search per word: every file of a project is looked at once.
  const words = [...gateWords, ...(settings.sdkModules ?? []), ...wrapperNames].filter((word) => word !== '');
  const named = words.length > 0 ? new RegExp(words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')) : undefined;
  return (text) => (named !== undefined && named.test(text)) || (relativePaths !== undefined && RELATIVE_IMPORT.test(text) && relativePaths.test(text));
}
