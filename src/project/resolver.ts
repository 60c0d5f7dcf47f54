import { existsSync, readFileSync, statSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { ResolverFactory, type NapiResolveOptions, type ResolveResult } from 'oxc-resolver';

/** Where an import specifier leads: a source file of the project, or a package (by its name). */
export type Resolution = { kind: 'file'; path: string } | { kind: 'package'; name: string; path?: string } | { kind: 'builtin' };

/** Source files, and JSON files (endpoint tables are kept in them), which the index reads as CommonJS modules. */
const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx|json|vue|svelte)$/;
const BUILTINS = new Set(builtinModules);
const RESOLVER_OPTIONS: NapiResolveOptions = {
  extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'],
  extensionAlias: { '.js': ['.ts', '.tsx', '.js', '.jsx'], '.mjs': ['.mts', '.mjs'], '.cjs': ['.cts', '.cjs'], '.jsx': ['.tsx', '.jsx'] },
  conditionNames: ['import', 'require', 'node', 'browser', 'default', 'types'],
  mainFields: ['module', 'main'],
  builtinModules: false,
  tsconfig: 'auto',
};

function resolveWith(factory: ResolverFactory, fromFile: string, specifier: string): ResolveResult | undefined {
  try {
    return factory.resolveFileSync(fromFile, specifier);
  } catch {
    return undefined;
  }
}

const NUXT_CONFIGS = ['nuxt.config.ts', 'nuxt.config.js', 'nuxt.config.mjs', 'nuxt.config.mts'];

/**
 * Module resolution as the user's toolchain does it, by oxc-resolver: tsconfig `paths`, `baseUrl`
 * and `extends` (found per file), package.json `exports` and `imports`, and TypeScript's habit of
 * writing `./x.js` for `./x.ts`. Results are cached per directory and specifier.
 */
export class ModuleResolver {
  private readonly factory = new ResolverFactory(RESOLVER_OPTIONS);
  /**
   * The same without tsconfig: a tsconfig that extends one a build generates (SvelteKit's
   * `.svelte-kit/tsconfig.json`, Nuxt's `.nuxt/tsconfig.json`) fails every resolution below it
   * until the project is built once, relative imports included.
   */
  private withoutTsconfig: ResolverFactory | undefined;
  private readonly cache = new Map<string, Resolution | null>();
  /** Per package folder, where its bundler maps `@` (null: nowhere): its configs are read once, not per import. */
  private readonly atAliases = new Map<string, string | null>();

  resolve(fromFile: string, specifier: string): Resolution | undefined {
    const directory = path.dirname(fromFile);
    const key = `${directory}\u0000${specifier}`;
    let resolution = this.cache.get(key);
    if (resolution === undefined) {
      resolution = this.compute(fromFile, specifier) ?? null;
      this.cache.set(key, resolution);
    }
    return resolution ?? undefined;
  }

  /** Forget what was resolved: a file was added or removed, or a tsconfig changed. */
  clear(): void {
    this.cache.clear();
    this.atAliases.clear();
    this.pathsByDirectory.clear();
    this.factory.clearCache();
    this.withoutTsconfig?.clearCache();
  }

  /**
   * SvelteKit's `$lib` alias lives in a tsconfig the kit generates (`.svelte-kit/tsconfig.json`),
   * missing until the project is built once: it stands for `src/lib` of the nearest package.
   */
  private kitLibrary(fromFile: string, specifier: string): Resolution | undefined {
    for (let dir = path.dirname(fromFile); ; dir = path.dirname(dir)) {
      if (existsSync(path.join(dir, 'package.json'))) {
        const target = path.join(dir, 'src/lib', specifier.slice('$lib'.length));
        return this.compute(fromFile, target);
      }
      if (path.dirname(dir) === dir) return undefined;
    }
  }

  /**
   * `~`/`@` and `~~`/`@@`, which no tsconfig declares: in a package with a `nuxt.config`, Nuxt's
   * source directory (`app/` in Nuxt 4, the root before) and root, from a tsconfig Nuxt generates
   * (`.nuxt/tsconfig.json`, missing until the project is built once); elsewhere `@` where the
   * bundler says (see `bundlerAtAlias`). No package can be named `@/…`; `~` is left to a config.
   */
  private rootAlias(fromFile: string, specifier: string): Resolution | undefined {
    const match = /^(~~|@@|~|@)\/(.*)$/.exec(specifier);
    if (!match) return undefined;
    for (let dir = path.dirname(fromFile); ; dir = path.dirname(dir)) {
      if (existsSync(path.join(dir, 'package.json'))) {
        const nuxt = NUXT_CONFIGS.some((name) => existsSync(path.join(dir, name)));
        const bundled = !nuxt && match[1] === '@' ? this.atAlias(dir) : undefined;
        if (!nuxt && !bundled) return undefined;
        const roots = bundled ? [bundled] : match[1]!.length === 2 ? [dir] : [path.join(dir, 'app'), dir];
        for (const root of roots) {
          const resolution = this.compute(fromFile, path.join(root, match[2]!));
          if (resolution?.kind === 'file') return resolution;
        }
        return undefined;
      }
      if (path.dirname(dir) === dir) return undefined;
    }
  }

  private atAlias(dir: string): string | undefined {
    let alias = this.atAliases.get(dir);
    if (alias === undefined) this.atAliases.set(dir, (alias = bundlerAtAlias(dir) ?? null));
    return alias ?? undefined;
  }

  /**
   * A specifier through the `paths` of the nearest tsconfig.json (or jsconfig.json) itself, for a
   * tsconfig whose `extends` is not installed: the resolver then reads none of it. Read with
   * TypeScript's own reader (comments, trailing commas), when TypeScript is installed.
   */
  private ownPaths(fromFile: string, specifier: string): Resolution | undefined {
    for (const { patterns, base } of this.pathsAbove(path.dirname(fromFile))) {
      for (const [pattern, targets] of patterns) {
        const star = pattern.indexOf('*');
        const prefix = star < 0 ? pattern : pattern.slice(0, star);
        const suffix = star < 0 ? '' : pattern.slice(star + 1);
        if (star < 0 ? specifier !== pattern : !(specifier.startsWith(prefix) && specifier.endsWith(suffix) && specifier.length >= prefix.length + suffix.length)) continue;
        const matched = star < 0 ? '' : specifier.slice(prefix.length, specifier.length - suffix.length);
        for (const target of targets) {
          const resolved = resolveWith(this.withoutTsconfig!, fromFile, path.resolve(base, target.replace('*', matched)));
          if (resolved?.path && SOURCE.test(resolved.path) && !resolved.path.split(path.sep).includes('node_modules')) return { kind: 'file', path: resolved.path };
        }
      }
    }
    return undefined;
  }

  private readonly pathsByDirectory = new Map<string, { patterns: [string, string[]][]; base: string }[]>();

  /** The `paths` of the nearest tsconfig.json or jsconfig.json at or above a directory (none, or TypeScript missing: nothing). */
  private pathsAbove(directory: string): { patterns: [string, string[]][]; base: string }[] {
    let found = this.pathsByDirectory.get(directory);
    if (found) return found;
    found = [];
    // The nearest config is the file's, with paths or without: a parent's paths are another package's.
    const config = ['tsconfig.json', 'jsconfig.json'].map((name) => path.join(directory, name)).find((file) => existsSync(file));
    if (config) {
      const options = readCompilerOptions(config);
      const paths = options?.paths;
      if (paths && typeof paths === 'object') {
        const patterns = Object.entries(paths as Record<string, unknown>).map(([pattern, targets]): [string, string[]] => [pattern, Array.isArray(targets) ? targets.filter((t): t is string => typeof t === 'string') : []]);
        // As TypeScript matches them: the longest prefix first.
        patterns.sort(([a], [b]) => b.split('*')[0]!.length - a.split('*')[0]!.length);
        found.push({ patterns, base: path.resolve(path.dirname(config), typeof options.baseUrl === 'string' ? options.baseUrl : '.') });
      }
    } else if (path.dirname(directory) !== directory) {
      found = this.pathsAbove(path.dirname(directory));
    }
    this.pathsByDirectory.set(directory, found);
    return found;
  }

  private compute(fromFile: string, written: string): Resolution | undefined {
    const specifier = bareSpecifier(written);
    if (specifier.startsWith('node:') || BUILTINS.has(specifier)) return { kind: 'builtin' };
    let result = resolveWith(this.factory, fromFile, specifier);
    if (result?.error?.startsWith('Tsconfig not found')) {
      this.withoutTsconfig ??= new ResolverFactory({ ...RESOLVER_OPTIONS, tsconfig: undefined });
      result = resolveWith(this.withoutTsconfig, fromFile, specifier);
      // The tsconfig's own `paths` still hold (`@/*` in an Expo app whose tsconfig extends `expo/tsconfig.base`).
      if (!result?.path && packageName(specifier) !== undefined) {
        const mapped = this.ownPaths(fromFile, specifier);
        if (mapped) return mapped;
      }
    }
    if (!result?.path && (specifier === '$lib' || specifier.startsWith('$lib/'))) return this.kitLibrary(fromFile, specifier);
    if (!result?.path && /^(?:~~?|@@?)\//.test(specifier)) return this.rootAlias(fromFile, specifier);
    const resolved = result?.path;
    const bare = packageName(specifier);
    if (resolved && !resolved.split(path.sep).includes('node_modules') && SOURCE.test(resolved)) return { kind: 'file', path: resolved };
    if (bare) return resolved ? { kind: 'package', name: bare, path: resolved } : { kind: 'package', name: bare };
    return undefined;
  }
}

/**
 * A registry specifier as the package path it names: Deno's `npm:@scope/name@^1.2/sub` and a
 * CDN's `https://esm.sh/name@1.2/sub` are `@scope/name/sub` and `name/sub`.
 */
export function bareSpecifier(specifier: string): string {
  const match = /^(?:npm:|https:\/\/(?:esm\.sh|cdn\.skypack\.dev|cdn\.jsdelivr\.net\/npm|unpkg\.com)\/)(@[^/@]+\/[^/@]+|[^/@]+)(?:@[^/]*)?(\/.*)?$/.exec(specifier);
  return match ? match[1]! + (match[2] ?? '') : specifier;
}

const BUNDLER_CONFIGS = ['vite.config.ts', 'vite.config.js', 'vite.config.mts', 'vite.config.mjs', 'vite.config.cts', 'vite.config.cjs', 'vue.config.js', 'webpack.config.js', 'webpack.config.ts', 'webpack.config.mjs', 'webpack.config.cjs', 'babel.config.js', 'babel.config.cjs', 'babel.config.json', '.babelrc', '.babelrc.js'];
/** Where a path written in a config starts: `path.resolve(__dirname, …)`, `fileURLToPath(new URL(…, import.meta.url))`, `resolve(process.cwd(), …)`, or the string itself. */
const TARGET = String.raw`(?:[\w.]+\(\s*(?:new URL\(\s*)?(?:(?:__dirname|process\.cwd\(\)|import\.meta\.dirname)\s*,\s*)?)?['"]((?:\.\.?\/)*[\w./-]*)['"]`;
/** `'@': target` (Vite, webpack, Babel's module-resolver), `{ find: '@', replacement: target }` (Vite's array form), `alias.set('@', target)` (Vue CLI's chainWebpack). */
const AT_ALIASES = [new RegExp(String.raw`['"]@['"]\s*:\s*` + TARGET), new RegExp(String.raw`find:\s*['"]@['"]\s*,\s*replacement:\s*` + TARGET), new RegExp(String.raw`\.set\(\s*['"]@['"]\s*,\s*` + TARGET)];

/**
 * The folder a package's bundler maps `@` to when no tsconfig or jsconfig does: the one its Vite,
 * webpack, Vue CLI or Babel config declares, or Vue CLI's own `src/` when the package uses Vue CLI
 * and declares none; undefined when nothing says (a guess could pick the wrong module).
 */
function bundlerAtAlias(dir: string): string | undefined {
  for (const name of BUNDLER_CONFIGS) {
    let text: string;
    try {
      const file = path.join(dir, name);
      if (!existsSync(file) || !statSync(file).isFile()) continue;
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    if (!/['"]@['"]/.test(text)) continue;
    const declared = AT_ALIASES.map((pattern) => pattern.exec(text)).find((match) => match !== null);
    if (declared) return path.join(dir, declared[1]!);
  }
  // A config that names `@` in a way not read here may map it anywhere; only Vue CLI's own default is known.
  return manifestDependencies(dir).has('@vue/cli-service') ? path.join(dir, 'src') : undefined;
}

/** The packages the `package.json` in `dir` depends on, in any of its dependency fields (none when it cannot be read). */
export function manifestDependencies(dir: string): Set<string> {
  const dependencies = new Set<string>();
  try {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
      const entries = manifest[field];
      if (entries && typeof entries === 'object') for (const dependency of Object.keys(entries)) dependencies.add(dependency);
    }
  } catch {
    // no readable package.json
  }
  return dependencies;
}

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`; undefined for relative and absolute specifiers and `#` imports. */
export function packageName(specifier: string): string | undefined {
  if (/^(?:\.|\/|#|[a-z]:)/i.test(specifier)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** A tsconfig's `compilerOptions` as written (its `extends` not followed), read by TypeScript when it is installed. */
function readCompilerOptions(file: string): Record<string, unknown> | undefined {
  let typescript: typeof import('typescript') | undefined;
  try {
    typescript = createRequire(import.meta.url)('typescript') as typeof import('typescript');
  } catch {
    return undefined;
  }
  const { config } = typescript.readConfigFile(file, (name) => typescript.sys.readFile(name));
  const options = (config as { compilerOptions?: unknown } | undefined)?.compilerOptions;
  return options && typeof options === 'object' ? (options as Record<string, unknown>) : undefined;
}
