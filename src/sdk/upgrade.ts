import type { InstalledSdk } from './installed.js';
import { firstReleaseAllowing } from './releases.js';
import { judgeReplacement, typesAllow, type Replacement } from './replacements.js';

/** Why a rewrite waits for a newer SDK: the release installed, and the first one whose types allow it. */
export interface SdkUpgrade {
  package: string;
  installed: string;
  /** The first published release whose types allow the rewrite; undefined if none does yet. */
  release?: string;
  /** In words: `@gleanwork/api-client 0.13.0 still requires snippet on SearchResultSnippet`. */
  reason: string;
}

/**
 * Whether the SDK release the project has installed can type the rewrite ({@link typesAllow}),
 * judged from its own declarations.
 * Undefined when the rewrite can go ahead, or when nothing is known (no SDK installed, or a
 * release that does not declare the model).
 */
export function sdkUpgradeFor(sdk: InstalledSdk | undefined, replacement: Omit<Replacement, 'item'>, writes: boolean): SdkUpgrade | undefined {
  if (!sdk) return undefined;
  const facts = judgeReplacement(sdk.declarations, replacement);
  if (!facts || typesAllow(facts, writes)) return undefined;
  const { model, deprecated } = replacement;
  const target = replacement.replacement.replaceAll('?.', '.');
  const release = sdk.package + ' ' + sdk.version;
  const reason = !facts.hasReplacement
    ? `${release} has no ${model}.${target}`
    : writes
      ? `${release} still requires ${deprecated} on ${model}`
      : `in ${release} ${model}.${deprecated} is always set but ${target} is optional, so reading it instead can give undefined`;
  const first = firstReleaseAllowing(sdk.package, replacement, !facts.deprecatedOptional);
  return { package: sdk.package, installed: sdk.version, ...(first ? { release: first } : {}), reason };
}

/**
 * `move to @gleanwork/api-client 0.20.14 or later first`; without a known release (none has it
 * yet, or the package is not the one data/sdk-releases.json describes), the same without a number.
 */
export function upgradeAdvice(upgrade: Pick<SdkUpgrade, 'package' | 'release'>): string {
  return upgrade.release ? `move to ${upgrade.package} ${upgrade.release} or later first` : `move to a release of ${upgrade.package} whose types have it first`;
}
