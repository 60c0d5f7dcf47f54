/**
 * What the service's OpenAPI documents say about the shapes of its requests and responses, as
 * facts only (names, types, references, paths, deprecation ids and dates), as the OpenAPI reader
 * builds it. Types are strings in the grammar of `type-expression.ts`. On disk it is a
 * `StoredGraph`.
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

/**
 * `data/graph.json` (and a graph written by `api-sunset schedule import`): a `GraphFile` with each
 * schema's properties as a flat `[name, type, name, type, …]` list. The file is parsed on every
 * lint run, and JSON.parse builds an array of strings about twice as fast as ~550 objects that
 * each have keys of their own (a hidden class per schema). Version 1 files kept the objects.
 */
export interface StoredGraph extends Omit<GraphFile, 'graphVersion' | 'schemas'> {
  graphVersion: 2;
  schemas: Record<string, StoredSchema>;
}

export interface StoredSchema extends Omit<GraphSchema, 'properties'> {
  /** Property names and their type expressions, alternating. */
  properties?: string[];
}

/** The graph as it is stored (properties sorted by name): a graph of either version, or one just built from documents. */
export function storedGraph(graph: GraphFile | StoredGraph): StoredGraph {
  if (graph.graphVersion === 2) return graph;
  const schemas: Record<string, StoredSchema> = {};
  for (const [name, { properties, ...rest }] of Object.entries(graph.schemas)) schemas[name] = properties ? { ...rest, properties: Object.keys(properties).sort().flatMap((key) => [key, properties[key]!]) } : rest;
  return { ...graph, graphVersion: 2, schemas };
}
