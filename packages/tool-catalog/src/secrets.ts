// RFC 0078 §C.2: a descriptor carries no credential material. A schema that names a secret-bearing
// key is left out of the catalog (for an MCP tool, the pack-facing listTools is unaffected).
import type { ToolDescriptor } from './descriptor.js';
import type { CatalogEvent } from './events.js';

/** Key names that mark a schema as secret-bearing, compared case-insensitively and exactly. */
export const SECRET_KEY_NAMES: readonly string[] = Object.freeze([
  'secret',
  'credential',
  'credentials',
  'token',
  'apikey',
  'password',
]);
const SECRET = new Set(SECRET_KEY_NAMES);

/**
 * Whether any object key anywhere in `value` is a secret name. Every key counts, not only property
 * names, so that no key of the served descriptor can trip a consumer's credential check.
 */
export function usesSecretNames(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(usesSecretNames);
  if (typeof value !== 'object' || value === null) return false;
  for (const [key, child] of Object.entries(value)) {
    if (SECRET.has(key.toLowerCase()) || usesSecretNames(child)) return true;
  }
  return false;
}

/** Deletes from `d` (in place) each schema that names a secret-bearing key, logging each omission. */
export function omitSecretSchemas(d: ToolDescriptor, log?: (e: CatalogEvent) => void): ToolDescriptor {
  for (const key of ['inputSchema', 'outputSchema'] as const) {
    if (d[key] !== undefined && usesSecretNames(d[key])) {
      log?.({
        level: 'info',
        code: 'schema-omitted',
        toolId: d.toolId,
        message: `${d.toolId}: ${key} names a secret-bearing key; omitted`,
      });
      delete d[key];
    }
  }
  return d;
}
