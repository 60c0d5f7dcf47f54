// Editor-style relinting, as an editor's ESLint server does it: one long-lived process, one
// `ESLint` instance, `lintText(buffer, { filePath })` on every change of the open file. Run by
// run.mjs in a child process of its own:
//
//   node scripts/bench/editor.mjs SPEC.json
//
// SPEC: { cwd, pluginConfig, parseOnlyConfig, edits, targets: [{ path, role }] } (absolute paths).
// The first lint of the first target (the warm-up) analyses its part of the project, and its
// first edit the whole project (that relint is the first target's max). Then each target,
// in turn, is opened (its first lint after another file was edited) and edited `edits` times,
// alternately appending a comment and changing a line, each edit relinted with the plugin and,
// for the floor, with parse-only ESLint. Prints one JSON object.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const spec = JSON.parse(readFileSync(process.argv[2], 'utf8'));
// The repository's ESLint, not whatever the corpus directory would resolve.
const require = createRequire(path.join(spec.repo, 'package.json'));
const { ESLint } = await import(pathToFileURL(require.resolve('eslint')).href);

const withPlugin = new ESLint({ cwd: spec.cwd, overrideConfigFile: spec.pluginConfig });
const parseOnly = new ESLint({ cwd: spec.cwd, overrideConfigFile: spec.parseOnlyConfig });

async function timed(eslint, text, filePath) {
  const start = performance.now();
  const [result] = await eslint.lintText(text, { filePath });
  const ms = performance.now() - start;
  if (result.fatalErrorCount > 0) throw new Error(`${filePath}: ${result.messages.find((m) => m.fatal)?.message}`);
  return { ms, messages: result.messages.filter((m) => m.ruleId?.startsWith('api-sunset/')).length };
}

/** Edit k of a file: odd k append a comment, even k change the last line (`export const markerN = helperM + k;`). */
function edited(original, k) {
  if (k % 2 === 1) return `${original}// edit ${k}\n`;
  const lines = original.split('\n');
  const last = lines.findLastIndex((line) => line.startsWith('export const marker'));
  lines[last] = lines[last].replace(/;$/, ` + ${k};`);
  return lines.join('\n');
}

function median(values) {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const targets = [];
let warmUp;
for (const target of spec.targets) {
  const original = readFileSync(target.path, 'utf8');
  // Opening the file: its text as on disk, linted once (the project's analysis is made, or brought up to date).
  const opened = await timed(withPlugin, original, target.path);
  warmUp ??= opened.ms;
  const relint = [];
  const floor = [];
  let messages = opened.messages;
  for (let k = 1; k <= spec.edits; k++) {
    const text = edited(original, k);
    const run = await timed(withPlugin, text, target.path);
    relint.push(run.ms);
    messages = run.messages;
    floor.push((await timed(parseOnly, text, target.path)).ms);
  }
  targets.push({
    path: target.path,
    role: target.role,
    lines: original.split('\n').length,
    openMs: opened.ms,
    relintMs: median(relint),
    relintMaxMs: Math.max(...relint),
    relintSamplesMs: relint.map((ms) => Math.round(ms * 10) / 10),
    floorMs: median(floor),
    messagesBefore: opened.messages,
    messagesAfter: messages,
  });
}
process.stdout.write(JSON.stringify({ warmUpMs: warmUp, edits: spec.edits, targets, heapUsedMiB: process.memoryUsage().heapUsed / 2 ** 20 }));
