/**
 * Text from outside the tool (file names, parser messages, source lines in a diff) is shown as
 * written but can never drive the terminal: control characters (C0, DEL, C1, which includes the
 * 8-bit CSI), Unicode line and paragraph separators and the bidirectional overrides of "Trojan
 * Source" are written as escapes (`\u001b`). A file named `a\u001b[2Jb.ts` cannot clear the
 * screen, and a name with a line break cannot start a line of its own in a CI log.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- as above
const UNSAFE_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|\r(?!\n)/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escape(char: string): string {
  return NAMED[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** One line's worth of text (a path, a message): every control character escaped, line breaks and tabs too. */
export function printable(text: string): string {
  return text.replace(UNSAFE, escape);
}

/** Several lines (a diff): line breaks, CRLF and tabs stay, everything else that is unsafe is escaped. */
export function printableLines(text: string): string {
  return text.replace(UNSAFE_IN_TEXT, escape);
}
