import { describe, expect, it } from 'vitest';
import { fixClause, ruleCatalog } from '../src/index.js';

const doc = {
  severity: 'error' as const,
  summary: 'S.',
  fail: { says: 'bad', edits: [] },
  pass: { says: 'good', edits: [] },
};
const rules = ruleCatalog('g', {
  'g/plain': { ...doc, fix: 'Run openwop-spec gen.', message: (d: { n: number }) => `${d.n} things are stale` },
  'g/specific': {
    ...doc,
    fix: 'Rename it.',
    message: (d: { key: string }) => `${d.key} is misspelled`,
    hint: (d: { key: string }) => `rename ${d.key} to ${d.key}s`,
  },
});

describe('ruleCatalog', () => {
  it('every finding says how to fix it: the rule’s fix as a clause, or its hint for this finding', () => {
    expect(rules.diagnostic('g/plain', { n: 2 }, {})).toMatchObject({
      message: '2 things are stale',
      hint: 'run openwop-spec gen',
    });
    expect(rules.diagnostic('g/specific', { key: 'mcp' }, {})).toMatchObject({
      message: 'mcp is misspelled',
      hint: 'rename mcp to mcps',
    });
  });

  it('fixClause lowers a leading capital and drops the final period, but keeps an initialism', () => {
    expect(fixClause('Add the key.')).toBe('add the key');
    expect(fixClause('RFC text is history.')).toBe('RFC text is history');
    expect(fixClause('A carried target needs a banner')).toBe('a carried target needs a banner');
  });
});
