import { actAsHeader } from '../rules/act-as-header.js';
import { noDeprecatedApi } from '../rules/no-deprecated-api.js';
import { noHardcodedToken } from '../rules/no-hardcoded-token.js';
import { noRemovedApi } from '../rules/no-removed-api.js';
import { requireJsonContentType } from '../rules/require-json-content-type.js';
import { tokenScope } from '../rules/token-scope.js';

/** Every rule of the plugin by its name without the `api-sunset/` prefix. */
export const rules = {
  'no-removed-api': noRemovedApi,
  'no-deprecated-api': noDeprecatedApi,
  'no-hardcoded-token': noHardcodedToken,
  'act-as-header': actAsHeader,
  'token-scope': tokenScope,
  'require-json-content-type': requireJsonContentType,
};
