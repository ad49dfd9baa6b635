/**
 * Inputs and candidates longer than this get no suggestion: a did-you-mean is for names and paths
 * someone typed, and the edit distance costs time in the product of the two lengths (two strings
 * of 32,000 characters: about 20 s).
 */
export const MAX_SUGGEST_LENGTH = 256;

/**
 * The Levenshtein distance of `a` and `b` if it is at most `cap`, else `cap + 1`: only the band of
 * cells within `cap` of the diagonal is computed, and the computation stops at the first row whose
 * every cell is over `cap`.
 */
function distanceWithin(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  const over = cap + 1;
  let prev = new Array<number>(b.length + 1);
  let cur = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j <= cap ? j : over;
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - cap);
    const to = Math.min(b.length, i + cap);
    // The cells just outside the band are over the cap: the next row reads them.
    cur[0] = i <= cap ? i : over;
    if (from > 1) cur[from - 1] = over;
    if (to < b.length) cur[to + 1] = over;
    let best = cur[0];
    for (let j = from; j <= to; j++) {
      const d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur[j] = Math.min(d, over);
      if (cur[j]! < best) best = cur[j]!;
    }
    if (best > cap) return over;
    [prev, cur] = [cur, prev];
  }
  return Math.min(prev[b.length]!, over);
}

/**
 * The nearest candidate within a small edit distance, or undefined. Ties go to the first candidate.
 * A candidate that shares no character position with a short input (every letter replaced) is no
 * near miss, however small the distance. Nothing is suggested for an input longer than
 * MAX_SUGGEST_LENGTH, nor is such a candidate.
 */
export function nearest(input: string, candidates: readonly string[]): string | undefined {
  if (input.length > MAX_SUGGEST_LENGTH) return undefined;
  const limit = Math.min(Math.max(2, Math.floor(input.length / 3)), input.length - 1);
  if (limit < 0) return undefined;
  let best: string | undefined;
  let bestScore = limit + 1;
  for (const c of candidates) {
    if (c.length > MAX_SUGGEST_LENGTH) continue;
    // Only a strictly smaller distance displaces the best so far.
    const d = distanceWithin(input, c, bestScore - 1);
    if (d < bestScore) {
      best = c;
      bestScore = d;
      if (d === 0) break;
    }
  }
  return best;
}
