import { afterEach, describe, expect, it } from 'vitest';
import {
  BASELINE,
  DECLARATION,
  renderAll,
  withFamily,
  baselineText,
  cleanup,
  fixture,
  render,
  rfc0204Tree,
  run,
  tree0204,
  withBaseline,
} from './helpers.js';
import { gate } from '../src/index.js';

afterEach(cleanup);

const G1 = [
  '=== check-v2-normative-home — does every core family survive v1 EOS? ===',
  '  72 core families: 31 resolved, 41 v1-dependent, 0 undeclared.',
  '  v1 end-of-support not before 2026-12-04 — 73 day(s) from 2026-09-22.',
  '',
  '=== check-v2-normative-home OK — pointers resolve; ratchets at baseline ===',
];

describe('RFC 0204 golden expectations', () => {
  it('G1: the RFC 0204 tree passes with exactly the expected stdout', async () => {
    const out = render(await run(tree0204('after')));
    expect(out).toEqual({ stdout: G1, stderr: [], code: 0 });
  });

  it('G1 under --deadline: the same exit code, plus the burn-down with its formula and what --deadline checked (open = 0)', async () => {
    const out = render(await run(tree0204('after'), { flags: ['--deadline'] }));
    expect(out).toEqual({
      stdout: [
        ...G1.slice(0, 3),
        '  burn-down: 0 open, 63 allowed at this point on the schedule (66 at t0 2026-09-18).',
        '    allowed = ceil(openAtT0 66 × 73 day(s) left / 77 day(s) from t0 to 2026-12-04) = 63',
        '  --deadline (as of 2026-09-22, before end-of-support 2026-12-04) checked: 41 carried famil(ies), 41 v1 home(s) in 20 document(s) against v1Banners — all would be covered; burn-down 0 open ≤ 63 allowed.',
        ...G1.slice(3),
      ],
      stderr: [],
      code: 0,
    });
  });

  it('G2: the baseline not yet lowered prints both blocks (upstream stopped after the first) and 2 errors', async () => {
    const r = await run(tree0204('after', { [BASELINE]: baselineText(rfc0204Tree('before').baseline) }));
    const out = render(r);
    expect(out.code).toBe(1);
    expect(out.stdout).toEqual([
      ...G1.slice(0, 3),
      '',
      '  FAIL — docs/normative-home-baseline.json `v1Carried` does not match the',
      '  computed v1-dependent set, and `v1Carried` is what the RFC 0189 §D fallback covers:',
      '    toolCatalog: listed but no longer v1-dependent — remove it',
      '',
      '  Improved: v1-dependent 42 -> 41, undeclared 0 -> 0.',
      '  Lower the baseline in docs/normative-home-baseline.json so the gain is held.',
    ]);
    expect(out.stderr.at(-1)).toBe('=== check-v2-normative-home FAILED — 2 error(s) ===');
    expect(r.diagnostics.map((d) => [d.ruleId, d.file, d.start?.line])).toEqual([
      ['home/v1carried-stale', BASELINE, expect.any(Number)],
      ['home/v1banners-stale', BASELINE, expect.any(Number)],
      ['home/baseline-improved', BASELINE, 5],
    ]);
  });

  it('G3: toolCatalog removed from v1Carried but v1Dependent still 42 shows only the Improved block', async () => {
    const r = await run(withBaseline('after', (b) => (b['v1Dependent'] = 42)));
    const out = render(r);
    expect(out.code).toBe(1);
    expect(out.stdout).toEqual([
      ...G1.slice(0, 3),
      '',
      '  Improved: v1-dependent 42 -> 41, undeclared 0 -> 0.',
      '  Lower the baseline in docs/normative-home-baseline.json so the gain is held.',
    ]);
    expect(out.stderr.at(-1)).toBe('=== check-v2-normative-home FAILED — 1 error(s) ===');
  });

  it('G4: the pre-0204 tree with its own baseline passes with 30 resolved, 42 v1-dependent', async () => {
    const out = render(await run(tree0204('before')));
    expect(out.code).toBe(0);
    expect(out.stdout[1]).toBe('  72 core families: 30 resolved, 42 v1-dependent, 0 undeclared.');
  });

  it('G5: --write-baseline on the G2 state writes the §2.8 values, and the next run prints G1', async () => {
    const fx = fixture(tree0204('after', { [BASELINE]: baselineText(rfc0204Tree('before').baseline) }));
    const command = gate.commands[0]!;
    const wrote = await command.run(fx.tree(), { today: '2026-09-22', flags: new Set(['--write-baseline']) });
    expect([wrote.exitCode, wrote.summaryLine]).toEqual([
      0,
      'wrote docs/normative-home-baseline.json: v1Dependent 42 -> 41, undeclared 0 -> 0, facetsUncovered 0 -> 0; v1Carried +0 -1; v1Banners +0 -1',
    ]);
    const written = fx.tree().text(BASELINE);
    expect(written).toBe(baselineText(rfc0204Tree('after').baseline));
    const parsed = JSON.parse(written) as Record<string, unknown>;
    expect([
      parsed['v1Dependent'],
      parsed['undeclared'],
      parsed['facetsUncovered'],
      parsed['t0'],
      parsed['openAtT0'],
    ]).toEqual([41, 0, 0, '2026-09-18', 66]);
    expect([(parsed['v1Carried'] as string[]).length, Object.keys(parsed['v1Banners'] as object).length]).toEqual([
      41, 20,
    ]);
    const next = render(await command.run(fx.tree(), { today: '2026-09-22', flags: new Set() }));
    expect(next).toEqual({ stdout: G1, stderr: [], code: 0 });
  });
});

describe('the RFC 0204 transition (issue 5)', () => {
  it('after-tree with the old baseline names toolCatalog as listed but no longer v1-dependent', async () => {
    const r = await run(tree0204('after', { [BASELINE]: baselineText(rfc0204Tree('before').baseline) }));
    expect(r.printout.map((l) => l.text)).toContain('    toolCatalog: listed but no longer v1-dependent — remove it');
  });
  it('with v1Carried fixed but v1Dependent unlowered, the Improved block asks to lower the baseline', async () => {
    const r = await run(withBaseline('after', (b) => (b['v1Dependent'] = 42)));
    expect(r.diagnostics.map((d) => d.ruleId)).toEqual(['home/baseline-improved']);
  });
  it('with the post-0204 baseline it passes, and toolCatalog and mcp are resolved', async () => {
    const r = await run(tree0204('after'));
    const families = r.figures['families'] as Array<{ key: string; bucket: string }>;
    expect(families.filter((f) => f.key === 'toolCatalog' || f.key === 'mcp').map((f) => f.bucket)).toEqual([
      'resolved',
      'resolved',
    ]);
    expect(r.exitCode).toBe(0);
  });
});

describe('bucket names', () => {
  it('the G1 tree names its 41 v1-dependent families under the counts line, in declaration order, wrapped at 100 columns', async () => {
    const r = await run(tree0204('after'));
    const keys = (r.figures['families'] as Array<{ key: string; bucket: string }>)
      .filter((f) => f.bucket === 'v1-dependent')
      .map((f) => f.key);
    expect(keys).toHaveLength(41);
    const out = renderAll(r).stdout;
    const names = out.slice(
      2,
      out.findIndex((l) => l.startsWith('  v1 end-of-support')),
    );
    expect(out.slice(0, 2)).toEqual(G1.slice(0, 2));
    expect(names[0]!.startsWith('    v1-dependent (41): ')).toBe(true);
    expect(names.slice(1).every((l) => /^ {6}\S/.test(l))).toBe(true);
    expect(names.every((l) => l.length <= 100)).toBe(true);
    expect(names.map((l) => l.trim()).join(' ')).toBe(`v1-dependent (41): ${keys.join(', ')}`);
    // Without the names, G1 is as it was.
    expect(render(r).stdout).toEqual(G1);
    expect(r.figures['buckets']).toEqual({ v1Dependent: keys, undeclared: [], failing: [] });
  });

  it('every bucket that is not resolved and not empty, each on its own lines: v1-dependent, undeclared, failing', async () => {
    const decl = JSON.parse(
      withFamily('after', 'toolCatalog', (row) => (row['normativeText'] = ['spec/v2/core/nowhere.md'])),
    ) as { families: Array<Record<string, unknown>> };
    for (const row of decl.families) if (row['key'] === 'mcp') delete row['normativeText'];
    const r = await run(tree0204('after', { [DECLARATION]: JSON.stringify(decl, null, 2) + '\n' }));
    const figures = r.figures['buckets'] as Record<string, string[]>;
    expect([figures['undeclared'], figures['failing']]).toEqual([['mcp'], ['toolCatalog']]);
    const out = renderAll(r).stdout;
    const at = out.findIndex((l) => l.startsWith('    undeclared'));
    expect(out.slice(at, at + 2)).toEqual(['    undeclared (1): mcp', '    failing (1): toolCatalog']);
    expect(out[at - 1]!.startsWith('      ')).toBe(true); // the end of the wrapped v1-dependent names
  });
});

describe('JSON figures', () => {
  it('carry counts, families with homes (classes, claim positions) and facets, uncovered facets, eos, the baseline and the measured state', async () => {
    const r = await run(tree0204('after'));
    const f = r.figures as Record<string, any>;
    expect(Object.keys(f)).toEqual([
      'counts',
      'buckets',
      'families',
      'facetsUncovered',
      'eos',
      'baseline',
      'measured',
      'open',
    ]);
    expect(f['counts']).toEqual({ core: 72, resolved: 31, v1Dependent: 41, undeclared: 0, failing: 0 });
    expect(f['families'].find((x: any) => x.key === 'mcp')).toEqual({
      key: 'mcp',
      bucket: 'resolved',
      homes: [
        { path: 'spec/v2/core/interop.md', class: 'core', line: 4, column: 23 },
        { path: 'spec/v2/core/host-services.md', class: 'core', line: 4, column: 70 },
      ],
      facets: [
        ...[
          'revisions',
          'preferredVersion',
          'minimumRevision',
          'refreshedAt',
          'profiles',
          'features',
          'serverUrls',
          'serverMount',
          'mrtr',
          'client',
        ].map((name) => ({ name, covered: true })),
      ],
    });
    // A v1 home claims nothing (v1 homes are exempt from the marker), so it has no line.
    expect(f['families'].find((x: any) => x.key === 'kvStorage')).toEqual({
      key: 'kvStorage',
      bucket: 'v1-dependent',
      homes: [{ path: 'spec/v1/host-capabilities.md', class: 'v1' }],
      facets: [{ name: 'maxTtlSeconds', covered: true }],
    });
    expect(f['eos']).toEqual({ date: '2026-12-04', days: 73 });
    expect(f['baseline']).toEqual(rfc0204Tree('after').baseline);
    expect(f['measured']).toMatchObject({ v1Dependent: 41, undeclared: 0, facetsUncovered: 0 });
    expect(f['measured'].v1Carried).toEqual(rfc0204Tree('after').baseline['v1Carried']);
  });
});
