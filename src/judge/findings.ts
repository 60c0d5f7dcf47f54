import type { TSESLint, TSESTree } from '../ts-eslint-lite.js';
import type { Direction, ScheduleItem } from '../schedule/types.js';
import type { KnownEndpoint } from '../flow/catalog.js';
import type { SdkUpgrade } from '../sdk/upgrade.js';

/** A use of a deprecated endpoint: a path in a string, a request to it, or an SDK call. */
export interface EndpointFinding {
  kind: 'endpoint';
  node: TSESTree.Node;
  item: ScheduleItem;
  /** How the code reaches the endpoint when no path is written: the SDK method or function. */
  via?: string;
}

/** A use of a deprecated schema as a whole (its SDK type named in the code). */
export interface SchemaFinding {
  kind: 'schema';
  node: TSESTree.Node;
  item: ScheduleItem;
}

export type FixFunction = (fixer: TSESLint.RuleFixer) => TSESLint.RuleFix | TSESLint.RuleFix[];

/** An editor quick fix: what it does, in words, and the edit. */
export interface Suggestion {
  /** One sentence shown in the editor's quick-fix menu. */
  description: string;
  fix: FixFunction;
}

/** A deprecated field written into a request body or read from a response. */
export interface FieldFinding {
  kind: 'field';
  /** The key, the property name of a member access, or the destructured key. */
  node: TSESTree.Node;
  item: ScheduleItem;
  direction: Direction;
  /** The schema of the object the field was found on (`SearchResultSnippet`). */
  owner: string;
  property: string;
  /** The endpoint the body goes to or comes from, when the analysis knows it (not for typed values). */
  endpoint?: KnownEndpoint;
  /** The safe rewrite `--fix` applies. */
  fix?: FixFunction;
  suggestions?: Suggestion[];
  /** Why a rewrite the migration normally allows is not offered here, as a clause. */
  unfixable?: string;
  /** Set when the rewrite waits for a newer release of the SDK the project has installed. */
  upgrade?: SdkUpgrade;
}

export type Finding = EndpointFinding | SchemaFinding | FieldFinding;
