import { describe, expect, it } from 'vitest';
import { maskedPatch } from '../../src/cli/diff-mask.js';
import { runCli } from '../helpers/cli.js';
import { copyProject, writeFiles } from '../cli/project.js';

// Issue #16, item 11: `fix --dry-run` never prints a token secret, whichever side of the diff or
// its context holds it. The real plugin's no-hardcoded-token decides what a secret is.
const SECRET = 'glean_9f8e7d6c5b4a3f2e1d0c';
const QUOTE = `export async function quote(question: string) {
  const res = await fetch('https://acme-be.glean.com/rest/api/v1/chat', {
    method: 'POST',
    body: JSON.stringify({ messages: [{ fragments: [{ text: question }] }] }),
    headers: { Authorization: 'Bearer ${SECRET}', 'Content-Type': 'application/json' },
  });
  const citation = (await res.json()).messages[0].citations[0];
  return citation.referenceRanges?.[0]?.snippets?.[0]?.snippet;
}
`;

describe('fix --dry-run and token secrets', () => {
  it('hides a line with a secret in the context of a fix, in text and JSON', async () => {
    const dir = copyProject();
    writeFiles(dir, { 'quote.ts': QUOTE });
    const text = await runCli(['fix', '--now', '2026-11-22', '--dry-run'], { cwd: dir });
    expect(text.stdout).toContain('-  return citation.referenceRanges?.[0]?.snippets?.[0]?.snippet;\n+  return citation.referenceRanges?.[0]?.snippets?.[0]?.text;\n');
    expect(text.stdout).toContain('\n     [api-sunset: line hidden, it holds a token secret]\n');
    expect(text.stdout).not.toContain(SECRET);
    const json = await runCli(['fix', '--now', '2026-11-22', '--dry-run', '--format', 'json'], { cwd: dir });
    expect(JSON.parse(json.stdout).changes).toHaveLength(1);
    expect(json.stdout).not.toContain(SECRET);
  });

  it('hides changed lines with a secret on both sides, and every line when the secrets are not known', () => {
    const before = `a\nconst t = '${SECRET}'; const s = x.snippet;\nb\n`;
    const after = `a\nconst t = '${SECRET}'; const s = x.text;\nb\n`;
    const masked = maskedPatch('f.ts', before, after, [2], [2]);
    expect(masked).not.toContain(SECRET);
    expect(masked).toContain('-[api-sunset: line hidden, it holds a token secret]\n+[api-sunset: line hidden, it holds a token secret]\n');
    expect(maskedPatch('f.ts', before, after, undefined, undefined).split('\n').filter((line) => /^[ +-][^-+]/.test(line))).toEqual([
      ' [api-sunset: line hidden, it holds a token secret]',
      '-[api-sunset: line hidden, it holds a token secret]',
      '+[api-sunset: line hidden, it holds a token secret]',
      ' [api-sunset: line hidden, it holds a token secret]',
    ]);
  });
});
