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

  constructor(sourceCode: Readonly<TSESLint.SourceCode>, sdk: SdkInfo, private readonly schemas: SchemaIndex) {
    const modules = new Set([sdk.package, ...(sdk.typesModules ?? [])].flatMap((name) => [name, `${name}/index.js`, `${name}.js`]));
    const body = sourceCode.ast.body;
    for (const statement of body) {
      if (statement.type !== TSESTree.AST_NODE_TYPES.ImportDeclaration || !modules.has(statement.source.value)) continue;
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
