import type { Linter } from 'eslint';

/** Suggestions can enable further fixes and further suggestions; this many rounds settle any real file. */
export const MAX_SUGGESTION_PASSES = 10;

/**
 * Applies the first suggestion of every message that has one, leaving out any whose range overlaps
 * one already taken (the next round picks it up if it still applies). ESLint never applies
 * suggestions in bulk; `fix --suggestions` does, because the user asked for exactly that.
 * Returns undefined when nothing applies.
 */
export function applyFirstSuggestions(text: string, messages: Linter.LintMessage[]): string | undefined {
  const edits = messages
    .map((message) => message.suggestions?.[0]?.fix)
    .filter((fix): fix is Linter.LintSuggestion['fix'] => fix !== undefined)
    .sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  const taken: typeof edits = [];
  let end = -1;
  for (const edit of edits) {
    // The same rule as ESLint's fix merging: an edit touching the previous one waits for the next round.
    if (edit.range[0] <= end) continue;
    taken.push(edit);
    end = edit.range[1];
  }
  if (taken.length === 0) return undefined;
  let output = '';
  let position = 0;
  for (const edit of taken) {
    output += text.slice(position, edit.range[0]) + edit.text;
    position = edit.range[1];
  }
  output += text.slice(position);
  return output === text ? undefined : output;
}
