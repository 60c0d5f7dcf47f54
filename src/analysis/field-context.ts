import type { TSESLint, TSESTree } from '../ts-eslint-lite.js';
import type { MigrationContext } from './field-migrations.js';
import type { ValueFlow } from './flow.js';
import type { RequestSite } from './requests.js';
import type { SchemaIndex } from './schemas.js';
import type { SdkTypes } from './sdk-types.js';
import type { StringEvaluator } from './strings.js';
import type { TypeInfo } from './typed-fields.js';

/** What the request-field and response-field detectors share for one file. */
export interface FieldContext extends MigrationContext {
  sourceCode: Readonly<TSESLint.SourceCode>;
  filename: string;
  schemas: SchemaIndex;
  /** The SDK's schema type names this file imports, and its local aliases of them. */
  sdkTypes: SdkTypes;
  strings: StringEvaluator;
  flow: ValueFlow;
  /** Requests to the service in this file; those with an `endpoint` have known body and response types. */
  sites: RequestSite[];
  /**
   * Nodes where the code names a type: annotated identifiers (parameters, variables),
   * `as`/`satisfies` expressions, and functions with a return type.
   */
  annotated: TSESTree.Node[];
  /** The TypeScript program's view of this file, in type-aware mode (the parser was given a project). */
  typeInfo?: TypeInfo;
}
