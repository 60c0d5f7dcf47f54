import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { autoImportsOf, defaultExportName, nuxtAutoImports } from '../../src/project/auto-imports.js';

const root = path.join(path.sep, 'app');
const at = (relative: string) => path.join(root, ...relative.split('/'));

describe("Nuxt's auto-imported files", () => {
  const files = [
    'composables/useAsk.ts',
    'composables/nested/helper.ts',
    'composables/search/index.ts',
    'utils/format.js',
    'app/composables/useBoards.ts',
    'server/utils/glean.ts',
    'server/utils/deep/inner.ts',
    'shared/utils/paths.ts',
    'server/api/chat.post.ts',
    'pages/index.vue',
    'types/glean.d.ts.map',
  ].map(at);
  const imports = nuxtAutoImports(root, files);

  it('are the top-level files of the folders, and subfolders’ index files', () => {
    expect(imports.app.map((file) => path.relative(root, file).split(path.sep).join('/'))).toEqual([
      'composables/useAsk.ts',
      'composables/search/index.ts',
      'utils/format.js',
      'app/composables/useBoards.ts',
      'shared/utils/paths.ts',
    ]);
    expect(imports.server.map((file) => path.relative(root, file).split(path.sep).join('/'))).toEqual(['server/utils/glean.ts', 'shared/utils/paths.ts']);
  });

  it('serve server routes from server/utils, the app from composables and utils, never a file itself', () => {
    expect(autoImportsOf(root, at('server/api/chat.post.ts'), imports)).toEqual([at('server/utils/glean.ts'), at('shared/utils/paths.ts')]);
    expect(autoImportsOf(root, at('pages/index.vue'), imports)).toContain(at('composables/useAsk.ts'));
    expect(autoImportsOf(root, at('server/utils/glean.ts'), imports)).toEqual([at('shared/utils/paths.ts')]);
  });

  it('give nothing outside a Nuxt project', () => {
    expect(autoImportsOf(root, at('src/a.ts'), { app: [], server: [] })).toEqual([]);
  });

  it('name a default export after its file (or its folder, for an index), in camelCase', () => {
    expect(defaultExportName(at('composables/use-chat-history.ts'))).toBe('useChatHistory');
    expect(defaultExportName(at('composables/search/index.ts'))).toBe('search');
  });
});
