import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ProjectIndex } from '../../src/project/project.js';

/**
 * ESLint hands the index every linted file's text. The disk's text changes nothing (an `eslint`
 * run, a file opened in an editor) and is not kept; an edited buffer changes what the quick look
 * sees, and going back to the disk's text changes it back.
 */
describe('ProjectIndex.setEditorText', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'api-sunset-index-'));
  const file = path.join(root, 'a.ts');
  const disk = "import { x } from './b.js';\nexport const y = x;\n";
  writeFileSync(path.join(root, 'package.json'), '{}');
  writeFileSync(file, disk);
  writeFileSync(path.join(root, 'b.ts'), 'export const x = 1;\n');
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const index = new ProjectIndex(root, (text) => text.includes('/rest/api/v1/'));
  index.files();

  it('takes the disk text for no change', () => {
    const version = index.version;
    expect(index.setEditorText(file, disk)).toBe(false);
    expect(index.version).toBe(version);
    expect(index.files().get(file)?.imports.map((entry) => entry.specifier)).toEqual(['./b.js']);
  });

  it('sees an edit that changes the imports, and the way back to the disk text', () => {
    const version = index.version;
    expect(index.setEditorText(file, `import { z } from './c.js';\n${disk}`)).toBe(true);
    expect(index.files().get(file)?.imports.map((entry) => entry.specifier)).toEqual(['./c.js', './b.js']);
    expect(index.setEditorText(file, disk)).toBe(true);
    expect(index.version).toBe(version + 2);
    expect(index.files().get(file)?.imports.map((entry) => entry.specifier)).toEqual(['./b.js']);
    expect(index.setEditorText(file, disk)).toBe(false);
  });

  it('parses the buffer, not the disk, for a file edited before it is parsed', () => {
    const edited = `${disk}fetch('/rest/api/v1/chat');\n`;
    expect(index.setEditorText(file, edited)).toBe(true);
    expect(index.files().get(file)?.service).toBe(true);
    expect(index.module(file)?.text).toBe(edited);
  });
});
