import type { TSESTree } from '../ts-eslint-lite.js';
import type { ScheduleItem } from '../schedule/types.js';
import type { KnownEndpoint } from './catalog.js';

/** Where a deprecated field was met, which decides what a fix may rewrite. */
export type FieldUse =
  /** A key of an object literal sent in a request body. */
  | { kind: 'request-key'; property: TSESTree.Property }
  /** `body.field = value` on an object sent in a request body (or typed as a request). */
  | { kind: 'request-assign'; member: TSESTree.MemberExpression }
  /** A property read from a response (or from a value typed with the service's types). */
  | { kind: 'response-read'; member: TSESTree.MemberExpression }
  /** A key destructured from a response. */
  | { kind: 'response-destructure'; property: TSESTree.Property }
  /** A property named in a string path read from a response (`_.get(res, 'answerResult.trackingToken')`, `_.map(messages, 'citations')`). */
  | { kind: 'response-path'; literal: TSESTree.Literal }
  /** A key of a pattern matched against a response (ts-pattern's `{ citations: P.array() }`). */
  | { kind: 'response-pattern'; property: TSESTree.Property };

/**
 * What the engine found, before judging turns it into a report: the node it sits on (in the
 * engine's parse of the module, located again in ESLint's tree by its range), the item, and what
 * the value was.
 */
export type FlowFinding =
  | {
      kind: 'endpoint';
      file: string;
      node: TSESTree.Node;
      item: ScheduleItem;
      /** The SDK method or function that calls the endpoint, when no path is written. */
      via?: string;
    }
  | {
      kind: 'field';
      file: string;
      node: TSESTree.Node;
      item: ScheduleItem;
      use: FieldUse;
      /** The schema of the object the field was met on. */
      owner: string;
      property: string;
      direction: 'request' | 'response';
      /** The endpoint the value came from or goes to, when known. */
      endpoint?: KnownEndpoint;
    }
  | {
      kind: 'schema';
      file: string;
      node: TSESTree.Node;
      item: ScheduleItem;
    };

export function findingKey(finding: FlowFinding): string {
  return `${finding.file}\u0000${finding.node.range[0]}:${finding.node.range[1]}\u0000${finding.item.id}`;
}
