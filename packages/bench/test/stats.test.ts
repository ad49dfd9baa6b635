import { describe, expect, it } from 'vitest';
import { formatTable, summarise } from '../src/stats.js';
import { floor } from '../src/floor.js';
import { createFixture } from '@openwop-spec/spec-tree/testing';

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

  it('prints a table row per case and every target', () => {
    const s = summarise([{ wallMs: 100, cpuMs: 150, rssMiB: 90 }]);
    const lines = formatTable(
      [
        {
          scale: 1,
          floor: { ...s, inProcessMs: 12 },
          warm: s,
          edited: s,
          cold: s,
          warmFull: s,
          edit: 'spec/v2/core/a.md',
          watch: { recheckMs: s.wallMs, gates: ['core-budget'] },
        },
      ],
      {
        scale1WarmOverFloor: { measured: 1.5, limit: 2, met: true },
        scale1ColdSeconds: { measured: 2.25, limit: 2, met: false },
      },
    );
    expect(
      lines.some((l) =>
        /^1\s+check \(all gates\), cold: no cache\s+100 \(100–100\)\s+150 \(150–150\)\s+90\.0 \(90\.0–90\.0\)$/.test(l),
      ),
    ).toBe(true);
    expect(lines.some((l) => l.includes('… after editing spec/v2/core/a.md'))).toBe(true);
    expect(lines).toContain('  scale1WarmOverFloor = 1.500 (limit 2): met');
    expect(lines).toContain('  scale1ColdSeconds = 2.250 (limit 2): NOT met');
    expect(lines.some((l) => l.includes('watch re-check (core-budget)'))).toBe(true);
  });

  it('prints no watch row when no re-check was measured (--no-watch)', () => {
    const s = summarise([{ wallMs: 100, cpuMs: 150, rssMiB: 90 }]);
    const unmeasured = summarise([{ wallMs: Number.NaN, cpuMs: 0, rssMiB: 0 }]);
    const row = { scale: 1, floor: { ...s, inProcessMs: 12 }, warm: s, edited: s, cold: s, warmFull: s, edit: 'a.md' };
    const lines = formatTable([{ ...row, watch: { recheckMs: unmeasured.wallMs, gates: [] } }], {});
    expect(lines.filter((l) => l.startsWith('1 '))).toHaveLength(5);
    expect(lines.join('\n')).not.toMatch(/watch|NaN/);
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
