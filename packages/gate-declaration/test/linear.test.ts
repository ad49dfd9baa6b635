// The work check-declaration does grows with the declaration, not with its square.
import { describe, expect, it, vi } from 'vitest';
import type * as Summary from '../src/summary.js';
import { checkDecl, declaration, generatedFixture, json, toolCatalogRow } from './corpus.js';

const split = vi.hoisted(() => ({ calls: 0 }));
vi.mock('../src/summary.js', async (importOriginal) => {
  const actual = await importOriginal<typeof Summary>();
  return {
    ...actual,
    sections: (text: string) => {
      split.calls++;
      return actual.sections(text);
    },
  };
});

describe('core families without a § heading', () => {
  it('split capabilities.md into sections once, however many stubs are promised', async () => {
    const rows = Array.from({ length: 40 }, (_, i) =>
      toolCatalogRow({ key: `family${i}`, peerDependencyId: `family${i}`, section: `core/capabilities.md#family${i}` }),
    );
    const f = generatedFixture();
    f.write({ 'spec/v2/declaration.json': json(declaration({ families: rows })) });
    split.calls = 0;
    const r = await checkDecl(f.tree());
    const stubs = r.diagnostics.filter((d) => d.ruleId === 'declaration/capabilities-heading' && d.fix);
    expect(stubs.length).toBeGreaterThanOrEqual(40);
    expect(split.calls).toBe(1);
  });
});
