import { createRequire } from 'node:module';
import type { Ajv, ErrorObject, Options, ValidateFunction } from 'ajv';
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

/**
 * Problems listed at most; one more is collected to know that there are more. A large wrong file
 * would otherwise print a line per wrong value, a million lines for a big generated file.
 */
export const MAX_PROBLEMS = 20;

/**
 * Elements of each top-level array validated at once when collecting problems. ajv with
 * `allErrors` joins the errors of every `$ref`ed item by copying the list so far, which is
 * quadratic in the number of errors (over 300 s for a large wrong file); in slices it stays linear.
 */
const SLICE = 64;

/** An ajv with formats; loaded on first use, as importing ajv is a good part of what importing the plugin would cost. */
export function makeAjv(options: Options): Ajv {
  const { Ajv } = require('ajv') as typeof import('ajv');
  // ajv-formats is CommonJS with `module.exports = plugin`.
  const addFormats = require('ajv-formats') as (ajv: Ajv) => Ajv;
  const ajv = new Ajv(options);
  addFormats(ajv);
  return ajv;
}

/**
 * A schema compiled to answer "valid?" fast (first error only), and, only when a value is not,
 * compiled again to list every problem.
 */
interface Validator {
  quick: ValidateFunction;
  readonly thorough: ValidateFunction;
}

function validator(schema: object, ajvs: [Ajv, Ajv]): Validator {
  let thorough: ValidateFunction | undefined;
  return {
    quick: ajvs[0].compile(schema),
    get thorough() {
      thorough ??= ajvs[1].compile(schema);
      return thorough;
    },
  };
}

function scheduleAjvs(): [Ajv, Ajv] {
  const options = { strict: true, strictRequired: false, allowUnionTypes: true };
  return [makeAjv({ ...options, allErrors: false }), makeAjv({ ...options, allErrors: true })];
}

let validators: { file: Validator; item: Validator; patch: Validator } | undefined;

/** Compiled on first use: loading ajv and compiling the schema is most of what importing the plugin would otherwise cost. */
function compiled(): NonNullable<typeof validators> {
  if (!validators) {
    const ajvs = scheduleAjvs();
    // Registered (not compiled) up front, so that the item's `$ref` resolves whichever is compiled first.
    ajvs[1].addSchema(scheduleSchema());
    validators = { file: validator(scheduleSchema(), ajvs), item: validator({ $ref: `${scheduleSchema().$id}#/definitions/item` }, ajvs), patch: validator(patchSchema(), scheduleAjvs()) };
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

/**
 * No problems for a valid value (one fast pass); otherwise every problem, in file order, up to
 * MAX_PROBLEMS + 1 (the caller shows MAX_PROBLEMS and says there are more). A document's top-level
 * arrays are validated a slice at a time, and validation stops once enough problems are known.
 */
function check(validate: Validator, data: unknown, file: string, root: string): ScheduleProblem[] {
  if (validate.quick(data)) return [];
  const arrays = isPlainObject(data) ? Object.keys(data).filter((key) => Array.isArray(data[key]) && (data[key] as unknown[]).length > SLICE) : [];
  if (arrays.length === 0) return capped(problemsOf(validate.thorough, data, data, file, root));
  const record = data as Record<string, unknown>;
  const byPath = new Map<string, ScheduleProblem>();
  // One array at a time, the others cut to their first slice (whose positions are right as they are).
  for (const key of arrays) {
    const all = record[key] as unknown[];
    for (let start = 0; start < all.length && byPath.size <= MAX_PROBLEMS; start += SLICE) {
      const slice = { ...record };
      for (const other of arrays) slice[other] = (record[other] as unknown[]).slice(0, SLICE);
      slice[key] = all.slice(start, start + SLICE);
      const errors = validate.thorough(slice) ? [] : (validate.thorough.errors ?? []);
      const shifted = errors.map((error) => ({ ...error, instancePath: shiftIndex(error.instancePath, key, start) }));
      for (const problem of problemsOf(undefined, shifted, data, file, root)) if (!byPath.has(problem.path)) byPath.set(problem.path, problem);
    }
  }
  return capped([...byPath.values()]);
}

function problemsOf(validate: ValidateFunction | undefined, input: unknown, data: unknown, file: string, root: string): ScheduleProblem[] {
  const errors = validate ? (validate(input) ? [] : (validate.errors ?? [])) : (input as ErrorObject[]);
  return describeErrors(errors, data, file, root);
}

/** `/items/3/removal` in a slice starting at 128 is `/items/131/removal` in the file. */
function shiftIndex(pointer: string, array: string, offset: number): string {
  const [, key, index, ...rest] = pointer.split('/');
  if (key === undefined || index === undefined || unescapePointer(key) !== array || !/^\d+$/.test(index)) return pointer;
  return ['', key, String(Number(index) + offset), ...rest].join('/');
}

function capped(problems: ScheduleProblem[]): ScheduleProblem[] {
  return problems.slice(0, MAX_PROBLEMS + 1);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
