import { noDeprecatedApi } from '../rules/no-deprecated-api.js';
import { noRemovedApi } from '../rules/no-removed-api.js';

/** Every rule of the plugin by its name without the `api-sunset/` prefix. */
export const rules = {
  'no-removed-api': noRemovedApi,
  'no-deprecated-api': noDeprecatedApi,
};
