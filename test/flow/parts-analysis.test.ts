import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { analyzeProject, type ProjectAnalysis } from '../../src/flow/analysis.js';
import { catalogFor } from '../../src/flow/catalog.js';
import { HTTP_CLIENTS } from '../../src/flow/models/http-clients.js';
import { projectAnalysisFor, serviceGate, type LintedFile } from '../../src/flow/sessions.js';
import { parseModule } from '../../src/project/module.js';
import { observeParses, ProjectIndex } from '../../src/project/project.js';
import { readSettings } from '../../src/settings.js';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';

/**
 * An `eslint` run (and an editor before its first edit) answers each file from the analysis of
 * the part of the project imports tie it to, made when ESLint reaches that part: what it reports
 * in every file must be exactly what a whole project's analysis finds there, and a file in a part
 * that names nothing of the service must cost no parse.
 */
const generator = fileURLToPath(new URL('../../scripts/bench/generate.mjs', import.meta.url));
const { generateCorpus, buildCorpus } = (await import(generator)) as {
  generateCorpus: (options: { dir: string; files: number }) => unknown;
  buildCorpus: (options: { files: number }) => { path: string; text: string; api: boolean; kind?: string; role?: string }[];
};

const FILES = 600;
const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});
afterEach(() => {
  observeParses(undefined);
  vi.restoreAllMocks();
});

/** A generated project, with `change` applied on disk to the files it returns a text for. */
function project(change: (entry: { path: string; text: string; api: boolean }) => string | undefined = () => undefined) {
  const root = mkdtempSync(path.join(os.tmpdir(), 'api-sunset-parts-'));
  roots.push(root);
  generateCorpus({ dir: root, files: FILES });
  const corpus = buildCorpus({ files: FILES }).map((entry) => ({ ...entry, path: path.join(root, entry.path) }));
  for (const entry of corpus) {
    const text = change(entry);
    if (text === undefined) continue;
    writeFileSync(entry.path, text);
    entry.text = text;
  }
  // A settings object of its own: a session of its own.
  const settings = readSettings({ 'api-sunset': { now: '2026-11-22' } }, root);
  const keyOf = (file: string, range: readonly number[], what: string) => `${path.relative(root, file)}:${range.join('-')}:${what}`;
  const entriesOf = (analysis: ProjectAnalysis, file: string) => [
    ...(analysis.findings.get(file) ?? []).map((finding) => keyOf(file, finding.node.range, `${finding.kind}:${finding.item.id}`)),
    ...(analysis.sites.get(file) ?? []).map((site) => keyOf(file, site.call.range, 'site')),
  ];
  const index = new ProjectIndex(root, serviceGate(settings));
  const whole = analyzeProject(index, { catalog: catalogFor(settings.schedule), project: index, clients: HTTP_CLIENTS, wrappers: [], sdkModules: [] });
  const truth = corpus.flatMap((entry) => entriesOf(whole, entry.path)).sort();
  /** What the session answers for `entry`, linted now. */
  const lint = (entry: { path: string; text: string }) => entriesOf(projectAnalysisFor({ file: entry.path, text: entry.text }, settings, root), entry.path);
  return { corpus, truth, whole, entriesOf, lint, settings, root };
}

/** The files the project index parses from now on, in order (the spy is restored after each test). */
function recordParses(): string[] {
  const parsed: string[] = [];
  const index = ProjectIndex.prototype as unknown as { parse(file: string): unknown };
  const parse = index.parse;
  vi.spyOn(index, 'parse').mockImplementation(function (this: unknown, ...args: unknown[]) {
    parsed.push(args[0] as string);
    return (parse as (...all: unknown[]) => unknown).apply(this, args);
  });
  return parsed;
}

/** A file as the rules hand it over, with the tree typescript-eslint's parser gives ESLint (noted in `lent` when taken) and whether that tree is the analysis's own. */
function withEslintTree(entry: { path: string; text: string }, lent: string[], parsedAlike: boolean): LintedFile {
  return { file: entry.path, text: entry.text, module: () => (lent.push(entry.path), parseModule(entry.path, entry.text, 'eslint')), parsedAlike: () => parsedAlike };
}

/** `axios.interceptors.response.use(…)` put in front of the first file `which` picks: every axios response of the project is unwrapped. */
function interceptorIn(which: (entry: { path: string; api: boolean }) => boolean) {
  let writer: string | undefined;
  return {
    writer: () => writer!,
    change: (entry: { path: string; text: string; api: boolean }) => {
      if (writer || !which(entry)) return undefined;
      writer = entry.path;
      return `import axios from 'axios';\naxios.interceptors.response.use((response) => response.data);\n${entry.text}`;
    },
  };
}

describe('answering each file by its part of the project', () => {
  it(
    'finds in every file what a whole-project analysis finds, whatever the order the files come in',
    () => {
      const { corpus, truth, lint } = project();
      expect(truth.length).toBeGreaterThan(0);
      // Plain files first, the service's last, as ESLint may read them.
      const order = [...corpus.filter((entry) => !entry.api), ...corpus.filter((entry) => entry.api).reverse()];
      let parses = 0;
      observeParses(() => parses++);
      const found: string[] = [];
      for (const [i, entry] of order.entries()) {
        found.push(...lint(entry));
        // No plain file of the generated corpus imports or is imported: none of them costs a parse.
        if (!order[i + 1]?.api && !entry.api) expect(parses).toBe(0);
      }
      expect(found.sort()).toEqual(truth);
      expect(parses).toBeGreaterThan(0);
    },
    SLOW_TEST_TIMEOUT,
  );

  it(
    'answers as a whole analysis does when a file sets up an HTTP library for everyone',
    () => {
      // One service file of the first package unwraps every axios response (`axios.interceptors`):
      // a read through axios anywhere else depends on it, though no import ties them. The reader
      // reads the unwrapped response, so its finding is there only when the writer is seen. (Such
      // a writer would be analysed again with every part, so the session analyses the whole
      // project instead; a writer that names nothing of the service joins every part.)
      const interceptor = interceptorIn((entry) => entry.api);
      let reader: string | undefined;
      const { corpus, truth, whole, entriesOf, lint } = project((entry) => {
        const written = interceptor.change(entry);
        if (written !== undefined || reader || !entry.api || !entry.path.includes('pkg-002')) return written;
        reader = entry.path;
        return `import axios from 'axios';\nexport async function firstSnippet() {\n  const r = await axios.post('https://example.glean.com/rest/api/v1/search', { query: 'q' });\n  return r.results[0].snippets[0].snippet;\n}\n${entry.text}`;
      });
      const readerEntry = corpus.find((entry) => entry.path === reader)!;
      const readerTruth = entriesOf(whole, reader!).sort();
      expect(readerTruth.some((key) => key.includes(':field:'))).toBe(true);
      expect(lint(readerEntry).sort()).toEqual(readerTruth);
      expect(corpus.flatMap(lint).sort()).toEqual(truth);
    },
    SLOW_TEST_TIMEOUT,
  );

  it(
    'still answers by parts when the file that sets up an HTTP library names nothing of the service',
    () => {
      const interceptor = interceptorIn((entry) => !entry.api);
      const { corpus, truth, lint } = project(interceptor.change);
      let parses = 0;
      observeParses(() => parses++);
      // The writer's part (itself) names nothing of the service: no analysis, so no parse.
      expect(lint(corpus.find((entry) => entry.path === interceptor.writer())!)).toEqual([]);
      expect(parses).toBe(0);
      expect(corpus.flatMap(lint).sort()).toEqual(truth);
    },
    SLOW_TEST_TIMEOUT,
  );

  it(
    "lets go of a part's trees once it is answered: no part reads another's",
    () => {
      const interceptor = interceptorIn((entry) => !entry.api);
      const { corpus, truth, lint } = project(interceptor.change);
      const parsed = recordParses();
      const released = new Set<string>();
      const index = ProjectIndex.prototype as unknown as { releaseTrees(files?: Iterable<string>): void };
      const release = index.releaseTrees;
      vi.spyOn(index, 'releaseTrees').mockImplementation(function (this: unknown, files?: Iterable<string>) {
        const list = [...(files ?? [])];
        for (const file of list) released.add(file);
        release.call(this, list);
      });
      expect(corpus.flatMap(lint).sort()).toEqual(truth);
      expect(parsed.length).toBeGreaterThan(0);
      // Parsed once each: the writer of library state joins every part, but no part loads it.
      expect(new Set(parsed).size).toBe(parsed.length);
      expect(parsed).not.toContain(interceptor.writer());
      expect(parsed.filter((file) => !released.has(file))).toEqual([]);
    },
    SLOW_TEST_TIMEOUT,
  );

  it(
    "takes ESLint's tree of the file that starts a part's analysis instead of parsing that file again",
    () => {
      const { corpus, truth, entriesOf, settings, root } = project();
      const parsed = recordParses();
      const lent: string[] = [];
      const found: string[] = [];
      for (const entry of corpus) {
        const before = parsed.length;
        found.push(...entriesOf(projectAnalysisFor(withEslintTree(entry, lent, true), settings, root), entry.path));
        if (parsed.length > before) expect(parsed.slice(before)).not.toContain(entry.path);
      }
      expect(found.sort()).toEqual(truth);
      expect(lent.length).toBeGreaterThan(0);
      expect(parsed.filter((file) => lent.includes(file))).toEqual([]);
    },
    SLOW_TEST_TIMEOUT,
  );

  it(
    "parses the file itself when ESLint's tree is not the one the analysis would make (another parser, other options)",
    () => {
      const { corpus, truth, entriesOf, settings, root } = project();
      const lent: string[] = [];
      const found = corpus.flatMap((entry) => {
        return entriesOf(projectAnalysisFor(withEslintTree(entry, lent, false), settings, root), entry.path);
      });
      expect(found.sort()).toEqual(truth);
      expect(lent).toEqual([]);
    },
    SLOW_TEST_TIMEOUT,
  );
});
