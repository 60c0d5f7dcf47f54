import type { TypeDiagnostic } from './checker.js';

// What the type check of `fix` found, apart from the check itself, so that the reporters can read it
// without loading the checker (verify-fixes.ts is imported only when fix runs the type check).

/** A file whose changes are not all applied: the type errors they would add, in it or in files that import it. */
export interface RolledBack {
  file: string;
  errors: TypeDiagnostic[];
  /** `before`: the file keeps its text; `fallback`: it gets its fallback text, which adds no error. */
  to: 'before' | 'fallback';
}

export interface Verification {
  /** Files whose fixed (or fallback) text was type-checked and adds no error. */
  verified: string[];
  rolledBack: RolledBack[];
  /** Files no tsconfig could check (only the parse check applies), and why (see `uncheckedReason`). */
  unchecked: Unchecked[];
  /** The tsconfigs used, each with the TypeScript version that checked it. */
  projects: { config: string; typescript: string }[];
}

/** Why something could not be type-checked. `{path}` in `reason` stands for `path`, which reports show relative to where the user is, like every other path. */
export interface NotChecked {
  reason: string;
  path?: string;
}

export interface Unchecked extends NotChecked {
  file: string;
}

/** The reason as people read it, with its path shown by `show`. */
export function uncheckedReason(entry: NotChecked, show: (file: string) => string): string {
  return entry.path === undefined ? entry.reason : entry.reason.replaceAll('{path}', show(entry.path));
}
