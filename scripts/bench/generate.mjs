// Deterministic synthetic corpus for `npm run bench`: one project (a package.json at its root) of
// ordinary application code full of look-alike words, plus 3% of files that call the service the
// way real client code does, across modules (service-shapes.mjs: request helpers, injected SDK
// clients, formatters that only receive the response, barrels). Same seed and size give
// byte-identical output.
//
//   node scripts/bench/generate.mjs --out DIR [--files N] [--seed S] [--smoke]
//
// Prints a JSON manifest: { files, lines, apiFiles, roles, seed, hash }.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { planClusters, renderMember } from './service-shapes.mjs';

export const DEFAULT_FILES = 3000;
export const SMOKE_FILES = 60;
export const DEFAULT_SEED = 20261122;
export const API_SHARE = 0.03;
/** Mixed into the seed for the service code's own PRNG. */
const SERVICE_SALT = 0x5e41ce;
/** The corpus is one project: its package.json names the libraries the service files import. */
export const PACKAGE_JSON = `${JSON.stringify({ name: 'bench-corpus', private: true, type: 'module', dependencies: { '@gleanwork/api-client': '^0.20.0', axios: '^1.0.0' } }, null, 2)}\n`;

/** mulberry32: a small, fast, seedable PRNG. */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOUNS = ['location', 'role', 'citation', 'snippet', 'order', 'invoice', 'customer', 'widget', 'profile', 'session', 'report', 'ticket', 'shipment', 'answer', 'document', 'message', 'channel', 'review'];
const VERBS = ['load', 'save', 'format', 'validate', 'merge', 'render', 'sync', 'resolve', 'count', 'list', 'fetch', 'update', 'normalize'];
const FIELDS = ['location', 'role', 'citations', 'snippet', 'enabled', 'status', 'title', 'url', 'createdAt', 'owner', 'tags', 'score', 'count', 'answers', 'messages', 'documents'];
const OTHER_HOSTS = ['https://payments.example.com/v3', 'https://maps.example.org/api/v2', 'https://crm.internal/rest/v2', 'https://search.vendor.io/api/v1'];

function pick(rand, list) {
  return list[Math.floor(rand() * list.length)];
}
function int(rand, lo, hi) {
  return lo + Math.floor(rand() * (hi - lo + 1));
}
function cap(word) {
  return word[0].toUpperCase() + word.slice(1);
}

/** Blocks of ordinary code; each returns lines. `ts` switches type annotations on. */
const ORDINARY_BLOCKS = [
  function typeBlock(rand, ts, id) {
    if (!ts) return [`/** @typedef {{ ${pick(rand, FIELDS)}: string }} Shape${id} */`, ''];
    const noun = cap(pick(rand, NOUNS));
    const lines = [`export interface ${noun}${id} {`];
    for (let i = int(rand, 3, 9); i > 0; i--) lines.push(`  ${pick(rand, FIELDS)}${i}${rand() < 0.3 ? '?' : ''}: ${pick(rand, ['string', 'number', 'boolean', 'string[]', `{ location: string; role: string }`])};`);
    lines.push('}', '');
    return lines;
  },
  function mapperBlock(rand, ts, id) {
    const noun = pick(rand, NOUNS);
    const t = ts ? ': any' : '';
    return [
      `export function ${pick(rand, VERBS)}${cap(noun)}${id}(input${t}) {`,
      `  const citations = (input.citations ?? []).filter((c${t}) => c.enabled !== false);`,
      `  const snippet = String(input.snippet ?? '').slice(0, ${int(rand, 40, 400)});`,
      `  const location = input.location ? \`\${input.location.city}, \${input.location.country}\` : 'unknown';`,
      `  return {`,
      `    id: input.id,`,
      `    role: input.role === 'admin' ? 'ADMIN' : 'MEMBER',`,
      `    citations: citations.map((c${t}) => ({ title: c.title, url: c.url, snippet: c.snippet })),`,
      `    snippet,`,
      `    location,`,
      `    enabled: Boolean(input.enabled),`,
      `  };`,
      `}`,
      '',
    ];
  },
  function classBlock(rand, ts, id) {
    const noun = cap(pick(rand, NOUNS));
    const priv = ts ? 'private ' : '';
    const lines = [`export class ${noun}Store${id} {`, `  ${priv}items = new Map();`, `  ${priv}enabled = ${rand() < 0.5};`, ''];
    for (let i = int(rand, 2, 6); i > 0; i--) {
      const verb = pick(rand, VERBS);
      lines.push(
        `  ${verb}${i}(key${ts ? ': string' : ''}, value${ts ? '?: unknown' : ''}) {`,
        `    if (!this.enabled) return undefined;`,
        `    const current = this.items.get(key) ?? { role: 'viewer', location: null, count: 0 };`,
        `    current.count += ${int(rand, 1, 9)};`,
        `    if (value !== undefined) current.value = value;`,
        `    this.items.set(key, current);`,
        `    return current;`,
        `  }`,
        '',
      );
    }
    lines.push('}', '');
    return lines;
  },
  function otherApiBlock(rand, ts, id) {
    const host = pick(rand, OTHER_HOSTS);
    const noun = pick(rand, NOUNS);
    return [
      `export async function ${pick(rand, VERBS)}Remote${cap(noun)}${id}(token${ts ? ': string' : ''}, query${ts ? ': string' : ''}) {`,
      `  const res = await fetch(\`${host}/${noun}s?q=\${encodeURIComponent(query)}\`, {`,
      `    method: 'POST',`,
      `    headers: { authorization: \`Bearer \${token}\`, 'content-type': 'application/json' },`,
      `    body: JSON.stringify({ query, role: 'reader', location: 'eu-west', enabled: true }),`,
      `  });`,
      `  if (!res.ok) throw new Error(\`${noun} lookup failed: \${res.status}\`);`,
      `  const data = await res.json();`,
      `  return data.results.map((r${ts ? ': any' : ''}) => ({ snippet: r.snippet, citations: r.citations ?? [], score: r.score }));`,
      `}`,
      '',
    ];
  },
  function reducerBlock(rand, ts, id) {
    const lines = [`export function reduce${id}(state${ts ? ': Record<string, any>' : ''}, action${ts ? ': { type: string; payload?: any }' : ''}) {`, `  switch (action.type) {`];
    for (let i = int(rand, 3, 8); i > 0; i--) {
      const field = pick(rand, FIELDS);
      lines.push(`    case '${field.toUpperCase()}_${i}':`, `      return { ...state, ${field}: action.payload, enabled: state.enabled ?? true };`);
    }
    lines.push(`    default:`, `      return state;`, `  }`, `}`, '');
    return lines;
  },
  function constantsBlock(rand, _ts, id) {
    const lines = [`export const LABELS_${id} = {`];
    for (let i = int(rand, 4, 12); i > 0; i--) lines.push(`  ${pick(rand, FIELDS)}${i}: '${pick(rand, NOUNS)} ${pick(rand, FIELDS)} ${i}',`);
    lines.push('};', '');
    return lines;
  },
  function loopBlock(rand, ts, id) {
    return [
      `export function summarize${id}(rows${ts ? ': Array<{ role: string; location?: string; citations?: string[] }>' : ''}) {`,
      `  const byRole${ts ? ': Record<string, number>' : ''} = {};`,
      `  let cited = 0;`,
      `  for (const row of rows) {`,
      `    byRole[row.role] = (byRole[row.role] ?? 0) + 1;`,
      `    cited += row.citations?.length ?? 0;`,
      `    if (row.location && row.location.startsWith('${pick(rand, ['us', 'eu', 'ap'])}')) {`,
      `      cited += ${int(rand, 0, 3)};`,
      `    }`,
      `  }`,
      `  return { byRole, cited, total: rows.length };`,
      `}`,
      '',
    ];
  },
];

/** Whole blocks of ordinary code until `target` lines. */
function ordinaryBlocks(rand, ts, target, idBase) {
  const blocks = [];
  let id = idBase;
  for (let lines = 0; lines < target; ) {
    const block = pick(rand, ORDINARY_BLOCKS)(rand, ts, id++);
    blocks.push(block);
    lines += block.length;
  }
  return blocks;
}

/**
 * The corpus as an array of { path, text, api, kind, role } (relative POSIX paths), without
 * touching the disk. About 500,000 lines for 3,000 files; exactly max(1, round(files * 3%)) files
 * call the service, in clusters of modules that pass the service's values to one another
 * (service-shapes.mjs). The service code draws from a PRNG of its own, so changing its shapes
 * leaves the ordinary 97% byte-identical.
 */
export function buildCorpus({ files = DEFAULT_FILES, seed = DEFAULT_SEED } = {}) {
  const rand = mulberry32(seed);
  const serviceRand = mulberry32(seed ^ SERVICE_SALT);
  const apiCount = Math.max(1, Math.round(files * API_SHARE));
  // Choose which files call the service: a seeded partial Fisher-Yates shuffle.
  const order = Array.from({ length: files }, (_, i) => i);
  for (let i = 0; i < apiCount; i++) {
    const j = i + Math.floor(rand() * (files - i));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const apiSet = new Set(order.slice(0, apiCount));
  // First every file's place and ordinary code, so that the service clusters can import one another by path.
  const entries = [];
  for (let i = 0; i < files; i++) {
    const ts = rand() < 0.7;
    const ext = ts ? (rand() < 0.15 ? 'tsx' : 'ts') : pick(rand, ['js', 'js', 'mjs']);
    const dir = `packages/${packageDir(i)}/src/${pick(rand, NOUNS)}`;
    const file = `${dir}/${pick(rand, VERBS)}-${pick(rand, NOUNS)}-${i}.${ext}`;
    const target = int(rand, 60, 270);
    entries.push({ index: i, path: file, blocks: ordinaryBlocks(rand, ts, target, i * 1000) });
  }
  const roles = new Map();
  const clusters = planClusters(
    entries.filter((entry) => apiSet.has(entry.index)),
    serviceRand,
    (entry) => packageDir(entry.index),
  );
  for (const cluster of clusters) for (const member of cluster.members) roles.set(member.entry.index, { kind: cluster.kind, role: member.role, code: renderMember(cluster, member, serviceRand) });
  return entries.map(({ index: i, path: file, blocks }) => {
    const head = [`// generated ${file}`, `import { helper${i % 17} } from './helpers.js';`];
    const service = roles.get(i);
    let body = blocks;
    if (service) {
      head.push(...service.code.head);
      // The service code sits between two blocks in the middle of the file, as in real modules;
      // a barrel is a file of its own.
      body = service.code.small ? [] : [...blocks.slice(0, Math.floor(blocks.length / 2)), service.code.body, ...blocks.slice(Math.floor(blocks.length / 2))];
    }
    const lines = body.flat();
    lines.push(`export const marker${i} = helper${i % 17};`);
    return { path: file, text: [...head, '', ...lines, ''].join('\n'), api: service !== undefined, kind: service?.kind, role: service?.role };
  });
}

function packageDir(index) {
  return `pkg-${String(Math.floor(index / 200)).padStart(3, '0')}`;
}

/**
 * Writes the corpus and its package.json under `dir` and returns a manifest: counts, how many
 * service clusters of each kind, and a content hash over paths and texts.
 */
export function generateCorpus({ dir, files = DEFAULT_FILES, seed = DEFAULT_SEED }) {
  const corpus = buildCorpus({ files, seed });
  const hash = createHash('sha256');
  let lines = 0;
  const dirs = new Set();
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), PACKAGE_JSON);
  for (const entry of corpus) {
    const full = path.join(dir, entry.path);
    const parent = path.dirname(full);
    if (!dirs.has(parent)) {
      mkdirSync(parent, { recursive: true });
      dirs.add(parent);
    }
    writeFileSync(full, entry.text);
    hash.update(entry.path).update('\0').update(entry.text).update('\0');
    lines += entry.text.split('\n').length - 1;
  }
  const roles = {};
  for (const entry of corpus) if (entry.api) roles[`${entry.kind}:${entry.role}`] = (roles[`${entry.kind}:${entry.role}`] ?? 0) + 1;
  return { files: corpus.length, lines, apiFiles: corpus.filter((entry) => entry.api).length, roles, seed, hash: hash.digest('hex') };
}

/**
 * For the fix benchmark (run.mjs --fix): appends to every file that calls the service uses that
 * `api-sunset fix` rewrites (fallback reads, renamed reads of typed values and of untyped JSON, a
 * typed object with a renamed key), and writes the `helpers.ts` modules the files import. No
 * random draws, so the corpus itself stays byte-identical. Returns how many files were extended.
 */
export function addFixableUses({ dir, files = DEFAULT_FILES, seed = DEFAULT_SEED }) {
  let extended = 0;
  const corpus = buildCorpus({ files, seed });
  // The helpers every file imports, so that the TypeScript files compile as a real project's do.
  const helpers = Array.from({ length: 17 }, (_, i) => `export const helper${i} = ${i};`).join('\n');
  for (const folder of new Set(corpus.map((entry) => path.dirname(entry.path)))) writeFileSync(path.join(dir, folder, 'helpers.ts'), `${helpers}\n`);
  for (const entry of corpus) {
    if (!entry.api) continue;
    const ts = /\.tsx?$/.test(entry.path);
    const id = extended++;
    const lines = [
      '',
      `export async function searchHits${id}(base${ts ? ': string' : ''}) {`,
      "  const res = await fetch(`${base}/rest/api/v1/search`, { method: 'POST', body: '{}' });",
      '  const data = await res.json();',
      `  return data.results.map((r${ts ? ': any' : ''}) => r.snippets?.[0]?.text ?? r.snippets?.[0]?.snippet ?? '');`,
      '}',
    ];
    if (ts) {
      lines.push(
        "import type { InputOptions, SearchResultSnippet } from '@gleanwork/api-client/models/components';",
        `export const snippetText${id} = (s: SearchResultSnippet): string => s.snippet || s.text || '';`,
        `export const instances${id} = (o: InputOptions): string[] => o.datasources ?? [];`,
        `export const highlight${id} = (summary: string): SearchResultSnippet => ({ snippet: summary, mimeType: 'text/plain' });`,
      );
    }
    writeFileSync(path.join(dir, entry.path), `${readFileSync(path.join(dir, entry.path), 'utf8')}${lines.join('\n')}\n`);
  }
  return extended;
}

function parseArgs(argv) {
  const args = { out: undefined, files: DEFAULT_FILES, seed: DEFAULT_SEED };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--out') args.out = argv[++i];
    else if (flag === '--files') args.files = Number(argv[++i]);
    else if (flag === '--seed') args.seed = Number(argv[++i]);
    else if (flag === '--smoke') args.files = SMOKE_FILES;
    else throw new Error(`unknown flag ${flag}`);
  }
  if (!args.out) throw new Error('--out DIR is required');
  if (!Number.isInteger(args.files) || args.files < 1) throw new Error('--files must be a positive integer');
  return args;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = parseArgs(process.argv.slice(2));
  console.log(JSON.stringify(generateCorpus({ dir: args.out, files: args.files, seed: args.seed })));
}
