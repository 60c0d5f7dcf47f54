const BOM = '\uFEFF';

/** A file's text as the linter sees it (no byte order mark), and what it takes to write it back as it was. */
export interface SourceText {
  text: string;
  bom: boolean;
  /** Whether the bytes are UTF-8 that decodes and re-encodes unchanged: only such files may be rewritten. */
  roundTrips: boolean;
}

export function decodeSource(bytes: Buffer): SourceText {
  const decoded = bytes.toString('utf8');
  const bom = decoded.startsWith(BOM);
  return { text: bom ? decoded.slice(1) : decoded, bom, roundTrips: Buffer.from(decoded, 'utf8').equals(bytes) };
}

/**
 * In a file whose lines all end in CRLF, the lines a fix inserted get CRLF too (fixers write `\n`).
 * Files with mixed line endings keep whatever the fixes wrote: there is no single convention to restore.
 */
export function restoreLineEndings(text: string, original: SourceText): string {
  return usesCrlfOnly(original.text) ? text.replace(/\r?\n/g, '\r\n') : text;
}

/** The bytes to write: the byte order mark back in front of the text. */
export function encodeSource(text: string, original: SourceText): Buffer {
  return Buffer.from((original.bom ? BOM : '') + text, 'utf8');
}

function usesCrlfOnly(text: string): boolean {
  return text.includes('\r\n') && !/(^|[^\r])\n/.test(text);
}
