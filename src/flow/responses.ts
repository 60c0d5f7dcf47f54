import type { TSESTree } from '../ts-eslint-lite.js';
import { isWriteTarget, T } from '../project/ast.js';
import type { SchemaPosition } from '../schedule/graph/schema-graph.js';
import type { Engine } from './engine.js';
import type { FieldUse } from './findings.js';
import { RESPONSE_STATES } from './models/response-states.js';
import type { Use } from './operations.js';
import { builtinValue, EMPTY, responseValue, union, type ResponseValue, type ValueSet } from './values.js';

const ARRAY_LIKE_METHODS = new Set([
  'map', 'flatMap', 'filter', 'find', 'findLast', 'forEach', 'some', 'every', 'findIndex', 'findLastIndex', 'reduce', 'reduceRight',
  'slice', 'concat', 'reverse', 'sort', 'toSorted', 'toReversed', 'at', 'flat', 'entries', 'values', 'includes', 'indexOf', 'join',
]);

/**
 * `value.key` on the service's data. A response object in some state leads to another state
 * (`res.data`, `res.json()`); the body itself is read through the schema graph, and a read of a
 * deprecated property is a finding, wherever the code that reads it is.
 */
export function responseMember(engine: Engine, value: ResponseValue, key: string | undefined, use: Use | undefined): ValueSet {
  if (value.state === 'body') return bodyMember(engine, value, key, use);
  const model = RESPONSE_STATES[value.state];
  if (!model) return EMPTY;
  if (model.awaited && key !== undefined && (key === 'then' || key === 'catch' || key === 'finally') && !model.members?.[key]) return [builtinValue(`promise.${key}`, [value])];
  const asBody = model.maybeBody ? bodyMember(engine, { ...value, state: 'body' }, key, use) : EMPTY;
  const member = key === undefined ? undefined : model.members?.[key];
  if (!member) return asBody;
  if (typeof member === 'string') return union(asBody, [responseValue(member, value.position, value.endpoint)]);
  if ('emits' in member) return [builtinValue(`emits:${member.emits}`, [value])];
  return [builtinValue(`state:${member.call}${member.body === undefined ? '' : `:${member.body}`}`, [value])];
}

function bodyMember(engine: Engine, value: ResponseValue, key: string | undefined, use: Use | undefined): ValueSet {
  const { position } = value;
  if (position.containers.startsWith('[')) {
    if (key === undefined || /^\d+$/.test(key)) return [responseValue('body', inner(position), value.endpoint)];
    return ARRAY_LIKE_METHODS.has(key) ? [builtinValue(`array.${key}`, [value])] : EMPTY;
  }
  if (position.containers.startsWith('{')) return key === undefined ? EMPTY : [responseValue('body', inner(position), value.endpoint)];
  if (key === undefined) return EMPTY;
  const facts = engine.graph.property(position.schema, key);
  if (!facts) return EMPTY;
  engine.markService();
  const field = fieldUse(use);
  if (field) {
    const items = engine.catalog.itemsOnProperty(position.schema, key, facts.marks);
    for (const item of items) {
      engine.report({ kind: 'field', file: engine.reader!.module.path, node: useNode(field), item, use: field, owner: position.schema, property: key, direction: 'response', ...(value.endpoint ? { endpoint: value.endpoint } : {}) });
    }
    if (items.length === 0) {
      engine.liveRead(useNode(field), key);
      reportSchemaUse(engine, facts.positions, use);
    }
  }
  return facts.positions.filter((next) => engine.graph.leadsToMarks(next.schema)).map((next) => responseValue('body', next, value.endpoint));
}

/** A read that yields a value of a deprecated schema, where the property itself carries no item, uses the schema. */
function reportSchemaUse(engine: Engine, positions: readonly SchemaPosition[], use: Use | undefined): void {
  if (use?.kind !== 'read') return;
  for (const next of positions) {
    for (const mark of engine.graph.schemaMarks(next.schema)) {
      const item = engine.catalog.itemById(mark);
      if (item) engine.report({ kind: 'schema', file: engine.reader!.module.path, node: use.node.property, item });
    }
  }
}

/** `res.field = value` on a value typed as a request: a key written into a body. */
export function storeOnResponse(engine: Engine, value: ResponseValue, key: string | undefined, member: TSESTree.MemberExpression): void {
  if (value.state !== 'body' || value.endpoint || value.position.containers !== '' || key === undefined) return;
  if (!engine.catalog.inRequests(value.position.schema)) return;
  const facts = engine.graph.property(value.position.schema, key);
  if (!facts) return;
  for (const item of engine.catalog.itemsOnProperty(value.position.schema, key, facts.marks)) {
    engine.report({ kind: 'field', file: engine.reader!.module.path, node: member.property, item, use: { kind: 'request-assign', member }, owner: value.position.schema, property: key, direction: 'request' });
  }
}

/** What awaiting a thenable state gives (got's and ky's promises, superagent's builder); other states are not promises. */
export function responseAwaited(value: ResponseValue): ValueSet {
  const next = RESPONSE_STATES[value.state]?.awaited;
  return [next ? responseValue(next, value.position, value.endpoint) : value];
}

export function responseElements(value: ResponseValue): ValueSet {
  return value.state === 'body' && value.position.containers.startsWith('[') ? [responseValue('body', inner(value.position), value.endpoint)] : EMPTY;
}

function inner(position: SchemaPosition): SchemaPosition {
  return { schema: position.schema, containers: position.containers.slice(1) };
}

function fieldUse(use: Use | undefined): FieldUse | undefined {
  if (!use) return undefined;
  if ((use.kind === 'read' || use.kind === 'callee') && !isWriteTarget(use.node)) return { kind: 'response-read', member: use.node };
  if (use.kind === 'destructure' && use.node.parent.type === T.ObjectPattern) return { kind: 'response-destructure', property: use.node };
  if (use.kind === 'path') return { kind: 'response-path', literal: use.node };
  if (use.kind === 'pattern') return { kind: 'response-pattern', property: use.node };
  return undefined;
}

function useNode(use: FieldUse): TSESTree.Node {
  if (use.kind === 'response-path') return use.literal;
  return use.kind === 'request-key' || use.kind === 'response-destructure' || use.kind === 'response-pattern' ? use.property.key : use.member.property;
}
