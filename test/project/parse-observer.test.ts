import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { observeParses, ProjectIndex } from '../../src/project/project.js';

/** The CLI's worker watches its heap through this while the analysis runs (src/cli/heap-growth.ts). */
describe('observeParses', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'api-sunset-observe-'));
  writeFileSync(path.join(root, 'package.json'), '{}');
  for (const name of ['a.ts', 'b.ts', 'c.js']) writeFileSync(path.join(root, name), 'export const x = 1;\n');
  afterAll(() => {
    observeParses(undefined);
    rmSync(root, { recursive: true, force: true });
  });

  it('is told once per module parsed, not for a module asked for again, and no more once unset', () => {
    const index = new ProjectIndex(root, () => true);
    let told = 0;
    observeParses(() => told++);
    index.module(path.join(root, 'a.ts'));
    index.module(path.join(root, 'b.ts'));
    index.module(path.join(root, 'a.ts'));
    expect(told).toBe(2);
    observeParses(undefined);
    index.module(path.join(root, 'c.js'));
    expect(told).toBe(2);
  });
});
