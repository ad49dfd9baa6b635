import { describe, expect, it } from 'vitest';
import { allowedAt } from '@openwop-spec/gate-normative-home';
import { buildReport, renderMarkdown } from '../src/index.js';
import { gate as normativeHome } from '@openwop-spec/gate-normative-home';
import { SpecTree } from '@openwop-spec/spec-tree';
import { createFixture } from '@openwop-spec/spec-tree/testing';
import { BASELINE, budget, history, home, majors, result } from './data.js';
import { EOS, OPEN_AT_T0, T0, files } from './fixture.js';

describe('buildReport', () => {
  it('budget: rows by words (ties by label), total, cap, headroom and how the cap is made', () => {
    const d = buildReport({ today: '2026-12-01', results: [budget], history: { points: [], notes: [] } });
    expect(d.gates).toEqual([{ id: 'core-budget', ok: true, summary: 'core-budget OK' }]);
    expect(d.budget).toEqual({
      rows: [
        { path: 'spec/v2/core/c.md', label: 'core/c.md', words: 900 },
        { path: 'spec/v2/core/a.md', label: 'core/a.md', words: 300 },
        { path: 'spec/v2/core/b.md', label: 'core/b.md', words: 300 },
      ],
      total: 1500,
      cap: 25_600,
      homed: 12,
      headroom: 24_100,
      formula: '25,000 + 200 × (12 homed − 9)',
      history: [{ label: 'today', day: '2026-12-01', words: 1500, cap: 25_600 }],
    });
  });

  it('budget over time: words and cap at each measured commit, oldest first, then today', () => {
    const d = buildReport({ today: '2026-12-01', results: [budget], history });
    expect(d.budget!.history).toEqual([
      { label: 'aaaaaaa', sha: 'a'.repeat(40), subject: 'before t0', day: '2026-09-01', words: 1000, cap: 25_000 },
      { label: 'ccccccc', sha: 'c'.repeat(40), subject: 'third', day: '2026-11-01', words: 1400, cap: 25_600 },
      { label: 'today', day: '2026-12-01', words: 1500, cap: 25_600 },
    ]);
  });

  it('status: today’s families without a v2 home, those carried, the open ones against today’s allowance, and the days to the end of support', () => {
    const d = buildReport({ today: '2026-12-01', results: [home(BASELINE)], history });
    // Four core families, one resolved; b and c are v1-dependent and carried, d is undeclared (open).
    expect(d.status).toEqual({
      unhomed: 3,
      carried: 2,
      open: 1,
      allowed: Math.ceil((4 * 3) / 77),
      eos: '2026-12-04',
      daysLeft: 3,
    });
    const uncarried = buildReport({
      today: '2026-12-01',
      results: [home({ ...BASELINE, v1Carried: ['b'] }, null)],
      history: { points: [], notes: [] },
    });
    expect(uncarried.status).toEqual({ unhomed: 3, carried: 1, open: 1 });
    expect(buildReport({ today: '2026-12-01', results: [budget], history }).status).toBeUndefined();
  });

  it('families: every row with its bucket, homes and facets, and the count per bucket', () => {
    const d = buildReport({ today: '2026-12-01', results: [home(BASELINE)], history: { points: [], notes: [] } });
    expect(d.families!.counts).toEqual({ resolved: 1, 'v1-dependent': 2, undeclared: 1, failing: 0 });
    expect(d.families!.rows.map((r) => [r.key, r.bucket])).toEqual([
      ['a', 'resolved'],
      ['b', 'v1-dependent'],
      ['c', 'v1-dependent'],
      ['d', 'undeclared'],
    ]);
    expect(d.families!.rows[0]!.homes).toEqual([{ path: 'spec/v2/core/a.md', class: 'core', line: 3, column: 23 }]);
  });

  it('burn-down: commits oldest first then today, the allowed line from t0 to the end of support, and unmeasured commits apart', () => {
    const d = buildReport({ today: '2026-12-01', results: [home(BASELINE)], history });
    // 2026-11-02T01:00+02:00 is 2026-11-01 in UTC.
    expect(d.burnDown.points).toEqual([
      { label: 'aaaaaaa', sha: 'a'.repeat(40), subject: 'before t0', day: '2026-09-01', open: 4, unhomed: 4 },
      {
        label: 'ccccccc',
        sha: 'c'.repeat(40),
        subject: 'third',
        day: '2026-11-01',
        open: 1,
        unhomed: 3,
        allowed: Math.ceil((4 * 33) / 77),
      },
      { label: 'today', day: '2026-12-01', open: 1, unhomed: 3, allowed: Math.ceil((4 * 3) / 77) },
    ]);
    expect(d.burnDown.allowed).toEqual([
      { day: '2026-09-18', allowed: 4 },
      { day: '2026-11-01', allowed: 2 },
      { day: '2026-12-01', allowed: 1 },
      { day: '2026-12-04', allowed: 0 },
    ]);
    expect(d.burnDown.unmeasured).toEqual([
      { sha: 'b'.repeat(40), day: '2026-10-01', error: 'spec/v2/declaration.json: not JSON' },
    ]);
    expect([d.burnDown.t0, d.burnDown.openAtT0, d.burnDown.eos, d.burnDown.notes]).toEqual([
      '2026-09-18',
      4,
      '2026-12-04',
      [],
    ]);
    // The chart spans the points and the end of the schedule, not the schedule's start.
    expect(d.burnDown.span).toEqual({ start: '2026-09-01', end: '2026-12-04' });
    expect(
      buildReport({
        today: '2026-12-01',
        results: [home(BASELINE)],
        history: { points: history.points.slice(0, 1), notes: [] },
      }).burnDown.span,
    ).toEqual({ start: '2026-11-01', end: '2026-12-04' });
    expect(
      buildReport({ today: '2026-12-20', results: [home(BASELINE)], history: { points: [], notes: [] } }).burnDown.span,
    ).toEqual({
      start: '2026-12-20',
      end: '2026-12-20',
    });
  });

  it('plots what the gate checks: today’s open and allowed are those of normative-home --deadline, carried families apart', async () => {
    const TODAY = '2026-11-20';
    const seen: Array<[number, number | undefined, number]> = [];
    for (const carry of [(k: string[]) => k, (k: string[]) => k.slice(1)]) {
      const all = files({ core: ['alpha'], undeclared: ['beta'] });
      const baseline = JSON.parse(all['docs/normative-home-baseline.json']!) as { v1Carried: string[] };
      baseline.v1Carried = carry(baseline.v1Carried);
      const fx = createFixture({ ...all, 'docs/normative-home-baseline.json': JSON.stringify(baseline) });
      try {
        const gate = await normativeHome.check(SpecTree.load(fx.root), {
          today: TODAY,
          flags: new Set(['--deadline']),
        });
        const today = buildReport({
          today: TODAY,
          results: [gate],
          history: { points: [], notes: [] },
        }).burnDown.points.at(-1)!;
        const burnDown = (gate.figures['deadline'] as { burnDown: { open: number; allowed: number } }).burnDown;
        expect([today.open, today.allowed]).toEqual([burnDown.open, burnDown.allowed]);
        seen.push([today.open, today.allowed, today.unhomed]);
      } finally {
        fx.remove();
      }
    }
    // beta has no home; gamma, delta and epsilon are v1-dependent, all carried and then one not.
    expect(seen).toEqual([
      [1, allowedAt(TODAY, T0, OPEN_AT_T0, EOS), 4],
      [2, allowedAt(TODAY, T0, OPEN_AT_T0, EOS), 4],
    ]);
  });

  it.each([
    [
      'no end-of-support date',
      BASELINE,
      null,
      'the v1 end-of-support date is unknown (no endOfSupportNotBefore), so there is no allowed line',
    ],
    [
      'no t0 in the baseline',
      { ...BASELINE, t0: undefined },
      '2026-12-04',
      'the normative-home baseline has no t0 and openAtT0, so there is no allowed line',
    ],
    [
      't0 after the end of support',
      { ...BASELINE, t0: '2027-01-01' },
      '2026-12-04',
      't0 2027-01-01 is not before the end of support 2026-12-04, so the schedule has no span',
    ],
  ])('burn-down without a schedule (%s): points, no allowed line, and a note', (_name, baseline, eos, note) => {
    const d = buildReport({ today: '2026-12-01', results: [home(baseline, eos)], history });
    expect(d.burnDown.allowed).toEqual([]);
    expect(d.burnDown.points.every((p) => p.allowed === undefined)).toBe(true);
    expect(d.burnDown.notes).toEqual([note]);
  });

  it('burn-down past the end of support: the gate allows none open, so a later point is held to 0 and the allowed line reaches it', () => {
    const late = {
      points: [{ ...history.points[0]!, date: '2026-12-06T12:00:00Z' }, ...history.points.slice(1)],
      notes: [],
    };
    const d = buildReport({ today: '2026-12-08', results: [home(BASELINE)], history: late });
    expect(d.burnDown.points.map((p) => [p.label, p.day, p.allowed])).toEqual([
      ['aaaaaaa', '2026-09-01', undefined],
      ['ccccccc', '2026-12-06', 0],
      ['today', '2026-12-08', 0],
    ]);
    expect(d.burnDown.allowed.slice(-3)).toEqual([
      { day: '2026-12-04', allowed: 0 },
      { day: '2026-12-06', allowed: 0 },
      { day: '2026-12-08', allowed: 0 },
    ]);
    expect(d.status?.allowed).toBe(0);
  });

  it('burn-down keeps the history’s notes, and says when today has no point', () => {
    const d = buildReport({ today: '2026-12-01', results: [], history: { points: [], notes: ['no git history: …'] } });
    expect(d.burnDown.points).toEqual([]);
    expect(d.burnDown.notes).toEqual([
      'no git history: …',
      'the normative-home gate could not run on the working tree, so today has no point',
    ]);
  });

  it('scenario majors: v1 only, both and v2 only from the counts, and the lint’s reach', () => {
    expect(buildReport({ today: '2026-12-01', results: [majors], history }).majors).toEqual({
      files: 12,
      v1Only: 5,
      both: 5,
      v2Only: 2,
      lint: { files: 7, modules: 34, violations: 0, suppressed: 1 },
    });
  });

  it('findings: every diagnostic per gate, and the line of a gate that stopped on an input error', () => {
    const diagnostic = {
      gate: 'core-budget',
      ruleId: 'budget/over-cap',
      severity: 'error' as const,
      message: 'over',
      file: 'spec/v2/core/',
    };
    const broken = result(
      'normative-home',
      {},
      { ok: false, exitCode: 2, summaryLine: 'openwop-spec normative-home: docs/x.json: not JSON (docs/x.json:1:1)' },
    );
    const d = buildReport({
      today: '2026-12-01',
      results: [result('core-budget', {}, { ok: false, exitCode: 1, diagnostics: [diagnostic] }), broken],
      history,
    });
    expect(d.findings).toEqual([
      { gate: 'core-budget', diagnostics: [diagnostic] },
      {
        gate: 'normative-home',
        error: 'openwop-spec normative-home: docs/x.json: not JSON (docs/x.json:1:1)',
        diagnostics: [],
      },
    ]);
    expect([d.budget, d.families]).toEqual([undefined, undefined]);
  });
});

describe('renderMarkdown', () => {
  it('prints every section as tables, with today’s point, the schedule and the findings', () => {
    const diagnostic = {
      gate: 'normative-home',
      ruleId: 'home/unclaimed',
      severity: 'error' as const,
      message: 'a | b',
      file: 'spec/v2/core/a.md',
      start: { line: 3, column: 3 },
    };
    const h = home(BASELINE);
    const lines = renderMarkdown(
      buildReport({ today: '2026-12-01', results: [budget, { ...h, diagnostics: [diagnostic] }, majors], history }),
    );
    const text = lines.join('\n');
    expect(lines[0]).toBe('## openwop-spec report — 2026-12-01');
    // The status and the findings before any table.
    expect(lines.slice(1, 8)).toEqual([
      '',
      '3 of 3 gates passed.',
      '',
      '**3 families still without a v2 home**; the schedule allows 0 open from 2026-12-04 (in 3 day(s)), the v1 end of support. 1 open today against 1 allowed. Open means no declared home, or v1-dependent and not carried; the 2 families carried by the v1 fallback (v1Carried) are not open, but still need a v2 home before v1 can go.',
      '',
      'Findings: `normative-home` 1 error (listed under Findings below).',
      '',
    ]);
    expect(text).toContain('**1,500** of **25,600** words (headroom 24,100); cap = 25,000 + 200 × (12 homed − 9).');
    expect(text).toContain('| core/c.md | 900 |');
    expect(text).toContain('| v1-dependent | 2 | `b`, `c` |');
    expect(text).toContain('Allowed = ceil(4 × (E − T) / (E − t0)), t0 2026-09-18, v1 end of support E 2026-12-04.');
    expect(text).toContain('| date | commit | open | allowed | without a v2 home |');
    expect(text).toContain('| 2026-11-01 | `ccccccc` third | 1 | 2 | 3 |');
    expect(text).toContain('| 2026-12-01 | today | 1 | 1 | 3 |');
    expect(text).toContain('Not measured: `bbbbbbb` (spec/v2/declaration.json: not JSON).');
    expect(text).toContain('| v2 only | 2 |');
    // A pipe in a message would end the cell early.
    expect(text).toContain('| normative-home | error | spec/v2/core/a.md:3:3 | a \\| b | `home/unclaimed` |');
  });
});
