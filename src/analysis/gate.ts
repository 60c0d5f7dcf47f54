import { catalogFor } from './catalog.js';
import type { Settings } from './settings.js';

/**
 * The one check every file pays: a file that mentions no API path prefix, no deprecated endpoint
 * name, not the SDK package and no declared wrapper cannot hold a finding, so it is not analysed
 * (the rules return no listeners; the CLI does not even parse it).
 */
export function mayContainFinding(text: string, settings: Settings): boolean {
  const { gateWords } = catalogFor(settings.schedule);
  if (gateWords.some((word) => text.includes(word))) return true;
  return settings.wrappers.some((wrapper) => text.includes(wrapper.callee.split('.').at(-1)!));
}
