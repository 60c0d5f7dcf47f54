import { cpSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadBundledSchedule } from '../../src/schedule/load.js';
import { SdkDeclarations } from '../../src/sdk/declarations.js';
import { installedSdk } from '../../src/sdk/installed.js';
import { judgeReplacement, modelsModuleOf, replacementsOf, typesAllow } from '../../src/sdk/replacements.js';
import { sdkUpgradeFor, upgradeAdvice } from '../../src/sdk/upgrade.js';
import sdkReleases from '../../data/sdk-releases.json' with { type: 'json' };
import { ROOT, runCli } from '../helpers/cli.js';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';
import { typeCheckProject } from '../helpers/type-check.js';
import { copyProject } from './project.js';

const NOW = ['--now', '2026-11-22'];
const FIXTURE = path.join(ROOT, 'test/fixtures/old-sdk');
const SDK = '@gleanwork/api-client';
/** The fixture project with its stand-in SDK 0.13.0 installed, and TypeScript through a link to this repository's. */
function oldSdkProject(): string {
  const dir = copyProject();
  cpSync(FIXTURE, dir, { recursive: true, filter: (source) => !source.startsWith(path.join(FIXTURE, 'sdk')) });
  const installed = path.join(dir, 'node_modules', ...SDK.split('/'));
  mkdirSync(path.dirname(installed), { recursive: true });
  cpSync(path.join(FIXTURE, 'sdk'), installed, { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules/typescript'), path.join(dir, 'node_modules/typescript'), 'dir');
  return dir;
}

describe('the installed SDK release decides whether a rewrite can be typed', () => {
  it('reads the release and its model declarations from the project', () => {
    const dir = oldSdkProject();
    const sdk = installedSdk(path.join(dir, 'src/highlights.ts'), SDK, `${SDK}/models/components`)!;
    expect(sdk.version).toBe('0.13.0');
    expect(judgeReplacement(sdk.declarations, { model: 'SearchResultSnippet', deprecated: 'snippet', replacement: 'text' })).toEqual({ hasReplacement: true, deprecatedOptional: false, replacementOptional: true });
    expect(judgeReplacement(sdk.declarations, { model: 'AnswerResult', deprecated: 'trackingToken', replacement: 'answer.trackingToken' })).toEqual({ hasReplacement: false, deprecatedOptional: true, replacementOptional: false });
    expect(judgeReplacement(sdk.declarations, { model: 'InputOptions', deprecated: 'datasources', replacement: 'datasourceInstances' })).toEqual({ hasReplacement: true, deprecatedOptional: true, replacementOptional: true });
    expect(judgeReplacement(sdk.declarations, { model: 'ChatMessage', deprecated: 'citations', replacement: 'fragments[].citation' })).toBeUndefined();
    expect(installedSdk(path.join(copyProject(), 'x.ts'), SDK, undefined)).toBeUndefined();
  });

  it('names no release where the data knows none, and says so without a number', () => {
    const dir = oldSdkProject();
    const sdk = installedSdk(path.join(dir, 'src/highlights.ts'), SDK, `${SDK}/models/components`)!;
    const replacement = { model: 'SearchResultSnippet', deprecated: 'snippet', replacement: 'text' };
    expect(sdkUpgradeFor(sdk, replacement, true)).toEqual({ package: SDK, installed: '0.13.0', release: '0.20.14', reason: `${SDK} 0.13.0 still requires snippet on SearchResultSnippet` });
    const renamed = sdkUpgradeFor({ ...sdk, package: '@acme/fork-of-the-sdk' }, replacement, true)!;
    expect(renamed.release).toBeUndefined();
    expect(upgradeAdvice(renamed)).toBe('move to a release of @acme/fork-of-the-sdk whose types have it first');
    expect(sdkUpgradeFor(sdk, { model: 'InputOptions', deprecated: 'datasources', replacement: 'datasourceInstances' }, true)).toBeUndefined();
  });

  it('follows nested and array steps through the imports of the declarations', () => {
    const declarations = new SdkDeclarations(path.join(ROOT, 'node_modules/@gleanwork/api-client/dist/esm/models/components'));
    expect(declarations.resolve('ChatMessage', 'fragments[].citation')).toMatchObject({ optional: true, model: 'ChatMessageCitation', array: false });
    expect(declarations.resolve('GetCollectionResponse', 'collection?.trackingToken')).toMatchObject({ optional: true });
    expect(declarations.resolve('ChatMessage', 'fragments.citation')).toBeUndefined();
    expect(declarations.resolve('ChatMessage', 'nothing[].citation')).toBeUndefined();
  });

  it('turns the fixes the installed types cannot hold into suggestions that name the release to move to, and the project keeps compiling', { timeout: SLOW_TEST_TIMEOUT }, async () => {
    const dir = oldSdkProject();
    expect(typeCheckProject(dir)).toEqual([]);
    // --no-verify: the version check alone keeps the project compiling, not the rollback.
    const { stdout } = await runCli(['fix', ...NOW, '--no-verify', '--fail-on', 'none'], { cwd: dir });
    const fixed = readFileSync(path.join(dir, 'src/highlights.ts'), 'utf8');
    expect(fixed).toContain("return { snippet: summary, mimeType: 'text/plain' };");
    expect(fixed).toContain('return snippet.snippet;');
    expect(fixed).toContain('return result.trackingToken;');
    expect(fixed).toContain('return options.datasourceInstances ?? [];');
    expect(typeCheckProject(dir)).toEqual([]);

    expect(stdout).toContain('Fixed 1 use in 1 file:\n  FILE               USES  CHANGES\n  src/highlights.ts  1     InputOptions.datasources → datasourceInstances\n');
    expect(stdout).toContain(
      "Waiting for an SDK upgrade: 3 uses not fixed because the installed SDK's types cannot hold the change yet:\n" +
        '  SearchResultSnippet.snippet: move to @gleanwork/api-client 0.20.14 or later first (installed: 0.13.0) ×2\n' +
        '  AnswerResult.trackingToken: move to @gleanwork/api-client 0.20.14 or later first (installed: 0.13.0)\n',
    );
    const notFixed = (line: number, column: number, item: string, reason: string) =>
      new RegExp(`src/highlights\\.ts:${line}:${column} +${item.replace('.', '\\.')} .* not fixed automatically: ${reason.replaceAll('.', '\\.')}; move to @gleanwork/api-client 0\\.20\\.14 or later first\\. +\\[fix: suggestion\\]`);
    expect(stdout).toMatch(notFixed(5, 12, 'SearchResultSnippet.snippet', '@gleanwork/api-client 0.13.0 still requires snippet on SearchResultSnippet'));
    expect(stdout).toMatch(notFixed(9, 18, 'SearchResultSnippet.snippet', 'in @gleanwork/api-client 0.13.0 SearchResultSnippet.snippet is always set but text is optional, so reading it instead can give undefined'));
    expect(stdout).toMatch(notFixed(13, 17, 'AnswerResult.trackingToken', '@gleanwork/api-client 0.13.0 has no AnswerResult.answer.trackingToken'));
  });

  it('reports the release in JSON; suggestions applied anyway are left out by the type check, the automatic fixes stay', { timeout: SLOW_TEST_TIMEOUT }, async () => {
    const dir = oldSdkProject();
    const { stdout } = await runCli(['fix', ...NOW, '--suggestions', '--format', 'json', '--fail-on', 'none'], { cwd: dir });
    const json = JSON.parse(stdout);
    const upgrade = { package: SDK, installed: '0.13.0', release: '0.20.14' };
    expect(json.findings.map((finding: { item: string; upgrade?: unknown }) => [finding.item, finding.upgrade])).toEqual([
      ['SearchResultSnippet.snippet', upgrade],
      ['SearchResultSnippet.snippet', upgrade],
      ['AnswerResult.trackingToken', upgrade],
    ]);
    expect(json.verification.rolledBack.map((entry: { file: string; to: string; errors: { code: number }[] }) => [entry.file, entry.to, entry.errors.map((error) => error.code).sort()])).toEqual([
      ['src/highlights.ts', 'fallback', [2322, 2339, 2741]],
    ]);
    expect(json.changes).toEqual([expect.objectContaining({ file: 'src/highlights.ts', fixed: 1, changes: ['InputOptions.datasources → datasourceInstances'] })]);
    const fixed = readFileSync(path.join(dir, 'src/highlights.ts'), 'utf8');
    expect(fixed).toContain('options.datasourceInstances');
    expect(fixed).toContain('{ snippet: summary');
    expect(typeCheckProject(dir)).toEqual([]);

    const text = await runCli(['fix', ...NOW, '--suggestions', '--dry-run', '--fail-on', 'none'], { cwd: oldSdkProject() });
    expect(text.stdout).toContain('Suggestions left out of 1 file: they would add type errors, so only the automatic fixes are applied there:\n  src/highlights.ts\n    src/highlights.ts:5:3  TS2741  ');
  });
});

describe('data/sdk-releases.json', () => {
  it('records every replacement the schedule rewrites to, with releases the data lists', () => {
    const schedule = loadBundledSchedule();
    expect(sdkReleases.package).toBe(schedule.sdk.package);
    expect(modelsModuleOf(schedule.sdk)).toBe(`${SDK}/models/components`);
    const recorded = sdkReleases.replacements.map(({ item, model, deprecated, replacement }) => ({ item, model, deprecated, replacement }));
    expect(recorded).toEqual(replacementsOf(schedule));
    for (const entry of sdkReleases.replacements) {
      for (const release of [entry.replacementSince, entry.deprecatedOptionalSince]) if (release !== null) expect(sdkReleases.releases).toContain(release);
    }
  });

  it('agrees with the installed dev dependency: the latest release allows every rewrite', () => {
    const sdk = installedSdk(path.join(ROOT, 'src/index.ts'), SDK, `${SDK}/models/components`)!;
    expect(sdkReleases.releases.at(-1)).toBe(sdk.version);
    for (const replacement of replacementsOf(loadBundledSchedule())) {
      const facts = judgeReplacement(sdk.declarations, replacement)!;
      expect(typesAllow(facts, true) && typesAllow(facts, false), replacement.item).toBe(true);
    }
  });
});
