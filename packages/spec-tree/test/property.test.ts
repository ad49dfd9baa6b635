import { describe, expect, it } from 'vitest';
import { cases, seeded } from './property.js';

describe('property-test helpers', () => {
  it('a seed gives the same sequence on every run, another seed another one', () => {
    const draw = (seed: number): number[] => {
      const rand = seeded(seed);
      return Array.from({ length: 8 }, () => rand(1000));
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(11));
    expect(draw(7).every((x) => Number.isInteger(x) && x >= 0 && x < 1000)).toBe(true);
  });

  it('checks the bounded number of cases by default and a hundred times as many under pnpm test:deep', () => {
    expect(cases(400, {})).toBe(400);
    expect(cases(400, { OPENWOP_TEST_DEEP: '1' })).toBe(40_000);
  });
});
