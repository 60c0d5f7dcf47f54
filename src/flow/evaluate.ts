import type { TSESTree } from '../ts-eslint-lite.js';
import { calleeText, isFunctionNode, lastName, memberKey, propertyKeyName, T, unwrap } from '../project/ast.js';
import { importSourceOf, type ParsedModule, type Variable } from '../project/module.js';
import { Cell, type Activation } from './activation.js';
import type { Engine } from './engine.js';
import { callBuiltin, globalValue, inheritBuiltin, unknownArrayMethod } from './builtins.js';
import { renderListItems } from './list-components.js';
import { contents, storeContents } from './containers.js';
import { siblingClient } from './sibling-parameters.js';
import { isRxjsBuiltin, pipe } from './rxjs.js';
import { dispatch } from './redux.js';
import { constantTexts, discriminantTexts, disjoint, endsAbruptly, excludedBranch } from './discriminants.js';
import { dynamicImport, exportValue, importedValue, requiredValue } from './modules.js';
import { awaited, call, construct, elementsOf, frameworkInstances, load, PROTOTYPE, store, type Use } from './operations.js';
import { wrapperRequest, fallbackHttpRequest, mentionsService, strings, unresolvedHelperRequest } from './requests.js';
import { concat, constantText, text, UNKNOWN_TEXT, type StringPattern } from './strings.js';
import { jsdocCast, jsdocDeclared, jsdocParameter, jsdocReturns } from './jsdoc.js';
import { callTypeArgument, hintedParameter, typedBody, typedValues } from './types.js';
import {
  arrayValue,
  builtinValue,
  classIdentity,
  classValue,
  EMPTY,
  functionValue,
  instanceValue,
  isServiceValue,
  objectValue,
  promiseValue,
  stringValue,
  union,
  unionAll,
  type ClassValue,
  type Value,
  type ValueSet,
} from './values.js';

/** At most this many strings are built from the combinations of a template's or `+`'s parts. */
const MAX_COMBINATIONS = 16;

/**
 * Runs the code of one activation abstractly: every statement once per run, every expression
 * once (memoised), with variables read from cells (a variable holds every value assigned to it
 * anywhere, whatever the order) and calls entering other activations.
 */
export class Evaluator {
  constructor(
    readonly engine: Engine,
    readonly activation: Activation,
  ) {}

  /** The return type's values, read once per run: parameters, each `return` and the run's end ask for them. */
  private declaredReturn: ValueSet | undefined;

  get module(): ParsedModule {
    return this.activation.module;
  }

  // ---- activations ----------------------------------------------------------------------------

  run(): void {
    this.declaredReturn = undefined;
    const fn = this.activation.fn;
    if (fn.type === T.Program) {
      for (const statement of fn.body) this.exec(statement);
      return;
    }
    if (fn.type === T.ClassDeclaration || fn.type === T.ClassExpression) {
      this.initializeFields(fn);
      this.superConstructor(fn, this.activation.args);
      return;
    }
    const method = fn.parent;
    if (method?.type === T.MethodDefinition && method.kind === 'constructor') this.initializeFields(method.parent.parent as TSESTree.ClassDeclaration);
    this.bindParameters(fn as TSESTree.FunctionLike);
    const body = (fn as TSESTree.FunctionLike).body;
    if (!body) return;
    if (body.type === T.BlockStatement) for (const statement of body.body) this.exec(statement);
    else {
      const values = this.evaluate(body);
      typedBody(this.engine, values, this.returnType());
      this.engine.write(this.activation.returns, values);
    }
    this.declaredInstances(fn as TSESTree.FunctionLike);
  }

  /**
   * A return type naming a project class (`then(step): Workflow<In, Next>`) stands for its shared
   * instance, which holds what every instance holds: only when the function gives back nothing the
   * engine knows is it what the function returns.
   */
  private declaredInstances(fn: TSESTree.FunctionLike): void {
    if (this.activation.returns.values.length > 0) return;
    const instances = this.returnType().filter((value) => value.kind === 'instance');
    if (instances.length > 0) this.engine.write(this.activation.returns, fn.async ? [promiseValue(instances)] : instances);
  }

  private bindParameters(fn: TSESTree.FunctionLike): void {
    const { args } = this.activation;
    fn.params.forEach((param, i) => {
      if (param.type === T.RestElement) {
        const rest = this.engine.allocate(param, 'other');
        for (const values of args.slice(i)) this.engine.write(this.engine.cell(rest, '[]'), values);
        this.bind(param.argument, [arrayValue(rest)], 'declare');
        return;
      }
      if (param.type === T.TSParameterProperty) {
        // `constructor(private glean: Glean)`: the argument is also a field of the instance.
        const parameter = param.parameter;
        const defaults = parameter.type === T.AssignmentPattern && !passesText(args[i]) ? this.evaluate(parameter.right) : EMPTY;
        const values = unionAll([args[i] ?? EMPTY, this.typedParameter(parameter), defaults]);
        this.bind(parameter.type === T.AssignmentPattern && passesText(args[i]) ? parameter.left : parameter, values, 'declare');
        const name = parameter.type === T.Identifier ? parameter.name : parameter.type === T.AssignmentPattern && parameter.left.type === T.Identifier ? parameter.left.name : undefined;
        if (name) store(this.engine, this.activation.thisValue, name, values, undefined);
        return;
      }
      const typed = this.typedParameter(param);
      // What a caller passes is judged as a body by the type only for a request's own schema: a
      // literal handed to `render(m: ChatMessage)` is as likely a test's reply (see `typedBody`).
      typedBody(this.engine, args[i] ?? EMPTY, typed, true);
      const hinted = typed.length === 0 && this.activation.isDefault && param.type === T.Identifier && isUntyped(param) ? hintedParameter(this.engine, this.module, param.name) : EMPTY;
      const context = this.activation.isDefault && param.type === T.Identifier && REQUEST_CONTEXTS.has(param.name) ? this.requestContext(fn, param) : EMPTY;
      const sibling = typed.length === 0 && this.activation.isDefault && param.type === T.Identifier ? siblingClient(this.engine, this.module, fn, param.name) : EMPTY;
      // `constructor(base = INDEX_BASE)` called with another base: a text given is never undefined, so the default does not apply.
      this.bind(param.type === T.AssignmentPattern && passesText(args[i]) ? param.left : param, unionAll([args[i] ?? EMPTY, typed, hinted, context, sibling]), 'declare');
    });
    // What the return type says the function gives back, whatever it returns: a caller reads it as that type.
    const declared = this.returnType().filter((value) => value.kind !== 'instance');
    if (declared.length > 0) this.engine.write(this.activation.returns, fn.async ? [promiseValue(declared)] : declared);
  }

  /** The values the enclosing function's return type annotation stands for (the awaited type for async functions). */
  private returnType(): ValueSet {
    return (this.declaredReturn ??= this.readReturnType());
  }

  private readReturnType(): ValueSet {
    const fn = this.activation.fn;
    const annotated = 'returnType' in fn && fn.returnType;
    if (!annotated && (!this.jsdoc || fn.type === T.Program)) return EMPTY;
    const typed = annotated ? typedValues(this.engine, this.module, annotated.typeAnnotation) : jsdocReturns(this.engine, this.module, fn);
    return (fn as TSESTree.FunctionLike).async ? typed.flatMap((value) => (value.kind === 'promise' ? value.of : [value])) : typed;
  }

  /** What a parameter's type annotation says it holds (an SDK client, a service schema type), for activations nothing called. */
  private typedParameter(param: TSESTree.Node): ValueSet {
    const annotated = param.type === T.AssignmentPattern ? param.left : param;
    const annotation = 'typeAnnotation' in annotated ? (annotated.typeAnnotation as TSESTree.TSTypeAnnotation | undefined) : undefined;
    if (annotation) return typedValues(this.engine, this.module, annotation.typeAnnotation);
    return this.jsdoc && annotated.type === T.Identifier ? jsdocParameter(this.engine, this.module, this.activation.fn, annotated.name) : EMPTY;
  }

  /** Instance fields: their initializers run in the constructor's activation, with `this` the instance. */
  private initializeFields(cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression): void {
    for (const member of cls.body.body) {
      if (member.type !== T.PropertyDefinition || member.static) continue;
      const key = propertyKeyName(member);
      const values = union(member.value ? this.evaluate(member.value) : EMPTY, member.typeAnnotation ? typedValues(this.engine, this.module, member.typeAnnotation.typeAnnotation) : EMPTY);
      if (key !== undefined) store(this.engine, this.activation.thisValue, key, values, member);
    }
  }

  /** A class without a constructor passes its arguments to its superclass's. */
  private superConstructor(cls: TSESTree.ClassDeclaration | TSESTree.ClassExpression, args: readonly ValueSet[]): void {
    if (cls.superClass) this.constructParents(this.evaluate(cls.superClass), args);
  }

  /** `super(…)`: the parent class's constructor on `this`; a library's `EventEmitter` or stream makes `this` one. */
  private constructParents(parents: ValueSet, args: readonly ValueSet[]): void {
    for (const parent of parents) {
      if (parent.kind === 'class') this.engine.runConstructor(parent, args, this.activation.thisValue);
      else if (parent.kind === 'builtin') for (const self of this.activation.thisValue) inheritBuiltin(this.engine, parent, self);
    }
  }

  // ---- statements -----------------------------------------------------------------------------

  exec(node: TSESTree.Node): void {
    switch (node.type) {
      case T.ExpressionStatement:
        this.evaluate(node.expression);
        return;
      case T.VariableDeclaration:
        for (const declarator of node.declarations) {
          // `declare const s: SearchResultSnippet;`, `let reply: ChatResponse;`: what the annotation says.
          const values = declarator.init ? this.evaluate(declarator.init) : EMPTY;
          const annotation = declarator.id.typeAnnotation?.typeAnnotation;
          const typed = annotation ? typedValues(this.engine, this.module, annotation) : this.jsdoc ? jsdocDeclared(this.engine, this.module, node) : EMPTY;
          const written = declarator.init !== null && isLiteralData(declarator.init);
          typedBody(this.engine, values, typed, written);
          this.bind(declarator.id, written ? values : union(values, typed), 'declare');
        }
        return;
      case T.ReturnStatement:
        if (node.argument) {
          const values = this.evaluate(node.argument);
          typedBody(this.engine, values, this.returnType());
          this.engine.write(this.activation.returns, values);
        }
        return;
      case T.IfStatement: {
        this.evaluate(node.test);
        const excluded = excludedBranch(this, node.test);
        if (excluded !== 'consequent') this.exec(node.consequent);
        if (node.alternate && excluded !== 'alternate') this.exec(node.alternate);
        return;
      }
      case T.BlockStatement:
      case T.StaticBlock:
        for (const statement of node.body) this.exec(statement);
        return;
      case T.ForStatement:
        if (node.init?.type === T.VariableDeclaration) this.exec(node.init);
        else if (node.init) this.evaluate(node.init);
        if (node.test) this.evaluate(node.test);
        if (node.update) this.evaluate(node.update);
        this.exec(node.body);
        return;
      case T.WhileStatement:
      case T.DoWhileStatement:
        this.evaluate(node.test);
        this.exec(node.body);
        return;
      case T.ForOfStatement:
      case T.ForInStatement: {
        const iterated = this.evaluate(node.right);
        const element = node.type === T.ForOfStatement ? this.loopElements(node, iterated) : EMPTY;
        const target = node.left.type === T.VariableDeclaration ? node.left.declarations[0]?.id : node.left;
        if (target) this.bind(target, element, node.left.type === T.VariableDeclaration ? 'declare' : 'assign');
        this.exec(node.body);
        return;
      }
      case T.SwitchStatement: {
        this.evaluate(node.discriminant);
        const discriminant = discriminantTexts(this, node.discriminant);
        // A case runs when the discriminant can be its constant, or when the case before it runs and falls into it.
        let fallsInto = false;
        for (const branch of node.cases) {
          const test = branch.test ? constantTexts(this.evaluate(branch.test)) : undefined;
          const runs: boolean = fallsInto || !disjoint(discriminant, test);
          if (runs) for (const statement of branch.consequent) this.exec(statement);
          fallsInto = runs && !endsAbruptly(branch.consequent);
        }
        return;
      }
      case T.TryStatement:
        this.exec(node.block);
        if (node.handler) this.exec(node.handler.body);
        if (node.finalizer) this.exec(node.finalizer);
        return;
      case T.ThrowStatement:
        this.evaluate(node.argument);
        return;
      case T.LabeledStatement:
        this.exec(node.body);
        return;
      case T.ExportNamedDeclaration:
        if (node.declaration) this.exec(node.declaration);
        return;
      case T.ExportDefaultDeclaration:
        if (node.declaration.type !== T.TSInterfaceDeclaration && node.declaration.type !== T.TSDeclareFunction) this.evaluate(node.declaration);
        return;
      case T.ClassDeclaration:
      case T.TSEnumDeclaration:
        this.evaluate(node);
        return;
      case T.TSModuleDeclaration:
        if (node.body?.type === T.TSModuleBlock) for (const statement of node.body.body) this.exec(statement);
        return;
      default:
        return;
    }
  }

  private loopElements(node: TSESTree.ForOfStatement, iterated: ValueSet): ValueSet {
    const elements = elementsOf(this.engine, iterated);
    return node.await ? awaited(this.engine, elements) : elements;
  }

  // ---- expressions ----------------------------------------------------------------------------

  evaluate(node: TSESTree.Node): ValueSet {
    const memo = this.activation.memo;
    const known = memo.get(node);
    if (known) return known;
    // A node met again while it is being evaluated (a variable whose initializer reads it) is unknown so far.
    memo.set(node, EMPTY);
    let values = this.compute(node);
    if (this.jsdoc) {
      const cast = jsdocCast(this.engine, this.module, node);
      if (cast.length > 0) values = union(values, cast);
    }
    memo.set(node, values);
    return values;
  }

  /** Whether the module is JavaScript, whose types are written in JSDoc comments. */
  private get jsdoc(): boolean {
    return JAVASCRIPT.test(this.module.path);
  }

  private compute(node: TSESTree.Node): ValueSet {
    switch (node.type) {
      case T.Literal:
        return typeof node.value === 'string' || typeof node.value === 'number' ? [stringValue(text(String(node.value), node))] : EMPTY;
      case T.TemplateLiteral:
        return this.template(node);
      case T.BinaryExpression:
        return this.binary(node);
      case T.Identifier:
        return node.name === 'undefined' ? EMPTY : this.identifier(node);
      case T.ThisExpression:
        return this.activation.thisValue;
      case T.MemberExpression:
        return this.member(node);
      case T.ChainExpression:
        return this.evaluate(node.expression);
      case T.CallExpression:
        return this.call(node);
      case T.NewExpression: {
        const callee = this.evaluate(node.callee);
        return construct(this.engine, callee, this.argumentsOf(node.arguments), node);
      }
      case T.AwaitExpression:
        return awaited(this.engine, this.evaluate(node.argument));
      case T.ConditionalExpression:
        this.evaluate(node.test);
        return union(this.evaluate(node.consequent), this.evaluate(node.alternate));
      case T.LogicalExpression: {
        const left = this.evaluate(node.left);
        const right = this.evaluate(node.right);
        return node.operator === '&&' ? right : union(left, right);
      }
      case T.AssignmentExpression:
        return this.assignment(node);
      case T.SequenceExpression: {
        let last = EMPTY;
        for (const expression of node.expressions) last = this.evaluate(expression);
        return last;
      }
      case T.ObjectExpression:
        return this.object(node);
      case T.ArrayExpression:
        return this.array(node);
      case T.ArrowFunctionExpression:
      case T.FunctionExpression:
      case T.FunctionDeclaration:
        return [functionValue(node, this.activation)];
      case T.ClassExpression:
      case T.ClassDeclaration:
        return [this.classValue(node)];
      case T.TSEnumDeclaration:
        return this.enumValue(node);
      case T.TaggedTemplateExpression:
        this.evaluate(node.tag);
        for (const expression of node.quasi.expressions) this.evaluate(expression);
        return EMPTY;
      case T.UnaryExpression:
        this.evaluate(node.argument);
        return EMPTY;
      case T.UpdateExpression:
        this.evaluate(node.argument);
        return EMPTY;
      case T.YieldExpression: {
        // What a generator yields is the elements of what its call gives (see Engine.invoke); `yield*` passes another iterable's on.
        const fn = this.activation.fn as TSESTree.FunctionLike;
        let values = node.argument ? this.evaluate(node.argument) : EMPTY;
        if (node.delegate) values = elementsOf(this.engine, values);
        if (fn.async) values = awaited(this.engine, values);
        this.engine.write(this.engine.cell(this.engine.generatorAllocation(this.activation), '[]'), values);
        // A generator run by a driver (redux-saga, co, Koa 1) gets back what the promise it yields resolves to.
        return node.delegate ? EMPTY : awaited(this.engine, values.filter((value) => value.kind === 'promise'));
      }
      case T.ImportExpression: {
        const specifier = this.evaluate(node.source);
        return dynamicImport(this.engine, this.module, specifier, node);
      }
      case T.TSAsExpression:
      case T.TSSatisfiesExpression:
      case T.TSTypeAssertion: {
        const values = this.evaluate(node.expression);
        const typed = typedValues(this.engine, this.module, node.typeAnnotation);
        const written = isLiteralData(node.expression);
        typedBody(this.engine, values, typed, written);
        return written ? values : union(values, typed);
      }
      case T.TSNonNullExpression:
      case T.TSInstantiationExpression:
        return this.evaluate(node.expression);
      case T.JSXElement:
      case T.JSXFragment:
        return this.jsx(node);
      case T.JSXExpressionContainer:
        return node.expression.type === T.JSXEmptyExpression ? EMPTY : this.evaluate(node.expression);
      case T.JSXSpreadChild:
        return this.evaluate(node.expression);
      default:
        return EMPTY;
    }
  }

  private template(node: TSESTree.TemplateLiteral): ValueSet {
    let patterns: StringPattern[] = [[]];
    node.quasis.forEach((quasi, i) => {
      const written = quasi.value.cooked ? text(quasi.value.cooked, quasi) : [];
      patterns = patterns.map((pattern) => concat(pattern, written));
      const expression = node.expressions[i];
      if (expression) patterns = combine(patterns, this.strings(this.evaluate(expression)));
    });
    return patterns.map((pattern) => stringValue(pattern));
  }

  private binary(node: TSESTree.BinaryExpression): ValueSet {
    const left = node.left.type === T.PrivateIdentifier ? EMPTY : this.evaluate(node.left);
    const right = this.evaluate(node.right);
    if (node.operator !== '+') return EMPTY;
    // Numbers are kept as their text (`'/v' + 2`), but `depth + 1` is arithmetic, not a string.
    const texts = bodyTexts([...left, ...right]);
    const strings = [...left, ...right].some((value) => value.kind === 'string' && !NUMERIC.test(constantText(value.pattern) ?? ''));
    if (!strings) return texts;
    return union(combine(this.strings(left), this.strings(right)).map((pattern) => stringValue(pattern)), texts);
  }

  /** The string patterns a value set may be, or one unknown text. */
  private strings(values: ValueSet): StringPattern[] {
    const patterns = values.flatMap((value) => (value.kind === 'string' ? [value.pattern] : []));
    return patterns.length > 0 ? patterns : [UNKNOWN_TEXT];
  }

  private identifier(node: TSESTree.Identifier | TSESTree.JSXIdentifier): ValueSet {
    const variable = this.module.reference(node)?.resolved;
    // TypeScript's scope manager declares the library's globals (`JSON`, `Promise`) as variables without definitions.
    if (!variable || variable.defs.length === 0) {
      // A function's own `arguments`: the values it was called with, position by position.
      if (node.name === 'arguments' && variable && String(variable.scope.type) === 'function') return this.argumentsObject(variable);
      // Svelte's `$answers` is the store `answers`'s value.
      const store = node.name.startsWith('$') && this.module.path.endsWith('.svelte') ? this.module.topLevelVariable(node.name.slice(1)) : undefined;
      if (store) return storeContents(this.engine, this.variable(store));
      return globalValue(this.engine, this.module, node.name, node);
    }
    // `declare const self: DedicatedWorkerGlobalScope;`: a global the code only gives a type.
    if (GLOBAL_SCOPES.has(node.name) && isAmbient(variable)) return globalValue(this.engine, this.module, node.name, node);
    const values = this.variable(variable);
    // A Vue template reads a ref of its script's top level as its value (`{{ results[0].title }}`).
    if (node.range[0] >= this.module.templateStart && String(variable.scope.type) === 'module' && this.module.path.endsWith('.vue')) return union(values, contents(this.engine, values));
    return values;
  }

  private argumentsObject(variable: Variable): ValueSet {
    const owner = this.activation.owner(variable.scope.block);
    if (!owner) return EMPTY;
    const allocation = this.engine.allocate(variable.scope.block, 'other', owner);
    owner.args.forEach((values, i) => {
      this.engine.write(this.engine.cell(allocation, String(i)), values);
      this.engine.write(this.engine.cell(allocation, '[]'), values);
    });
    return [arrayValue(allocation)];
  }

  /** A variable's values: the cell in the activation that owns it, filled on first read from its declarations. */
  variable(variable: Variable): ValueSet {
    const owner = this.ownerOf(variable);
    if (!owner) return EMPTY;
    let cell = owner.locals.get(variable);
    if (!cell) {
      cell = new Cell();
      owner.locals.set(variable, cell);
      this.initialize(owner, variable);
    }
    return this.engine.read(cell);
  }

  private ownerOf(variable: Variable): Activation | undefined {
    let scope = variable.scope;
    const kind = () => String(scope.type);
    while (scope.upper && kind() !== 'function' && kind() !== 'module' && kind() !== 'global') scope = scope.upper;
    const block = kind() === 'global' || kind() === 'module' ? this.module.ast : scope.block;
    return this.activation.owner(block) ?? (block === this.module.ast ? this.engine.top(this.module) : undefined);
  }

  /** The values a variable gets where it is declared: read in the activation that owns it, whatever the order code meets them in. */
  private initialize(owner: Activation, variable: Variable): void {
    const evaluator = this.engine.evaluator(owner);
    for (const def of variable.defs) {
      switch (def.type) {
        case 'Variable': {
          const declarator = def.node as TSESTree.VariableDeclarator;
          const loop = declarator.parent?.parent;
          if (declarator.init) {
            const values = this.engine.evaluateIn(owner, declarator.init);
            evaluator.bind(declarator.id, values, 'declare');
          } else if (loop && (loop.type === T.ForOfStatement || loop.type === T.ForInStatement) && loop.left === declarator.parent) {
            const iterated = this.engine.evaluateIn(owner, loop.right);
            if (loop.type === T.ForOfStatement) evaluator.bind(declarator.id, evaluator.loopElements(loop, iterated), 'declare');
          }
          break;
        }
        case 'FunctionName':
          this.engine.write(owner.locals.get(variable)!, [functionValue(def.node as TSESTree.FunctionDeclaration, owner)]);
          break;
        case 'ClassName':
        case 'TSEnumName':
          this.engine.write(owner.locals.get(variable)!, this.engine.evaluateIn(owner, def.node));
          break;
        case 'ImportBinding':
          this.engine.write(owner.locals.get(variable)!, this.importBinding(def.node as TSESTree.ImportClause | TSESTree.TSImportEqualsDeclaration, def.name as TSESTree.Identifier));
          break;
        default:
          break;
      }
    }
  }

  /** `import x from '…'`, or TypeScript's `import x = require('…')` (CommonJS) and `import x = A.B` (an alias). */
  private importBinding(node: TSESTree.ImportClause | TSESTree.TSImportEqualsDeclaration, local: TSESTree.Identifier): ValueSet {
    if (node.type !== T.TSImportEqualsDeclaration) return importedValue(this.engine, this.module, node, local);
    if (node.importKind === 'type') return EMPTY;
    const reference = node.moduleReference;
    if (reference.type === T.TSExternalModuleReference) return requiredValue(this.engine, this.module, this.evaluate(reference.expression), local);
    return reference.type === T.Identifier ? this.evaluate(reference) : EMPTY;
  }

  private member(node: TSESTree.MemberExpression): ValueSet {
    if (node.object.type === T.Super) return this.superMember(node);
    const object = this.evaluate(node.object);
    const key = this.keyOf(node);
    return load(this.engine, object, key, { kind: 'read', node });
  }

  /** The static key of a member access, or of a computed one whose key is a known constant string. */
  keyOf(node: TSESTree.MemberExpression): string | undefined {
    const key = memberKey(node);
    if (key !== undefined || !node.computed) return key;
    const values = this.evaluate(node.property);
    const texts = values.flatMap((value) => (value.kind === 'string' && value.pattern.every((piece) => 'text' in piece) ? [value.pattern.map((piece) => ('text' in piece ? piece.text : '')).join('')] : []));
    return texts.length === 1 ? texts[0] : undefined;
  }

  private superMember(node: TSESTree.MemberExpression): ValueSet {
    const cls = enclosingClass(node);
    if (!cls?.superClass) return EMPTY;
    const parents = this.evaluate(cls.superClass).filter((value): value is ClassValue => value.kind === 'class');
    const key = memberKey(node);
    const self = this.activation.thisValue;
    return unionAll(parents.map((parent) => load(this.engine, self.length > 0 ? self.map((value) => (value.kind === 'instance' ? instanceValue(value.allocation, parent) : value)) : [parent], key, { kind: 'read', node })));
  }

  private call(node: TSESTree.CallExpression): ValueSet {
    const args = this.argumentsOf(node.arguments);
    const callee = unwrap(node.callee);
    if (callee.type === T.Super) {
      const cls = enclosingClass(node);
      if (cls?.superClass) this.constructParents(this.evaluate(cls.superClass), args);
      return EMPTY;
    }
    const wrapper = this.engine.options.wrappers.find((candidate) => {
      const written = calleeText(callee);
      return written !== undefined && (written === candidate.callee || written.endsWith(`.${candidate.callee}`));
    });
    if (wrapper) return wrapperRequest(this.engine, this.module, node, wrapper, args);
    let result: ValueSet;
    let self: ValueSet = EMPTY;
    let fn: ValueSet;
    if (callee.type === T.MemberExpression) {
      self = callee.object.type === T.Super ? this.activation.thisValue : this.evaluate(callee.object);
      fn = callee.object.type === T.Super ? this.superMember(callee) : load(this.engine, self, this.keyOf(callee), { kind: 'callee', node: callee });
      // Electron's `net.fetch(url, init)`, a Worker binding's `env.API.fetch(…)`: a `fetch` of something the analysis does not
      // know is fetch, when its URL has an API's prefix (a cache's `fetch('listanswers')` names no request).
      if (fn.length === 0 && self.length === 0 && this.keyOf(callee) === 'fetch' && strings(urlsOf(args[0] ?? EMPTY)).some((url) => mentionsService(this.engine, url))) fn = globalValue(this.engine, this.module, 'fetch', callee);
    } else {
      fn = this.evaluate(callee);
      // `GET({ fetch })` (SvelteKit, Remix, Astro hand handlers the platform's fetch): an unknown `fetch` is fetch.
      if (fn.length === 0 && callee.type === T.Identifier && callee.name === 'fetch') fn = globalValue(this.engine, this.module, 'fetch', callee);
    }
    result = call(this.engine, fn, args, self, node);
    if (result.length === 0 && fn.length === 0 && callee.type === T.MemberExpression) {
      result = fallbackHttpRequest(this.engine, this.module, node, callee, args, self);
      if (result.length === 0 && self.length === 0) result = unknownArrayMethod(this.engine, this.keyOf(callee), args, node);
    }
    if (result.length === 0 && fn.length === 0 && (callee.type === T.Identifier || self.length === 0)) unresolvedHelperRequest(this.engine, this.module, node, callee, args);
    if (result.length === 0 && fn.length === 0 && callee.type === T.MemberExpression) result = validated(this.engine, this.module, this.keyOf(callee), callee.object, args, node);
    // `container.resolve(GleanGateway)`, `moduleRef.get(GleanService)`: a DI container's instance of a project class.
    if (result.length === 0 && fn.length === 0 && callee.type === T.MemberExpression && DI_LOOKUPS.has(this.keyOf(callee) ?? '') && DI_CONTAINER.test(lastName(callee.object))) result = frameworkInstances(this.engine, args[0] ?? EMPTY);
    // A React class component's `this.setState({ policy })` (or `(state) => ({ … })`): what render reads as `this.state.policy`.
    if (result.length === 0 && fn.length === 0 && callee.type === T.MemberExpression && callee.object.type === T.ThisExpression && this.keyOf(callee) === 'setState') {
      for (const self of this.activation.thisValue) {
        if (self.kind !== 'instance' && self.kind !== 'object') continue;
        const state = this.engine.cell(self.allocation, 'state');
        const next = args[0] ?? EMPTY;
        this.engine.write(state, union(next.filter((value) => value.kind !== 'function'), call(this.engine, next, [this.engine.read(state)], EMPTY, node)));
      }
    }
    // `interaction.deferReply().then(() => glean.client(…)).then((res) => …)`: a promise chain that starts at a value
    // nothing tells about goes on; its callbacks run in order, each given what the one before resolved to.
    if (result.length === 0 && fn.length === 0 && self.length === 0 && callee.type === T.MemberExpression && this.keyOf(callee) === 'then') result = callBuiltin(this.engine, builtinValue('promise.then'), args, EMPTY, node);
    // `this.route.paramMap.pipe(map(…), switchMap(…))`: RxJS operators piped onto an observable nothing tells about still run.
    if (result.length === 0 && fn.length === 0 && self.length === 0 && callee.type === T.MemberExpression && this.keyOf(callee) === 'pipe' && args.some((values) => values.some((value) => value.kind === 'builtin' && isRxjsBuiltin(value.name)))) {
      result = pipe(this.engine, [promiseValue(EMPTY)], args, node);
    }
    // `tracer.startActiveSpan(name, async (span) => { … return res; })`, `Sentry.startSpan(options, fn)`,
    // `pRetry(fn)`, `limit(() => …)`: a function nothing tells about, handed callbacks, runs them and gives
    // what they return; only the service's values are taken for it (it may turn anything else into something else).
    // A thunk's `dispatch(action)`, `this.props.dispatch(…)`, `store.dispatch(…)`: Redux's, whoever hands it over.
    if (result.length === 0 && fn.length === 0 && lastName(callee) === 'dispatch') result = dispatch(this.engine, args[0] ?? EMPTY, node);
    if (result.length === 0 && fn.length === 0) result = this.callbacksResult(args);
    // `this.post<ListAnswersResponse>(…)`, `http.get<ChatResponse>(…)`: a client the analysis does not
    // know still says, by its type argument, what it resolves to.
    if (result.length === 0) {
      const typed = callTypeArgument(this.engine, node);
      // `useLoaderData<typeof loader>()` (Remix, React Router): the data is what the route's loader resolves to;
      // without a type argument, the loader (or action) the route module itself exports.
      const hook = LOADER_HOOKS.exec(calleeText(callee) ?? '');
      // (`useRouteLoaderData('root')` reads another route's: no fallback.)
      const own = hook && typed.length === 0 && !hook[0].includes('Route');
      const loaders = own ? exportValue(this.engine, this.module.path, hook![1] === 'Action' ? 'action' : 'loader', undefined) : typed;
      const loaded = hook ? unionAll(loaders.map((value) => (value.kind === 'function' ? awaited(this.engine, this.engine.invoke(value, [], EMPTY)) : EMPTY))) : EMPTY;
      if (loaded.length > 0) result = loaded;
      else if (typed.length > 0) result = union(typed, [promiseValue(typed)]);
    }
    return result;
  }

  private callbacksResult(args: readonly ValueSet[]): ValueSet {
    let result = EMPTY;
    for (const values of args) {
      for (const value of values) if (value.kind === 'function') result = union(result, this.engine.invoke(value, [], EMPTY, true).filter(isServiceValue));
    }
    return result;
  }

  /**
   * The request's context a server hands this function (see `REQUEST_CONTEXTS`): a middleware (it
   * takes `next`) gets the object all of them share, and what it hangs there is what the others
   * read; any other function gets one of its own with the shared one behind it, so what one
   * handler writes for itself (`ctx.reply = …`) stays its own.
   */
  private requestContext(fn: TSESTree.FunctionLike, param: TSESTree.Identifier): ValueSet {
    const shared = objectValue({ id: `context:${param.name}`, node: param, origin: 'other' });
    // Koa's `ctx.state` and Express's `res.locals` exist before any middleware writes to them: `ctx.state.glean = client`.
    for (const holder of CONTEXT_HOLDERS) this.engine.write(this.engine.cell(shared.allocation, holder), [objectValue({ id: `context:${param.name}.${holder}`, node: param, origin: 'other' })]);
    if (fn.params.some((other) => other.type === T.Identifier && other.name === 'next')) return [shared];
    const own = this.engine.allocate(param, 'other');
    this.engine.write(this.engine.cell(own, PROTOTYPE), [shared]);
    return [objectValue(own)];
  }

  argumentsOf(nodes: readonly TSESTree.CallExpressionArgument[]): ValueSet[] {
    const args: ValueSet[] = [];
    for (const argument of nodes) {
      if (argument.type === T.SpreadElement) {
        // `f(...xs)`: the remaining parameters get the elements, as far as that can be known.
        args.push(elementsOf(this.engine, this.evaluate(argument.argument)));
      } else {
        args.push(this.evaluate(argument));
      }
    }
    return args;
  }

  private assignment(node: TSESTree.AssignmentExpression): ValueSet {
    const right = this.evaluate(node.right);
    if (node.operator === '=') {
      this.bind(node.left, right, 'assign');
      return right;
    }
    const left = node.left.type === T.MemberExpression || node.left.type === T.Identifier ? this.evaluate(node.left) : EMPTY;
    if (node.operator === '+=') {
      const strings = [...left, ...right].some((value) => value.kind === 'string');
      const values = union(strings ? combine(this.strings(left), this.strings(right)).map((pattern) => stringValue(pattern)) : EMPTY, bodyTexts([...left, ...right]));
      this.bind(node.left, values, 'assign');
      return values;
    }
    if (node.operator === '??=' || node.operator === '||=' || node.operator === '&&=') {
      this.bind(node.left, right, 'assign');
      return union(left, right);
    }
    return EMPTY;
  }

  // ---- binding --------------------------------------------------------------------------------

  /**
   * Gives a pattern its values: a declared or assigned variable's cell, a property of the objects
   * an assignment target evaluates to, or, for destructuring, the keys read from the values (each
   * read judged as a read of that key).
   */
  bind(pattern: TSESTree.Node, values: ValueSet, mode: 'declare' | 'assign'): void {
    switch (pattern.type) {
      case T.Identifier: {
        const variable = mode === 'declare' ? this.module.declaredVariable(pattern) : this.module.reference(pattern)?.resolved;
        // `Intranet = {…}`, `onmessage = (event) => …` in a script: a property of the global object.
        if (!variable && mode === 'assign') store(this.engine, [builtinValue('global')], pattern.name, values, pattern);
        if (!variable) return;
        const owner = this.ownerOf(variable);
        if (!owner) return;
        let cell = owner.locals.get(variable);
        if (!cell) {
          cell = new Cell();
          owner.locals.set(variable, cell);
        }
        this.engine.write(cell, values, mode === 'assign' && owner === this.activation && inLoop(pattern));
        return;
      }
      case T.MemberExpression: {
        const targets = this.evaluate(pattern.object);
        store(this.engine, targets, this.keyOf(pattern), values, pattern);
        return;
      }
      case T.ObjectPattern:
        for (const property of pattern.properties) {
          if (property.type === T.RestElement) {
            this.bind(property.argument, values, mode);
            continue;
          }
          const key = property.computed ? this.constantKey(property.key) : propertyKeyName(property);
          this.bind(property.value, load(this.engine, values, key, { kind: 'destructure', node: property }), mode);
        }
        return;
      case T.ArrayPattern:
        pattern.elements.forEach((element, i) => {
          if (!element) return;
          if (element.type === T.RestElement) this.bind(element.argument, values, mode);
          else this.bind(element, load(this.engine, values, String(i), { kind: 'index', node: element }), mode);
        });
        return;
      case T.AssignmentPattern:
        this.bind(pattern.left, union(values, this.evaluate(pattern.right)), mode);
        return;
      case T.RestElement:
        this.bind(pattern.argument, values, mode);
        return;
      case T.TSParameterProperty:
        this.bind(pattern.parameter, values, mode);
        return;
      case T.TSAsExpression:
      case T.TSNonNullExpression:
      case T.TSSatisfiesExpression:
        this.bind(pattern.expression, values, mode);
        return;
      default:
        return;
    }
  }

  private constantKey(node: TSESTree.Node): string | undefined {
    const values = this.evaluate(node);
    const texts = values.flatMap((value) => (value.kind === 'string' && value.pattern.every((piece) => 'text' in piece) ? [value.pattern.map((piece) => ('text' in piece ? piece.text : '')).join('')] : []));
    return texts.length === 1 ? texts[0] : undefined;
  }

  // ---- literals and declarations --------------------------------------------------------------

  private object(node: TSESTree.ObjectExpression): ValueSet {
    const allocation = this.engine.allocate(node, 'literal');
    for (const property of node.properties) {
      if (property.type === T.SpreadElement) {
        this.engine.write(this.engine.cell(allocation, '...'), this.evaluate(property.argument));
        continue;
      }
      const key = property.computed ? this.constantKey(property.key) : propertyKeyName(property);
      const values = property.value.type === T.AssignmentPattern ? this.evaluate(property.value.right) : this.evaluate(property.value);
      const cell = this.engine.cell(allocation, key ?? '*');
      cell.addSite(property);
      this.engine.write(cell, values);
    }
    return [objectValue(allocation)];
  }

  private array(node: TSESTree.ArrayExpression): ValueSet {
    const allocation = this.engine.allocate(node, 'literal');
    node.elements.forEach((element, i) => {
      if (!element) return;
      if (element.type === T.SpreadElement) {
        const spread = this.evaluate(element.argument);
        this.engine.write(this.engine.cell(allocation, '[]'), elementsOf(this.engine, spread));
        return;
      }
      const values = this.evaluate(element);
      const cell = this.engine.cell(allocation, String(i));
      cell.addSite(element);
      this.engine.write(cell, values);
      this.engine.write(this.engine.cell(allocation, '[]'), values);
    });
    return [arrayValue(allocation)];
  }

  private classValue(node: TSESTree.ClassDeclaration | TSESTree.ClassExpression): Value {
    const value = classValue(node, this.activation);
    for (const member of node.body.body) {
      if (member.type === T.PropertyDefinition && member.static && member.value) {
        const key = propertyKeyName(member);
        if (key !== undefined) this.engine.write(this.engine.cell(`static:${classIdentity(value)}`, key), this.evaluate(member.value));
      }
    }
    return value;
  }

  /** `enum Paths { Chat = '/rest/api/v1/chat' }`: an object of its members' values. */
  private enumValue(node: TSESTree.TSEnumDeclaration): ValueSet {
    const allocation = this.engine.allocate(node, 'table');
    for (const member of node.body?.members ?? (node as unknown as { members: TSESTree.TSEnumMember[] }).members) {
      const key = member.id.type === T.Identifier ? member.id.name : member.id.type === T.Literal ? String(member.id.value) : undefined;
      if (key === undefined || !member.initializer) continue;
      const cell = this.engine.cell(allocation, key);
      cell.addSite(member);
      this.engine.write(cell, this.evaluate(member.initializer));
    }
    return [objectValue(allocation)];
  }

  /**
   * JSX: every expression in it is evaluated (reads in attributes and children are judged), and an
   * element of a component is a call of it with its props: `<Answer data={res} />` is `Answer({ data: res })`.
   */
  private jsx(node: TSESTree.JSXElement | TSESTree.JSXFragment): ValueSet {
    const props = this.engine.allocate(node, 'other');
    if (node.type === T.JSXElement) {
      for (const attribute of node.openingElement.attributes) {
        if (attribute.type === T.JSXSpreadAttribute) {
          this.engine.write(this.engine.cell(props, '...'), this.evaluate(attribute.argument));
          continue;
        }
        const name = attribute.name.type === T.JSXIdentifier ? attribute.name.name : undefined;
        const values = attribute.value ? this.evaluate(attribute.value) : EMPTY;
        if (name) this.engine.write(this.engine.cell(props, name), values);
      }
    }
    const children = unionAll(node.children.map((child) => this.evaluate(child)));
    this.engine.write(this.engine.cell(props, 'children'), children);
    if (node.type === T.JSXElement) {
      const name = node.openingElement.name;
      const component = name.type === T.JSXIdentifier && /^[A-Z]/.test(name.name) ? this.identifier(name) : name.type === T.JSXMemberExpression ? this.jsxMember(name) : undefined;
      if (component && component.length > 0) call(this.engine, component, [[objectValue(props)]], EMPTY, node);
      // A library's list (React Native's `FlatList`): its render prop gets the data's elements.
      else if (component) renderListItems(this.engine, props, node);
    }
    return EMPTY;
  }

  private jsxMember(name: TSESTree.JSXMemberExpression): ValueSet {
    const object = name.object.type === T.JSXIdentifier ? this.identifier(name.object) : name.object.type === T.JSXMemberExpression ? this.jsxMember(name.object) : EMPTY;
    return load(this.engine, object, name.property.name, undefined);
  }

  /** `await x`, exposed for the engine. */
  awaited(values: ValueSet): ValueSet {
    return awaited(this.engine, values);
  }

  /** `require(…)` of this module, for the builtins. */
  required(specifier: ValueSet, node: TSESTree.Node): ValueSet {
    return requiredValue(this.engine, this.module, specifier, node);
  }
}

/** Every combination of a prefix and a suffix, up to a bound. */
function combine(prefixes: StringPattern[], suffixes: StringPattern[]): StringPattern[] {
  const result: StringPattern[] = [];
  for (const prefix of prefixes) {
    for (const suffix of suffixes) {
      if (result.length >= MAX_COMBINATIONS) return result;
      result.push(concat(prefix, suffix));
    }
  }
  return result;
}

function enclosingClass(node: TSESTree.Node): TSESTree.ClassDeclaration | TSESTree.ClassExpression | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (current.type === T.ClassDeclaration || current.type === T.ClassExpression) return current;
  }
  return undefined;
}

export type { Use };

/** Remix's and React Router's hooks that give a route's loader or action data. */
const LOADER_HOOKS = /(?:^|\.)use(?:Route)?(Loader|Action)Data$/;

/** The lookups of dependency-injection containers (tsyringe, inversify, NestJS's `ModuleRef`, typedi) on a receiver the analysis does not know. */
const DI_LOOKUPS = new Set(['resolve', 'get', 'getInstance', 'resolveAll']);
/** Receivers named like a container: a `registry.get(GleanService)` or `metadata.get(Entity)` is not a lookup of an instance. */
const DI_CONTAINER = /container|injector|moduleref|^app$|^ioc$|^di$|kernel/i;

/**
 * The names servers give the per-request object they hand to every middleware and handler (Koa's
 * and grammY's `ctx`, Express's `req` and `res`, Fastify's `request`): in the functions nothing in
 * the project calls, what a middleware hangs on it (`ctx.services = { glean }`, `req.glean =
 * client`) is what a handler elsewhere reads (`ctx.services.glean.client.chat.create(…)`); see
 * `requestContext`. A finding still needs a service value written there.
 */
const REQUEST_CONTEXTS = new Set(['ctx', 'context', 'req', 'request', 'res']);
/** The objects a server's request context holds for what middleware passes on. */
const CONTEXT_HOLDERS = ['state', 'locals'];

/**
 * An object or array written out in the code: typed as a schema (`const fixture: ChatResponse =
 * { … }`, `{ … } as ChatResponse`), it is the code's own data, a test fixture or a default, not
 * something the service sent; its keys are judged as a request body's when the type is a request's
 * (`typedBody`), and reading it back reads what was written.
 */
const GLOBAL_SCOPES = new Set(['self', 'window', 'globalThis']);

function isAmbient(variable: Variable): boolean {
  return variable.defs.every((def) => def.node.type === T.VariableDeclarator && def.parent?.type === T.VariableDeclaration && def.parent.declare === true);
}

function isLiteralData(node: TSESTree.Node): boolean {
  return node.type === T.ObjectExpression || node.type === T.ArrayExpression;
}

/** No annotation, or one that says nothing (`any`, `unknown`): the parameter's name may hint at its schema. */
function isUntyped(param: TSESTree.Identifier): boolean {
  const annotation = param.typeAnnotation?.typeAnnotation;
  return !annotation || annotation.type === T.TSAnyKeyword || annotation.type === T.TSUnknownKeyword;
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

/** The URLs a fetch-like call is given: strings, and a `Request`'s URL. */
function urlsOf(values: ValueSet): ValueSet {
  return values.flatMap((value) => (value.kind === 'request' ? value.url : [value]));
}

/** A response's text joined to other text (`raw += chunk` over a body's chunks) is still that body's text, for `JSON.parse`. */
function bodyTexts(values: readonly Value[]): ValueSet {
  return values.filter((value) => value.kind === 'response' && value.state === 'text');
}

/** Whether a call passes text for a parameter, and nothing else: a string is never `undefined`, so the parameter's default is not used. */
function passesText(values: ValueSet | undefined): boolean {
  return values !== undefined && values.length > 0 && values.every((value) => value.kind === 'string');
}

/** Whether an assignment is in a loop of its function: what it assigns may be read by the loop's next turn, before it in the code. */
function inLoop(node: TSESTree.Node): boolean {
  for (let current = node.parent; current; current = current.parent) {
    if (LOOPS.has(current.type)) return true;
    if (isFunctionNode(current) || current.type === T.Program) return false;
  }
  return false;
}

const LOOPS = new Set<string>([T.ForStatement, T.ForOfStatement, T.ForInStatement, T.WhileStatement, T.DoWhileStatement]);

const JAVASCRIPT = /\.(?:[cm]?jsx?|svelte|vue)$/;

/** Schema validation libraries, whose `parse` gives back the value it checked. */
const VALIDATORS = /\bfrom\s*['"](?:zod|zod\/v4|yup|valibot|superstruct|joi|arktype|@sinclair\/typebox|io-ts)['"]|require\(\s*['"](?:zod|yup|joi|superstruct)['"]\s*\)/;

const VALIDATION_METHODS = new Set(['parse', 'validateSync', 'cast', 'create', 'parseAsync', 'validate', 'safeParse', 'safeParseAsync']);
const validating = new WeakMap<ParsedModule, boolean>();

function importsValidator(module: ParsedModule): boolean {
  let known = validating.get(module);
  if (known === undefined) {
    known = VALIDATORS.test(module.text);
    validating.set(module, known);
  }
  return known;
}

/** `ChatResponse.safeParse(…)` with `ChatResponse` imported from the app's module of schemas, which imports the library. */
function schemaFromValidatorModule(engine: Engine, module: ParsedModule, schema: TSESTree.Node): boolean {
  const name = schema.type === T.Identifier ? schema.name : schema.type === T.MemberExpression && schema.object.type === T.Identifier ? schema.object.name : undefined;
  const source = name === undefined ? undefined : importSourceOf(module, name);
  const resolved = source === undefined ? undefined : engine.project.resolve(module.path, source);
  const target = resolved?.kind === 'file' ? engine.project.module(resolved.path) : undefined;
  return target !== undefined && importsValidator(target);
}

/**
 * `Reply.parse(await res.json())` (zod, yup, valibot…): the response, checked, is what the code
 * reads next; `safeParse` puts it in `data`. Only in modules that import such a library.
 */
function validated(engine: Engine, module: ParsedModule, method: string | undefined, schema: TSESTree.Node, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  if (!method || !VALIDATION_METHODS.has(method) || !(importsValidator(module) || schemaFromValidatorModule(engine, module, schema))) return EMPTY;
  const input = args[0] ?? EMPTY;
  if (input.length === 0) return EMPTY;
  switch (method) {
    case 'parse':
    case 'validateSync':
    case 'cast':
    case 'create':
      return input;
    case 'parseAsync':
    case 'validate':
      return [promiseValue(input)];
    case 'safeParse':
    case 'safeParseAsync': {
      const result = engine.allocate(node, 'other');
      engine.write(engine.cell(result, 'data'), input);
      return method === 'safeParse' ? [objectValue(result)] : [promiseValue([objectValue(result)])];
    }
    default:
      return EMPTY;
  }
}
