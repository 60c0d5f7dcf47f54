import { FILE_HEADERS_ONLY, formatPatch, structuredPatch } from 'diff';

const MASK = '[api-sunset: line hidden, it holds a token secret]';

/**
 * A unified diff of a file's fixes in which every line that holds a token secret (as
 * `no-hardcoded-token` reports it, in the old text or the new) is replaced by a placeholder that
 * keeps its indentation: `fix --dry-run` output goes into terminals, CI logs and review comments,
 * where a secret must never appear. `undefined` secret lines mean they could not be found: then no
 * line of the file is shown.
 */
export function maskedPatch(name: string, oldText: string, newText: string, oldSecrets: readonly number[] | undefined, newSecrets: readonly number[] | undefined): string {
  const patch = structuredPatch(`a/${name}`, `b/${name}`, oldText, newText, undefined, undefined);
  const hidden = (secrets: readonly number[] | undefined, line: number) => secrets === undefined || secrets.includes(line);
  for (const hunk of patch.hunks) {
    let oldLine = hunk.oldStart;
    let newLine = hunk.newStart;
    hunk.lines = hunk.lines.map((line) => {
      const [marker, content] = [line[0], line.slice(1)];
      if (marker === '\\') return line;
      const secret = (marker !== '+' && hidden(oldSecrets, oldLine)) || (marker !== '-' && hidden(newSecrets, newLine));
      if (marker !== '+') oldLine++;
      if (marker !== '-') newLine++;
      return secret ? `${marker}${/^\s*/.exec(content)![0]}${MASK}` : line;
    });
  }
  return formatPatch(patch, FILE_HEADERS_ONLY);
}
