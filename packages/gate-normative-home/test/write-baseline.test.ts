import { afterEach, describe, expect, it } from 'vitest';
import { InputError } from '@openwop-spec/diagnostics';
import type { FixtureEntry } from '@openwop-spec/spec-tree/testing';
import { gate } from '../src/index.js';
import { keptTrue } from '../src/banked.js';
import {
  BASELINE,
  DECLARATION,
  baselineText,
  cleanup,
  fixture,
  ids,
  rfc0204Tree,
  tree0204,
  withFamily,
} from './helpers.js';

afterEach(cleanup);

const write = async (files: Record<string, FixtureEntry>, today = '2026-09-22') => {
  const fx = fixture(files);
  const result = await gate.commands[0]!.run(fx.tree(), { today, flags: new Set(['--write-baseline']) });
  const tree = fx.tree();
  const text = tree.exists(BASELINE) ? tree.text(BASELINE) : undefined;
  return { result, text, fx };
};

describe('--write-baseline', () => {
  it('refuses, writing nothing, while the predicate or missing block is non-empty', async () => {
    const files = tree0204('after', {
      [DECLARATION]: withFamily('after', 'toolCatalog', (row) => (row['normativeText'] = ['spec/v2/core/gone.md'])),
    });
    const before = files[BASELINE];
    const { result, text } = await write(files);
    expect([result.exitCode, result.summaryLine, text]).toEqual([
      1,
      '=== check-v2-normative-home FAILED — 1 error(s) ===',
      before,
    ]);
    expect(result.printout.at(-1)?.text).toBe(
      '  --write-baseline refused: nothing was written; fix the errors above first.',
    );
  });

  it('creates a missing baseline: t0 := today, openAtT0 := undeclared, keys in the fixed order', async () => {
    const { result, text } = await write(tree0204('after', { [BASELINE]: null }), '2026-10-01');
    expect(result.exitCode).toBe(0);
    expect(result.summaryLine).toBe(
      'wrote docs/normative-home-baseline.json: v1Dependent none -> 41, undeclared none -> 0, facetsUncovered none -> 0; v1Carried +41 -0; v1Banners +20 -0',
    );
    const parsed = JSON.parse(text!) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual([
      't0',
      'openAtT0',
      'v1Dependent',
      'undeclared',
      'facetsUncovered',
      'v1Banners',
      'v1Carried',
    ]);
    expect([parsed['t0'], parsed['openAtT0']]).toEqual(['2026-10-01', 0]);
    expect(text).toBe(JSON.stringify(parsed, null, 2) + '\n');
    expect(parsed['v1Carried']).toEqual(rfc0204Tree('after').baseline['v1Carried']);
    expect(parsed['v1Banners']).toEqual(rfc0204Tree('after').baseline['v1Banners']);
  });

  it('keeps the existing key order and $ keys, appends missing keys, and does not invent t0', async () => {
    const b = rfc0204Tree('after').baseline;
    const odd = {
      v1Carried: ['toolHooks'],
      $comment: ['kept', { verbatim: true }],
      undeclared: 3,
      $schema: 'x',
      v1Dependent: 41,
      facetsUncovered: 0,
    };
    const { result, text } = await write(tree0204('after', { [BASELINE]: JSON.stringify(odd) }));
    expect(result.exitCode).toBe(0);
    const parsed = JSON.parse(text!) as Record<string, unknown>;
    expect(Object.keys(parsed)).toEqual([
      'v1Carried',
      '$comment',
      'undeclared',
      '$schema',
      'v1Dependent',
      'facetsUncovered',
      'v1Banners',
    ]);
    expect([parsed['$comment'], parsed['$schema'], parsed['undeclared'], parsed['v1Dependent']]).toEqual([
      ['kept', { verbatim: true }],
      'x',
      0,
      41,
    ]);
    expect(parsed['v1Carried']).toEqual(b['v1Carried']);
    expect(result.summaryLine).toMatch(
      /v1Dependent 41 -> 41, undeclared 3 -> 0, facetsUncovered 0 -> 0; v1Carried \+40 -0; v1Banners \+20 -0$/,
    );
  });

  it('keeps a recorded banner even when it changed, records new paths, and drops unreferenced ones', async () => {
    const b = structuredClone(rfc0204Tree('after').baseline);
    const banners = b['v1Banners'] as Record<string, string>;
    banners['spec/v1/doc-01.md'] = '> **Status: reviewed by hand**';
    delete banners['spec/v1/doc-02.md'];
    banners['spec/v1/retired.md'] = '> **Status: Stable.**';
    const { result, text } = await write(tree0204('after', { [BASELINE]: baselineText(b) }));
    const written = (JSON.parse(text!) as Record<string, Record<string, string>>)['v1Banners']!;
    expect(written['spec/v1/doc-01.md']).toBe('> **Status: reviewed by hand**');
    expect(written['spec/v1/doc-02.md']).toBe(
      (rfc0204Tree('after').baseline['v1Banners'] as Record<string, string>)['spec/v1/doc-02.md'],
    );
    expect(written['spec/v1/retired.md']).toBeUndefined();
    expect(Object.keys(written)).toEqual(Object.keys(written).sort());
    expect(result.summaryLine).toMatch(/v1Banners \+1 -1$/);
  });

  it('a v1 home without a banner gets a warning and no entry', async () => {
    const doc = 'spec/v1/doc-03.md';
    const files = tree0204('after', { [doc]: rfc0204Tree('after').files[doc]!.replace(/^> \*\*Status.*$/m, '') });
    const { result, text } = await write(files);
    expect(result.exitCode).toBe(0);
    expect(result.diagnostics.map((d) => [d.ruleId, d.severity, d.file])).toEqual([
      ['home/baseline-no-banner', 'warning', doc],
    ]);
    expect((JSON.parse(text!) as Record<string, Record<string, string>>)['v1Banners']![doc]).toBeUndefined();
  });

  it('is idempotent: a second write leaves the bytes as they are, says so, and the check passes', async () => {
    const { fx, text } = await write(tree0204('after', { [BASELINE]: baselineText(rfc0204Tree('before').baseline) }));
    const again = await gate.commands[0]!.run(fx.tree(), { today: '2026-09-22', flags: new Set(['--write-baseline']) });
    expect([again.exitCode, again.summaryLine]).toEqual([
      0,
      'docs/normative-home-baseline.json unchanged: v1Dependent 41, undeclared 0, facetsUncovered 0',
    ]);
    expect(fx.tree().text(BASELINE)).toBe(text);
    expect((await gate.check(fx.tree(), { today: '2026-09-22', flags: new Set() })).exitCode).toBe(0);
  });

  it('a baseline that breaks its format is still an input error', async () => {
    await expect(write(tree0204('after', { [BASELINE]: '{"v1Dependent": "x"}' }))).rejects.toThrow(InputError);
  });

  // Class J of the fuzzing report: a duplicated family row made the check fail, yet the writer
  // said "wrote" (the bytes unchanged) and exited 0, and the next run failed.
  it.each([
    [
      'a duplicated family row',
      (decl: { families: Array<Record<string, unknown>> }) =>
        decl.families.push({ ...decl.families.find((f) => f['anchor'] === 'core')! }),
      'home/duplicate-family',
    ],
    [
      'a stray family',
      (decl: { families: unknown[]; profiles?: unknown }) =>
        (decl.profiles = [{ key: 'ghost', anchor: 'core', kind: 'family' }]),
      'home/stray-family',
    ],
  ])(
    'runs the check first and refuses, writing nothing, while the declaration has an error: %s',
    async (_name, edit, ruleId) => {
      const decl = JSON.parse(rfc0204Tree('after').files[DECLARATION]!) as { families: Array<Record<string, unknown>> };
      edit(decl);
      const files = tree0204('after', { [DECLARATION]: JSON.stringify(decl, null, 2) });
      const { result, text } = await write(files);
      expect([result.exitCode, ids(result)]).toEqual([1, [ruleId]]);
      expect(result.printout.at(-1)?.text).toBe(
        '  --write-baseline refused: nothing was written; fix the errors above first.',
      );
      expect(text).toBe(files[BASELINE]);
    },
  );

  it('refuses to raise the baseline when a ratchet grew (a baseline only moves down)', async () => {
    const b = { ...rfc0204Tree('after').baseline, v1Dependent: 30 };
    const files = tree0204('after', { [BASELINE]: baselineText(b) });
    const { result, text } = await write(files);
    expect([result.exitCode, ids(result)]).toEqual([1, ['home/ratchet-grew']]);
    expect(text).toBe(files[BASELINE]);
  });
});

describe('the baseline’s $comment, kept true when banked', () => {
  const REPO_COMMENT =
    'RFC 0189 §D ratchet, read by openwop-spec normative-home. Lowered by RFC 0204: toolCatalog left v1Carried when spec/v2/core/tool-catalog.md became its home (v1Dependent 42 -> 41). A counter only moves down, and every gain is banked here in the change that makes it.';

  it('keptTrue: a sentence quoting a superseded counter change gives way to what this banking changed; the rest is kept', () => {
    const before = { v1Dependent: 41, undeclared: 0, facetsUncovered: 0 };
    const after = { v1Dependent: 40, undeclared: 0, facetsUncovered: 0 };
    expect(keptTrue(REPO_COMMENT, before, after, { left: ['heartbeat'], joined: [] })).toBe(
      'RFC 0189 §D ratchet, read by openwop-spec normative-home. Last banked: v1Dependent 41 -> 40 (heartbeat left v1Carried). A counter only moves down, and every gain is banked here in the change that makes it.',
    );
    // An earlier banking's sentence is superseded by the next one, whatever it quotes.
    const once = keptTrue(REPO_COMMENT, before, after, { left: ['heartbeat'], joined: [] });
    expect(
      keptTrue(once, after, { ...after, v1Dependent: 39, undeclared: 1 }, { left: ['fs', 'cache'], joined: ['x'] }),
    ).toBe(
      'RFC 0189 §D ratchet, read by openwop-spec normative-home. Last banked: v1Dependent 40 -> 39, undeclared 0 -> 1 (fs, cache left v1Carried; x joined it). A counter only moves down, and every gain is banked here in the change that makes it.',
    );
  });

  it('keptTrue: a comment that quotes no counter, or a banking that moves none, leaves it as written', () => {
    const n = { v1Dependent: 41, undeclared: 0, facetsUncovered: 0 };
    expect(keptTrue('RFC 0189 ratchets.', n, { ...n, v1Dependent: 40 }, { left: ['a'], joined: [] })).toBe(
      'RFC 0189 ratchets.',
    );
    expect(keptTrue(REPO_COMMENT, n, n, { left: [], joined: [] })).toBe(REPO_COMMENT);
    // A quoted change that still holds is true: v1Dependent is 41 after this banking too.
    expect(keptTrue(REPO_COMMENT, n, { ...n, facetsUncovered: 1 }, { left: [], joined: [] })).toBe(REPO_COMMENT);
  });

  it('--write-baseline on the G2 state rewrites a comment that quoted the old counter', async () => {
    const files = tree0204('after', {
      [BASELINE]: baselineText({
        ...rfc0204Tree('before').baseline,
        $comment: 'RFC 0189 ratchets. Lowered by RFC 0199 (v1Dependent 43 -> 42).',
      }),
    });
    const { result, text } = await write(files);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(text!).$comment).toBe(
      'RFC 0189 ratchets. Last banked: v1Dependent 42 -> 41 (toolCatalog left v1Carried).',
    );
  });
});
