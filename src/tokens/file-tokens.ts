import { TSESTree, type TSESLint } from '../ts-eslint-lite.js';
import type { KnownEndpoint } from '../flow/catalog.js';
import { fileReport } from '../judge/file-report.js';
import { memberKey, propertyKeyName, propertyValue, unwrap, walkTree } from '../project/ast.js';
import type { Settings } from '../settings.js';
import { flatten, isTextPiece, StringEvaluator, type StringPattern } from './strings.js';
import { tokenSite, type TokenSite } from './sites.js';
import { authSchemeFor, escapeRegExp, isPlaceholderSecret, type AuthScheme } from './auth.js';
import { fullText, HeaderResolver, type HeaderEntry, type HeaderSet } from './headers.js';
import { isSdkConstructor } from './sdk-clients.js';

/** A request the analysis ties to a known endpoint of the service. */
export interface ServiceRequest {
  site: TokenSite;
  endpoint: KnownEndpoint;
}

/** Where a token secret is written, and how it reaches the service. */
export interface HardcodedToken {
  node: TSESTree.Node;
  where: 'header' | 'sdk';
}

/** A place that sets the act-as header, whatever it is sent with. */
export interface ActAsWrite {
  /** The header's name as written (for the message) and the node naming it. */
  header: string;
  node: TSESTree.Node;
  value?: TSESTree.Node;
}

/** A value's alternatives that are fully known strings: `process.env.X ?? 'fallback'` has one. */
export interface StaticBranch {
  node: TSESTree.Node;
  pattern: StringPattern;
  text: string;
}

const MAX_DEPTH = 6;
const MAX_ALTERNATIVES = 16;
const BASE_URL_KEYS = ['baseURL', 'baseUrl', 'prefixUrl'];

/** What the token rules read about one file, computed lazily and once per file and settings. */
export class TokenFile {
  readonly scheme: AuthScheme;
  readonly strings: StringEvaluator;
  readonly resolver: HeaderResolver;
  private requestList: ServiceRequest[] | undefined;
  private readonly headerSets = new Map<TokenSite, HeaderSet | undefined>();
  private walked: { constructions: TSESTree.NewExpression[]; instanceConfigs: TSESTree.ObjectExpression[]; actAs: ActAsWrite[] } | undefined;

  constructor(
    private readonly sourceCode: Readonly<TSESLint.SourceCode>,
    private readonly filename: string,
    readonly settings: Settings,
    private readonly cwd: string,
  ) {
    this.scheme = authSchemeFor(settings.schedule);
    this.strings = new StringEvaluator(sourceCode);
    this.resolver = new HeaderResolver(sourceCode, this.strings, settings.schedule.sdk.package);
  }

  requests(): ServiceRequest[] {
    this.requestList ??= fileReport(this.sourceCode, this.filename, this.settings, this.cwd).sites.flatMap((site) => {
      const token = site.endpoint ? tokenSite(site) : undefined;
      return token?.endpoint ? [{ site: token, endpoint: token.endpoint }] : [];
    });
    return this.requestList;
  }

  headersOf(site: TokenSite): HeaderSet | undefined {
    if (!this.headerSets.has(site)) this.headerSets.set(site, this.resolver.forSite(site));
    return this.headerSets.get(site);
  }

  /** Whether a header (or one of the act-as aliases) is among the entries. */
  has(set: Pick<HeaderSet, 'entries'>, names: ReadonlySet<string> | string): boolean {
    return set.entries.some((entry) => (typeof names === 'string' ? entry.name === names : names.has(entry.name)));
  }

  /** Token secrets written into the Authorization header of a service request or instance, or into the SDK client's token option. */
  hardcodedTokens(): HardcodedToken[] {
    const found = new Map<string, HardcodedToken>();
    const add = (node: TSESTree.Node, where: HardcodedToken['where']) => found.set(`${node.range[0]}:${node.range[1]}`, { node, where });
    const authorization = (entries: HeaderEntry[]) => {
      for (const entry of entries) {
        if (entry.name !== this.scheme.authorization.lower || !entry.value) continue;
        for (const node of this.secretsIn(entry.value, this.scheme.authorization.scheme)) add(node, 'header');
      }
    };
    for (const { site } of this.requests()) authorization(this.headersOf(site)?.entries ?? []);
    const { constructions, instanceConfigs } = this.walk();
    for (const config of instanceConfigs) authorization(this.resolver.forInstanceConfig(config).entries);
    const option = this.scheme.tokenOption;
    if (option) {
      for (const construction of constructions) {
        const arg = construction.arguments[0];
        const config = arg && arg.type !== TSESTree.AST_NODE_TYPES.SpreadElement ? this.strings.objectLiteral(arg) : undefined;
        const value = config && propertyValue(config, option);
        if (value) for (const node of this.secretsIn(value, undefined)) add(node, 'sdk');
      }
    }
    return [...found.values()].sort((a, b) => a.node.range[0] - b.node.range[0]);
  }

  actAsWrites(): ActAsWrite[] {
    return this.walk().actAs;
  }

  /**
   * Where each real secret in a value is written. With a scheme (`Bearer`), only values that
   * start with it count and the secret is what follows; placeholders never count.
   */
  private secretsIn(value: TSESTree.Node, scheme: string | undefined): TSESTree.Node[] {
    const nodes: TSESTree.Node[] = [];
    for (const branch of this.staticBranches(value)) {
      let offset = branch.text.length - branch.text.trimStart().length;
      if (scheme) {
        const match = new RegExp(`^\\s*${escapeRegExp(scheme)}\\s+`, 'i').exec(branch.text);
        if (!match) continue;
        offset = match[0].length;
      }
      if (isPlaceholderSecret(branch.text.slice(offset))) continue;
      const origin = flatten(branch.pattern).owners[offset]?.origin ?? branch.node;
      nodes.push(origin.type === TSESTree.AST_NODE_TYPES.TemplateElement ? origin.parent : origin);
    }
    return nodes;
  }

  /** The fully known strings a value may be, looking through `??`, `||`, `?:` and constants that hold them. */
  staticBranches(node: TSESTree.Node, depth = 0): StaticBranch[] {
    if (depth > MAX_DEPTH) return [];
    const target = unwrap(node);
    if (target.type === TSESTree.AST_NODE_TYPES.LogicalExpression) return [...this.staticBranches(target.left, depth + 1), ...this.staticBranches(target.right, depth + 1)];
    if (target.type === TSESTree.AST_NODE_TYPES.ConditionalExpression) return [...this.staticBranches(target.consequent, depth + 1), ...this.staticBranches(target.alternate, depth + 1)];
    if (target.type === TSESTree.AST_NODE_TYPES.Identifier) {
      const init = this.strings.constantInitializer(target);
      const inner = init && unwrap(init);
      if (inner && (inner.type === TSESTree.AST_NODE_TYPES.LogicalExpression || inner.type === TSESTree.AST_NODE_TYPES.ConditionalExpression)) return this.staticBranches(inner, depth + 1);
    }
    return this.alternatives(target, depth).map((pattern) => ({ node: target, pattern, text: fullText(pattern)! }));
  }

  /**
   * Every fully known value of a string expression, multiplying out alternatives inside it:
   * `` `Bearer ${process.env.T ?? 'secret'}` `` may be `Bearer secret`.
   */
  private alternatives(node: TSESTree.Node, depth: number): StringPattern[] {
    if (depth > MAX_DEPTH) return [];
    const target = unwrap(node);
    const product = (parts: StringPattern[][]) =>
      parts.reduce<StringPattern[]>((acc, options) => acc.flatMap((prefix) => options.map((option) => [...prefix, ...option])).slice(0, MAX_ALTERNATIVES), [[]]);
    switch (target.type) {
      case TSESTree.AST_NODE_TYPES.LogicalExpression:
        return [...this.alternatives(target.left, depth + 1), ...this.alternatives(target.right, depth + 1)];
      case TSESTree.AST_NODE_TYPES.ConditionalExpression:
        return [...this.alternatives(target.consequent, depth + 1), ...this.alternatives(target.alternate, depth + 1)];
      case TSESTree.AST_NODE_TYPES.TemplateLiteral:
        if (!target.expressions.some((expression) => this.hasAlternatives(expression))) break;
        return product(
          target.quasis.flatMap((quasi, i) => {
            const expression = target.expressions[i];
            const text: StringPattern[][] = [[[{ text: quasi.value.cooked ?? '', origin: quasi }]]];
            return expression ? [...text, this.alternatives(expression, depth + 1)] : text;
          }),
        );
      case TSESTree.AST_NODE_TYPES.BinaryExpression:
        if (target.operator !== '+' || !(this.hasAlternatives(target.left) || this.hasAlternatives(target.right))) break;
        return product([this.alternatives(target.left, depth + 1), this.alternatives(target.right, depth + 1)]);
      case TSESTree.AST_NODE_TYPES.Identifier: {
        const init = this.strings.constantInitializer(target);
        if (init && this.hasAlternatives(init)) return this.alternatives(init, depth + 1);
        break;
      }
      default:
        break;
    }
    const pattern = this.strings.evaluate(target);
    return pattern && fullText(pattern) !== undefined ? [pattern] : [];
  }

  private hasAlternatives(node: TSESTree.Node, depth = 0): boolean {
    const target = unwrap(node);
    if (target.type === TSESTree.AST_NODE_TYPES.LogicalExpression || target.type === TSESTree.AST_NODE_TYPES.ConditionalExpression) return true;
    if (target.type !== TSESTree.AST_NODE_TYPES.Identifier || depth > MAX_DEPTH) return false;
    const init = this.strings.constantInitializer(target);
    return init !== undefined && this.hasAlternatives(init, depth + 1);
  }

  /** One pass over the tree for what no request site carries: SDK constructions, instance configs, act-as writes. */
  private walk() {
    if (this.walked) return this.walked;
    const walked = { constructions: [] as TSESTree.NewExpression[], instanceConfigs: [] as TSESTree.ObjectExpression[], actAs: [] as ActAsWrite[] };
    const actAs = this.scheme.actAs && this.scheme.actAsMention?.test(this.sourceCode.text) ? this.scheme.actAs.lower : undefined;
    const prefixes = Object.values(this.settings.schedule.apis).map((api) => api.prefix.replace(/^\//, ''));
    walkTree(this.sourceCode.ast, this.sourceCode.visitorKeys, (node) => this.visit(node, walked, actAs, prefixes));
    this.walked = walked;
    return walked;
  }

  private visit(node: TSESTree.Node, walked: NonNullable<TokenFile['walked']>, actAs: ReadonlySet<string> | undefined, prefixes: string[]): void {
    const sdkPackage = this.settings.schedule.sdk.package;
    switch (node.type) {
      case TSESTree.AST_NODE_TYPES.NewExpression:
        if (isSdkConstructor(this.sourceCode, node.callee, sdkPackage)) walked.constructions.push(node);
        return;
      case TSESTree.AST_NODE_TYPES.CallExpression: {
        const method = node.callee.type === TSESTree.AST_NODE_TYPES.MemberExpression ? memberKey(node.callee) : undefined;
        if ((method === 'create' || method === 'extend') && node.arguments[0]) {
          const config = node.arguments[0].type === TSESTree.AST_NODE_TYPES.SpreadElement ? undefined : this.strings.objectLiteral(node.arguments[0]);
          if (config && this.hasServiceBase(config, prefixes)) walked.instanceConfigs.push(config);
        }
        if (actAs && (method === 'set' || method === 'append')) {
          const [name, value] = node.arguments;
          const text = name && name.type !== TSESTree.AST_NODE_TYPES.SpreadElement ? this.resolver.staticText(name) : undefined;
          if (name && text !== undefined && actAs.has(text.toLowerCase())) walked.actAs.push({ header: text, node: name, value: value?.type === TSESTree.AST_NODE_TYPES.SpreadElement ? undefined : value });
        }
        return;
      }
      case TSESTree.AST_NODE_TYPES.Property: {
        if (!actAs || node.parent.type !== TSESTree.AST_NODE_TYPES.ObjectExpression) return;
        const text = node.computed ? this.resolver.staticText(node.key) : propertyKeyName(node);
        if (text !== undefined && actAs.has(text.toLowerCase())) walked.actAs.push({ header: text, node: node.key, value: node.value });
        return;
      }
      case TSESTree.AST_NODE_TYPES.AssignmentExpression: {
        if (!actAs || node.left.type !== TSESTree.AST_NODE_TYPES.MemberExpression) return;
        const text = node.left.computed ? this.resolver.staticText(node.left.property) : memberKey(node.left);
        if (text !== undefined && actAs.has(text.toLowerCase())) walked.actAs.push({ header: text, node: node.left.property, value: node.right });
        return;
      }
      default:
        return;
    }
  }

  private hasServiceBase(config: TSESTree.ObjectExpression, prefixes: string[]): boolean {
    return BASE_URL_KEYS.some((key) => {
      const value = propertyValue(config, key);
      const pattern = value && this.strings.evaluate(value);
      if (!pattern) return false;
      const text = pattern.filter(isTextPiece).map((piece) => piece.text).join('');
      return prefixes.some((prefix) => text.includes(prefix));
    });
  }
}

const cache = new WeakMap<TSESTree.Program, { settings: Settings; tokens: TokenFile }>();

export function tokensOf(sourceCode: Readonly<TSESLint.SourceCode>, filename: string, settings: Settings, cwd: string): TokenFile {
  const cached = cache.get(sourceCode.ast);
  if (cached?.settings === settings) return cached.tokens;
  const tokens = new TokenFile(sourceCode, filename, settings, cwd);
  cache.set(sourceCode.ast, { settings, tokens });
  return tokens;
}

/** `POST /rest/api/v1/chat`, as the messages name an endpoint. */
export function endpointLabel(endpoint: KnownEndpoint): string {
  return `${endpoint.method} ${endpoint.path}`;
}
