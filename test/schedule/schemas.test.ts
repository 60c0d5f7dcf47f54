import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ownersAlong, parseSchemaType, schemaIndexFor } from '../../src/analysis/schemas.js';
import { loadBundledSchedule } from '../../src/schedule/index.js';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';

const schedule = loadBundledSchedule();
const index = schemaIndexFor(schedule);

describe('the schema graph in data/schedule.json', { timeout: SLOW_TEST_TIMEOUT }, () => {
  const child = (type: { name: string; array: number }, property: string) => index.child(type, property);

  it('resolves every occurrence path to the notice’s object, or to the endpoint’s root for the spec’s own position', () => {
    const problems: string[] = [];
    for (const item of schedule.items) {
      for (const notice of item.notices) {
        for (const occurrence of notice.occurrences ?? []) {
          const endpoint = schedule.endpoints.find((e) => e.endpoint === occurrence.endpoint);
          const root = index.root(endpoint, occurrence.in);
          const owners = ownersAlong(occurrence.path, root, schedule.schemas, child);
          const topLevel = !occurrence.path.includes('.');
          const allowed = topLevel ? [root?.name] : [notice.schema?.object, ...relatives(notice.schema?.object)];
          if (owners.length === 0 || !owners.every((owner) => allowed.includes(owner))) {
            problems.push(`${item.id} ${occurrence.endpoint} ${occurrence.in} ${occurrence.path} → [${owners.join(', ')}], expected ${allowed.join(' or ')}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('reports the deprecated property on the objects it really sits on, and nowhere else', () => {
    const leaves = ['InviteInfo', 'SearchResultSnippet', 'SharingOptions', 'ExternalSharingOptions', 'InputOptions', 'Collection', 'EmployeeInfoDefinition', 'GetCollectionResponse', 'ViewerInfo'];
    const owners = (property: string) =>
      [...new Set([...Object.keys(schedule.schemas), ...leaves])]
        .filter((name) => index.deprecated({ name, array: 0 }, property).length > 0)
        .sort();
    expect(owners('trackingToken')).toEqual(['AnswerResult', 'GetAnswerResponse', 'GetCollectionResponse']);
    expect(owners('citations')).toEqual(['ChatMessage', 'ChatResponse']);
    expect(owners('enabled')).toEqual(['ExternalSharingOptions', 'SharingOptions']);
    expect(owners('location')).toEqual(['EmployeeInfoDefinition', 'IndexEmployeeRequest']);
    expect(owners('role')).toEqual(['CreateAnnouncementRequest', 'ViewerInfo']);
    expect(index.deprecated({ name: 'ChatMessage', array: 1 }, 'citations')).toEqual([]);
  });

  it('migrates only on the notice’s own object', () => {
    const [onResult] = index.deprecated({ name: 'AnswerResult', array: 0 }, 'trackingToken');
    const [topLevel] = index.deprecated({ name: 'GetAnswerResponse', array: 0 }, 'trackingToken');
    expect(onResult?.migrates).toBe(true);
    expect(topLevel?.migrates).toBe(false);
    const infoTypes = index.deprecated({ name: 'SensitiveContentOptions', array: 0 }, 'sensitiveInfoTypes').map((field) => field.notice.replacement);
    expect(infoTypes).toEqual(['customSensitiveExpressions']);
  });

  it('matches the official SDK’s declared types, property by property', () => {
    const require = createRequire(import.meta.url);
    const entry = path.join(path.dirname(require.resolve('@gleanwork/api-client/package.json')), 'dist/esm/models/components/index.d.ts');
    const program = ts.createProgram([entry], { noEmit: true, skipLibCheck: true });
    const checker = program.getTypeChecker();
    const module = checker.getSymbolAtLocation(program.getSourceFile(entry)!)!;
    const exports = new Map(checker.getExportsOfModule(module).map((symbol) => [symbol.name, symbol]));
    const mismatches: string[] = [];
    for (const [object, properties] of Object.entries(schedule.schemas)) {
      const symbol = exports.get(object);
      if (!symbol) {
        mismatches.push(`${object}: not exported by the SDK`);
        continue;
      }
      const type = checker.getDeclaredTypeOfSymbol(symbol);
      for (const [property, target] of Object.entries(properties)) {
        const member = type.getProperty(property);
        const declared = member && checker.typeToString(checker.getNonNullableType(checker.getTypeOfSymbol(member)));
        const expected = parseSchemaType(target);
        const written = `${'Array<'.repeat(expected.array)}${expected.name}${'>'.repeat(expected.array)}`;
        if (declared !== written && declared !== target) mismatches.push(`${object}.${property}: SDK says ${declared ?? 'nothing'}, data says ${target}`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});

/** The SDK flattens AnswerMutableProperties into Answer, and ExternalSharingOptions is SharingOptions plus one key. */
function relatives(object: string | undefined): string[] {
  if (object === 'AnswerMutableProperties') return ['Answer'];
  if (object === 'SharingOptions') return ['ExternalSharingOptions'];
  return [];
}
