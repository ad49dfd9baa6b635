// RFC 0204 §D.13: the catalog is sorted by toolId so an unchanged catalog reads identically.

export type Compare = (a: string, b: string) => number;

/**
 * UTF-16 code-unit order, the order of `<` on strings. Never localeCompare or Intl.Collator: those
 * depend on the process locale and ICU data, and disagree with this order on e.g. `Z` vs `_` vs `a`.
 */
export const codeUnitCompare: Compare = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** A new array sorted by toolId (stable), by `compare` (code-unit order unless a test injects another). */
export const sortByToolId = <T extends { toolId: string }>(
  items: readonly T[],
  compare: Compare = codeUnitCompare,
): T[] => [...items].sort((x, y) => compare(x.toolId, y.toolId));
