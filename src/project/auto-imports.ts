import path from 'node:path';

/**
 * Nuxt's auto-imports: a Nuxt app uses the exports of its `composables/` and `utils/` files, and
 * its server routes those of `server/utils/`, by name, with no import statement (Nuxt generates
 * the declarations at build time). Files in those folders are auto-imported when they sit at the
 * folder's top level, or are a subfolder's `index` file; `shared/utils/` serves both sides.
 * (`app/` is the source folder of Nuxt 4.)
 */
const APP_FOLDERS = ['composables', 'utils', 'app/composables', 'app/utils', 'shared/utils'];
const SERVER_FOLDERS = ['server/utils', 'shared/utils'];
const SOURCE = /\.(?:[cm]?[jt]s)$/;

/** The files a Nuxt app's code, and its server's, may use by name without importing them. */
export interface AutoImports {
  app: readonly string[];
  server: readonly string[];
}

/** The auto-imported files among a Nuxt project's files (rooted at `root`). */
export function nuxtAutoImports(root: string, files: Iterable<string>): AutoImports {
  const app: string[] = [];
  const server: string[] = [];
  for (const file of files) {
    if (!SOURCE.test(file)) continue;
    const where = relativePath(root, file);
    if (APP_FOLDERS.some((folder) => isAutoImportedIn(folder, where))) app.push(file);
    if (SERVER_FOLDERS.some((folder) => isAutoImportedIn(folder, where))) server.push(file);
  }
  return { app, server };
}

/** Those of `imports` that `file` may use: the server's for a file under `server/`, the app's for the others. */
export function autoImportsOf(root: string, file: string, imports: AutoImports): readonly string[] {
  if (imports.app.length === 0 && imports.server.length === 0) return imports.app;
  const side = relativePath(root, file).startsWith('server/') ? imports.server : imports.app;
  return side.includes(file) ? side.filter((other) => other !== file) : side;
}

function relativePath(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/');
}

function isAutoImportedIn(folder: string, file: string): boolean {
  if (!file.startsWith(`${folder}/`)) return false;
  const rest = file.slice(folder.length + 1).split('/');
  return rest.length === 1 || (rest.length === 2 && /^index\.[cm]?[jt]s$/.test(rest[1]!));
}

/** The name a file's default export is auto-imported under: its file name (or folder name, for an `index`) in camelCase. */
export function defaultExportName(file: string): string {
  const base = path.basename(file).replace(/\.[^.]+$/, '');
  const stem = base === 'index' ? path.basename(path.dirname(file)) : base;
  return stem.replace(/[-_.]+([a-zA-Z0-9])/g, (_, letter: string) => letter.toUpperCase());
}
