import { describe, expect, it } from 'vitest';
import { compareCodeUnits, formatGrouped, sortDiagnostics } from '../src/index.js';
import { diag } from './fixtures.js';

describe('formatGrouped', () => {
  it('groups en-US whatever the locale', () => {
    expect(formatGrouped(25828)).toBe('25,828');
    expect(formatGrouped(1234567)).toBe('1,234,567');
    expect(formatGrouped(999)).toBe('999');
    expect(formatGrouped(-4000)).toBe('-4,000');
  });
});

describe('compareCodeUnits', () => {
  it('sorts by UTF-16 code unit, not by locale', () => {
    expect(['a', 'Z', 'agentMetadata.test.ts', 'agent-roster-shape.test.ts'].sort(compareCodeUnits)).toEqual([
      'Z',
      'a',
      'agent-roster-shape.test.ts',
      'agentMetadata.test.ts',
    ]);
    // U+FF21 (fullwidth A) is one unit above U+E000; an astral character's high surrogate (U+D83D) is below both.
    expect(['\uFF21', '\uE000', '😀'].sort(compareCodeUnits)).toEqual(['😀', '\uE000', '\uFF21']);
  });
});

describe('sortDiagnostics', () => {
  const cases: Array<{ name: string; input: Array<Parameters<typeof diag>[0]>; order: string[] }> = [
    {
      name: 'file in code-unit order (uppercase first, "-" before letters)',
      input: [
        { ruleId: 'r/a', file: 'b.md', start: { line: 1, column: 1 } },
        { ruleId: 'r/b', file: 'agentMetadata.md', start: { line: 1, column: 1 } },
        { ruleId: 'r/c', file: 'agent-roster.md', start: { line: 1, column: 1 } },
        { ruleId: 'r/d', file: 'Z.md', start: { line: 1, column: 1 } },
      ],
      order: ['r/d', 'r/c', 'r/b', 'r/a'],
    },
    {
      name: 'line and column numerically (2 before 10)',
      input: [
        { ruleId: 'r/a', file: 'a.md', start: { line: 10, column: 1 } },
        { ruleId: 'r/b', file: 'a.md', start: { line: 2, column: 10 } },
        { ruleId: 'r/c', file: 'a.md', start: { line: 2, column: 9 } },
      ],
      order: ['r/c', 'r/b', 'r/a'],
    },
    {
      name: 'rule id breaks ties at one position',
      input: [
        { ruleId: 'home/b', file: 'a.md', start: { line: 3, column: 3 } },
        { ruleId: 'home/A', file: 'a.md', start: { line: 3, column: 3 } },
        { ruleId: 'home/a', file: 'a.md', start: { line: 3, column: 3 } },
      ],
      order: ['home/A', 'home/a', 'home/b'],
    },
    {
      name: 'file-less first, then a file-level finding before positioned ones in that file',
      input: [
        { ruleId: 'r/positioned', file: 'a.md', start: { line: 1, column: 1 } },
        { ruleId: 'r/file-level', file: 'a.md' },
        { ruleId: 'r/no-file' },
      ],
      order: ['r/no-file', 'r/file-level', 'r/positioned'],
    },
  ];
  it.each(cases)('$name', ({ input, order }) => {
    const sorted = sortDiagnostics(input.map(diag));
    expect(sorted.map((d) => d.ruleId)).toEqual(order);
  });

  it('does not mutate its input and is the same for any input order', () => {
    const input = cases[0]!.input.map(diag);
    const copy = [...input];
    const forward = sortDiagnostics(input);
    expect(input).toEqual(copy);
    expect(sortDiagnostics([...input].reverse())).toEqual(forward);
  });
});
