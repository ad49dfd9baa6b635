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
  if (!sameValue(expected, found)) {
    const [e, f] = shortPair(JSON.stringify(expected) ?? 'undefined', JSON.stringify(found) ?? 'undefined');
    out.push({ pointer, kind: `changed (expected ${e}, found ${f})`, at: 'value' });
  }
  return out;
}

const MAX = 80;
/** How much common text to keep before the first difference when both sides must be cut. */
const LEAD = 20;

/**
 * Both renderings cut to at most 80 code units. When they share a long prefix, both windows start
 * shortly before the first differing character, so the cut never hides the change itself.
 */
export function shortPair(a: string, b: string): [string, string] {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = i > MAX - LEAD ? i - LEAD : 0;
  const cut = (s: string): string => {
    const head = from > 0 ? '…' + s.slice(from) : s;
    return head.length <= MAX ? head : head.slice(0, MAX - 1) + '…';
  };
  return [cut(a), cut(b)];
}

/** The first 1-based line on which two texts differ (they are known to differ). */
export function firstDifferentLine(a: string, b: string): number {
  const la = a.split('\n');
  const lb = b.split('\n');
  let i = 0;
  while (i < la.length && i < lb.length && la[i] === lb[i]) i++;
  return i + 1;
}
