import { sdkUpgradeFor, upgradeAdvice } from '../sdk/upgrade.js';
import type { FieldUse, MigrationContext, Rewrites } from './field-migrations.js';
import type { DeprecatedField } from './schemas.js';

/**
 * A rewrite the project's installed SDK cannot type yet (its types lack the replacement, or still
 * require the old property on objects the code writes) is offered as a suggestion, and the
 * message says which release to move to first.
 */
export function waitForSdk(context: MigrationContext, field: DeprecatedField, use: FieldUse, rewrites: Rewrites): Rewrites {
  const migration = field.item.replacement;
  const to = migration.kind === 'none' || migration.kind === 'endpoint' ? undefined : migration.to;
  if (!to || (!rewrites.fix && !rewrites.suggestions)) return rewrites;
  const writes = use.kind === 'request-key' || use.kind === 'request-assign';
  const upgrade = sdkUpgradeFor(context.installedSdk?.(), { model: field.owner, deprecated: field.property, replacement: to }, writes);
  if (!upgrade) return rewrites;
  const advice = `${upgrade.reason}; ${upgradeAdvice(upgrade)}`;
  const once = upgrade.release ? ` once ${upgrade.package} ${upgrade.release} or later is installed` : ' once the SDK has it';
  const demoted = rewrites.fix ? [{ description: `${migration.kind === 'move' ? `Read ${to} instead of ${field.property}` : `Rename ${field.property} to ${to}`}${once}.`, fix: rewrites.fix }] : [];
  return { suggestions: [...demoted, ...(rewrites.suggestions ?? [])], unfixable: rewrites.unfixable ? `${rewrites.unfixable}; ${advice}` : advice, upgrade };
}
