import { createRequire } from 'node:module';
import type * as TypeScript from 'typescript';

const require = createRequire(import.meta.url);
let loaded: typeof TypeScript | undefined;

/**
 * TypeScript, loaded on first use. Only type-aware mode needs it (typescript-eslint has loaded it
 * already by then), it is an optional peer dependency, and loading it takes about a second: a
 * project on the default parser must never pay for it, nor need it installed.
 */
export function loadTypeScript(): typeof TypeScript {
  loaded ??= require('typescript') as typeof TypeScript;
  return loaded;
}

/**
 * `ts` for code written as `import ts from 'typescript'`: the same API, loaded at the first
 * property read. Types still come from `import type ts from 'typescript'`.
 */
export const typescript: typeof TypeScript = new Proxy({} as typeof TypeScript, {
  get: (_target, key) => Reflect.get(loadTypeScript(), key),
});
