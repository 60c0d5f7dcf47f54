import { TSESTree, type ParserServicesWithTypeInformation, type TSESLint } from '../ts-eslint-lite.js';
import type ts from 'typescript';
import { typescript } from '../load-typescript.js';
import { fieldFinding, type FieldUse, type MigrationContext } from './field-migrations.js';
import type { FieldFinding } from './findings.js';
import { schemaIndexFor, type DeprecatedField, type SchemaIndex } from './schemas.js';
import { catalogFor } from '../flow/catalog.js';
import type { Settings } from '../settings.js';
import { memberKey, propertyKeyName } from '../project/ast.js';
import { walkTree } from '../project/ast.js';

const T = TSESTree.AST_NODE_TYPES;

/**
 * What type-aware mode needs for one file: the TypeScript program typescript-eslint built (from
 * `parserOptions.projectService` or `project`), and where the SDK's declarations live.
 */
export interface TypeInfo {
  services: ParserServicesWithTypeInformation;
  checker: ts.TypeChecker;
  /** The SDK's npm package (`schedule.sdk.package`): only declarations in its files are the service's types. */
  sdkPackage: string;
}

/** What the typed look at one file needs: the file, the program's view of it, the schema index. */
export interface TypedContext extends MigrationContext {
  typeInfo: TypeInfo;
  schemas: SchemaIndex;
}

/** The file's type information, when the parser was given a project; never throws without one. */
export function typeInfoFor(sourceCode: Readonly<TSESLint.SourceCode>, sdkPackage: string): TypeInfo | undefined {
  const services = sourceCode.parserServices as Partial<ParserServicesWithTypeInformation> | undefined;
  if (!services?.program || !services.esTreeNodeToTSNodeMap) return undefined;
  return { services: services as ParserServicesWithTypeInformation, checker: services.program.getTypeChecker(), sdkPackage };
}

/**
 * Deprecated fields found through TypeScript's types (issue #7): property reads, assignments,
 * object-literal keys and destructured keys whose object's type is one of the service's schema
 * objects, wherever that type came from (the SDK's models, openapi-typescript's
 * `components["schemas"][…]`, the app's aliases and re-exports of either).
 *
 * Only nodes named like a deprecated field reach the type checker. A type counts only when the
 * property's declaration is the service's: in the SDK package's files or in an openapi-typescript
 * `components` interface. An `any` or `unknown`, or a union where some member that has the property
 * is not a service schema with that deprecated property, gives no finding: the syntax-only
 * analysis is then all there is.
 */
export function findTypedFields(context: TypedContext): FieldFinding[] {
  const info = context.typeInfo;
  const names = context.schemas.fieldNames;
  const resolver = new TypedResolver(info, context.schemas);
  const findings: FieldFinding[] = [];
  const report = (fields: DeprecatedField[] | undefined, use: FieldUse) => {
    for (const field of fields ?? []) findings.push(fieldFinding(context, field, use, undefined));
  };
  walkTree(context.sourceCode.ast, context.sourceCode.visitorKeys, (node) => {
    if (node.type === T.MemberExpression) {
      const name = memberKey(node);
      if (name !== undefined && names.has(name)) {
        const parent = node.parent;
        const writes = parent?.type === T.AssignmentExpression && parent.left === node && parent.operator === '=';
        const fields = resolver.fieldsOfExpression(node.object, name, writes ? 'request' : 'any');
        report(fields, writes ? { kind: 'request-assign', member: node, value: parent.right } : { kind: 'response-read', member: node });
      }
    } else if (node.type === T.Property) {
      const name = propertyKeyName(node);
      if (name !== undefined && names.has(name)) {
        if (node.parent.type === T.ObjectExpression) report(resolver.fieldsOfLiteral(node.parent, name), { kind: 'request-key', property: node });
        else if (node.parent.type === T.ObjectPattern) report(resolver.fieldsOfPattern(node.parent, name), { kind: 'response-destructure', property: node });
      }
    }
  });
  return findings;
}

/** Where the value goes: object-literal keys and assignments count only on objects that requests carry. */
type Side = 'request' | 'any';

/** Maps TypeScript types to the schedule's schema objects, with a cache per property symbol. */
export class TypedResolver {
  private readonly owners = new Map<ts.Symbol, string[] | null>();

  constructor(
    private readonly info: TypeInfo,
    private readonly schemas: SchemaIndex,
  ) {}

  /** `x.name`: the fields of the type of `x`. */
  fieldsOfExpression(object: TSESTree.Node, name: string, side: Side): DeprecatedField[] | undefined {
    const tsNode = this.info.services.esTreeNodeToTSNodeMap.get(object);
    if (!tsNode) return undefined;
    return this.fieldsOf(this.info.checker.getTypeAtLocation(tsNode), name, side);
  }

  /** `{ name: … }`: the fields of the literal's contextual type (a parameter, a return type, a declared variable). */
  fieldsOfLiteral(literal: TSESTree.ObjectExpression, name: string): DeprecatedField[] | undefined {
    const tsNode = this.info.services.esTreeNodeToTSNodeMap.get(literal);
    if (!tsNode || !typescript.isObjectLiteralExpression(tsNode)) return undefined;
    const type = this.info.checker.getContextualType(tsNode);
    return type && this.fieldsOf(type, name, 'request');
  }

  /** `const { name } = x` and destructured parameters: the fields of the destructured value's type. */
  fieldsOfPattern(pattern: TSESTree.ObjectPattern, name: string): DeprecatedField[] | undefined {
    const tsNode = this.info.services.esTreeNodeToTSNodeMap.get(pattern);
    if (!tsNode || !typescript.isObjectBindingPattern(tsNode)) return undefined;
    return this.fieldsOf(this.info.checker.getTypeAtLocation(tsNode), name, 'any');
  }

  /**
   * The deprecated fields `name` is on a value of this type: every member of the type (a union's
   * members, `null`/`undefined` left out) that has the property must declare it on a service schema
   * object with this deprecated property; members without the property do not count.
   */
  fieldsOf(type: ts.Type, name: string, side: Side): DeprecatedField[] | undefined {
    const { checker } = this.info;
    const members = type.isUnion() ? type.types : [type];
    const fields: DeprecatedField[] = [];
    for (const member of members) {
      if (member.flags & (typescript.TypeFlags.Any | typescript.TypeFlags.Unknown)) return undefined;
      if (member.flags & (typescript.TypeFlags.Null | typescript.TypeFlags.Undefined | typescript.TypeFlags.Void | typescript.TypeFlags.Never)) continue;
      const property = checker.getPropertyOfType(checker.getApparentType(member), name);
      if (!property) continue;
      const owners = this.ownersOf(property);
      if (!owners) return undefined;
      for (const owner of owners) {
        if (side === 'request' && !this.schemas.inRequests(owner)) return undefined;
        const found = this.schemas.deprecated({ name: owner, array: 0 }, name);
        if (found.length === 0) return undefined;
        for (const field of found) if (!fields.some((known) => known.item === field.item)) fields.push(field);
      }
    }
    return fields.length > 0 ? fields : undefined;
  }

  /** The schema objects a property symbol is declared on; null when any declaration is not the service's. */
  private ownersOf(property: ts.Symbol): string[] | null {
    const known = this.owners.get(property);
    if (known !== undefined) return known;
    const declarations = property.declarations ?? [];
    const owners: string[] = [];
    for (const declaration of declarations) {
      const owner = schemaOwner(declaration, this.info.sdkPackage);
      if (owner === undefined || !this.schemas.knows(owner)) {
        this.owners.set(property, null);
        return null;
      }
      if (!owners.includes(owner)) owners.push(owner);
    }
    const result = owners.length > 0 ? owners : null;
    this.owners.set(property, result);
    return result;
  }
}

/**
 * The schema object a property declaration belongs to: `export type ChatMessage = { citations?: … }`
 * or `interface ChatMessage { … }` in the SDK package's files, or openapi-typescript's
 * `interface components { schemas: { ChatMessage: { citations?: … } } }` in any file.
 */
export function schemaOwner(declaration: ts.Declaration, sdkPackage: string): string | undefined {
  if (!typescript.isPropertySignature(declaration) && !typescript.isPropertyDeclaration(declaration)) return undefined;
  const container = declaration.parent;
  const inSdk = () => declaration.getSourceFile().fileName.includes(`/${sdkPackage}/`);
  if (typescript.isInterfaceDeclaration(container) || typescript.isClassDeclaration(container)) return inSdk() ? container.name?.text : undefined;
  if (!typescript.isTypeLiteralNode(container)) return undefined;
  const holder = container.parent;
  if (typescript.isTypeAliasDeclaration(holder)) return inSdk() ? holder.name.text : undefined;
  // openapi-typescript: components → schemas → Name → { property }.
  if (!typescript.isPropertySignature(holder) || !typescript.isTypeLiteralNode(holder.parent)) return undefined;
  const schemasProperty = holder.parent.parent;
  if (!typescript.isPropertySignature(schemasProperty) || propertyName(schemasProperty.name) !== 'schemas') return undefined;
  const root = schemasProperty.parent;
  const rootName = typescript.isInterfaceDeclaration(root) ? root.name.text : typescript.isTypeLiteralNode(root) && typescript.isTypeAliasDeclaration(root.parent) ? root.parent.name.text : undefined;
  return rootName === 'components' ? propertyName(holder.name) : undefined;
}

function propertyName(name: ts.PropertyName): string | undefined {
  return typescript.isIdentifier(name) || typescript.isStringLiteral(name) || typescript.isNumericLiteral(name) ? name.text : undefined;
}

/**
 * The gate for type-aware mode: with a program, a file that names a deprecated field or a
 * deprecated endpoint's SDK method may hold a finding whatever else it mentions, because its
 * types can come from other files.
 */
export function mayContainTypedFinding(text: string, settings: Settings): boolean {
  for (const name of schemaIndexFor(settings.schedule).fieldNames) if (text.includes(name)) return true;
  for (const name of catalogFor(settings.schedule).deprecatedMethodNames) if (text.includes(name)) return true;
  return false;
}
