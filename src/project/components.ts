/**
 * Single-file components (`.vue`, `.svelte`): their `<script>` blocks are the module. The rest of
 * the file (the template, the styles) is blanked out, every character but line breaks turned into
 * a space, so the script keeps its offsets, lines and columns: a finding lands where it is in the
 * component, and ESLint's tree of the component (vue-eslint-parser's, svelte-eslint-parser's),
 * whose ranges are the whole file's, matches the analysis's by range.
 */

const COMPONENT = /\.(?:vue|svelte)$/;

/** A `<script …>` block: its attributes and its body. */
const SCRIPT_BLOCK = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

export function isComponentFile(file: string): boolean {
  return COMPONENT.test(file);
}

/** The component's scripts at their own offsets, everything else blank. */
export function componentScript(text: string): string {
  let script = '';
  let end = 0;
  for (const match of text.matchAll(SCRIPT_BLOCK)) {
    const start = match.index + match[0].length - match[0].replace(/^<script\b[^>]*>/i, '').length;
    const body = match[2]!;
    script += blank(text.slice(end, start)) + body;
    end = start + body.length;
  }
  return script + blank(text.slice(end));
}

function blank(text: string): string {
  return text.replace(/[^\n\r]/g, ' ');
}
