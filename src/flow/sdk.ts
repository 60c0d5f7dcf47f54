import type { TSESTree } from '../ts-eslint-lite.js';
import { T } from '../project/ast.js';
import { bareSpecifier } from '../project/resolver.js';
import { sdkModel } from '../schedule/sdk-model.js';
import type { SdkCallTarget } from './catalog.js';
import type { Engine } from './engine.js';
import { load } from './operations.js';
import { knownRequest } from './requests.js';
import { builtinValue, EMPTY, objectValue, promiseValue, sdkValue, type SdkValue, type ValueSet } from './values.js';

/**
 * The official SDK, from `data/sdk.json`: its client class and what `new` makes of it, the method
 * paths below the client (`client.chat.create`), the standalone functions over its core and its
 * react-query hooks. A call of a method the data knows is a request to its operation.
 */
export function isSdkSpecifier(engine: Engine, written: string): boolean {
  const { sdk } = engine.catalog.schedule;
  const specifier = bareSpecifier(written);
  return specifier === sdk.package || specifier.startsWith(`${sdk.package}/`) || engine.options.sdkModules.includes(specifier);
}

/** What importing `exported` from one of the SDK's modules gives. */
export function sdkImport(engine: Engine, exported: string): ValueSet {
  const model = sdkModel();
  const { sdk } = engine.catalog.schedule;
  if (exported === '*' || exported === 'default') return [sdkValue('functions-module', [])];
  if (exported === (sdk.className ?? model.client)) return [sdkValue('class', [])];
  if (exported === model.core) return [sdkValue('core-class', [])];
  if (engine.catalog.sdkFunctions.has(exported)) return [sdkValue('function', [exported])];
  if (engine.catalog.sdkHooks.has(exported)) return [sdkValue('hook', [exported])];
  return EMPTY;
}

export function constructSdk(value: SdkValue): ValueSet {
  if (value.role === 'class') return [sdkValue('client', [])];
  if (value.role === 'core-class') return [sdkValue('core', [])];
  return EMPTY;
}

export function sdkMember(engine: Engine, value: SdkValue, key: string | undefined): ValueSet {
  if (key === undefined) return EMPTY;
  switch (value.role) {
    case 'client':
      return [sdkValue('client', [...value.path, key])];
    case 'functions-module':
    case 'hooks-module':
      return sdkImport(engine, key);
    default:
      return EMPTY;
  }
}

export function callSdk(engine: Engine, value: SdkValue, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const call = node.type === T.CallExpression ? node : undefined;
  switch (value.role) {
    case 'client': {
      const name = value.path.join('.');
      const target = engine.catalog.sdkMethods.get(name);
      if (!target || !call) return EMPTY;
      return request(engine, target, args, call, { name, callee: calledName(call) }, 'promise:body');
    }
    case 'function': {
      const name = value.path[0]!;
      const target = engine.catalog.sdkFunctions.get(name);
      if (!target || !call) return EMPTY;
      return request(engine, target, args, call, { name, callee: calledName(call) }, 'promise:sdk-result');
    }
    case 'hook':
      return call ? hook(engine, value.path[0]!, args, call) : EMPTY;
    default:
      return EMPTY;
  }
}

/** The name a call is made by: the method's name in `a.b.count(…)`, the function's in `count(…)`. */
function calledName(call: TSESTree.CallExpression): TSESTree.Node {
  const callee = call.callee.type === T.ChainExpression ? call.callee.expression : call.callee;
  return callee.type === T.MemberExpression ? callee.property : callee;
}

function request(engine: Engine, target: SdkCallTarget, args: readonly ValueSet[], call: TSESTree.CallExpression, sdk: { name: string; callee: TSESTree.Node }, result: string): ValueSet {
  const argument = target.body ? (args[target.body.argument] ?? EMPTY) : EMPTY;
  const body = target.body?.key ? load(engine, argument, target.body.key, undefined) : argument;
  const bodyNode = target.body ? call.arguments[target.body.argument] : undefined;
  return knownRequest(
    engine,
    {
      client: 'sdk',
      node: call,
      module: engine.reader!.module,
      body,
      result: target.response ? result : undefined,
      sdk,
      ...(bodyNode && bodyNode.type !== T.SpreadElement ? { bodyNode } : {}),
    },
    target.endpoint,
  );
}

/**
 * The SDK's react-query hooks. A query hook sends its request argument and its result's `data` is
 * the body; a mutation hook sends what `mutate`/`mutateAsync` are given (in the key the data names),
 * and its `data` and `mutateAsync`'s promise are the body.
 */
function hook(engine: Engine, name: string, args: readonly ValueSet[], call: TSESTree.CallExpression): ValueSet {
  const entry = engine.catalog.sdkHooks.get(name);
  if (!entry) return EMPTY;
  const result = engine.allocate(call, 'other');
  const sdk = { name: entry.hook.function, callee: calledName(call) };
  if (entry.hook.kind === 'query') {
    const body = entry.hook.body && 'argument' in entry.hook.body ? (args[entry.hook.body.argument] ?? EMPTY) : EMPTY;
    const response = knownRequest(engine, { client: 'sdk', node: call, module: engine.reader!.module, body, result: entry.target.response ? 'body' : undefined, sdk }, entry.target.endpoint);
    engine.write(engine.cell(result, 'data'), response);
    return [objectValue(result)];
  }
  engine.markService();
  for (const item of entry.target.endpoint.endpointItems) engine.report({ kind: 'endpoint', file: engine.reader!.module.path, node: calledName(call), item, via: sdk.name });
  const variable = entry.hook.body && 'variable' in entry.hook.body ? entry.hook.body.variable : undefined;
  const mutate = builtinValue(`sdk-mutate:${name}:${variable ?? ''}`, [objectValue(result)]);
  engine.write(engine.cell(result, 'mutate'), [mutate]);
  engine.write(engine.cell(result, 'mutateAsync'), [builtinValue(`sdk-mutate-async:${name}:${variable ?? ''}`, [objectValue(result)])]);
  return [objectValue(result)];
}

/** `mutation.mutate(variables)`: the request, its body in the variables' key; the body lands in the mutation's `data`. */
export function mutate(engine: Engine, name: string, variable: string, result: ValueSet, args: readonly ValueSet[], node: TSESTree.Node, promised: boolean): ValueSet {
  const entry = engine.catalog.sdkHooks.get(name);
  if (!entry) return EMPTY;
  const body = variable ? load(engine, args[0] ?? EMPTY, variable, undefined) : EMPTY;
  // The endpoint was reported where the hook is called, and the request is placed there too (the hook names the operation).
  const hookCall = result.find((holder) => holder.kind === 'object')?.allocation.node;
  const callee = hookCall?.type === T.CallExpression ? calledName(hookCall) : node;
  const response = knownRequest(engine, { client: 'sdk', node, module: engine.reader!.module, body, result: entry.target.response ? 'body' : undefined, sdk: { name: entry.hook.function, callee } }, entry.target.endpoint, false);
  for (const holder of result) if (holder.kind === 'object') engine.write(engine.cell(holder.allocation, 'data'), response);
  return promised && response.length > 0 ? [promiseValue(response)] : EMPTY;
}
