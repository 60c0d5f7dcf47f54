/** The schedule as stored in `data/schedule.json`; see `data/schedule.schema.json` for the meaning of each property. */

export type ApiName = 'client' | 'indexing';
export type Direction = 'request' | 'response';
export type FixLevel = 'auto' | 'suggestion' | 'none';
export type MigrationAction = 'rename' | 'move' | 'remove' | 'manual' | 'replace-endpoint';

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

export interface EndpointInfo {
  endpoint: string;
  api: ApiName;
  scope?: string;
  sdkMethods?: string[];
  sdkFunctions?: string[];
  bodyless?: boolean;
  requestType?: string;
  responseType?: string;
}

/** Schema object name → property → the object it leads to (`"ChatMessage[]"` for an array). */
export type SchemaGraph = Record<string, Record<string, string>>;

export interface AuthInfo {
  authorizationHeader?: { name: string; scheme?: string };
  actAsHeader?: { name: string; aliases?: string[] };
  tokenTypes?: { name: string; headers: string[]; note?: string }[];
  scopes?: { name: string; area: string; source?: 'spec' | 'notes' }[];
  scopeSets?: { name: string; scopes: string[] }[];
}

export interface Migration {
  action: MigrationAction;
  to?: string;
  fix: FixLevel;
  unlessSibling?: string[];
  details?: string;
}

export interface Occurrence {
  endpoint: string;
  in: Direction;
  path: string;
  source?: 'spec' | 'notes';
}

export interface Notice {
  replacement: string;
  note?: string;
  /** The note holds only until the removal date: messages leave it out afterwards. */
  noteUntilRemoval?: boolean;
  migration: Migration;
  schema?: { object: string; property: string };
  occurrences?: Occurrence[];
}

export interface ScheduleItem {
  id: string;
  api: ApiName;
  kind: 'field' | 'endpoint';
  endpoint: string;
  field?: string;
  travels?: Direction[];
  removal: string;
  notices: Notice[];
}

export interface ScheduleFile {
  $schema?: string;
  schemaVersion: 1;
  extends?: 'bundled';
  apis?: Partial<Record<ApiName, ApiInfo>>;
  sdk?: SdkInfo;
  endpoints?: EndpointInfo[];
  schemas?: SchemaGraph;
  auth?: AuthInfo;
  items: ScheduleItem[];
}

/** A loaded, validated schedule. `source` names where it came from, for messages. */
export interface Schedule {
  source: string;
  apis: Record<ApiName, ApiInfo>;
  sdk: SdkInfo;
  endpoints: EndpointInfo[];
  schemas: SchemaGraph;
  auth: AuthInfo;
  items: ScheduleItem[];
}
