// `npm run bench`: measures the plugin and the CLI on a synthetic corpus, against ESLint alone.
//
//   node scripts/bench/run.mjs [--files N] [--runs R] [--edits E] [--scale K] [--scaling] [--scale-modes a,b,c] [--pairs P] [--smoke] [--typed] [--fix] [--seed S] [--json FILE] [--keep] [--import-only]
//
// First, the plugin's import time: `import('eslint-plugin-api-sunset')` in fresh processes, which
// every ESLint run and editor server pays before linting anything.
//
// Each corpus measurement is a fresh child process (cold start, own peak memory and CPU time),
// repeated R times, interleaved, with the median reported: (a) parse-only ESLint, (b) with
// api-sunset (TIMING=all), (c) `api-sunset check`, (r) ESLint's and typescript-eslint's
// recommended configs, (p) those plus api-sunset, (q) (p) with `--concurrency auto` (and (q2) with
// `--concurrency 2` where auto starts no threads). Then editor-style relinting in one long-lived
// process (editor.mjs). The budgets and what each mode is: docs/performance.md.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEFAULT_FILES, DEFAULT_SEED, SMOKE_FILES, addFixableUses, buildCorpus, generateCorpus } from './generate.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const NOW = '2026-11-22';
const BUDGETS = { graphMs: 20, marginal: 1.03, ca: 0.15, memoryMiB: 1024, editorMs: 50, d: 1.0, e: 2.0, growth: 1.5, importMs: 150 };
const EDITS = 20;
const IMPORT_RUNS = 15;

function parseArgs(argv) {
  const args = { files: DEFAULT_FILES, runs: 3, scale: 10, scaling: false, smoke: false, typed: false, fix: false, seed: DEFAULT_SEED, json: undefined, keep: false, importOnly: false, edits: EDITS, scaleModes: ['a', 'b', 'c'], pairs: 0 };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const num = () => {
      const value = Number(argv[++i]);
      if (!Number.isFinite(value) || value <= 0) throw new Error(`${flag} needs a positive number`);
      return value;
    };
    if (flag === '--files') args.files = Math.round(num());
    else if (flag === '--runs') args.runs = Math.round(num());
    else if (flag === '--scale') {
      args.scale = num();
      args.scaling = true;
    } else if (flag === '--scaling') args.scaling = true;
    else if (flag === '--scale-modes') {
      args.scaleModes = argv[++i]?.split(',') ?? [];
      if (args.scaleModes.length === 0 || args.scaleModes.some((kind) => !['a', 'b', 'c'].includes(kind))) throw new Error('--scale-modes takes a comma-separated list of a, b, c');
    }
    else if (flag === '--smoke') args.smoke = true;
    else if (flag === '--typed') args.typed = true;
    else if (flag === '--fix') args.fix = true;
    else if (flag === '--seed') args.seed = Math.round(num());
    else if (flag === '--edits') args.edits = Math.round(num());
    else if (flag === '--pairs') args.pairs = Math.round(num());
    else if (flag === '--json') args.json = argv[++i];
    else if (flag === '--keep') args.keep = true;
    else if (flag === '--import-only') args.importOnly = true;
    else throw new Error(`unknown flag ${flag}`);
  }
  if (args.smoke) {
    args.files = SMOKE_FILES;
    args.runs = 1;
    args.edits = 5;
  }
  return args;
}

/** Runs `node --import rss-hook.mjs ...argv` and returns wall time, the child's CPU time and peak RSS, and its output. */
function measure(argv, { cwd, env = {}, statsFile }) {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, ['--import', pathToFileURL(path.join(here, 'rss-hook.mjs')).href, ...argv], {
      cwd,
      env: { ...process.env, ...env, BENCH_STATS_OUT: statsFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout = [];
    const stderr = [];
    child.stdout.on('data', (chunk) => stdout.push(chunk));
    child.stderr.on('data', (chunk) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - start;
      const out = Buffer.concat(stdout).toString();
      const err = Buffer.concat(stderr).toString();
      let stats;
      try {
        stats = JSON.parse(readFileSync(statsFile, 'utf8'));
      } catch {
        return reject(new Error(`child wrote no stats (exit ${code}): ${argv.join(' ')}\n${err.slice(0, 2000)}`));
      }
      resolve({ ms, cpuMs: stats.cpuMs, maxRSSKB: stats.maxRSSKB, code, stdout: out, stderr: err });
    });
  });
}

/**
 * How long `import()` of the built plugin takes in a fresh process (the time to the resolved
 * promise, measured inside the child), the child's whole wall time, and then, in the same child,
 * how long loading the schema graph takes (`loadBundledGraph()`: reading and parsing
 * data/graph.json and building the graph; the first lint of a file that touches the service pays it),
 * with the bundled schedule built on it after. Medians of `runs`.
 */
async function measureImport(runs) {
  const pluginUrl = pathToFileURL(path.join(repo, 'dist/src/index.js')).href;
  const loadUrl = pathToFileURL(path.join(repo, 'dist/src/schedule/load.js')).href;
  const script = [
    `let start = performance.now(); await import(${JSON.stringify(pluginUrl)}); const importMs = performance.now() - start;`,
    `const load = await import(${JSON.stringify(loadUrl)});`,
    'start = performance.now(); load.loadBundledGraph(); const graphMs = performance.now() - start;',
    'start = performance.now(); load.loadBundledSchedule(); const scheduleMs = performance.now() - start;',
    'process.stdout.write(JSON.stringify({ importMs, graphMs, scheduleMs }));',
  ].join('\n');
  const samples = [];
  const processMs = [];
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    const out = await new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
      const chunks = [];
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.on('error', reject);
      child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(chunks).toString()) : reject(new Error(`import child exited ${code}`))));
    });
    processMs.push(performance.now() - start);
    samples.push(JSON.parse(out));
  }
  const of = (key) => samples.map((sample) => sample[key]);
  return {
    runs,
    importMs: median(of('importMs')),
    importSamplesMs: of('importMs').map((ms) => Math.round(ms)),
    processMs: median(processMs),
    graphMs: median(of('graphMs')),
    graphSamplesMs: of('graphMs').map((ms) => Number(ms.toFixed(1))),
    scheduleMs: median(of('scheduleMs')),
  };
}

function printImport(result) {
  console.log(`\nImport time of the plugin (fresh process, median of ${result.runs}): ${result.importMs.toFixed(0)} ms (runs: ${result.importSamplesMs.join(', ')}); whole process ${result.processMs.toFixed(0)} ms`);
  console.log(`Loading the schema graph (data/graph.json) after it: ${result.graphMs.toFixed(1)} ms (runs: ${result.graphSamplesMs.join(', ')}); the bundled schedule on it: ${result.scheduleMs.toFixed(1)} ms`);
}

function median(values) {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** ESLint's TIMING table: "Rule | Time (ms) | Relative" rows. */
function parseTiming(stdout) {
  const rows = [];
  for (const line of stdout.split('\n')) {
    const match = /^(\S+)\s*\|\s*([\d.]+)\s*\|\s*([\d.]+%)\s*$/.exec(line.trim());
    if (match) rows.push({ rule: match[1], ms: Number(match[2]), relative: match[3] });
  }
  return rows;
}

/** Each rule's median time over the runs (one TIMING table per run), its share of their sum, slowest first. */
function medianTiming(timings) {
  const rules = [...new Set(timings.flat().map((row) => row.rule))];
  const rows = rules.map((rule) => ({ rule, ms: median(timings.map((rows) => rows.find((row) => row.rule === rule)?.ms ?? 0)) }));
  const total = rows.reduce((sum, row) => sum + row.ms, 0);
  return rows.map((row) => ({ ...row, relative: `${((100 * row.ms) / total).toFixed(1)}%` })).sort((a, b) => b.ms - a.ms);
}

function writeEslintConfigs(root) {
  const parserUrl = import.meta.resolve('@typescript-eslint/parser');
  const pluginUrl = pathToFileURL(path.join(repo, 'dist/src/index.js')).href;
  const base = `{
    files: ['**/*.{js,mjs,cjs,jsx,ts,mts,cts,tsx}'],
    languageOptions: { parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    linterOptions: { reportUnusedDisableDirectives: 'off', reportUnusedInlineConfigs: 'off' },
  }`;
  const imports = [`import parser from ${JSON.stringify(parserUrl)};`, `import plugin from ${JSON.stringify(pluginUrl)};`];
  // What a typical project runs: ESLint's and typescript-eslint's recommended rules (no type information).
  const realistic = [`import js from ${JSON.stringify(import.meta.resolve('@eslint/js'))};`, `import tseslint from ${JSON.stringify(import.meta.resolve('typescript-eslint'))};`];
  const ours = `plugin.configs.recommended, { settings: { 'api-sunset': { now: '${NOW}' } } }`;
  const configs = {
    parseOnly: [imports[0], `export default [${base}];`],
    withPlugin: [...imports, `export default [${base}, ${ours}];`],
    realistic: [imports[0], ...realistic, `export default [${base}, js.configs.recommended, ...tseslint.configs.recommended];`],
    realisticWithPlugin: [...imports, ...realistic, `export default [${base}, js.configs.recommended, ...tseslint.configs.recommended, ${ours}];`],
  };
  const files = {};
  for (const [name, lines] of Object.entries(configs)) {
    files[name] = path.join(root, `eslint.${name}.config.mjs`);
    writeFileSync(files[name], `${lines.join('\n')}\n`);
  }
  return files;
}

/**
 * ESLint's own choice for `--concurrency auto` (lib/eslint/eslint.js): at most half the CPUs,
 * at least 50 files per worker, and no worker threads at all when that comes to one.
 */
function autoWorkers(files) {
  const workers = Math.min(Math.ceil(files / 50), os.availableParallelism() >> 1);
  return workers <= 1 ? 0 : workers;
}

/** The measured modes of a corpus run; see docs/performance.md for what each one is. */
const MODE_NAMES = {
  a: '(a) ESLint, parser only, no rules',
  b: '(b) ESLint + api-sunset recommended',
  c: '(c) api-sunset check',
  r: '(r) ESLint + @eslint/js + typescript-eslint recommended',
  p: '(p) (r) + api-sunset recommended',
  q: '(q) (p) with --concurrency auto',
  q2: '(q2) (p) with --concurrency 2',
};
/** Modes whose ESLint run exits 1 when a rule reports an error. */
const ESLINT_MODES = new Set(['b', 'r', 'p', 'q', 'q2']);

async function runCorpus(label, root, corpusDir, manifest, runs, modes, pairs = 0) {
  const configs = writeEslintConfigs(root);
  const eslintBin = path.join(repo, 'node_modules/eslint/bin/eslint.js');
  const mainJs = path.join(repo, 'dist/src/cli/main.js');
  const stats = path.join(root, 'stats.json');
  const relCorpus = path.relative(root, corpusDir);
  const report = (kind) => path.join(root, `${kind}-report.json`);
  const eslint = (config, kind, extra = []) => [eslintBin, '--config', config, '--no-warn-ignored', '--format', 'json', '--output-file', report(kind), ...extra, relCorpus];
  const argv = {
    a: [eslintBin, '--config', configs.parseOnly, '--no-warn-ignored', relCorpus],
    b: eslint(configs.withPlugin, 'b'),
    c: [mainJs, 'check', relCorpus, '--format', 'json', '--fail-on', 'none', '--now', NOW],
    r: eslint(configs.realistic, 'r'),
    p: eslint(configs.realisticWithPlugin, 'p'),
    q: eslint(configs.realisticWithPlugin, 'q', ['--concurrency', 'auto']),
    q2: eslint(configs.realisticWithPlugin, 'q2', ['--concurrency', '2']),
  };
  const samples = Object.fromEntries(modes.map((kind) => [kind, []]));
  const findings = {};
  const timings = [];
  let skippedC = 0;
  const run = async (kind, which) => {
    const result = await measure(argv[kind], { cwd: root, statsFile: stats, env: kind === 'b' ? { TIMING: 'all' } : {} });
    // ESLint exits 1 when a rule reports an error; 2 is a crash.
    if (result.code !== 0 && !(ESLINT_MODES.has(kind) && result.code === 1)) {
      throw new Error(`${label} (${kind}) exited ${result.code}\n${result.stderr.slice(0, 2000)}${result.stdout.slice(0, 2000)}`);
    }
    samples[kind].push(result);
    if (kind === 'b') timings.push(parseTiming(result.stdout));
    if (ESLINT_MODES.has(kind)) findings[kind] = pluginFindings(JSON.parse(readFileSync(report(kind), 'utf8')), root);
    if (kind === 'c') {
      const parsed = JSON.parse(result.stdout);
      findings.c = parsed.findings.map((finding) => `${path.resolve(root, finding.file)}:${finding.line}:${finding.column}:${finding.itemId}`).sort();
      skippedC = parsed.skipped?.length ?? 0;
    }
    process.stderr.write(`  ${label} ${which} (${kind}): ${(result.ms / 1000).toFixed(2)} s wall, ${(result.cpuMs / 1000).toFixed(2)} s CPU, ${(result.maxRSSKB / 1024).toFixed(0)} MiB\n`);
  };
  // Every other run (and pair) in reverse order, so that of two modes compared (p after r), neither always runs first.
  const inOrder = (kinds, i) => (i % 2 === 1 ? kinds : [...kinds].reverse());
  for (let i = 1; i <= runs; i++) {
    // Interleaved, so drift on the machine hits every mode alike.
    for (const kind of inOrder(modes, i)) await run(kind, `run ${i}/${runs}`);
  }
  // The marginal cost's ratio moves most from run to run (docs/performance.md, "Run-to-run noise"): more (r, p) pairs narrow its median.
  if (modes.includes('r') && modes.includes('p')) {
    for (let i = 1; i <= pairs; i++) for (const kind of inOrder(['r', 'p'], runs + i)) await run(kind, `pair ${i}/${pairs}`);
  }
  const summary = {};
  for (const kind of modes) {
    const ms = median(samples[kind].map((s) => s.ms));
    summary[kind] = {
      ms,
      cpuMs: median(samples[kind].map((s) => s.cpuMs)),
      samplesMs: samples[kind].map((s) => Math.round(s.ms)),
      cpuSamplesMs: samples[kind].map((s) => Math.round(s.cpuMs)),
      rssSamplesMiB: samples[kind].map((s) => Math.round(s.maxRSSKB / 1024)),
      maxRSSMiB: Math.max(...samples[kind].map((s) => s.maxRSSKB)) / 1024,
      filesPerSecond: manifest.files / (ms / 1000),
    };
  }
  return { label, manifest, runs, pairs: modes.includes('r') && modes.includes('p') ? pairs : 0, modes, ...summary, timing: medianTiming(timings), ruleMsSamples: timings.map((rows) => rows.reduce((sum, row) => sum + row.ms, 0)), findings, skippedC };
}

/** api-sunset's messages in an ESLint JSON report, one sorted key per message (file, position, rule, text). */
function pluginFindings(results, root) {
  const keys = [];
  for (const file of results) {
    for (const message of file.messages) {
      if (message.ruleId?.startsWith('api-sunset/')) keys.push(`${path.resolve(root, file.filePath)}:${message.line}:${message.column}:${message.ruleId}:${message.message}`);
    }
  }
  return keys.sort();
}

/**
 * Editor-style relinting (editor.mjs) in a child process of its own: which files it opens and
 * edits is chosen by their role in the corpus, so every run of the bench edits the same files.
 */
async function runEditor(root, corpusDir, manifest, seed, edits) {
  const configs = writeEslintConfigs(root);
  const corpus = buildCorpus({ files: manifest.files, seed });
  const roles = ['helper:caller', 'helper:helper', 'injected:consumer', 'formatter:formatter', 'barrel:caller'];
  const targets = roles.flatMap((role) => {
    const entry = corpus.find((candidate) => `${candidate.kind}:${candidate.role}` === role);
    return entry ? [{ path: path.join(corpusDir, entry.path), role }] : [];
  });
  // A file that does not touch the service, in the middle of the corpus.
  const plain = corpus.slice(Math.floor(corpus.length / 2)).find((entry) => !entry.api);
  targets.push({ path: path.join(corpusDir, plain.path), role: 'plain' });
  const specFile = path.join(root, 'editor-spec.json');
  writeFileSync(specFile, JSON.stringify({ repo, cwd: root, pluginConfig: configs.withPlugin, parseOnlyConfig: configs.parseOnly, edits, targets }));
  const result = await measure([path.join(here, 'editor.mjs'), specFile], { cwd: root, statsFile: path.join(root, 'stats.json') });
  if (result.code !== 0) throw new Error(`editor exited ${result.code}\n${result.stderr.slice(0, 2000)}`);
  const editor = JSON.parse(result.stdout);
  process.stderr.write(`  editor: ${(result.ms / 1000).toFixed(2)} s wall, ${(result.maxRSSKB / 1024).toFixed(0)} MiB\n`);
  return { ...editor, files: manifest.files, maxRSSMiB: result.maxRSSKB / 1024, targets: editor.targets.map((target) => ({ ...target, path: path.relative(corpusDir, target.path) })) };
}

function printEditor(editor) {
  console.log(`\nEditor-style relinting in the ${editor.files}-file project (one process, ESLint#lintText with a file path, parser + api-sunset recommended); ${editor.edits} edits per file`);
  console.log(`First lint (warm-up: configuration loaded, the file's part of the project analysed; its first edit analyses the whole project): ${editor.warmUpMs.toFixed(0)} ms; peak RSS ${editor.maxRSSMiB.toFixed(0)} MiB`);
  console.log('| File (role) | Lines | Open (ms) | Relint median (ms) | Relint max (ms) | Parse-only relint median (ms) | api-sunset messages |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const target of editor.targets) {
    console.log(`| ${target.path} (${target.role}) | ${target.lines} | ${target.openMs.toFixed(0)} | ${target.relintMs.toFixed(1)} | ${target.relintMaxMs.toFixed(1)} | ${target.floorMs.toFixed(1)} | ${target.messagesAfter} |`);
  }
  console.log('"Open" is the first lint of the file after another one was edited; "Relint" lints the file again after each of its own edits.');
}

/**
 * (d) type-aware mode: the TypeScript files of the corpus as one tsconfig project (the SDK resolved
 * through a node_modules link to the repository's), linted by ESLint with type information twice:
 * api-sunset's recommended config, and the anchor `@typescript-eslint/no-deprecated` alone.
 */
/** The corpus's TypeScript files as one tsconfig project, with the SDK and TypeScript resolved through a node_modules link to the repository's. */
function makeTypeScriptProject(root, corpusDir) {
  const tsconfig = path.join(corpusDir, 'tsconfig.json');
  if (existsSync(tsconfig)) return tsconfig;
  symlinkSync(path.join(repo, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  writeFileSync(
    tsconfig,
    `${JSON.stringify({ compilerOptions: { target: 'ES2022', lib: ['ES2022', 'DOM'], module: 'NodeNext', moduleResolution: 'NodeNext', jsx: 'preserve', strict: false, noEmit: true, skipLibCheck: true, types: [] }, include: ['**/*.ts', '**/*.tsx'] }, null, 2)}\n`,
  );
  return tsconfig;
}

async function runTyped(root, corpusDir, manifest, runs) {
  const tsconfig = makeTypeScriptProject(root, corpusDir);
  const parserUrl = import.meta.resolve('@typescript-eslint/parser');
  const pluginUrl = pathToFileURL(path.join(repo, 'dist/src/index.js')).href;
  const tseslintUrl = import.meta.resolve('typescript-eslint');
  const base = `{
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser, parserOptions: { ecmaFeatures: { jsx: true }, project: ${JSON.stringify(tsconfig)}, tsconfigRootDir: ${JSON.stringify(corpusDir)} } },
    linterOptions: { reportUnusedDisableDirectives: 'off', reportUnusedInlineConfigs: 'off' },
  }`;
  const ours = path.join(root, 'eslint.typed-plugin.config.mjs');
  const anchor = path.join(root, 'eslint.typed-anchor.config.mjs');
  writeFileSync(
    ours,
    `import parser from ${JSON.stringify(parserUrl)};\nimport plugin from ${JSON.stringify(pluginUrl)};\n` +
      `export default [${base}, plugin.configs.recommended, { settings: { 'api-sunset': { now: '${NOW}' } } }];\n`,
  );
  writeFileSync(
    anchor,
    `import parser from ${JSON.stringify(parserUrl)};\nimport tseslint from ${JSON.stringify(tseslintUrl)};\n` +
      `export default [${base}, { plugins: { '@typescript-eslint': tseslint.plugin }, rules: { '@typescript-eslint/no-deprecated': 'warn' } }];\n`,
  );
  const eslintBin = path.join(repo, 'node_modules/eslint/bin/eslint.js');
  const stats = path.join(root, 'stats.json');
  const report = path.join(root, 'd-report.json');
  const relCorpus = path.relative(root, corpusDir);
  const kinds = { ours, anchor };
  const samples = { ours: [], anchor: [] };
  const findings = {};
  const timing = {};
  for (let run = 1; run <= runs; run++) {
    for (const kind of ['ours', 'anchor']) {
      const result = await measure([eslintBin, '--config', kinds[kind], '--no-warn-ignored', '--format', 'json', '--output-file', report, `${relCorpus}/**/*.{ts,tsx}`], {
        cwd: root,
        statsFile: stats,
        env: { TIMING: 'all' },
      });
      if (result.code !== 0 && result.code !== 1) throw new Error(`typed (${kind}) exited ${result.code}\n${result.stderr.slice(0, 2000)}${result.stdout.slice(0, 2000)}`);
      const files = JSON.parse(readFileSync(report, 'utf8'));
      findings[kind] = { messages: files.reduce((n, file) => n + file.messages.filter((m) => m.ruleId).length, 0), fatal: files.reduce((n, file) => n + file.messages.filter((m) => m.fatal).length, 0), files: files.length };
      timing[kind] = parseTiming(result.stdout);
      samples[kind].push(result);
      process.stderr.write(`  typed run ${run}/${runs} (${kind}): ${(result.ms / 1000).toFixed(2)} s, ${(result.maxRSSKB / 1024).toFixed(0)} MiB\n`);
    }
  }
  const summary = {};
  for (const kind of ['ours', 'anchor']) {
    const ms = median(samples[kind].map((x) => x.ms));
    summary[kind] = { ms, samplesMs: samples[kind].map((x) => Math.round(x.ms)), maxRSSMiB: Math.max(...samples[kind].map((x) => x.maxRSSKB)) / 1024, findings: findings[kind], timing: timing[kind] };
  }
  return { manifest, runs, ...summary };
}

/**
 * (e) `api-sunset fix --dry-run` on the corpus as a TypeScript project (the tsconfig of (d)), its
 * service files extended with uses that fix rewrites (generate.mjs addFixableUses): plain
 * (--no-verify) and verified (the default: the changed files and their importers type-checked in
 * memory before and after the fixes). Dry runs, so every run sees the same files. Runs last: it
 * changes the corpus.
 */
async function runFixModes(root, corpusDir, manifest, runs, seed) {
  makeTypeScriptProject(root, corpusDir);
  addFixableUses({ dir: corpusDir, files: manifest.files, seed });
  const mainJs = path.join(repo, 'dist/src/cli/main.js');
  const stats = path.join(root, 'stats.json');
  const relCorpus = path.relative(root, corpusDir);
  const base = [mainJs, 'fix', relCorpus, '--dry-run', '--format', 'json', '--fail-on', 'none', '--now', NOW];
  const kinds = { plain: [...base, '--no-verify'], verified: base };
  const samples = { plain: [], verified: [] };
  const outcome = {};
  for (let run = 1; run <= runs; run++) {
    for (const kind of ['plain', 'verified']) {
      const result = await measure(kinds[kind], { cwd: root, statsFile: stats });
      if (result.code !== 0) throw new Error(`fix (${kind}) exited ${result.code}\n${result.stderr.slice(0, 2000)}`);
      const report = JSON.parse(result.stdout);
      const verification = report.verification;
      outcome[kind] = {
        files: report.changes.length,
        uses: report.changes.reduce((n, change) => n + change.fixed, 0),
        ...(verification ? { verified: verification.verified.length, rolledBack: verification.rolledBack.length, unchecked: verification.unchecked.length } : {}),
      };
      samples[kind].push(result);
      process.stderr.write(`  fix run ${run}/${runs} (${kind}): ${(result.ms / 1000).toFixed(2)} s, ${(result.maxRSSKB / 1024).toFixed(0)} MiB\n`);
    }
  }
  const summary = {};
  for (const kind of ['plain', 'verified']) {
    const ms = median(samples[kind].map((x) => x.ms));
    summary[kind] = { ms, samplesMs: samples[kind].map((x) => Math.round(x.ms)), maxRSSMiB: Math.max(...samples[kind].map((x) => x.maxRSSKB)) / 1024, outcome: outcome[kind] };
  }
  return { manifest, runs, ...summary };
}

function printFix(fix) {
  console.log(`\n(e) api-sunset fix --dry-run on the corpus as a TypeScript project; median of ${fix.runs} run(s)`);
  console.log('| Mode | Median (s) | Runs (s) | Peak RSS (MiB) | Outcome |');
  console.log('|---|---:|---|---:|---|');
  const names = { plain: '(e) fix --no-verify', verified: '(e) fix (verified)' };
  for (const kind of ['plain', 'verified']) {
    const r = fix[kind];
    const o = r.outcome;
    const detail = `${o.uses} uses in ${o.files} files${o.verified === undefined ? '' : `; ${o.verified} type-checked, ${o.rolledBack} rolled back, ${o.unchecked} parse-checked only`}`;
    console.log(`| ${names[kind]} | ${(r.ms / 1000).toFixed(2)} | ${r.samplesMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} | ${r.maxRSSMiB.toFixed(0)} | ${detail} |`);
  }
  // Run i of both modes ran back to back: the per-run ratios show how much of the ratio is noise.
  console.log(`Per-run ratios e(verified)/e(plain): ${fix.verified.samplesMs.map((ms, i) => (ms / fix.plain.samplesMs[i]).toFixed(3)).join(', ')}`);
}

function printTyped(typed) {
  console.log(`\n(d) Type-aware mode on the corpus's TypeScript files as one tsconfig project (${typed.ours.findings.files} files); median of ${typed.runs} run(s)`);
  console.log('| Mode | Median (s) | Runs (s) | Peak RSS (MiB) | Messages |');
  console.log('|---|---:|---|---:|---:|');
  const names = { ours: '(d) ESLint + type info + api-sunset recommended', anchor: '(d) ESLint + type info + @typescript-eslint/no-deprecated' };
  for (const kind of ['ours', 'anchor']) {
    const r = typed[kind];
    console.log(`| ${names[kind]} | ${(r.ms / 1000).toFixed(2)} | ${r.samplesMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} | ${r.maxRSSMiB.toFixed(0)} | ${r.findings.messages}${r.findings.fatal ? ` (${r.findings.fatal} fatal)` : ''} |`);
  }
  for (const kind of ['ours', 'anchor']) {
    for (const row of typed[kind].timing) console.log(`  TIMING (${kind}) ${row.rule}: ${row.ms.toFixed(1)} ms (${row.relative})`);
  }
}

function verdict(ok) {
  return ok ? 'PASS' : 'FAIL';
}

function printCorpus(result) {
  const { manifest } = result;
  console.log(`\nCorpus ${result.label}: ${manifest.files} files, ${manifest.lines} lines, ${manifest.apiFiles} files call the service (seed ${manifest.seed}); median of ${result.runs} run(s)${result.pairs > 0 ? `, of ${result.runs + result.pairs} for (r) and (p) (--pairs ${result.pairs})` : ''}`);
  console.log('| Mode | Median wall (s) | Runs, wall (s) | Median CPU (s) | Files/s | Peak RSS (MiB) |');
  console.log('|---|---:|---|---:|---:|---:|');
  for (const kind of result.modes) {
    const r = result[kind];
    console.log(`| ${MODE_NAMES[kind]} | ${(r.ms / 1000).toFixed(2)} | ${r.samplesMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} | ${(r.cpuMs / 1000).toFixed(2)} | ${r.filesPerSecond.toFixed(0)} | ${r.maxRSSMiB.toFixed(0)} |`);
  }
  const counts = Object.entries(result.findings).map(([kind, keys]) => `(${kind}) ${keys.length}`);
  console.log(`api-sunset findings: ${counts.join(', ')}${result.modes.includes('c') ? `; (c) skipped ${result.skippedC} files` : ''}`);
  if (result.timing.length) {
    console.log(`Per-rule time in (b), from TIMING=all (median of ${result.runs} run(s)):`);
    for (const row of result.timing) console.log(`  ${row.rule}: ${row.ms.toFixed(1)} ms (${row.relative})`);
  }
}

/** Per-run ratios of two modes of the same run (they ran back to back), and their median. */
function paired(result, kind, over, field = 'cpuSamplesMs') {
  // (r) and (p) may have more runs than the other modes (--pairs): each run pairs with the one made next to it.
  const count = Math.min(result[kind][field].length, result[over][field].length);
  const ratios = result[kind][field].slice(0, count).map((value, i) => value / result[over][field][i]);
  return { ratios, median: median(ratios) };
}

function sameFindings(one, kinds) {
  const reference = JSON.stringify(one.findings.p);
  return kinds.every((kind) => JSON.stringify(one.findings[kind]) === reference);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const root = mkdtempSync(path.join(os.tmpdir(), 'api-sunset-bench-'));
  const cpus = os.availableParallelism();
  const results = { machine: { cpus, cpuModel: os.cpus()[0]?.model, loadAverage: os.loadavg(), node: process.version, platform: `${os.platform()} ${os.release()}` }, args, corpora: [] };
  try {
    console.log(`api-sunset bench: ${args.smoke ? 'smoke size, budgets not enforced' : `${args.files} files, ${args.runs} run(s)`}; ${cpus} CPUs, load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}, Node ${process.version}; temp dir ${root}`);
    const imported = await measureImport(IMPORT_RUNS);
    results.import = imported;
    printImport(imported);
    const importBudgets = [
      { name: `plugin import <= ${BUDGETS.importMs} ms`, value: imported.importMs, ok: imported.importMs <= BUDGETS.importMs },
      { name: `loading the schema graph < ${BUDGETS.graphMs} ms`, value: imported.graphMs, ok: imported.graphMs < BUDGETS.graphMs },
    ];
    if (args.importOnly) {
      results.budgets = importBudgets;
      console.log(`\nBudgets:\n${importBudgets.map((budget) => `  ${verdict(budget.ok)}  ${budget.name} = ${budget.value.toFixed(1)}`).join('\n')}`);
      if (args.json) writeFileSync(args.json, `${JSON.stringify(results, null, 2)}\n`);
      if (importBudgets.some((budget) => !budget.ok)) process.exitCode = 1;
      return;
    }
    const corpus1 = path.join(root, 'corpus-1x');
    const manifest1 = generateCorpus({ dir: corpus1, files: args.files, seed: args.seed });
    console.log(`Service files by cluster kind and role: ${Object.entries(manifest1.roles).map(([role, n]) => `${role} ${n}`).join(', ')}`);
    // `--concurrency auto` starts no worker threads on a small machine (ESLint: half the CPUs); then 2 threads are measured as well.
    const workers = autoWorkers(manifest1.files);
    const modes = ['a', 'b', 'c', 'r', 'p', 'q', ...(workers === 0 ? ['q2'] : [])];
    const one = await runCorpus('1x', root, corpus1, manifest1, args.runs, modes, args.pairs);
    results.corpora.push(one);
    printCorpus(one);
    const editor = await runEditor(root, corpus1, manifest1, args.seed, args.edits);
    results.editor = editor;
    printEditor(editor);
    let typed;
    if (args.typed) {
      typed = await runTyped(root, corpus1, manifest1, args.runs);
      results.typed = typed;
      printTyped(typed);
    }
    let fix;
    if (args.fix) {
      fix = await runFixModes(root, corpus1, manifest1, args.runs, args.seed);
      results.fix = fix;
      printFix(fix);
    }
    rmSync(corpus1, { recursive: true, force: true });

    let scaled;
    if (args.scaling && !args.smoke) {
      const corpusK = path.join(root, `corpus-${args.scale}x`);
      const manifestK = generateCorpus({ dir: corpusK, files: Math.round(args.files * args.scale), seed: args.seed });
      // One run at K×: at the default size and K = 10 each mode takes minutes.
      scaled = await runCorpus(`${args.scale}x`, root, corpusK, manifestK, 1, args.scaleModes);
      results.corpora.push(scaled);
      printCorpus(scaled);
    }

    const marginal = paired(one, 'p', 'r');
    const marginalWall = paired(one, 'p', 'r', 'samplesMs');
    const ca = paired(one, 'c', 'a');
    const caWall = paired(one, 'c', 'a', 'samplesMs');
    const ruleShares = one.ruleMsSamples.map((ms, i) => ms / one.r.cpuSamplesMs[i]);
    const list = (ratios) => ratios.map((r) => r.toFixed(3)).join(', ');
    console.log('\nRatios of runs made back to back (CPU time: user + system, all threads; the machine may be shared, so wall time also counts waiting for a CPU):');
    console.log(`  p/r (api-sunset over the recommended configs): CPU ${list(marginal.ratios)}, median ${marginal.median.toFixed(3)}; wall ${list(marginalWall.ratios)}, median ${marginalWall.median.toFixed(3)}`);
    if (ruleShares.length > 0) console.log(`  api-sunset's rule time in (b) (TIMING) over (r)'s CPU time: ${list(ruleShares)}, median ${median(ruleShares).toFixed(3)}`);
    // A run whose heap V8 let grow to several times what is live spends seconds more CPU, with or without the plugin (docs/performance.md, "Run-to-run noise").
    console.log(`  peak RSS of each run (MiB), to tell the runs whose heap V8 let inflate: r ${one.r.rssSamplesMiB.join(', ')}; p ${one.p.rssSamplesMiB.join(', ')}; a ${one.a.rssSamplesMiB.join(', ')}`);
    console.log(`  c/a (check over parse-only ESLint): CPU ${list(ca.ratios)}, median ${ca.median.toFixed(3)}; wall ${list(caWall.ratios)}, median ${caWall.median.toFixed(3)}`);
    console.log(`  b/a (api-sunset over parse-only ESLint, no budget): CPU ${list(paired(one, 'b', 'a').ratios)}; wall ${list(paired(one, 'b', 'a', 'samplesMs').ratios)}`);
    const threaded = workers === 0 ? 'q2' : 'q';
    const speedUp = paired(one, 'p', threaded, 'samplesMs');
    console.log(`  --concurrency auto starts ${workers === 0 ? 'no worker threads' : `${workers} worker threads`} here (${cpus} CPUs); speed-up p/${threaded} (wall): ${list(speedUp.ratios)}, median ${speedUp.median.toFixed(3)}`);

    const editorWorst = Math.max(...editor.targets.map((target) => target.relintMs));
    const budgets = [
      ...importBudgets,
      { name: `api-sunset's marginal cost over @eslint/js + typescript-eslint recommended <= ${((BUDGETS.marginal - 1) * 100).toFixed(0)}% (p/r, CPU time)`, value: marginal.median, ok: marginal.median <= BUDGETS.marginal },
      { name: `api-sunset check <= ${BUDGETS.ca}x parse-only ESLint (c/a, CPU time)`, value: ca.median, ok: ca.median <= BUDGETS.ca },
      scaled?.c && args.scale >= 10
        ? { name: `api-sunset check peak RSS at ${args.scale}x (${scaled.manifest.files} files) < ${BUDGETS.memoryMiB} MiB`, value: scaled.c.maxRSSMiB, ok: scaled.c.maxRSSMiB < BUDGETS.memoryMiB }
        : { name: `api-sunset check peak RSS at 10x < ${BUDGETS.memoryMiB} MiB`, value: undefined, ok: undefined, note: 'not measured: pass --scaling' },
      { name: `editor relint of one changed file in the ${editor.files}-file project <= ${BUDGETS.editorMs} ms (slowest file's median, ms)`, value: editorWorst, ok: editorWorst <= BUDGETS.editorMs },
      { name: `same api-sunset findings under --concurrency auto${workers === 0 ? ' and 2' : ''} as without (${one.findings.p.length} findings)`, value: undefined, ok: sameFindings(one, workers === 0 ? ['q', 'q2'] : ['q']) },
      { name: `speed-up under --concurrency ${workers === 0 ? '2 (auto starts no threads here)' : 'auto'} > 1 (p/${threaded}, wall)`, value: speedUp.median, ok: speedUp.median > 1 },
      typed
        ? { name: 'd(ours)/d(no-deprecated) <= 1.0 (type-aware api-sunset over the no-deprecated anchor)', value: typed.ours.ms / typed.anchor.ms, ok: typed.ours.ms / typed.anchor.ms <= BUDGETS.d }
        : { name: 'd(ours)/d(no-deprecated) <= 1.0', value: undefined, ok: undefined, note: 'not measured: pass --typed' },
      fix
        ? { name: 'e(verified)/e(plain) <= 2.0 (fix with the type check over fix without it)', value: fix.verified.ms / fix.plain.ms, ok: fix.verified.ms / fix.plain.ms <= BUDGETS.e }
        : { name: 'e(verified)/e(plain) <= 2.0', value: undefined, ok: undefined, note: 'not measured: pass --fix' },
    ];
    if (scaled) {
      for (const kind of ['a', 'b', 'c']) {
        const name = `growth linear, (${kind}) time per file at ${args.scale}x / 1x <= 1.5`;
        if (!scaled[kind]) {
          budgets.push({ name, value: undefined, ok: undefined, note: 'not measured: not in --scale-modes' });
          continue;
        }
        const growth = scaled[kind].ms / scaled.manifest.files / (one[kind].ms / one.manifest.files);
        budgets.push({ name, value: growth, ok: growth <= BUDGETS.growth });
      }
    } else {
      budgets.push({ name: 'growth linear (time per file at Kx within 1.5x of 1x)', value: undefined, ok: undefined, note: 'not measured: pass --scaling (or --scale K)' });
    }
    results.budgets = budgets;
    console.log('\nBudgets:');
    for (const budget of budgets) {
      const value = budget.value === undefined ? '' : ` = ${budget.value.toFixed(3)}`;
      const state = budget.ok === undefined ? 'NOT MEASURED' : args.smoke ? `${verdict(budget.ok)} (smoke: not enforced)` : verdict(budget.ok);
      console.log(`  ${state}  ${budget.name}${value}${budget.note ? ` (${budget.note})` : ''}`);
    }
    if (args.json) writeFileSync(args.json, `${JSON.stringify(results, null, 2)}\n`);
    if (!args.smoke && budgets.some((budget) => budget.ok === false)) process.exitCode = 1;
  } finally {
    if (args.keep) console.log(`kept ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 2;
});
