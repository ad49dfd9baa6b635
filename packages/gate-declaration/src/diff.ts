import { escapePointerToken } from '@openwop-spec/spec-tree';
import { isObject, sameValue, shortJson } from './json-value.js';

/** One structural difference between the generated and the committed document (GATES.md §4.7). */
export interface Difference {
  pointer: string;
  kind: string;
  /** Where to point in the committed file: the member key (unexpected members) or the value. */
  at: 'key' | 'value';
}

/**
 * Walks the expected (generated) and found (committed) trees in expected order and lists every
 * difference: missing and unexpected members, changed values, and objects whose shared keys are in
 * another order. Arrays are compared index by index.
 */
export function diffJson(expected: unknown, found: unknown, pointer = '', out: Difference[] = []): Difference[] {
  if (isObject(expected) && isObject(found)) {
    const shared = Object.keys(expected).filter((k) => Object.hasOwn(found, k));
    const foundOrder = Object.keys(found).filter((k) => Object.hasOwn(expected, k));
    if (shared.some((k, i) => foundOrder[i] !== k)) out.push({ pointer, kind: 'key order differs', at: 'value' });
    for (const [k, v] of Object.entries(expected)) {
      const child = `${pointer}/${escapePointerToken(k)}`;
      if (!Object.hasOwn(found, k)) out.push({ pointer: child, kind: `missing (expected ${shortJson(v)})`, at: 'value' });
      else diffJson(v, found[k], child, out);
    }
    for (const k of Object.keys(found)) {
      if (!Object.hasOwn(expected, k)) out.push({ pointer: `${pointer}/${escapePointerToken(k)}`, kind: 'unexpected', at: 'key' });
    }
    return out;
  }
  if (Array.isArray(expected) && Array.isArray(found)) {
    const shared = Math.min(expected.length, found.length);
    for (let i = 0; i < shared; i++) diffJson(expected[i], found[i], `${pointer}/${i}`, out);
    for (let i = shared; i < expected.length; i++) out.push({ pointer: `${pointer}/${i}`, kind: `missing (expected ${shortJson(expected[i])})`, at: 'value' });
    for (let i = shared; i < found.length; i++) out.push({ pointer: `${pointer}/${i}`, kind: 'unexpected', at: 'value' });
    return out;
  }
  if (!sameValue(expected, found)) out.push({ pointer, kind: `changed (expected ${shortJson(expected)}, found ${shortJson(found)})`, at: 'value' });
  return out;
}

/** The first 1-based line on which two texts differ (they are known to differ). */
export function firstDifferentLine(a: string, b: string): number {
  const la = a.split('\n');
  const lb = b.split('\n');
  let i = 0;
  while (i < la.length && i < lb.length && la[i] === lb[i]) i++;
  return i + 1;
}
