import type { Anchor } from './types.js';

const OPERATION = /^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|TRACE) (\/\S*)$/;

/** `"POST /rest/api/v1/chat"` → an operation; `"ExternalSharingOptions"` → a schema; `"ChatMessage.citations"` → a property. */
export function parseAnchor(on: string): Anchor {
  const operation = OPERATION.exec(on);
  if (operation) return { kind: 'operation', operation: on, method: operation[1]!, path: operation[2]! };
  const dot = on.indexOf('.');
  if (dot === -1) return { kind: 'schema', schema: on };
  return { kind: 'property', schema: on.slice(0, dot), property: on.slice(dot + 1) };
}
