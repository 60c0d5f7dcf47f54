import type { Linter } from 'eslint';
import type { ParsedModule } from '../project/module.js';
import { unpackLocations } from '../project/packed-locations.js';
import { unpackTokens } from '../project/packed-tokens.js';
import { parsesAlike, type ParserModule } from '../parsers.js';

/** The analysis's parse of a file from this text, if it made one. */
export type ParseLookup = (file: string, text: string) => ParsedModule | undefined;

/**
 * typescript-eslint's parser, except that a file the project's analysis parsed already, from the
 * same text and with options that make the same tree, gets that parse: `check` would otherwise
 * parse every candidate twice. The tree has what ESLint needs (tokens, which the index keeps
 * packed, comments, ranges, locations: the parser makes them whatever it is asked) and the
 * scopes; the parser services
 * are those of a parse without type information, which is the only kind `parsesAlike` accepts.
 */
export function reusingParser(parser: ParserModule, lookup: ParseLookup): Linter.Parser {
  const parseForESLint = (text: string, options: Record<string, unknown> = {}): unknown => {
    const file = options.filePath;
    const module = typeof file === 'string' && parsesAlike(options, file) ? lookup(file, text) : undefined;
    if (module) {
      unpackTokens(module.ast);
      unpackLocations(module.ast);
    }
    // A tree kept without its tokens or comments is no tree ESLint can lint.
    if (!module || !Array.isArray(module.ast.tokens) || !Array.isArray(module.ast.comments)) {
      return parser.parseForESLint ? parser.parseForESLint(text, options) : { ast: parser.parse(text, options) };
    }
    return { ast: module.ast, scopeManager: module.scopeManager, visitorKeys: module.visitorKeys, services: untypedServices() };
  };
  return {
    meta: { name: 'api-sunset/reused-parse', version: parser.meta?.version ?? '0' },
    parse: (text: string, options?: Record<string, unknown>) => (parseForESLint(text, options) as { ast: unknown }).ast,
    parseForESLint,
  } as unknown as Linter.Parser;
}

/** What typescript-eslint's parser gives a file parsed without a program (the node maps aside: nothing reads them without one). */
function untypedServices(): Record<string, unknown> {
  return { program: null, emitDecoratorMetadata: false, experimentalDecorators: false, isolatedDeclarations: false };
}
