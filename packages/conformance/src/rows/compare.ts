// A deterministic description of the first difference between two JSON values, so a failing row
// says where the host's value departs from what the server sent and what was expected there.
import { isDeepStrictEqual } from 'node:util';
import { parsePointer } from '@openwop-spec/json';

const kind = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const member = (path: string, key: string): string =>
  /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;

/** The JSON path (`$.tools[0]["io.x/y"]`) of a JSON pointer. */
export function jsonPathOf(pointer: string): string {
  let path = '$';
  for (const token of parsePointer(pointer))
    path = /^(0|[1-9]\d*)$/.test(token) ? `${path}[${token}]` : member(path, token);
  return path;
}

const SHOWN = 60;

/**
 * A value as a reason shows it: a scalar as JSON (cut at 60 characters), an object or array by its
 * kind and size. The run redacts the suite's nonces from every reason, so a scalar may carry one.
 */
export function show(value: unknown): string {
  if (value === undefined) return 'absent';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (value !== null && typeof value === 'object') return 'an object';
  const json = JSON.stringify(value);
  return json.length > SHOWN ? `${json.slice(0, SHOWN - 1)}…` : json;
}

/**
 * Where `actual` first differs from `expected` (keys in UTF-16 code-unit order) and what was
 * expected there, e.g. `$._meta is missing; expected an object`, `$.isError is false, expected
 * absent`, `$.tools has 6 items, expected 3`, `$.state is "unreachable", expected "incompatible"`.
 * `undefined` when equal.
 */
export function firstDifference(actual: unknown, expected: unknown, path = '$'): string | undefined {
  if (isDeepStrictEqual(actual, expected)) return undefined;
  if (actual === undefined) return `${path} is missing; expected ${show(expected)}`;
  if (expected === undefined) return `${path} is ${show(actual)}, expected absent`;
  if (kind(actual) !== kind(expected)) return `${path} is ${show(actual)}, expected ${show(expected)}`;
  if (Array.isArray(actual) && Array.isArray(expected)) {
    if (actual.length !== expected.length) return `${path} has ${actual.length} items, expected ${expected.length}`;
    for (let i = 0; i < actual.length; i++) {
      const d = firstDifference(actual[i], expected[i], `${path}[${i}]`);
      if (d !== undefined) return d;
    }
  }
  if (kind(actual) === 'object') {
    const a = actual as Record<string, unknown>;
    const e = expected as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(a), ...Object.keys(e)])].sort();
    for (const key of keys) {
      const d = firstDifference(
        Object.hasOwn(a, key) ? a[key] : undefined,
        Object.hasOwn(e, key) ? e[key] : undefined,
        member(path, key),
      );
      if (d !== undefined) return d;
    }
  }
  return `${path} is ${show(actual)}, expected ${show(expected)}`;
}
