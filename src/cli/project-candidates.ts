import { openProject } from '../flow/sessions.js';
import type { ParsedModule } from '../project/module.js';
import { projectRootOf, type ProjectIndex } from '../project/project.js';
import { loadBundledSchedule, loadSchedule } from '../schedule/load.js';
import type { ParsePurpose } from '../parsers.js';
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
  /** The analysis's parse of `file` when it was made from `text`: ESLint can lint that tree instead of parsing again. */
  parsed(file: string, text: string): ParsedModule | undefined;
  /** Forgets the analysis's parse of a file the run is done with, so that its tree can be freed. */
  release(file: string): void;
}

/**
 * Opens the project (the nearest directory with a package.json) of each file the command walked
 * and analyses it over those files (not every file below its root), in the session the rules
 * then read: so the rules analyse nothing again.
 */
export function openProjects(files: readonly string[], settings: Settings, roots: readonly string[], parseFor: ParsePurpose = 'analysis'): OpenedProjects {
  const cwd = lintCwd(roots);
  const byRoot = new Map<string, string[]>();
  for (const file of files) {
    // projectRootOf looks at each directory once.
    const root = projectRootOf(file, cwd);
    const members = byRoot.get(root);
    if (members) members.push(file);
    else byRoot.set(root, [file]);
  }
  const found = new Set<string>();
  const projectOf = new Map<string, ProjectIndex>();
  for (const [root, members] of byRoot) {
    const { analysis, project } = openProject(root, settings, members, parseFor);
    for (const file of [...analysis.findings.keys(), ...analysis.sites.keys()]) found.add(file);
    for (const file of members) projectOf.set(file, project);
  }
  return {
    found,
    parsed: (file, text) => projectOf.get(file)?.parsedFrom(file, text),
    release: (file) => projectOf.get(file)?.release(file),
  };
}

/** The settings the rules read for the runner's flags: for the bundled schedule the same object, which is what sessions are kept by. */
export function runnerSettings(flags: RunnerFlags): Settings {
  const schedule = flags.schedulePath === undefined ? loadBundledSchedule() : loadSchedule(flags.schedulePath);
  return { now: flags.now, imminentDays: flags.imminentDays, schedule, wrappers: [] };
}
