import { diffJson } from '@openwop-spec/json';
import { shortJson } from './json-value.js';

/** One structural difference between the generated and the committed document. */
export interface Difference {
  pointer: string;
  kind: string;
  /** Where to point in the committed file: the member key (unexpected members) or the value. */
  at: 'key' | 'value';
}

/**
 * Every difference between the expected (generated) and found (committed) trees, in expected order:
 * missing and unexpected members, changed values, and objects whose shared keys are in another order.
 */
export function diffGenerated(expected: unknown, found: unknown): Difference[] {
  return diffJson(expected, found, { order: true }).map((d): Difference => {
    switch (d.change) {
      case 'removed':
        return { pointer: d.pointer, kind: `missing (expected ${shortJson(d.before)})`, at: 'value' };
      case 'added':
        return { pointer: d.pointer, kind: 'unexpected', at: 'key' };
      case 'reordered':
        return { pointer: d.pointer, kind: 'key order differs', at: 'value' };
      case 'changed': {
        const [e, f] = shortPair(String(JSON.stringify(d.before)), String(JSON.stringify(d.after)));
        return { pointer: d.pointer, kind: `changed (expected ${e}, found ${f})`, at: 'value' };
      }
    }
  });
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
