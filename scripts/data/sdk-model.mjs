// Reads the installed SDK's sources (a devDependency) and writes data/sdk.json: which SDK method,
// standalone function and react-query hook calls which operation, and which argument carries the
// request body. Library knowledge as data, generated from the package rather than kept by hand.
// Usage: node scripts/data/sdk-model.mjs [--check]
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OUT = path.join(ROOT, 'data/sdk.json');
const require = createRequire(path.join(ROOT, 'package.json'));
const PACKAGE = '@gleanwork/api-client';
const packageJson = require(`${PACKAGE}/package.json`);
const SRC = path.join(path.dirname(require.resolve(`${PACKAGE}/package.json`)), 'src');
const graph = JSON.parse(readFileSync(path.join(ROOT, 'data/graph.json'), 'utf8'));

const parse = (file) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
const typeText = (node) => (node ? node.getText().replace(/\s+/g, ' ').replace(/ \| undefined$/, '') : '');

/** funcs/*.ts: `export function clientChatCreate(client: GleanCore, chatRequest: components.ChatRequest, …)`. */
function readFunctions() {
  const functions = {};
  for (const name of readdirSync(path.join(SRC, 'funcs')).filter((file) => file.endsWith('.ts')).sort()) {
    const source = parse(path.join(SRC, 'funcs', name));
    const text = source.text;
    const route = /pathToFunc\(\s*"([^"]+)"/.exec(text)?.[1];
    const method = /\bmethod:\s*"([A-Z]+)"/.exec(text)?.[1];
    const fn = source.statements.find((s) => ts.isFunctionDeclaration(s) && s.name && s.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword));
    if (!fn || !route || !method) continue;
    // `/rest/api/v1/chat#stream`: the same operation, read as a stream rather than one JSON body.
    const operation = `${method} ${route.replace(/#.*$/, '')}`;
    // The SDK also wraps APIs the documents do not describe (agents, …): nothing to judge there.
    if (!graph.operations[operation]) continue;
    const params = fn.parameters.map((p) => ({ name: p.name.getText(), type: typeText(p.type) }));
    const entry = { operation };
    const body = bodyParameter(params, operation, text);
    if (body) entry.body = body;
    const result = /Result<\s*components\.(\w+)/.exec(typeText(fn.type));
    if (result && graph.operations[operation].response === result[1]) entry.response = true;
    functions[fn.name.text] = { ...entry, params: params.map((p) => p.name) };
  }
  return functions;
}

/** The parameter (and, for a wrapper request object, its key) that holds the JSON body. */
function bodyParameter(params, operation, text) {
  const request = graph.operations[operation].request;
  if (!request) return undefined;
  const direct = params.findIndex((p) => p.type === `components.${request}`);
  if (direct !== -1) return { argument: direct };
  const key = /encodeJSON\(\s*"body",\s*payload(?:\??\.(\w+))?/.exec(text);
  const wrapper = params.findIndex((p) => /^operations\.\w+$/.test(p.type));
  if (wrapper !== -1 && key) return key[1] ? { argument: wrapper, key: key[1] } : { argument: wrapper };
  return undefined;
}

/** sdk/*.ts: the client class, its sub-client getters, and methods that call a standalone function. */
function readClasses() {
  const classes = {};
  for (const name of readdirSync(path.join(SRC, 'sdk')).filter((file) => file.endsWith('.ts'))) {
    const source = parse(path.join(SRC, 'sdk', name));
    for (const statement of source.statements) {
      if (!ts.isClassDeclaration(statement) || !statement.name) continue;
      const getters = {};
      const methods = {};
      for (const member of statement.members) {
        if (ts.isGetAccessorDeclaration(member) && member.name && ts.isIdentifier(member.name)) {
          const created = /new\s+(\w+)\(/.exec(member.body?.getText() ?? '');
          if (created) getters[member.name.text] = created[1];
        }
        if (ts.isMethodDeclaration(member) && member.name && ts.isIdentifier(member.name) && member.body) {
          const call = findCall(member.body);
          if (call) methods[member.name.text] = { function: call.function, params: member.parameters.map((p) => p.name.getText()), args: call.args };
        }
      }
      classes[statement.name.text] = { getters, methods };
    }
  }
  return classes;
}

function findCall(body) {
  let found;
  const visit = (node) => {
    if (found) return;
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.arguments[0]?.kind === ts.SyntaxKind.ThisKeyword) {
      found = { function: node.expression.text, args: node.arguments.map((a) => a.getText()) };
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(body);
  return found;
}

/** react-query/*.ts: `useClientChatCreateMutation()` (variables object) and query hooks `useAgentsGet(request, …)`. */
function readHooks(functions) {
  const hooks = {};
  for (const name of readdirSync(path.join(SRC, 'react-query')).filter((file) => file.endsWith('.ts') && !file.endsWith('.core.ts') && !file.startsWith('_')).sort()) {
    const source = parse(path.join(SRC, 'react-query', name));
    // Mutation hooks import their function; query hooks take it through their `.core.ts` companion.
    const core = path.join(SRC, 'react-query', name.replace(/\.ts$/, '.core.ts'));
    const imported = funcsImport(source.text) ?? (existsSync(core) ? funcsImport(readFileSync(core, 'utf8')) : undefined);
    const fn = imported && functions[imported];
    if (!fn) continue;
    for (const statement of source.statements) {
      if (!ts.isFunctionDeclaration(statement) || !statement.name || !/^use[A-Z]/.test(statement.name.text)) continue;
      const hook = statement.name.text;
      const kind = hook.endsWith('Mutation') ? 'mutation' : 'query';
      const entry = { function: imported, kind };
      if (fn.body) {
        const bodyName = fn.params[fn.body.argument];
        if (kind === 'mutation') entry.body = { variable: bodyName };
        else {
          const index = statement.parameters.findIndex((p) => p.name.getText() === bodyName);
          if (index !== -1) entry.body = { argument: index };
        }
      }
      hooks[hook] = entry;
    }
  }
  return hooks;
}

function funcsImport(text) {
  return /import \{ (\w+) \} from "\.\.\/funcs\/\w+\.js"/.exec(text)?.[1];
}

function build() {
  const functions = readFunctions();
  const classes = readClasses();
  const methods = {};
  const walk = (className, prefix, seen) => {
    const cls = classes[className];
    if (!cls || seen.has(className)) return;
    for (const [method, info] of Object.entries(cls.methods)) {
      const fn = functions[info.function];
      if (!fn) continue;
      const entry = { operation: fn.operation, function: info.function };
      if (fn.body) {
        // The method passes its own parameters on; find which one lands in the function's body parameter.
        const bodyArg = info.args[fn.body.argument];
        const index = info.params.indexOf(bodyArg);
        if (index !== -1) entry.body = fn.body.key ? { argument: index, key: fn.body.key } : { argument: index };
      }
      if (fn.response) entry.response = true;
      methods[[...prefix, method].join('.')] = entry;
    }
    for (const [getter, child] of Object.entries(cls.getters)) walk(child, [...prefix, getter], new Set([...seen, className]));
  };
  walk('Glean', [], new Set());
  const functionEntries = Object.fromEntries(
    Object.entries(functions).map(([name, fn]) => [name, { operation: fn.operation, ...(fn.body ? { body: fn.body } : {}), ...(fn.response ? { response: true } : {}) }]),
  );
  return {
    package: PACKAGE,
    version: packageJson.version,
    client: 'Glean',
    core: 'GleanCore',
    methods: sortKeys(methods),
    functions: sortKeys(functionEntries),
    hooks: sortKeys(readHooks(functions)),
  };
}

function sortKeys(object) {
  return Object.fromEntries(Object.entries(object).sort(([a], [b]) => a.localeCompare(b)));
}

const text = `${JSON.stringify(build(), null, 1)}\n`;
if (process.argv.includes('--check')) {
  const current = readFileSync(OUT, 'utf8');
  if (current !== text) {
    console.error('data/sdk.json is out of date with the installed SDK: run "npm run data".');
    process.exit(1);
  }
} else {
  writeFileSync(OUT, text);
  console.log(`wrote ${path.relative(process.cwd(), OUT)}`);
}
