import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Settings } from '../settings.js';
import type { ParsedModule } from '../project/module.js';
import { ProjectIndex, projectRootOf } from '../project/project.js';
import { analyzeProject, type ProjectAnalysis } from './analysis.js';
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
  session.project.setEditorText(linted.file, linted.text, linted.module);
  if (session.watch && Date.now() - session.checkedDiskAt > DISK_CHECK_INTERVAL_MS) {
    session.checkedDiskAt = Date.now();
    session.project.refreshFromDisk();
  }
  if (session.analysis?.version !== session.project.version) session.analysis = analyzeProject(session.project, session.options);
  return session.analysis;
}

/**
 * Opens the project at `root` for a CLI run: the files to index are the ones the command walked,
 * and nothing changes on disk while it runs. Later `projectAnalysisFor` calls for files below
 * `root` use it.
 */
export function openProject(root: string, settings: Settings, files: readonly string[]): ProjectAnalysis {
  const session = sessionFor(root, settings, files);
  session.analysis ??= analyzeProject(session.project, session.options);
  return session.analysis;
}

function sessionFor(root: string, settings: Settings, files: readonly string[] | undefined, alone = ''): Session {
  let byRoot = sessions.get(settings.schedule);
  if (!byRoot) {
    byRoot = new Map();
    sessions.set(settings.schedule, byRoot);
  }
  const key = `${root}\u0000${alone}\u0000${JSON.stringify(settings.wrappers)}`;
  let session = byRoot.get(key);
  if (!session || (files !== undefined && session.watch)) {
    const project = new ProjectIndex(root, serviceGate(settings), files);
    session = { project, options: engineOptions(settings, project), analysis: undefined, watch: files === undefined, checkedDiskAt: Date.now() };
    byRoot.set(key, session);
  }
  return session;
}

function engineOptions(settings: Settings, project: ProjectIndex): EngineOptions {
  return { catalog: catalogFor(settings.schedule), project, clients: HTTP_CLIENTS, wrappers: settings.wrappers, sdkModules: [] };
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
  return (text) =>
    gateWords.some((word) => text.includes(word)) ||
    wrapperNames.some((name) => text.includes(name)) ||
    (relativePaths !== undefined && RELATIVE_IMPORT.test(text) && relativePaths.test(text));
}
