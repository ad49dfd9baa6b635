/** One measured process: wall time, CPU time (user + system) and peak resident memory. */
export interface Sample {
  wallMs: number;
  cpuMs: number;
  rssMiB: number;
}

export interface Spread {
  median: number;
  min: number;
  max: number;
  runs: number[];
}

export interface Summary {
  wallMs: Spread;
  cpuMs: Spread;
  rssMiB: Spread;
}

function spread(xs: readonly number[]): Spread {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median: round(median), min: round(sorted[0]!), max: round(sorted.at(-1)!), runs: xs.map(round) };
}

const round = (x: number): number => Math.round(x * 10) / 10;

export function summarise(samples: readonly Sample[]): Summary {
  if (samples.length === 0) throw new Error('no samples');
  return {
    wallMs: spread(samples.map((s) => s.wallMs)),
    cpuMs: spread(samples.map((s) => s.cpuMs)),
    rssMiB: spread(samples.map((s) => s.rssMiB)),
  };
}

const cell = (s: Spread, digits = 0): string =>
  `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;

interface Row {
  scale: number;
  floor: Summary & { inProcessMs: number };
  warm: Summary;
  edited: Summary;
  cold: Summary;
  warmFull: Summary;
  edit: string;
  watch: { recheckMs: Spread; gates: string[] };
}

/** The human table: one row per measured case, medians with min–max, then each target. */
export function formatTable(
  results: readonly Row[],
  targets: Record<string, { measured: number; limit: number; met: boolean }>,
): string[] {
  const rows: string[][] = [['scale', 'what', 'wall ms', 'cpu ms', 'peak RSS MiB']];
  for (const r of results) {
    const row = (what: string, s: Summary): string[] => [
      String(r.scale),
      what,
      cell(s.wallMs),
      cell(s.cpuMs),
      cell(s.rssMiB, 1),
    ];
    rows.push(row(`floor (read + split; ${Math.round(r.floor.inProcessMs)} ms in-process)`, r.floor));
    rows.push(row('check core-budget normative-home scenario-majors, warm cache', r.warm));
    rows.push(row(`  … after editing ${r.edit}`, r.edited));
    rows.push(row('check (all gates), cold: no cache', r.cold));
    rows.push(row('check (all gates), warm cache', r.warmFull));
    // `--no-watch` measures no re-check: no row rather than a row of NaN.
    if (!Number.isNaN(r.watch.recheckMs.median))
      rows.push([
        String(r.scale),
        `watch re-check (${r.watch.gates.join(', ') || 'no gate'})`,
        cell(r.watch.recheckMs, 1),
        '',
        '',
      ]);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const lines = rows.map((row) =>
    row
      .map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd(),
  );
  lines.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  lines.push('', 'targets:');
  for (const [k, t] of Object.entries(targets))
    lines.push(`  ${k} = ${t.measured.toFixed(3)} (limit ${t.limit}): ${t.met ? 'met' : 'NOT met'}`);
  return lines;
}
