import { TSESTree, type TSESLint } from '../ts-eslint-lite.js';
import { isMethodCall, propertyKeyName, unwrap } from '../project/ast.js';
import type { TokenSite } from './sites.js';
import { endpointLabel, type TokenFile } from './file-tokens.js';

export type ContentTypeMessageId = 'missing' | 'wrong';

export interface ContentTypeProblem {
  node: TSESTree.Node;
  messageId: ContentTypeMessageId;
  data: Record<string, string>;
  fix?: TSESLint.ReportFixFunction;
}

type BodyKind = 'string' | 'object' | 'form' | 'unknown';

const NON_JSON_BODIES = new Set(['FormData', 'URLSearchParams', 'Blob', 'File', 'ReadableStream', 'ArrayBuffer', 'Uint8Array']);
const MAX_DEPTH = 6;

/**
 * Requests with a body that leave Content-Type to chance. Only where the library would not set
 * `application/json` itself: fetch and undici never do; axios, ofetch, got and ky do for objects
 * (`data: {…}`, `json: {…}`) but not for a string they are handed (`JSON.stringify(…)`). SDK calls,
 * declared wrappers and unknown clients are left alone.
 */
export function contentTypeProblems(tokens: TokenFile, sourceCode: Readonly<TSESLint.SourceCode>): ContentTypeProblem[] {
  const problems: ContentTypeProblem[] = [];
  for (const { site, endpoint } of tokens.requests()) {
    if (!site.body || !sendsUnlabelledBody(tokens, site)) continue;
    const headers = tokens.headersOf(site);
    if (!headers) continue;
    const data = { endpoint: endpointLabel(endpoint) };
    const declared = headers.entries.filter((entry) => entry.name === 'content-type');
    if (declared.length > 0) {
      const values = declared.map((entry) => entry.value && tokens.resolver.staticText(entry.value));
      if (values.some((value) => value === undefined || isJsonMediaType(value))) continue;
      const last = declared.at(-1)!;
      const value = last.value!;
      const inline = value.type === TSESTree.AST_NODE_TYPES.Literal && last.node.parent === headers.inlineHeaders;
      problems.push({
        node: value,
        messageId: 'wrong',
        data: { ...data, value: values.at(-1)! },
        ...(inline ? { fix: (fixer) => fixer.replaceText(value, quoted(sourceCode, value, 'application/json')) } : {}),
      });
      continue;
    }
    if (!headers.complete) continue;
    const target = headers.inlineHeaders ?? headers.inlineOptions;
    problems.push({
      node: headers.inlineHeaders ?? site.call.callee,
      messageId: 'missing',
      data,
      ...(target
        ? {
            fix: (fixer) => {
              const header = `${quoted(sourceCode, site.call, 'Content-Type')}: ${quoted(sourceCode, site.call, 'application/json')}`;
              return addProperty(fixer, sourceCode, target, headers.inlineHeaders ? header : `headers: { ${header} }`);
            },
          }
        : {}),
    });
  }
  return problems;
}

function sendsUnlabelledBody(tokens: TokenFile, site: TokenSite): boolean {
  let raw: TSESTree.Node = site.body!;
  const parent = raw.parent;
  if (parent?.type === TSESTree.AST_NODE_TYPES.CallExpression && parent.arguments[0] === raw && isJsonStringify(parent)) raw = parent;
  const key = raw.parent?.type === TSESTree.AST_NODE_TYPES.Property ? propertyKeyName(raw.parent) : undefined;
  const kind = bodyKind(tokens, raw, 0);
  switch (site.client) {
    case 'fetch':
    case 'undici':
      return kind === 'string' || kind === 'object';
    case 'axios':
    case 'ofetch':
      return kind === 'string';
    case 'got':
    case 'ky':
      return kind === 'string' && key !== 'json';
    default:
      return false;
  }
}

function bodyKind(tokens: TokenFile, node: TSESTree.Node, depth: number): BodyKind {
  if (depth > MAX_DEPTH) return 'unknown';
  const target = unwrap(node);
  switch (target.type) {
    case TSESTree.AST_NODE_TYPES.CallExpression:
      if (isJsonStringify(target) || (target.callee.type === TSESTree.AST_NODE_TYPES.Identifier && target.callee.name === 'String')) return 'string';
      return 'unknown';
    case TSESTree.AST_NODE_TYPES.Literal:
      return typeof target.value === 'string' ? 'string' : 'unknown';
    case TSESTree.AST_NODE_TYPES.TemplateLiteral:
      return 'string';
    case TSESTree.AST_NODE_TYPES.ObjectExpression:
    case TSESTree.AST_NODE_TYPES.ArrayExpression:
      return 'object';
    case TSESTree.AST_NODE_TYPES.NewExpression:
      return target.callee.type === TSESTree.AST_NODE_TYPES.Identifier && NON_JSON_BODIES.has(target.callee.name) ? 'form' : 'unknown';
    case TSESTree.AST_NODE_TYPES.Identifier: {
      const init = tokens.strings.constantInitializer(target);
      return init ? bodyKind(tokens, init, depth + 1) : 'unknown';
    }
    default:
      return 'unknown';
  }
}

function isJsonStringify(call: TSESTree.CallExpression): boolean {
  return (
    call.callee.type === TSESTree.AST_NODE_TYPES.MemberExpression &&
    call.callee.object.type === TSESTree.AST_NODE_TYPES.Identifier &&
    call.callee.object.name === 'JSON' &&
    isMethodCall(call, 'stringify')
  );
}

/** `application/json`, with or without parameters (`; charset=utf-8`), in any letter case. */
function isJsonMediaType(value: string): boolean {
  return value.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

/** A string literal in the quote style the surrounding code uses. */
function quoted(sourceCode: Readonly<TSESLint.SourceCode>, near: TSESTree.Node, text: string): string {
  const quote = sourceCode.getTokens(near).find((token) => token.type === TSESTree.AST_TOKEN_TYPES.String)?.value[0] === '"' ? '"' : "'";
  return `${quote}${text}${quote}`;
}

/** Adds a property at the end of an object literal, keeping its layout: one line or one property per line, trailing comma or not. */
function addProperty(fixer: TSESLint.RuleFixer, sourceCode: Readonly<TSESLint.SourceCode>, object: TSESTree.ObjectExpression, text: string): TSESLint.RuleFix {
  const last = object.properties.at(-1);
  if (!last) return fixer.replaceText(object, `{ ${text} }`);
  const after = sourceCode.getTokenAfter(last);
  const comma = after?.value === ',' ? after : undefined;
  if (object.loc.start.line !== object.loc.end.line) {
    const indent = /^\s*/.exec(sourceCode.lines[last.loc.start.line - 1] ?? '')![0];
    return comma ? fixer.insertTextAfter(comma, `\n${indent}${text},`) : fixer.insertTextAfter(last, `,\n${indent}${text}`);
  }
  return comma ? fixer.insertTextAfter(comma, ` ${text},`) : fixer.insertTextAfter(last, `, ${text}`);
}
