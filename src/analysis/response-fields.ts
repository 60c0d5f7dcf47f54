import type { FieldContext } from './field-context.js';
import type { FieldFinding } from './findings.js';

/** Deprecated fields read from responses (issue #5). */
export function findResponseFields(_context: FieldContext): FieldFinding[] {
  return [];
}
