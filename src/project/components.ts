import { templateCode, TEMPLATE_MARKER, type Segment, type TemplateCode } from './component-template.js';

/**
 * Single-file components (`.vue`, `.svelte`): their `<script>` blocks are the module, and their
 * markup is code put after the file's end (component-template.ts). The rest of the file (the
 * template, the styles) is blanked out, every character but line breaks turned into a space, so
 * the script keeps its offsets, lines and columns: a finding lands where it is in the component,
 * and ESLint's tree of the component (vue-eslint-parser's, svelte-eslint-parser's), whose ranges
 * are the whole file's, matches the analysis's by range; one in the markup's code is mapped back
 * to where its expression is written (`originalOffsets`).
 */

const COMPONENT = /\.(?:vue|svelte)$/;

/**
 * A top-level `<script …>` block (at a line's start: one in the markup, in `<svelte:head>` or a
 * template, is indented or inline), its attributes (quoted values may hold `>`: Vue's
 * `generic="T extends Item<string>"`) and its body.
 */
const SCRIPT_BLOCK = /^<script\b((?:"[^"]*"|'[^']*'|[^>"'])*)>([\s\S]*?)<\/script\s*>/gm;
/** A `type` that is not JavaScript (`application/ld+json`, a template). */
const OTHER_TYPE = /\btype\s*=\s*["']?(?!module\b|text\/javascript\b|text\/typescript\b|ts\b)[\w/+.-]/;
const HTML_COMMENT = /<!--[\s\S]*?-->/g;

export function isComponentFile(file: string): boolean {
  return COMPONENT.test(file);
}

/** The component's scripts at their own offsets, everything else blank. */
export function componentScript(text: string): string {
  let script = '';
  let end = 0;
  // A script commented out in the markup is no code: blanked first, offsets kept.
  const markup = text.replace(HTML_COMMENT, blank);
  for (const match of markup.matchAll(SCRIPT_BLOCK)) {
    if (OTHER_TYPE.test(match[1]!)) continue;
    const length = match[2]!.length;
    const start = match.index + match[0].lastIndexOf('</script') - length;
    script += blank(text.slice(end, start)) + text.slice(start, start + length);
    end = start + length;
  }
  return script + blank(text.slice(end));
}

function blank(text: string): string {
  return text.replace(/[^\n\r]/g, ' ');
}

/** The last components made into modules: every rule of a file, and the index, ask for the same one. */
const made = new Map<string, { file: string; text: string; script: string; source: string; template: TemplateCode }>();

function make(file: string, text: string): { source: string; template: TemplateCode } {
  const key = `${file}\0${text}`;
  let entry = made.get(key);
  if (!entry) {
    const script = componentScript(text);
    const template = templateCode(text, file.endsWith('.svelte') ? 'svelte' : 'vue', script);
    entry = { file, text, script, source: `${script}\n${template.code}`, template };
    if (made.size >= 16) made.delete(made.keys().next().value!);
    made.set(key, entry);
  }
  return entry;
}

/** The module a component is: its scripts in place, then its markup as code. A text that is such a module already is its own. */
export function componentSource(file: string, text: string): string {
  return isComponentSource(text) ? text : make(file, text).source;
}

/**
 * The component's own text, given the module made of it (`check` lints a component as that
 * module, or as its scripts alone): the project's analysis reads the component as it is on disk.
 */
export function componentText(file: string, text: string): string {
  // Its scripts alone, when its markup's code did not parse (see LintRunner).
  for (const entry of made.values()) if (entry.file === file && (entry.source === text || entry.script === text)) return entry.text;
  return text;
}

export function isComponentSource(text: string): boolean {
  return text.includes(TEMPLATE_MARKER);
}

/** Where the markup's code starts in a component's module text; Infinity when it has none. */
export function templateStartOf(text: string): number {
  const index = text.indexOf(TEMPLATE_MARKER);
  return index < 0 ? Infinity : index;
}

/** Where each offset of the component's module (`componentSource`) is in the component's own text. */
export function originalOffsets(file: string, text: string): (offset: number) => number {
  const { segments } = make(file, text).template;
  return (offset) => {
    if (offset <= text.length) return offset;
    let before: Segment | undefined;
    for (const segment of segments) {
      if (segment.at > offset) break;
      before = segment;
    }
    return before ? before.from + Math.min(offset - before.at, before.length) : text.length;
  };
}
