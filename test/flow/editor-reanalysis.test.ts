import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzeProject, type ProjectAnalysis } from '../../src/flow/analysis.js';
import { catalogFor } from '../../src/flow/catalog.js';
import { HTTP_CLIENTS } from '../../src/flow/models/http-clients.js';
import { projectAnalysisFor, serviceGate } from '../../src/flow/sessions.js';
import { ProjectIndex } from '../../src/project/project.js';
import { readSettings } from '../../src/settings.js';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';

/**
 * After an edit, an editor lints other files (the user switches tabs). The session analyses again
 * only the part of the project the edited file is connected to by imports, before or after the
 * edit, and keeps the rest of its last analysis: what it answers must be exactly what a whole
 * project's analysis of the same texts finds, for every file.
 */
const generator = fileURLToPath(new URL('../../scripts/bench/generate.mjs', import.meta.url));
const { generateCorpus, buildCorpus } = (await import(generator)) as {
  generateCorpus: (options: { dir: string; files: number }) => unknown;
  buildCorpus: (options: { files: number }) => { path: string; text: string; api: boolean; kind?: string; role?: string }[];
};

const FILES = 600;
const root = mkdtempSync(path.join(os.tmpdir(), 'api-sunset-reanalysis-'));
generateCorpus({ dir: root, files: FILES });
const corpus = buildCorpus({ files: FILES }).map((entry) => ({ ...entry, path: path.join(root, entry.path) }));
const settings = readSettings({ 'api-sunset': { now: '2026-11-22' } }, root);

/** Every finding and request of an analysis, by file, position and item: comparable across parses. */
function summary(analysis: ProjectAnalysis): string[] {
  const keys: string[] = [];
  for (const [file, findings] of analysis.findings) for (const finding of findings) keys.push(`${path.relative(root, file)}:${finding.node.range.join('-')}:${finding.kind}:${finding.item.id}`);
  for (const [file, sites] of analysis.sites) for (const site of sites) keys.push(`${path.relative(root, file)}:${site.call.range.join('-')}:site`);
  return keys.sort();
}

/** An index of its own for the truth (parses are kept, each analysis is made afresh). */
const truthIndex = new ProjectIndex(root, serviceGate(settings));

/** The whole project's analysis, made afresh, with `buffers` as the editor's unsaved texts. */
function fullAnalysis(...buffers: [string, string][]): string[] {
  for (const [file, text] of buffers) truthIndex.setEditorText(file, text);
  const analysis = analyzeProject(truthIndex, { catalog: catalogFor(settings.schedule), project: truthIndex, clients: HTTP_CLIENTS, wrappers: [], sdkModules: [] });
  for (const [file] of buffers) truthIndex.setEditorText(file, corpus.find((entry) => entry.path === file)!.text);
  return summary(analysis);
}

const packageOf = (file: string) => path.relative(root, file).split(path.sep)[1];

/** `axios.interceptors.response.use(…)`: every axios request of the project resolves to what it returns. */
const withInterceptor = (text: string) => `import axios from 'axios';\naxios.interceptors.response.use((response) => response.data);\n${text}`;

const lint = (file: string, text: string) => summary(projectAnalysisFor({ file, text }, settings, root));

/** Edits that keep, cut and make the imports that tie parts of the project together. */
const edits: { name: string; edit: (text: string, other: string, file: string) => string }[] = [
  { name: 'a comment appended', edit: (text) => `${text}// edited\n` },
  { name: 'its relative imports but helpers.js dropped', edit: (text) => text.replace(/^import .* from '\.\.?\/(?!helpers\.js).*$/gm, '// import dropped') },
  { name: 'the service named no more', edit: (text) => text.replaceAll('/rest/api/v1', '/rest/api/v9').replaceAll('/api/index/v1', '/api/index/v9').replaceAll('@gleanwork/api-client', '@other/client') },
  { name: 'an axios interceptor added', edit: withInterceptor },
  {
    name: "an import of another package's service module added",
    edit: (text, other, file) => `import * as joined from '${path.relative(path.dirname(file), other).replace(/\.tsx?$/, '.js').replace(/^(?!\.)/, './')}';\nexport const joinedUse = joined;\n${text}`,
  },
];

afterAll(() => rmSync(root, { recursive: true, force: true }));


describe('answering other files after an edit', () => {
  const service = corpus.filter((entry) => entry.api);
  const roles = [...new Map(service.map((entry) => [`${entry.kind}:${entry.role}`, entry])).values()];
  const plain = corpus.find((entry) => !entry.api && entry.path.includes('pkg-001'))!;

  it(
    'finds what a whole-project analysis finds, in every file',
    () => {
      // Before any edit, each file is answered by its part of the project (parts-analysis.test.ts):
      // once every file was linted, the session's analysis covers them all.
      for (const entry of corpus) lint(entry.path, entry.text);
      const first = lint(service[0]!.path, service[0]!.text);
      const unedited = fullAnalysis();
      expect(first).toEqual(unedited);
      expect(first.length).toBeGreaterThan(0);
      for (const target of [...roles, plain]) {
        const other = service.find((entry) => packageOf(entry.path) !== packageOf(target.path))!;
        const neighbour = service.find((entry) => entry !== target && path.dirname(entry.path) !== path.dirname(target.path) && packageOf(entry.path) === packageOf(target.path)) ?? other;
        for (const { name, edit } of edits) {
          const text = edit(target.text, other.path, target.path);
          if (text === target.text) continue;
          const context = `${target.kind ?? 'plain'}:${target.role ?? ''} ${path.relative(root, target.path)}, ${name}`;
          lint(target.path, text);
          const truth = fullAnalysis([target.path, text]);
          expect(lint(neighbour.path, neighbour.text), `${context}, then ${path.relative(root, neighbour.path)}`).toEqual(truth);
          expect(lint(other.path, other.text), `${context}, then ${path.relative(root, other.path)}`).toEqual(truth);
          // Back to the disk's text, another file first.
          lint(target.path, target.text);
          expect(lint(other.path, other.text), `${context}, undone`).toEqual(unedited);
        }
      }
    },
    SLOW_TEST_TIMEOUT,
  );

  it(
    'keeps what a file that sets up axios for everyone writes, while other files are edited',
    () => {
      // A file that reads a search response through axios, and one in another package that sets
      // axios up for everyone (its interceptor unwraps `data`): the first one's reads depend on it.
      const edited = service[0]!;
      const writer = service.find((entry) => packageOf(entry.path) !== packageOf(edited.path))!;
      const reader = service.find((entry) => entry !== writer && packageOf(entry.path) !== packageOf(edited.path))!;
      const viaAxios = `import axios from 'axios';\nexport async function firstSnippet() {\n  const r = await axios.post('https://example.glean.com/rest/api/v1/search', { query: 'q' });\n  return r.data.results[0].snippets[0].snippet;\n}\n${edited.text}`;
      const setUp = withInterceptor(writer.text);
      lint(edited.path, viaAxios);
      expect(lint(reader.path, reader.text)).toEqual(fullAnalysis([edited.path, viaAxios]));
      lint(writer.path, setUp);
      const both = fullAnalysis([edited.path, viaAxios], [writer.path, setUp]);
      expect(both).not.toEqual(fullAnalysis([edited.path, viaAxios]));
      expect(lint(reader.path, reader.text)).toEqual(both);
      const commented = `${viaAxios}// edited\n`;
      lint(edited.path, commented);
      expect(lint(reader.path, reader.text)).toEqual(fullAnalysis([edited.path, commented], [writer.path, setUp]));
      lint(edited.path, edited.text);
      lint(writer.path, writer.text);
      expect(lint(reader.path, reader.text)).toEqual(fullAnalysis());
    },
    SLOW_TEST_TIMEOUT,
  );
});
