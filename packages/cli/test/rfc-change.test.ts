// A spec-only change that keeps `pnpm check` green never breaks `pnpm test`: the two changes an RFC
// author makes, applied to copies of this repository's corpus, pass the same corpus-facing tests
// as the repository itself, and move the figures by exactly what they claim.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFamilyWithFacet, copyCorpus, moveToV2Home } from '../../spec-tree/test/corpus-copy.js';
import { CORPUS_GATES, corpusCache, everyGatePasses, figures, runOn } from './corpus-suite.js';
import type { Fixture } from './helpers.js';

const CHANGES = [
  {
    name: 'a v1-dependent family moved to a v2 home',
    apply: (root: string) => moveToV2Home(root).key,
    v1Dependent: -1,
  },
  { name: 'a new family with a facet', apply: (root: string) => addFamilyWithFacet(root).key, v1Dependent: 0 },
];

// Both copies share one fact cache: after the first run, only the documents a change touched are parsed.
const cache = corpusCache();
afterAll(() => cache.remove());

describe.each(CHANGES)('a copy of this repository after $name', ({ apply, v1Dependent }) => {
  let fx: Fixture;
  let before: Awaited<ReturnType<typeof figures>>;
  let key: string;
  beforeAll(async () => {
    fx = copyCorpus();
    before = await figures(fx.root, cache);
    key = apply(fx.root);
    // What the author runs after editing: regenerate, then bank the ratchet's gain.
    expect((await runOn(fx.root, cache, ['gen'])).code).toBe(0);
    const banked = await runOn(fx.root, cache, ['normative-home', '--write-baseline']);
    expect(banked.code, banked.stderr.join('\n')).toBe(0);
  });
  afterAll(() => fx.remove());

  // A copy holds the corpus, not the packages and RFCs its documents cite: the corpus's gates.
  everyGatePasses(() => fx.root, cache, CORPUS_GATES);

  it('is the change it claims: one more homed family, 200 more words of cap, the debt moved by the family', async () => {
    const after = await figures(fx.root, cache);
    expect(after.homed - before.homed).toBe(1);
    expect(after.cap - before.cap).toBe(200);
    expect(after.counts.resolved - before.counts.resolved).toBe(1);
    expect(after.counts.v1Dependent - before.counts.v1Dependent).toBe(v1Dependent);
    const home = await runOn(fx.root, cache, ['check', 'normative-home', '--format', 'json']);
    const families = JSON.parse(home.stdout.join('\n')).gates['normative-home'].figures.families as Array<{
      key: string;
      bucket: string;
    }>;
    expect(families.find((f) => f.key === key)?.bucket).toBe('resolved');
  });
});
