/**
 * Single-file components (`.vue`, `.svelte`): their `<script>` blocks are the module. The rest of
 * the file (the template, the styles) is blanked out, every character but line breaks turned into
 * a space, so the script keeps its offsets, lines and columns: a finding lands where it is in the
 * component, and ESLint's tree of the component (vue-eslint-parser's, svelte-eslint-parser's),
 * whose ranges are the whole file's, matches the analysis's by range.
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
