// The service side of the bench corpus: the 3% of files that call the service do it the way real
// client code does, across modules (issue 18): a request helper that prefixes the base path and
// call sites elsewhere that pass bare endpoint names, an SDK client built by a factory and injected
// into a class in another module, a formatter that only receives the response, and a barrel
// (`export *`) in between. Each cluster of files lives in one package and imports its members by
// relative paths; a package with a single service file left gets one of the single-file shapes.
import path from 'node:path';

/** Cluster kinds in the order they are handed out; each takes the roles listed, in file order. */
const KINDS = {
  barrel: ['helper', 'formatter', 'barrel', 'caller'],
  injected: ['factory', 'consumer', 'wiring'],
  formatter: ['handler', 'formatter'],
  helper: ['helper', 'caller', 'caller'],
};
const CYCLE = ['barrel', 'injected', 'formatter', 'helper'];
/** The helper kind needs a helper and one caller; a second caller when the package has a file to spare. */
const MIN_SIZE = { barrel: 4, injected: 3, formatter: 2, helper: 2 };

function pick(rand, list) {
  return list[Math.floor(rand() * list.length)];
}

/**
 * Groups the service files (in corpus order) into clusters, package by package, and gives each
 * file its role. Returns one { kind, variant, members: [{ entry, role }] } per cluster.
 */
export function planClusters(serviceEntries, rand, packageOf) {
  const byPackage = new Map();
  for (const entry of serviceEntries) byPackage.set(packageOf(entry), [...(byPackage.get(packageOf(entry)) ?? []), entry]);
  const clusters = [];
  let turn = 0;
  for (const entries of byPackage.values()) {
    let next = 0;
    while (next < entries.length) {
      const left = entries.length - next;
      let kind = 'single';
      for (let tried = 0; tried < CYCLE.length; tried++) {
        const candidate = CYCLE[(turn + tried) % CYCLE.length];
        if (MIN_SIZE[candidate] <= left) {
          kind = candidate;
          turn += tried + 1;
          break;
        }
      }
      const roles = kind === 'single' ? ['single'] : kind === 'helper' && (left < 3 || rand() < 0.5) ? KINDS.helper.slice(0, 2) : KINDS[kind];
      const members = roles.map((role, i) => ({ entry: entries[next + i], role }));
      clusters.push({ kind, variant: variantOf(kind, rand), members });
      next += roles.length;
    }
  }
  return clusters;
}

function variantOf(kind, rand) {
  if (kind === 'helper') return pick(rand, ['client', 'indexing']);
  if (kind === 'injected') return pick(rand, ['answers', 'documents']);
  if (kind === 'formatter') return pick(rand, ['chat', 'search']);
  if (kind === 'single') return pick(rand, ['fetch', 'axios', 'sdk']);
  return 'chat';
}

/** `import … from` the other file, as TypeScript's NodeNext projects write it (`./x.js` for `./x.ts`). */
function specifier(from, to) {
  const relative = path.posix.relative(path.posix.dirname(from.path), to.path).replace(/\.tsx?$/, '.js');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

const CLIENT_ENDPOINTS = ['listanswers', 'chat', 'search'];
const INDEXING_ENDPOINTS = ['getdocumentcount', 'getusercount', 'bulkindexemployees'];

/**
 * The code of one member of a cluster: lines for the top of the file (imports, re-exports) and a
 * block for its middle. `small` files (barrels) carry no ordinary code around it.
 */
export function renderMember(cluster, member, rand) {
  const { entry, role } = member;
  const ts = /\.tsx?$/.test(entry.path);
  const t = (type) => (ts ? `: ${type}` : '');
  const other = (wanted) => cluster.members.find((m) => m.role === wanted).entry;
  const id = entry.index;
  switch (`${cluster.kind}:${role}`) {
    case 'barrel:helper':
      return clientHelper(t);
    case 'helper:helper':
      return cluster.variant === 'client' ? clientHelper(t) : indexingHelper(t);
    case 'barrel:formatter':
      return chatFormatter(t);
    case 'formatter:formatter':
      return cluster.variant === 'chat' ? chatFormatter(t) : searchFormatter(t);
    case 'barrel:barrel':
      return { head: [`export * from '${specifier(entry, other('helper'))}';`, `export * from '${specifier(entry, other('formatter'))}';`], body: [], small: true };
    case 'barrel:caller':
      return {
        head: [`import { callApi, formatChat } from '${specifier(entry, other('barrel'))}';`],
        body: [
          `export async function askService${id}(question${t('string')}) {`,
          `  const reply = await callApi('chat', { saveChat: false, messages: [{ author: 'USER', fragments: [{ text: question }] }] });`,
          `  return formatChat(reply);`,
          `}`,
          '',
        ],
      };
    case 'helper:caller':
      return cluster.variant === 'client' ? clientCaller(entry, other('helper'), t, pick(rand, CLIENT_ENDPOINTS), rand) : indexingCaller(entry, other('helper'), t, pick(rand, INDEXING_ENDPOINTS));
    case 'injected:factory':
      return {
        head: [`import { Glean } from '@gleanwork/api-client';`],
        body: [
          `export function createGleanClient(apiToken${t('string')}) {`,
          `  return new Glean({ apiToken, instance: process.env.GLEAN_INSTANCE ?? '${pick(rand, ['acme', 'contoso', 'initech'])}' });`,
          `}`,
          '',
        ],
      };
    case 'injected:consumer':
      return injectedConsumer(cluster.variant, id, t, ts);
    case 'injected:wiring': {
      const consumer = other('consumer');
      const className = `${cluster.variant === 'answers' ? 'AnswersDigest' : 'DocumentAudit'}${consumer.index}`;
      const method = cluster.variant === 'answers' ? 'lines' : 'drift';
      return {
        head: [`import { createGleanClient } from '${specifier(entry, other('factory'))}';`, `import { ${className} } from '${specifier(entry, consumer)}';`],
        body: [
          `const service${id} = new ${className}(createGleanClient(process.env.GLEAN_TOKEN ?? ''));`,
          `export async function scheduled${id}(key${t('string')}) {`,
          `  return service${id}.${method}(${cluster.variant === 'answers' ? 'Number(key)' : 'key, 0'});`,
          `}`,
          '',
        ],
      };
    }
    case 'formatter:handler':
      return sdkHandler(entry, other('formatter'), t, cluster.variant, rand);
    case 'single:single':
      return SINGLE[cluster.variant](rand, ts, id);
    default:
      throw new Error(`no shape for ${cluster.kind}:${role}`);
  }
}

function clientHelper(t) {
  return {
    head: [],
    body: [
      `const SERVICE_HOST = process.env.SERVICE_HOST ?? 'https://acme-be.example.com';`,
      `/** POSTs to the client API: callers name only the endpoint (\`search\`, \`chat\`, …). */`,
      `export async function callApi(endpoint${t('string')}, body${t('unknown')}) {`,
      `  const res = await fetch(\`\${SERVICE_HOST}/rest/api/v1/\${endpoint}\`, {`,
      `    method: 'POST',`,
      `    headers: { authorization: \`Bearer \${process.env.SERVICE_TOKEN}\`, 'content-type': 'application/json' },`,
      `    body: JSON.stringify(body),`,
      `  });`,
      `  if (!res.ok) throw new Error(\`\${endpoint} failed: \${res.status}\`);`,
      `  return res.json();`,
      `}`,
      '',
    ],
  };
}

function indexingHelper(t) {
  return {
    head: [`import axios from 'axios';`],
    body: [
      `const indexApi = axios.create({ baseURL: \`\${process.env.SERVICE_HOST}/api/index/v1\` });`,
      `export async function post(path${t('string')}, body${t('object')}) {`,
      `  const { data } = await indexApi.post(\`/\${path}\`, body);`,
      `  return data;`,
      `}`,
      '',
    ],
  };
}

function clientCaller(entry, helper, t, endpoint, rand) {
  const id = entry.index;
  const head = [`import { callApi } from '${specifier(entry, helper)}';`];
  if (endpoint === 'listanswers') {
    return {
      head,
      body: [
        `export async function boardAnswers${id}(boardId${t('number')}) {`,
        `  const data = await callApi('listanswers', { boardId });`,
        `  return (data.answerResults ?? []).map((r${t('any')}) => ({ id: r.answer?.id, token: r.trackingToken }));`,
        `}`,
        '',
      ],
    };
  }
  if (endpoint === 'chat') {
    return {
      head,
      body: [
        `export async function ask${id}(question${t('string')}) {`,
        `  const reply = await callApi('chat', { messages: [{ author: 'USER', fragments: [{ text: question }] }] });`,
        `  const last = reply.messages?.[reply.messages.length - 1];`,
        `  return (last?.citations ?? []).map((c${t('any')}) => c.sourceDocument?.url);`,
        `}`,
        '',
      ],
    };
  }
  return {
    head,
    body: [
      `export async function searchTitles${id}(query${t('string')}) {`,
      `  const res = await callApi('search', { query, pageSize: ${5 + Math.floor(rand() * 45)} });`,
      `  return (res.results ?? []).map((r${t('any')}) => ({ title: r.title, excerpt: r.snippets?.[0]?.snippet ?? '' }));`,
      `}`,
      '',
    ],
  };
}

function indexingCaller(entry, helper, t, endpoint) {
  const id = entry.index;
  const head = [`import { post } from '${specifier(entry, helper)}';`];
  if (endpoint === 'bulkindexemployees') {
    return {
      head,
      body: [
        `export async function uploadPeople${id}(uploadId${t('string')}, rows${t('Array<{ email: string; city: string }>')}) {`,
        `  await post('bulkindexemployees', { uploadId, isFirstPage: true, isLastPage: true, employees: rows.map((r) => ({ email: r.email, location: r.city })) });`,
        `}`,
        '',
      ],
    };
  }
  const field = endpoint === 'getdocumentcount' ? 'documentCount' : 'userCount';
  return {
    head,
    body: [`export async function ${field}${id}(datasource${t('string')}) {`, `  const res = await post('${endpoint}', { datasource });`, `  return res.${field} ?? 0;`, `}`, ''],
  };
}

/** A class that is handed the SDK client by whoever wires the app, and calls it in a method. */
function injectedConsumer(variant, id, t, ts) {
  const answers = variant === 'answers';
  const method = answers
    ? [
        `  async lines(boardId${t('number')}) {`,
        `    const { answerResults = [] } = await this.glean.client.answers.list({ boardId });`,
        `    return answerResults.map((result${t('any')}) => ({ question: result.answer?.question ?? '', token: result.trackingToken }));`,
        `  }`,
      ]
    : [
        `  async drift(datasource${t('string')}, ours${t('number')}) {`,
        `    const theirs = await this.glean.indexing.documents.count({ datasource });`,
        `    return ours - (theirs.documentCount ?? 0);`,
        `  }`,
      ];
  return {
    head: [],
    body: [
      answers ? `/** Weekly e-mail of the answers on a board. */` : `/** Documents we think we sent against what the index holds. */`,
      `export class ${answers ? 'AnswersDigest' : 'DocumentAudit'}${id} {`,
      ...(ts ? ['  glean: any;', ''] : []),
      `  constructor(glean${t('any')}) {`,
      `    this.glean = glean;`,
      `  }`,
      '',
      ...method,
      `}`,
      '',
    ],
  };
}

function chatFormatter(t) {
  return {
    head: [],
    body: [
      `export function formatChat(res${t('any')}) {`,
      `  const messages = res.messages ?? [];`,
      `  return messages.map((m${t('any')}) => ({`,
      `    text: (m.fragments ?? []).map((f${t('any')}) => f.text ?? '').join(''),`,
      `    sources: (m.citations ?? []).map((c${t('any')}) => c.sourceDocument?.url),`,
      `  }));`,
      `}`,
      '',
    ],
  };
}

function searchFormatter(t) {
  return {
    head: [],
    body: [
      `export function formatResults(response${t('any')}) {`,
      `  return (response.results ?? []).map((hit${t('any')}) => ({`,
      `    title: hit.title,`,
      `    excerpt: (hit.snippets ?? []).map((s${t('any')}) => s.snippet).join(' … '),`,
      `  }));`,
      `}`,
      '',
    ],
  };
}

function sdkHandler(entry, formatter, t, variant, rand) {
  const id = entry.index;
  const name = variant === 'chat' ? 'formatChat' : 'formatResults';
  const head = [`import { Glean } from '@gleanwork/api-client';`, `import { ${name} } from '${specifier(entry, formatter)}';`];
  const client = `const glean${id} = new Glean({ apiToken: process.env.GLEAN_TOKEN, instance: '${pick(rand, ['acme', 'contoso', 'initech'])}' });`;
  if (variant === 'chat') {
    return {
      head,
      body: [
        client,
        `export async function handleAsk${id}(question${t('string')}) {`,
        `  const res = await glean${id}.client.chat.create({ messages: [{ author: 'USER', fragments: [{ text: question }] }] });`,
        `  return formatChat(res);`,
        `}`,
        '',
      ],
    };
  }
  return {
    head,
    body: [client, `export function handleSearch${id}(query${t('string')}) {`, `  return glean${id}.client.search.query({ query, pageSize: 10 }).then(formatResults);`, `}`, ''],
  };
}

/** One file alone: the shapes a package with a single service file uses. */
const SINGLE = {
  fetch(rand, ts, id) {
    const endpoint = pick(rand, ['/rest/api/v1/listanswers', '/api/index/v1/getusercount', '/api/index/v1/getdocumentstatus', '/rest/api/v1/chat', '/rest/api/v1/search']);
    return {
      head: [],
      body: [
        `export async function callService${id}(base${ts ? ': string' : ''}, token${ts ? ': string' : ''}) {`,
        `  const res = await fetch(\`\${base}${endpoint}\`, {`,
        `    method: 'POST',`,
        `    headers: { authorization: \`Bearer \${token}\`, 'content-type': 'application/json' },`,
        `    body: JSON.stringify({ datasource: 'wiki', pageSize: ${5 + Math.floor(rand() * 46)}, enabled: true }),`,
        `  });`,
        `  const data = await res.json();`,
        `  return (data.messages ?? []).map((m${ts ? ': any' : ''}) => m.citations ?? []);`,
        `}`,
        '',
      ],
    };
  },
  axios(rand, ts, id) {
    const [prefix, endpoint] = pick(rand, [['/rest/api/v1', '/listanswers'], ['/api/index/v1', '/getdocumentcount'], ['/api/index/v1', '/bulkindexemployees']]);
    return {
      head: [`import axios from 'axios';`],
      body: [
        `const api${id} = axios.create({ baseURL: process.env.SERVICE_HOST + '${prefix}' });`,
        `export async function callService${id}(datasource${ts ? ': string' : ''}) {`,
        `  const { data } = await api${id}.post('${endpoint}', { datasource });`,
        `  return data;`,
        `}`,
        '',
      ],
    };
  },
  sdk(rand, ts, id) {
    return {
      head: [`import { Glean } from '@gleanwork/api-client';`],
      body: [
        `const glean${id} = new Glean({ apiToken: process.env.GLEAN_TOKEN, instance: '${pick(rand, ['acme', 'contoso', 'initech'])}' });`,
        `export async function countDocuments${id}(datasource${ts ? ': string' : ''}) {`,
        `  const res = await glean${id}.indexing.documents.count({ datasource });`,
        `  return res.documentCount;`,
        `}`,
        '',
      ],
    };
  },
};
