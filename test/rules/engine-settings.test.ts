import { noRemovedApi } from '../../rules/no-removed-api.js';
import { report, ruleTester, sunsetSettings } from './tester.js';

/**
 * What the engine cannot know without being told: a module that stands for the SDK (a fork, a
 * vendored copy) and an HTTP client library of the user's own, given as a data row.
 */
const FORK = ["import { Glean } from '@acme/glean-fork';", 'const glean = new Glean({});', "export const count = () => glean.indexing.documents.count({ datasource: 'wiki' });"].join('\n');

const TINY_HTTP = {
  name: 'tiny-http',
  packages: ['tiny-http'],
  exports: { send: '' },
  calls: { '': { kind: 'request', url: 0, body: 1, method: 'POST', result: 'promise:body' } },
  options: {},
};
const TINY = ["import { send } from 'tiny-http';", "export const users = () => send(`${process.env.GLEAN}/api/index/v1/getusercount`, { datasource: 'hr' });"].join('\n');

ruleTester.run('no-removed-api with engine settings', noRemovedApi, {
  valid: [
    // Without the settings, neither module is known to be the SDK or a client.
    { code: FORK },
    { code: TINY },
    { code: "import { send } from 'tiny-http';\nexport const users = () => send(someUrl(), {});" },
    // A client row does not make another library's calls requests.
    { code: "import { send } from 'other-http';\nexport const users = () => send('/elsewhere/getusercount', {});", settings: sunsetSettings({ clients: [TINY_HTTP] }) },
  ],
  invalid: [
    {
      code: FORK,
      settings: sunsetSettings({ sdkModules: ['@acme/glean-fork'] }),
      errors: [report('removed', 'getdocumentcount', { line: 3, column: 53, endColumn: 58 }, { via: 'indexing.documents.count' })],
    },
    {
      code: TINY,
      settings: sunsetSettings({ clients: [TINY_HTTP] }),
      errors: [report('removed', 'getusercount', { line: 2, column: 33, endColumn: 81 })],
    },
  ],
});
