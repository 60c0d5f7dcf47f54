import type { SchemaGraph } from './graph/schema-graph.js';

/** The schedule as stored in `data/schedule.json`; see `data/schedule.schema.json` for the meaning of each property. */

export type ApiName = 'client' | 'indexing';
export type Direction = 'request' | 'response';
export type FixLevel = 'auto' | 'suggestion' | 'none';

export interface ApiInfo {
  name: string;
  prefix: string;
}

export interface SdkInfo {
  package: string;
  className?: string;
  tokenOption?: string;
  functionsModule?: string;
  reactQueryModule?: string;
  typesModules?: string[];
}

/** Facts about an operation the documents do not carry: the token scope it needs. */
export interface EndpointExtras {
  scope?: string;
}

export interface AuthInfo {
  authorizationHeader?: { name: string; scheme?: string };
  actAsHeader?: { name: string; aliases?: string[] };
  tokenTypes?: { name: string; headers: string[]; note?: string }[];
  scopes?: { name: string; area: string; source?: 'spec' | 'notes' }[];
  scopeSets?: { name: string; scopes: string[] }[];
}

/**
 * What to use instead, in a form a fix can act on:
 * - `rename`: another property of the same object (`snippet` → `text`);
 * - `move`: a property further down the same object (`trackingToken` → `answer.trackingToken`);
 * - `reshape`: a replacement of another shape that a person must adapt to (`reactions` → `reacts`);
 * - `none`: nothing replaces it;
 * - `endpoint`: another operation (`POST /api/index/v1/debug/{datasource}/status`).
 */
export type Replacement =
  | { kind: 'rename'; to: string; fix: FixLevel; unlessSibling?: string[] }
  | { kind: 'move'; to: string; fix: FixLevel }
  | { kind: 'reshape'; to: string; fix: FixLevel }
  | { kind: 'none'; fix: FixLevel }
  | { kind: 'endpoint'; to: string; fix: FixLevel };

/** Where an item sits, parsed from its `on`. */
export type Anchor =
  | { kind: 'operation'; operation: string; method: string; path: string }
  | { kind: 'schema'; schema: string }
  | { kind: 'property'; schema: string; property: string };

/** How the spec's own table lists an item: the row's endpoint, field and replacement, in its words. */
export interface SpecRow {
  endpoint: string;
  field?: string;
  replacement: string;
}

export interface ScheduleItemData {
  /** The id of the documents' deprecation mark (or the user's own id for items they add). */
  id: string;
  /** Other names the item answers to: the ids it had before the documents' marks (`chat.citations`). */
  aliases?: string[];
  api: ApiName;
  /** `"POST /api/index/v1/getusercount"`, `"ExternalSharingOptions"` or `"SearchResultSnippet.snippet"`. */
  on: string;
  introduced?: string;
  removal: string;
  replacement: Replacement;
  /** A short remark every message carries ("answer boards are no longer supported"). */
  note?: string;
  /** A remark that holds only until the removal date ("the service still fills it for backward compatibility"). */
  untilRemoval?: string;
  /** The longer explanation `api-sunset schedule` and the docs show. */
  details?: string;
  spec?: SpecRow;
}

/** A loaded item: the data plus its parsed anchor. */
export interface ScheduleItem extends ScheduleItemData {
  aliases: string[];
  anchor: Anchor;
}

export interface ScheduleFile {
  $schema?: string;
  schemaVersion: 2;
  extends?: 'bundled';
  /** A graph file (`api-sunset schedule import` writes one), relative to the schedule file; the bundled graph otherwise. */
  graph?: string;
  apis?: Partial<Record<ApiName, ApiInfo>>;
  sdk?: SdkInfo;
  endpoints?: Record<string, EndpointExtras>;
  auth?: AuthInfo;
  items: ScheduleItemData[];
}

/** A loaded, validated schedule. `source` names where it came from, for messages. */
export interface Schedule {
  source: string;
  apis: Record<ApiName, ApiInfo>;
  sdk: SdkInfo;
  endpoints: Record<string, EndpointExtras>;
  auth: AuthInfo;
  items: ScheduleItem[];
  graph: SchemaGraph;
}
