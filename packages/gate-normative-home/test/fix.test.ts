// The mechanical fixes this gate's findings carry (applied by `check --fix`), and the drift rules
// about v1 documents a family has left.
import { afterEach, describe, expect, it } from 'vitest';
import { fullMessage } from '@openwop-spec/diagnostics';
import type { Diagnostic } from '@openwop-spec/diagnostics';
import { ENCODINGS } from '@openwop-spec/spec-tree/testing';
import {
  BASELINE,
  DECLARATION,
  baselineText,
  cleanup,
  rfc0204Tree,
  run,
  tree0204,
  withBaseline,
  withFamily,
} from './helpers.js';

afterEach(cleanup);

const TC = 'spec/v2/core/tool-catalog.md';
const V1_READS =
  '> **Status: Stable · v1.1.** Normative for v1 hosts; v2 reads it for the family whose declared home it is.';

/** `text` with a finding's edits applied, each checked against what it replaces. */
function applyFix(text: string, d: Diagnostic): string {
  let out = text;
  for (const e of [...(d.fix ?? [])].sort((a, b) => b.start - a.start)) {
    expect(out.slice(e.start, e.end)).toBe(e.before);
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
  }
  return out;
}

const byRule = (ds: readonly Diagnostic[], id: string): Diagnostic => {
  const d = ds.find((x) => x.ruleId === id);
  if (!d) throw new Error(`no ${id} among ${ds.map((x) => x.ruleId).join(', ')}`);
  return d;
};

describe('home/marker-near-miss --fix', () => {
  it('red → green: the colon moved inside the bold text makes the marker claim the family', async () => {
    const text = rfc0204Tree('after').files[TC]!.replace(
      '> **Normative home:** `toolCatalog`.',
      '> **Normative home**: `toolCatalog`.',
    );
    const r = await run(tree0204('after', { [TC]: text }));
    const fixed = applyFix(text, byRule(r.diagnostics, 'home/marker-near-miss'));
    expect(fixed).toBe(rfc0204Tree('after').files[TC]);
    expect((await run(tree0204('after', { [TC]: fixed }))).diagnostics).toEqual([]);
  });

  it('a misplaced marker has no mechanical fix (only its author knows where it belongs)', async () => {
    const text = rfc0204Tree('after').files[TC]! + '\n**Normative home:** `toolCatalog`.\n';
    const r = await run(tree0204('after', { [TC]: text }));
    expect(byRule(r.diagnostics, 'home/marker-near-miss').fix).toBeUndefined();
  });
});

describe('banking the baseline with --fix', () => {
  it('an unbanked gain: baseline-improved and the entries it leaves stale share one rewrite, the bytes --write-baseline writes', async () => {
    const before = baselineText(rfc0204Tree('before').baseline);
    const r = await run(tree0204('after', { [BASELINE]: before }));
    const ids = ['home/baseline-improved', 'home/v1carried-stale', 'home/v1banners-stale'];
    const fixes = ids.map((id) => byRule(r.diagnostics, id).fix);
    expect(fixes[0]).toHaveLength(1);
    expect(fixes[1]).toEqual(fixes[0]);
    expect(fixes[2]).toEqual(fixes[0]);
    expect(applyFix(before, byRule(r.diagnostics, ids[0]!))).toBe(baselineText(rfc0204Tree('after').baseline));
  });

  const v1Forms = '# Forms\n\n> **Status: Stable · v1.0.**\n\nA host advertising `forms` MUST render them.\n';
  const formsInV1 = {
    [DECLARATION]: withFamily('after', 'forms', (row) => (row['normativeText'] = ['spec/v1/forms.md'])),
    'spec/v1/forms.md': v1Forms,
  };

  it('never when a ratchet grew: banking would hide new debt', async () => {
    const baseline = withBaseline('after', (b) => {
      (b['v1Carried'] as string[]).push('forms');
      (b['v1Banners'] as Record<string, string>)['spec/v1/gone.md'] = V1_READS;
    })[BASELINE]!;
    const r = await run(tree0204('after', { ...formsInV1, [BASELINE]: baseline }));
    expect(r.diagnostics.map((d) => d.ruleId).sort()).toEqual(['home/ratchet-grew', 'home/v1banners-stale']);
    expect(r.diagnostics.filter((d) => d.fix !== undefined)).toEqual([]);
  });

  it('never when a v1-dependent family is not carried yet: carrying it is a decision', async () => {
    const r = await run(tree0204('after', { ...formsInV1, [BASELINE]: baselineText(rfc0204Tree('before').baseline) }));
    expect(r.diagnostics.map((d) => d.ruleId)).toEqual(
      expect.arrayContaining(['home/v1carried-missing', 'home/v1carried-stale']),
    );
    expect(r.diagnostics.filter((d) => d.fix !== undefined)).toEqual([]);
    // No finding then says check --fix makes its repair (the gain's own hint once did).
    expect(r.diagnostics.map(fullMessage).filter((m) => m.includes('check --fix'))).toEqual([]);
  });
});

/** The encodings, as [name, encode] rows for it.each. */
const encodings = Object.entries(ENCODINGS);
/** How a whole-file rewrite keeps a file's encoding: its BOM, and CRLF when its first line ends so. */
const like = (name: string, lf: string): string =>
  name === 'bom' ? `\ufeff${lf}` : name === 'crlf' || name === 'mixed' ? lf.replace(/\n/g, '\r\n') : lf;

describe('every fix this gate’s findings promise is made, over each encoding (LF, BOM, CRLF, mixed)', () => {
  it.each(encodings)('home/marker-near-miss in a %s document', async (_name, encode) => {
    const good = rfc0204Tree('after').files[TC]!;
    const text = encode(good.replace('> **Normative home:** `toolCatalog`.', '> **Normative home**: `toolCatalog`.'));
    const r = await run(tree0204('after', { [TC]: text }));
    const fixed = applyFix(text, byRule(r.diagnostics, 'home/marker-near-miss'));
    expect(fixed).toBe(encode(good));
    expect((await run(tree0204('after', { [TC]: fixed }))).diagnostics).toEqual([]);
  });

  it.each(encodings)(
    'home/baseline-improved, home/v1carried-stale and home/v1banners-stale in a %s baseline: one rewrite, the file’s BOM and line endings kept',
    async (name, encode) => {
      const before = encode(baselineText(rfc0204Tree('before').baseline));
      const r = await run(tree0204('after', { [BASELINE]: before }));
      const fixes = ['home/baseline-improved', 'home/v1carried-stale', 'home/v1banners-stale'].map(
        (id) => byRule(r.diagnostics, id).fix,
      );
      expect(fixes[1]).toEqual(fixes[0]);
      expect(fixes[2]).toEqual(fixes[0]);
      const fixed = applyFix(before, byRule(r.diagnostics, 'home/baseline-improved'));
      expect(fixed).toBe(like(name, baselineText(rfc0204Tree('after').baseline)));
      expect((await run(tree0204('after', { [BASELINE]: fixed }))).diagnostics).toEqual([]);
    },
  );
});

describe('home/v1banners-stale', () => {
  it('red: v1Banners records a document that is no family’s v1 home, at its key', async () => {
    const r = await run(
      withBaseline('after', (b) => ((b['v1Banners'] as Record<string, string>)['spec/v1/gone.md'] = V1_READS)),
    );
    expect(r.diagnostics.map((d) => [d.ruleId, d.severity, d.file])).toEqual([
      ['home/v1banners-stale', 'warning', BASELINE],
    ]);
    expect(r.diagnostics[0]!.message).toBe(
      'v1Banners records spec/v1/gone.md, which is no longer the v1 home of any family',
    );
    expect(fullMessage(r.diagnostics[0]!)).toMatch(
      /; remove the entry, or run openwop-spec normative-home --write-baseline \(openwop-spec check --fix does\)$/,
    );
    expect(r.exitCode).toBe(0);
  });

  it('green: every recorded banner belongs to a v1 home', async () => {
    expect((await run(tree0204('after'))).diagnostics).toEqual([]);
  });
});

describe('home/v1-banner-reads', () => {
  const OLD = 'spec/v1/old-home.md';
  it('red: a v1 document no family points at still says v2 reads it, at those words', async () => {
    const r = await run(tree0204('after', { [OLD]: `# Old\n\n${V1_READS}\n\nText.\n` }));
    expect(r.diagnostics.map((d) => [d.ruleId, d.severity, d.file, d.start?.line, d.start?.column])).toEqual([
      ['home/v1-banner-reads', 'warning', OLD, 3, V1_READS.indexOf('v2 reads it') + 1],
    ]);
    expect(r.diagnostics[0]!.message).toBe(
      `${OLD} is the home of no family, but its Status banner still says v2 reads it`,
    );
  });

  it('green: a reworded banner, and a v1 home that says v2 reads it (it does)', async () => {
    const reworded =
      '> **Status: Stable · v1.1.** Normative for v1 hosts. For v2 hosts the home is `spec/v2/core/x.md`.';
    const home = Object.keys(rfc0204Tree('after').files).find((p) => p.startsWith('spec/v1/'))!;
    const text = rfc0204Tree('after').files[home]!.replace(/^> \*\*Status[^\n]*/m, V1_READS);
    expect(text).toContain('v2 reads it');
    expect((await run(tree0204('after', { [OLD]: `# Old\n\n${reworded}\n`, [home]: text }))).diagnostics).toEqual([]);
  });
});
