import type { TSESTree } from '../ts-eslint-lite.js';
import { T } from '../project/ast.js';
import type { ParsedModule } from '../project/module.js';
import { bareSpecifier, packageName } from '../project/resolver.js';
import { frameworkImport } from './builtins.js';
import type { Engine } from './engine.js';
import { libraryImport } from './library.js';
import { load } from './operations.js';
import { isSdkSpecifier, sdkImport } from './sdk.js';
import { constantText, reorigin } from './strings.js';
import { distinct, EMPTY, namespaceValue, objectValue, promiseValue, stringValue, union, unionAll, viewed, type ValueSet } from './values.js';

/**
 * How values cross module boundaries: ES imports (named, default, namespace, re-exports and
 * `export *` barrels), CommonJS (`module.exports`, `exports.x`, `require`, destructured or not),
 * dynamic `import()`, and packages (the SDK, HTTP clients, frameworks) by their models. A string
 * that crosses is said to be written where it is read in the importing module, so a path constant
 * is reported at its use.
 */
export function importedValue(engine: Engine, module: ParsedModule, clause: TSESTree.ImportClause, local: TSESTree.Identifier): ValueSet {
  const declaration = clause.parent as TSESTree.ImportDeclaration;
  if (declaration.importKind === 'type' || (clause.type === T.ImportSpecifier && clause.importKind === 'type')) return EMPTY;
  const exported =
    clause.type === T.ImportDefaultSpecifier ? 'default' : clause.type === T.ImportNamespaceSpecifier ? '*' : clause.imported.type === T.Identifier ? clause.imported.name : clause.imported.value;
  return moduleExport(engine, module, declaration.source.value, exported, local);
}

/** `exported` of the module `specifier` names, seen from `module`, read at `via`. */
export function moduleExport(engine: Engine, module: ParsedModule, written: string, exported: string, via: TSESTree.Node | undefined): ValueSet {
  // Deno's `npm:axios@1` is axios.
  const specifier = bareSpecifier(written);
  if (isSdkSpecifier(engine, specifier)) return sdkImport(engine, exported);
  const resolution = engine.project.resolve(module.path, specifier);
  if (resolution?.kind === 'file') {
    if (isSdkFile(engine, module, resolution.path)) return sdkImport(engine, exported);
    return exported === '*' ? [namespaceValue(resolution.path, via)] : exportValue(engine, resolution.path, exported, via);
  }
  const name = resolution?.kind === 'package' ? resolution.name : packageName(specifier);
  // Nuxt's `#imports` and `#app` are virtual modules, resolved by its build alone.
  if (!name) return specifier.startsWith('#') ? frameworkImport(specifier, exported) : EMPTY;
  // Subpath modules of a framework (`svelte/store`, `rxjs/operators`) are told apart by their specifier.
  return unionAll([libraryImport(engine, name, exported), frameworkImport(name, exported), specifier !== name ? frameworkImport(specifier, exported) : EMPTY]);
}

/** A file given as an extra SDK module in settings (the SDK's own repository importing `../index.js`). */
function isSdkFile(engine: Engine, module: ParsedModule, file: string): boolean {
  return engine.options.sdkModules.some((specifier) => engine.project.resolve(module.path, specifier)?.kind === 'file' && (engine.project.resolve(module.path, specifier) as { path: string }).path === file);
}

/** What a project module exports under `name`, run on first use; `via` is where the importing module reads it. */
export function exportValue(engine: Engine, path: string, name: string, via: TSESTree.Node | undefined, depth = 0): ValueSet {
  if (depth > 16) return EMPTY;
  const module = engine.project.module(path);
  if (!module) return EMPTY;
  const top = engine.top(module);
  const entry = module.exports.get(name);
  let values: ValueSet = EMPTY;
  if (entry?.kind === 'local') {
    const variable = module.topLevelVariable(entry.local);
    values = variable ? engine.evaluator(top).variable(variable) : EMPTY;
  } else if (entry?.kind === 'expression') {
    values = engine.evaluateIn(top, entry.node);
  } else if (entry?.kind === 're-export') {
    const target = engine.project.resolve(path, entry.source);
    if (target?.kind === 'file') values = entry.name === '*' ? [namespaceValue(target.path)] : exportValue(engine, target.path, entry.name, undefined, depth + 1);
    else values = moduleExport(engine, module, entry.source, entry.name, undefined);
  } else {
    for (const source of module.starExports) {
      if (name === 'default') break;
      const target = engine.project.resolve(path, source);
      values = union(values, target?.kind === 'file' ? exportValue(engine, target.path, name, undefined, depth + 1) : moduleExport(engine, module, source, name, undefined));
    }
    // A CommonJS module: its `module.exports` is the default export, and its properties the named ones.
    if (module.commonJs) {
      const exportsValue = commonJsExports(engine, module);
      values = union(values, name === 'default' ? exportsValue : load(engine, exportsValue, name, undefined));
    }
  }
  return via ? seenAt(values, via) : values;
}

/** A value imported at `via`: strings are written there from now on, objects remember it for the strings read from them. */
export function seenAt(values: ValueSet, via: TSESTree.Node): ValueSet {
  return distinct(values.map((value) => (value.kind === 'string' ? stringValue(reorigin(value.pattern, via)) : viewed(value, via))));
}

/** The CommonJS `module` and `exports` objects of a module: `module.exports` starts as `exports`. */
export function commonJsObjects(engine: Engine, module: ParsedModule): { module: ValueSet; exports: ValueSet } {
  const moduleObject = objectValue({ id: `cjs-module:${module.path}`, node: module.ast, origin: 'module' });
  const exportsObject = objectValue({ id: `cjs-exports:${module.path}`, node: module.ast, origin: 'module' });
  const cell = engine.cell(moduleObject.allocation, 'exports');
  if (cell.values.length === 0) engine.write(cell, [exportsObject]);
  return { module: [moduleObject], exports: [exportsObject] };
}

function commonJsExports(engine: Engine, module: ParsedModule): ValueSet {
  engine.top(module);
  return load(engine, commonJsObjects(engine, module).module, 'exports', undefined);
}

/** `require('x')`: a project module's `module.exports` (or, for an ES module, its namespace), or a package's model. */
export function requiredValue(engine: Engine, module: ParsedModule, specifier: ValueSet, node: TSESTree.Node): ValueSet {
  let result = EMPTY;
  for (const value of specifier) {
    const text = value.kind === 'string' ? constantText(value.pattern) : undefined;
    if (text === undefined) continue;
    const resolution = isSdkSpecifier(engine, text) ? undefined : engine.project.resolve(module.path, text);
    if (resolution?.kind === 'file' && !isSdkFile(engine, module, resolution.path)) {
      const target = engine.project.module(resolution.path);
      if (!target) continue;
      const exported = target.exportAssignment
        ? exportValue(engine, target.path, 'default', undefined)
        : target.commonJs || target.exports.size === 0
          ? commonJsExports(engine, target)
          : [namespaceValue(target.path)];
      result = union(result, seenAt(exported, node));
    } else {
      result = union(result, moduleExport(engine, module, text, '*', node));
    }
  }
  return result;
}

/** `await import('x')`: a promise of the module's namespace. */
export function dynamicImport(engine: Engine, module: ParsedModule, specifier: ValueSet, node: TSESTree.Node): ValueSet {
  let result = EMPTY;
  for (const value of specifier) {
    const text = value.kind === 'string' ? constantText(value.pattern) : undefined;
    if (text !== undefined) result = union(result, moduleExport(engine, module, text, '*', node));
  }
  return result.length > 0 ? [promiseValue(result)] : EMPTY;
}
