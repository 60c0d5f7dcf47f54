// `npm run bench`: measures the plugin and the CLI against parse-only ESLint on a synthetic corpus.
//
//   node scripts/bench/run.mjs [--files N] [--runs R] [--scale K] [--scaling] [--smoke] [--typed] [--fix] [--seed S] [--json FILE] [--keep] [--import-only]
//
// First, the plugin's import time: `import('eslint-plugin-api-sunset')` in fresh processes, which
// every ESLint run and editor server pays before linting anything.
//
// Each measurement is a fresh child process (cold start, own peak memory), repeated R times with
// the median reported. (a) and (b) run the `eslint` CLI with a flat config generated in the temp
// directory, so ESLint's TIMING=all table is available for (b).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEFAULT_FILES, DEFAULT_SEED, SMOKE_FILES, addFixableUses, generateCorpus } from './generate.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const NOW = '2026-11-22';
const BUDGETS = { ba: 1.1, ca: 0.5, d: 1.0, e: 2.0, growth: 1.5, importMs: 150 };
const IMPORT_RUNS = 15;

function parseArgs(argv) {
  const args = { files: DEFAULT_FILES, runs: 3, scale: 10, scaling: false, smoke: false, typed: false, fix: false, seed: DEFAULT_SEED, json: undefined, keep: false, importOnly: false };
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
    else if (flag === '--smoke') args.smoke = true;
    else if (flag === '--typed') args.typed = true;
    else if (flag === '--fix') args.fix = true;
    else if (flag === '--seed') args.seed = Math.round(num());
    else if (flag === '--json') args.json = argv[++i];
    else if (flag === '--keep') args.keep = true;
    else if (flag === '--import-only') args.importOnly = true;
    else throw new Error(`unknown flag ${flag}`);
  }
  if (args.smoke) {
    args.files = SMOKE_FILES;
    args.runs = 1;
  }
  return args;
}

/** Runs `node --import rss-hook.mjs ...argv` and returns wall time, the child's peak RSS and its output. */
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
      resolve({ ms, maxRSSKB: stats.maxRSSKB, code, stdout: out, stderr: err });
    });
  });
}

/**
 * How long `import()` of the built plugin takes in a fresh process (the time to the resolved
 * promise, measured inside the child), and the child's whole wall time, median of `runs`.
 */
async function measureImport(runs) {
  const pluginUrl = pathToFileURL(path.join(repo, 'dist/src/index.js')).href;
  const script = `const start = performance.now(); await import(${JSON.stringify(pluginUrl)}); process.stdout.write(String(performance.now() - start));`;
  const importMs = [];
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
    importMs.push(Number(out));
  }
  return { runs, importMs: median(importMs), importSamplesMs: importMs.map((ms) => Math.round(ms)), processMs: median(processMs) };
}

function printImport(result) {
  console.log(`\nImport time of the plugin (fresh process, median of ${result.runs}): ${result.importMs.toFixed(0)} ms (runs: ${result.importSamplesMs.join(', ')}); whole process ${result.processMs.toFixed(0)} ms`);
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

function writeEslintConfigs(root) {
  const parserUrl = import.meta.resolve('@typescript-eslint/parser');
  const pluginUrl = pathToFileURL(path.join(repo, 'dist/src/index.js')).href;
  const base = `{
    files: ['**/*.{js,mjs,cjs,jsx,ts,mts,cts,tsx}'],
    languageOptions: { parser, parserOptions: { ecmaFeatures: { jsx: true } } },
    linterOptions: { reportUnusedDisableDirectives: 'off', reportUnusedInlineConfigs: 'off' },
  }`;
  const parseOnly = path.join(root, 'eslint.parse-only.config.mjs');
  const withPlugin = path.join(root, 'eslint.plugin.config.mjs');
  writeFileSync(parseOnly, `import parser from ${JSON.stringify(parserUrl)};\nexport default [${base}];\n`);
  writeFileSync(
    withPlugin,
    `import parser from ${JSON.stringify(parserUrl)};\nimport plugin from ${JSON.stringify(pluginUrl)};\n` +
      `export default [${base}, plugin.configs.recommended, { settings: { 'api-sunset': { now: '${NOW}' } } }];\n`,
  );
  return { parseOnly, withPlugin };
}

async function runCorpus(label, root, corpusDir, manifest, runs) {
  const configs = writeEslintConfigs(root);
  const eslintBin = path.join(repo, 'node_modules/eslint/bin/eslint.js');
  const mainJs = path.join(repo, 'dist/src/cli/main.js');
  const stats = path.join(root, 'stats.json');
  const reportB = path.join(root, 'b-report.json');
  const relCorpus = path.relative(root, corpusDir);
  const kinds = {
    a: () => measure([eslintBin, '--config', configs.parseOnly, '--no-warn-ignored', relCorpus], { cwd: root, statsFile: stats }),
    b: () =>
      measure([eslintBin, '--config', configs.withPlugin, '--no-warn-ignored', '--format', 'json', '--output-file', reportB, relCorpus], {
        cwd: root,
        statsFile: stats,
        env: { TIMING: 'all' },
      }),
    c: () => measure([mainJs, 'check', relCorpus, '--format', 'json', '--fail-on', 'none', '--now', NOW], { cwd: root, statsFile: stats }),
  };
  const samples = { a: [], b: [], c: [] };
  let timing = [];
  let findingsB = 0;
  let findingsC = 0;
  let skippedC = 0;
  for (let run = 1; run <= runs; run++) {
    // Interleaved, so drift on the machine hits every mode alike.
    for (const kind of ['a', 'b', 'c']) {
      const result = await kinds[kind]();
      // ESLint exits 1 when the plugin reports errors; 2 is a crash.
      if (result.code !== 0 && !(kind === 'b' && result.code === 1)) {
        throw new Error(`${label} (${kind}) exited ${result.code}\n${result.stderr.slice(0, 2000)}${result.stdout.slice(0, 2000)}`);
      }
      samples[kind].push(result);
      if (kind === 'b') {
        timing = parseTiming(result.stdout);
        findingsB = JSON.parse(readFileSync(reportB, 'utf8')).reduce((n, file) => n + file.messages.length, 0);
      }
      if (kind === 'c') {
        const report = JSON.parse(result.stdout);
        findingsC = report.findings.length;
        skippedC = report.skipped?.length ?? 0;
      }
      process.stderr.write(`  ${label} run ${run}/${runs} (${kind}): ${(result.ms / 1000).toFixed(2)} s, ${(result.maxRSSKB / 1024).toFixed(0)} MiB\n`);
    }
  }
  const summary = {};
  for (const kind of ['a', 'b', 'c']) {
    const ms = median(samples[kind].map((s) => s.ms));
    summary[kind] = { ms, samplesMs: samples[kind].map((s) => Math.round(s.ms)), maxRSSMiB: Math.max(...samples[kind].map((s) => s.maxRSSKB)) / 1024, filesPerSecond: manifest.files / (ms / 1000) };
  }
  return { label, manifest, runs, ...summary, timing, findingsB, findingsC, skippedC };
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
  console.log(`\nCorpus ${result.label}: ${manifest.files} files, ${manifest.lines} lines, ${manifest.apiFiles} files call the service (seed ${manifest.seed}); median of ${result.runs} run(s)`);
  console.log('| Mode | Median (s) | Runs (s) | Files/s | Peak RSS (MiB) |');
  console.log('|---|---:|---|---:|---:|');
  const names = { a: '(a) ESLint, parser only, no rules', b: '(b) ESLint + api-sunset recommended', c: '(c) api-sunset check' };
  for (const kind of ['a', 'b', 'c']) {
    const r = result[kind];
    console.log(`| ${names[kind]} | ${(r.ms / 1000).toFixed(2)} | ${r.samplesMs.map((ms) => (ms / 1000).toFixed(2)).join(', ')} | ${r.filesPerSecond.toFixed(0)} | ${r.maxRSSMiB.toFixed(0)} |`);
  }
  console.log(`Findings: (b) ${result.findingsB} messages, (c) ${result.findingsC} findings, ${result.skippedC} files skipped`);
  if (result.timing.length) {
    console.log('Per-rule time in (b), from TIMING=all (last run):');
    for (const row of result.timing) console.log(`  ${row.rule}: ${row.ms.toFixed(1)} ms (${row.relative})`);
  }
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const root = mkdtempSync(path.join(os.tmpdir(), 'api-sunset-bench-'));
  const results = { machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version, platform: `${os.platform()} ${os.release()}` }, args, corpora: [] };
  try {
    console.log(`api-sunset bench: ${args.smoke ? 'smoke size, budgets not enforced' : `${args.files} files, ${args.runs} run(s)`}; ${results.machine.cpus} CPUs, Node ${process.version}; temp dir ${root}`);
    const imported = await measureImport(IMPORT_RUNS);
    results.import = imported;
    printImport(imported);
    const importBudget = { name: `plugin import <= ${BUDGETS.importMs} ms`, value: imported.importMs, ok: imported.importMs <= BUDGETS.importMs };
    if (args.importOnly) {
      results.budgets = [importBudget];
      console.log(`\nBudgets:\n  ${verdict(importBudget.ok)}  ${importBudget.name} = ${imported.importMs.toFixed(0)}`);
      if (args.json) writeFileSync(args.json, `${JSON.stringify(results, null, 2)}\n`);
      if (!importBudget.ok) process.exitCode = 1;
      return;
    }
    const corpus1 = path.join(root, 'corpus-1x');
    const manifest1 = generateCorpus({ dir: corpus1, files: args.files, seed: args.seed });
    const one = await runCorpus('1x', root, corpus1, manifest1, args.runs);
    results.corpora.push(one);
    printCorpus(one);
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
      scaled = await runCorpus(`${args.scale}x`, root, corpusK, manifestK, 1);
      results.corpora.push(scaled);
      printCorpus(scaled);
    }

    const ba = one.b.ms / one.a.ms;
    const ca = one.c.ms / one.a.ms;
    // Run i of each mode ran back to back, so per-run ratios show how much of a ratio is noise.
    const paired = (kind) => one[kind].samplesMs.map((ms, i) => ms / one.a.samplesMs[i]);
    console.log(`\nRatios (median b / median a): b/a = ${ba.toFixed(3)}, c/a = ${ca.toFixed(3)}`);
    console.log(`Per-run ratios: b/a ${paired('b').map((r) => r.toFixed(3)).join(', ')}; c/a ${paired('c').map((r) => r.toFixed(3)).join(', ')}`);
    const budgets = [
      importBudget,
      { name: 'b/a <= 1.10 (plugin over parse-only ESLint)', value: ba, ok: ba <= BUDGETS.ba },
      { name: 'c/a <= 0.50 (CLI over parse-only ESLint)', value: ca, ok: ca <= BUDGETS.ca },
      typed
        ? { name: 'd(ours)/d(no-deprecated) <= 1.0 (type-aware api-sunset over the no-deprecated anchor)', value: typed.ours.ms / typed.anchor.ms, ok: typed.ours.ms / typed.anchor.ms <= BUDGETS.d }
        : { name: 'd(ours)/d(no-deprecated) <= 1.0', value: undefined, ok: undefined, note: 'not measured: pass --typed' },
      fix
        ? { name: 'e(verified)/e(plain) <= 2.0 (fix with the type check over fix without it)', value: fix.verified.ms / fix.plain.ms, ok: fix.verified.ms / fix.plain.ms <= BUDGETS.e }
        : { name: 'e(verified)/e(plain) <= 2.0', value: undefined, ok: undefined, note: 'not measured: pass --fix' },
    ];
    if (scaled) {
      for (const kind of ['a', 'b', 'c']) {
        const growth = scaled[kind].ms / scaled.manifest.files / (one[kind].ms / one.manifest.files);
        budgets.push({ name: `growth linear, (${kind}) time per file at ${args.scale}x / 1x <= 1.5`, value: growth, ok: growth <= BUDGETS.growth });
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
