import { ASTUtils, TSESTree, type TSESLint } from '../ts-eslint-lite.js';
import { memberKey, propertyKeyName, propertyValue, returnedExpressions, unwrap } from '../project/ast.js';
import { sameFileFunction } from '../project/same-file.js';
import { isSdkConstructor } from './sdk-clients.js';
import type { TokenSite } from './sites.js';
import { isObjectAssign, isTextPiece, type StringEvaluator, type StringPattern } from './strings.js';

/** One header a request may send, as written somewhere the analysis can see. */
export interface HeaderEntry {
  /** Lower-cased: header names are case-insensitive. */
  name: string;
  /** The value expression, when one is written (absent for array tuples without a value). */
  value?: TSESTree.Node;
  /** Where the header is named: the property, the `.set(…)` call or the assignment. */
  node: TSESTree.Node;
}

/**
 * The headers one request sends, as far as they can be seen. A header set on some paths only
 * (a conditional spread, an `if`) counts as sent: the rules stay silent rather than guess.
 */
export interface HeaderSet {
  entries: HeaderEntry[];
  /**
   * Whether every header the request sends is in `entries`. False as soon as any part comes from
   * somewhere the analysis cannot read: a parameter, an imported helper or instance, an
   * interceptor or SDK hook, a computed header name.
   */
  complete: boolean;
  /** The SDK adds the Authorization header itself from the client's token. */
  sdkAuth?: boolean;
  /** The headers object literal written in the call: where a fix can add a header. */
  inlineHeaders?: TSESTree.ObjectExpression;
  /** The options object literal written in the call, when it has no `headers` yet. */
  inlineOptions?: TSESTree.ObjectExpression;
}

const MAX_DEPTH = 6;
const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options']);
const AXIOS_BODY_METHODS = new Set(['post', 'put', 'patch']);
const DEFAULTS_SCOPES = new Set(['common', ...HTTP_METHODS]);

const UNKNOWN = (): HeaderPart => ({ entries: [], complete: false });
const EMPTY = (): HeaderPart => ({ entries: [], complete: true });

type HeaderPart = Pick<HeaderSet, 'entries' | 'complete'>;

function merge(...parts: HeaderPart[]): HeaderPart {
  return { entries: parts.flatMap((part) => part.entries), complete: parts.every((part) => part.complete) };
}

/** Resolves the headers of request sites, instance configs and SDK calls inside one file. */
export class HeaderResolver {
  constructor(
    private readonly sourceCode: Readonly<TSESLint.SourceCode>,
    private readonly strings: StringEvaluator,
    private readonly sdkPackage: string,
  ) {}

  /** The headers a request site sends; undefined for clients whose behaviour is unknown (declared wrappers, unknown HTTP clients). */
  forSite(site: TokenSite): HeaderSet | undefined {
    if (site.client === 'sdk') return this.sdkSite(site);
    if (site.client === 'wrapper' || site.client === 'http-method') return undefined;
    const call = site.call;
    if (call.arguments.some((arg) => arg.type === TSESTree.AST_NODE_TYPES.SpreadElement)) return { entries: [], complete: false };
    const args = call.arguments as TSESTree.Expression[];
    const method = call.callee.type === TSESTree.AST_NODE_TYPES.MemberExpression ? memberKey(call.callee) : undefined;
    const isMethod = method !== undefined && HTTP_METHODS.has(method);
    let configArg: TSESTree.Expression | undefined;
    if (site.client === 'axios' || site.client === 'got' || site.client === 'ky') {
      if (isMethod) configArg = args[site.client === 'axios' && AXIOS_BODY_METHODS.has(method) ? 2 : 1];
      else configArg = args[0] && !this.strings.evaluate(args[0]) && this.strings.objectLiteral(args[0]) ? args[0] : args[1];
    } else {
      configArg = args[1];
    }
    const root = isMethod || method === 'request' ? (call.callee as TSESTree.MemberExpression).object : call.callee;
    const instance = this.instanceDefaults(root, 0);
    const set: HeaderSet = { ...merge(instance, this.configHeaders(configArg)) };
    const options = configArg && unwrap(configArg);
    if (options?.type === TSESTree.AST_NODE_TYPES.ObjectExpression) {
      const headers = propertyValue(options, 'headers');
      if (!headers) {
        // Adding `headers` next to a spread would replace the spread object's own headers.
        if (!options.properties.some((property) => property.type === TSESTree.AST_NODE_TYPES.SpreadElement)) set.inlineOptions = options;
      } else if (unwrap(headers).type === TSESTree.AST_NODE_TYPES.ObjectExpression) set.inlineHeaders = unwrap(headers) as TSESTree.ObjectExpression;
    }
    return set;
  }

  /** `axios.create({ baseURL, headers })` and the like: the defaults every request through the instance sends. */
  forInstanceConfig(config: TSESTree.ObjectExpression): HeaderPart {
    return this.configHeaders(config);
  }

  private configHeaders(configArg: TSESTree.Node | undefined): HeaderPart {
    if (!configArg) return EMPTY();
    const config = this.strings.objectLiteral(configArg);
    if (!config) return UNKNOWN();
    return this.headersOfConfig(config, 0);
  }

  /** The `headers` of an options object, looking through spreads of known objects; got and ky `hooks` may add any header. */
  private headersOfConfig(config: TSESTree.ObjectExpression, depth: number): HeaderPart {
    if (depth > MAX_DEPTH) return UNKNOWN();
    const parts: HeaderPart[] = [];
    for (const property of config.properties) {
      if (property.type === TSESTree.AST_NODE_TYPES.SpreadElement) {
        const spread = this.strings.objectLiteral(property.argument);
        parts.push(spread ? this.headersOfConfig(spread, depth + 1) : UNKNOWN());
        continue;
      }
      const key = propertyKeyName(property);
      if (key === undefined) parts.push(UNKNOWN());
      else if (key === 'headers') parts.push(this.fromValue(property.value, depth + 1));
      else if (key === 'hooks') parts.push(UNKNOWN());
    }
    return merge(EMPTY(), ...parts);
  }

  /** A headers value however it is built: object literal, tuple array, `new Headers(…)`, a variable mutated later, a same-file helper's result. */
  fromValue(node: TSESTree.Node, depth = 0): HeaderPart {
    if (depth > MAX_DEPTH) return UNKNOWN();
    const target = unwrap(node);
    switch (target.type) {
      case TSESTree.AST_NODE_TYPES.ObjectExpression:
        return this.fromObject(target, depth);
      case TSESTree.AST_NODE_TYPES.ArrayExpression:
        return this.fromTuples(target);
      case TSESTree.AST_NODE_TYPES.NewExpression:
        if (target.callee.type === TSESTree.AST_NODE_TYPES.Identifier && target.callee.name === 'Headers') {
          const init = target.arguments[0];
          if (!init) return EMPTY();
          return init.type === TSESTree.AST_NODE_TYPES.SpreadElement ? UNKNOWN() : this.fromValue(init, depth + 1);
        }
        return UNKNOWN();
      case TSESTree.AST_NODE_TYPES.Identifier:
        return this.fromVariable(target, depth);
      case TSESTree.AST_NODE_TYPES.MemberExpression: {
        const object = this.strings.objectLiteral(target);
        return object ? this.fromObject(object, depth + 1) : UNKNOWN();
      }
      case TSESTree.AST_NODE_TYPES.CallExpression:
        return this.fromHelperCall(target, depth);
      case TSESTree.AST_NODE_TYPES.ConditionalExpression:
        return merge(this.fromValue(target.consequent, depth + 1), this.fromValue(target.alternate, depth + 1));
      case TSESTree.AST_NODE_TYPES.LogicalExpression:
        // `cond && {…}` sends nothing when cond is falsy; `a ?? {…}` either side.
        return target.operator === '&&' ? this.fromValue(target.right, depth + 1) : merge(this.fromValue(target.left, depth + 1), this.fromValue(target.right, depth + 1));
      case TSESTree.AST_NODE_TYPES.Literal:
        // `...(cond && {…})` leaves false, null or undefined behind: no headers.
        return target.value === null || typeof target.value === 'boolean' ? EMPTY() : UNKNOWN();
      default:
        return UNKNOWN();
    }
  }

  private fromObject(object: TSESTree.ObjectExpression, depth: number): HeaderPart {
    const parts: HeaderPart[] = [EMPTY()];
    for (const property of object.properties) {
      if (property.type === TSESTree.AST_NODE_TYPES.SpreadElement) {
        parts.push(this.fromValue(property.argument, depth + 1));
        continue;
      }
      const name = this.keyName(property);
      if (name === undefined) parts.push(UNKNOWN());
      else parts.push({ entries: [{ name: name.toLowerCase(), value: property.value, node: property }], complete: true });
    }
    return merge(...parts);
  }

  private fromTuples(array: TSESTree.ArrayExpression): HeaderPart {
    const parts: HeaderPart[] = [EMPTY()];
    for (const element of array.elements) {
      if (element?.type !== TSESTree.AST_NODE_TYPES.ArrayExpression || !element.elements[0] || element.elements[0].type === TSESTree.AST_NODE_TYPES.SpreadElement) {
        parts.push(UNKNOWN());
        continue;
      }
      const name = this.staticText(element.elements[0]);
      const value = element.elements[1];
      if (name === undefined) parts.push(UNKNOWN());
      else parts.push({ entries: [{ name: name.toLowerCase(), value: value && value.type !== TSESTree.AST_NODE_TYPES.SpreadElement ? value : undefined, node: element }], complete: true });
    }
    return merge(...parts);
  }

  /**
   * A variable holding headers: its initializer plus every change the file makes to it
   * (`h['X'] = v`, `h.set('X', v)`, `Object.assign(h, {…})`). Passing it to any other function,
   * reassigning it or deleting from it makes the set unknown: the callee may add anything.
   */
  private fromVariable(id: TSESTree.Identifier, depth: number): HeaderPart {
    const variable = ASTUtils.findVariable(this.sourceCode.getScope(id), id);
    const def = variable?.defs.length === 1 ? variable.defs[0] : undefined;
    if (!variable || def?.type !== 'Variable' || def.node.id.type !== TSESTree.AST_NODE_TYPES.Identifier || !def.node.init) return UNKNOWN();
    const parts: HeaderPart[] = [this.fromValue(def.node.init, depth + 1)];
    for (const reference of variable.references) {
      if (reference.init) continue;
      if (reference.isWrite()) return UNKNOWN();
      parts.push(this.useOfHeaders(reference.identifier as TSESTree.Identifier, depth));
    }
    return merge(...parts);
  }

  /** What one read of a headers variable does to it. */
  private useOfHeaders(use: TSESTree.Identifier, depth: number): HeaderPart {
    const parent = use.parent;
    if (parent.type === TSESTree.AST_NODE_TYPES.MemberExpression && parent.object === use) {
      const grand = parent.parent;
      if (grand.type === TSESTree.AST_NODE_TYPES.AssignmentExpression && grand.left === parent) {
        const name = this.memberName(parent);
        return name === undefined ? UNKNOWN() : { entries: [{ name: name.toLowerCase(), value: grand.right, node: grand }], complete: true };
      }
      if (grand.type === TSESTree.AST_NODE_TYPES.UnaryExpression && grand.operator === 'delete') return UNKNOWN();
      if (grand.type === TSESTree.AST_NODE_TYPES.CallExpression && grand.callee === parent) {
        const method = memberKey(parent);
        if (method === 'set' || method === 'append') {
          const [nameArg, value] = grand.arguments;
          const name = nameArg && nameArg.type !== TSESTree.AST_NODE_TYPES.SpreadElement ? this.staticText(nameArg) : undefined;
          if (name === undefined) return UNKNOWN();
          return { entries: [{ name: name.toLowerCase(), value: value && value.type !== TSESTree.AST_NODE_TYPES.SpreadElement ? value : undefined, node: grand }], complete: true };
        }
        return method === 'delete' ? UNKNOWN() : EMPTY();
      }
      return EMPTY();
    }
    if (parent.type === TSESTree.AST_NODE_TYPES.CallExpression && parent.arguments.includes(use)) {
      if (isObjectAssign(parent) && parent.arguments[0] === use) {
        return merge(...parent.arguments.slice(1).map((arg) => (arg.type === TSESTree.AST_NODE_TYPES.SpreadElement ? UNKNOWN() : this.fromValue(arg, depth + 1))));
      }
      return UNKNOWN();
    }
    if (parent.type === TSESTree.AST_NODE_TYPES.NewExpression && parent.arguments.includes(use)) return UNKNOWN();
    if (parent.type === TSESTree.AST_NODE_TYPES.VariableDeclarator || parent.type === TSESTree.AST_NODE_TYPES.AssignmentExpression) return UNKNOWN();
    return EMPTY();
  }

  /** `authHeaders()` or `headers(email)` defined in this file: what its `return` statements build. */
  private fromHelperCall(call: TSESTree.CallExpression, depth: number): HeaderPart {
    if (call.callee.type !== TSESTree.AST_NODE_TYPES.Identifier) return UNKNOWN();
    const fn = sameFileFunction(this.sourceCode, call.callee);
    if (!fn?.body) return UNKNOWN();
    if (fn.body.type !== TSESTree.AST_NODE_TYPES.BlockStatement) return this.fromValue(fn.body, depth + 1);
    const returned = returnedExpressions(fn.body, this.sourceCode.visitorKeys);
    if (returned.length === 0 || returned.includes(undefined)) return UNKNOWN();
    return merge(...returned.map((value) => this.fromValue(value!, depth + 1)));
  }

  /**
   * Headers every request through an HTTP client object carries: an instance's `create({ headers })`
   * config and the file's writes to its `defaults.headers`. An interceptor, an imported instance or
   * a `this.api` field may add any header, so the set is unknown then.
   */
  private instanceDefaults(root: TSESTree.Node, depth: number): HeaderPart {
    if (depth > MAX_DEPTH) return UNKNOWN();
    const target = unwrap(root);
    if (target.type === TSESTree.AST_NODE_TYPES.CallExpression) return this.createdInstance(target, depth);
    if (target.type !== TSESTree.AST_NODE_TYPES.Identifier) return UNKNOWN();
    const variable = ASTUtils.findVariable(this.sourceCode.getScope(target), target);
    // The global `fetch` (undeclared or declared by a globals config) has no defaults.
    if (!variable || variable.defs.length === 0) return EMPTY();
    const def = variable.defs.length === 1 ? variable.defs[0] : undefined;
    let base: HeaderPart;
    if (def?.type === 'ImportBinding') base = EMPTY();
    else if (def?.type === 'Variable' && def.parent.kind === 'const' && def.node.init) {
      const init = unwrap(def.node.init);
      if (init.type === TSESTree.AST_NODE_TYPES.CallExpression && isRequireCall(init)) base = EMPTY();
      else if (init.type === TSESTree.AST_NODE_TYPES.CallExpression) base = this.createdInstance(init, depth);
      else return UNKNOWN();
    } else return UNKNOWN();
    return merge(base, ...variable.references.filter((reference) => !reference.init).map((reference) => this.defaultsWrite(reference.identifier as TSESTree.Identifier)));
  }

  /** `axios.create(cfg)`, `ky.extend(cfg)`, `got.extend(cfg)`, `ofetch.create(cfg)`: the config's headers on top of the parent's. */
  private createdInstance(call: TSESTree.CallExpression, depth: number): HeaderPart {
    const callee = call.callee;
    if (callee.type !== TSESTree.AST_NODE_TYPES.MemberExpression || !['create', 'extend'].includes(memberKey(callee) ?? '')) return UNKNOWN();
    const config = call.arguments[0];
    if (config?.type === TSESTree.AST_NODE_TYPES.SpreadElement) return UNKNOWN();
    return merge(this.instanceDefaults(callee.object, depth + 1), this.configHeaders(config));
  }

  /** `api.defaults.headers.common['X'] = v` and `api.defaults.headers['X'] = v` add a header; other changes to defaults or request interceptors may add any. */
  private defaultsWrite(use: TSESTree.Identifier): HeaderPart {
    const first = use.parent;
    if (first.type !== TSESTree.AST_NODE_TYPES.MemberExpression || first.object !== use) return EMPTY();
    const key = memberKey(first);
    if (key === 'interceptors') {
      const next = first.parent;
      return next.type === TSESTree.AST_NODE_TYPES.MemberExpression && memberKey(next) === 'response' ? EMPTY() : UNKNOWN();
    }
    if (key !== 'defaults') return EMPTY();
    const headers = first.parent;
    if (headers.type !== TSESTree.AST_NODE_TYPES.MemberExpression || memberKey(headers) !== 'headers') return isWriteTarget(first) ? UNKNOWN() : EMPTY();
    let member = headers.parent;
    if (member.type !== TSESTree.AST_NODE_TYPES.MemberExpression) return isWriteTarget(headers) ? UNKNOWN() : EMPTY();
    if (DEFAULTS_SCOPES.has(memberKey(member) ?? '') && member.parent.type === TSESTree.AST_NODE_TYPES.MemberExpression && member.parent.object === member) member = member.parent;
    const assignment = member.parent;
    if (assignment.type === TSESTree.AST_NODE_TYPES.AssignmentExpression && assignment.left === member) {
      const name = this.memberName(member);
      return name === undefined ? UNKNOWN() : { entries: [{ name: name.toLowerCase(), value: assignment.right, node: assignment }], complete: true };
    }
    return isWriteTarget(member) || member.parent.type === TSESTree.AST_NODE_TYPES.CallExpression ? UNKNOWN() : EMPTY();
  }

  /**
   * SDK calls: the SDK adds Authorization from the client's token, and per-call options add
   * `headers` (or the older `fetchOptions.headers`). A client built with its own `httpClient` may
   * add any header in a hook; a client from elsewhere (import, parameter, field) is unknown.
   */
  private sdkSite(site: TokenSite): HeaderSet {
    const call = site.call;
    const isFunction = site.sdk !== undefined && !site.sdk.name.includes('.');
    // React-query hooks get their client from a provider somewhere up the component tree.
    if (call.callee.type === TSESTree.AST_NODE_TYPES.Identifier && /^use[A-Z]/.test(call.callee.name)) return { entries: [], complete: false, sdkAuth: true };
    let root: TSESTree.Node | undefined;
    if (isFunction) root = call.arguments[0];
    else {
      root = call.callee;
      while (root.type === TSESTree.AST_NODE_TYPES.MemberExpression || root.type === TSESTree.AST_NODE_TYPES.ChainExpression) root = root.type === TSESTree.AST_NODE_TYPES.ChainExpression ? root.expression : root.object;
    }
    const client = root && root.type !== TSESTree.AST_NODE_TYPES.SpreadElement ? this.sdkClientConfig(root) : UNKNOWN();
    const options = call.arguments.slice(isFunction ? 2 : 1).map((arg) => this.sdkOptions(arg));
    return { ...merge(client, ...options), sdkAuth: true };
  }

  private sdkClientConfig(node: TSESTree.Node): HeaderPart {
    let target = unwrap(node);
    if (target.type === TSESTree.AST_NODE_TYPES.Identifier) {
      const init = this.strings.constantInitializer(target);
      if (!init) return UNKNOWN();
      target = unwrap(init);
    }
    if (target.type !== TSESTree.AST_NODE_TYPES.NewExpression || !isSdkConstructor(this.sourceCode, target.callee, this.sdkPackage)) return UNKNOWN();
    const arg = target.arguments[0];
    if (!arg) return EMPTY();
    const config = arg.type === TSESTree.AST_NODE_TYPES.SpreadElement ? undefined : this.strings.objectLiteral(arg);
    if (!config) return UNKNOWN();
    const opaque = config.properties.some((property) => property.type === TSESTree.AST_NODE_TYPES.SpreadElement || propertyKeyName(property) === 'httpClient');
    return opaque ? UNKNOWN() : EMPTY();
  }

  /** An argument after the SDK request: a version number, an id, or the per-call options. */
  private sdkOptions(arg: TSESTree.CallExpressionArgument): HeaderPart {
    if (arg.type === TSESTree.AST_NODE_TYPES.SpreadElement) return UNKNOWN();
    const target = unwrap(arg);
    if (target.type === TSESTree.AST_NODE_TYPES.Literal || target.type === TSESTree.AST_NODE_TYPES.TemplateLiteral) return EMPTY();
    if (target.type === TSESTree.AST_NODE_TYPES.Identifier && target.name === 'undefined') return EMPTY();
    const options = this.strings.objectLiteral(target);
    if (!options) return UNKNOWN();
    if (options.properties.some((property) => property.type === TSESTree.AST_NODE_TYPES.SpreadElement)) return UNKNOWN();
    // The SDK takes `options.headers ?? options.fetchOptions.headers`.
    const headers = propertyValue(options, 'headers');
    if (headers) return this.fromValue(headers);
    const fetchOptions = propertyValue(options, 'fetchOptions');
    if (!fetchOptions) return EMPTY();
    const fetchObject = this.strings.objectLiteral(fetchOptions);
    if (!fetchObject) return UNKNOWN();
    const nested = propertyValue(fetchObject, 'headers');
    return nested ? this.fromValue(nested) : EMPTY();
  }

  private keyName(property: TSESTree.Property): string | undefined {
    if (!property.computed) return propertyKeyName(property);
    return this.staticText(property.key);
  }

  private memberName(member: TSESTree.MemberExpression): string | undefined {
    if (!member.computed) return memberKey(member);
    return this.staticText(member.property);
  }

  /** The value of a string expression when every part of it is known. */
  staticText(node: TSESTree.Node): string | undefined {
    return fullText(this.strings.evaluate(node));
  }
}

export function fullText(pattern: StringPattern | undefined): string | undefined {
  if (!pattern || !pattern.every(isTextPiece)) return undefined;
  return pattern.map((piece) => (isTextPiece(piece) ? piece.text : '')).join('');
}

function isRequireCall(call: TSESTree.CallExpression): boolean {
  return call.callee.type === TSESTree.AST_NODE_TYPES.Identifier && call.callee.name === 'require';
}

function isWriteTarget(node: TSESTree.Node): boolean {
  const parent = node.parent;
  if (!parent) return false;
  if (parent.type === TSESTree.AST_NODE_TYPES.AssignmentExpression && parent.left === node) return true;
  if (parent.type === TSESTree.AST_NODE_TYPES.UnaryExpression && parent.operator === 'delete') return true;
  return parent.type === TSESTree.AST_NODE_TYPES.CallExpression && parent.arguments.includes(node as TSESTree.Expression);
}

