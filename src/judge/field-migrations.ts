import { TSESTree, type TSESLint } from '../ts-eslint-lite.js';
import type { KnownEndpoint } from '../flow/catalog.js';
import type { FieldFinding, Suggestion } from './findings.js';
import { accessPath, collapseFallback } from './fallbacks.js';
import { asCallee, moveMember, movePatternKey, quoteOf, removeProperty, renameKey, renameMember, replaceMember, replaceProperty } from './field-fixes.js';
import type { DeprecatedField } from './schemas.js';
import type { SdkTypes } from './sdk-types.js';
import type { TypeInfo } from './typed-fields.js';
import { callbackParameter, withImports, type CallbackElement } from './callback-params.js';
import { propertyKeyName } from '../project/ast.js';
import type { InstalledSdk } from '../sdk/installed.js';
import { waitForSdk } from './sdk-gate.js';

/** Where a deprecated field was met, which decides which rewrites are possible. */
export type FieldUse =
  /** A key of an object literal sent in a request (or written with `obj.field = v`). */
  | { kind: 'request-key'; property: TSESTree.Property }
  | { kind: 'request-assign'; member: TSESTree.MemberExpression; value: TSESTree.Node }
  /** A property read from a response. */
  | { kind: 'response-read'; member: TSESTree.MemberExpression }
  /** A key destructured from a response. */
  | { kind: 'response-destructure'; property: TSESTree.Property }
  /** A property named in a string path read from a response (lodash's `_.get(res, 'a.b')`). */
  | { kind: 'response-path'; literal: TSESTree.Literal }
  /** A key of a pattern matched against a response (ts-pattern). */
  | { kind: 'response-pattern'; property: TSESTree.Property };

export interface MigrationContext {
  sourceCode: Readonly<TSESLint.SourceCode>;
  filename: string;
  /** The SDK's schema type names the file imports: suggested callbacks use them for their parameters. */
  sdkTypes?: SdkTypes;
  typeInfo?: TypeInfo;
  /** The object literal an expression evaluates to, when it is one written in this file. */
  objectLiteral(node: TSESTree.Node): TSESTree.ObjectExpression | undefined;
  /** The SDK release the file's project has installed (read on first use), whose types decide whether a rewrite can be typed yet. */
  installedSdk?: () => InstalledSdk | undefined;
}

export type Rewrites = Pick<FieldFinding, 'fix' | 'suggestions' | 'unfixable' | 'upgrade'>;

/**
 * The rewrites a finding offers, from its item's replacement: autofixes only where the schedule
 * calls the rename or move safe and this use keeps it safe, suggestions where the new shape is
 * plausible but not provably equivalent, and otherwise the reason in words.
 */
export function rewritesFor(context: MigrationContext, field: DeprecatedField, use: FieldUse): Rewrites {
  return waitForSdk(context, field, use, scheduledRewrites(context, field, use));
}

function scheduledRewrites(context: MigrationContext, field: DeprecatedField, use: FieldUse): Rewrites {
  const migration = field.item.replacement;
  // A path in a string may be built, shared or read by other code: rewriting its text is left to the reader.
  if (use.kind === 'response-path') return migration.kind === 'none' ? {} : { unfixable: 'the field is named in a string path' };
  // A pattern's key decides which branch runs: renaming it changes what matches.
  if (use.kind === 'response-pattern') return migration.kind === 'none' ? {} : { unfixable: 'the field is named in a pattern that is matched against the response' };
  if (migration.kind === 'rename' || migration.kind === 'move') {
    return migration.fix === 'auto' ? safeRewrite(context, field, use, migration.to) : {};
  }
  if (migration.fix !== 'suggestion') return {};
  return { suggestions: reshapeSuggestions(context, field, use) };
}

function safeRewrite(context: MigrationContext, field: DeprecatedField, use: FieldUse, to: string): Rewrites {
  const { sourceCode } = context;
  const migration = field.item.replacement;
  const blockers = migration.kind === 'rename' ? (migration.unlessSibling ?? []) : [];
  switch (use.kind) {
    case 'request-key': {
      const object = use.property.parent as TSESTree.ObjectExpression;
      if (migration.kind !== 'rename') return {};
      if (hasKey(object, to)) return { unfixable: `${to} is already set in this object` };
      const blocked = blockers.length > 0 ? blockedByValue(context, use.property.value, blockers, to) : undefined;
      if (blocked) return { unfixable: blocked };
      const fix = renameKey(sourceCode, use.property, to);
      return fix ? { fix } : {};
    }
    case 'request-assign': {
      if (migration.kind !== 'rename') return {};
      const blocked = blockers.length > 0 ? blockedByValue(context, use.value, blockers, to) : undefined;
      if (blocked) return { unfixable: blocked };
      const fix = renameMember(use.member, to, { write: true });
      return fix ? { fix } : {};
    }
    case 'response-read': {
      if (blockers.length > 0 && !readsOnlyOtherKeys(use.member, blockers)) {
        return { unfixable: `the value may be used for ${blockers.join(', ')}, which ${to} does not have` };
      }
      const rewrite = (member: TSESTree.MemberExpression) => (migration.kind === 'move' ? moveMember(member, to) : renameMember(member, to));
      const fix = rewrite(use.member);
      const replacement = replacementPath(use.member, to);
      return fix ? { fix: (replacement && collapseFallback(sourceCode, use.member, rewrite, replacement)) || fix } : {};
    }
    case 'response-destructure': {
      // The local keeps the old object, whose other keys the code may read later: never rename it blindly.
      if (blockers.length > 0) return { unfixable: `the destructured value may be used for ${blockers.join(', ')}, which ${to} does not have` };
      const fix = migration.kind === 'move' ? movePatternKey(sourceCode, use.property, to) : renameKey(sourceCode, use.property, to);
      // `collection?.trackingToken` → "from collection".
      const container = to.replace(/\??\.[^.?]+$/, '').replaceAll('?.', '.');
      const description = migration.kind === 'move' ? `Destructure ${field.property} from ${container} instead.` : `Rename ${field.property} to ${to} (the local name stays).`;
      return fix ? { suggestions: [{ description, fix }], unfixable: 'destructuring is rewritten only as a suggestion' } : {};
    }
    case 'response-path':
    case 'response-pattern':
      return {};
  }
}

/** The access path a rename or move of `member` produces: `s.snippet` → `s.text`, `res.trackingToken` → `res.collection.trackingToken`. */
function replacementPath(member: TSESTree.MemberExpression, to: string): string | undefined {
  const object = accessPath(member.object);
  return object === undefined ? undefined : `${object}.${to.replaceAll('?.', '.')}`;
}

/** What the suggested callbacks receive. The structural types hold what the callbacks read, typed as loosely as the untyped JSON they replace. */
const REACTION_TYPE: CallbackElement = { structural: 'string' };
const REACTION: CallbackElement = { sdkType: 'Reaction', structural: '{ type?: string }' };
const FRAGMENT: CallbackElement = { sdkType: 'ChatMessageFragment', structural: '{ citation?: any }' };

/** The replacements whose shape differs from the old field's: offered for review, never applied by `--fix`. */
function reshapeSuggestions(context: MigrationContext, field: DeprecatedField, use: FieldUse): Suggestion[] | undefined {
  const { sourceCode } = context;
  const migration = field.item.replacement;
  const to = migration.kind === 'none' ? undefined : migration.to;
  if (use.kind === 'request-key') {
    const property = use.property;
    if (to === 'relationType') return negationSuggestion(context, property);
    if (to === 'reacts' && property.kind === 'init' && !property.method) {
      const value = asCallee(sourceCode, property.value);
      const type = callbackParameter(context, 'type', REACTION_TYPE);
      return [{ description: `Send reacts as Reaction objects built from the reaction types.`, fix: replaceProperty(property, `reacts: ${value}.map((${type.text}) => ({ type }))`) }];
    }
    if (migration.kind === 'none') return [{ description: `Remove the ${field.property} property.`, fix: removeProperty(sourceCode, property) }];
    return undefined;
  }
  if (use.kind === 'response-read') {
    if (to === 'reacts') {
      const r = callbackParameter(context, 'r', REACTION, use.member.object);
      // Reaction.type is optional where reactions held strings: reactions without a type are left out.
      const fix = replaceMember(sourceCode, use.member, (object, dot) => `${object}${dot}reacts?.flatMap((${r.text}) => (r.type ? [r.type] : []))`);
      return fix && [{ description: 'Read the reaction types from reacts.', fix: withImports(fix, r) }];
    }
    if (to === 'fragments[].citation') {
      const f = callbackParameter(context, 'f', FRAGMENT, use.member.object);
      const fix = replaceMember(sourceCode, use.member, (object, dot) => `(${object}${dot}fragments ?? []).flatMap((${f.text}) => (f.citation ? [f.citation] : []))`);
      return fix && [{ description: 'Collect the citations from the message fragments.', fix: withImports(fix, f) }];
    }
  }
  return undefined;
}

/** `isNegated: true` most likely means `relationType: 'NOT_EQUALS'`; `isNegated: false` is the default and can go. */
function negationSuggestion(context: MigrationContext, property: TSESTree.Property): Suggestion[] | undefined {
  const value = property.value;
  if (value.type !== TSESTree.AST_NODE_TYPES.Literal || typeof value.value !== 'boolean') return undefined;
  if (!value.value) return [{ description: 'Remove isNegated: false (equality is the default).', fix: removeProperty(context.sourceCode, property) }];
  if (hasKey(property.parent as TSESTree.ObjectExpression, 'relationType')) return undefined;
  const quote = quoteOf(context.sourceCode);
  return [{ description: `Replace isNegated: true with relationType: ${quote}NOT_EQUALS${quote} (the likely equivalent; check it).`, fix: replaceProperty(property, `relationType: ${quote}NOT_EQUALS${quote}`) }];
}

function hasKey(object: TSESTree.ObjectExpression | TSESTree.ObjectPattern, key: string): boolean {
  return object.properties.some((property) => property.type === TSESTree.AST_NODE_TYPES.Property && propertyKeyName(property) === key);
}

/** A renamed object's value must not carry keys the new type lacks, and the analysis must see all of its keys. */
function blockedByValue(context: MigrationContext, value: TSESTree.Node, blockers: string[], to: string): string | undefined {
  const object = context.objectLiteral(value);
  if (!object) return `the value is not an object literal here, so it may set ${blockers.join(', ')}, which ${to} does not have`;
  const present = blockers.filter((key) => hasKey(object, key));
  if (present.length > 0) return `the object sets ${present.join(', ')}, which ${to} does not have`;
  if (object.properties.some((property) => property.type === TSESTree.AST_NODE_TYPES.SpreadElement)) {
    return `the object spreads another value, which may set ${blockers.join(', ')}`;
  }
  return undefined;
}

/** `x.externalSharingOptions.enabled`: the renamed value is only read for keys the new type also has. */
function readsOnlyOtherKeys(member: TSESTree.MemberExpression, blockers: string[]): boolean {
  let node: TSESTree.Node = member;
  while (node.parent?.type === TSESTree.AST_NODE_TYPES.TSNonNullExpression) node = node.parent;
  const parent = node.parent;
  if (parent?.type !== TSESTree.AST_NODE_TYPES.MemberExpression || parent.object !== node) return false;
  const key = parent.computed ? (parent.property.type === TSESTree.AST_NODE_TYPES.Literal ? String(parent.property.value) : undefined) : (parent.property as TSESTree.Identifier).name;
  return key !== undefined && !blockers.includes(key) && !(parent.parent?.type === TSESTree.AST_NODE_TYPES.AssignmentExpression && parent.parent.left === parent);
}

/** A finding for a deprecated field met at a use, with the rewrites that use allows. */
export function fieldFinding(
  context: MigrationContext,
  field: DeprecatedField,
  use: FieldUse,
  endpoint: KnownEndpoint | undefined,
): FieldFinding {
  const node = use.kind === 'response-path' ? use.literal : use.kind === 'request-key' || use.kind === 'response-destructure' || use.kind === 'response-pattern' ? use.property.key : use.member.property;
  const direction = use.kind === 'request-key' || use.kind === 'request-assign' ? 'request' : 'response';
  return { kind: 'field', node, item: field.item, direction, owner: field.owner, property: field.property, ...(endpoint ? { endpoint } : {}), ...rewritesFor(context, field, use) };
}
