import type { Point } from '@openwop-spec/diagnostics';
import { InputError } from '@openwop-spec/diagnostics';
import type { JsonDoc } from './json.js';
import { normaliseInside } from './repo-path.js';

export const CONFIG_FILE = 'openwop-spec.config.json';

export interface CorpusPaths {
  spec: string;
  schemas: string;
  docs: string;
  evidence: string;
  conformance: string;
}

export const DEFAULT_PATHS: Readonly<CorpusPaths> = Object.freeze({
  spec: 'spec',
  schemas: 'schemas',
  docs: 'docs',
  evidence: 'evidence',
  conformance: 'conformance',
});

const PATH_KEYS = Object.keys(DEFAULT_PATHS) as (keyof CorpusPaths)[];

/**
 * Reads the (optional) configuration document. The rules mirror openwop-spec.config.schema.json;
 * they are checked by hand because the file is tiny and every run reads it, so loading a schema
 * validator for it would cost more than the whole check.
 */
export function pathsFromConfig(doc: JsonDoc | undefined): CorpusPaths {
  const paths = { ...DEFAULT_PATHS };
  if (!doc) return paths;
  const fail = (message: string, pointer: string): never => {
    const start: Point = doc.locate(pointer).start;
    throw new InputError(`${CONFIG_FILE}: ${message}`, { file: CONFIG_FILE, start });
  };
  const root = doc.value;
  if (typeof root !== 'object' || root === null || Array.isArray(root))
    fail('the configuration must be a JSON object', '');
  for (const [key, value] of Object.entries(root as Record<string, unknown>)) {
    if (key === '$schema' || key === '$comment') {
      if (typeof value !== 'string') fail(`${key} must be a string`, `/${key}`);
    } else if (key !== 'paths' && key !== 'references')
      // `references` is the references gate's, which reads and checks it.
      fail(`unknown key "${key}" (allowed: paths, references, $schema, $comment)`, `/${key}`);
  }
  const given = (root as Record<string, unknown>)['paths'];
  if (given === undefined) return paths;
  if (typeof given !== 'object' || given === null || Array.isArray(given))
    return fail('paths must be an object', '/paths');
  for (const [key, value] of Object.entries(given as Record<string, unknown>)) {
    if (!PATH_KEYS.includes(key as keyof CorpusPaths))
      fail(`unknown path "${key}" (allowed: ${PATH_KEYS.join(', ')})`, `/paths/${key}`);
    if (typeof value !== 'string' || value === '') fail(`paths.${key} must be a non-empty string`, `/paths/${key}`);
    const normal = normaliseInside(value as string);
    if (normal === undefined || normal === '')
      fail(`paths.${key} "${value as string}" must be a relative path inside the repository`, `/paths/${key}`);
    paths[key as keyof CorpusPaths] = normal!;
  }
  return paths;
}
