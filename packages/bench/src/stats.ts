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

/** What one scale measured, each case a summary of its interleaved rounds. */
export interface ScaleRow {
  scale: number;
  floor: Summary & { inProcessMs: number };
  /** `check core-budget normative-home scenario-majors`, the fact cache warm. */
  warm: Summary;
  /** The same after one core document was edited. */
  edited: Summary;
  /** `check`, every gate, no fact cache. */
  cold: Summary;
  /** `check`, every gate, the fact cache warm. */
  warmFull: Summary;
  /** `delta --base HEAD~1`: one document changed, the fact cache warm. */
  delta: Summary;
  /** `report` with the fact cache warm and no history cache: every commit of the history measured. */
  report: Summary;
  edit: string;
  commits: number;
  watch: { recheckMs: Spread; gates: string[] };
}

/** `check core-budget` on a tree with one very large core document. */
export interface LargeRow {
  bytes: number;
  run: Summary;
  exitCode: number;
  /** The one line it was refused with, when it was refused (exit 2 and nothing else on stderr). */
  refusal?: string;
}

/** Which time the targets are judged on: wall time, or CPU time when the machine's load makes wall time noise. */
export type Basis = 'wall' | 'cpu';

/** One target: its measure on both times (ratios, or MiB for memory), its limit, and whether it is met on the basis. */
export interface Target {
  limit: number;
  wall: number;
  cpu: number;
  met: boolean;
}

const ratio = (a: Summary, b: Summary): { wall: number; cpu: number } => ({
  wall: Math.round((a.wallMs.median / b.wallMs.median) * 1000) / 1000,
  cpu: Math.round((a.cpuMs.median / b.cpuMs.median) * 1000) / 1000,
});

/**
 * The targets (issue 29; the edited and memory ones from issue 14), each a ratio of two medians
 * measured in the same run: delta and report against a warm full check, cold and warm against the
 * floor, an edit against the warm run; and the large document, refused in one line or within 10 s
 * and 1 GiB.
 */
export function targets(rows: readonly ScaleRow[], large: LargeRow | undefined, basis: Basis): Record<string, Target> {
  const out: Record<string, Target> = {};
  const at = (name: string, measured: { wall: number; cpu: number }, limit: number): void => {
    out[name] = { limit, ...measured, met: measured[basis] <= limit };
  };
  const limits: Partial<Record<number, { cold: number; warm: number; edited: number }>> = {
    1: { cold: 6, warm: 2.0, edited: 1.5 },
    10: { cold: 8, warm: 1.4, edited: 1.25 },
  };
  for (const r of rows) {
    at(`scale${r.scale}DeltaOverWarmFull`, ratio(r.delta, r.warmFull), 2.5);
    at(`scale${r.scale}ReportOverWarmFull`, ratio(r.report, r.warmFull), 5);
    const limit = limits[r.scale];
    if (!limit) continue;
    at(`scale${r.scale}ColdOverFloor`, ratio(r.cold, r.floor), limit.cold);
    at(`scale${r.scale}WarmOverFloor`, ratio(r.warm, r.floor), limit.warm);
    at(`scale${r.scale}EditedOverWarm`, ratio(r.edited, r.warm), limit.edited);
    if (r.scale === 10) {
      const rss = r.cold.rssMiB.max;
      out['scale10ColdPeakRssMiB'] = { limit: 512, wall: rss, cpu: rss, met: rss <= 512 };
    }
  }
  if (large) {
    const seconds = { wall: large.run.wallMs.median / 1000, cpu: large.run.cpuMs.median / 1000 };
    const small = large.run.rssMiB.max <= 1024;
    out['largeDocumentSeconds'] = {
      limit: 10,
      ...seconds,
      met: large.refusal !== undefined || (seconds[basis] <= 10 && small),
    };
  }
  return out;
}

/** The human table: one row per measured case, medians with min–max, then each target. */
export function formatTable(
  results: readonly ScaleRow[],
  large: LargeRow | undefined,
  goals: Record<string, Target>,
  basis: Basis,
): string[] {
  const rows: string[][] = [['scale', 'what', 'wall ms', 'cpu ms', 'peak RSS MiB']];
  const row = (scale: string, what: string, s: Summary): string[] => [
    scale,
    what,
    cell(s.wallMs),
    cell(s.cpuMs),
    cell(s.rssMiB, 1),
  ];
  for (const r of results) {
    const scale = String(r.scale);
    rows.push(row(scale, `floor (read + split; ${Math.round(r.floor.inProcessMs)} ms in-process)`, r.floor));
    rows.push(row(scale, 'check core-budget normative-home scenario-majors, warm cache', r.warm));
    rows.push(row(scale, `  … after editing ${r.edit}`, r.edited));
    rows.push(row(scale, 'check (all gates), cold: no cache', r.cold));
    rows.push(row(scale, 'check (all gates), warm cache', r.warmFull));
    rows.push(row(scale, 'delta --base HEAD~1 (one document changed), warm cache', r.delta));
    rows.push(row(scale, `report, warm cache, no history cache (${r.commits} commits)`, r.report));
    // `--no-watch` measures no re-check: no row rather than a row of NaN.
    if (!Number.isNaN(r.watch.recheckMs.median))
      rows.push([
        scale,
        `watch re-check (${r.watch.gates.join(', ') || 'no gate'})`,
        cell(r.watch.recheckMs, 1),
        '',
        '',
      ]);
  }
  if (large) {
    const what = large.refusal
      ? `check core-budget, one ${(large.bytes / 1048576).toFixed(1)} MiB core document: refused (exit ${large.exitCode})`
      : `check core-budget, one ${(large.bytes / 1048576).toFixed(1)} MiB core document (exit ${large.exitCode})`;
    rows.push(row('1', what, large.run));
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  const lines = rows.map((r) =>
    r
      .map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd(),
  );
  lines.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  if (large?.refusal) lines.push('', `refused with: ${large.refusal}`);
  lines.push('', `targets (judged on ${basis} time):`);
  for (const [k, t] of Object.entries(goals))
    lines.push(
      `  ${k} = ${t.wall.toFixed(3)} wall, ${t.cpu.toFixed(3)} cpu (limit ${t.limit}): ${t.met ? 'met' : 'NOT met'}`,
    );
  return lines;
}
