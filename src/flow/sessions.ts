import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Settings } from '../settings.js';
import type { ParsedModule } from '../project/module.js';
import type { ParsePurpose } from '../parsers.js';
import { ProjectIndex, projectRootOf } from '../project/project.js';
import { analyzeAround, analyzeProject, type ProjectAnalysis } from './analysis.js';
import { catalogFor } from './catalog.js';
import type { EngineOptions } from './engine.js';
import { HTTP_CLIENTS } from './models/http-clients.js';

/**
 * One project's index and its latest analysis, kept for the life of the process (an editor
 * session, one `eslint` run, one CLI command), like eslint-plugin-import-x's export map: the first
 * file linted pays for the project, every later file reads the result, and a change to a file
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
  around?: { file: string; version: number; analysis: ProjectAnalysis };
  /** Whole-project analyses made so far. */
  analyses: number;
}

/** How often, at most, an editor session looks for files changed on disk (a `git checkout`, another editor). */
const DISK_CHECK_INTERVAL_MS = 2_000;

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
}

/**
 * The analysis of the project a file belongs to (the nearest directory with a package.json), with
 * ESLint's text of the file in it: analysed on first use and again whenever something changed.
 */
export function projectAnalysisFor(linted: LintedFile, settings: Settings, cwd: string): ProjectAnalysis {
  // A buffer with no file behind it (stdin, a code block, a rule test) is no module another file
  // imports: it is analysed alone, with what it imports, instead of indexing a whole project for it.
  const session = existsSync(linted.file) ? sessionFor(projectRootOf(linted.file, cwd), settings, undefined) : sessionFor(path.dirname(linted.file), settings, [linted.file], linted.file);
  if (session.project.setEditorText(linted.file, linted.text, linted.module)) session.edited.add(linted.file);
  if (session.watch && Date.now() - session.checkedDiskAt > DISK_CHECK_INTERVAL_MS) {
    session.checkedDiskAt = Date.now();
    // A change on disk (a checkout, another editor) can change anything: the next answer is the whole project's.
    if (session.project.refreshFromDisk().length > 0) session.edited.add('\u0000disk');
  }
  const { project } = session;
  if (session.analysis?.version === project.version) return session.analysis;
  // An editor relinting the file it edits: that file's neighbourhood, on top of the project's last analysis.
  if (session.analysis && session.watch && session.edited.size === 1 && session.edited.has(linted.file)) {
    if (session.around?.file !== linted.file || session.around.version !== project.version) {
      session.around = { file: linted.file, version: project.version, analysis: withFile(session.analysis, analyzeAround(project, session.options, linted.file), linted.file) };
    }
    return session.around.analysis;
  }
  session.analysis = analyzeWhole(session);
  session.edited.clear();
  session.around = undefined;
  return session.analysis;
}

/** The project's analysis with one file's findings and requests replaced by another analysis's. */
function withFile(project: ProjectAnalysis, around: ProjectAnalysis, file: string): ProjectAnalysis {
  return {
    version: around.version,
    findings: replaced(project.findings, around.findings, file),
    sites: replaced(project.sites, around.sites, file),
    analysed: new Set([...project.analysed, ...around.analysed]),
  };
}

function replaced<T>(all: ReadonlyMap<string, readonly T[]>, from: ReadonlyMap<string, readonly T[]>, file: string): Map<string, readonly T[]> {
  const result = new Map(all);
  const mine = from.get(file);
  if (mine && mine.length > 0) result.set(file, mine);
  else result.delete(file);
  return result;
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
  const key = `${root}\u0000${alone}\u0000${JSON.stringify([settings.wrappers, settings.sdkModules ?? [], settings.clients ?? []])}`;
  let session = byRoot.get(key);
  if (!session || (files !== undefined && session.watch)) {
    const project = new ProjectIndex(root, serviceGate(settings), files, parseFor);
    session = { project, options: engineOptions(settings, project), analysis: undefined, watch: files === undefined, checkedDiskAt: Date.now(), edited: new Set(), analyses: 0 };
    byRoot.set(key, session);
  }
  return session;
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
  if (gateOf(settings)(linted.text)) return true;
  if (!existsSync(linted.file)) return false;
  const analysis = projectAnalysisFor(linted, settings, cwd);
  return analysis.findings.has(linted.file) || analysis.sites.has(linted.file);
}

const gates = new WeakMap<Settings, (text: string) => boolean>();

function gateOf(settings: Settings): (text: string) => boolean {
  let gate = gates.get(settings);
  if (!gate) {
    gate = serviceGate(settings);
    gates.set(settings, gate);
  }
  return gate;
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
