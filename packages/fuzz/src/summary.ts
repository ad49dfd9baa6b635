import { FAILURES } from './run.js';
import type { Case, Failure, Outcome } from './run.js';

export interface CaseResult {
  case: Case;
  outcome: Pick<Outcome, 'code' | 'signal' | 'cpuMs' | 'failures'>;
}

export interface ScalingRow {
  op: string;
  file: string;
  gate: string;
  sizes: number[];
  /** The gate's CPU time on the unmutated corpus. */
  baseMs: number;
  cpuMs: number[];
}

/** The summary table: exit codes, each kind of failure, and per operator how its cases ended. */
export function formatSummary(results: readonly CaseResult[]): string[] {
  const count = (f: (r: CaseResult) => boolean): number => results.filter(f).length;
  const lines = [
    `cases ${results.length}: exit 0 ${count((r) => r.outcome.code === 0)}, exit 1 ${count((r) => r.outcome.code === 1)}, exit 2 ${count((r) => r.outcome.code === 2)}, other ${count((r) => r.outcome.code === null || r.outcome.code > 2)}; CPU per case: median ${median(results.map((r) => r.outcome.cpuMs))} ms, max ${Math.max(0, ...results.map((r) => r.outcome.cpuMs))} ms`,
    '',
    '| failure | cases |',
    '|---|---:|',
    ...FAILURES.map((f) => `| ${LABELS[f]} | ${count((r) => r.outcome.failures.includes(f))} |`),
    '',
    '| operator | cases | exit 0 | exit 1 | exit 2 | failures |',
    '|---|---:|---:|---:|---:|---:|',
  ];
  const ops = [...new Set(results.flatMap((r) => r.case.mutations.map((m) => m.op)))].sort();
  for (const op of ops) {
    const mine = results.filter((r) => r.case.mutations.some((m) => m.op === op));
    const n = (f: (r: CaseResult) => boolean): number => mine.filter(f).length;
    lines.push(
      `| ${op} | ${mine.length} | ${n((r) => r.outcome.code === 0)} | ${n((r) => r.outcome.code === 1)} | ${n((r) => r.outcome.code === 2)} | ${n((r) => r.outcome.failures.length > 0)} |`,
    );
  }
  return lines;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;

const LABELS: Record<Failure, string> = {
  crash: 'crash (signal or exit > 2)',
  hang: 'hang (past the timeout)',
  stack: 'stack trace or internal error',
  write: 'write in check mode',
  escape: 'write outside the tree, through a link',
  injection: 'output a name took over (forged command, raw control character)',
  'no-document': 'no JSON document under --format json/sarif',
  unpositioned: 'exit 2 without a positioned line',
};

/**
 * Time growth: each size's CPU time, and the exponent k of extra ≈ size^k fitted between the
 * smallest and the largest size, where extra is the time over the gate's unmutated run (1 is
 * linear; without the unmutated time, the start-up of the process would flatten it).
 */
export function formatScaling(rows: readonly ScalingRow[]): string[] {
  const lines = [
    '| operator | gate (unmutated CPU ms) | CPU ms at each size | growth exponent |',
    '|---|---|---|---:|',
  ];
  for (const r of rows) {
    const extra = r.cpuMs.map((t) => Math.max(1, t - r.baseMs));
    const k = Math.log(extra.at(-1)! / extra[0]!) / Math.log(r.sizes.at(-1)! / r.sizes[0]!);
    lines.push(
      `| ${r.op} | ${r.gate} (${r.baseMs}) | ${r.sizes.map((s, i) => `${s}: ${r.cpuMs[i]}`).join(', ')} | ${k.toFixed(2)} |`,
    );
  }
  return lines;
}
