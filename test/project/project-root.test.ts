import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetProjectRoots, projectRootOf } from '../../src/project/project.js';

/**
 * Every file ESLint lints asks for its project root, once per rule: the answer is kept per
 * directory, so it must follow a package.json that appears or goes away once the cache is dropped
 * (an editor session drops it whenever it looks at the disk again).
 */
describe('projectRootOf', () => {
  const dirs: string[] = [];
  const tempProject = () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'api-sunset-root-'));
    dirs.push(root);
    writeFileSync(path.join(root, 'package.json'), '{}');
    mkdirSync(path.join(root, 'packages/app/src'), { recursive: true });
    return root;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('finds the nearest package.json, and not above cwd for a file inside it', () => {
    const root = tempProject();
    const file = path.join(root, 'packages/app/src/a.ts');
    expect(projectRootOf(file, root)).toBe(root);
    expect(projectRootOf(file, path.join(root, 'packages'))).toBe(path.join(root, 'packages'));
    expect(projectRootOf(file, path.join(root, 'elsewhere'))).toBe(root);
  });

  it('keeps answering from the cache, and sees a package.json added or removed once the cache is dropped', () => {
    const root = tempProject();
    const file = path.join(root, 'packages/app/src/a.ts');
    const sibling = path.join(root, 'packages/app/src/b.ts');
    expect(projectRootOf(file, root)).toBe(root);
    writeFileSync(path.join(root, 'packages/app/package.json'), '{}');
    expect(projectRootOf(sibling, root)).toBe(root);
    forgetProjectRoots();
    expect(projectRootOf(file, root)).toBe(path.join(root, 'packages/app'));
    expect(projectRootOf(sibling, root)).toBe(path.join(root, 'packages/app'));
    rmSync(path.join(root, 'packages/app/package.json'));
    forgetProjectRoots();
    expect(projectRootOf(file, root)).toBe(root);
  });

  it('takes a directory named package.json for no manifest', () => {
    const root = tempProject();
    mkdirSync(path.join(root, 'packages/app/package.json'));
    expect(projectRootOf(path.join(root, 'packages/app/src/a.ts'), root)).toBe(root);
  });
});
