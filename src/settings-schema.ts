import type { ErrorObject, ValidateFunction } from 'ajv';
import { isValidDate } from './schedule/dates.js';
import { describeValue, makeAjv } from './schedule/validate.js';

/** HTTP methods a wrapper may send; the service's endpoints use these. */
export const WRAPPER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * `settings['api-sunset']` as a JSON Schema. ESLint validates rule options but not shared
 * settings, so the settings reader validates them with this before use: a mistake is one
 * configuration error naming the setting, never a TypeError in the middle of a lint. Each
 * property's `description` is what the error says was expected.
 */
export const SETTINGS_SCHEMA = {
  type: 'object',
  description: 'an object',
  additionalProperties: false,
  properties: {
    now: { type: 'string', format: 'date', description: 'a date as YYYY-MM-DD' },
    // Put there by the plugin's configs for each run (see run-date.ts); users set `now` instead.
    today: { type: 'string', format: 'date', description: 'a date as YYYY-MM-DD' },
    imminentDays: { type: 'integer', minimum: 0, description: 'a whole number of days, 0 or more' },
    schedule: { type: ['string', 'object'], description: 'a file path or a schedule object' },
    wrappers: {
      type: 'array',
      description: 'an array of { callee, path, body, prefix, method }',
      items: {
        type: 'object',
        description: 'a wrapper: { callee, path, body, prefix, method }',
        required: ['callee'],
        additionalProperties: false,
        properties: {
          callee: { type: 'string', pattern: '^[\\w$]+(\\.[\\w$]+)*$', description: 'a callee such as "api.post"' },
          path: { type: 'integer', minimum: 0, description: 'an argument index (0 or more)' },
          body: { type: 'integer', minimum: 0, description: 'an argument index (0 or more)' },
          prefix: { type: 'string', pattern: '^/', description: 'a path prefix such as "/rest/api/v1"' },
          method: {
            type: 'string',
            enum: [...WRAPPER_METHODS, ...WRAPPER_METHODS.map((method) => method.toLowerCase())],
            description: `an HTTP method: ${WRAPPER_METHODS.map((method) => `"${method}"`).join(', ')}`,
          },
        },
      },
    },
    sdkModules: {
      type: 'array',
      description: 'an array of module specifiers such as "@acme/glean-fork"',
      items: { type: 'string', minLength: 1, description: 'a module specifier such as "@acme/glean-fork"' },
    },
    clients: {
      type: 'array',
      description: 'an array of HTTP client models (docs/detection.md, "Your own HTTP client")',
      items: {
        // The row's shape is src/flow/models/http-clients.ts's HttpClientModel; the engine reads the calls' details.
        type: 'object',
        description: 'an HTTP client model: { name, packages, exports, calls, options }',
        required: ['name', 'packages', 'exports', 'calls', 'options'],
        additionalProperties: false,
        properties: {
          name: { type: 'string', description: 'a name' },
          packages: { type: 'array', items: { type: 'string', description: 'a module specifier' }, description: 'an array of module specifiers' },
          exports: { type: 'object', description: 'an object: export name → API path' },
          globals: { type: 'object', description: 'an object: global name → API path' },
          calls: { type: 'object', description: 'an object: API path → what calling it does' },
          constructs: { type: 'object', description: 'an object: API path → what `new` of it makes' },
          options: { type: 'object', description: 'an object: the keys of the options objects' },
        },
      },
    },
  },
} as const;

/** Problems reported at most, so that a huge wrong value cannot flood the error. */
const MAX_PROBLEMS = 20;

let validate: ValidateFunction | undefined;

/** Throws one error listing what is wrong with the settings (up to 20 problems), or returns. */
export function assertValidSettings(raw: unknown): void {
  if (isScalarOnly(raw)) return;
  validate ??= compile();
  if (validate(raw)) return;
  const problems = describe(validate.errors ?? [], raw);
  throw new Error(problems.join('\n'));
}

/**
 * The plugin's configs put `{ today }` into every configuration (run-date.ts), and a user's most
 * common settings are `now` and `imminentDays`: settings with nothing else, all valid, are checked
 * here, and ajv (about 50 ms to load and compile, in each process and worker) only for structured
 * settings or a mistake, whose errors it words.
 */
function isScalarOnly(raw: unknown): boolean {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return false;
  return Object.entries(raw).every(([key, value]) => {
    if (key === 'today' || key === 'now') return typeof value === 'string' && isValidDate(value);
    if (key === 'imminentDays') return Number.isInteger(value) && (value as number) >= 0;
    return false;
  });
}

/** Compiled on first use, like the schedule's validators: ajv stays out of importing the plugin. */
function compile(): ValidateFunction {
  // verbose: errors carry their schema, whose description says what was expected.
  return makeAjv({ allErrors: true, verbose: true, strict: true, allowUnionTypes: true }).compile(SETTINGS_SCHEMA);
}

function describe(errors: ErrorObject[], raw: unknown): string[] {
  const byPath = new Map<string, string>();
  for (const error of errors) {
    const segments = error.instancePath.split('/').slice(1);
    if (error.keyword === 'additionalProperties') segments.push(String(error.params.additionalProperty));
    const at = `settings['api-sunset']${segments.map((s) => (/^\d+$/.test(s) ? `[${s}]` : `.${s}`)).join('')}`;
    if (byPath.has(at)) continue;
    const schema = error.parentSchema as { description?: string } | undefined;
    if (error.keyword === 'additionalProperties') {
      byPath.set(at, `${at}: unknown setting (a typo?); the known ones are ${knownAt(segments.slice(0, -1)).join(', ')}`);
      continue;
    }
    const expected = error.keyword === 'required' ? `the required property "${String(error.params.missingProperty)}"` : (schema?.description ?? error.message ?? error.keyword);
    const found = error.keyword === 'required' ? 'nothing' : describeValue(valueAt(raw, segments));
    byPath.set(at, `${at}: expected ${expected}, found ${found}`);
  }
  const problems = [...byPath.values()];
  return problems.length > MAX_PROBLEMS ? [...problems.slice(0, MAX_PROBLEMS), `… and ${problems.length - MAX_PROBLEMS} more`] : problems;
}

function valueAt(data: unknown, segments: string[]): unknown {
  let value = data;
  for (const segment of segments) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

/**
 * The settings a user may write where an unknown one was found (`wrappers/0` → a wrapper's, `clients/0` → a client row's).
 * `today` is the plugin's configs' own, so it is not offered.
 */
function knownAt(segments: string[]): string[] {
  if (segments.length === 0) return Object.keys(SETTINGS_SCHEMA.properties).filter((name) => name !== 'today');
  const list = SETTINGS_SCHEMA.properties[segments[0] as 'wrappers' | 'clients'];
  return Object.keys(list.items.properties);
}
