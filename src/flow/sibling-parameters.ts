import type { TSESTree } from '../ts-eslint-lite.js';
import { calleeText, T } from '../project/ast.js';
import type { ParsedModule } from '../project/module.js';
import type { Engine } from './engine.js';
import { EMPTY, union, type Value, type ValueSet } from './values.js';

/**
 * The client a parameter of a function nothing calls stands for, by its name: a module's functions
 * that take the same client under the same name (`pushEmployees(api, rows)`, `removeLeavers(api,
 * emails)`, and `moveOffice(api, row)` that only another package or a test calls). When every call
 * of each such sibling gives that parameter the service's client (an HTTP client, the SDK, an
 * instance of a class that calls the service), the uncalled function's parameter is that client.
 */
export function siblingClient(engine: Engine, module: ParsedModule, fn: TSESTree.FunctionLike, name: string): ValueSet {
  const named = parametersNamed(module).get(name) ?? [];
  // Only a top-level function is one of the module's API (a callback's `api` is whatever it is handed),
  // and only one that nothing in the project calls: a caller, even one not run yet, says what it is given.
  if (named.length < 2 || !named.some((entry) => entry.fn === fn)) return EMPTY;
  let clients = EMPTY;
  for (const { fn: other, index } of named) {
    if (other === fn) continue;
    const calls = engine.activationsOf(other).filter((activation) => !activation.isDefault);
    for (const call of calls) {
      const given = (call.args[index] ?? EMPTY).filter((value) => isClient(engine, value));
      // A sibling ever called with something else under that name: the name says nothing.
      if (given.length === 0) return EMPTY;
      clients = union(clients, given);
    }
  }
  return clients.length > 0 && calledNowhere(engine, module, fn) ? clients : EMPTY;
}

/** Whether a function has a parameter that stands for its siblings' client (see `siblingClient`). */
export function takesSiblingClient(engine: Engine, module: ParsedModule, fn: TSESTree.FunctionLike): boolean {
  return fn.params.some((param) => param.type === T.Identifier && (parametersNamed(module).get(param.name)?.length ?? 0) > 1 && siblingClient(engine, module, fn, param.name).length > 0);
}

/** Whether no code of the project names the function but to export it: not its module, and no module importing it by name. */
function calledNowhere(engine: Engine, module: ParsedModule, fn: TSESTree.FunctionLike): boolean {
  const id = fn.type === T.FunctionDeclaration ? fn.id : fn.parent?.type === T.VariableDeclarator && fn.parent.id.type === T.Identifier ? fn.parent.id : undefined;
  if (!id) return false;
  const variable = module.topLevelVariable(id.name);
  if (variable?.references.some((reference) => !reference.isWrite() && !isExporting(reference.identifier))) return false;
  const exported = exportedNames(module, fn, id.name);
  const files = engine.project.files();
  for (const importer of engine.project.importersOf(module.path)) {
    for (const entry of files.get(importer)?.imports ?? []) {
      if (entry.names !== '*' && !entry.names.some((name) => exported.has(name))) continue;
      const resolution = engine.project.resolve(importer, entry.specifier);
      if (resolution?.kind === 'file' && resolution.path === module.path) return false;
    }
  }
  return true;
}

/** The names other modules import a top-level function by: its own, `export { f as g }`'s, `default`. */
function exportedNames(module: ParsedModule, fn: TSESTree.FunctionLike, local: string): Set<string> {
  const names = new Set([local]);
  if (fn.parent?.type === T.ExportDefaultDeclaration) names.add('default');
  for (const statement of module.ast.body) {
    if (statement.type === T.ExportDefaultDeclaration && statement.declaration.type === T.Identifier && statement.declaration.name === local) names.add('default');
    if (statement.type !== T.ExportNamedDeclaration || statement.source) continue;
    for (const specifier of statement.specifiers) {
      if (specifier.local.type === T.Identifier && specifier.local.name === local) names.add(specifier.exported.type === T.Identifier ? specifier.exported.name : specifier.exported.value);
    }
  }
  return names;
}

/** `export { f }`, `export default f`, `module.exports = { f }`, `exports.f = f`: a name written only to export it. */
function isExporting(identifier: TSESTree.Node): boolean {
  const parent = identifier.parent;
  if (parent?.type === T.ExportSpecifier || parent?.type === T.ExportDefaultDeclaration) return true;
  const assignment = parent?.type === T.Property && parent.parent.type === T.ObjectExpression ? parent.parent.parent : parent;
  if (assignment?.type !== T.AssignmentExpression) return false;
  const written = calleeText(assignment.left) ?? '';
  return written === 'module.exports' || written.startsWith('module.exports.') || written.startsWith('exports.');
}

function isClient(engine: Engine, value: Value): boolean {
  switch (value.kind) {
    case 'library':
    case 'sdk':
      return true;
    case 'instance':
      return value.cls.node.body.body.some((member) => member.type === T.MethodDefinition && engine.activationsOf(member.value).some((activation) => activation.touchesService));
    default:
      return false;
  }
}

const parameterLists = new WeakMap<TSESTree.Program, Map<string, { fn: TSESTree.FunctionLike; index: number }[]>>();

/** The module's top-level functions (declared, exported, or arrows in a `const`) by the names of their plain parameters. */
function parametersNamed(module: ParsedModule): Map<string, { fn: TSESTree.FunctionLike; index: number }[]> {
  let named = parameterLists.get(module.ast);
  if (named) return named;
  named = new Map();
  for (const statement of module.ast.body) {
    for (const fn of topLevelFunctions(statement)) {
      fn.params.forEach((param, index) => {
        if (param.type !== T.Identifier) return;
        const list = named!.get(param.name) ?? [];
        list.push({ fn, index });
        named!.set(param.name, list);
      });
    }
  }
  parameterLists.set(module.ast, named);
  return named;
}

function topLevelFunctions(statement: TSESTree.Node): TSESTree.FunctionLike[] {
  const declaration = statement.type === T.ExportNamedDeclaration || statement.type === T.ExportDefaultDeclaration ? statement.declaration : statement;
  if (!declaration) return [];
  if (declaration.type === T.FunctionDeclaration) return [declaration];
  if (declaration.type !== T.VariableDeclaration) return [];
  return declaration.declarations.flatMap((declarator) => (declarator.init && (declarator.init.type === T.ArrowFunctionExpression || declarator.init.type === T.FunctionExpression) ? [declarator.init] : []));
}
