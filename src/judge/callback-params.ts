import type { TSESLint, TSESTree } from '../ts-eslint-lite.js';
import { typescript } from '../load-typescript.js';
import type { MigrationContext } from './field-migrations.js';
import type { FixFunction } from './findings.js';

/** The element type a suggested callback receives: the SDK's name for it, and a structural type that any value of it satisfies. */
export interface CallbackElement {
  sdkType?: string;
  structural: string;
}

export interface CallbackParameter {
  /** `f`, `f: ChatMessageFragment` or `f: { citation?: any }`. */
  text: string;
  /** The import specifier the annotation needs, when the suggestion adds one. */
  imports?: FixFunction;
}

/**
 * A suggested callback's parameter, written so that `strict` TypeScript accepts it: `(f) => …` on a
 * value of type `any` is an implicit `any` (TS7006). In TypeScript files the parameter is typed with
 * the SDK's type when the file imports the SDK's models (adding the name to that import when
 * needed), else with a structural type that both the SDK's type and an untyped value satisfy. It is
 * left bare in JavaScript, where an annotation would not parse, and where the type checker shows
 * the receiver is typed: inference then types it.
 */
export function callbackParameter(context: MigrationContext, name: string, element: CallbackElement, receiver?: TSESTree.Node): CallbackParameter {
  if (!isTypeScriptFile(context.filename) || (receiver && isTypedReceiver(context, receiver))) return { text: name };
  if (element.sdkType === undefined) return { text: `${name}: ${element.structural}` };
  const local = context.sdkTypes?.localName(element.sdkType);
  if (local) return { text: `${name}: ${local}` };
  const importable = context.sdkTypes?.importable(element.sdkType);
  if (!importable) return { text: `${name}: ${element.structural}` };
  return { text: `${name}: ${importable.name}`, imports: (fixer) => fixer.insertTextAfter(importable.after, `, ${importable.specifier}`) };
}

/** A fix and the import its text needs, as one fix. */
export function withImports(fix: FixFunction, parameter: CallbackParameter): FixFunction {
  const { imports } = parameter;
  if (!imports) return fix;
  return (fixer) => [fix(fixer), imports(fixer)].flat() as TSESLint.RuleFix[];
}

function isTypeScriptFile(filename: string): boolean {
  return /\.[cm]?tsx?$/i.test(filename) && !/\.d\.[cm]?ts$/i.test(filename);
}

/** Type-aware mode only: the receiver has a type other than `any`, so the callback's parameter is inferred. */
function isTypedReceiver(context: MigrationContext, receiver: TSESTree.Node): boolean {
  const info = context.typeInfo;
  const node = info?.services.esTreeNodeToTSNodeMap.get(receiver);
  if (!info || !node) return false;
  return (info.checker.getTypeAtLocation(node).flags & (typescript.TypeFlags.Any | typescript.TypeFlags.Unknown)) === 0;
}
