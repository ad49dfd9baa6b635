import { describe, expect, it } from 'vitest';
import { formatTable, summarise, targets } from '../src/stats.js';
import type { ScaleRow, Summary } from '../src/stats.js';
import { largeDocument } from '../src/large-doc.js';
import { floor } from '../src/floor.js';
import { createFixture } from '@openwop-spec/spec-tree/testing';

/** Every case of one scale measured as `s`. */
const row = (s: Summary): ScaleRow => ({
  scale: 1,
  floor: { ...s, inProcessMs: 12 },
  warm: s,
  edited: s,
  cold: s,
  warmFull: s,
  delta: s,
  report: s,
  edit: 'spec/v2/core/a.md',
  commits: 10,
  watch: { recheckMs: s.wallMs, gates: ['core-budget'] },
});

describe('summarise', () => {
  it('gives median, min and max of each measure, odd and even counts', () => {
    const s = summarise([
      { wallMs: 30, cpuMs: 3, rssMiB: 100 },
      { wallMs: 10, cpuMs: 1, rssMiB: 300 },
      { wallMs: 20, cpuMs: 2, rssMiB: 200 },
    ]);
    expect(s.wallMs).toMatchObject({ median: 20, min: 10, max: 30, runs: [30, 10, 20] });
    expect(
      summarise([
        { wallMs: 1, cpuMs: 0, rssMiB: 0 },
        { wallMs: 4, cpuMs: 0, rssMiB: 0 },
      ]).wallMs.median,
    ).toBe(2.5);
    expect(() => summarise([])).toThrow(/no samples/);
  });

  it('prints a table row per case, the large document and every target', () => {
    const s = summarise([{ wallMs: 100, cpuMs: 150, rssMiB: 90 }]);
    const large = { bytes: 5 * 1048576, run: s, exitCode: 2, refusal: 'spec/v2/core/large.md: too large' };
    const lines = formatTable(
      [row(s)],
      large,
      { scale1WarmOverFloor: { limit: 2, wall: 1.5, cpu: 2.5, met: true } },
      'wall',
    );
    expect(
      lines.some((l) =>
        /^1\s+check \(all gates\), cold: no cache\s+100 \(100–100\)\s+150 \(150–150\)\s+90\.0 \(90\.0–90\.0\)$/.test(l),
      ),
    ).toBe(true);
    for (const what of [
      '… after editing spec/v2/core/a.md',
      'delta --base HEAD~1 (one document changed), warm cache',
      'report, warm cache, no history cache (10 commits)',
      'watch re-check (core-budget)',
      'check core-budget, one 5.0 MiB core document: refused (exit 2)',
    ])
      expect(
        lines.some((l) => l.includes(what)),
        what,
      ).toBe(true);
    expect(lines).toContain('refused with: spec/v2/core/large.md: too large');
    expect(lines).toContain('targets (judged on wall time):');
    expect(lines).toContain('  scale1WarmOverFloor = 1.500 wall, 2.500 cpu (limit 2): met');
  });

  it('prints no watch row when no re-check was measured (--no-watch)', () => {
    const s = summarise([{ wallMs: 100, cpuMs: 150, rssMiB: 90 }]);
    const unmeasured = summarise([{ wallMs: Number.NaN, cpuMs: 0, rssMiB: 0 }]);
    const lines = formatTable(
      [{ ...row(s), watch: { recheckMs: unmeasured.wallMs, gates: [] } }],
      undefined,
      {},
      'cpu',
    );
    expect(lines.filter((l) => l.startsWith('1 '))).toHaveLength(7);
    expect(lines.join('\n')).not.toMatch(/watch|NaN/);
  });
});

describe('targets', () => {
  /** A summary of one run of `wall` ms and `cpu` ms. */
  const run = (wall: number, cpu = wall, rss = 100) => summarise([{ wallMs: wall, cpuMs: cpu, rssMiB: rss }]);

  it('are ratios of medians of the same run, judged on wall or CPU time', () => {
    const r = {
      ...row(run(0)),
      floor: { ...run(200, 200), inProcessMs: 100 },
      warm: run(300, 500),
      edited: run(330, 520),
      cold: run(2000, 3000),
      warmFull: run(1000, 1000),
      delta: run(2000, 3000),
      report: run(4000, 6000),
    };
    const wall = targets([r], undefined, 'wall');
    expect(wall['scale1DeltaOverWarmFull']).toEqual({ limit: 2.5, wall: 2, cpu: 3, met: true });
    expect(wall['scale1ReportOverWarmFull']).toEqual({ limit: 5, wall: 4, cpu: 6, met: true });
    expect(wall['scale1ColdOverFloor']).toEqual({ limit: 6, wall: 10, cpu: 15, met: false });
    expect(wall['scale1WarmOverFloor']).toEqual({ limit: 2, wall: 1.5, cpu: 2.5, met: true });
    expect(wall['scale1EditedOverWarm']).toEqual({ limit: 1.5, wall: 1.1, cpu: 1.04, met: true });
    const cpu = targets([r], undefined, 'cpu');
    expect([cpu['scale1DeltaOverWarmFull']!.met, cpu['scale1WarmOverFloor']!.met]).toEqual([false, false]);
  });

  it('scale 10 has its own limits and the cold run its memory limit', () => {
    const r = { ...row(run(100)), scale: 10, floor: { ...run(100), inProcessMs: 50 }, cold: run(700, 700, 600) };
    const t = targets([r], undefined, 'wall');
    expect([t['scale10ColdOverFloor']!.limit, t['scale10WarmOverFloor']!.limit]).toEqual([8, 1.4]);
    expect(t['scale10ColdPeakRssMiB']).toEqual({ limit: 512, wall: 600, cpu: 600, met: false });
  });

  it('the large document: met when refused in one line, else within 10 s and 1 GiB', () => {
    const slow = { bytes: 1, run: run(12_000), exitCode: 0 };
    expect(targets([], slow, 'wall')['largeDocumentSeconds']).toEqual({ limit: 10, wall: 12, cpu: 12, met: false });
    expect(targets([], { ...slow, exitCode: 2, refusal: 'x' }, 'wall')['largeDocumentSeconds']!.met).toBe(true);
    expect(targets([], { ...slow, run: run(5000, 5000, 2000) }, 'wall')['largeDocumentSeconds']!.met).toBe(false);
    expect(targets([], { ...slow, run: run(5000, 5000, 500) }, 'wall')['largeDocumentSeconds']!.met).toBe(true);
  });
});

describe('floor', () => {
  it('reads every file (skipping node_modules and .git) and counts words by the budget rule', () => {
    const f = createFixture({
      'a.md': 'one two\u00a0three',
      'd/b.txt': ' x\n',
      'node_modules/x.js': 'skip me',
      '.git/HEAD': 'ref',
    });
    try {
      expect(floor(f.root)).toEqual({ files: 2, bytes: 16, words: 4 });
    } finally {
      f.remove();
    }
  });
});

describe('the large document', () => {
  it('is at least the size asked for, the same for the same seed, and dense with inline code, emphasis and pipes', () => {
    const doc = largeDocument(100_000);
    expect(doc.length).toBeGreaterThanOrEqual(100_000);
    expect(doc.length).toBeLessThan(102_000);
    expect(largeDocument(100_000)).toBe(doc);
    expect(largeDocument(100_000, 'other')).not.toBe(doc);
    const count = (re: RegExp): number => doc.match(re)?.length ?? 0;
    for (const re of [/`[a-z]+\.\d+`/g, /(?<!\*)\*[a-z]+\*(?!\*)/g, /\*\*[a-z]+\*\*/g, / \|/g])
      expect(count(re), String(re)).toBeGreaterThan(doc.length / 1000);
  });
});
