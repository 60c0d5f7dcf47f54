/** One import a file makes, as a quick look at its text tells: the specifier and the names it takes (`*` for all). */
export interface ScannedImport {
  specifier: string;
  names: readonly string[] | '*';
}

const FROM = /\b(?:import|export)\s+(?:type\s+)?([^;'"]*?)\s*from\s*(['"])([^'"\n]+)\2/g;
const REQUIRE = /(?:(?:const|let|var)\s+(\{[^}]*\}|[\w$]+)\s*=\s*)?\b(?:require|import)\s*\(\s*(['"])([^'"\n]+)\2\s*\)/g;
/** Whether REQUIRE can match at all: its optional binding makes it try every position of a text, this only the words. */
const CALL = /\b(?:require|import)\s*\(/;

/**
 * The imports of a file, without parsing it: enough to know which files may receive a value from
 * a module the analysis found to export one, so that only those are parsed. It errs towards `*`:
 * a namespace import, `export *`, a bare `require(…)` or dynamic `import(…)` may use any export.
 */
export function scanImports(text: string): ScannedImport[] {
  const imports: ScannedImport[] = [];
  for (const match of text.matchAll(FROM)) {
    imports.push({ specifier: match[3]!, names: clauseNames(match[1]!) });
  }
  if (!CALL.test(text)) return imports;
  for (const match of text.matchAll(REQUIRE)) {
    const binding = match[1];
    imports.push({ specifier: match[3]!, names: binding?.startsWith('{') ? destructuredNames(binding) : '*' });
  }
  return imports;
}

/** `X, { a as b, type c, d }` → default, a, c, d (types carry the service's schemas too); `* as ns` or `*` → all. */
function clauseNames(clause: string): readonly string[] | '*' {
  if (clause.includes('*')) return '*';
  const names: string[] = [];
  const braces = /\{([^}]*)\}/.exec(clause);
  const before = (braces ? clause.slice(0, braces.index) : clause).replace(/,\s*$/, '').trim();
  if (before && before !== 'type') names.push('default');
  for (const part of braces?.[1]?.split(',') ?? []) {
    const item = part.trim().replace(/^type\s+/, '');
    if (!item) continue;
    names.push(item.split(/\s+as\s+/)[0]!.trim());
  }
  return names;
}

/** `{ a, b: c, ...rest }` → a, b (a rest element takes everything). */
function destructuredNames(pattern: string): readonly string[] | '*' {
  const names: string[] = [];
  for (const part of pattern.slice(1, -1).split(',')) {
    const item = part.trim();
    if (!item) continue;
    if (item.startsWith('...')) return '*';
    names.push(item.split(/\s*[:=]/)[0]!.trim());
  }
  return names;
}
