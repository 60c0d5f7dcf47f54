import type { TSESTree } from '../ts-eslint-lite.js';
import { T } from '../project/ast.js';
import { importSourceOf, type ParsedModule } from '../project/module.js';
import type { Engine } from './engine.js';
import { responseMember } from './responses.js';
import { isSdkSpecifier, sdkMember } from './sdk.js';
import { sdkModel } from '../schedule/sdk-model.js';
import { idOf } from './ids.js';
import { awaited, frameworkInstances, load } from './operations.js';
import { libraryGlobal } from './library.js';
import { exportValue, moduleExport } from './modules.js';
import { builtinValue, EMPTY, isServiceValue, objectValue, promiseValue, responseValue, sdkValue, union, unionAll, type Value, type ValueSet } from './values.js';

/**
 * What a type annotation says a value is, read from the syntax (no type checker): the SDK's client
 * class, or one of the service's schema types as the SDK or openapi-typescript names them, also
 * through local aliases, interfaces that extend them and re-exports under another name in other
 * modules (`export type { ChatResponse as Reply } from '@gleanwork/api-client/models/components'`).
 * Such values have no endpoint: they are judged by their schema alone.
 */
export function typedValues(engine: Engine, module: ParsedModule, node: TSESTree.TypeNode | undefined, depth = 0): ValueSet {
  if (!node || depth > 12) return EMPTY;
  switch (node.type) {
    case T.TSTypeReference:
      return reference(engine, module, node, depth);
    case T.TSArrayType:
      return inArray(typedValues(engine, module, node.elementType, depth + 1));
    case T.TSIntersectionType: {
      let result = EMPTY;
      for (const member of node.types) result = union(result, typedValues(engine, module, member, depth + 1));
      return result;
    }
    case T.TSUnionType: {
      // `ChatMessage | OpenAiMessage`: a read may be of the other type, so only a union of the
      // service's types (and nullish members) says what the value is.
      let result = EMPTY;
      for (const member of node.types) {
        if (NULLISH.has(member.type)) continue;
        const values = typedValues(engine, module, member, depth + 1);
        if (!values.some((value) => describesService(engine, value, 0))) return EMPTY;
        result = union(result, values);
      }
      return result;
    }
    case T.TSTypeOperator:
      return typedValues(engine, module, node.typeAnnotation, depth + 1);
    case T.TSTypeQuery:
      // `typeof glean`, `typeof createContext`: the value itself.
      return node.exprName.type === T.Identifier ? valueNamed(engine, module, node.exprName.name) : EMPTY;
    case T.TSTypeLiteral:
      return typedObject(engine, module, node, node.members, depth);
    case T.TSFunctionType:
      // `fetcher: (id: number) => Promise<GetAnswerResponse>`: a function whose call gives what its return type says.
      return returning(typedValues(engine, module, node.returnType?.typeAnnotation, depth + 1));
    case T.TSIndexedAccessType:
      return union(openapiTypescript(engine, node), indexedAccess(engine, module, node, depth));
    case T.TSImportType: {
      // `import('@gleanwork/api-client').Glean`, `import('./types').Reply`.
      const source = importTypeSource(node);
      const name = node.qualifier?.type === T.Identifier ? node.qualifier.name : node.qualifier?.type === T.TSQualifiedName ? node.qualifier.right.name : undefined;
      return source !== undefined && name ? importedType(engine, module, source, name, depth) : EMPTY;
    }
    default:
      return EMPTY;
  }
}

const NULLISH = new Set<string>([T.TSNullKeyword, T.TSUndefinedKeyword, T.TSVoidKeyword]);

const WRAPPERS = new Set(['Partial', 'Readonly', 'Required', 'NonNullable', 'Pick', 'Omit', 'DeepPartial', 'Awaited', 'PropType']);

function reference(engine: Engine, module: ParsedModule, node: TSESTree.TSTypeReference, depth: number): ValueSet {
  const name = node.typeName.type === T.Identifier ? node.typeName.name : node.typeName.type === T.TSQualifiedName ? node.typeName.right.name : undefined;
  if (!name) return EMPTY;
  const first = node.typeArguments?.params[0];
  if ((name === 'Promise' || name === 'PromiseLike') && first) {
    const inner = typedValues(engine, module, first, depth + 1);
    return inner.length > 0 ? [promiseValue(inner)] : EMPTY;
  }
  if ((name === 'Array' || name === 'ReadonlyArray') && first) return inArray(typedValues(engine, module, first, depth + 1));
  if (name === 'Awaited' && first) return typedValues(engine, module, first, depth + 1).flatMap((value) => (value.kind === 'promise' ? value.of : [value]));
  // `ReturnType<typeof createContext>`: what the function returns, as the engine sees it.
  if (name === 'ReturnType' && first) {
    return unionAll(typedValues(engine, module, first, depth + 1).map((value) => (value.kind === 'function' ? engine.invoke(value, [], EMPTY) : EMPTY)));
  }
  if (WRAPPERS.has(name) && first) return typedValues(engine, module, first, depth + 1);
  if (name === 'AxiosResponse' && first) {
    return typedValues(engine, module, first, depth + 1).flatMap((value) => (value.kind === 'response' ? [responseValue('axios', value.position, undefined)] : []));
  }
  // `sdk.components.ChatMessage`, `components.ChatMessage`: a qualified name's last part, when the qualifier comes from the SDK.
  if (node.typeName.type === T.TSQualifiedName) {
    const qualifier = leftmost(node.typeName);
    const source = qualifier === undefined ? undefined : importSourceOf(module, qualifier);
    if (source !== undefined && isSdkSpecifier(engine, source)) return named(engine, name);
    // `React.FC`, `NodeJS.Timeout`, `express.Request`: only a project module's namespace can hold a project type.
    return source !== undefined && engine.project.resolve(module.path, source)?.kind === 'file' ? namespacedType(engine, module, node.typeName, depth) : EMPTY;
  }
  return resolveName(engine, module, name, depth);
}

/** A type name in a module: imported (from the SDK, or from a project module that exports it under that name), or declared there. */
function resolveName(engine: Engine, module: ParsedModule, name: string, depth: number): ValueSet {
  for (const statement of module.ast.body) {
    if (statement.type === T.ImportDeclaration) {
      for (const specifier of statement.specifiers) {
        if (specifier.local.name !== name) continue;
        const imported = specifier.type === T.ImportSpecifier ? (specifier.imported.type === T.Identifier ? specifier.imported.name : specifier.imported.value) : specifier.type === T.ImportDefaultSpecifier ? 'default' : '*';
        return importedType(engine, module, statement.source.value, imported, depth);
      }
    }
    const declaration = declared(statement, name);
    if (declaration) return declarationType(engine, module, declaration, depth);
  }
  return EMPTY;
}

function importedType(engine: Engine, module: ParsedModule, source: string, imported: string, depth: number): ValueSet {
  if (isSdkSpecifier(engine, source)) return named(engine, imported);
  if (source === './$types') return routeData(engine, module, imported);
  const resolution = engine.project.resolve(module.path, source);
  if (resolution?.kind !== 'file') return EMPTY;
  const target = engine.project.module(resolution.path);
  return target ? exportedType(engine, target, imported, depth + 1) : EMPTY;
}

/** What a module exports as a type named `name`: a declaration, `export { X as name }`, a re-export, or through `export *`. */
export function exportedType(engine: Engine, module: ParsedModule, name: string, depth = 0): ValueSet {
  if (depth > 12) return EMPTY;
  for (const statement of module.ast.body) {
    if (statement.type === T.ExportNamedDeclaration) {
      if (statement.declaration) {
        const declaration = declared(statement.declaration, name);
        if (declaration) return declarationType(engine, module, declaration, depth);
      }
      for (const specifier of statement.specifiers) {
        const exported = specifier.exported.type === T.Identifier ? specifier.exported.name : specifier.exported.value;
        if (exported !== name) continue;
        const local = specifier.local.type === T.Identifier ? specifier.local.name : specifier.local.value;
        return statement.source ? importedType(engine, module, statement.source.value, local, depth) : resolveName(engine, module, local, depth + 1);
      }
    } else if (statement.type === T.ExportDefaultDeclaration && name === 'default') {
      // `export default class Publisher {…}`, `export default Publisher`.
      const declaration = statement.declaration;
      if (declaration.type === T.ClassDeclaration) return classInstance(engine, module, declaration);
      if (declaration.type === T.Identifier) return resolveName(engine, module, declaration.name, depth + 1);
    } else if (statement.type === T.ExportAllDeclaration && !statement.exported && depth < 12) {
      const found = importedType(engine, module, statement.source.value, name, depth);
      if (found.length > 0) return found;
    }
  }
  return EMPTY;
}

type TypeDeclaration = TSESTree.TSTypeAliasDeclaration | TSESTree.TSInterfaceDeclaration | TSESTree.ClassDeclaration;

function declared(statement: TSESTree.Node, name: string): TypeDeclaration | undefined {
  if ((statement.type === T.TSTypeAliasDeclaration || statement.type === T.TSInterfaceDeclaration || statement.type === T.ClassDeclaration) && statement.id?.name === name) return statement;
  if (statement.type === T.ExportNamedDeclaration && statement.declaration) return declared(statement.declaration, name);
  return undefined;
}

/** `type Reply = ChatResponse`, `interface Msg extends ChatMessage { … }`: what they alias or extend. */
function declarationType(engine: Engine, module: ParsedModule, declaration: TypeDeclaration, depth: number): ValueSet {
  if (declaration.type === T.TSTypeAliasDeclaration) return typedValues(engine, module, declaration.typeAnnotation, depth + 1);
  if (declaration.type === T.ClassDeclaration) return classInstance(engine, module, declaration);
  let result = EMPTY;
  for (const heritage of declaration.extends) {
    if (heritage.expression.type === T.Identifier) result = union(result, resolveName(engine, module, heritage.expression.name, depth + 1));
  }
  return result.length > 0 ? result : typedObject(engine, module, declaration.body, declaration.body.body, depth);
}

/**
 * `constructor(private api: GleanAPI)`, `inject(GleanAPI)`, a context typed `{ dataSources: { glean: GleanAPI } }`:
 * a project class named as a type stands for its instance, constructed as a framework would.
 */
function classInstance(engine: Engine, module: ParsedModule, declaration: TSESTree.ClassDeclaration): ValueSet {
  if (!engine.isLoaded(module.path)) engine.top(module);
  return frameworkInstances(engine, engine.evaluateIn(engine.top(module), declaration));
}

/** An object type (`interface Context { dataSources: { glean: GleanAPI } }`): an object whose properties hold what their types say, when any does. */
function typedObject(engine: Engine, module: ParsedModule, node: TSESTree.Node, members: readonly TSESTree.TypeElement[], depth: number): ValueSet {
  if (depth > 6) return EMPTY;
  const properties: [string, ValueSet][] = [];
  for (const member of members) {
    if ((member.type !== T.TSPropertySignature && member.type !== T.TSMethodSignature) || member.computed) continue;
    const key = member.key.type === T.Identifier ? member.key.name : member.key.type === T.Literal ? String(member.key.value) : undefined;
    if (key === undefined) continue;
    // `getAnswer(id: number): Promise<GetAnswerResponse>`: a method whose call gives what its return type says.
    const values = member.type === T.TSMethodSignature ? returning(typedValues(engine, module, member.returnType?.typeAnnotation, depth + 1)) : typedValues(engine, module, member.typeAnnotation?.typeAnnotation, depth + 1);
    if (values.length > 0) properties.push([key, values]);
  }
  if (properties.length === 0) return EMPTY;
  const allocation = { id: `type:${idOf(node)}`, node, origin: 'other' as const };
  for (const [key, values] of properties) engine.write(engine.cell(allocation, key), values);
  return [objectValue(allocation)];
}

/**
 * Whether a type's value stands for the service's: its data, client or promise of them, a project
 * class's instance (a union of clients), or an object type or function type holding the service's
 * data or client (`{ data: ChatResponse }`).
 * The app's own shapes (`interface LocalMessage { citations: string[]; author(): Author }`) do not.
 */
function describesService(engine: Engine, value: Value, depth: number): boolean {
  if (isServiceValue(value) || (depth === 0 && value.kind === 'instance')) return true;
  if (depth > 3) return false;
  if (value.kind === 'builtin' && value.name === 'returns') return (value.receiver ?? EMPTY).some((inner) => describesService(engine, inner, depth + 1));
  if (value.kind !== 'object' && value.kind !== 'array') return false;
  return [...engine.cells(value.allocation).values()].some((cell) => cell.values.some((inner) => describesService(engine, inner, depth + 1)));
}

function returning(values: ValueSet): ValueSet {
  return values.length > 0 ? [builtinValue('returns', values)] : EMPTY;
}

/** An SDK export by name: the client class, its core, or a schema type of the graph. */
function named(engine: Engine, name: string): ValueSet {
  const { sdk } = engine.catalog.schedule;
  if (name === (sdk.className ?? sdkModel().client)) return [sdkValue('client', [])];
  if (name === sdkModel().core) return [sdkValue('core', [])];
  if (engine.graph.hasSchema(name) && engine.graph.leadsToMarks(name)) return [responseValue('body', { schema: name, containers: '' }, undefined)];
  return EMPTY;
}

/** `ref<ChatResponse>()`, `this.post<ListAnswersResponse>(…)`: what a call's first type argument says it holds or gives. */
export function callTypeArgument(engine: Engine, node: TSESTree.Node): ValueSet {
  if (node.type !== T.CallExpression || !node.typeArguments || !engine.reader) return EMPTY;
  return typedValues(engine, engine.reader.module, node.typeArguments.params[0]);
}

/** `DlpReport['config']`, `ChatMessage[]['number']`: the type of a property (or element) of a schema type. */
function indexedAccess(engine: Engine, module: ParsedModule, node: TSESTree.TSIndexedAccessType, depth: number): ValueSet {
  const key = literalOf(node.indexType) ?? (node.indexType.type === T.TSNumberKeyword ? '0' : undefined);
  if (key === undefined) return EMPTY;
  const objects = typedValues(engine, module, node.objectType, depth + 1);
  let result = EMPTY;
  for (const value of objects) {
    if (value.kind === 'response') result = union(result, responseMember(engine, value, key, undefined));
    // `Client['indexing']['documents']`: a sub-client of the SDK's.
    else if (value.kind === 'sdk') result = union(result, sdkMember(engine, value, key));
  }
  return result;
}

/** openapi-typescript: `components["schemas"]["ChatMessage"]`. */
function openapiTypescript(engine: Engine, node: TSESTree.TSIndexedAccessType): ValueSet {
  const schema = literalOf(node.indexType);
  const outer = node.objectType;
  if (schema === undefined || outer.type !== T.TSIndexedAccessType || literalOf(outer.indexType) !== 'schemas') return EMPTY;
  if (outer.objectType.type !== T.TSTypeReference || outer.objectType.typeName.type !== T.Identifier || outer.objectType.typeName.name !== 'components') return EMPTY;
  return engine.graph.hasSchema(schema) && engine.graph.leadsToMarks(schema) ? [responseValue('body', { schema, containers: '' }, undefined)] : EMPTY;
}

/** typescript-eslint 8.x before `source` existed had only `argument` (now deprecated, with a warning on read). */
function importTypeSource(node: TSESTree.TSImportType): string | undefined {
  const source = (node as { source?: TSESTree.StringLiteral | null }).source;
  if (source) return source.value;
  return node.argument.type === T.TSLiteralType ? literalOf(node.argument) : undefined;
}

function literalOf(node: TSESTree.TypeNode): string | undefined {
  return node.type === T.TSLiteralType && node.literal.type === T.Literal && typeof node.literal.value === 'string' ? node.literal.value : undefined;
}

function inArray(values: ValueSet): ValueSet {
  return values.flatMap((value) => (value.kind === 'response' ? [responseValue(value.state, { schema: value.position.schema, containers: `[${value.position.containers}` }, value.endpoint)] : []));
}

/** `glean.AnnouncementPublisher` with `glean` a project module's namespace (`export * as glean from './glean'`): the type that module exports. */
function namespacedType(engine: Engine, module: ParsedModule, name: TSESTree.TSQualifiedName, depth: number): ValueSet {
  const segments: string[] = [];
  let current: TSESTree.EntityName = name.left;
  while (current.type === T.TSQualifiedName) {
    segments.unshift(current.right.name);
    current = current.left;
  }
  if (current.type !== T.Identifier) return EMPTY;
  const namespaces = segments.reduce((values, segment) => load(engine, values, segment, undefined), valueNamed(engine, module, current.name));
  return unionAll(
    namespaces.map((value) => {
      const target = value.kind === 'namespace' ? engine.project.module(value.module) : undefined;
      return target ? exportedType(engine, target, name.right.name, depth + 1) : EMPTY;
    }),
  );
}

function leftmost(name: TSESTree.TSQualifiedName): string | undefined {
  let current: TSESTree.EntityName = name;
  while (current.type === T.TSQualifiedName) current = current.left;
  return current.type === T.Identifier ? current.name : undefined;
}

/**
 * Values typed as a request's schema that are object or array literals are request bodies: their
 * keys are judged against the schema (`const req: ChatRequest = { … }`, `{ … } satisfies ChatRequest`).
 * A literal written out in the declaration (`written`) and typed as a schema the service also sends
 * back (`const fixture: ChatMessage[] = [{ citations }]`) is as likely a mock of a reply: it is
 * judged only when it reaches a request. Built from data (`stored.map((m) => ({ … }))`), it is a body.
 */
export function typedBody(engine: Engine, values: ValueSet, typed: ValueSet, written = false): void {
  for (const type of typed) {
    if (type.kind !== 'response' || type.state !== 'body' || type.endpoint || !engine.catalog.inRequests(type.position.schema)) continue;
    if (written && engine.catalog.inResponses(type.position.schema)) continue;
    for (const value of values) if (value.kind === 'object' || value.kind === 'array') engine.demand({ allocation: value.allocation, position: type.position, endpoint: undefined });
  }
}

/** The last words of schema names too common as parameter names to hint at a type on their own. */
const GENERIC_LAST_WORDS = new Set(['Response', 'Request', 'Result', 'Results', 'Options', 'Info', 'Type', 'Types', 'Value', 'Values', 'Item', 'Items', 'Data', 'Definition', 'Properties', 'Filter']);

/**
 * The name hint, a guess documented as one: in a file that imports the SDK's schema types, an
 * untyped parameter named like a schema (`chatResponse` → ChatResponse) or like the last word of a
 * schema type the file imports (`message` → ChatMessage) is taken to be of that type.
 */
export function hintedParameter(engine: Engine, module: ParsedModule, name: string): ValueSet {
  const hints = nameHints(engine, module);
  if (hints.size === 0) return EMPTY;
  const pascal = name.charAt(0).toUpperCase() + name.slice(1);
  if (/^[a-z][A-Za-z0-9]*[A-Z]/.test(name) && engine.graph.hasSchema(pascal) && engine.graph.leadsToMarks(pascal)) return [responseValue('body', { schema: pascal, containers: '' }, undefined)];
  const schema = hints.get(name);
  return schema ? [responseValue('body', { schema, containers: '' }, undefined)] : EMPTY;
}

const hintCache = new WeakMap<ParsedModule, Map<string, string>>();

function nameHints(engine: Engine, module: ParsedModule): Map<string, string> {
  let hints = hintCache.get(module);
  if (hints) return hints;
  hints = new Map();
  const conflicted = new Set<string>();
  let importsSchemas = false;
  for (const statement of module.ast.body) {
    if (statement.type !== T.ImportDeclaration || !isSdkSpecifier(engine, statement.source.value)) continue;
    for (const specifier of statement.specifiers) {
      if (specifier.type !== T.ImportSpecifier) continue;
      const imported = specifier.imported.type === T.Identifier ? specifier.imported.name : specifier.imported.value;
      if (!engine.graph.hasSchema(imported)) continue;
      importsSchemas = true;
      const words = imported.match(/[A-Z][a-z0-9]*/g);
      const last = words && words.length > 1 ? words.at(-1)! : undefined;
      if (!last || GENERIC_LAST_WORDS.has(last)) continue;
      const word = last.toLowerCase();
      if (hints.has(word) && hints.get(word) !== imported) conflicted.add(word);
      else hints.set(word, imported);
    }
  }
  for (const word of conflicted) hints.delete(word);
  // The camelCase hint needs the file to import a schema type too; an empty map says it does not.
  if (importsSchemas && hints.size === 0) hints.set('\u0000', '');
  hintCache.set(module, hints);
  return hints;
}

/** The value a top-level name of a module holds (a `typeof` query's operand): a declaration there, or an import. */
function valueNamed(engine: Engine, module: ParsedModule, name: string): ValueSet {
  const top = engine.top(module);
  for (const statement of module.ast.body) {
    const declaration = statement.type === T.ExportNamedDeclaration || statement.type === T.ExportDefaultDeclaration ? statement.declaration : statement;
    if (!declaration) continue;
    if ((declaration.type === T.FunctionDeclaration || declaration.type === T.ClassDeclaration) && declaration.id?.name === name) return engine.evaluateIn(top, declaration);
    if (declaration.type === T.VariableDeclaration) {
      for (const declarator of declaration.declarations) if (declarator.id.type === T.Identifier && declarator.id.name === name && declarator.init) return engine.evaluateIn(top, declarator.init);
    }
    if (declaration.type === T.ImportDeclaration) {
      for (const specifier of declaration.specifiers) {
        if (specifier.local.name !== name) continue;
        const imported = specifier.type === T.ImportSpecifier ? (specifier.imported.type === T.Identifier ? specifier.imported.name : specifier.imported.value) : specifier.type === T.ImportDefaultSpecifier ? 'default' : '*';
        return moduleExport(engine, module, declaration.source.value, imported, undefined);
      }
    }
  }
  // `fetchFn: typeof fetch`: a global client, such as a framework's own fetch passed in (SvelteKit's `load({ fetch })`).
  return libraryGlobal(engine, name);
}

/**
 * SvelteKit's generated `./$types`, which is not on disk until the app is built: `PageData` is what
 * the route's `load` functions resolve to (`+page.ts`, `+page.server.ts` beside the page),
 * `PageServerData` the server's alone, and the same for a layout.
 */
function routeData(engine: Engine, module: ParsedModule, name: string): ValueSet {
  const found = /^(Page|Layout)(Server)?Data$/.exec(name);
  if (!found) return EMPTY;
  const loaders = engine.project.routeLoaders(module.path, found[1] === 'Page' ? 'page' : 'layout', found[2] !== undefined);
  return unionAll(loaders.map((file) => unionAll(exportValue(engine, file, 'load', undefined).map((load) => (load.kind === 'function' ? awaited(engine, engine.invoke(load, [], EMPTY)) : EMPTY)))));
}
