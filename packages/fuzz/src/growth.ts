import { runCase } from './run.js';
import type { RunOptions } from './run.js';
import type { Mutation } from './operators.js';

/** One operator at sizes n, 2n and 4n, on a file the gate reads. */
export interface GrowthPlan {
  label: string;
  op: string;
  file: string;
  seed: number;
  /** n, 2n, 4n. */
  sizes: readonly [number, number, number];
  gate: string;
}

/** Medians over the repeats: CPU ms (user + system) and peak resident KiB of one CLI process. */
export interface Sample {
  cpuMs: number;
  rssKb: number;
}

export interface GrowthRow {
  plan: GrowthPlan;
  /** The gate on the unmutated corpus. */
  base: Sample;
  /** At each size. */
  at: [Sample, Sample, Sample];
}

/**
 * What 4n may cost over the unmutated run, as a multiple of what n costs: linear work gives 4,
 * quadratic 16. The headroom is for a machine other work shares: CPU time is counted per process,
 * but caches and frequency still move it by tens of percent.
 */
export const GROWTH_RATIO = 6;
/** Extra costs below these are start-up noise, not growth: n's extra is taken as at least this. */
export const FLOOR = { cpuMs: 300, rssKb: 48 * 1024 } as const;

const CORE = 'spec/v2/core/runs.md';
const DECLARATION = 'spec/v2/declaration.json';
const SCHEMA = 'schemas/v2/capabilities.schema.json';

const md = (variant: string, seed: number, n: number): GrowthPlan => ({
  label: `md-run ${variant}`,
  op: 'md-run',
  file: CORE,
  seed,
  sizes: [n, 2 * n, 4 * n],
  gate: 'core-budget',
});
const plan = (label: string, op: string, file: string, seed: number, n: number, gate: string): GrowthPlan => ({
  label,
  op,
  file,
  seed,
  sizes: [n, 2 * n, 4 * n],
  gate,
});

/**
 * The plans CI runs, each size under the markdown parse budget (one run of `*a` or `](` past it is
 * refused at once, so emphasis and link ends are measured as paragraphs of 500): up to 48 KB of
 * emphasis or link ends, 12,000 list items, 240 KB of paragraphs, a 150 KB line, $ref chains and
 * cycles of 4,000 links, 4,000 families without a § heading, a 16,000-character key weighed by the
 * did-you-mean. A quadratic path shows at these sizes (16 times n's extra at 4n); a linear one
 * stays near 4.
 */
export const GROWTH_PLANS: readonly GrowthPlan[] = [
  md('emphasis-paragraphs', 5, 6_000),
  md('link-paragraphs', 6, 6_000),
  md('list-items', 2, 3_000),
  md('paragraphs', 3, 60_000),
  md('one-line', 4, 15_000),
  plan('ref-chain chain', 'ref-chain', SCHEMA, 0, 1_000, 'schemas'),
  plan('ref-chain cycle', 'ref-chain', SCHEMA, 1, 1_000, 'schemas'),
  plan('families', 'families', DECLARATION, 0, 1_000, 'declaration'),
  plan('long-name', 'long-name', DECLARATION, 0, 4_000, 'declaration'),
];

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;

/** Why a row grows faster than linearly: one line per measure over the ratio, none when it holds. */
export function overgrowth(row: GrowthRow): string[] {
  const out: string[] = [];
  for (const [measure, unit] of [
    ['cpuMs', 'ms CPU'],
    ['rssKb', 'KiB peak memory'],
  ] as const) {
    const extra = (s: Sample): number => Math.max(0, s[measure] - row.base[measure]);
    const [n, , n4] = row.at.map(extra) as [number, number, number];
    const allowed = GROWTH_RATIO * Math.max(n, FLOOR[measure]);
    if (n4 > allowed)
      out.push(
        `${row.plan.label}: ${measure === 'cpuMs' ? 'time' : 'memory'} over the unmutated run grows from ${n} ${unit} at ${row.plan.sizes[0]} to ${n4} at ${row.plan.sizes[2]} (allowed ${allowed})`,
      );
  }
  return out;
}

/** Each plan: the unmutated gate and each size, `repeats` runs each, medians (without the fact cache). */
export async function measureGrowth(
  options: RunOptions,
  plans: readonly GrowthPlan[] = GROWTH_PLANS,
  repeats = 3,
): Promise<GrowthRow[]> {
  const sample = async (gate: string, mutations: Mutation[]): Promise<Sample> => {
    // The repeats run at once: each is its own process, and CPU time and peak memory are its own.
    const runs = await Promise.all(
      Array.from({ length: repeats }, () => runCase({ command: ['check', gate], mutations }, options)),
    );
    return { cpuMs: median(runs.map((r) => r.cpuMs)), rssKb: median(runs.map((r) => r.rssKb)) };
  };
  const bases = new Map<string, Sample>();
  const rows: GrowthRow[] = [];
  for (const plan of plans) {
    if (!bases.has(plan.gate)) bases.set(plan.gate, await sample(plan.gate, []));
    const at: Sample[] = [];
    for (const size of plan.sizes)
      at.push(await sample(plan.gate, [{ op: plan.op, file: plan.file, param: size, seed: plan.seed }]));
    rows.push({ plan, base: bases.get(plan.gate)!, at: at as [Sample, Sample, Sample] });
  }
  return rows;
}

/** The table of a growth check: each size's medians and 4n's extra over n's. */
export function formatGrowth(rows: readonly GrowthRow[]): string[] {
  const ratio = (row: GrowthRow, m: keyof Sample): string => {
    const extra = (s: Sample): number => Math.max(0, s[m] - row.base[m]);
    return (extra(row.at[2]) / Math.max(extra(row.at[0]), FLOOR[m])).toFixed(1);
  };
  return [
    '| operator | gate (unmutated: CPU ms, peak MiB) | n, 2n, 4n: CPU ms / peak MiB | 4n/n extra: CPU, memory |',
    '|---|---|---|---:|',
    ...rows.map(
      (r) =>
        `| ${r.plan.label} | ${r.plan.gate} (${r.base.cpuMs}, ${Math.round(r.base.rssKb / 1024)}) | ${r.plan.sizes.map((s, i) => `${s}: ${r.at[i]!.cpuMs} / ${Math.round(r.at[i]!.rssKb / 1024)}`).join(', ')} | ${ratio(r, 'cpuMs')}, ${ratio(r, 'rssKb')} |`,
    ),
  ];
}
