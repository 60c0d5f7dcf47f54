import { statSync } from 'node:fs';
import path from 'node:path';
import { openProject } from '../flow/sessions.js';
import { projectRootOf } from '../project/project.js';
import type { Settings } from '../settings.js';

/**
 * The files whose findings or requests the analysis of their project found: a file that names
 * nothing of the service can still read its responses (a formatter). Each project (the nearest
 * directory with a package.json) is analysed once, over the files the command walked, in the
 * session the rules then read, so the files are not analysed twice.
 */
export function filesTheAnalysisFound(files: readonly string[], settings: Settings, roots: readonly string[]): Set<string> {
  const cwd = lintCwd(roots);
  const byProject = new Map<string, string[]>();
  for (const file of files) {
    const root = projectRootOf(file, cwd);
    byProject.set(root, [...(byProject.get(root) ?? []), file]);
  }
  const found = new Set<string>();
  for (const [root, members] of byProject) {
    const analysis = openProject(root, settings, members);
    for (const file of [...analysis.findings.keys(), ...analysis.sites.keys()]) found.add(file);
  }
  return found;
}

/** The directory ESLint runs in for these roots (see LintRunner): the rules find a file's project from it. */
export function lintCwd(roots: readonly string[]): string {
  const directories = roots.map((root) => {
    try {
      return statSync(root).isDirectory() ? root : path.dirname(root);
    } catch {
      return path.dirname(root);
    }
  });
  return commonDirectory(directories);
}

export function commonDirectory(paths: readonly string[]): string {
  const split = paths.map((p) => path.resolve(p).split(path.sep));
  const first = split[0] ?? [path.sep];
  let length = first.length;
  for (const parts of split.slice(1)) {
    let i = 0;
    while (i < length && i < parts.length && parts[i] === first[i]) i++;
    length = i;
  }
  return first.slice(0, length).join(path.sep) || path.sep;
}
