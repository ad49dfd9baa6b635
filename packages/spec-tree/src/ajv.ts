import { createRequire } from 'node:module';
import { escapePointerToken as escape } from './json.js';
import type { Ajv2020, ErrorObject, Options } from 'ajv/dist/2020.js';

export type Ajv = Ajv2020;
export type { ErrorObject };

const require = createRequire(import.meta.url);

/**
 * An Ajv instance for JSON Schema draft 2020-12: strict, all errors, formats on. Loaded on first use
 * so a run that validates nothing does not pay for Ajv.
 */
export function createAjv(options: Options = {}): Ajv {
  const Ajv2020 = require('ajv/dist/2020.js') as { default: new (o: Options) => Ajv };
  const addFormats = require('ajv-formats') as { default: (ajv: Ajv) => Ajv };
  const ajv = new Ajv2020.default({ strict: true, allErrors: true, ...options });
  addFormats.default(ajv);
  return ajv;
}

/** The JSON pointer an Ajv error is about: the offending member for additionalProperties and required. */
export function errorPointer(err: ErrorObject): string {
  const params = err.params as Record<string, unknown>;
  if (err.keyword === 'additionalProperties' && typeof params['additionalProperty'] === 'string') {
    return `${err.instancePath}/${escape(params['additionalProperty'])}`;
  }
  if (err.keyword === 'unevaluatedProperties' && typeof params['unevaluatedProperty'] === 'string') {
    return `${err.instancePath}/${escape(params['unevaluatedProperty'])}`;
  }
  return err.instancePath;
}

/** A one-line message for an Ajv error, naming what was expected. */
export function errorMessage(err: ErrorObject): string {
  const params = err.params as Record<string, unknown>;
  switch (err.keyword) {
    case 'additionalProperties':
      return `unknown property "${String(params['additionalProperty'])}" (the schema is closed here)`;
    case 'required':
      return `missing required property "${String(params['missingProperty'])}"`;
    case 'enum':
      return `${err.message ?? 'must be one of the allowed values'}: ${JSON.stringify(params['allowedValues'])}`;
    case 'const':
      return `must equal ${JSON.stringify(params['allowedValue'])}`;
    default:
      return err.message ?? err.keyword;
  }
}
