import { describe, expect, it } from 'vitest';
import { nearest } from '../src/suggest.js';

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
