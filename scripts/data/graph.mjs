// Builds data/graph.json from the service's OpenAPI documents in ../shared/openapi (next to the
// repository), with the same code as `api-sunset schedule import`. With --check, compares instead
// of writing, and skips (exit 0, with a note) when the documents are not there.
// Usage: node scripts/data/graph.mjs [--check] [DIR]
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildGraph } from '../../dist/src/schedule/openapi/build-graph.js';
import { formatGraph } from '../../dist/src/schedule/graph/format.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT = path.join(ROOT, 'data/graph.json');
const check = process.argv.includes('--check');
const dir = path.resolve(process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? path.join(ROOT, '../shared/openapi'));

if (!existsSync(dir)) {
  if (check) {
    console.log(`data/graph.json: not checked, ${path.relative(ROOT, dir)} is not here.`);
    process.exit(0);
  }
  console.error(`No OpenAPI documents at ${dir}.`);
  process.exit(2);
}
const files = readdirSync(dir).filter((file) => /\.(ya?ml|json)$/.test(file)).sort();
const { graph, ignoredMarks } = buildGraph(files, dir);
for (const mark of ignoredMarks) console.warn(`ignored: mark ${mark.id} at ${mark.document}${mark.pointer} (only operations, schemas and properties carry items)`);
const text = formatGraph(graph);
if (check) {
  if (readFileSync(OUT, 'utf8') !== text) {
    console.error('data/graph.json is out of date with the OpenAPI documents: run "npm run data".');
    process.exit(1);
  }
  console.log(`data/graph.json matches ${files.length} documents (${Object.keys(graph.marks).length} marks).`);
} else {
  writeFileSync(OUT, text);
  console.log(`wrote data/graph.json from ${files.length} documents: ${Object.keys(graph.operations).length} operations, ${Object.keys(graph.schemas).length} schemas, ${Object.keys(graph.marks).length} marks`);
}
