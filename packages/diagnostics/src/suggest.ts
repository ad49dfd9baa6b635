/** Levenshtein distance, for "did you mean" hints. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * The nearest candidate within a small edit distance, or undefined. Ties go to the first candidate.
 * A candidate that shares no character position with a short input (every letter replaced) is no
 * near miss, however small the distance.
 */
export function nearest(input: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    const d = distance(input, c);
    if (d < bestScore) {
      best = c;
      bestScore = d;
    }
  }
  const limit = Math.min(Math.max(2, Math.floor(input.length / 3)), input.length - 1);
  return best !== undefined && bestScore <= limit ? best : undefined;
}
