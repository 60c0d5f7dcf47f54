import { createRequire } from 'node:module';
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { packageFile } from '../package-files.js';

/** One thing wrong with a schedule file, located precisely enough to fix without guessing. */
export interface ScheduleProblem {
  file: string;
  /** JSONPath of the offending value, e.g. `$.items[3].removal`. */
  path: string;
  expected: string;
  found: string;
}

const require = createRequire(import.meta.url);

interface ScheduleJsonSchema {
  $id: string;
  definitions: { item: Record<string, unknown> };
}

const scheduleSchema = (): ScheduleJsonSchema => packageFile('data/schedule.schema.json') as ScheduleJsonSchema;

function makeAjv(): Ajv {
  const { Ajv } = require('ajv') as typeof import('ajv');
  // ajv-formats is CommonJS with `module.exports = plugin`.
  const addFormats = require('ajv-formats') as (ajv: Ajv) => Ajv;
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
  addFormats(ajv);
  return ajv;
}

let validators: { file: ValidateFunction; item: ValidateFunction; patch: ValidateFunction } | undefined;

/** Compiled on first use: loading ajv and compiling the schema is most of what importing the plugin would otherwise cost. */
function compiled(): NonNullable<typeof validators> {
  if (!validators) {
    const ajv = makeAjv();
    validators = { file: ajv.compile(scheduleSchema()), item: ajv.compile({ $ref: `${scheduleSchema().$id}#/definitions/item` }), patch: makeAjv().compile(patchSchema()) };
  }
  return validators;
}

/** The same schema, but an item needs only its id: used for files that extend the bundled schedule. */
function patchSchema(): object {
  const schema = structuredClone(scheduleSchema());
  schema.$id = `${schema.$id}#patch`;
  const item: Record<string, unknown> = schema.definitions.item;
  item.required = ['id'];
  delete item.if;
  delete item.then;
  return schema;
}

export function validateSchedule(data: unknown, file: string): ScheduleProblem[] {
  return check(compiled().file, data, file, '$');
}

export function validateSchedulePatch(data: unknown, file: string): ScheduleProblem[] {
  return check(compiled().patch, data, file, '$');
}

export function validateScheduleItem(data: unknown, file: string, at: string): ScheduleProblem[] {
  return check(compiled().item, data, file, at);
}

function check(validate: ValidateFunction, data: unknown, file: string, root: string): ScheduleProblem[] {
  if (validate(data)) return [];
  return describeErrors(validate.errors ?? [], data, file, root);
}

// When one value breaks several keywords, say the most specific thing once.
const KEYWORD_PRIORITY = ['required', 'additionalProperties', 'type', 'const', 'enum', 'format', 'pattern', 'minLength', 'minItems', 'uniqueItems'];

function describeErrors(errors: ErrorObject[], data: unknown, file: string, root: string): ScheduleProblem[] {
  const byPath = new Map<string, ErrorObject>();
  for (const error of errors) {
    if (error.keyword === 'if' || error.keyword === 'allOf') continue;
    const path = root + toJsonPath(error);
    const seen = byPath.get(path);
    if (!seen || rank(error) < rank(seen)) byPath.set(path, error);
  }
  return [...byPath].map(([path, error]) => ({
    file,
    path,
    expected: expectedText(error),
    found: foundText(error, data),
  }));
}

function rank(error: ErrorObject): number {
  const index = KEYWORD_PRIORITY.indexOf(error.keyword);
  return index === -1 ? KEYWORD_PRIORITY.length : index;
}

/** `/items/3/removal` → `.items[3].removal`; a missing or extra property is located at the property itself. */
function toJsonPath(error: ErrorObject): string {
  const segments = error.instancePath.split('/').slice(1).map(unescapePointer);
  if (error.keyword === 'required') segments.push(String(error.params.missingProperty));
  if (error.keyword === 'additionalProperties') segments.push(String(error.params.additionalProperty));
  return segments.map((s) => (/^\d+$/.test(s) ? `[${s}]` : /^[A-Za-z_$][\w$]*$/.test(s) ? `.${s}` : `[${JSON.stringify(s)}]`)).join('');
}

function unescapePointer(segment: string): string {
  return segment.replace(/~1/g, '/').replace(/~0/g, '~');
}

function expectedText(error: ErrorObject): string {
  const schema = error.parentSchema as { description?: string } | undefined;
  switch (error.keyword) {
    case 'required':
      return `the required property "${String(error.params.missingProperty)}"`;
    case 'additionalProperties':
      return 'no such property (check the spelling against data/schedule.schema.json)';
    case 'type':
      return `a value of type ${String(error.params.type)}`;
    case 'const':
      return `the value ${JSON.stringify(error.params.allowedValue)}`;
    case 'enum':
      return `one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'format':
      return error.params.format === 'date' ? 'a real calendar date as YYYY-MM-DD' : `a ${String(error.params.format)}`;
    case 'pattern':
      return schema?.description ?? `a string matching ${String(error.params.pattern)}`;
    default:
      return error.message ?? error.keyword;
  }
}

function foundText(error: ErrorObject, data: unknown): string {
  if (error.keyword === 'required') return 'nothing';
  const value = valueAt(data, error.instancePath);
  if (error.keyword === 'additionalProperties') return `"${String(error.params.additionalProperty)}"`;
  return describeValue(value);
}

function valueAt(data: unknown, pointer: string): unknown {
  let value = data;
  for (const segment of pointer.split('/').slice(1).map(unescapePointer)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value === null) return 'null';
  if (typeof value === 'object') return 'an object';
  const text = JSON.stringify(value);
  return typeof value === 'string' ? text : `${typeof value} ${text}`;
}
