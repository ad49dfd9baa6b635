// Loads the corpus schemas and compiles them with the schemas gate's Ajv (draft 2020-12, strict,
// formats on), strictTypes off: the table's `properties` carry no `type`. Every call makes a
// fresh Ajv, so a sabotaged copy never shares a cache with the real schema.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAjv } from '@openwop-spec/spec-tree';
import type { ValidateFunction } from '@openwop-spec/spec-tree';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const schemaPath = (name: string): string => join(repoRoot, 'schemas', 'v2', `${name}.schema.json`);

export type SchemaName = 'tool-descriptor' | 'compact-tool-descriptor';

export const loadSchema = (name: SchemaName): Record<string, unknown> =>
  JSON.parse(readFileSync(schemaPath(name), 'utf8')) as Record<string, unknown>;

export function compile(schema: object, opts: { allErrors?: boolean } = {}): ValidateFunction {
  return createAjv({ strictTypes: false, allErrors: opts.allErrors ?? false }).compile(schema);
}

/** Validates and returns Ajv's errors as `keyword@instancePath` strings (empty when valid). */
export function errorsOf(validate: ValidateFunction, value: unknown): string[] {
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.keyword}@${e.instancePath}`);
}
