import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { SdkInfo } from '../schedule/types.js';

/**
 * Real code creates the SDK client once and imports it everywhere (`import { glean } from
 * '../glean.js'`). Without type information the importing file shows no link to the SDK, so we
 * look at the imported module's text: the evidence is that it imports the SDK package and
 * exports that name as `new Glean(…)`. Only relative imports are followed, one level deep.
 */
export function isSdkClientExport(importingFile: string, specifier: string, exportName: string, sdk: SdkInfo): boolean {
  if (!sdk.className || !specifier.startsWith('.')) return false;
  const file = resolveModule(path.dirname(importingFile), specifier);
  if (!file) return false;
  const text = readCached(file);
  if (!text?.includes(sdk.package)) return false;
  const construct = `new\\s+${escape(sdk.className)}\\s*\\(`;
  if (exportName === 'default') return new RegExp(`export\\s+default\\s+${construct}`).test(text);
  const name = escape(exportName);
  const declared = new RegExp(`(?:const|let|var)\\s+${name}\\b[^=;]*=\\s*${construct}`);
  if (new RegExp(`export\\s+(?:const|let|var)\\s+${name}\\b[^=;]*=\\s*${construct}`).test(text)) return true;
  return declared.test(text) && new RegExp(`export\\s*\\{[^}]*\\b${name}\\b[^}]*\\}`).test(text);
}

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

function resolveModule(dir: string, specifier: string): string | undefined {
  const base = path.resolve(dir, specifier);
  const stem = base.replace(/\.(?:[cm]?js|jsx)$/, '');
  const candidates = [base, ...EXTENSIONS.map((ext) => stem + ext), ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`))];
  return candidates.find(isFile);
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

const texts = new Map<string, { mtimeMs: number; text: string | undefined }>();

function readCached(file: string): string | undefined {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
  const cached = texts.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.text;
  let text: string | undefined;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = undefined;
  }
  texts.set(file, { mtimeMs, text });
  return text;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
