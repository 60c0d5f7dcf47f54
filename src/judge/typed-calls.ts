import { TSESTree, type TSESLint } from '../ts-eslint-lite.js';
import type ts from 'typescript';
import { typescript } from '../load-typescript.js';
import type { Catalog, KnownEndpoint } from '../flow/catalog.js';
import type { EndpointFinding, Finding } from './findings.js';
import type { TypeInfo } from './typed-fields.js';
import { walkTree } from '../project/ast.js';

const T = TSESTree.AST_NODE_TYPES;

interface SdkMethodTarget {
  /** `indexing.people.bulkIndex` */
  path: string;
  endpoint: KnownEndpoint;
}

/** Per program: the SDK method declarations of deprecated endpoints, found from the client class. */
const targetsCache = new WeakMap<ts.Program, WeakMap<Catalog, Map<ts.Declaration, SdkMethodTarget>>>();

/**
 * Calls of deprecated endpoints' SDK methods found through types (issue #7): `x.indexing.people.bulkIndex(…)`
 * where `x` is the SDK client by its type only (a parameter typed with an alias from another
 * module, a client exported from a module the syntax-only analysis cannot read, a sub-client
 * passed around: `people.bulkIndex(…)` with `people: Glean['indexing']['people']`). The callee's
 * declaration must be the method the client class reaches by the method path in the data; the
 * checker is asked only about calls whose method name is one of those methods' names.
 */
export function findTypedCalls(sourceCode: Readonly<TSESLint.SourceCode>, info: TypeInfo, catalog: Catalog, known: readonly Finding[]): EndpointFinding[] {
  const methodNames = catalog.deprecatedMethodNames;
  if (methodNames.size === 0 || ![...methodNames].some((name) => sourceCode.text.includes(name))) return [];
  let targets: Map<ts.Declaration, SdkMethodTarget> | undefined;
  const reported = new Set(known.filter((finding) => finding.kind === 'endpoint').map((finding) => `${finding.node.range.join(':')}:${finding.item.id}`));
  const findings: EndpointFinding[] = [];
  walkTree(sourceCode.ast, sourceCode.visitorKeys, (node) => {
    if (node.type === T.CallExpression) {
      const callee = node.callee.type === T.ChainExpression ? node.callee.expression : node.callee;
      if (callee.type === T.MemberExpression && !callee.computed && callee.property.type === T.Identifier && methodNames.has(callee.property.name)) {
        targets ??= sdkTargets(info, catalog);
        const target = targetOf(info, targets, callee.property);
        if (target) {
          for (const item of target.endpoint.endpointItems) {
            const key = `${callee.property.range.join(':')}:${item.id}`;
            if (reported.has(key)) continue;
            reported.add(key);
            findings.push({ kind: 'endpoint', node: callee.property, item, via: target.path });
          }
        }
      }
    }
  });
  return findings;
}

function targetOf(info: TypeInfo, targets: Map<ts.Declaration, SdkMethodTarget>, property: TSESTree.Identifier): SdkMethodTarget | undefined {
  if (targets.size === 0) return undefined;
  const tsNode = info.services.esTreeNodeToTSNodeMap.get(property);
  const symbol = tsNode && info.checker.getSymbolAtLocation(tsNode);
  for (const declaration of symbol?.declarations ?? []) {
    const target = targets.get(declaration);
    if (target) return target;
  }
  return undefined;
}

/** Walks `Glean` → `indexing` → `people` → `bulkIndex` through the SDK's declarations for every deprecated endpoint's method. */
function sdkTargets(info: TypeInfo, catalog: Catalog): Map<ts.Declaration, SdkMethodTarget> {
  const program = info.services.program;
  let perCatalog = targetsCache.get(program);
  if (!perCatalog) targetsCache.set(program, (perCatalog = new WeakMap()));
  let targets = perCatalog.get(catalog);
  if (targets) return targets;
  targets = new Map();
  perCatalog.set(catalog, targets);
  const client = clientClass(program, catalog.schedule.sdk.package, catalog.schedule.sdk.className);
  if (!client) return targets;
  const { checker } = info;
  const root = checker.getTypeAtLocation(client);
  for (const [path, target] of catalog.sdkMethods) {
    if (target.endpoint.endpointItems.length === 0) continue;
    let type: ts.Type | undefined = root;
    let symbol: ts.Symbol | undefined;
    for (const step of path.split('.')) {
      symbol = type && checker.getPropertyOfType(type, step);
      type = symbol && checker.getTypeOfSymbol(symbol);
    }
    for (const declaration of symbol?.declarations ?? []) targets.set(declaration, { path, endpoint: target.endpoint });
  }
  return targets;
}

/** The SDK's client class declaration (`export declare class Glean`) among the program's files in the SDK package. */
function clientClass(program: ts.Program, sdkPackage: string, className: string | undefined): ts.ClassDeclaration | undefined {
  if (!className) return undefined;
  const marker = `/${sdkPackage}/`;
  for (const file of program.getSourceFiles()) {
    if (!file.fileName.includes(marker)) continue;
    for (const statement of file.statements) {
      if (typescript.isClassDeclaration(statement) && statement.name?.text === className) return statement;
    }
  }
  return undefined;
}
