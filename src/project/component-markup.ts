/**
 * The markup of a single-file component as a tree, enough to find where its expressions are and
 * what scope each sits in: elements with their attributes, text interpolations, and Svelte's
 * blocks. Not an HTML parser: it keeps offsets into the file and tolerates what it does not know
 * (an unclosed element ends with its parent), since a component that does not compile has no
 * template worth reading anyway. No maintained package parses both Vue's and Svelte's markup
 * without their compilers (megabytes each), so this is written here.
 */

/** A span of the file: `[start, end)`. */
export interface Span {
  start: number;
  end: number;
}

export interface Attribute {
  /** As written: `:answer`, `@select`, `v-for`, `#item`, `on:click|once`, `{...rest}` has name `...`. */
  name: string;
  start: number;
  /** The value's text without its quotes or braces; undefined for a bare attribute. */
  value?: Span;
  /** Svelte: a value written in braces (`x={expr}`, `{x}`), or in quotes holding braces (`title="Hi {name}"`). */
  expressions?: Span[];
}

export interface MarkupElement {
  kind: 'element';
  name: string;
  start: number;
  attributes: Attribute[];
  children: MarkupNode[];
}

/** `{{ expr }}` (Vue), `{expr}`, `{@html expr}`, `{@render expr}`, `{@const x = expr}` (Svelte). */
export interface MarkupExpression {
  kind: 'expression';
  /** `''` for a plain interpolation, else the tag: `html`, `render`, `const`, `debug`. */
  tag: string;
  span: Span;
}

/** Svelte's `{#if}`, `{#each}`, `{#await}`, `{#key}`, `{#snippet}`: a head and branches (`{:else}`, `{:then v}`…). */
export interface MarkupBlock {
  kind: 'block';
  keyword: string;
  head: Span;
  children: MarkupNode[];
  branches: { keyword: string; head: Span; children: MarkupNode[] }[];
}

export type MarkupNode = MarkupElement | MarkupExpression | MarkupBlock;

const VOID_ELEMENTS = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const RAW_TEXT = new Set(['script', 'style', 'textarea']);
const TAG_NAME = /[A-Za-z][\w:.-]*/y;
const ATTRIBUTE_NAME = /[^\s"'>/=]+/y;
const SPACE = /\s*/y;

type Flavour = 'vue' | 'svelte';

/** The markup between `start` and `end` as a forest. */
export function parseMarkup(text: string, start: number, end: number, flavour: Flavour): MarkupNode[] {
  return new MarkupReader(text, end, flavour).read(start);
}

interface Open {
  children: MarkupNode[];
  element?: MarkupElement;
  block?: MarkupBlock;
}

class MarkupReader {
  private position = 0;
  private readonly stack: Open[] = [];

  constructor(
    private readonly text: string,
    private readonly end: number,
    private readonly flavour: Flavour,
  ) {}

  read(start: number): MarkupNode[] {
    const root: Open = { children: [] };
    this.stack.push(root);
    this.position = start;
    while (this.position < this.end) {
      const next = this.nextSpecial();
      if (next < 0) break;
      this.position = next;
      if (this.text.startsWith('<!--', next)) this.skipPast('-->');
      else if (this.text[next] === '<') this.tag();
      else if (this.flavour === 'vue') this.mustache();
      else this.brace();
    }
    return root.children;
  }

  /** The next `<`, or the next interpolation's opening. */
  private nextSpecial(): number {
    const opener = this.flavour === 'vue' ? '{{' : '{';
    const lt = this.text.indexOf('<', this.position);
    const brace = this.text.indexOf(opener, this.position);
    const found = [lt, brace].filter((index) => index >= 0 && index < this.end);
    return found.length > 0 ? Math.min(...found) : -1;
  }

  private get current(): Open {
    return this.stack[this.stack.length - 1]!;
  }

  private skipPast(closer: string): void {
    const index = this.text.indexOf(closer, this.position);
    this.position = index < 0 || index >= this.end ? this.end : index + closer.length;
  }

  private tag(): void {
    const start = this.position;
    if (this.text[start + 1] === '/') {
      TAG_NAME.lastIndex = start + 2;
      const name = TAG_NAME.exec(this.text)?.[0];
      this.skipPast('>');
      if (name) this.close(name);
      return;
    }
    TAG_NAME.lastIndex = start + 1;
    const name = TAG_NAME.exec(this.text)?.[0];
    if (!name) {
      this.position = start + 1;
      return;
    }
    this.position = TAG_NAME.lastIndex;
    const element: MarkupElement = { kind: 'element', name, start, attributes: [], children: [] };
    const selfClosing = this.attributes(element);
    this.current.children.push(element);
    const lower = name.toLowerCase();
    if (RAW_TEXT.has(lower) && !selfClosing) {
      const closer = this.text.toLowerCase().indexOf(`</${lower}`, this.position);
      this.position = closer < 0 || closer >= this.end ? this.end : closer;
      return;
    }
    if (!selfClosing && !VOID_ELEMENTS.has(lower)) this.stack.push({ children: element.children, element });
  }

  /** Reads the attributes up to the tag's end; whether it closed itself (`/>`). */
  private attributes(element: MarkupElement): boolean {
    const { text } = this;
    for (;;) {
      SPACE.lastIndex = this.position;
      SPACE.exec(text);
      this.position = SPACE.lastIndex;
      if (this.position >= this.end) return true;
      const char = text[this.position];
      if (char === '>') {
        this.position++;
        return false;
      }
      if (text.startsWith('/>', this.position)) {
        this.position += 2;
        return true;
      }
      if (char === '/') {
        this.position++;
        continue;
      }
      if (char === '{' && this.flavour === 'svelte') {
        // `{name}` (shorthand) or `{...rest}`.
        const close = matchingBrace(text, this.position + 1, this.end);
        const inner = trimmed(text, this.position + 1, close);
        const spread = text.startsWith('...', inner.start);
        element.attributes.push({ name: spread ? '...' : text.slice(inner.start, inner.end), start: this.position, value: spread ? { start: inner.start + 3, end: inner.end } : inner, expressions: [spread ? { start: inner.start + 3, end: inner.end } : inner] });
        this.position = close + 1;
        continue;
      }
      ATTRIBUTE_NAME.lastIndex = this.position;
      let name = ATTRIBUTE_NAME.exec(text)?.[0];
      if (!name) {
        this.position++;
        continue;
      }
      // Vue's dynamic arguments: `:[key]="value"`, `v-bind:[key]`.
      if (name.endsWith('[') || (name.includes('[') && !name.includes(']'))) {
        const close = text.indexOf(']', this.position);
        if (close > 0 && close < this.end) name = text.slice(this.position, close + 1);
      }
      const attribute: Attribute = { name, start: this.position };
      this.position += name.length;
      SPACE.lastIndex = this.position;
      SPACE.exec(text);
      if (text[SPACE.lastIndex] === '=') {
        SPACE.lastIndex += 1;
        SPACE.exec(text);
        this.position = SPACE.lastIndex;
        this.attributeValue(attribute);
      }
      element.attributes.push(attribute);
    }
  }

  private attributeValue(attribute: Attribute): void {
    const { text } = this;
    const quote = text[this.position];
    if (quote === '"' || quote === "'") {
      const close = text.indexOf(quote, this.position + 1);
      const end = close < 0 || close >= this.end ? this.end : close;
      attribute.value = { start: this.position + 1, end };
      if (this.flavour === 'svelte') attribute.expressions = bracedParts(text, attribute.value);
      this.position = end + 1;
      return;
    }
    if (quote === '{' && this.flavour === 'svelte') {
      const close = matchingBrace(text, this.position + 1, this.end);
      attribute.value = trimmed(text, this.position + 1, close);
      attribute.expressions = [attribute.value];
      this.position = close + 1;
      return;
    }
    const start = this.position;
    while (this.position < this.end && !/[\s>]/.test(text[this.position]!) && !text.startsWith('/>', this.position)) this.position++;
    attribute.value = { start, end: this.position };
  }

  /** Closes the innermost open element of that name and those left open inside it. */
  private close(name: string): void {
    for (let index = this.stack.length - 1; index > 0; index--) {
      if (this.stack[index]!.element?.name === name) {
        this.stack.length = index;
        return;
      }
      if (this.stack[index]!.block) return;
    }
  }

  private mustache(): void {
    const start = this.position + 2;
    const close = this.text.indexOf('}}', start);
    const end = close < 0 || close >= this.end ? this.end : close;
    this.current.children.push({ kind: 'expression', tag: '', span: trimmed(this.text, start, end) });
    this.position = end + 2;
  }

  private brace(): void {
    const close = matchingBrace(this.text, this.position + 1, this.end);
    const inner = trimmed(this.text, this.position + 1, close);
    this.position = close + 1;
    const sigil = this.text[inner.start];
    if (sigil === '#' || sigil === ':' || sigil === '/' || sigil === '@') {
      const keyword = /^[#:/@]([a-z]+(?: if)?)/.exec(this.text.slice(inner.start, inner.end))?.[1] ?? '';
      const head = trimmed(this.text, inner.start + 1 + keyword.length, inner.end);
      if (sigil === '@') this.current.children.push({ kind: 'expression', tag: keyword, span: head });
      else if (sigil === '#') this.openBlock(keyword, head);
      else if (sigil === ':') this.branch(keyword, head);
      else this.closeBlock();
      return;
    }
    this.current.children.push({ kind: 'expression', tag: '', span: inner });
  }

  private openBlock(keyword: string, head: Span): void {
    const block: MarkupBlock = { kind: 'block', keyword, head, children: [], branches: [] };
    this.current.children.push(block);
    this.stack.push({ children: block.children, block });
  }

  private branch(keyword: string, head: Span): void {
    const index = this.innermostBlock();
    if (index < 0) return;
    const open = this.stack[index]!;
    const branch = { keyword, head, children: [] as MarkupNode[] };
    open.block!.branches.push(branch);
    this.stack.length = index;
    this.stack.push({ children: branch.children, block: open.block! });
  }

  private closeBlock(): void {
    const index = this.innermostBlock();
    if (index >= 0) this.stack.length = index;
  }

  private innermostBlock(): number {
    for (let index = this.stack.length - 1; index > 0; index--) if (this.stack[index]!.block) return index;
    return -1;
  }
}

/** The parts of a quoted Svelte attribute value written in braces: `"card {active ? 'on' : ''}"`. */
function bracedParts(text: string, value: Span): Span[] {
  const parts: Span[] = [];
  for (let index = text.indexOf('{', value.start); index >= 0 && index < value.end; index = text.indexOf('{', index + 1)) {
    const close = matchingBrace(text, index + 1, value.end);
    parts.push(trimmed(text, index + 1, close));
    index = close;
  }
  return parts;
}

/** The span without the white space at either end. */
export function trimmed(text: string, start: number, end: number): Span {
  while (start < end && /\s/.test(text[start]!)) start++;
  while (end > start && /\s/.test(text[end - 1]!)) end--;
  return { start, end };
}

/**
 * The index of the `}` closing a brace whose content starts at `from`, skipping strings, template
 * literals (with their `${…}`) and nested braces; `end` when there is none.
 */
export function matchingBrace(text: string, from: number, end: number): number {
  let depth = 1;
  for (let index = from; index < end; index++) {
    const char = text[index];
    if (char === '"' || char === "'") index = stringEnd(text, index, char, end);
    else if (char === '`') index = templateEnd(text, index, end);
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return index;
  }
  return end;
}

function stringEnd(text: string, start: number, quote: string, end: number): number {
  for (let index = start + 1; index < end; index++) {
    if (text[index] === '\\') index++;
    else if (text[index] === quote || text[index] === '\n') return index;
  }
  return end;
}

function templateEnd(text: string, start: number, end: number): number {
  for (let index = start + 1; index < end; index++) {
    if (text[index] === '\\') index++;
    else if (text[index] === '`') return index;
    else if (text.startsWith('${', index)) index = matchingBrace(text, index + 2, end);
  }
  return end;
}
