import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Ajv as AjvInstance } from 'ajv';
import { describe, expect, it, vi } from 'vitest';
import { ROOT, runCli } from '../helpers/cli.js';
import { copyProject, writeFiles } from './project.js';
import { findItem, loadBundledSchedule } from '../../src/schedule/index.js';

/** The canonical id (the documents' mark id) of an item the stand-in plugin names by its old id. */
const idOf = (alias: string) => findItem(loadBundledSchedule(), alias)!.id;

// The CLI's SARIF, tested against a stand-in with the plugin's contract: findings do not depend on the real analysis.
vi.mock('../../src/index.js', async () => ({ default: (await import('./stand-in-plugin.js')).standInPlugin }));

const require = createRequire(import.meta.url);

/** The OASIS schema (see test/fixtures/sarif/README.md), compiled with ajv: draft-04's `id` is draft-07's `$id`. */
function sarifValidator() {
  const schema = JSON.parse(readFileSync(path.join(ROOT, 'test/fixtures/sarif/sarif-2.1.0-rtm.5.json'), 'utf8')) as Record<string, unknown>;
  schema.$id = schema.id;
  delete schema.id;
  delete schema.$schema;
  const { Ajv } = require('ajv') as typeof import('ajv');
  const ajv: AjvInstance = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
  (require('ajv-formats') as (ajv: AjvInstance) => void)(ajv);
  return ajv.compile(schema);
}

interface SarifResult {
  ruleId: string;
  level: string;
  partialFingerprints: Record<string, string>;
  properties: { itemId: string; status: string };
}

async function sarif(args: string[], cwd: string) {
  const { stdout, code } = await runCli(['check', '--format', 'sarif', ...args], { cwd });
  return { log: JSON.parse(stdout), code };
}

describe('SARIF output', () => {
  it('validates against the SARIF 2.1.0 schema, with a skipped file, errors and warnings', async () => {
    const dir = copyProject('stand-in');
    const validate = sarifValidator();
    const { log } = await sarif(['--now', '2026-11-22'], dir);
    expect(log.runs[0].results.length).toBeGreaterThan(0);
    expect(log.runs[0].invocations[0].toolExecutionNotifications.length).toBe(1);
    const valid = validate(log);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    // The schema rejects what it should: the test is not vacuous.
    expect(validate({ ...log, version: '2.0.0' })).toBe(false);
  });

  it('keeps each alert\'s rule and fingerprint when its item moves from scheduled to removed; only the level changes', async () => {
    const dir = copyProject('stand-in');
    // insights.searchSessionSatisfaction is removed on 2027-01-15.
    const before = (await sarif(['--now', '2026-11-22', 'src/insights.ts'], dir)).log.runs[0];
    const after = (await sarif(['--now', '2027-02-01', 'src/insights.ts'], dir)).log.runs[0];
    const summary = (run: { results: SarifResult[] }) => run.results.map((result) => [result.ruleId, result.partialFingerprints['apiSunsetFinding/v1']]);
    expect(before.results.map((result: SarifResult) => result.properties.status)).toEqual(['scheduled', 'scheduled']);
    expect(after.results.map((result: SarifResult) => result.properties.status)).toEqual(['removed', 'removed']);
    expect(summary(after)).toEqual(summary(before));
    expect(new Set(summary(before).map(([, fingerprint]) => fingerprint)).size).toBe(2);
    expect(before.results.map((result: SarifResult) => result.level)).toEqual(['warning', 'warning']);
    expect(after.results.map((result: SarifResult) => result.level)).toEqual(['error', 'error']);
    expect(before.tool.driver.rules[0].id).toBe(`api-sunset/${idOf('insights.searchSessionSatisfaction')}`);
    expect(before.tool.driver.rules[0].help.markdown).toContain('2027-01-15');
  });

  it('keeps fingerprints when lines are added above a finding, and gives a new use a new one', async () => {
    const dir = copyProject('stand-in');
    const fingerprints = async () => (await sarif(['--now', '2026-11-22', 'src/insights.ts'], dir)).log.runs[0].results.map((result: SarifResult) => result.partialFingerprints['apiSunsetFinding/v1']);
    const first = await fingerprints();
    const file = path.join(dir, 'src/insights.ts');
    writeFileSync(file, `// a comment\n\n${readFileSync(file, 'utf8')}`);
    expect(await fingerprints()).toEqual(first);
    writeFiles(dir, { 'src/insights.ts': `${readFileSync(file, 'utf8')}export const again = (r: { searchSessionSatisfaction: number }) => r.searchSessionSatisfaction;\n` });
    const third = await fingerprints();
    expect(third.slice(0, 2)).toEqual(first);
    expect(third.length).toBeGreaterThan(2);
    expect(first).not.toContain(third[2]);
  });
});
