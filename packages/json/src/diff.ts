import { escapePointerToken } from './pointer.js';
import { isRecord } from './record.js';

/** One structural difference between two JSON values, at a pointer into both. */
export type JsonDifference =
  | { pointer: string; change: 'removed'; before: unknown }
  | { pointer: string; change: 'added'; after: unknown }
  | { pointer: string; change: 'changed'; before: unknown; after: unknown }
  /** An object whose shared members are in another order (only with `{ order: true }`). */
  | { pointer: string; change: 'reordered' };

export interface DiffOptions {
  /** Also report objects whose shared keys come in another order (default: order is ignored). */
  order?: boolean;
}

/**
 * Every difference from `before` to `after`, deepest first per branch: a member or element only one
 * side has is `removed` or `added` (with its whole value), a value whose type or scalar differs is
 * `changed`. Objects are walked in `before`'s key order, then `after`'s extra keys in its order;
 * arrays index by index. Members are own properties only.
 */
export function diffJson(before: unknown, after: unknown, options: DiffOptions = {}): JsonDifference[] {
  const out: JsonDifference[] = [];
  const walk = (b: unknown, a: unknown, pointer: string): void => {
    if (isRecord(b) && isRecord(a)) {
      if (options.order) {
        const shared = Object.keys(b).filter((k) => Object.hasOwn(a, k));
        const afterOrder = Object.keys(a).filter((k) => Object.hasOwn(b, k));
        if (shared.some((k, i) => afterOrder[i] !== k)) out.push({ pointer, change: 'reordered' });
      }
      for (const [k, v] of Object.entries(b)) {
        const child = `${pointer}/${escapePointerToken(k)}`;
        if (Object.hasOwn(a, k)) walk(v, a[k], child);
        else out.push({ pointer: child, change: 'removed', before: v });
      }
      for (const [k, v] of Object.entries(a)) {
        if (!Object.hasOwn(b, k))
          out.push({ pointer: `${pointer}/${escapePointerToken(k)}`, change: 'added', after: v });
      }
    } else if (Array.isArray(b) && Array.isArray(a)) {
      const shared = Math.min(b.length, a.length);
      for (let i = 0; i < shared; i++) walk(b[i], a[i], `${pointer}/${i}`);
      for (let i = shared; i < b.length; i++) out.push({ pointer: `${pointer}/${i}`, change: 'removed', before: b[i] });
      for (let i = shared; i < a.length; i++) out.push({ pointer: `${pointer}/${i}`, change: 'added', after: a[i] });
    } else if (b !== a) {
      out.push({ pointer, change: 'changed', before: b, after: a });
    }
  };
  walk(before, after, '');
  return out;
}
