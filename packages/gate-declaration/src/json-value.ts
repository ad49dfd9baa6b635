// Small helpers over parsed JSON values. Objects keep their insertion order, which is the order the
// generated document is rendered in.

export type JsonObject = Record<string, unknown>;

export const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');

/** The member `key` of `obj` if it is its own: a key from input never reaches `Object.prototype` (`constructor`, `toString`…). */
export const own = (obj: JsonObject, key: string): unknown => (Object.hasOwn(obj, key) ? obj[key] : undefined);

/** Sets member `key` as an own property, also for `__proto__` (plain assignment would set the prototype instead). */
export function setOwn(obj: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A JSON rendering cut to at most `max` UTF-16 code units, ending in "…" when cut. */
export function shortJson(value: unknown, max = 80): string {
  // JSON.stringify returns undefined for undefined, whatever its type says; String() names it.
  const text = String(JSON.stringify(value));
  return text.length <= max ? text : text.slice(0, max - 1) + '…';
}

/** "a, b, c" */
export const list = (items: readonly string[]): string => items.join(', ');
