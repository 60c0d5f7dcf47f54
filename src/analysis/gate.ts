import { catalogFor } from '../flow/catalog.js';
import { schemaIndexFor } from './schemas.js';
import type { Settings } from './settings.js';

/** `import … from './x.js'` or `'../x'`: where a client instance or path constants may come from. */
const RELATIVE_IMPORT = /\bfrom\s*['"]\.\.?\//;

/**
 * The one check every file pays: a file that mentions no API path prefix, no deprecated endpoint
 * name, not the SDK package and no declared wrapper cannot hold a finding, so it is not analysed
 * (the rules return no listeners; the CLI does not even parse it). A file that imports a relative
 * module and starts a string with a path relative to an API prefix (`'/getanswer'`,
 * `` `/governance/data/policies/${id}` ``) may call a client instance that module exports.
 */
export function mayContainFinding(text: string, settings: Settings): boolean {
  const { gateWords, relativePaths } = catalogFor(settings.schedule);
  if (gateWords.some((word) => text.includes(word))) return true;
  if (settings.wrappers.some((wrapper) => text.includes(wrapper.callee.split('.').at(-1)!))) return true;
  return relativePaths !== undefined && RELATIVE_IMPORT.test(text) && relativePaths.test(text);
}

/**
 * The gate for type-aware mode: with a program, a file that names a deprecated field or a
 * deprecated endpoint's SDK method may hold a finding whatever else it mentions, because its
 * types can come from other files.
 */
export function mayContainTypedFinding(text: string, settings: Settings): boolean {
  for (const name of schemaIndexFor(settings.schedule).fieldNames) if (text.includes(name)) return true;
  for (const name of catalogFor(settings.schedule).deprecatedMethodNames) if (text.includes(name)) return true;
  return false;
}
