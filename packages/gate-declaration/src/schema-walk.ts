import { escapePointerToken, isRecord, valueAt } from '@openwop-spec/json';
import type { JsonObject } from './json-value.js';

export interface RowFields {
  /** Pointer of the row schema in declaration.schema.json. */
  pointer: string;
  fields: Set<string>;
}

const BRANCHES = ['oneOf', 'anyOf', 'allOf'] as const;

/**
 * Finds the row schema at `path` of a JSON Schema (directly, or as a oneOf/anyOf/allOf branch,
 * following local `$ref`s) for which `isRow` holds, and lists the properties it declares, including
 * those of its own allOf members.
 */
export function schemaRowFields(
  schema: unknown,
  path: readonly string[],
  isRow: (s: JsonObject) => boolean,
): RowFields | undefined {
  const deref = (node: unknown, pointer: string, depth = 0): [unknown, string] => {
    if (depth < 16 && isRecord(node) && typeof node['$ref'] === 'string' && node['$ref'].startsWith('#')) {
      const target = node['$ref'].slice(1);
      try {
        return deref(valueAt(schema, decodeURIComponent(target)), target, depth + 1);
      } catch {
        return [node, pointer];
      }
    }
    return [node, pointer];
  };
  const candidates = (node: unknown, pointer: string, depth = 0): Array<[JsonObject, string]> => {
    const [n, p] = deref(node, pointer);
    if (!isRecord(n) || depth > 8) return [];
    const out: Array<[JsonObject, string]> = [[n, p]];
    for (const kw of BRANCHES) {
      const list = n[kw];
      if (Array.isArray(list)) list.forEach((b, i) => out.push(...candidates(b, `${p}/${kw}/${i}`, depth + 1)));
    }
    return out;
  };
  const start = '/' + path.map(escapePointerToken).join('/');
  for (const [row, pointer] of candidates(valueAt(schema, path), start)) {
    if (!isRow(row) || !isRecord(row['properties'])) continue;
    const fields = new Set(Object.keys(row['properties']));
    const allOf = row['allOf'];
    if (Array.isArray(allOf)) {
      allOf.forEach((m, i) => {
        const [member] = deref(m, `${pointer}/allOf/${i}`);
        if (isRecord(member) && isRecord(member['properties']))
          for (const k of Object.keys(member['properties'])) fields.add(k);
      });
    }
    return { pointer: `${pointer}/properties`, fields };
  }
  return undefined;
}
