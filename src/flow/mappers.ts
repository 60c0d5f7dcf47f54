import type { TSESTree } from '../ts-eslint-lite.js';
import type { Engine } from './engine.js';
import type { FrameworkModel } from './framework-model.js';
import { builtinValue, EMPTY, type BuiltinValue, type ValueSet } from './values.js';

/**
 * class-transformer: `plainToInstance(CollectionDto, body)` gives instances of a DTO class holding
 * the plain object's properties, so what the code reads from them is what the body held (arrays
 * stay arrays); `instanceToPlain(dto)` gives the data back.
 */
const PLAIN_TO_INSTANCE = new Set(['plainToInstance', 'plainToClass', 'plainToClassFromExist']);
const TO_PLAIN = new Set(['instanceToPlain', 'classToPlain', 'instanceToInstance', 'classToClass']);

function mapperImport(specifier: string, exported: string): ValueSet {
  if (specifier !== 'class-transformer') return EMPTY;
  return PLAIN_TO_INSTANCE.has(exported) || TO_PLAIN.has(exported) ? [builtinValue(`class-transformer.${exported}`)] : EMPTY;
}

function isMapperBuiltin(name: string): boolean {
  return name.startsWith('class-transformer.');
}

function callMapper(_engine: Engine, fn: BuiltinValue, args: readonly ValueSet[], _node: TSESTree.Node): ValueSet {
  const name = fn.name.slice('class-transformer.'.length);
  return (PLAIN_TO_INSTANCE.has(name) ? args[1] : args[0]) ?? EMPTY;
}

export const mapperModel: FrameworkModel = { imports: mapperImport, owns: isMapperBuiltin, call: callMapper };
