import { TSESTree, type TSESLint } from '../ts-eslint-lite.js';
import type { SdkInfo } from '../schedule/types.js';
import type { SchemaIndex, SchemaType } from './schemas.js';

/**
 * Reads the SDK's type names in annotations without type information: `m: ChatMessage`,
 * `const r: CreateAnnouncementRequest = …`, `satisfies IndexEmployeeRequest`, and local aliases
 * (`type Msg = ChatMessage`). A name counts only when it is imported from the SDK's types modules:
 * an app's own `interface ChatMessage { citations }` is a look-alike, not the service's.
 */
export class SdkTypes {
  /** Local type name → the schema type it stands for. */
  private readonly names = new Map<string, SchemaType>();
  /** The file's named import from the SDK's models module, where a suggestion can add the type it needs. */
  private modelImport: TSESTree.ImportDeclaration | undefined;

  constructor(private readonly sourceCode: Readonly<TSESLint.SourceCode>, sdk: SdkInfo, private readonly schemas: SchemaIndex) {
    const modules = new Set([sdk.package, ...(sdk.typesModules ?? [])].flatMap((name) => [name, `${name}/index.js`, `${name}.js`]));
    // The package's root exports the client, not the models.
    const root = new Set([sdk.package, `${sdk.package}/index.js`, `${sdk.package}.js`]);
    const body = sourceCode.ast.body;
    for (const statement of body) {
      if (statement.type !== TSESTree.AST_NODE_TYPES.ImportDeclaration || !modules.has(statement.source.value)) continue;
      if (!root.has(statement.source.value) && !this.modelImport && statement.specifiers.some((specifier) => specifier.type === TSESTree.AST_NODE_TYPES.ImportSpecifier)) this.modelImport = statement;
      for (const specifier of statement.specifiers) {
        if (specifier.type !== TSESTree.AST_NODE_TYPES.ImportSpecifier) continue;
        const imported = specifier.imported.type === TSESTree.AST_NODE_TYPES.Identifier ? specifier.imported.name : specifier.imported.value;
        if (schemas.knows(imported)) this.names.set(specifier.local.name, { name: imported, array: 0 });
      }
    }
    if (this.names.size === 0) return;
    // Aliases may refer to aliases declared later; a few passes settle any realistic chain.
    for (let pass = 0; pass < 3; pass++) {
      for (const statement of body) {
        const declaration = statement.type === TSESTree.AST_NODE_TYPES.ExportNamedDeclaration ? statement.declaration : statement;
        if (declaration?.type !== TSESTree.AST_NODE_TYPES.TSTypeAliasDeclaration || this.names.has(declaration.id.name)) continue;
        const type = this.ofAnnotation(declaration.typeAnnotation);
        if (type) this.names.set(declaration.id.name, type);
      }
    }
  }

  /** Whether this file names any of the SDK's schema types: without that, no annotation can matter. */
  get any(): boolean {
    return this.names.size > 0;
  }

  /** The schema type a local type name stands for: an SDK import or a local alias of one. */
  ofName(name: string): SchemaType | undefined {
    return this.names.get(name);
  }

  /** The local name under which this file can write a schema object's type (an import or an alias of it). */
  localName(schemaName: string): string | undefined {
    for (const [local, type] of this.names) if (type.name === schemaName && type.array === 0) return local;
    return undefined;
  }

  /**
   * How a suggestion names a schema object's type that the file does not import yet: the name, and
   * the import specifier to add to the file's import from the SDK's models module. Undefined
   * without such an import: a suggestion then does not add one.
   */
  importable(schemaName: string): { name: string; specifier: string; after: TSESTree.ImportSpecifier } | undefined {
    const declaration = this.modelImport;
    // A name the file already uses for something else would clash.
    if (!declaration || new RegExp(`\\b${schemaName}\\b`).test(this.sourceCode.text)) return undefined;
    const after = declaration.specifiers.filter((specifier) => specifier.type === TSESTree.AST_NODE_TYPES.ImportSpecifier).at(-1);
    if (!after) return undefined;
    return { name: schemaName, specifier: declaration.importKind === 'type' ? schemaName : `type ${schemaName}`, after };
  }

  /** The schema type an annotation stands for: `ChatMessage`, `ChatMessage[]`, `Array<ChatMessage>`, `ChatMessage | undefined`. */
  ofAnnotation(node: TSESTree.TypeNode | undefined): SchemaType | undefined {
    if (!node || this.names.size === 0) return undefined;
    switch (node.type) {
      case TSESTree.AST_NODE_TYPES.TSTypeReference: {
        if (node.typeName.type !== TSESTree.AST_NODE_TYPES.Identifier) return undefined;
        const name = node.typeName.name;
        const argument = node.typeArguments?.params[0];
        if ((name === 'Array' || name === 'ReadonlyArray') && argument) {
          const element = this.ofAnnotation(argument);
          return element && { name: element.name, array: element.array + 1 };
        }
        if ((name === 'Partial' || name === 'Required' || name === 'Readonly' || name === 'NonNullable') && argument) return this.ofAnnotation(argument);
        return this.names.get(name);
      }
      case TSESTree.AST_NODE_TYPES.TSArrayType: {
        const element = this.ofAnnotation(node.elementType);
        return element && { name: element.name, array: element.array + 1 };
      }
      case TSESTree.AST_NODE_TYPES.TSTypeOperator:
        return node.operator === 'readonly' ? this.ofAnnotation(node.typeAnnotation) : undefined;
      case TSESTree.AST_NODE_TYPES.TSUnionType: {
        // `T | undefined | null` is T; a union of two schema types is not one position.
        const types = node.types.filter((member) => !isNullish(member)).map((member) => this.ofAnnotation(member));
        return types.length === 1 ? types[0] : undefined;
      }
      default:
        return undefined;
    }
  }

  /** The schema type of a binding's own annotation (`(m: ChatMessage) => …`, `const r: ChatRequest = …`). */
  ofBinding(node: TSESTree.Node): SchemaType | undefined {
    if ('typeAnnotation' in node && node.typeAnnotation && node.typeAnnotation.type === TSESTree.AST_NODE_TYPES.TSTypeAnnotation) {
      return this.ofAnnotation(node.typeAnnotation.typeAnnotation);
    }
    return undefined;
  }
}

function isNullish(node: TSESTree.TypeNode): boolean {
  return node.type === TSESTree.AST_NODE_TYPES.TSUndefinedKeyword || node.type === TSESTree.AST_NODE_TYPES.TSNullKeyword;
}
