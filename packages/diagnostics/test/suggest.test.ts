import { describe, expect, it } from 'vitest';
import { MAX_SUGGEST_LENGTH, nearest } from '../src/suggest.js';

describe('nearest', () => {
  it('names a candidate one or two edits away', () => {
    expect(nearest('toolCatalg', ['scheduling', 'toolCatalog'])).toBe('toolCatalog');
    expect(nearest('chek', ['check', 'gen'])).toBe('check');
  });

  it('allows more edits for a longer input', () => {
    expect(nearest('normativeHomeBlocks', ['normativeHomeBlocsx'])).toBe('normativeHomeBlocsx');
    expect(nearest('abcdefghijkl', ['abcdefghwxyz'])).toBe('abcdefghwxyz');
    expect(nearest('abcdefghijkl', ['abcdefgvwxyz'])).toBeUndefined();
  });

  it('does not offer a short candidate whose every letter differs', () => {
    expect(nearest('zz', ['fs'])).toBeUndefined();
    expect(nearest('x', ['y'])).toBeUndefined();
    expect(nearest('fx', ['fs'])).toBe('fs');
  });

  it('gives ties to the first candidate and nothing for no candidates', () => {
    expect(nearest('cat', ['bat', 'hat'])).toBe('bat');
    expect(nearest('cat', [])).toBeUndefined();
  });
});

describe('nearest is bounded by length', () => {
  it('gives the same answer as the full edit distance on every pair of short strings it is shown', () => {
    // The full Levenshtein distance, cell by cell, as a reference.
    const full = (a: string, b: string): number => {
      let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
      for (let i = 1; i <= a.length; i++) {
        const cur = [i];
        for (let j = 1; j <= b.length; j++)
          cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
        prev = cur;
      }
      return prev[b.length]!;
    };
    const reference = (input: string, candidates: string[]): string | undefined => {
      let best: string | undefined;
      let score = Infinity;
      for (const c of candidates) {
        const d = full(input, c);
        if (d < score) [best, score] = [c, d];
      }
      const limit = Math.min(Math.max(2, Math.floor(input.length / 3)), input.length - 1);
      return best !== undefined && score <= limit ? best : undefined;
    };
    const words = [
      '',
      'a',
      'ab',
      'ba',
      'abc',
      'abcd',
      'bcda',
      'toolCatalog',
      'toolCatalg',
      'tolCatalogs',
      'catalogTool',
    ];
    const strings = [...words, 'normativeHomeBlocks', 'normativeHomeBlocsx', 'x'.repeat(40), `${'x'.repeat(39)}y`];
    for (const input of strings)
      expect(
        nearest(
          input,
          strings.filter((s) => s !== input),
        ),
        input,
      ).toBe(
        reference(
          input,
          strings.filter((s) => s !== input),
        ),
      );
  });

  it(`suggests nothing for an input over ${MAX_SUGGEST_LENGTH} characters, and skips candidates that long: a 32,000-character heading against a 32,000-character key costs nothing`, () => {
    const long = 'k'.repeat(32_000);
    expect(nearest(long, [`${long}x`])).toBeUndefined();
    expect(nearest('toolCatalg', [`${long}x`, 'toolCatalog'])).toBe('toolCatalog');
    const edge = 'k'.repeat(MAX_SUGGEST_LENGTH);
    expect(nearest(edge, [`${edge.slice(1)}x`])).toBe(`${edge.slice(1)}x`);
  });
});
