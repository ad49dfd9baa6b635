// Small helpers over parsed JSON values. Objects keep their insertion order, which is the order the
// generated document is rendered in (GATES.md §4.6).

export type JsonObject = Record<string, unknown>;

export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

export const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** The member `key` of `obj` if it is its own: a key from input never reaches `Object.prototype` (`constructor`, `toString`…). */
export const own = (obj: JsonObject, key: string): unknown => (Object.hasOwn(obj, key) ? obj[key] : undefined);

/** Sets member `key` as an own property, also for `__proto__` (plain assignment would set the prototype instead). */
export function setOwn(obj: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A deep copy of a JSON value (key order kept). */
export function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** Structural equality that ignores key order (order is compared separately where it matters). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && sameValue(a[k], b[k]));
  }
  return false;
}

/** A JSON rendering cut to at most `max` UTF-16 code units, ending in "…" when cut. */
export function shortJson(value: unknown, max = 80): string {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length <= max ? text : text.slice(0, max - 1) + '…';
}

/** The value at a JSON pointer's tokens, or undefined. */
export function valueAt(root: unknown, tokens: readonly string[]): unknown {
  let node = root;
  for (const t of tokens) {
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(t)) return undefined;
      node = node[Number(t)];
    } else if (isObject(node)) {
      if (!Object.hasOwn(node, t)) return undefined;
      node = node[t];
    } else return undefined;
  }
  return node;
}

/** "a, b, c" */
export const list = (items: readonly string[]): string => items.join(', ');
