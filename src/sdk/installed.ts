import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { SdkDeclarations } from './declarations.js';

/** The SDK release a project has installed, and its own type declarations. */
export interface InstalledSdk {
  package: string;
  version: string;
  directory: string;
  declarations: SdkDeclarations;
}

const byDirectory = new Map<string, { key: string; sdk: InstalledSdk | undefined }>();

/**
 * The SDK the file's project resolves (`node_modules/<package>` in its directory or above, as
 * Node looks for it), read once per package and release. Undefined when the project has none:
 * then nothing is known about its types, and fixes are judged as before.
 */
export function installedSdk(file: string, packageName: string, modelsModule: string | undefined): InstalledSdk | undefined {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    const directory = path.join(dir, 'node_modules', ...packageName.split('/'));
    const manifest = path.join(directory, 'package.json');
    const stats = statSync(manifest, { throwIfNoEntry: false });
    if (stats?.isFile()) return cached(directory, manifest, `${stats.mtimeMs}:${stats.size}`, packageName, modelsModule);
    if (path.dirname(dir) === dir) return undefined;
  }
}

function cached(directory: string, manifest: string, key: string, packageName: string, modelsModule: string | undefined): InstalledSdk | undefined {
  const known = byDirectory.get(directory);
  if (known?.key === key) return known.sdk;
  let sdk: InstalledSdk | undefined;
  try {
    const json = JSON.parse(readFileSync(manifest, 'utf8')) as PackageJson;
    if (typeof json.version === 'string') sdk = { package: packageName, version: json.version, directory, declarations: new SdkDeclarations(modelsDirectory(directory, json, packageName, modelsModule)) };
  } catch {
    sdk = undefined;
  }
  byDirectory.set(directory, { key, sdk });
  return sdk;
}

interface PackageJson {
  version?: unknown;
  exports?: unknown;
}

/**
 * The directory of the module that exports the models (`@gleanwork/api-client/models/components`):
 * where its `exports` entry's type declarations are, else the usual build layouts.
 */
function modelsDirectory(directory: string, json: PackageJson, packageName: string, modelsModule: string | undefined): string | undefined {
  const subpath = modelsModule?.startsWith(`${packageName}/`) ? `.${modelsModule.slice(packageName.length)}` : undefined;
  const declared = subpath ? typesPath((json.exports as Record<string, unknown> | undefined)?.[subpath]) : undefined;
  const candidates = [
    ...(declared ? [path.dirname(path.join(directory, declared))] : []),
    ...(subpath ? ['dist/esm', 'dist/commonjs', 'esm', 'dist', '.', 'src'].map((root) => path.join(directory, root, subpath)) : []),
  ];
  return candidates.find((candidate) => statSync(candidate, { throwIfNoEntry: false })?.isDirectory());
}

/** The `types` file of an `exports` entry, whatever the nesting of conditions. */
function typesPath(entry: unknown): string | undefined {
  if (typeof entry === 'string') return entry.endsWith('.d.ts') ? entry : undefined;
  if (typeof entry !== 'object' || entry === null) return undefined;
  const conditions = entry as Record<string, unknown>;
  if (typeof conditions['types'] === 'string') return conditions['types'];
  for (const value of Object.values(conditions)) {
    const found = typesPath(value);
    if (found) return found;
  }
  return undefined;
}
