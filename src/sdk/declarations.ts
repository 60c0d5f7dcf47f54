import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type ts from 'typescript';
import { typescript } from '../load-typescript.js';

/** A property of an SDK model type as its declaration states it. */
export interface DeclaredProperty {
  optional: boolean;
  /** The model the property holds (`Answer` for `answer: Answer`), or its element's for an array; undefined for anything else. */
  model?: string;
  /** Whether the property holds an array of `model`. */
  array: boolean;
}

/**
 * Reads the SDK's model types from its own declaration files (`dist/…/models/components/*.d.ts`,
 * or the `.ts` sources), without building a program: one file per model, parsed on demand.
 * A model is found by the SDK's file naming (`SearchResultSnippet` in `searchresultsnippet.d.ts`
 * next to the models module's index) and by following the `import`s of the models read so far.
 */
export class SdkDeclarations {
  private readonly models = new Map<string, Map<string, DeclaredProperty> | undefined>();
  /** Model name → the file an import in an already read model points at. */
  private readonly imported = new Map<string, string>();

  constructor(private readonly modelsDirectory: string | undefined) {}

  /** The properties of a model, or undefined when this SDK release does not declare it. */
  modelProperties(name: string): ReadonlyMap<string, DeclaredProperty> | undefined {
    if (!this.models.has(name)) this.models.set(name, this.read(name));
    return this.models.get(name);
  }

  /**
   * Follows an access path from a model: `text`, `answer.trackingToken`, `collection?.trackingToken`,
   * `fragments[].citation`. Undefined when a step is not declared; `mayBeUndefined` when a step is optional.
   */
  resolve(model: string, accessPath: string): (DeclaredProperty & { mayBeUndefined: boolean }) | undefined {
    let current: string | undefined = model;
    let property: DeclaredProperty | undefined;
    let mayBeUndefined = false;
    const steps = accessPath.replaceAll('?.', '.').split('.');
    for (const [i, step] of steps.entries()) {
      if (current === undefined) return undefined;
      const name = step.replace(/\[\]$/, '');
      property = this.modelProperties(current)?.get(name);
      // `fragments[]` steps into the elements; a path that goes on through an array without it is not declared.
      if (!property || step.endsWith('[]') !== (property.array && i < steps.length - 1)) return undefined;
      mayBeUndefined ||= property.optional;
      current = property.model;
    }
    return property && { ...property, mayBeUndefined };
  }

  private read(name: string): Map<string, DeclaredProperty> | undefined {
    const file = this.fileOf(name);
    if (!file) return undefined;
    const sourceFile = typescript.createSourceFile(file, readFileSync(file, 'utf8'), typescript.ScriptTarget.Latest, false);
    let members: ts.NodeArray<ts.TypeElement> | undefined;
    for (const statement of sourceFile.statements) {
      if (typescript.isImportDeclaration(statement)) this.noteImports(statement, file);
      else if (typescript.isTypeAliasDeclaration(statement) && statement.name.text === name && typescript.isTypeLiteralNode(statement.type)) members = statement.type.members;
      else if (typescript.isInterfaceDeclaration(statement) && statement.name.text === name) members = statement.members;
    }
    if (!members) return undefined;
    const properties = new Map<string, DeclaredProperty>();
    for (const member of members) {
      if (!typescript.isPropertySignature(member) || !member.name || !(typescript.isIdentifier(member.name) || typescript.isStringLiteral(member.name))) continue;
      properties.set(member.name.text, { optional: member.questionToken !== undefined, ...modelOf(member.type) });
    }
    return properties;
  }

  private fileOf(name: string): string | undefined {
    const candidates = [this.imported.get(name), ...(this.modelsDirectory ? [`${name.toLowerCase()}.d.ts`, `${name.toLowerCase()}.ts`].map((file) => path.join(this.modelsDirectory!, file)) : [])];
    return candidates.find((file): file is string => file !== undefined && existsSync(file));
  }

  /** `import { Answer, Answer$Outbound } from "./answer.js"`: where the models this one names are declared. */
  private noteImports(statement: ts.ImportDeclaration, from: string): void {
    const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
    const bindings = statement.importClause?.namedBindings;
    if (!specifier.startsWith('.') || !bindings || !typescript.isNamedImports(bindings)) return;
    const base = path.resolve(path.dirname(from), specifier).replace(/\.js$/, '');
    const file = [`${base}.d.ts`, `${base}.ts`].find((candidate) => existsSync(candidate));
    if (!file) return;
    for (const element of bindings.elements) if (!this.imported.has(element.name.text)) this.imported.set(element.name.text, file);
  }
}

/** `Answer`, `Collection | undefined`, `Array<ChatMessageFragment>`, `ChatMessageFragment[] | null`. */
function modelOf(type: ts.TypeNode | undefined): { model?: string; array: boolean } {
  if (!type) return { array: false };
  if (typescript.isUnionTypeNode(type)) {
    const named = type.types.map(modelOf).filter((candidate) => candidate.model !== undefined);
    return named.length === 1 ? named[0]! : { array: false };
  }
  if (typescript.isArrayTypeNode(type)) {
    const element = modelOf(type.elementType);
    return element.model && !element.array ? { model: element.model, array: true } : { array: true };
  }
  if (typescript.isTypeReferenceNode(type) && typescript.isIdentifier(type.typeName)) {
    const name = type.typeName.text;
    if ((name === 'Array' || name === 'ReadonlyArray') && type.typeArguments?.length === 1) {
      const element = modelOf(type.typeArguments[0]);
      return element.model && !element.array ? { model: element.model, array: true } : { array: true };
    }
    return /^[A-Z]/.test(name) ? { model: name, array: false } : { array: false };
  }
  return { array: false };
}
