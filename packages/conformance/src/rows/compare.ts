// A deterministic description of the first difference between two JSON values, so a failing row
// says where the host's value departs from what the server sent.
import { isDeepStrictEqual } from 'node:util';

const kind = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const member = (path: string, key: string): string =>
  /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;

/**
 * Where `actual` first differs from `expected` (keys in UTF-16 code-unit order), e.g.
 * `$._meta is missing`, `$.isError is unexpected`, `$.tools has 6 items, expected 3`.
 * Values are never printed: they may carry nonces. `undefined` when equal.
 */
export function firstDifference(actual: unknown, expected: unknown, path = '$'): string | undefined {
  if (isDeepStrictEqual(actual, expected)) return undefined;
  if (actual === undefined) return `${path} is missing`;
  if (kind(actual) !== kind(expected)) return `${path} is ${kind(actual)}, expected ${kind(expected)}`;
  if (Array.isArray(actual) && Array.isArray(expected)) {
    if (actual.length !== expected.length) return `${path} has ${actual.length} items, expected ${expected.length}`;
    for (let i = 0; i < actual.length; i++) {
      const d = firstDifference(actual[i], expected[i], `${path}[${i}]`);
      if (d !== undefined) return d;
    }
    return `${path} differs`;
  }
  if (kind(actual) === 'object') {
    const a = actual as Record<string, unknown>;
    const e = expected as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(a), ...Object.keys(e)])].sort();
    for (const key of keys) {
      if (!Object.hasOwn(a, key)) return `${member(path, key)} is missing`;
      if (!Object.hasOwn(e, key)) return `${member(path, key)} is unexpected`;
      const d = firstDifference(a[key], e[key], member(path, key));
      if (d !== undefined) return d;
    }
    return `${path} differs`;
  }
  return `${path} differs`;
}
