import { afterEach, describe, expect, it } from 'vitest';
import { InputError } from '@openwop-spec/diagnostics';
import type { FixtureEntry } from '@openwop-spec/spec-tree/testing';
import { gate } from '../src/index.js';
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
    expect(result.report.at(-1)?.text).toBe(
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
      expect(result.report.at(-1)?.text).toBe(
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
