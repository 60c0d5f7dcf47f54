import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bareSpecifier, ModuleResolver } from '../../src/project/resolver.js';
import { tempDir } from '../helpers/temp-dirs.js';

/** A project folder with these files (path → text). */
function project(files: Record<string, string>): string {
  const root = tempDir('resolver');
  for (const [file, text] of Object.entries({ 'package.json': '{"name":"app","type":"module"}', ...files })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('ModuleResolver', () => {
  it('resolves relative imports under a tsconfig that extends one a build generates (not there yet)', () => {
    const root = project({
      'tsconfig.json': '{ "extends": "./.svelte-kit/tsconfig.json", "compilerOptions": { "strict": true } }',
      'src/routes/page.ts': "import { call } from './local';",
      'src/routes/local.ts': 'export const call = 1;',
    });
    expect(new ModuleResolver().resolve(path.join(root, 'src/routes/page.ts'), './local')).toEqual({ kind: 'file', path: path.join(root, 'src/routes/local.ts') });
  });

  it("keeps the tsconfig's own paths when the tsconfig it extends is not installed (an Expo app before npm install)", () => {
    const root = project({
      'tsconfig.json': '{\n  // Expo\'s base, from node_modules\n  "extends": "expo/tsconfig.base",\n  "compilerOptions": { "baseUrl": ".", "paths": { "@/*": ["./*"], "~lib": ["./lib/index.ts"] }, },\n}',
      'api/client.ts': 'export const api = 1;',
      'lib/index.ts': 'export {};',
      'store/chat.ts': "import { api } from '@/api/client';",
    });
    const resolver = new ModuleResolver();
    const from = path.join(root, 'store/chat.ts');
    expect(resolver.resolve(from, '@/api/client')).toEqual({ kind: 'file', path: path.join(root, 'api/client.ts') });
    expect(resolver.resolve(from, '~lib')).toEqual({ kind: 'file', path: path.join(root, 'lib/index.ts') });
    expect(resolver.resolve(from, '@/api/missing')?.kind).not.toBe('file');
  });

  it("does not take a parent folder's paths for a package whose own tsconfig has none", () => {
    const root = project({
      'tsconfig.json': '{ "extends": "missing-base/tsconfig.json", "compilerOptions": { "paths": { "@/*": ["./shared/*"] } } }',
      'shared/api/client.ts': 'export const api = 1;',
      'apps/mobile/package.json': '{"name":"mobile"}',
      'apps/mobile/tsconfig.json': '{ "extends": "expo/tsconfig.base" }',
      'apps/mobile/store/chat.ts': "import { api } from '@/api/client';",
    });
    expect(new ModuleResolver().resolve(path.join(root, 'apps/mobile/store/chat.ts'), '@/api/client')?.kind).not.toBe('file');
  });

  it("resolves Nuxt's ~ and @ to app/ or the root, and ~~ to the root, in a package with a nuxt.config", () => {
    const root = project({
      'nuxt.config.ts': 'export default defineNuxtConfig({});',
      'tsconfig.json': '{ "extends": "./.nuxt/tsconfig.json" }',
      'types/glean.ts': 'export type {};',
      'utils/format.ts': 'export {};',
      'composables/useChat.ts': '',
    });
    const resolver = new ModuleResolver();
    const from = path.join(root, 'composables/useChat.ts');
    expect(resolver.resolve(from, '~/types/glean')).toEqual({ kind: 'file', path: path.join(root, 'types/glean.ts') });
    expect(resolver.resolve(from, '@/utils/format')).toEqual({ kind: 'file', path: path.join(root, 'utils/format.ts') });
    expect(resolver.resolve(from, '~~/types/glean')).toEqual({ kind: 'file', path: path.join(root, 'types/glean.ts') });
  });

  it('prefers app/ for ~ (Nuxt 4) when the file is there', () => {
    const root = project({ 'nuxt.config.ts': '', 'app/types/glean.ts': '', 'types/glean.ts': '', 'app/pages/index.ts': '' });
    expect(new ModuleResolver().resolve(path.join(root, 'app/pages/index.ts'), '~/types/glean')).toEqual({ kind: 'file', path: path.join(root, 'app/types/glean.ts') });
  });

  it("resolves @ to src/ in a Vue CLI package, which declares it itself", () => {
    const root = project({ 'package.json': '{"name":"app","devDependencies":{"@vue/cli-service":"~5.0.8"}}', 'src/api/http.js': '', 'src/store/chat.js': '' });
    const resolver = new ModuleResolver();
    const from = path.join(root, 'src/store/chat.js');
    expect(resolver.resolve(from, '@/api/http')).toEqual({ kind: 'file', path: path.join(root, 'src/api/http.js') });
    expect(resolver.resolve(from, '@/api/missing')?.kind).not.toBe('file');
  });

  it("resolves @ where a Vite config maps it, and not at all where nothing does", () => {
    const vite = project({
      'vite.config.js': "import { fileURLToPath, URL } from 'node:url';\nexport default { resolve: { alias: { '@': fileURLToPath(new URL('./client', import.meta.url)) } } };",
      'client/lib/assistant.js': '',
      'src/lib/assistant.js': '',
      'client/App.js': '',
    });
    expect(new ModuleResolver().resolve(path.join(vite, 'client/App.js'), '@/lib/assistant')).toEqual({ kind: 'file', path: path.join(vite, 'client/lib/assistant.js') });
    const webpack = project({ 'webpack.config.js': "module.exports = { resolve: { alias: { '@': path.resolve(__dirname, 'app') } } };", 'app/x.js': '', 'app/y.js': '' });
    expect(new ModuleResolver().resolve(path.join(webpack, 'app/y.js'), '@/x')).toEqual({ kind: 'file', path: path.join(webpack, 'app/x.js') });
    const parent = project({ 'web/package.json': '{"name":"web"}', 'web/webpack.config.js': "resolve: { alias: { '@': path.resolve(__dirname, '../shared/src') } }", 'shared/src/api.js': '', 'web/shared/src/api.js': '', 'web/main.js': '' });
    expect(new ModuleResolver().resolve(path.join(parent, 'web/main.js'), '@/api')).toEqual({ kind: 'file', path: path.join(parent, 'shared/src/api.js') });
    const array = project({ 'vite.config.ts': "resolve: { alias: [{ find: '@', replacement: path.resolve(process.cwd(), 'app') }] }", 'app/x.js': '', 'main.js': '' });
    expect(new ModuleResolver().resolve(path.join(array, 'main.js'), '@/x')).toEqual({ kind: 'file', path: path.join(array, 'app/x.js') });
    const chained = project({ 'vue.config.js': "chainWebpack: (config) => { config.resolve.alias.set('@', resolve('client')) }", 'client/x.js': '', 'main.js': '' });
    expect(new ModuleResolver().resolve(path.join(chained, 'main.js'), '@/x')).toEqual({ kind: 'file', path: path.join(chained, 'client/x.js') });
    // A folder named like a config is no config.
    const folder = project({ 'vite.config.js/readme.md': '', 'src/x.js': '', 'main.js': '' });
    expect(new ModuleResolver().resolve(path.join(folder, 'main.js'), '@/x')).toBeUndefined();
    const bare = project({ 'src/lib/assistant.js': '', 'src/App.js': '' });
    expect(new ModuleResolver().resolve(path.join(bare, 'src/App.js'), '@/lib/assistant')).toBeUndefined();
  });

  it("reads Deno's npm: specifiers and CDN URLs as the package path they name", () => {
    expect(bareSpecifier('npm:@gleanwork/api-client@^0.9.0/models/components')).toBe('@gleanwork/api-client/models/components');
    expect(bareSpecifier('npm:axios@1.7.9')).toBe('axios');
    expect(bareSpecifier('npm:axios')).toBe('axios');
    expect(bareSpecifier('https://esm.sh/@gleanwork/api-client@0.9.0')).toBe('@gleanwork/api-client');
    expect(bareSpecifier('https://example.com/npm/axios@1.7.9')).toBe('https://example.com/npm/axios@1.7.9');
    expect(bareSpecifier('./npm:local')).toBe('./npm:local');
    expect(new ModuleResolver().resolve(path.join(project({}), 'main.ts'), 'npm:axios@1.7.9')).toEqual({ kind: 'package', name: 'axios' });
  });

  it('leaves ~ alone without a nuxt.config', () => {
    const root = project({ 'types/glean.ts': '', 'src/a.ts': '' });
    expect(new ModuleResolver().resolve(path.join(root, 'src/a.ts'), '~/types/glean')).toBeUndefined();
  });
});
