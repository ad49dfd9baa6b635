// Which findings of this gate are root causes and which follow from them (see linkCauses).
import { afterEach, describe, expect, it } from 'vitest';
import { linkCauses } from '@openwop-spec/diagnostics';
import type { GateResult } from '@openwop-spec/diagnostics';
import { BASELINE, DECLARATION, baselineText, cleanup, rfc0204Tree, run, tree0204, withFamily } from './helpers.js';

afterEach(cleanup);

const TC = 'spec/v2/core/tool-catalog.md';
/** Each finding's rule id and the rule id of its root cause, if any. */
const causes = (r: GateResult) => linkCauses([r])[0]!.diagnostics.map((d) => [d.ruleId, d.causedBy?.ruleId]);

describe('root causes in normative-home', () => {
  it('a marker near miss is the root cause of the unclaimed home it leaves behind', async () => {
    const text = rfc0204Tree('after').files[TC]!.replace(
      '> **Normative home:** `toolCatalog`.',
      '> **Normative home**: `toolCatalog`.',
    );
    expect(causes(await run(tree0204('after', { [TC]: text })))).toEqual([
      ['home/unclaimed', 'home/marker-near-miss'],
      ['home/marker-near-miss', undefined],
    ]);
  });

  it('an unbanked gain is one root cause: the v1Carried entry it leaves stale follows from it', async () => {
    const r = await run(tree0204('after', { [BASELINE]: baselineText(rfc0204Tree('before').baseline) }));
    expect(causes(r)).toEqual([
      ['home/v1carried-stale', 'home/baseline-improved'],
      ['home/v1banners-stale', 'home/baseline-improved'],
      ['home/baseline-improved', undefined],
    ]);
  });

  it('new v1 debt is one root cause: the v1Carried entry it lacks follows from it', async () => {
    const v1Forms = '# Forms\n\n> **Status: Stable · v1.0.**\n\nA host advertising `forms` MUST render them.\n';
    const r = await run(
      tree0204('after', {
        [DECLARATION]: withFamily('after', 'forms', (row) => (row['normativeText'] = ['spec/v1/forms.md'])),
        'spec/v1/forms.md': v1Forms,
      }),
    );
    expect(causes(r)).toEqual([
      ['home/v1carried-missing', 'home/ratchet-grew'],
      ['home/ratchet-grew', undefined],
    ]);
  });

  it('a facet named in no home is the root cause of the ratchet it grows', async () => {
    const decl = withFamily(
      'after',
      'runList',
      (row) => (row['facets'] = [...(row['facets'] as string[]), 'cursorTtl']),
    );
    expect(causes(await run(tree0204('after', { [DECLARATION]: decl })))).toEqual([
      ['home/facet-uncovered', undefined],
      ['home/ratchet-grew', 'home/facet-uncovered'],
    ]);
  });

  it('a missing home explains every other finding about that path', async () => {
    const decl = withFamily(
      'after',
      'toolCatalog',
      (row) => (row['normativeText'] = ['spec/v2/core/tool-catalogue.md']),
    );
    const r = await run(tree0204('after', { [DECLARATION]: decl }));
    expect(r.diagnostics.map((d) => [d.ruleId, d.explains])).toEqual([
      ['home/missing', ['path:spec/v2/core/tool-catalogue.md']],
    ]);
  });
});

describe('each finding names its fix', () => {
  it('an unbanked gain names openwop-spec normative-home --write-baseline', async () => {
    const r = await run(tree0204('after', { [BASELINE]: baselineText(rfc0204Tree('before').baseline) }));
    expect(r.diagnostics.find((d) => d.ruleId === 'home/baseline-improved')!.hint).toContain(
      'openwop-spec normative-home --write-baseline',
    );
    expect(r.diagnostics.find((d) => d.ruleId === 'home/v1carried-stale')!.hint).toContain(
      'openwop-spec normative-home --write-baseline',
    );
  });

  it('a ratchet grown by a facet named in no home says to name the facet, not to move a home out of spec/v1/', async () => {
    const decl = withFamily(
      'after',
      'runList',
      (row) => (row['facets'] = [...(row['facets'] as string[]), 'cursorTtl']),
    );
    const grew = (await run(tree0204('after', { [DECLARATION]: decl }))).diagnostics.find(
      (d) => d.ruleId === 'home/ratchet-grew',
    )!;
    expect(grew.hint).toMatch(/^name each uncovered facet as `key.facet` in a home of its family/);
    expect(grew.hint).not.toContain('spec/v1/');
  });

  it('a ratchet grown by v1 debt says to give the family a home outside spec/v1/', async () => {
    const v1Forms = '# Forms\n\n> **Status: Stable · v1.0.**\n\nA host advertising `forms` MUST render them.\n';
    const r = await run(
      tree0204('after', {
        [DECLARATION]: withFamily('after', 'forms', (row) => (row['normativeText'] = ['spec/v1/forms.md'])),
        'spec/v1/forms.md': v1Forms,
      }),
    );
    expect(r.diagnostics.find((d) => d.ruleId === 'home/ratchet-grew')!.hint).toMatch(
      /^give the family a home outside spec\/v1\//,
    );
  });
});
