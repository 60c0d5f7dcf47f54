import type { TSESTree } from '../ts-eslint-lite.js';
import { programOf } from '../project/ast.js';
import { isComponentFile } from '../project/components.js';
import { vueEventProp } from '../project/component-template.js';
import type { ParsedModule } from '../project/module.js';
import type { Engine } from './engine.js';
import type { FrameworkModel } from './framework-model.js';
import { idOf } from './ids.js';
import { call, constantKey, load } from './operations.js';
import { runOptionsComponent } from './vue-options.js';
import { builtinValue, EMPTY, objectValue, type Allocation, type BuiltinValue, type ObjectValue, type ValueSet } from './values.js';

/**
 * What a single-file component's markup does, as the code made of it says
 * (project/component-template.ts): a child component rendered with props
 * (`__sfc_render__(AnswerCard, { answer: reply })`) gets them as its props, wherever it reads
 * them (`defineProps`, `$props()`, `export let`, `this.answer`, a bare name in its template); a
 * slot's props go from the child's `<slot :item="r">` to the parent's `#item="{ item }"`; an
 * event a child emits calls the handler its parent gave (`@select` is the prop `onSelect`,
 * Svelte's `on:select` gets an event whose `detail` is the value). Each component has one props
 * object, which every parent that renders it writes to.
 */
const GLUE = new Set(['__sfc_render__', '__sfc_list__', '__sfc_slot_out__', '__sfc_slot_in__']);

/** The props of the component whose module `program` is: what every parent passes it, and what it declares. */
export function propsAllocation(program: TSESTree.Node): Allocation {
  return { id: `sfc-props:${idOf(program)}`, node: program, origin: 'other' };
}

/**
 * The props object of the component whose module `program` is. Its spread cell is made before a
 * parent writes it, so a read made before that read it too and is made again once it is written.
 */
export function propsObject(engine: Engine, program: TSESTree.Node): ObjectValue {
  const allocation = propsAllocation(program);
  engine.cell(allocation, '...');
  return objectValue(allocation);
}

/** The instance of an Options API component (`this` in its methods, a bare name in its template). */
export function instanceAllocation(program: TSESTree.Node): Allocation {
  return { id: `sfc-vm:${idOf(program)}`, node: program, origin: 'other' };
}

/**
 * A name no declaration of a component's module gives: the glue's, Svelte's `$props()`, Vue's
 * `defineEmits` and, in a Vue template, `$emit` and the component's props and instance members.
 * Undefined when the name is none of these (a global).
 */
export function componentGlobal(engine: Engine, module: ParsedModule, name: string, node: TSESTree.Node): ValueSet | undefined {
  if (!isComponentFile(module.path)) return undefined;
  if (GLUE.has(name)) return [builtinValue(`sfc.${name.slice(6, -2)}`)];
  if (name === '__sfc_event__') return EMPTY;
  const props = () => [propsObject(engine, module.ast)];
  if (name === '__sfc_self__') return [builtinValue('sfc.component', props())];
  if (name === '__sfc_props__') return props();
  if (module.path.endsWith('.svelte')) return name === '$props' ? [builtinValue('sfc.props', props())] : undefined;
  if (name === 'defineEmits') return [builtinValue('sfc.defineEmits', props())];
  if (node.range[0] < module.templateStart) return undefined;
  if (name === '$emit') return [builtinValue('sfc.emit', props())];
  if (name === '$props') return props();
  const own = load(engine, [...props(), objectValue(instanceAllocation(module.ast))], name, undefined);
  return own.length > 0 ? own : undefined;
}

/** Svelte's `createEventDispatcher`. */
function componentImport(specifier: string, exported: string): ValueSet {
  return specifier === 'svelte' && exported === 'createEventDispatcher' ? [builtinValue('sfc.createEventDispatcher')] : EMPTY;
}

function callComponent(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.Node): ValueSet {
  const [first = EMPTY, second = EMPTY] = args;
  switch (fn.name) {
    case 'sfc.render':
      for (const target of propsOf(engine, first)) engine.write(engine.cell(target, '...'), second);
      // A child written with the Options API runs as a component even where it names nothing of the service.
      for (const module of optionsComponents(engine, first)) runOptionsComponent(engine, module);
      return EMPTY;
    case 'sfc.list':
      return first;
    case 'sfc.slot_out':
      engine.write(engine.cell(propsAllocation(programOf(node)), slotKey(first)), second);
      return EMPTY;
    case 'sfc.slot_in':
      return propsOf(engine, first).flatMap((target) => engine.read(engine.cell(target, slotKey(second))));
    case 'sfc.props':
      return fn.receiver ?? EMPTY;
    case 'sfc.defineEmits':
      return [builtinValue('sfc.emit', fn.receiver)];
    case 'sfc.createEventDispatcher':
      return [builtinValue('sfc.dispatch', [propsObject(engine, programOf(node))])];
    case 'sfc.emit':
    case 'sfc.dispatch':
      emit(engine, fn, args, node);
      return EMPTY;
    default:
      return EMPTY;
  }
}

/**
 * `emit('select', r)` calls the parent's `onSelect` with `r`; `dispatch('select', r)` its
 * `on:select` with an event whose `detail` is `r`.
 */
function emit(engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], node: TSESTree.Node): void {
  const [type = EMPTY, ...rest] = args;
  const name = constantKey(type);
  if (name === undefined) return;
  const props = fn.receiver ?? EMPTY;
  if (fn.name === 'sfc.emit') {
    call(engine, load(engine, props, vueEventProp(name), undefined), rest, EMPTY, node);
    return;
  }
  const event = engine.allocate(node, 'other');
  engine.write(engine.cell(event, 'detail'), rest[0] ?? EMPTY);
  call(engine, load(engine, props, `on:${name}`, undefined), [[objectValue(event)]], EMPTY, node);
}

/** The props objects of the components these values are: a module's own (`__sfc_self__`), or an Options API component's options object. */
function propsOf(engine: Engine, components: ValueSet): Allocation[] {
  const own = components.flatMap((component) => (component.kind === 'builtin' && component.name === 'sfc.component' ? (component.receiver ?? EMPTY) : []));
  return [...own.flatMap((props) => (props.kind === 'object' ? [props.allocation] : [])), ...optionsComponents(engine, components).map((module) => propsAllocation(module.ast))];
}

/** The components whose options objects these values are (`export default { props, methods }`). */
function optionsComponents(engine: Engine, components: ValueSet): ParsedModule[] {
  return components.flatMap((component) => {
    const module = component.kind === 'object' ? engine.moduleOf(component.allocation.node) : undefined;
    return module && isComponentFile(module.path) ? [module] : [];
  });
}

function slotKey(name: ValueSet): string {
  return `#slot:${constantKey(name) ?? 'default'}`;
}

export const componentModel: FrameworkModel = {
  imports: componentImport,
  owns: (name) => name.startsWith('sfc.'),
  call: (engine, fn, args, node) => callComponent(engine, fn, args, node),
};
