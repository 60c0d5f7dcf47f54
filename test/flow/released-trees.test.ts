import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectSourceFiles } from '../../src/cli/walk.js';
import { analyzeProject, type ProjectAnalysis } from '../../src/flow/analysis.js';
import { catalogFor } from '../../src/flow/catalog.js';
import { HTTP_CLIENTS } from '../../src/flow/models/http-clients.js';
import { serviceGate } from '../../src/flow/sessions.js';
import { ProjectIndex } from '../../src/project/project.js';
import { loadBundledSchedule } from '../../src/schedule/index.js';
import type { Settings } from '../../src/settings.js';
import { CORPUS, NOW } from './corpus.js';

/**
 * A command line run lets the project's parsed trees go once it has analysed it (at 900 analysed
 * modules they are hundreds of MiB). That only frees them if the analysis's findings keep no node,
 * and it must not change what a later analysis finds or make an unchanged file look edited.
 */
const PROJECT = path.join(CORPUS, 'mcp-server');
const FORMATTER = path.join(PROJECT, 'src/formatters/search.ts');
const settings: Settings = { now: NOW, imminentDays: 90, schedule: loadBundledSchedule(), wrappers: [] };

function openIndex(): ProjectIndex {
  return new ProjectIndex(PROJECT, serviceGate(settings), collectSourceFiles([PROJECT], PROJECT).files);
}

function analyse(project: ProjectIndex): ProjectAnalysis {
  return analyzeProject(project, { catalog: catalogFor(settings.schedule), project, clients: HTTP_CLIENTS, wrappers: [], sdkModules: [] });
}

/** What an analysis found, as plain data: file, kind, item and where. */
function summary(analysis: ProjectAnalysis): string[] {
  const found = [...analysis.findings].flatMap(([file, findings]) => findings.map((finding) => `${path.relative(PROJECT, file)} ${finding.kind} ${finding.item.id} ${finding.node.range.join(':')}`));
  const sites = [...analysis.sites].flatMap(([file, list]) => list.map((site) => `${path.relative(PROJECT, file)} ${site.client} ${site.endpoint?.key ?? '?'} ${site.call.range.join(':')}`));
  return [...found, ...sites].sort();
}

describe('an analysis and the trees it parsed', () => {
  it('hands on positions, not nodes of its trees', () => {
    const analysis = analyse(openIndex());
    const findings = [...analysis.findings.values()].flat();
    expect(findings.length).toBeGreaterThan(0);
    for (const finding of findings) {
      expect(Object.keys(finding.node).sort()).toEqual(['range', 'type']);
      if (finding.kind === 'field') {
        const use = finding.use;
        expect(Object.keys('property' in use ? use.property : 'literal' in use ? use.literal : use.member).sort()).toEqual(['range', 'type']);
      }
    }
    for (const site of [...analysis.sites.values()].flat()) {
      expect(Object.keys(site.call).sort()).toEqual(['range', 'type']);
      for (const piece of site.url ?? []) if ('origin' in piece) expect(Object.keys(piece.origin).sort()).toEqual(['range', 'type']);
    }
  });

  it('finds the same after the trees were let go, parsing the modules again from the same text', () => {
    const project = openIndex();
    const first = analyse(project);
    const before = project.module(FORMATTER)!;
    project.releaseTrees();
    const again = project.module(FORMATTER)!;
    expect(again).not.toBe(before);
    expect(again.text).toBe(before.text);
    expect(summary(analyse(project))).toEqual(summary(first));
  });

  it('still knows an unchanged buffer from an edited one after letting the trees go', () => {
    const project = openIndex();
    analyse(project);
    project.releaseTrees();
    const text = readFileSync(FORMATTER, 'utf8');
    const version = project.version;
    expect(project.setEditorText(FORMATTER, text)).toBe(false);
    expect(project.version).toBe(version);
    expect(project.setEditorText(FORMATTER, `// an edit\n${text}`)).toBe(true);
    expect(project.module(FORMATTER)!.text).toBe(`// an edit\n${text}`);
  });
});
