import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../../src/index.js';

// Issue #16, item 5: a wrong setting or rule option is one configuration error, never a
// TypeError in the middle of a lint. The real plugin through ESLint's Linter.
const WRAPPER_CALL = "api.post('/rest/api/v1/search', { query: 'x' });\n";

function lint(code: string, settings: Record<string, unknown>, rules: Linter.RulesRecord = { 'api-sunset/no-removed-api': 'error' }): Linter.LintMessage[] {
  return new Linter({ configType: 'flat' }).verify(code, [{ plugins: { 'api-sunset': plugin as never }, rules, settings: { 'api-sunset': { now: '2026-11-22', ...settings } } }], { filename: 'file.js' });
}

describe('settings', () => {
  it.each([
    [{ wrappers: [{ callee: 'api.post', method: 42 }] }, "settings['api-sunset'].wrappers[0].method: expected an HTTP method: \"GET\", \"POST\", \"PUT\", \"PATCH\", \"DELETE\", found number 42"],
    [{ wrappers: [{ callee: 'api.post', method: 'FETCH' }] }, "settings['api-sunset'].wrappers[0].method: expected an HTTP method"],
    [{ wrappers: [{ callee: 'api.post', prefix: 7 }] }, "settings['api-sunset'].wrappers[0].prefix: expected a path prefix such as \"/rest/api/v1\", found number 7"],
    [{ wrappers: [{ calee: 'api.post' }] }, "settings['api-sunset'].wrappers[0]: expected the required property \"callee\", found nothing"],
    [{ imminentDay: 10 }, "settings['api-sunset'].imminentDay: unknown setting (a typo?); the known ones are now, imminentDays, schedule, wrappers, sdkModules, clients"],
    [{ imminentDays: '30' }, "settings['api-sunset'].imminentDays: expected a whole number of days, 0 or more, found \"30\""],
    [{ imminentDays: 1.5 }, "settings['api-sunset'].imminentDays: expected a whole number of days, 0 or more, found number 1.5"],
    [{ now: '2026-02-30' }, "settings['api-sunset'].now: expected a date as YYYY-MM-DD, found \"2026-02-30\""],
    [{ sdkModules: ['@acme/glean-fork', ''] }, "settings['api-sunset'].sdkModules[1]: expected a module specifier such as \"@acme/glean-fork\", found \"\""],
    [{ clients: [{ name: 'tiny-http', packages: ['tiny-http'], exports: {}, calls: [], options: {} }] }, "settings['api-sunset'].clients[0].calls: expected an object: API path → what calling it does, found an array of 0"],
    [{ clients: [{ name: 'tiny-http', packages: ['tiny-http'], exports: {}, calls: {}, options: {}, option: {} }] }, "settings['api-sunset'].clients[0].option: unknown setting (a typo?); the known ones are name, packages, exports, globals, calls, constructs, options"],
  ])('%j is a configuration error naming the setting, in a file that uses it', (settings, message) => {
    expect(() => lint(WRAPPER_CALL, settings)).toThrow(message);
    expect(() => lint(WRAPPER_CALL, settings)).not.toThrow(TypeError);
  });

  it('names every wrong setting at once', () => {
    expect(() => lint('', { imminentDays: -1, wrappers: [{ callee: 'api post', method: 1 }] })).toThrow(
      /imminentDays: expected a whole number of days, 0 or more, found number -1\n.*wrappers\[0\]\.callee: expected a callee such as "api\.post", found "api post"\n.*wrappers\[0\]\.method: expected an HTTP method/,
    );
  });

  it('accepts the date settings and imminentDays alone, which are checked without compiling a validator', () => {
    expect(lint(WRAPPER_CALL, { now: '2026-02-28', today: '2026-11-24', imminentDays: 0 })).toEqual([]);
  });

  it('accepts a method in either case', () => {
    expect(lint(WRAPPER_CALL, { wrappers: [{ callee: 'api.post', method: 'post', prefix: '/rest/api/v1' }] })).toEqual([]);
  });
});

describe('rule options', () => {
  it('reject a misspelt token type when ESLint reads the configuration, not when a rule is created', () => {
    expect(() => lint('export {};', {}, { 'api-sunset/act-as-header': ['error', { tokenType: 'GLOBALL' }] })).toThrow(/Key "rules": Key "api-sunset\/act-as-header":\s+Value "GLOBALL" should be equal to one of the allowed values/);
  });

  it('reject a scope that is not written as one', () => {
    expect(() => lint('export {};', {}, { 'api-sunset/token-scope': ['error', { scopes: ['search'] }] })).toThrow(/Key "rules": Key "api-sunset\/token-scope":\s+Value "search" should match pattern/);
  });
});
