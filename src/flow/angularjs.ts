import type { TSESTree } from '../ts-eslint-lite.js';
import { T } from '../project/ast.js';
import type { Engine } from './engine.js';
import type { FrameworkModel } from './framework-model.js';
import { call, constantKey, constructedObject, elementsOf, load } from './operations.js';
import { builtinValue, EMPTY, libraryValue, objectValue, union, type BuiltinValue, type FunctionValue, type ValueSet } from './values.js';

/**
 * AngularJS 1.x: an app registers what it makes by name (`.constant('ENDPOINTS', {…})`,
 * `.factory('gleanApi', fn)`, `.service('Api', Ctor)`) and the injector hands it to every function
 * whose parameter has that name (or whose `['$http', 'gleanApi', fn]` annotation or `fn.$inject`
 * lists it): factories, services, controllers, components, `run` and `config` blocks. One registry
 * per project (module names are not told apart); `$http` is a client (a data row) whose promises
 * resolve to `{ data }`, `$q` is `Promise`, `$window` the global object, `$scope` an object per
 * controller.
 */
const REGISTRY = 'angularjs:registry';
const REGISTERS_VALUE = new Set(['constant', 'value']);
const RUNS = new Set(['factory', 'service', 'controller', 'run', 'config', 'filter', 'directive', 'component']);

function angularImport(specifier: string, exported: string): ValueSet {
  return specifier === 'angular' && (exported === 'default' || exported === '*') ? [builtinValue('angular')] : EMPTY;
}

function isAngularBuiltin(name: string): boolean {
  return name === 'angular' || name.startsWith('angularjs.');
}

function angularMember(_engine: Engine, value: BuiltinValue, key: string): ValueSet {
  if (value.name === 'angular') return key === 'module' ? [builtinValue('angularjs.module')] : EMPTY;
  if (value.name === 'angularjs.app' && (REGISTERS_VALUE.has(key) || RUNS.has(key))) return [builtinValue(`angularjs.${key}`)];
  return EMPTY;
}

function callAngular(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const kind = fn.name.slice('angularjs.'.length);
  const app = [builtinValue('angularjs.app')];
  if (kind === 'module') return app;
  const named = args.length > 1;
  const [name = EMPTY, definition = EMPTY] = named ? args : [EMPTY, args[0] ?? EMPTY];
  const argumentNode = node.type === T.CallExpression ? node.arguments[named ? 1 : 0] : undefined;
  const key = constantKey(name);
  if (REGISTERS_VALUE.has(kind)) {
    if (key) engine.write(engine.cell(REGISTRY, key), definition);
    return app;
  }
  const injectable = kind === 'component' ? load(engine, definition, 'controller', undefined) : definition;
  const made = inject(engine, injectable, argumentNode, node, kind === 'service' || kind === 'controller' || kind === 'component');
  if (key && (kind === 'factory' || kind === 'service')) engine.write(engine.cell(REGISTRY, key), made);
  return app;
}

/** Calls (or, for services and controllers, constructs) an injectable with what the injector has under its dependencies' names. */
function inject(engine: Engine, injectable: ValueSet, written: TSESTree.Node | undefined, node: TSESTree.Node, constructs: boolean): ValueSet {
  const annotation = written?.type === T.ArrayExpression ? written.elements.flatMap((element) => (element?.type === T.Literal && typeof element.value === 'string' ? [element.value] : [])) : undefined;
  const functions = union(
    injectable.filter((value): value is FunctionValue => value.kind === 'function'),
    elementsOf(engine, injectable.filter((value) => value.kind === 'array')).filter((value): value is FunctionValue => value.kind === 'function'),
  ) as FunctionValue[];
  let made = EMPTY;
  for (const fn of functions) {
    const names = annotation ?? injectList(fn) ?? parameterNames(fn.fn);
    const self = constructs ? [constructedObject(engine, fn, engine.allocate(node, 'instance'))] : EMPTY;
    const args = names.map((name) => dependency(engine, name, node));
    const returned = call(engine, [fn], args, self, node);
    made = union(made, constructs ? union(self, returned.filter((value) => value.kind === 'object')) : returned);
  }
  return made;
}

function dependency(engine: Engine, name: string, node: TSESTree.Node): ValueSet {
  switch (name) {
    case '$http':
      return [libraryValue('angularjs-http', [])];
    case '$q':
      return [builtinValue('Promise')];
    case '$window':
      return [builtinValue('global')];
    case '$scope':
    case '$rootScope':
      return [objectValue(engine.allocate(node, 'other'))];
    default:
      return engine.read(engine.cell(REGISTRY, name));
  }
}

/** `gleanApi.$inject = ['$http', …]` beside the function's declaration. */
function injectList(fn: FunctionValue): string[] | undefined {
  const declaration = fn.fn.type === T.FunctionDeclaration ? fn.fn : undefined;
  const name = declaration?.id?.name;
  const block = declaration?.parent;
  if (!name || !block || (block.type !== T.BlockStatement && block.type !== T.Program)) return undefined;
  for (const statement of block.body) {
    if (statement.type !== T.ExpressionStatement || statement.expression.type !== T.AssignmentExpression) continue;
    const { left, right } = statement.expression;
    if (left.type !== T.MemberExpression || left.object.type !== T.Identifier || left.object.name !== name) continue;
    if (left.property.type !== T.Identifier || left.property.name !== '$inject' || right.type !== T.ArrayExpression) continue;
    return right.elements.flatMap((element) => (element?.type === T.Literal && typeof element.value === 'string' ? [element.value] : ['']));
  }
  return undefined;
}

function parameterNames(fn: TSESTree.FunctionLike): string[] {
  return fn.params.map((param) => (param.type === T.Identifier ? param.name : ''));
}

export const angularjsModel: FrameworkModel = { imports: angularImport, owns: isAngularBuiltin, member: angularMember, call: callAngular };
