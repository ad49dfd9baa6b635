// Loads the corpus schemas and compiles them the way the schemas gate does: Ajv 8, draft 2020-12,
// strict (strictTypes off: the table's `properties` carry no `type`), formats on. Every call makes a
// fresh Ajv, so a sabotaged copy never shares a cache with the real schema.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const schemaPath = (name: string): string => join(repoRoot, 'schemas', 'v2', `${name}.schema.json`);

export type SchemaName = 'tool-descriptor' | 'compact-tool-descriptor';

export const loadSchema = (name: SchemaName): Record<string, unknown> =>
  JSON.parse(readFileSync(schemaPath(name), 'utf8')) as Record<string, unknown>;

export function compile(schema: object, opts: { allErrors?: boolean } = {}): ValidateFunction {
  const ajv = new Ajv2020({ strict: true, strictTypes: false, allErrors: opts.allErrors ?? false });
  addFormats.default(ajv);
  return ajv.compile(schema);
}

/** Validates and returns Ajv's errors as `keyword@instancePath` strings (empty when valid). */
export function errorsOf(validate: ValidateFunction, value: unknown): string[] {
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.keyword}@${e.instancePath}`);
}
