import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disableSink, enableSink, type SinkEntry } from '../../src/judge/sink.js';
import { loadBundledSchedule } from '../../src/schedule/index.js';
import type { SchemaPosition } from '../../src/schedule/graph/schema-graph.js';
import plugin from '../../src/index.js';
import { ROOT, sunsetSettings } from './tester.js';

const schedule = loadBundledSchedule();
const { graph } = schedule;
const MIN_DEPTH = 3;

/** One step of a walk through the graph: a property, then the containers around what it holds. */
interface Step {
  property: string;
  containers: string;
}

interface Walk {
  operation: string;
  direction: 'request' | 'response';
  root: SchemaPosition;
  steps: Step[];
}

/**
 * The shortest walk from some operation's request or response body to `target` that passes at
 * least MIN_DEPTH schema types (or the longest the graph has, when none is that deep), found
 * breadth-first over (schema, depth so far) so that cycles end.
 */
function walkTo(target: (schema: string) => string | undefined): (Walk & { property: string }) | undefined {
  interface State {
    schema: string;
    depth: number;
    walk: Walk;
  }
  const queue: State[] = [];
  const seen = new Set<string>();
  const directions = ['response', 'request'] as const;
  for (const operation of Object.keys(graph.file.operations).sort()) {
    for (const direction of directions) {
      for (const root of graph.body(operation, direction)) queue.push({ schema: root.schema, depth: 1, walk: { operation, direction, root, steps: [] } });
    }
  }
  let best: (Walk & { property: string; depth: number }) | undefined;
  for (let state = queue.shift(); state; state = queue.shift()) {
    const key = `${state.schema}:${Math.min(state.depth, MIN_DEPTH)}:${state.walk.direction}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const property = target(state.schema);
    if (property !== undefined && (!best || state.depth > best.depth)) {
      best = { ...state.walk, property, depth: state.depth };
      if (state.depth >= MIN_DEPTH) return best;
    }
    for (const concrete of graph.concrete(state.schema)) {
      for (const next of graph.propertyNames(concrete)) {
        for (const position of graph.property(concrete, next)?.positions ?? []) {
          if (position.containers.includes('{')) continue;
          queue.push({ schema: position.schema, depth: state.depth + 1, walk: { ...state.walk, steps: [...state.walk.steps, { property: next, containers: position.containers }] } });
        }
      }
    }
  }
  return best;
}

const url = (operation: string) => `'https://acme-be.example.com${operation.split(' ')[1]!.replace(/\{[^}]+\}/g, '42')}'`;
const method = (operation: string) => operation.split(' ')[0]!;

/** Plain JavaScript that reads the property at the end of the walk from the parsed response. */
function responseCode(walk: Walk & { property: string }): string {
  let read = 'data';
  for (const step of walk.steps) read += `.${step.property}${'[0]'.repeat(step.containers.length)}`;
  return [
    `const res = await fetch(${url(walk.operation)}, { method: '${method(walk.operation)}' });`,
    'const data = await res.json();',
    `console.log(${read}.${walk.property});`,
  ].join('\n');
}

/** Plain JavaScript that sends the property at the end of the walk in a request body literal. */
function requestCode(walk: Walk & { property: string }): string {
  let body = `{ ${walk.property}: 1 }`;
  for (const step of [...walk.steps].reverse()) body = `{ ${step.property}: ${'['.repeat(step.containers.length)}${body}${']'.repeat(step.containers.length)} }`;
  return `await fetch(${url(walk.operation)}, { method: '${method(walk.operation)}', body: JSON.stringify(${body}) });`;
}

interface Case {
  item: string;
  code: string;
  /** The text at which the finding must be reported (after a leading dot, for a read). */
  at: string;
  depth: number;
}

function casesFor(): Case[] {
  return schedule.items.map((item) => {
    const { anchor } = item;
    if (anchor.kind === 'operation') {
      const code = `await fetch(${url(anchor.operation)}, { method: '${anchor.method}' });`;
      return { item: item.id, code, at: url(anchor.operation), depth: 0 };
    }
    // A deprecated schema is used where a read yields a value of it: the property that holds it.
    const walk =
      anchor.kind === 'property'
        ? walkTo((schema) => (graph.property(schema, anchor.property)?.marks.includes(item.id) ? anchor.property : undefined))
        : walkTo((schema) => graph.propertyNames(schema).find((name) => graph.property(schema, name)?.positions.some((p) => p.schema === anchor.schema)));
    if (!walk) throw new Error(`no operation reaches ${item.on}`);
    const code = walk.direction === 'response' ? responseCode(walk) : requestCode(walk);
    return { item: item.id, code, at: walk.direction === 'response' ? `.${walk.property})` : `${walk.property}: 1`, depth: walk.steps.length + 1 };
  });
}

describe('every mark of the graph, used in plain JavaScript through a deep path', () => {
  const cases = casesFor();
  const found = new Map<string, SinkEntry[]>();

  beforeAll(() => {
    const sink = enableSink();
    const linter = new Linter({ configType: 'flat', cwd: ROOT });
    const config: Linter.Config[] = [
      {
        files: ['**/*.mjs'],
        languageOptions: { parser: tsParser as Linter.Parser },
        plugins: { 'api-sunset': plugin as unknown as NonNullable<Linter.Config['plugins']>[string] },
        rules: { 'api-sunset/no-removed-api': 'error', 'api-sunset/no-deprecated-api': 'warn' },
        settings: sunsetSettings(),
      },
    ];
    cases.forEach((testCase, i) => {
      const filename = path.join(ROOT, `case-${i}.mjs`);
      linter.verify(testCase.code, config, filename);
      found.set(testCase.item, sink.get(filename) ?? []);
    });
  });

  afterAll(() => disableSink());

  it('walks at least three schema types deep wherever the graph has such a path', () => {
    // The walk is the deepest breadth-first search finds, so these have no deeper path in the graph:
    // their objects only ever sit at the top of a response, or one level below it.
    const shallow = cases.filter((testCase) => testCase.depth > 0 && testCase.depth < MIN_DEPTH).map((testCase) => schedule.items.find((item) => item.id === testCase.item)!.on);
    expect(shallow.sort()).toEqual(['AnswerResult.trackingToken', 'GetCollectionResponse.trackingToken', 'InsightsOverviewResponse.searchSessionSatisfaction', 'InsightsResponse.gleanAssist']);
    expect(cases).toHaveLength(schedule.items.length);
  });

  it.each(casesFor().map((testCase) => [schedule.items.find((item) => item.id === testCase.item)!.on, testCase] as const))('%s is found', (_on, testCase) => {
    const entries = found.get(testCase.item) ?? [];
    const line = testCase.code.split('\n').findIndex((text) => text.includes(testCase.at)) + 1;
    const column = testCase.code.split('\n')[line - 1]!.lastIndexOf(testCase.at) + (testCase.at.startsWith('.') ? 2 : 1);
    const item = schedule.items.find((candidate) => candidate.id === testCase.item)!;
    // A deprecated schema is reported through the property that yields it when that property is deprecated too.
    const holders = item.anchor.kind === 'schema' ? schedule.items.filter((other) => other.anchor.kind === 'property' && graph.property(other.anchor.schema, other.anchor.property)?.positions.some((p) => p.schema === item.on)).map((other) => other.id) : [];
    const at = entries.filter((entry) => entry.line === line && entry.column === column).map((entry) => entry.itemId);
    expect(at.some((id) => id === testCase.item || holders.includes(id)), `${testCase.code}\nfound: ${JSON.stringify(entries.map((e) => [e.line, e.column, e.itemId]))}`).toBe(true);
  });
});
