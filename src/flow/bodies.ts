import type { TSESTree } from '../ts-eslint-lite.js';
import { memberKey, T } from '../project/ast.js';
import type { BodyDemand, Engine } from './engine.js';
import { PROTOTYPE } from './operations.js';
import type { ValueSet } from './values.js';

/**
 * Judges every object and array the analysis saw sent as a request body (or typed as a request's
 * schema), once the fixpoint is reached and every key written into them is known: the keys of the
 * literals that made them, the keys assigned later (`body.location = …`), through nested objects,
 * array elements (`push` included) and spreads (`{ ...base }`, `Object.assign`).
 */
export function judgeBodies(engine: Engine): void {
  const seen = new Set<string>();
  const queue: BodyDemand[] = [...engine.demands];
  for (let demand = queue.shift(); demand; demand = queue.shift()) {
    const { allocation, position, endpoint } = demand;
    const key = `${allocation.id}:${position.containers}${position.schema}:${endpoint?.key ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const cells = engine.cells(allocation);
    const follow = (values: ValueSet, next: typeof position) => {
      for (const value of values) {
        if (value.kind === 'object' || value.kind === 'array') queue.push({ allocation: value.allocation, position: next, endpoint });
      }
    };
    const spread = cells.get('...');
    if (spread) follow(spread.values, position);
    if (position.containers !== '') {
      const inner = { schema: position.schema, containers: position.containers.slice(1) };
      for (const [name, cell] of cells) if (name !== '...' && name !== PROTOTYPE) follow(cell.values, inner);
      continue;
    }
    for (const [name, cell] of cells) {
      if (name === '...' || name === '*' || name === '[]' || name === PROTOTYPE) continue;
      const facts = engine.graph.property(position.schema, name);
      if (!facts) continue;
      const items = engine.catalog.itemsOnProperty(position.schema, name, facts.marks);
      for (const site of cell.sites ?? []) {
        const file = engine.fileOf(site);
        if (!file) continue;
        for (const item of items) {
          if (site.type === T.Property) {
            engine.report({ kind: 'field', file, node: site.key, item, use: { kind: 'request-key', property: site }, owner: position.schema, property: name, direction: 'request', ...(endpoint ? { endpoint } : {}) });
            const copied = copiedFrom(site, name);
            if (copied) engine.report({ kind: 'field', file, node: copied.property, item, use: { kind: 'response-read', member: copied }, owner: position.schema, property: name, direction: 'response', ...(endpoint ? { endpoint } : {}) });
          } else if (site.type === T.MemberExpression) {
            engine.report({ kind: 'field', file, node: site.property, item, use: { kind: 'request-assign', member: site }, owner: position.schema, property: name, direction: 'request', ...(endpoint ? { endpoint } : {}) });
          }
        }
      }
      for (const next of facts.positions) follow(cell.values, next);
    }
  }
}

/**
 * `{ author: m.author, fragments: m.fragments, citations: m.citations }` in a body: a literal that
 * copies several fields of one object into the same fields of the service's object mirrors an
 * object of that schema (an earlier response sent back), so the deprecated field's read is a use
 * too, even where the analysis does not know where `m` came from. One same-name copy alone
 * (`{ id: draft.answerId, boardId: draft.boardId }`) is no such evidence: app objects share names.
 */
function copiedFrom(property: TSESTree.Property, name: string): TSESTree.MemberExpression | undefined {
  const copied = sameNameRead(property);
  if (!copied || memberKey(copied) !== name || property.parent.type !== T.ObjectExpression) return undefined;
  let mirrored = 0;
  for (const sibling of property.parent.properties) {
    if (sibling === property || sibling.type !== T.Property) continue;
    const read = sameNameRead(sibling);
    if (read && sameReference(read.object, copied.object)) mirrored++;
  }
  return mirrored >= 2 ? copied : undefined;
}

/** `key: x.key`: the member read a property copies under its own name. */
function sameNameRead(property: TSESTree.Property): TSESTree.MemberExpression | undefined {
  let value: TSESTree.Node = property.value;
  if (value.type === T.ChainExpression) value = value.expression;
  if (value.type !== T.MemberExpression || property.computed) return undefined;
  const key = property.key.type === T.Identifier ? property.key.name : property.key.type === T.Literal ? String(property.key.value) : undefined;
  return key !== undefined && memberKey(value) === key ? value : undefined;
}

function sameReference(a: TSESTree.Node, b: TSESTree.Node): boolean {
  if (a.type === T.Identifier && b.type === T.Identifier) return a.name === b.name;
  if (a.type === T.ThisExpression && b.type === T.ThisExpression) return true;
  if (a.type === T.MemberExpression && b.type === T.MemberExpression) return memberKey(a) !== undefined && memberKey(a) === memberKey(b) && sameReference(a.object, b.object);
  return false;
}
