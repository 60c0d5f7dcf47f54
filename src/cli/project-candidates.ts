import path from 'node:path';
import { openProject } from '../flow/sessions.js';
import { projectRootOf } from '../project/project.js';
import { loadBundledSchedule, loadSchedule } from '../schedule/load.js';
import type { Settings } from '../settings.js';
import type { RunnerFlags } from './lint-runner.js';
import { lintCwd } from './paths.js';

/** The projects of the files a command walked, each analysed once, in the session the rules then read. */
export interface OpenedProjects {
  /**
   * The files whose findings or requests the analysis found: a file that names nothing of the
   * service can still read its responses (a formatter), so it is a candidate too.
   */
  found: Set<string>;
}

/**
 * Opens the project (the nearest directory with a package.json) of each file the command walked
 * and analyses it over those files (not every file below its root), in the session the rules
 * then read: so the rules analyse nothing again.
 */
export function openProjects(files: readonly string[], settings: Settings, roots: readonly string[]): OpenedProjects {
  const cwd = lintCwd(roots);
  const rootOfDirectory = new Map<string, string>();
  const byRoot = new Map<string, string[]>();
  for (const file of files) {
    const directory = path.dirname(file);
    let root = rootOfDirectory.get(directory);
    if (root === undefined) {
      root = projectRootOf(file, cwd);
      rootOfDirectory.set(directory, root);
    }
    const members = byRoot.get(root);
    if (members) members.push(file);
    else byRoot.set(root, [file]);
  }
  const found = new Set<string>();
  for (const [root, members] of byRoot) {
    const { analysis } = openProject(root, settings, members);
    for (const file of [...analysis.findings.keys(), ...analysis.sites.keys()]) found.add(file);
  }
  return { found };
}

/** The settings the rules read for the runner's flags: for the bundled schedule the same object, which is what sessions are kept by. */
export function runnerSettings(flags: RunnerFlags): Settings {
  const schedule = flags.schedulePath === undefined ? loadBundledSchedule() : loadSchedule(flags.schedulePath);
  return { now: flags.now, imminentDays: flags.imminentDays, schedule, wrappers: [] };
}
