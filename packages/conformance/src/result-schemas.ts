// The corpus schemas of what a ctx.mcp call resolves or rejects with (schemas/v2/mcp-*.schema.json)
// and of the compact view's descriptor (compact-tool-descriptor.schema.json), compiled once per run into one Ajv so their cross-file $refs resolve, and a first error worded for
// a row's reason: the JSON path of the value, what it is, and what the schema expects.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { escapePointerToken, valueAt } from '@openwop-spec/json';
import { createAjv } from '@openwop-spec/spec-tree';
import type { ErrorObject, ValidateFunction } from '@openwop-spec/spec-tree';
import { DEFAULT_SCHEMAS_DIR } from './corpus.js';
import { jsonPathOf, show } from './rows/compare.js';

/** The schemas the rows validate with, by file name without `.schema.json`. */
export type ResultSchemaName =
  | 'mcp-call-tool-result'
  | 'mcp-list-tools-result'
  | 'mcp-read-resource-result'
  | 'mcp-discover-result'
  | 'mcp-server-health'
  | 'mcp-rejection'
  | 'compact-tool-descriptor';

export const RESULT_SCHEMA_NAMES: readonly ResultSchemaName[] = [
  'mcp-call-tool-result',
  'mcp-list-tools-result',
  'mcp-read-resource-result',
  'mcp-discover-result',
  'mcp-server-health',
  'mcp-rejection',
  'compact-tool-descriptor',
];

export interface ResultSchemas {
  /** `undefined` when `value` validates; otherwise its first error, e.g. `$.session is unexpected; …`. */
  check(name: ResultSchemaName, value: unknown): string | undefined;
}

/** One error as a row reports it: where, what was found, what the schema expects. */
export function describeError(error: ErrorObject, value: unknown): string {
  const pointer = error.instancePath;
  const path = jsonPathOf(pointer);
  const at = valueAt(value, pointer);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const member = `${pointer}/${escapePointerToken(String(params['additionalProperty']))}`;
      const allowed = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      return `${jsonPathOf(member)} is ${show(valueAt(value, member))}, expected absent: no member but ${allowed.join(', ')}`;
    }
    case 'required':
      return `${jsonPathOf(`${pointer}/${escapePointerToken(String(params['missingProperty']))}`)} is missing; it is required`;
    case 'enum':
      return `${path} is ${show(at)}, expected one of ${(params['allowedValues'] as unknown[]).map(show).join(', ')}`;
    case 'const':
      return `${path} is ${show(at)}, expected ${show(params['allowedValue'])}`;
    case 'not':
      return `${path} is ${show(at)}, which the schema forbids here`;
    case 'type':
      return `${path} is ${show(at)}, expected ${String(params['type'])}`;
    default:
      return `${path} is ${show(at)}: ${error.message ?? error.keyword}`;
  }
}

/**
 * Loads every `mcp-*.schema.json` under `<schemasDir>/v2` and the compact descriptor's; a missing one of RESULT_SCHEMA_NAMES is
 * an error naming the file. Compiled as the schemas gate compiles (draft 2020-12, strict).
 */
export function loadResultSchemas(schemasDir: string = DEFAULT_SCHEMAS_DIR): ResultSchemas {
  const dir = join(schemasDir, 'v2');
  const ajv = createAjv({ strictTypes: false, strictRequired: false, strictTuples: false, verbose: true });
  const ids = new Map<string, string>();
  const files = readdirSync(dir)
    .filter((f) => (f.startsWith('mcp-') && f.endsWith('.schema.json')) || f === 'compact-tool-descriptor.schema.json')
    .sort();
  for (const file of files) {
    const schema = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { $id?: string };
    ajv.addSchema(schema);
    if (typeof schema.$id === 'string') ids.set(file.slice(0, -'.schema.json'.length), schema.$id);
  }
  const validators = new Map<ResultSchemaName, ValidateFunction>();
  for (const name of RESULT_SCHEMA_NAMES) {
    const id = ids.get(name);
    const validate = id === undefined ? undefined : ajv.getSchema(id);
    if (validate === undefined) throw new Error(`cannot load ${join(dir, `${name}.schema.json`)}`);
    validators.set(name, validate);
  }
  return {
    check(name, value) {
      const validate = validators.get(name)!;
      if (validate(value)) return undefined;
      // `if` errors only say a `then` failed; the `then`'s own error says what.
      const error = (validate.errors ?? []).find((e) => e.keyword !== 'if');
      return error === undefined ? '$ does not validate' : `${describeError(error, value)} (${name}.schema.json)`;
    },
  };
}
