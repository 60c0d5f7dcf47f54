/**
 * `data/graph.json`: what the service's OpenAPI documents say about the shapes of its requests and
 * responses, as facts only (names, types, references, paths, deprecation ids and dates). It is
 * generated (`npm run data`, `api-sunset schedule import`) and read on every lint run, so it is
 * kept small: types are strings in the grammar of `type-expression.ts`.
 */
export interface GraphFile {
  graphVersion: 1;
  /** The documents the graph was built from: file name (no directory), title and version as they declare them. */
  documents: GraphDocument[];
  /** `"POST /rest/api/v1/chat"` → its JSON request and response bodies. */
  operations: Record<string, GraphOperation>;
  /** Schema name → its properties. Inline object schemas get names like `ChatRequest#agentConfig`. */
  schemas: Record<string, GraphSchema>;
  /** Every deprecation mark (`x-glean-deprecated`) by its id. */
  marks: Record<string, GraphMark>;
}

export interface GraphDocument {
  file: string;
  title: string;
  version: string;
  openapi: string;
}

export interface GraphOperation {
  operationId?: string;
  /** Type expression of the JSON request body. */
  request?: string;
  /** Type expression of the JSON body of the success response. */
  response?: string;
  /** Ids of the marks on the operation itself. */
  deprecated?: string[];
}

export interface GraphSchema {
  /** Property name → type expression (after `allOf` is flattened). */
  properties?: Record<string, string>;
  /** `additionalProperties`: the type of every other key. */
  additionalProperties?: string;
  /** `oneOf`/`anyOf`: the schema is one of these (a type expression). */
  oneOf?: string;
  /** Ids of the marks on the schema itself. */
  deprecated?: string[];
  /** Property → ids of the marks on it, including those inherited through `allOf`. */
  deprecatedProperties?: Record<string, string[]>;
}

export interface GraphMark {
  /** Where the document puts it: `"POST /api/index/v1/getusercount"`, `"ExternalSharingOptions"` or `"SearchResultSnippet.snippet"`. */
  on: string;
  introduced?: string;
  removal: string;
  /** The document (file name) that carries it. */
  document: string;
}
