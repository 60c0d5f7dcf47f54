import { readFileSync } from 'node:fs';
import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { SLOW_TEST_TIMEOUT } from '../helpers/timeouts.js';
import plugin from '../../src/index.js';
import { runBuiltCli, runCli } from '../helpers/cli.js';
import { FIXTURES, NOW, ROOT, sunsetSettings } from './tester.js';

// Issue #7: type-aware mode on a fixture project that uses the real SDK's types
// (@gleanwork/api-client, resolved from the repository's node_modules). One program is built for the
// whole file (typescript-eslint caches it per tsconfig), so the cases share its cost.
const PROJECT = path.join(FIXTURES, 'typed-project');
const TSCONFIG = path.join(PROJECT, 'tsconfig.json');
const SUNSET = { 'api-sunset/no-removed-api': 'error', 'api-sunset/no-deprecated-api': 'warn' } as const;

type Parser = 'project' | 'projectService' | 'none';

function config(parser: Parser, rules: Linter.RulesRecord): Linter.Config[] {
  // CI=true makes typescript-estree infer a single run and build the program differently; pin one
  // mode so the test means the same locally and in CI (no-deprecated crashes in single-run mode here).
  const shared = { tsconfigRootDir: PROJECT, disallowAutomaticSingleRunInference: true };
  const parserOptions = parser === 'project' ? { ...shared, project: TSCONFIG } : parser === 'projectService' ? { ...shared, projectService: true } : {};
  return [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tsParser as Linter.Parser, parserOptions },
      plugins: {
        'api-sunset': plugin as unknown as ESLint.Plugin,
        '@typescript-eslint': tseslint.plugin as unknown as ESLint.Plugin,
      },
      rules,
      settings: sunsetSettings(),
    },
  ];
}

interface Message {
  /** `src/render.ts:8:46` */
  at: string;
  ruleId: string | null;
  message: string;
  fix: boolean;
  suggestions: number;
}

async function lint(parser: Parser, rules: Linter.RulesRecord, { fix = false, files = ['src/**/*.ts'] } = {}) {
  const eslint = new ESLint({ cwd: PROJECT, overrideConfigFile: true, overrideConfig: config(parser, rules), ignore: false, fix });
  const results = await eslint.lintFiles(files);
  const messages: Message[] = results.flatMap((result) =>
    result.messages.map((m) => ({ at: `${path.relative(PROJECT, result.filePath)}:${m.line}:${m.column}`, ruleId: m.ruleId, message: m.message, fix: m.fix !== undefined, suggestions: m.suggestions?.length ?? 0 })),
  );
  return { messages, results };
}

/** `src/render.ts:8:46 ChatMessage.citations`: where, and what the message is about. */
function brief(message: Message): string {
  return `${message.at} ${message.message.replace(/ \((?:in the|called by) .*$| was removed .*$| is deprecated .*$/, '').replace(/`/g, '')}`;
}

let typed: Message[];
let typedResults: ESLint.LintResult[];
let untyped: Message[];
let noDeprecated: Message[];

beforeAll(async () => {
  ({ messages: typed, results: typedResults } = await lint('project', SUNSET));
  untyped = (await lint('none', SUNSET)).messages;
  noDeprecated = (await lint('project', { '@typescript-eslint/no-deprecated': 'warn' })).messages;
}, SLOW_TEST_TIMEOUT);

/**
 * The cross-file cases of issue #7. Type information found them first; the project-wide flow
 * engine follows the same annotations, aliases and calls without it, so both modes report them.
 */
const CROSS_FILE = [
  // A body built in another module, typed with the app's alias (`type Employee = EmployeeInfoDefinition`).
  'src/builders.ts:6:40 EmployeeInfoDefinition.location',
  // An untyped literal whose type comes only from the call site in another file (indexer.ts passes it as `employee`).
  'src/builders.ts:14:37 EmployeeInfoDefinition.location',
  // The SDK client known only by its type (`type Client = import('@gleanwork/api-client').Glean` in types.ts): literal keys checked against the method's parameter type…
  'src/indexer.ts:7:76 EmployeeInfoDefinition.location',
  // …and its deprecated methods, also on a sub-client typed `Client['indexing']['documents']`.
  "src/indexer.ts:9:31 POST /api/index/v1/bulkindexemployees",
  'src/indexer.ts:9:98 EmployeeInfoDefinition.location',
  "src/indexer.ts:13:89 POST /api/index/v1/getdocumentcount",
  // A union of two service schemas: both notices.
  'src/lookalikes.ts:17:69 DlpConfig.sensitiveInfoTypes',
  'src/lookalikes.ts:17:69 SensitiveContentOptions.sensitiveInfoTypes',
  // A response that leaves the file (loadChat in api.ts returns Promise<ChatResponse>).
  'src/render.ts:8:46 ChatMessage.citations',
  // Re-exports and aliases (`export type { ChatMessage as Msg }`, `type Reply = ChatMessage`), destructuring.
  'src/render.ts:12:38 ChatMessage.citations',
  'src/render.ts:15:11 ChatMessage.citations',
  'src/render.ts:19:52 SearchResultSnippet.snippet',
  'src/render.ts:20:45 AnswerResult.trackingToken',
  // openapi-typescript's components["schemas"]["ChatMessage"].
  'src/search.ts:16:77 ChatMessage.citations',
  // A file that names only the field, reached because search.ts passes it a response.
  'src/summary.ts:4:38 ChatMessage.citations',
];

/** File-local cases. */
const LOCAL = [
  'src/builders.ts:10:106 EmployeeInfoDefinition.location',
  'src/legacy.ts:5:42 ChatMessage.citations',
  'src/legacy.ts:9:27 POST /api/index/v1/getusercount',
  'src/search.ts:13:12 SearchResultSnippet.snippet',
];

describe('type-aware mode on test/fixtures/typed-project', { timeout: SLOW_TEST_TIMEOUT }, () => {
  it('finds the cross-file cases with types and without', () => {
    expect(typed.map(brief).sort()).toEqual([...CROSS_FILE, ...LOCAL].sort());
    expect(untyped.map(brief).sort()).toEqual([...CROSS_FILE, ...LOCAL].sort());
  });

  it('reports each node and notice once when both analyses see it', () => {
    const keys = typed.map((m) => `${m.at} ${m.message}`);
    expect(new Set(keys).size).toBe(keys.length);
    // The syntax-only finding wins where both see a node: it knows the endpoint.
    expect(typed.find((m) => m.at === 'src/search.ts:13:12')?.message).toBe(untyped.find((m) => m.at === 'src/search.ts:13:12')?.message);
  });

  it("leaves a suggested callback's parameter to inference where the types show the value is typed", () => {
    const render = typedResults.find((result) => result.filePath.endsWith(`${path.sep}render.ts`))!;
    const citations = render.messages.find((m) => m.line === 8 && m.column === 46)!;
    expect(citations.suggestions?.[0]?.fix.text).toBe('(m.fragments ?? []).flatMap((f) => (f.citation ? [f.citation] : []))');
  });

  it('uses the same messages, dates and rewrites as the syntax-only analysis', () => {
    const at = (where: string) => typed.filter((m) => m.at === where);
    expect(at('src/render.ts:8:46')).toEqual([
      {
        at: 'src/render.ts:8:46',
        ruleId: 'api-sunset/no-removed-api',
        message:
          '`ChatMessage.citations` was removed on 2026-10-15, 38 days ago; use `fragments[].citation`, which has another shape.',
        fix: false,
        suggestions: 1,
      },
    ]);
    expect(at('src/render.ts:20:45')).toEqual([
      {
        at: 'src/render.ts:20:45',
        ruleId: 'api-sunset/no-deprecated-api',
        message: '`AnswerResult.trackingToken` is deprecated and will be removed on 2027-01-15, in 54 days; use `answer.trackingToken`.',
        fix: true,
        suggestions: 0,
      },
    ]);
    expect(at('src/builders.ts:6:40')[0]).toMatchObject({ ruleId: 'api-sunset/no-removed-api', fix: false, suggestions: 1 });
    // Destructuring is rewritten only as a suggestion; `citations` has no rename, so none here.
    expect(at('src/render.ts:15:11')[0]).toMatchObject({ fix: false, suggestions: 0 });
  });

  it('applies the safe renames found through types', async () => {
    const { results } = await lint('project', SUNSET, { fix: true, files: ['src/render.ts'] });
    const output = results[0]?.output ?? '';
    expect(output).toContain('export const plain = (s: SearchResultSnippet) => s.text;');
    expect(output).toContain('export const token = (a: AnswerResult) => a.answer.trackingToken;');
    // Not a schema with this deprecated property (`Answer.trackingToken` is live): untouched.
    expect(output).toContain('export const liveToken = (a: Answer) => a.trackingToken;');
    expect(readFileSync(path.join(PROJECT, 'src/render.ts'), 'utf8')).toContain('s.snippet');
  });

  it('stays silent on look-alikes, unions with other types, any, and the live trackingToken', () => {
    const silent = ['src/lookalikes.ts:13', 'src/lookalikes.ts:14', 'src/lookalikes.ts:15', 'src/lookalikes.ts:16', 'src/render.ts:21', 'src/indexer.ts:8'];
    for (const line of silent) expect(typed.filter((m) => m.at.startsWith(`${line}:`))).toEqual([]);
  });

  it('works the same with parserOptions.projectService', async () => {
    const { messages } = await lint('projectService', SUNSET, { files: ['src/render.ts', 'src/indexer.ts'] });
    expect(messages.map(brief).sort()).toEqual(typed.filter((m) => m.at.startsWith('src/render.ts') || m.at.startsWith('src/indexer.ts')).map(brief).sort());
  }, SLOW_TEST_TIMEOUT);
});

describe('compared with @typescript-eslint/no-deprecated on the same project', { timeout: SLOW_TEST_TIMEOUT }, () => {
  /** no-deprecated's reports that name a schedule field or a deprecated endpoint's SDK method. */
  const scheduleNames = new Set(['citations', 'location', 'snippet', 'trackingToken', 'sensitiveInfoTypes', 'bulkIndex', 'count']);
  const named = (m: Message) => /^`(\w+)` is deprecated/.exec(m.message)?.[1];

  /** What it reports and api-sunset deliberately does not, and why. */
  const ONLY_NO_DEPRECATED = [
    // `ServiceMessage | OpenAiMessage`: one member that has `citations` is not the service's type.
    'src/lookalikes.ts:15:64',
  ];

  it('every schedule item it reports, api-sunset reports too, with the schedule date and its rewrites', () => {
    const theirs = noDeprecated.filter((m) => scheduleNames.has(named(m) ?? ''));
    expect(theirs.length).toBeGreaterThan(10);
    const ours = new Set(typed.map((m) => m.at));
    expect(theirs.filter((m) => !ours.has(m.at)).map((m) => m.at)).toEqual(ONLY_NO_DEPRECATED);
    for (const m of typed) expect(m.message).toMatch(/(removed on|will be removed on) 20\d\d-\d\d-\d\d/);
  });

  it('lists what only api-sunset finds', () => {
    const theirs = new Set(noDeprecated.map((m) => m.at));
    // Untyped JSON (`any`) and an untyped literal followed by the flow engine, and endpoint paths in strings.
    expect(typed.filter((m) => !theirs.has(m.at)).map(brief)).toEqual([
      'src/builders.ts:14:37 EmployeeInfoDefinition.location',
      'src/legacy.ts:5:42 ChatMessage.citations',
      'src/legacy.ts:9:27 POST /api/index/v1/getusercount',
    ]);
  });
});

describe('api-sunset check --project', { timeout: SLOW_TEST_TIMEOUT }, () => {
  const relative = path.relative(ROOT, PROJECT);

  it('finds the cross-file cases with or without --project; files outside the tsconfig are checked syntax-only', async () => {
    // One after the other: a run records item ids in a process-wide side channel.
    const withTypes = await runCli(['check', relative, '--project', path.join(relative, 'tsconfig.json'), '--now', NOW, '--format', 'json', '--fail-on', 'none']);
    const without = await runCli(['check', relative, '--now', NOW, '--format', 'json', '--fail-on', 'none']);
    expect(withTypes.stderr).toBe('');
    const where = (stdout: string) =>
      (JSON.parse(stdout) as { findings: { file: string; line: number; column: number; itemId: string }[] }).findings.map((f) => `${path.relative(relative, f.file)}:${f.line}:${f.column} ${f.itemId}`);
    const typedFindings = where(withTypes.stdout);
    // 6446f85e…: ChatMessage.citations; ce596f49…: bulkindexemployees; 4f5df873…: getusercount (the documents' mark ids).
    expect(typedFindings).toEqual(
      expect.arrayContaining([
        'src/render.ts:8:46 6446f85e-c90e-4c00-9717-796f9db3dc61',
        'src/indexer.ts:9:31 ce596f49-55c4-465e-bf3c-5a3a33906e1f',
        'scripts/usercount.mjs:2:38 4f5df873-385e-4539-8183-cb764b0f06b9',
      ]),
    );
    expect(JSON.parse(withTypes.stdout).skipped).toEqual([]);
    expect(where(without.stdout).sort()).toEqual([...typedFindings].sort());
  }, SLOW_TEST_TIMEOUT);

  it('a directory stands for its tsconfig.json; a missing tsconfig is a usage error', async () => {
    const dir = await runCli(['check', path.join(relative, 'src/render.ts'), '--project', relative, '--now', NOW, '--format', 'json', '--fail-on', 'none']);
    expect(dir.code).toBe(0);
    expect(JSON.parse(dir.stdout).findings.length).toBe(typed.filter((m) => m.at.startsWith('src/render.ts')).length);
    const missing = await runCli(['check', relative, '--project', 'no-such/tsconfig.json', '--now', NOW]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--project: no-such/tsconfig.json: no such tsconfig file');
  }, SLOW_TEST_TIMEOUT);
  it('finds the same in its lint worker, as the built CLI runs it, as in-process', async () => {
    const args = ['check', '.', '--project', 'tsconfig.json', '--now', NOW, '--format', 'json', '--fail-on', 'none'];
    const isolated = await runBuiltCli(args, PROJECT);
    const inProcess = await runCli(args, { cwd: PROJECT });
    expect(JSON.parse(isolated.stdout).skipped).toEqual([]);
    expect(JSON.parse(isolated.stdout).findings).toEqual(JSON.parse(inProcess.stdout).findings);
  }, SLOW_TEST_TIMEOUT);
});
