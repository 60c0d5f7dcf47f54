import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A file of this package, found through the package's own name (Node resolves a package's name
 * from inside it through its `exports`). The code runs from `src/` in tests and from `dist/src/`
 * when installed; a relative JSON import would make the compiler copy `package.json` and `data/`
 * into `dist/`, shipping them twice. JSON files are parsed once and shared: treat them as read-only.
 */
export function packageFile(subpath: 'package.json' | `data/${string}.json`): unknown {
  return require(`eslint-plugin-api-sunset/${subpath}`);
}

export interface PackageJson {
  name: string;
  version: string;
  homepage?: string;
}

export function packageJson(): PackageJson {
  return packageFile('package.json') as PackageJson;
}
