import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { loadBundledSchedule } from '../../src/schedule/index.js';
import { parseType } from '../../src/schedule/graph/type-expression.js';
import { SchemaGraph } from '../../src/schedule/graph/schema-graph.js';
import { storedGraph, type GraphFile } from '../../src/schedule/graph/graph-file.js';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';

const schedule = loadBundledSchedule();
const { graph } = schedule;

describe('the bundled schedule is anchored on the documents’ marks', () => {
  it('has one item per mark, with the mark’s id, place and dates', () => {
    const marks = Object.entries(graph.file.marks);
    expect(marks).toHaveLength(31);
    for (const [id, mark] of marks) {
      const items = schedule.items.filter((item) => item.id === id);
      expect(items, id).toHaveLength(1);
      expect({ on: items[0]!.on, removal: items[0]!.removal, introduced: items[0]!.introduced }, id).toEqual({ on: mark.on, removal: mark.removal, introduced: mark.introduced });
    }
    expect(schedule.items).toHaveLength(marks.length);
  });

  it('knows the API of each item from the document its mark is in', () => {
    for (const item of schedule.items) {
      const document = graph.file.marks[item.id]!.document;
      expect(item.api, item.on).toBe(document === 'indexing.yaml' ? 'indexing' : 'client');
    }
  });
});

describe('the schema graph', { timeout: SLOW_TEST_TIMEOUT }, () => {
  const owners = (property: string) =>
    Object.keys(graph.file.schemas)
      .filter((schema) => (graph.property(schema, property)?.marks.length ?? 0) > 0)
      .sort();

  it('puts each deprecated property on the objects the documents put it on, and nowhere else', () => {
    expect(owners('trackingToken')).toEqual(['AnswerResult', 'GetCollectionResponse']);
    expect(owners('citations')).toEqual(['ChatMessage']);
    expect(owners('enabled')).toEqual(['ExternalSharingOptions', 'SharingOptions']);
    expect(owners('location')).toEqual(['EmployeeInfoDefinition']);
    expect(owners('role')).toEqual(['ViewerInfo']);
    expect(owners('searchSessionSatisfaction')).toEqual(['InsightsOverviewResponse']);
  });

  it('follows references, arrays, allOf and cycles to the deep positions', () => {
    const step = (schema: string, property: string) => graph.property(schema, property)!.positions.map((p) => `${p.containers}${p.schema}`);
    expect(graph.body('POST /rest/api/v1/search', 'response')).toEqual([{ schema: 'SearchResponse', containers: '' }]);
    expect(step('SearchResponse', 'results')).toEqual(['[SearchResult']);
    expect(step('SearchResult', 'document')).toEqual(['Document']);
    expect(step('Document', 'metadata')).toEqual(['DocumentMetadata']);
    expect(step('DocumentMetadata', 'author')).toEqual(['Person']);
    expect(step('Person', 'relatedDocuments')).toEqual(['[RelatedDocuments']);
    expect(step('RelatedDocuments', 'results')).toEqual(['[SearchResult']);
    expect(step('SearchResult', 'snippets')).toEqual(['[SearchResultSnippet']);
    expect(graph.property('SearchResultSnippet', 'snippet')!.marks).toEqual(['e55ddf30-7c47-43a5-b775-d78f8b29411a']);
    // allOf: ExternalSharingOptions is SharingOptions plus a key, with SharingOptions' marks.
    expect(graph.property('ExternalSharingOptions', 'domainAccessEnabled')!.positions).toEqual([]);
    expect(graph.property('InsightsOverviewResponse', 'searchSessionSatisfaction')!.marks).toHaveLength(1);
  });

  it('reads a version 1 graph (properties as objects, as `schedule import` wrote them before) as the stored one', () => {
    const schemas: GraphFile['schemas'] = {};
    for (const [name, { properties, ...rest }] of Object.entries(graph.file.schemas)) {
      const pairs: [string, string][] = [];
      for (let i = 0; properties && i < properties.length; i += 2) pairs.unshift([properties[i]!, properties[i + 1]!]);
      schemas[name] = properties ? { ...rest, properties: Object.fromEntries(pairs) } : rest;
    }
    const version1: GraphFile = { ...graph.file, graphVersion: 1, schemas };
    expect(storedGraph(version1)).toEqual(graph.file);
    const old = new SchemaGraph(storedGraph(version1));
    expect(old.property('SearchResultSnippet', 'snippet')).toEqual(graph.property('SearchResultSnippet', 'snippet'));
    expect([...old.requestSchemas()].sort()).toEqual([...graph.requestSchemas()].sort());
  });

  it('knows which schemas lead to a deprecated item and which do not', () => {
    expect(graph.leadsToMarks('SearchResponse')).toBe(true);
    expect(graph.leadsToMarks('Person')).toBe(true);
    expect(graph.leadsToMarks('TextRange')).toBe(true); // TextRange.document is a Document
    expect(graph.leadsToMarks('AllowlistOptions')).toBe(false);
  });

  it('matches the official SDK’s declared types where the graph leads to a deprecated item', () => {
    const require = createRequire(import.meta.url);
    const entry = path.join(path.dirname(require.resolve('@gleanwork/api-client/package.json')), 'dist/esm/models/components/index.d.ts');
    const program = ts.createProgram([entry], { noEmit: true, skipLibCheck: true });
    const checker = program.getTypeChecker();
    const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
    const exports = new Map(checker.getExportsOfModule(module).map((symbol) => [symbol.name, symbol]));
    const mismatches: string[] = [];
    let compared = 0;
    for (const [name, schema] of Object.entries(graph.file.schemas)) {
      const symbol = exports.get(name);
      if (!symbol || !graph.leadsToMarks(name)) continue;
      const type = checker.getDeclaredTypeOfSymbol(symbol);
      const properties = schema.properties ?? [];
      for (let i = 0; i < properties.length; i += 2) {
        const [property, expression] = [properties[i]!, properties[i + 1]!];
        const terms = parseType(expression);
        if (terms.length !== 1) continue;
        let term = terms[0]!;
        let arrays = 0;
        while (term.kind === 'array' && term.of.length === 1) {
          arrays++;
          term = term.of[0]!;
        }
        if (term.kind !== 'named' || !graph.hasSchema(term.name) || term.name.includes('#') || !graph.leadsToMarks(term.name)) continue;
        const member = type.getProperty(property);
        const declared = member && checker.typeToString(checker.getNonNullableType(checker.getTypeOfSymbol(member)));
        const written = [`${term.name}${'[]'.repeat(arrays)}`, `${'Array<'.repeat(arrays)}${term.name}${'>'.repeat(arrays)}`];
        compared++;
        if (!written.includes(declared ?? '')) mismatches.push(`${name}.${property}: SDK says ${declared ?? 'nothing'}, graph says ${expression}`);
      }
    }
    expect(compared).toBeGreaterThan(100);
    expect(mismatches).toEqual([]);
  });
});
