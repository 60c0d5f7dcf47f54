import { parseMarkup, trimmed, type Attribute, type MarkupBlock, type MarkupElement, type MarkupNode, type Span } from './component-markup.js';

/**
 * A component's markup as script, so the engine reads a template as it reads code: each
 * expression of the markup (`{{ r.snippets[0] }}`, `:answer="reply"`, `{#each results as r}`) is
 * copied as it is written, inside glue that gives it its scope (`for (const r of …) { … }` for a
 * loop, a function for a slot's props) and says what the markup does with it (a child component
 * rendered with props, a handler called with an event). The code is put after the file's end:
 * what the engine finds in a copy is mapped back to where the expression is in the component (see
 * `originalOffsets` in components.ts), and what the glue names (`__sfc_render__`…) is known to the engine
 * only in a component's template (flow/component-templates.ts).
 */
export const TEMPLATE_MARKER = '/*api-sunset:template*/';

/** A copy of the component's text at `at` in the code, from `from` in the file. */
export interface Segment {
  at: number;
  from: number;
  length: number;
}

export interface TemplateCode {
  /** The glue and copies, to put at `base` (the file's length plus one line break). */
  code: string;
  segments: Segment[];
}

export type ComponentKind = 'vue' | 'svelte';

/** The code of a component's markup; `script` is the file's scripts in place, the rest blank. */
export function templateCode(text: string, kind: ComponentKind, script: string): TemplateCode {
  const writer = new CodeWriter(text, text.length + 1);
  writer.glue(`${TEMPLATE_MARKER}\n;(function () {\n`);
  // Svelte 4's props are the module's `export let`s: what a parent passes is their value.
  if (kind === 'svelte') {
    const props = [...script.matchAll(/\bexport\s+let\s+([\w$]+)/g)].map((match) => match[1]!);
    if (props.length > 0) writer.glue(`({ ${props.join(', ')} } = __sfc_props__);\n`);
  }
  if (kind === 'vue') {
    const region = vueTemplateRegion(text);
    if (region) for (const node of parseMarkup(text, region.start, region.end, 'vue')) vueNode(node, writer, undefined);
  } else {
    for (const node of parseMarkup(text, 0, text.length, 'svelte')) svelteNode(node, writer, undefined);
  }
  writer.glue('\n})();\n');
  // What a parent imports from the component, to render it with props.
  if (!/\bexport\s+default\b/.test(script)) writer.glue('const __sfc_component__ = __sfc_self__;\nexport default __sfc_component__;\n');
  return { code: writer.code, segments: writer.segments };
}

class CodeWriter {
  code = '';
  readonly segments: Segment[] = [];

  constructor(
    private readonly text: string,
    private readonly base: number,
  ) {}

  glue(code: string): void {
    this.code += code;
  }

  copy(span: Span): void {
    if (span.end <= span.start) return;
    this.segments.push({ at: this.base + this.code.length, from: span.start, length: span.end - span.start });
    this.code += this.text.slice(span.start, span.end);
  }

  /** `(expr)`, ending on its own line so a comment at its end closes nothing. */
  expression(span: Span): void {
    this.glue('(');
    this.copy(span);
    this.glue('\n)');
  }

  statement(span: Span): void {
    this.expression(span);
    this.glue(';\n');
  }

  slice(span: Span): string {
    return this.text.slice(span.start, span.end);
  }

  trim(span: Span): Span {
    return trimmed(this.text, span.start, span.end);
  }
}

// ---- Vue --------------------------------------------------------------------------------------

/** The top-level `<template>` (HTML, not Pug), between its tags. */
function vueTemplateRegion(text: string): Span | undefined {
  const open = /^<template(\s(?:"[^"]*"|'[^']*'|[^>"'])*)?>/m.exec(text);
  if (!open || /\blang\s*=\s*["']?(?!html\b)\w/.test(open[1] ?? '')) return undefined;
  const start = open.index + open[0].length;
  const nextBlock = /^<(?:script|style)\b/gm;
  nextBlock.lastIndex = start;
  const limit = nextBlock.exec(text)?.index ?? text.length;
  const end = text.lastIndexOf('</template', limit);
  return end >= start ? { start, end } : undefined;
}

const VUE_BUILTIN_TAGS = new Set(['template', 'slot', 'component', 'transition', 'transition-group', 'keep-alive', 'teleport', 'suspense']);

function vueNode(node: MarkupNode, writer: CodeWriter, parentComponent: string | undefined): void {
  if (node.kind === 'expression') {
    writer.statement(node.span);
    return;
  }
  if (node.kind !== 'element') return;
  const component = vueComponentName(node.name);
  let closers = '';
  const loop = node.attributes.find((attribute) => attribute.name === 'v-for');
  if (loop?.value) closers = openLoop(writer, loop.value) + closers;
  if (node.name === 'slot') writeSlotOutlet(writer, node, vueProp);
  else if (component) renderComponent(writer, component, node.attributes, vueProp);
  else for (const attribute of node.attributes) vueElementAttribute(writer, attribute);
  const slot = node.attributes.find((attribute) => /^(?:v-slot(?::|$)|#)/.test(attribute.name));
  const owner = node.name === 'template' ? parentComponent : component;
  if (slot?.value) {
    writer.glue('(function (');
    writer.copy(slot.value);
    writer.glue(') {\n');
    closers = `})(__sfc_slot_in__(${owner ?? 'undefined'}, ${JSON.stringify(vueSlotName(slot.name))}));\n${closers}`;
  }
  for (const child of node.children) vueNode(child, writer, component ?? (node.name === 'template' ? parentComponent : undefined));
  writer.glue(closers);
}

/** The name a tag renders as a component (`AnswerCard`, `answer-card`, `Ui.Card`), if it is one. */
function vueComponentName(tag: string): string | undefined {
  if (VUE_BUILTIN_TAGS.has(tag.toLowerCase())) return undefined;
  if (/^[A-Z][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(tag)) return tag;
  if (/^[a-z][a-z0-9]*(?:-[a-z0-9]+)+$/.test(tag)) return capitalize(camelize(tag));
  return undefined;
}

function vueSlotName(attribute: string): string {
  const name = attribute.startsWith('#') ? attribute.slice(1) : attribute.slice('v-slot:'.length);
  return name === '' || attribute === 'v-slot' ? 'default' : name;
}

/** What an attribute gives a child component: a prop by name, props spread in, or nothing. */
type PropOf = (writer: CodeWriter, attribute: Attribute) => void;

const vueProp: PropOf = (writer, attribute) => {
  const { name, value } = attribute;
  if (!value) return;
  const bound = /^(?::|v-bind:)([\w-]+)/.exec(name);
  const event = /^(?:@|v-on:)([\w:-]+)/.exec(name);
  const model = /^v-model(?::([\w-]+))?/.exec(name);
  if (name === 'v-bind') {
    writer.glue('...');
    writer.expression(value);
  } else if (bound) {
    writer.glue(`${JSON.stringify(camelize(bound[1]!))}: `);
    writer.expression(value);
  } else if (model) {
    const prop = model[1] ? camelize(model[1]) : 'modelValue';
    writer.glue(`${JSON.stringify(prop)}: `);
    writer.expression(value);
    if (!model[1]) {
      // Vue 2's `v-model` is the `value` prop.
      writer.glue(',\n"value": ');
      writer.expression(value);
    }
  } else if (event) {
    writer.glue(`${JSON.stringify(vueEventProp(event[1]!))}: `);
    vueHandler(writer, value);
  } else return;
  writer.glue(',\n');
};

function vueElementAttribute(writer: CodeWriter, attribute: Attribute): void {
  const { name, value } = attribute;
  if (!value || name === 'v-for' || name.startsWith('#') || name.startsWith('v-slot')) return;
  if (/^(?:@|v-on:)/.test(name)) {
    vueHandler(writer, value);
    writer.glue('(__sfc_event__);\n');
  } else if (name.startsWith(':') || name.startsWith('v-')) writer.statement(value);
}

/** A handler as a function: a name or function as it is, statements (`count++; save(r)`) in one. */
function vueHandler(writer: CodeWriter, value: Span): void {
  const text = writer.slice(value).trim();
  if (SIMPLE_PATH.test(text) || FUNCTION_EXPRESSION.test(text)) writer.expression(value);
  else {
    writer.glue('(function ($event) {\n');
    writer.copy(value);
    writer.glue('\n})');
  }
}

const SIMPLE_PATH = /^[A-Za-z_$][\w$]*(?:\s*(?:\?\.|\.)\s*[A-Za-z_$][\w$]*|\[[^\]]+\])*$/;
const FUNCTION_EXPRESSION = /^(?:async\s+)?(?:\([^)]*\)|[A-Za-z_$][\w$]*)\s*=>|^(?:async\s+)?function\b/;

/** The prop a Vue event is to the component that emits it: `@select-row` and `emit('select-row')` are `onSelectRow`. */
export function vueEventProp(event: string): string {
  return `on${capitalize(camelize(event))}`;
}

function camelize(name: string): string {
  return name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
}

function capitalize(name: string): string {
  return name.charAt(0).toUpperCase() + name.slice(1);
}

// ---- Svelte -----------------------------------------------------------------------------------

function svelteNode(node: MarkupNode, writer: CodeWriter, parentComponent: string | undefined): void {
  switch (node.kind) {
    case 'expression':
      if (node.tag === 'const') {
        writer.glue('const ');
        writer.copy(node.span);
        writer.glue('\n;\n');
      } else if (node.tag !== 'debug') writer.statement(node.span);
      return;
    case 'block':
      svelteBlock(node, writer, parentComponent);
      return;
    case 'element':
      svelteElement(node, writer, parentComponent);
  }
}

function svelteElement(node: MarkupElement, writer: CodeWriter, parentComponent: string | undefined): void {
  if (node.name === 'script' || node.name === 'style') return;
  const component = svelteComponentName(node, writer);
  writer.glue('{\n');
  // `let:item` takes a slot's props: the default slot's of the component, or, on an element with `slot="x"`, slot x's of the one around it.
  const lets = node.attributes.filter((attribute) => attribute.name.startsWith('let:'));
  if (lets.length > 0) {
    const slotName = node.attributes.find((attribute) => attribute.name === 'slot' && attribute.value)?.value;
    const owner = component ?? parentComponent;
    const bindings = lets.map((attribute) => `${attribute.name.slice(4)}${attribute.value ? `: ${writer.slice(attribute.value)}` : ''}`).join(', ');
    writer.glue(`const { ${bindings} } = __sfc_slot_in__(${owner ?? 'undefined'}, ${JSON.stringify(slotName ? writer.slice(slotName) : 'default')});\n`);
  }
  if (node.name === 'slot') writeSlotOutlet(writer, node, svelteProp);
  else if (component) {
    // Snippets written inside a component are its props (`{#snippet row(item)}` is `row`).
    const snippets = node.children.flatMap((child) => {
      const name = child.kind === 'block' && child.keyword === 'snippet' ? /^[\w$]+/.exec(writer.slice(child.head))?.[0] : undefined;
      return name ? [name] : [];
    });
    renderComponent(writer, component, node.attributes, svelteProp, snippets);
  } else for (const attribute of node.attributes) svelteElementAttribute(writer, attribute);
  for (const child of node.children) svelteNode(child, writer, component ?? parentComponent);
  writer.glue('}\n');
}

function svelteComponentName(node: MarkupElement, writer: CodeWriter): string | undefined {
  if (node.name === 'svelte:self') return '__sfc_self__';
  if (node.name === 'svelte:component') {
    const target = node.attributes.find((attribute) => attribute.name === 'this')?.expressions?.[0];
    return target ? writer.slice(target) : undefined;
  }
  return /^[A-Z][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(node.name) ? node.name : undefined;
}

const svelteProp: PropOf = (writer, attribute) => {
  const { name, expressions = [] } = attribute;
  if (expressions.length === 0 || name.startsWith('let:') || name === 'this') return;
  if (expressions.length > 1) {
    // `title="{first} {last}"`: text, read where it is written.
    for (const part of expressions) writer.statement(part);
    return;
  }
  if (name === '...') writer.glue('...');
  else writer.glue(`${JSON.stringify(name.startsWith('bind:') ? name.slice(5) : name.split('|')[0]!)}: `);
  writer.expression(expressions[0]!);
  writer.glue(',\n');
};

function svelteElementAttribute(writer: CodeWriter, attribute: Attribute): void {
  const { name, expressions = [] } = attribute;
  for (const expression of expressions) {
    if (name.startsWith('on') && expressions.length === 1) {
      writer.expression(expression);
      writer.glue('(__sfc_event__);\n');
    } else writer.statement(expression);
  }
}

function svelteBlock(node: MarkupBlock, writer: CodeWriter, parentComponent: string | undefined): void {
  const children = (nodes: readonly MarkupNode[]) => {
    writer.glue('{\n');
    for (const child of nodes) svelteNode(child, writer, parentComponent);
    writer.glue('}\n');
  };
  switch (node.keyword) {
    case 'each': {
      const head = splitEach(writer, node.head);
      writer.glue('for (const ');
      if (head.pattern) writer.copy(head.pattern);
      else writer.glue('__sfc_item__');
      writer.glue(' of __sfc_list__(');
      writer.expression(head.list);
      writer.glue(')) {\n');
      if (head.index) writer.glue(`let ${head.index};\n`);
      if (head.key) writer.statement(head.key);
      children(node.children);
      writer.glue('}\n');
      for (const branch of node.branches) children(branch.children);
      return;
    }
    case 'await': {
      const head = splitAwait(writer, node.head);
      writer.glue('(async function () {\nconst __sfc_awaited__ = await ');
      writer.expression(head.promise);
      writer.glue(';\n');
      const settled = (binding: Span | undefined, isError: boolean, nodes: readonly MarkupNode[]) => {
        writer.glue('{\n');
        if (binding && binding.end > binding.start) {
          writer.glue(isError ? 'let ' : 'const ');
          writer.copy(binding);
          writer.glue(isError ? ';\n' : ' = __sfc_awaited__;\n');
        }
        children(nodes);
        writer.glue('}\n');
      };
      if (head.then) settled(head.then.binding, false, node.children);
      else if (head.catch) settled(head.catch.binding, true, node.children);
      else children(node.children);
      for (const branch of node.branches) settled(branch.head, branch.keyword === 'catch', branch.children);
      writer.glue('})();\n');
      return;
    }
    case 'snippet':
      writer.glue('function ');
      writer.copy(node.head);
      writer.glue(' ');
      children(node.children);
      return;
    default:
      // `{#if}`, `{#key}`: the condition is read, each branch in a scope of its own.
      writer.statement(node.head);
      children(node.children);
      for (const branch of node.branches) {
        if (branch.head.end > branch.head.start) writer.statement(branch.head);
        children(branch.children);
      }
  }
}

/** `{#each list as pattern, index (key)}`. */
function splitEach(writer: CodeWriter, head: Span): { list: Span; pattern?: Span; index?: string; key?: Span } {
  const text = writer.slice(head);
  const as = topLevelIndexOf(text, / as /g);
  if (as < 0) return { list: head };
  const list = { start: head.start, end: head.start + as };
  let rest = { start: head.start + as + 4, end: head.end };
  let key: Span | undefined;
  const restText = writer.slice(rest);
  if (restText.trimEnd().endsWith(')')) {
    const open = matchingOpen(restText.trimEnd());
    if (open > 0) {
      key = { start: rest.start + open + 1, end: rest.start + restText.trimEnd().length - 1 };
      rest = { start: rest.start, end: rest.start + open };
    }
  }
  const comma = topLevelIndexOf(writer.slice(rest), /,/g);
  const pattern = comma < 0 ? rest : { start: rest.start, end: rest.start + comma };
  const index = comma < 0 ? undefined : /[\w$]+/.exec(writer.slice({ start: rest.start + comma + 1, end: rest.end }))?.[0];
  return { list, pattern: writer.trim(pattern), ...(index ? { index } : {}), ...(key ? { key } : {}) };
}

/** `{#await promise}`, `{#await promise then value}`, `{#await promise catch error}`. */
function splitAwait(writer: CodeWriter, head: Span): { promise: Span; then?: { binding: Span }; catch?: { binding: Span } } {
  const text = writer.slice(head);
  for (const word of ['then', 'catch'] as const) {
    const at = topLevelIndexOf(text, new RegExp(`\\s${word}(?:\\s|$)`, 'g'));
    if (at >= 0) {
      const binding = writer.trim({ start: head.start + at + word.length + 1, end: head.end });
      return { promise: { start: head.start, end: head.start + at }, [word]: { binding } };
    }
  }
  return { promise: head };
}

// ---- both ---------------------------------------------------------------------------------------

/** `__sfc_render__(Component, { prop: (value), … })`: what the markup gives a child component. */
function renderComponent(writer: CodeWriter, component: string, attributes: readonly Attribute[], propOf: PropOf, snippets: readonly string[] = []): void {
  // Conditions and loops on the tag are read where they are written.
  for (const attribute of attributes) if (/^v-(?:if|else-if|show)$/.test(attribute.name) && attribute.value) writer.statement(attribute.value);
  writer.glue(`__sfc_render__(${component}, {\n`);
  for (const attribute of attributes) propOf(writer, attribute);
  for (const snippet of snippets) writer.glue(`${JSON.stringify(snippet)}: ${snippet},\n`);
  writer.glue('});\n');
}

/** `<slot name="row" :item="r" />`: what the component gives the slot's content in its parent. */
function writeSlotOutlet(writer: CodeWriter, node: MarkupElement, propOf: PropOf): void {
  const named = node.attributes.find((attribute) => attribute.name === 'name' && attribute.value && !attribute.expressions?.length);
  writer.glue(`__sfc_slot_out__(${JSON.stringify(named?.value ? writer.slice(named.value) : 'default')}, {\n`);
  for (const attribute of node.attributes) if (attribute !== named) propOf(writer, attribute);
  writer.glue('});\n');
}

/** `for (const item of __sfc_list__(list)) {`: a `v-for`'s loop; the code that closes it. */
function openLoop(writer: CodeWriter, value: Span): string {
  const text = writer.slice(value);
  const match = /^(\s*)([\s\S]*?)\s+(?:in|of)\s+([\s\S]*?)\s*$/.exec(text);
  if (!match) return '';
  const aliasStart = value.start + match[1]!.length;
  let alias = { start: aliasStart, end: aliasStart + match[2]!.length };
  const listStart = value.start + text.lastIndexOf(match[3]!);
  const list = { start: listStart, end: listStart + match[3]!.length };
  let extra: string[] = [];
  const aliasText = writer.slice(alias);
  if (aliasText.startsWith('(') && aliasText.endsWith(')')) {
    const inner = { start: alias.start + 1, end: alias.end - 1 };
    const comma = topLevelIndexOf(writer.slice(inner), /,/g);
    alias = writer.trim(comma < 0 ? inner : { start: inner.start, end: inner.start + comma });
    if (comma >= 0) extra = writer.slice({ start: inner.start + comma + 1, end: inner.end }).split(',').map((name) => name.trim()).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name));
  }
  writer.glue('for (const ');
  writer.copy(alias);
  writer.glue(' of __sfc_list__(');
  writer.expression(list);
  writer.glue(')) {\n');
  if (extra.length > 0) writer.glue(`let ${extra.join(', ')};\n`);
  return '}\n';
}

/** The index of the first match outside brackets, strings and templates; -1 when there is none. */
function topLevelIndexOf(text: string, pattern: RegExp): number {
  const depthAt = depths(text);
  for (const match of text.matchAll(pattern)) if (depthAt[match.index] === 0) return match.index;
  return -1;
}

/** How deep in brackets (or a string) each character is. */
function depths(text: string): number[] {
  const result: number[] = [];
  let depth = 0;
  let quote: string | undefined;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quote) {
      result.push(1);
      if (char === '\\') {
        result.push(1);
        index++;
      } else if (char === quote) quote = undefined;
      continue;
    }
    if (char === '"' || char === "'" || char === '`') {
      quote = char;
      result.push(1);
      continue;
    }
    if ('([{'.includes(char)) depth++;
    result.push(depth);
    if (')]}'.includes(char)) depth--;
  }
  return result;
}

/** Where the `(` closed by a text's last `)` opens. */
function matchingOpen(text: string): number {
  let depth = 0;
  for (let index = text.length - 1; index >= 0; index--) {
    if (text[index] === ')') depth++;
    else if (text[index] === '(' && --depth === 0) return index;
  }
  return -1;
}
