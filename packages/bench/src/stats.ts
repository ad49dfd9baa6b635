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
  return { wallMs: spread(samples.map((s) => s.wallMs)), cpuMs: spread(samples.map((s) => s.cpuMs)), rssMiB: spread(samples.map((s) => s.rssMiB)) };
}

const cell = (s: Spread, digits = 0): string => `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;

interface Row {
  scale: number;
  check: Summary;
  warm: Summary;
  gates: Record<string, Summary>;
  floor: Summary & { inProcessMs: number };
  watch: { recheckMs: Spread; gates: string[] };
}

/** The human table: one row per measured command, medians with min–max. */
export function formatTable(results: readonly Row[], ratios: Record<string, number | null>): string[] {
  const rows: string[][] = [['scale', 'what', 'wall ms', 'cpu ms', 'peak RSS MiB']];
  for (const r of results) {
    rows.push([String(r.scale), 'check (all gates, cold)', cell(r.check.wallMs), cell(r.check.cpuMs), cell(r.check.rssMiB, 1)]);
    rows.push([String(r.scale), 'check (all gates, warm cache)', cell(r.warm.wallMs), cell(r.warm.cpuMs), cell(r.warm.rssMiB, 1)]);
    for (const [gate, s] of Object.entries(r.gates)) rows.push([String(r.scale), `  check ${gate} (cold)`, cell(s.wallMs), cell(s.cpuMs), cell(s.rssMiB, 1)]);
    rows.push([String(r.scale), `floor (read + split; ${Math.round(r.floor.inProcessMs)} ms in-process)`, cell(r.floor.wallMs), cell(r.floor.cpuMs), cell(r.floor.rssMiB, 1)]);
    rows.push([String(r.scale), `watch re-check (${r.watch.gates.join(', ') || 'no gate'})`, cell(r.watch.recheckMs, 1), '', '']);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const lines = rows.map((row) => row.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ').trimEnd());
  lines.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  lines.push('', 'ratios:');
  for (const [k, v] of Object.entries(ratios)) lines.push(`  ${k} = ${v === null ? 'n/a' : v.toFixed(3)}`);
  return lines;
}
