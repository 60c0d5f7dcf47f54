const BOM = '\uFEFF';

export type Encoding = 'utf8' | 'utf16le' | 'utf16be';

/** A file's text as the linter sees it (no byte order mark), and what it takes to write it back as it was. */
export interface SourceText {
  text: string;
  bom: boolean;
  /** UTF-16 files are recognised by their byte order mark; everything else is read as UTF-8. */
  encoding: Encoding;
  /** Whether the bytes decode and re-encode unchanged: only such files may be rewritten. */
  roundTrips: boolean;
}

/**
 * Why the bytes are not text this tool can read, or undefined. UTF-32 has a byte order mark of its
 * own; NUL bytes in a file without one mean binary data or UTF-16 without a byte order mark, which
 * read as UTF-8 would look like text with no API mention and be passed over without a word.
 */
export function undecodable(bytes: Buffer): string | undefined {
  if (startsWith(bytes, [0x00, 0x00, 0xfe, 0xff]) || startsWith(bytes, [0xff, 0xfe, 0x00, 0x00])) return 'not checked: UTF-32 text is not supported (save the file as UTF-8)';
  if (utf16Encoding(bytes)) return bytes.length % 2 === 1 ? 'not checked: a UTF-16 byte order mark, but an odd number of bytes' : undefined;
  if (bytes.subarray(0, 8192).includes(0)) return 'not checked: the file holds NUL bytes (binary data, or UTF-16 without a byte order mark; save it as UTF-8)';
  return undefined;
}

export function decodeSource(bytes: Buffer): SourceText {
  const encoding = utf16Encoding(bytes) ?? 'utf8';
  const decoded = encoding === 'utf8' ? bytes.toString('utf8') : encoding === 'utf16le' ? bytes.toString('utf16le') : swapped(bytes).toString('utf16le');
  const bom = decoded.startsWith(BOM);
  const source = { text: bom ? decoded.slice(1) : decoded, bom, encoding };
  return { ...source, roundTrips: encodeSource(source.text, source).equals(bytes) };
}

/**
 * In a file whose lines all end in CRLF, the lines a fix inserted get CRLF too (fixers write `\n`).
 * Files with mixed line endings keep whatever the fixes wrote: there is no single convention to restore.
 */
export function restoreLineEndings(text: string, original: Pick<SourceText, 'text'>): string {
  return usesCrlfOnly(original.text) ? text.replace(/\r?\n/g, '\r\n') : text;
}

/** The bytes to write: the byte order mark back in front of the text, in the file's encoding. */
export function encodeSource(text: string, original: Pick<SourceText, 'bom' | 'encoding'>): Buffer {
  const full = (original.bom ? BOM : '') + text;
  if (original.encoding === 'utf8') return Buffer.from(full, 'utf8');
  const le = Buffer.from(full, 'utf16le');
  return original.encoding === 'utf16le' ? le : swapped(le);
}

function utf16Encoding(bytes: Buffer): Encoding | undefined {
  if (startsWith(bytes, [0xff, 0xfe]) && !startsWith(bytes, [0xff, 0xfe, 0x00, 0x00])) return 'utf16le';
  if (startsWith(bytes, [0xfe, 0xff])) return 'utf16be';
  return undefined;
}

function swapped(bytes: Buffer): Buffer {
  const copy = Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)));
  return copy.swap16();
}

function startsWith(bytes: Buffer, prefix: number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((byte, i) => bytes[i] === byte);
}

function usesCrlfOnly(text: string): boolean {
  return text.includes('\r\n') && !/(^|[^\r])\n/.test(text);
}
