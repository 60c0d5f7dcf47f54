import { openProject } from '../flow/sessions.js';
import type { ProjectAnalysis } from '../flow/analysis.js';
import { projectRootOf } from '../project/project.js';
import { loadBundledSchedule, loadSchedule } from '../schedule/load.js';
import type { Settings } from '../settings.js';
import type { RunnerFlags } from './lint-runner.js';
import { lintCwd } from './paths.js';

/**
 * The files whose findings or requests the analysis of their project found: a file that names
 * nothing of the service can still read its responses (a formatter). Each project (the nearest
 * directory with a package.json) is analysed once, over the files the command walked, in the
 * session the rules then read, so the files are not analysed twice in the same thread.
 */
export function filesTheAnalysisFound(files: readonly string[], settings: Settings, roots: readonly string[]): Set<string> {
  const found = new Set<string>();
  for (const analysis of analysedProjects(files, settings, roots)) {
    for (const file of [...analysis.findings.keys(), ...analysis.sites.keys()]) found.add(file);
  }
  return found;
}

/**
 * For the lint worker, which lints in a thread of its own: opens the projects of the files the
 * command walked, as the main thread did to choose the candidates, so that the rules there analyse
 * the same files (not every file below each project's root) and no file's time limit pays for it.
 */
export function openProjects(files: readonly string[], flags: RunnerFlags, roots: readonly string[]): void {
  // The schedule the rules read: for the bundled one the same object, which is what sessions are kept by.
  const schedule = flags.schedulePath === undefined ? loadBundledSchedule() : loadSchedule(flags.schedulePath);
  analysedProjects(files, { now: flags.now, imminentDays: flags.imminentDays, schedule, wrappers: [] }, roots);
}

function analysedProjects(files: readonly string[], settings: Settings, roots: readonly string[]): ProjectAnalysis[] {
  const cwd = lintCwd(roots);
  const byProject = new Map<string, string[]>();
  for (const file of files) {
    const root = projectRootOf(file, cwd);
    byProject.set(root, [...(byProject.get(root) ?? []), file]);
  }
  return [...byProject].map(([root, members]) => openProject(root, settings, members));
}
