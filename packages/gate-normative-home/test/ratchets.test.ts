import { afterEach, describe, expect, it } from 'vitest';
import {
  BASELINE,
  DECLARATION,
  EOS,
  cleanup,
  ids,
  lines,
  rfc0204Tree,
  run,
  tree0204,
  withBaseline,
  withFamily,
} from './helpers.js';

afterEach(cleanup);

const v1Forms = '# Forms\n\n> **Status: Stable · v1.1.**\n\nA host MUST render `forms` as declared.\n';

describe('ratchets', () => {
  it('a new undeclared family grows undeclared and the total open debt', async () => {
    const r = await run(
      tree0204('after', { [DECLARATION]: withFamily('after', 'forms', (row) => delete row['normativeText']) }),
    );
    expect(lines(r).slice(-3)).toEqual([
      '',
      '  FAIL — a ratchet grew: undeclared 0 -> 1 (a core family with no declared home is new debt); total open debt 41 -> 42.',
      '  Point normativeText outside spec/v1/; a ratchet only moves down, by lowering the baseline.',
    ]);
    expect(r.diagnostics.map((d) => [d.ruleId, d.file, d.start?.line])).toEqual([['home/ratchet-grew', BASELINE, 6]]);
  });

  it('a resolved family moving to spec/v1/ grows the total open debt and must be carried', async () => {
    const r = await run(
      tree0204('after', {
        [DECLARATION]: withFamily('after', 'forms', (row) => (row['normativeText'] = ['spec/v1/forms.md'])),
        'spec/v1/forms.md': v1Forms,
      }),
    );
    expect(ids(r)).toEqual(['home/v1carried-missing', 'home/ratchet-grew']);
    expect(lines(r)).toContain('    forms: v1-dependent but NOT listed — the fallback would not cover it');
    expect(lines(r)).toContain('  FAIL — a ratchet grew: total open debt 41 -> 42.');
    expect(r.diagnostics[1]!.start?.line).toBe(5);
  });

  it('any other difference must be banked: Improved, with the facets term when it changed', async () => {
    const r = await run(withBaseline('after', (b) => (b['facetsUncovered'] = 3)));
    expect(lines(r).slice(-3)).toEqual([
      '',
      '  Improved: v1-dependent 41 -> 41, undeclared 0 -> 0, facetsUncovered 3 -> 0.',
      '  Lower the baseline in docs/normative-home-baseline.json so the gain is held.',
    ]);
    expect(r.diagnostics.map((d) => [d.ruleId, d.severity, d.start?.line])).toEqual([
      ['home/baseline-improved', 'error', 7],
    ]);
  });

  it('equality is required exactly; a matching baseline passes', async () => {
    expect((await run(tree0204('after'))).exitCode).toBe(0);
  });
});

describe('v1Carried equality', () => {
  it('lists missing keys (declaration order) before stale ones (file order), each an error at its pointer', async () => {
    const r = await run(
      withBaseline('after', (b) => {
        const carried = (b['v1Carried'] as string[]).filter((k) => k !== 'toolHooks' && k !== 'oauth');
        carried.push('forms', 'packs');
        b['v1Carried'] = carried;
      }),
    );
    expect(lines(r).slice(3, 11)).toEqual([
      '  0 famil(ies) have NO declared home; 41 declare one that dies with v1.',
      '',
      '  FAIL — docs/normative-home-baseline.json `v1Carried` does not match the',
      '  computed v1-dependent set, and `v1Carried` is what the RFC 0189 §D fallback covers:',
      '    toolHooks: v1-dependent but NOT listed — the fallback would not cover it',
      '    oauth: v1-dependent but NOT listed — the fallback would not cover it',
      '    forms: listed but no longer v1-dependent — remove it',
      '    packs: listed but no longer v1-dependent — remove it',
    ]);
    expect(r.diagnostics.map((d) => [d.ruleId, d.start?.line])).toEqual([
      ['home/v1carried-missing', 30],
      ['home/v1carried-missing', 30],
      ['home/v1carried-stale', 70],
      ['home/v1carried-stale', 71],
    ]);
    expect(r.diagnostics[0]!.related?.[0]?.file).toMatch(/^spec\/v1\//);
  });

  it('runs even when the EOS date is unknown', async () => {
    const files = withBaseline('after', (b) => (b['v1Carried'] = [...(b['v1Carried'] as string[]), 'toolCatalog']));
    files[EOS] = '{"endOfSupportNotBefore": null}';
    const r = await run(files);
    expect(ids(r)).toEqual(['home/v1carried-stale']);
  });

  it('the fixture’s v1Carried is the §2.12 set', () => {
    expect([...(rfc0204Tree('after').baseline['v1Carried'] as string[])].sort()).toHaveLength(41);
  });
});
