/**
 * How the schema graph writes a property's type, compactly: `string`, `SearchResult`,
 * `SearchResultSnippet[]`, `{string}` (an object whose every value is a string, from
 * `additionalProperties`), `Person|Group` (`oneOf`/`anyOf`), `(Person|Group)[]`.
 */
export type TypeTerm =
  | { kind: 'named'; name: string }
  | { kind: 'array'; of: TypeTerm[] }
  | { kind: 'map'; of: TypeTerm[] };

/** The names of the primitive types; every other name is a schema of the graph. */
export const PRIMITIVES = new Set(['string', 'integer', 'number', 'boolean', 'null', 'object', 'any']);

export function formatType(terms: readonly TypeTerm[]): string {
  return terms.map(formatTerm).join('|');
}

function formatTerm(term: TypeTerm): string {
  switch (term.kind) {
    case 'named':
      return term.name;
    case 'array': {
      const inner = formatType(term.of);
      return term.of.length > 1 ? `(${inner})[]` : `${inner}[]`;
    }
    case 'map':
      return `{${formatType(term.of)}}`;
  }
}

const cache = new Map<string, TypeTerm[]>();

/** The terms of a type expression; memoised because the analysis reads the same few hundred often. */
export function parseType(text: string): TypeTerm[] {
  let terms = cache.get(text);
  if (!terms) {
    const parser = new Parser(text);
    terms = parser.union();
    if (!parser.done()) throw new SyntaxError(`not a type expression: ${JSON.stringify(text)} (at ${parser.position})`);
    cache.set(text, terms);
  }
  return terms;
}

class Parser {
  position = 0;

  constructor(private readonly text: string) {}

  done(): boolean {
    return this.position === this.text.length;
  }

  union(): TypeTerm[] {
    const terms = [this.term()];
    while (this.text[this.position] === '|') {
      this.position++;
      terms.push(this.term());
    }
    return terms.flat();
  }

  /** One term, or the members of a parenthesised union that is not followed by `[]`. */
  private term(): TypeTerm | TypeTerm[] {
    let base: TypeTerm[];
    const char = this.text[this.position];
    if (char === '(' || char === '{') {
      this.position++;
      const inner = this.union();
      this.expect(char === '(' ? ')' : '}');
      base = char === '(' ? inner : [{ kind: 'map', of: inner }];
    } else {
      const match = /^[^\s|()[\]{}]+/.exec(this.text.slice(this.position));
      if (!match) throw new SyntaxError(`not a type expression: ${JSON.stringify(this.text)} (at ${this.position})`);
      this.position += match[0].length;
      base = [{ kind: 'named', name: match[0] }];
    }
    while (this.text.startsWith('[]', this.position)) {
      this.position += 2;
      base = [{ kind: 'array', of: base }];
    }
    return base.length === 1 ? base[0]! : base;
  }

  private expect(char: string): void {
    if (this.text[this.position] !== char) throw new SyntaxError(`not a type expression: ${JSON.stringify(this.text)} (expected "${char}" at ${this.position})`);
    this.position++;
  }
}
