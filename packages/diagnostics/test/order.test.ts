import { describe, expect, it } from 'vitest';
import { formatGrouped, compareCodeUnits } from '../src/index.js';

describe('formatGrouped', () => {
  it('groups en-US whatever the locale', () => {
    expect(formatGrouped(25828)).toBe('25,828');
    expect(formatGrouped(1234567)).toBe('1,234,567');
    expect(formatGrouped(999)).toBe('999');
    expect(formatGrouped(-4000)).toBe('-4,000');
  });
  it('sorts by code unit', () => {
    expect(['a', 'Z', 'agentMetadata.test.ts', 'agent-roster-shape.test.ts'].sort(compareCodeUnits)).toEqual(['Z', 'a', 'agent-roster-shape.test.ts', 'agentMetadata.test.ts']);
  });
});
