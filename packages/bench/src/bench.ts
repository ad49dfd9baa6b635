#!/usr/bin/env node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GATES } from '@openwop-spec/cli';
import { writeCorpus } from './generate.js';
import { measure } from './measure.js';
import { formatTable, summarise } from './stats.js';
import type { Summary } from './stats.js';

const here = dirname(fileURLToPath(import.meta.url));
const DEFAULT_CLI = join(here, '..', '..', 'cli', 'dist', 'openwop-spec.js');
const CACHE_DIR = join('node_modules', '.cache', 'openwop-spec');

interface Options {
  scales: number[];
  runs: number;
  gateRuns: number;
  json: boolean;
  out: string;
  keep: boolean;
  /** The CLI to measure (default: this checkout's); another build's, to compare before and after. */
  cli: string;
  /** Skip the watch probe (it always runs this checkout's watch). */
  noWatch: boolean;
}

function parseOptions(argv: readonly string[]): Options {
  const o: Options = { scales: [1, 10], runs: 5, gateRuns: 3, json: false, out: join(here, '..', 'results', 'latest.json'), keep: false, cli: DEFAULT_CLI, noWatch: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--json') o.json = true;
    else if (a === '--keep') o.keep = true;
    else if (a === '--runs') o.runs = Number(value());
    else if (a === '--gate-runs') o.gateRuns = Number(value());
    else if (a === '--scales') o.scales = value().split(',').map(Number);
    else if (a === '--out') o.out = value();
    else if (a === '--cli') o.cli = value();
    else if (a === '--no-watch') o.noWatch = true;
    else throw new Error(`unknown argument ${a} (bench [--runs N] [--gate-runs N] [--scales 1,10] [--json] [--out FILE] [--keep] [--cli BIN] [--no-watch])`);
  }
  if (!(o.runs >= 1) || !(o.gateRuns >= 1) || o.scales.some((s) => !Number.isInteger(s) || s < 1)) throw new Error('runs and scales must be positive integers');
  return o;
}

interface ScaleResult {
  scale: number;
  files: number;
  check: Summary;
  /** The same command with the parse cache of an earlier run in place. */
  warm: Summary;
  exitCode: number;
  failedGates: string[];
  gates: Record<string, Summary>;
  floor: Summary & { inProcessMs: number; words: number; bytes: number };
  watch: { document: string; initialMs: number; recheckMs: Summary['wallMs']; gates: string[] };
}

function benchScale(scale: number, work: string, o: Options, log: (l: string) => void): ScaleResult {
  const root = join(work, `scale-${scale}`);
  const probe = join(work, 'probe.json');
  const check = (args: string[]): ReturnType<typeof measure> =>
    measure(o.cli, ['check', '--root', root, '--today', '2026-09-22', '--format', 'json', ...args], probe);
  const cold = (args: string[]): ReturnType<typeof measure> => {
    // Cold means a fresh process and no cache left by an earlier run.
    rmSync(join(root, CACHE_DIR), { recursive: true, force: true });
    return check(args);
  };

  const checks = [];
  let exitCode = 0;
  let failedGates: string[] = [];
  for (let i = 0; i < o.runs; i++) {
    const m = cold([]);
    checks.push(m);
    exitCode = m.code;
    const doc = JSON.parse(m.stdout) as { gates: Record<string, { exitCode: number }> };
    failedGates = Object.entries(doc.gates).filter(([, g]) => g.exitCode !== 0).map(([id]) => id);
  }
  log(`scale ${scale}: check ${Math.round(summarise(checks).wallMs.median)} ms (exit ${exitCode}${failedGates.length ? `; failing: ${failedGates.join(', ')}` : ''})`);

  check([]);
  const warm = [];
  for (let i = 0; i < o.runs; i++) warm.push(check([]));
  log(`scale ${scale}: warm check ${Math.round(summarise(warm).wallMs.median)} ms`);

  const gates: Record<string, Summary> = {};
  for (const g of GATES) {
    const runs = [];
    for (let i = 0; i < o.gateRuns; i++) runs.push(cold([g.id]));
    gates[g.id] = summarise(runs);
  }

  const floors = [];
  let last = { ms: 0, words: 0, bytes: 0, files: 0 };
  for (let i = 0; i < o.runs; i++) {
    const m = measure(join(here, 'floor.js'), [root], probe);
    last = JSON.parse(m.stdout) as typeof last;
    floors.push({ ...m, inProcess: last.ms });
  }
  const floor = { ...summarise(floors), inProcessMs: median(floors.map((f) => f.inProcess)), words: last.words, bytes: last.bytes };

  rmSync(join(root, CACHE_DIR), { recursive: true, force: true });
  const watched = o.noWatch
    ? { document: '', initialMs: 0, rechecks: [] as Array<{ ms: number; gates: string[] }> }
    : (JSON.parse(measure(join(here, 'watch-probe.js'), [root, String(Math.max(3, o.runs))], probe).stdout) as { document: string; initialMs: number; rechecks: Array<{ ms: number; gates: string[] }> });
  const recheck = summarise(watched.rechecks.length ? watched.rechecks.map((r) => ({ wallMs: r.ms, cpuMs: 0, rssMiB: 0 })) : [{ wallMs: Number.NaN, cpuMs: 0, rssMiB: 0 }]);
  return {
    scale,
    files: last.files,
    check: summarise(checks),
    warm: summarise(warm),
    exitCode,
    failedGates,
    gates,
    floor,
    watch: { document: watched.document, initialMs: watched.initialMs, recheckMs: recheck.wallMs, gates: watched.rechecks[0]?.gates ?? [] },
  };
}

const median = (xs: number[]): number => summarise(xs.map((x) => ({ wallMs: x, cpuMs: 0, rssMiB: 0 }))).wallMs.median;

async function run(): Promise<void> {
  const o = parseOptions(process.argv.slice(2));
  // Other processes on the machine inflate wall times; the load average is kept with the figures.
  const loadBefore = loadavg().map((x) => Math.round(x * 100) / 100);
  const work = mkdtempSync(join(tmpdir(), 'openwop-bench-'));
  const log = (l: string): void => void process.stderr.write(`bench: ${l}\n`);
  const results: ScaleResult[] = [];
  try {
    for (const scale of o.scales) {
      const t0 = performance.now();
      await writeCorpus(join(work, `scale-${scale}`), { scale });
      // An installed checkout has node_modules, where the parse cache lives (cleared for cold runs).
      mkdirSync(join(work, `scale-${scale}`, 'node_modules'));
      log(`generated scale ${scale} in ${Math.round(performance.now() - t0)} ms`);
      results.push(benchScale(scale, work, o, log));
    }
  } finally {
    if (o.keep) log(`kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }

  const s1 = results.find((r) => r.scale === 1);
  const top = results.reduce((a, b) => (b.scale > a.scale ? b : a));
  const ratios = {
    checkOverFloorScale1: s1 ? s1.check.wallMs.median / s1.floor.wallMs.median : null,
    checkOverFloorScale1InProcess: s1 ? (s1.check.wallMs.median - s1.floor.wallMs.median + s1.floor.inProcessMs) / s1.floor.inProcessMs : null,
    [`scale${top.scale}OverScale1`]: s1 && top !== s1 ? top.check.wallMs.median / s1.check.wallMs.median : null,
    watchOverColdScale1: s1 ? s1.watch.recheckMs.median / s1.check.wallMs.median : null,
    [`watchOverColdScale${top.scale}`]: top.watch.recheckMs.median / top.check.wallMs.median,
  };
  const report = {
    cli: o.cli,
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model ?? 'unknown',
      node: process.version,
      platform: process.platform,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadavg().map((x) => Math.round(x * 100) / 100),
    },
    runs: o.runs,
    gateRuns: o.gateRuns,
    scales: results,
    ratios,
    targets: {
      coldScale1UnderOneSecond: s1 ? s1.check.wallMs.median < 1000 : null,
      scaleRatioAtMostScale: s1 && top !== s1 ? top.check.wallMs.median / s1.check.wallMs.median <= top.scale : null,
      watchAtMost15Percent: s1 ? s1.watch.recheckMs.median <= 0.15 * s1.check.wallMs.median : null,
      peakRssUnder512MiB: top.check.rssMiB.max < 512,
    },
  };
  mkdirSync(dirname(o.out), { recursive: true });
  writeFileSync(o.out, JSON.stringify(report, null, 2) + '\n');
  if (o.json) process.stdout.write(JSON.stringify(report, null, 2) + '\n');
  else {
    for (const line of formatTable(results, ratios)) process.stdout.write(line + '\n');
    process.stdout.write(`\ntargets: ${Object.entries(report.targets).map(([k, v]) => `${k} ${v === null ? 'n/a' : v ? 'yes' : 'NO'}`).join(', ')}\n`);
    process.stdout.write(`load average (1, 5, 15 min) before ${report.machine.loadAverageBefore.join(' ')}, after ${report.machine.loadAverageAfter.join(' ')}\n`);
    process.stdout.write(`written: ${o.out}\n`);
  }
}

run().catch((err: unknown) => {
  process.stderr.write(`bench: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 2;
});
