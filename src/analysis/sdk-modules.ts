import type { SdkInfo } from '../schedule/types.js';
import { isSiblingConstruction } from './sibling-modules.js';

/**
 * Real code creates the SDK client once and imports it everywhere (`import { glean } from
 * '../glean.js'`). Without type information the importing file shows no link to the SDK, so we
 * read the imported module (see `sibling-modules.ts`): the evidence is that it imports the SDK's
 * client class from the SDK package and exports that name as `new Glean(…)`
 * (`export const glean = new Glean(…)`, `const glean = …; export { glean }`,
 * `export default new Glean(…)`). Only relative imports are followed, one level deep.
 */
export function isSdkClientExport(importingFile: string, specifier: string, exportName: string, sdk: SdkInfo): boolean {
  if (!sdk.className || !specifier.startsWith('.')) return false;
  return isSiblingConstruction(importingFile, specifier, exportName, sdk.package, sdk.className);
}
