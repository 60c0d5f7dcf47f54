import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkProject, compare, CORPUS, type Finding, lintProject, listProjects, projectMarkers, readMarkers, sourceFiles } from './corpus.js';

// The acceptance corpus of issue #18's value-flow engine (test/fixtures/flow/README.md). Every
// project's markers say where a finding must be reported; anything else reported is a false positive.
const projects = listProjects();

describe('the flow corpus is well-formed', () => {
  it('has projects with markers and projects without', () => {
    const counts = projects.map((project) => projectMarkers(project).length);
    expect(projects.length).toBeGreaterThanOrEqual(15);
    expect(counts.some((count) => count === 0)).toBe(true);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(150);
  });

  it.each(projects)('%s: every marker names an item and stands right before a name, string or template', (project) => {
    const problems = sourceFiles(project).flatMap((file) => readMarkers(project, file).problems);
    expect(problems).toEqual([]);
  });

  it.each(projects)('%s: has a tsconfig.json when it has TypeScript', (project) => {
    const typescript = sourceFiles(project).some((file) => /\.[mc]?tsx?$/.test(file));
    expect(typescript ? existsSync(path.join(CORPUS, project, 'tsconfig.json')) : true).toBe(true);
  });
});

/**
 * The uses the engine does not find yet, by project: each is a kind of flow it does not follow
 * (docs/detection.md, Known limitations). The list is exact, so a regression and a fix both show:
 * a fix removes its line here.
 */
const KNOWN_MISSES: Record<string, string[]> = {
  // tRPC's React client (`trpc.knowledge.board.useQuery()`) is typed by the router's type alone.
  'holdout-next-trpc': ['src/app/boards/BoardList.tsx:11:85  AnswerResult.trackingToken'],
  // `Object.assign(data, { [key]: outcome.value })` puts every source's response under every key:
  // the read may be of the search response, whose `trackingToken` is live, so it is not reported.
  // Found in an unseen probe and not understood yet: the answers index loader's request through the frozen
  // table's `Endpoint.LIST_ANSWERS`, and a read in a `.then` callback of `gleanPost(Endpoint.GET_COLLECTION, …)`.
  'remix-jsdoc-portal': ['app/lib/endpoints.js:9:53  POST /rest/api/v1/listanswers', 'app/routes/collections.$id.jsx:16:68  GetCollectionResponse.trackingToken'],
  'dashboard-allsettled': ['src/dashboard/tiles.ts:62:71  GetCollectionResponse.trackingToken'],
  // The store's root state is not in the project (no `combineReducers` says that `state.answers` is the answers reducer's).
  'redux-saga-answers': ['src/components/AnswerList.jsx:13:80  AnswerMutableProperties.boardId'],
  // Found in an unseen probe and not understood yet: rows of a spreadsheet (`SpreadsheetApp`, unknown) filtered and mapped to employees sent in another script.
  'apps-script-digest': ['src/Directory.ts:10:43  EmployeeInfoDefinition.location'],
};

const brief = (line: string) => line.split('  |')[0]!.trim();

describe('the flow corpus, strictly', () => {
  describe.each(projects)('%s', (project) => {
    let expected: Finding[];
    let linted: Finding[];
    beforeAll(async () => {
      expected = projectMarkers(project);
      linted = await lintProject(project);
    });

    it('the rules report every marked use (but the known misses)', () => {
      expect(compare(project, expected, linted).missing.map(brief)).toEqual(KNOWN_MISSES[project] ?? []);
    });

    it('the rules report nothing that is not marked', () => {
      expect(compare(project, expected, linted).unexpected).toEqual([]);
    });

    it('api-sunset check reports the same, and nothing else', async () => {
      const { findings, skipped, stderr, code } = await checkProject(project);
      expect({ code, stderr, skipped }).toEqual({ code: 0, stderr: '', skipped: [] });
      const { missing, unexpected } = compare(project, expected, findings);
      expect({ missing: missing.map(brief), unexpected }).toEqual({ missing: KNOWN_MISSES[project] ?? [], unexpected: [] });
    });
  });
});
