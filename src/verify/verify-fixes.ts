import { InMemoryChecker, type TypeDiagnostic } from './checker.js';
import { ImportGraph } from './imports.js';
import { nearestTsconfig, readProjectConfig, type ProjectConfig } from './tsconfig.js';
import { projectTypeScript, type TypeScriptModule } from './typescript.js';
import type { NotChecked, RolledBack, Verification } from './verification.js';

export { uncheckedReason, type NotChecked, type RolledBack, type Unchecked, type Verification } from './verification.js';

/** A file the fixes change: its text now and with the fixes applied. */
export interface FixedText {
  file: string;
  before: string;
  after: string;
  /** A text with fewer changes to try before going back to `before` (the automatic fixes without the suggestions). */
  fallback?: string;
}

/**
 * Rolling back one file can add errors elsewhere (a file whose fix relied on it); each round
 * rolls back at least one file, and after this many everything still in doubt is rolled back.
 */
const MAX_ROUNDS = 5;

/**
 * Type-checks the files the fixes change (and the files that import them) with the fixes, in
 * memory, with the project's own TypeScript and tsconfig, and, for files that then have errors,
 * without them. Every file whose fixes add an error, in itself or in a file that imports it, is
 * rolled back to its fallback (when it has one) or to its text before; this repeats until no fix
 * adds an error. Nothing is written.
 */
export function verifyFixes(files: readonly FixedText[], options: { project?: string } = {}): Verification {
  const result: Verification = { verified: [], rolledBack: [], unchecked: [], projects: [] };
  const groups = new Map<string, { ts: TypeScriptModule; config: ProjectConfig; files: FixedText[] }>();
  const configs = new ConfigCache();
  for (const fixed of files) {
    const home = configs.projectOf(fixed.file, options.project);
    if ('reason' in home) {
      result.unchecked.push({ file: fixed.file, ...home });
      continue;
    }
    const group = groups.get(home.config.path) ?? { ...home, files: [] };
    group.files.push(fixed);
    groups.set(home.config.path, group);
  }
  for (const { ts, config, files: fixed } of groups.values()) {
    let rolledBack: RolledBack[];
    try {
      rolledBack = verifyProject(ts, config, fixed);
    } catch (error) {
      // The compiler failing on a project is not the fixes' fault: those files keep the parse check, and the report says why.
      const reason = `the type check failed (please report this): ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
      result.unchecked.push(...fixed.map(({ file }) => ({ file, reason })));
      continue;
    }
    result.projects.push({ config: config.path, typescript: ts.version });
    result.rolledBack.push(...rolledBack);
    const back = new Set(rolledBack.filter(({ to }) => to === 'before').map(({ file }) => file));
    result.verified.push(...fixed.map(({ file }) => file).filter((file) => !back.has(file)));
  }
  return result;
}

function verifyProject(ts: TypeScriptModule, config: ProjectConfig, files: readonly FixedText[]): RolledBack[] {
  const graph = new ImportGraph(ts, config);
  const targets = files.map(({ file }) => file);
  const importers = graph.importersOf(targets);
  // Declaration files among the project's files can declare globals the checked files use.
  const declarations = config.fileNames.filter((file) => /\.d\.[cm]?ts$/.test(file));
  const checker = new InMemoryChecker(ts, config, [...new Set([...targets, ...importers, ...declarations])]);
  const checked = [...targets, ...importers];
  // How far each file has been rolled back: its fixed text, its fallback, or its text before.
  const stage = new Map(targets.map((file) => [file, 0]));
  const applied = new Set(targets);
  const textOf = (file: string) => {
    const fixed = files.find((candidate) => candidate.file === file)!;
    return [fixed.after, fixed.fallback ?? fixed.before, fixed.before][stage.get(file)!]!;
  };
  for (const file of targets) checker.setText(file, textOf(file));
  // Errors before the fixes, read only for files that have errors after them: a file without any cannot have gained one.
  const baseline = new Map<string, TypeDiagnostic[]>();
  const readBaseline = (needed: readonly string[]) => {
    const missing = needed.filter((file) => !baseline.has(file));
    if (missing.length === 0) return;
    for (const { file, before } of files) checker.setText(file, before);
    for (const file of missing) baseline.set(file, checker.errors(file));
    for (const file of targets) checker.setText(file, textOf(file));
  };
  const rolledBack = new Map<string, RolledBack>();
  for (let round = 1; applied.size > 0; round++) {
    const now = new Map(checked.map((file) => [file, checker.errors(file)]));
    readBaseline(checked.filter((file) => now.get(file)!.length > 0));
    const blamed = new Map<string, TypeDiagnostic[]>();
    for (const file of checked) {
      const added = addedErrors(baseline.get(file) ?? [], now.get(file)!);
      if (added.length === 0) continue;
      // A file that is not (or no longer) changed broke through what it imports; if that cannot be told, every change is suspect.
      const culprits = applied.has(file) ? [file] : graph.reaches(file, applied);
      for (const culprit of culprits.length > 0 ? culprits : [...applied]) blamed.set(culprit, [...(blamed.get(culprit) ?? []), ...added]);
    }
    if (blamed.size === 0) break;
    const culprits = round < MAX_ROUNDS ? [...blamed.keys()] : [...applied];
    for (const file of culprits) {
      const fixed = files.find((candidate) => candidate.file === file)!;
      // The fallback gets its own check in the next round; a file that has none, or whose fallback failed too, goes back to its text.
      const next = stage.get(file) === 0 && fixed.fallback !== undefined && round < MAX_ROUNDS ? 1 : 2;
      stage.set(file, next);
      if (next === 2) applied.delete(file);
      checker.setText(file, textOf(file));
      const errors = rolledBack.get(file)?.errors ?? blamed.get(file) ?? [];
      rolledBack.set(file, { file, errors, to: next === 1 ? 'fallback' : 'before' });
    }
  }
  return [...rolledBack.values()];
}

/** The errors in `after` beyond those already in `before`, compared by code and message: positions move with the fixes. */
export function addedErrors(before: readonly TypeDiagnostic[], after: readonly TypeDiagnostic[]): TypeDiagnostic[] {
  const known = new Map<string, number>();
  const key = (error: TypeDiagnostic) => `${error.code}\u0000${error.message}`;
  for (const error of before) known.set(key(error), (known.get(key(error)) ?? 0) + 1);
  return after.filter((error) => {
    const left = known.get(key(error)) ?? 0;
    known.set(key(error), left - 1);
    return left <= 0;
  });
}

/** Finds the tsconfig (and the TypeScript) each file is compiled with, reading each config once. */
class ConfigCache {
  private readonly read = new Map<string, { ts: TypeScriptModule; config: ProjectConfig } | NotChecked>();

  projectOf(file: string, project: string | undefined): { ts: TypeScriptModule; config: ProjectConfig } | NotChecked {
    const configPath = project ?? nearestTsconfig(file);
    if (!configPath) return { reason: 'no tsconfig.json in the directories above' };
    const home = this.load(configPath);
    if ('reason' in home || home.config.fileNames.includes(file)) return home;
    // A solution-style tsconfig.json lists the projects that compile the files.
    for (const reference of home.config.references) {
      const referenced = this.load(reference);
      if (!('reason' in referenced) && referenced.config.fileNames.includes(file)) return referenced;
    }
    return { reason: 'not included by {path}', path: configPath };
  }

  private load(configPath: string): { ts: TypeScriptModule; config: ProjectConfig } | NotChecked {
    let loaded = this.read.get(configPath);
    if (!loaded) {
      const ts = projectTypeScript(configPath);
      if ('reason' in ts) {
        loaded = { ...ts };
      } else {
        const config = readProjectConfig(ts, configPath);
        loaded = config.error ? { reason: `{path}: ${config.error}`, path: configPath } : { ts, config };
      }
      this.read.set(configPath, loaded);
    }
    return loaded;
  }
}
