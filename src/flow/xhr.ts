import type { TSESTree } from '../ts-eslint-lite.js';
import { T } from '../project/ast.js';
import type { Engine } from './engine.js';
import type { FrameworkModel } from './framework-model.js';
import { call, constantKey } from './operations.js';
import { identifyEndpoint, mentionsService, methodTexts, serviceRequest, strings } from './requests.js';
import type { StringPattern } from './strings.js';
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
  // One object per run of the code that makes it, even past the contexts whose objects are shared:
  // its cells hold a request's URL, handlers and response, and a helper's callers must not share them.
  const made = engine.allocate(node, 'other');
  const xhr = objectValue({ ...made, id: `${made.id}:xhr${engine.reader?.id ?? 0}` });
  for (const method of ['open', 'send', 'addEventListener']) engine.write(engine.cell(xhr.allocation, method), [builtinValue(`xhr.${method}`, [xhr])]);
  return [xhr];
}

function callXhr(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const objects = (fn.receiver ?? EMPTY).filter((value): value is Extract<Value, { kind: 'object' }> => value.kind === 'object');
  const [first = EMPTY, second = EMPTY] = args;
  for (const { allocation } of objects) {
    if (fn.name === 'xhr.open') {
      // Kept per run too: a `send` after this run's own `open` goes where that one said.
      for (const suffix of ['', ownRun(engine)]) {
        engine.write(engine.cell(allocation, `xhr:method${suffix}`), first);
        engine.write(engine.cell(allocation, `xhr:url${suffix}`), second);
      }
    } else if (fn.name === 'xhr.addEventListener' && EVENTS.has(constantKey(first) ?? '')) {
      engine.write(engine.cell(allocation, 'xhr:listeners'), second);
    } else if (fn.name === 'xhr.send') {
      send(engine, allocation, first, node);
    }
  }
  return EMPTY;
}

function send(engine: Engine, allocation: Allocation, body: ValueSet, node: TSESTree.Node): void {
  const opened = engine.read(engine.cell(allocation, `xhr:url${ownRun(engine)}`)).length > 0 ? ownRun(engine) : '';
  const urls = strings(engine.read(engine.cell(allocation, `xhr:url${opened}`)));
  const methods = methodTexts(engine.read(engine.cell(allocation, `xhr:method${opened}`)));
  const bodyNode = node.type === T.CallExpression && node.arguments[0]?.type !== T.SpreadElement ? node.arguments[0] : undefined;
  const texts = unionAll(
    (methods.length > 0 ? methods : [undefined]).map((method) =>
      serviceRequest(engine, { client: 'xhr', node, module: engine.reader!.module, urls, body, result: 'text', ...(method ? { method } : {}), ...(bodyNode ? { bodyNode } : {}) }),
    ),
  );
  // One object opened for the service and for another API (reused across functions): its response
  // cells and handlers are shared by both, so what the handlers read cannot be told apart.
  if (texts.length === 0 || urls.some((url) => !goesToService(engine, url))) return;
  // An object another run made (one `xhr` at a module's top, opened and sent by several functions) is
  // shared by all its uses: the response goes only to this run's own handlers, through `this` and
  // `event.target`, never into the object's cells, where another function's handler would read it.
  const reused = !allocation.id.endsWith(`:xhr${engine.reader?.id ?? 0}`);
  const target = reused ? engine.allocate(node, 'other') : allocation;
  engine.write(engine.cell(target, 'responseText'), texts);
  // `xhr.response` is the parsed body with `responseType = 'json'`, else the text, which `JSON.parse` makes the body either way.
  engine.write(engine.cell(target, 'response'), texts.flatMap((text) => (text.kind === 'response' ? [responseValue('body', text.position, text.endpoint)] : [])));
  const xhr = [objectValue(target)];
  const event = engine.allocate(node, 'other');
  engine.write(engine.cell(event, 'target'), xhr);
  engine.write(engine.cell(event, 'currentTarget'), xhr);
  const handlers = unionAll([...HANDLERS.map((key) => engine.read(engine.cell(allocation, key))), engine.read(engine.cell(allocation, 'xhr:listeners'))]);
  const own = reused ? handlers.filter((handler) => handler.kind === 'function' && within(handler.fn, engine.reader?.fn)) : handlers;
  call(engine, own, [[objectValue(event)]], xhr, node);
}

function ownRun(engine: Engine): string {
  return `@${engine.reader?.id ?? 0}`;
}

function within(node: TSESTree.Node, outer: TSESTree.Node | undefined): boolean {
  return outer !== undefined && outer.range[0] <= node.range[0] && node.range[1] <= outer.range[1];
}

export const xhrModel: FrameworkModel = { imports: () => EMPTY, owns: isXhrBuiltin, call: callXhr, construct };

function goesToService(engine: Engine, url: StringPattern): boolean {
  return identifyEndpoint(engine.catalog, url, undefined) !== undefined || mentionsService(engine, url);
}
