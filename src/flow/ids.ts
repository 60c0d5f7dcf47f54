/**
 * Small numbers for objects that have no name of their own (AST nodes, scope variables,
 * modules), so that abstract values and memo tables can be keyed by strings. Weakly held: a module
 * dropped from the index takes its numbers with it.
 */
const ids = new WeakMap<object, number>();
let next = 1;

export function idOf(object: object): number {
  let id = ids.get(object);
  if (id === undefined) {
    id = next++;
    ids.set(object, id);
  }
  return id;
}
