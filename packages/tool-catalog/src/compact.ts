// RFC 0112 / tool-catalog.md § Views and sessions: the compact view and the schema-aware walk that decides whether an
// inputSchema may appear in it. compact-tool-descriptor.schema.json states the same rule with a
// recursive $defs; the tests check that the two agree.
import { escapePointerToken, isRecord } from '@openwop-spec/json';
import type { CompactToolDescriptor, ToolDescriptor } from './descriptor.js';

/** Keywords a compact inputSchema may not use anywhere. */
export const COMPACT_FORBIDDEN_KEYWORDS: readonly string[] = Object.freeze([
  '$ref',
  'oneOf',
  'allOf',
  'anyOf',
  'not',
  'patternProperties',
  'dependentSchemas',
]);

// Members of these are names (a property may be called `not`); their values are schemas.
const NAME_MAPS = new Set(['properties', '$defs', 'definitions']);
// Values of these are instance data, not schemas: `{ "const": { "$ref": "x" } }` is fine.
const DATA_KEYWORDS = new Set(['const', 'enum', 'default', 'examples']);
const FORBIDDEN = new Set(COMPACT_FORBIDDEN_KEYWORDS);

export interface CompactViolation {
  /** JSON Pointer (RFC 6901) into the inputSchema. */
  pointer: string;
  problem: 'not-an-object' | 'type-not-object' | 'missing-properties' | 'forbidden-keyword';
  keyword?: string;
}

/**
 * Every reason `schema` is outside the compact subset; empty means it may be served as is.
 * Keywords the walk does not know (vendor extensions) are walked as if they held schemas, so a
 * `$ref` cannot hide inside one.
 */
export function compactInputSchemaViolations(schema: unknown): CompactViolation[] {
  if (!isRecord(schema)) return [{ pointer: '', problem: 'not-an-object' }];
  const out: CompactViolation[] = [];
  if (schema['type'] !== 'object') out.push({ pointer: '/type', problem: 'type-not-object' });
  if (!isRecord(schema['properties'])) out.push({ pointer: '/properties', problem: 'missing-properties' });
  walkValue(schema, '', out);
  return out;
}

export const isCompactInputSchema = (schema: unknown): boolean => compactInputSchemaViolations(schema).length === 0;

function walkValue(value: unknown, pointer: string, out: CompactViolation[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => walkValue(item, `${pointer}/${i}`, out));
    return;
  }
  if (!isRecord(value)) return;
  for (const [key, child] of Object.entries(value)) {
    const at = `${pointer}/${escapePointerToken(key)}`;
    if (FORBIDDEN.has(key)) {
      out.push({ pointer: at, problem: 'forbidden-keyword', keyword: key });
    } else if (NAME_MAPS.has(key)) {
      if (isRecord(child)) {
        for (const [name, sub] of Object.entries(child)) walkValue(sub, `${at}/${escapePointerToken(name)}`, out);
      }
    } else if (!DATA_KEYWORDS.has(key)) {
      walkValue(child, at, out);
    }
  }
}

/**
 * The compact projection of one standard descriptor: identity, tier, title, description, and the
 * inputSchema only if it passes the walk. A failing schema is dropped whole, never rewritten.
 */
export function toCompact(d: ToolDescriptor): CompactToolDescriptor {
  const c: CompactToolDescriptor = { toolId: d.toolId, source: d.source, safetyTier: d.safetyTier };
  if (d.title !== undefined) c.title = d.title;
  if (d.description !== undefined) c.description = d.description;
  if (d.inputSchema !== undefined && isCompactInputSchema(d.inputSchema)) c.inputSchema = d.inputSchema;
  return c;
}
