import type { TSESTree } from '../ts-eslint-lite.js';
import { T } from '../project/ast.js';
import type { Engine } from './engine.js';
import type { FrameworkModel } from './framework-model.js';
import { call, constantKey } from './operations.js';
import { methodTexts, serviceRequest, strings } from './requests.js';
import { builtinValue, EMPTY, objectValue, responseValue, unionAll, type Allocation, type BuiltinValue, type Value, type ValueSet } from './values.js';

/**
 * `XMLHttpRequest`, which no data row can describe: the URL and method come with `open`, the body
 * with `send`, and the response is read back from the object itself (`xhr.responseText`,
 * `xhr.response`, `this.responseText` in `onload`) by handlers set before or after `send`. Each
 * `new XMLHttpRequest()` is one object whose cells hold what `open` was given and what the
 * request gave back; `send` makes the request and runs the handlers on the object.
 */
const HANDLERS = ['onload', 'onreadystatechange', 'onloadend'];
const EVENTS = new Set(['load', 'readystatechange', 'loadend']);

function isXhrBuiltin(name: string): boolean {
  return name === 'XMLHttpRequest' || name.startsWith('xhr.');
}

function construct(engine: Engine, _fn: BuiltinValue, _args: readonly ValueSet[], node: TSESTree.NewExpression): ValueSet {
  const xhr = objectValue(engine.allocate(node, 'other'));
  for (const method of ['open', 'send', 'addEventListener']) engine.write(engine.cell(xhr.allocation, method), [builtinValue(`xhr.${method}`, [xhr])]);
  return [xhr];
}

function callXhr(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const objects = (fn.receiver ?? EMPTY).filter((value): value is Extract<Value, { kind: 'object' }> => value.kind === 'object');
  const [first = EMPTY, second = EMPTY] = args;
  for (const { allocation } of objects) {
    if (fn.name === 'xhr.open') {
      engine.write(engine.cell(allocation, 'xhr:method'), first);
      engine.write(engine.cell(allocation, 'xhr:url'), second);
    } else if (fn.name === 'xhr.addEventListener' && EVENTS.has(constantKey(first) ?? '')) {
      engine.write(engine.cell(allocation, 'xhr:listeners'), second);
    } else if (fn.name === 'xhr.send') {
      send(engine, allocation, first, node);
    }
  }
  return EMPTY;
}

function send(engine: Engine, allocation: Allocation, body: ValueSet, node: TSESTree.Node): void {
  const urls = strings(engine.read(engine.cell(allocation, 'xhr:url')));
  const methods = methodTexts(engine.read(engine.cell(allocation, 'xhr:method')));
  const bodyNode = node.type === T.CallExpression && node.arguments[0]?.type !== T.SpreadElement ? node.arguments[0] : undefined;
  const texts = unionAll(
    (methods.length > 0 ? methods : [undefined]).map((method) =>
      serviceRequest(engine, { client: 'xhr', node, module: engine.reader!.module, urls, body, result: 'text', ...(method ? { method } : {}), ...(bodyNode ? { bodyNode } : {}) }),
    ),
  );
  if (texts.length === 0) return;
  engine.write(engine.cell(allocation, 'responseText'), texts);
  // `xhr.response` is the parsed body with `responseType = 'json'`, else the text, which `JSON.parse` makes the body either way.
  engine.write(engine.cell(allocation, 'response'), texts.flatMap((text) => (text.kind === 'response' ? [responseValue('body', text.position, text.endpoint)] : [])));
  const xhr = [objectValue(allocation)];
  const event = engine.allocate(node, 'other');
  engine.write(engine.cell(event, 'target'), xhr);
  engine.write(engine.cell(event, 'currentTarget'), xhr);
  const handlers = unionAll([...HANDLERS.map((key) => engine.read(engine.cell(allocation, key))), engine.read(engine.cell(allocation, 'xhr:listeners'))]);
  call(engine, handlers, [[objectValue(event)]], xhr, node);
}

export const xhrModel: FrameworkModel = { imports: () => EMPTY, owns: isXhrBuiltin, call: callXhr, construct };
