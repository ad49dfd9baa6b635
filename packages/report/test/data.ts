// Gate results and a history shaped like the gates' figures, for the pure parts of the report.
import type { GateResult } from '@openwop-spec/diagnostics';
import type { History } from '../src/index.js';

export const result = (
  gate: string,
  figures: Record<string, unknown>,
  extra: Partial<GateResult> = {},
): GateResult => ({
  gate,
  ok: true,
  exitCode: 0,
  summaryLine: `=== ${gate} OK ===`,
  printout: [],
  figures,
  diagnostics: [],
  ...extra,
});

export const budget = result('core-budget', {
  rows: [
    { path: 'spec/v2/core/b.md', label: 'core/b.md', words: 300, proseWords: 1 },
    { path: 'spec/v2/core/a.md', label: 'core/a.md', words: 300, proseWords: 1 },
    { path: 'spec/v2/core/c.md', label: 'core/c.md', words: 900, proseWords: 1 },
  ],
  total: 1500,
  proseTotal: 3,
  homed: 12,
  cap: 25_600,
  extHomes: [],
});

export const home = (baseline: Record<string, unknown> | null, eos: string | null = '2026-12-04'): GateResult =>
  result('normative-home', {
    counts: { core: 4, resolved: 1, v1Dependent: 2, undeclared: 1, failing: 0 },
    families: [
      {
        key: 'a',
        bucket: 'resolved',
        homes: [{ path: 'spec/v2/core/a.md', class: 'core', line: 3, column: 23 }],
        facets: [{ name: 'size', covered: true }],
      },
      { key: 'b', bucket: 'v1-dependent', homes: [{ path: 'spec/v1/x.md', class: 'v1' }], facets: [] },
      {
        key: 'c',
        bucket: 'v1-dependent',
        homes: [{ path: 'spec/v1/x.md', class: 'v1' }],
        facets: [{ name: 'mode', covered: false }],
      },
      { key: 'd', bucket: 'undeclared', homes: [], facets: [] },
    ],
    facetsUncovered: ['c.mode'],
    eos: eos ? { date: eos, days: 3 } : null,
    baseline,
    measured: {},
    // b and c are carried (BASELINE.v1Carried), so only the undeclared d is open.
    open: 1,
  });

export const majors = result('scenario-majors', {
  stale: false,
  counts: { files: 12, v1: 10, v2: 7 },
  changes: [],
  lint: { files: 7, modules: 34, violations: 0, suppressed: 1 },
});

export const history: History = {
  points: [
    {
      sha: 'c'.repeat(40),
      date: '2026-11-02T01:00:00+02:00',
      subject: 'third',
      figures: { core: 4, resolved: 1, open: 1, unhomed: 3, words: 1400, cap: 25_600 },
    },
    {
      sha: 'b'.repeat(40),
      date: '2026-10-01T12:00:00Z',
      subject: 'second',
      error: 'spec/v2/declaration.json: not JSON',
    },
    {
      sha: 'a'.repeat(40),
      date: '2026-09-01T12:00:00Z',
      subject: 'before t0',
      figures: { core: 4, resolved: 0, open: 4, unhomed: 4, words: 1000, cap: 25_000 },
    },
  ],
  notes: [],
};
export const BASELINE = {
  t0: '2026-09-18',
  openAtT0: 4,
  v1Dependent: 2,
  undeclared: 1,
  facetsUncovered: 1,
  v1Carried: ['b', 'c'],
};
