import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProjectIndex } from '../../src/project/project.js';
import { tempDir } from '../helpers/temp-dirs.js';

/** A project folder with these files and a package.json; returns its root. */
function projectWith(files: Record<string, string>): string {
  const root = tempDir('index');
  writeFileSync(path.join(root, 'package.json'), '{}');
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(root, name), text);
  return root;
}

/**
 * ESLint hands the index every linted file's text. The disk's text changes nothing (an `eslint`
 * run, a file opened in an editor) and is not kept; an edited buffer changes what the quick look
 * sees, and going back to the disk's text changes it back.
 */
describe('ProjectIndex.setEditorText', () => {
  const disk = "import { x } from './b.js';\nexport const y = x;\n";
  const root = projectWith({ 'a.ts': disk, 'b.ts': 'export const x = 1;\n' });
  const file = path.join(root, 'a.ts');

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

/**
 * Whether a linted file names the service: for the disk's text, the quick look's answer (the text
 * is not searched again); for a buffer that differs, or once the file holds an edited buffer, the
 * gate on that text.
 */
describe('ProjectIndex.namesService', () => {
  const disk = "fetch('/rest/api/v1/chat');\n";
  const root = projectWith({ 'a.ts': disk });
  const file = path.join(root, 'a.ts');

  const asked: string[] = [];
  const index = new ProjectIndex(root, (text) => {
    asked.push(text);
    return text.includes('/rest/api/v1/');
  });

  it('asks the gate before the quick look, and not again for the text the look read', () => {
    expect(index.namesService(file, disk)).toBe(true);
    expect(asked).toEqual([disk]);
    index.files();
    asked.length = 0;
    expect(index.namesService(file, disk)).toBe(true);
    expect(asked).toEqual([]);
  });

  it('searches a buffer that differs from the disk, and the disk text again while the file holds an edit', () => {
    const edited = 'export const quiet = 1;\n';
    asked.length = 0;
    expect(index.namesService(file, edited)).toBe(false);
    expect(asked).toEqual([edited]);
    index.setEditorText(file, edited);
    expect(index.files().get(file)?.service).toBe(false);
    asked.length = 0;
    // The facts now are the buffer's: the disk's text is searched, not answered from them.
    expect(index.namesService(file, disk)).toBe(true);
    expect(asked).toEqual([disk]);
  });
});

describe('ProjectIndex.inProjectOrder', () => {
  const root = projectWith({ 'a.ts': 'export const a = 1;\n', 'b.ts': 'export const b = 1;\n', 'c.ts': 'export const c = 1;\n' });
  const index = new ProjectIndex(root, () => false);
  const [a, b, c] = ['a.ts', 'b.ts', 'c.ts'].map((name) => path.join(root, name)) as [string, string, string];

  it("lists a part's files in the order of the project's files, leaving out what is not a project file", () => {
    expect([...index.files().keys()]).toEqual([a, b, c]);
    expect(index.inProjectOrder(new Set([c, path.join(root, 'elsewhere.ts'), a]))).toEqual([a, c]);
  });

  it('follows a file that joins the project after the first answer', () => {
    const added = path.join(root, 'new.ts');
    index.setEditorText(added, 'export const d = 1;\n');
    expect(index.inProjectOrder([added, c, a])).toEqual([a, c, added]);
  });
});
