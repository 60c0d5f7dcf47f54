import { storedGraph, type GraphFile } from './graph-file.js';

/**
 * The graph as checked-in text: keys sorted, one operation, schema or mark per line, so that a new
 * release of the documents shows up as a readable diff and the same documents give the same bytes.
 */
export function formatGraph(built: GraphFile): string {
  const graph = storedGraph(built);
  const section = (name: string, entries: Record<string, unknown>, last = false) => {
    const keys = Object.keys(entries).sort();
    const lines = keys.map((key, i) => `    ${JSON.stringify(key)}: ${JSON.stringify(sortDeep(entries[key]))}${i === keys.length - 1 ? '' : ','}`);
    return [`  ${JSON.stringify(name)}: {`, ...lines, `  }${last ? '' : ','}`];
  };
  return [
    '{',
    `  "graphVersion": ${graph.graphVersion},`,
    `  "documents": [${graph.documents.map((document) => JSON.stringify(sortDeep(document))).join(', ')}],`,
    ...section('operations', graph.operations),
    ...section('schemas', graph.schemas),
    ...section('marks', graph.marks, true),
    '}',
    '',
  ].join('\n');
}

function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortDeep((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}
