import type { Schedule, SdkInfo } from '../schedule/types.js';
import type { SdkDeclarations } from './declarations.js';

/** A deprecated property and the access path that replaces it on the same model. */
export interface Replacement {
  item: string;
  /** `SearchResultSnippet` */
  model: string;
  /** `snippet` */
  deprecated: string;
  /** `text`, `answer.trackingToken`, `fragments[].citation` */
  replacement: string;
}

/** What one SDK release's types say about a replacement; undefined when the release does not declare the model at all. */
export interface ReplacementInTypes {
  /** The replacement's access path is declared. */
  hasReplacement: boolean;
  /** The deprecated property is optional (or gone), so an object of the model can leave it out. */
  deprecatedOptional: boolean;
  /** A step of the replacement's path is optional, so reading it can give undefined. */
  replacementOptional: boolean;
}

/**
 * Whether a release's types hold the rewrite: the replacement is declared, and the old property
 * is optional, because an object the code writes must be able to leave it out (TS2741), and
 * reading an optional replacement where the old property was always set widens the type (TS2322).
 */
export function typesAllow(facts: ReplacementInTypes, writes: boolean): boolean {
  return facts.hasReplacement && (facts.deprecatedOptional || (!writes && !facts.replacementOptional));
}

/** Every replacement the schedule rewrites to (fixes and suggestions), on the model the migration was written for. */
export function replacementsOf(schedule: Schedule): Replacement[] {
  return schedule.items.flatMap((item) => {
    const { replacement, anchor } = item;
    if (anchor.kind !== 'property' || replacement.kind === 'none' || replacement.kind === 'endpoint' || replacement.fix === 'none') return [];
    return [{ item: item.id, model: anchor.schema, deprecated: anchor.property, replacement: replacement.to }];
  });
}

export function judgeReplacement(declarations: SdkDeclarations, replacement: Pick<Replacement, 'model' | 'deprecated' | 'replacement'>): ReplacementInTypes | undefined {
  const properties = declarations.modelProperties(replacement.model);
  if (!properties) return undefined;
  const resolved = declarations.resolve(replacement.model, replacement.replacement);
  return {
    hasReplacement: resolved !== undefined,
    deprecatedOptional: properties.get(replacement.deprecated)?.optional ?? true,
    replacementOptional: resolved?.mayBeUndefined ?? false,
  };
}

/** The module the SDK's model types are imported from (`@gleanwork/api-client/models/components`). */
export function modelsModuleOf(sdk: SdkInfo): string | undefined {
  return sdk.typesModules?.find((name) => name !== sdk.package);
}
