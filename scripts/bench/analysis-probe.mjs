// The project analysis alone, in process: what the index and `analyzeProject` cost on a corpus,
// and the heap they keep. A diagnostic for the engine's share of the budgets (docs/performance.md),
// not part of `npm run bench`. Needs the build (`npm run build`) and a forced GC:
//
//   node --expose-gc scripts/bench/analysis-probe.mjs CORPUS_DIR
//
// Prints one JSON object: CPU ms of the text look over every file, of parsing the files that name
// the service, of the analysis over those parses and of a second one (warm), the modules parsed,
// and the heap (MiB, after full GCs) before, with the index, once its trees are released, and with
// the index dropped (what the analysis's findings alone keep).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const corpus = path.resolve(process.argv[2] ?? '');
if (!process.argv[2] || typeof globalThis.gc !== 'function') {
  console.error('usage: node --expose-gc scripts/bench/analysis-probe.mjs CORPUS_DIR');
  process.exit(2);
}
const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../dist/src');
const load = (module) => import(pathToFileURL(path.join(dist, module)).href);
const { ProjectIndex } = await load('project/project.js');
const { analyzeProject } = await load('flow/analysis.js');
const { serviceGate } = await load('flow/sessions.js');
const { catalogFor } = await load('flow/catalog.js');
const { HTTP_CLIENTS } = await load('flow/models/http-clients.js');
const { loadBundledSchedule } = await load('schedule/load.js');
const { collectSourceFiles } = await load('cli/walk.js');
const { parseWithScopes } = await load('parsers.js');

const settings = { now: '2026-11-22', imminentDays: 90, schedule: loadBundledSchedule(), wrappers: [] };
const files = collectSourceFiles([corpus], corpus).files;
// Loading the parser and TypeScript is not the analysis's cost.
parseWithScopes('const a = 1;', path.join(corpus, 'warm-up.ts'));
catalogFor(settings.schedule);

const fullGc = () => {
  for (let i = 0; i < 4; i++) globalThis.gc();
};
const heapMiB = () => Number((process.memoryUsage().heapUsed / 1048576).toFixed(1));
const cpuMs = (run) => {
  const start = process.cpuUsage();
  const result = run();
  const spent = process.cpuUsage(start);
  return [Math.round((spent.user + spent.system) / 1000), result];
};
const engineOptions = (project) => ({ catalog: catalogFor(settings.schedule), project, clients: HTTP_CLIENTS, wrappers: [], sdkModules: [] });

fullGc();
const figures = { files: files.length, heapBefore: heapMiB() };

// In a function of its own, so that no temporary of this frame keeps the index alive.
function analyse() {
  const project = new ProjectIndex(corpus, serviceGate(settings), files);
  [figures.lookMs] = cpuMs(() => project.files());
  const service = [...project.files()].filter(([, facts]) => facts.service).map(([file]) => file);
  [figures.parseMs] = cpuMs(() => {
    for (const file of service) project.module(file);
  });
  const [analyseMs, analysis] = cpuMs(() => analyzeProject(project, engineOptions(project)));
  figures.analyseMs = analyseMs;
  [figures.secondAnalyseMs] = cpuMs(() => analyzeProject(project, engineOptions(project)));
  figures.serviceFiles = service.length;
  figures.analysed = analysis.analysed.size;
  figures.parsed = [...project.files().keys()].filter((file) => project.has(file)).length;
  figures.findings = [...analysis.findings.values()].reduce((sum, list) => sum + list.length, 0);
  return { project, analysis };
}

let { project, analysis } = analyse();
fullGc();
figures.heapWithIndex = heapMiB();
project.releaseTrees();
fullGc();
figures.heapTreesReleased = heapMiB();
project = undefined; // eslint-disable-line no-useless-assignment -- dropped for the GC below
fullGc();
figures.heapIndexDropped = heapMiB();
figures.keptPerModuleMiB = Number(((figures.heapWithIndex - figures.heapBefore) / figures.parsed).toFixed(3));
figures.filesWithFindings = analysis.findings.size;
console.log(JSON.stringify(figures));
