#!/usr/bin/env node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HELP, commandArgs, processIo, wholeNumber } from '@openwop-spec/cli';
import type { CommandPage } from '@openwop-spec/cli';
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
  json: boolean;
  out: string;
  keep: boolean;
  /** The CLI to measure (default: this checkout's); another build's, to compare before and after. */
  cli: string;
  /** Skip the watch probe (it always runs this checkout's watch). */
  noWatch: boolean;
}

const PAGE: CommandPage = {
  name: 'bench',
  program: { name: 'bench', help: 'pnpm bench --help' },
  usage: 'pnpm bench [options]',
  about:
    'Generates synthetic corpora at upstream scale and larger, and times the built CLI on them: the in-process floor, a cold check, warm checks of the three upstream gates, an edited document, and the watch probe. Prints a table (or JSON) and writes the results file.',
  options: [
    { name: '--runs', value: 'N', help: 'timed runs of each case (default 7)' },
    { name: '--scales', value: 'LIST', help: 'the corpus scales to measure, comma-separated (default 1,10)' },
    { name: '--json', help: 'print the results as JSON instead of a table' },
    { name: '--out', value: 'FILE', help: 'where to write the results (default packages/bench/results/latest.json)' },
    { name: '--keep', help: 'keep the generated corpora' },
    { name: '--cli', value: 'BIN', help: "the CLI to measure (default: this checkout's build), to compare two builds" },
    { name: '--no-watch', help: 'skip the watch probe (it always runs this checkout’s watch)' },
    HELP,
  ],
  examples: [
    { command: 'pnpm bench', does: 'measure scales 1 and 10, seven runs each' },
    { command: 'pnpm bench --scales 1 --runs 3 --json', does: 'a quick run at upstream scale, as JSON' },
  ],
};

/** The options, or the exit code after the help or a usage error. */
function parseOptions(argv: readonly string[]): Options | number {
  const args = commandArgs(processIo, PAGE, argv);
  if (typeof args === 'number') return args;
  const o: Options = {
    scales: (args.values.get('--scales') ?? '1,10').split(',').map((x) => (/^\d+$/.test(x) ? Number(x) : Number.NaN)),
    runs: wholeNumber(args, '--runs', 7),
    json: args.flags.has('--json'),
    out: args.values.get('--out') ?? join(here, '..', 'results', 'latest.json'),
    keep: args.flags.has('--keep'),
    cli: args.values.get('--cli') ?? DEFAULT_CLI,
    noWatch: args.flags.has('--no-watch'),
  };
  if (!(o.runs >= 1) || o.scales.some((x) => !(x >= 1))) {
    processIo.stderr('bench: --runs and --scales must be positive whole numbers; see pnpm bench --help');
    return 2;
  }
  return o;
}

/** The gates that match upstream's three scripts: the warm-cache cases run these. */
const THREE = ['core-budget', 'normative-home', 'scenario-majors'];

interface ScaleResult {
  scale: number;
  files: number;
  floor: Summary & { inProcessMs: number; words: number; bytes: number };
  /** `check` (every gate), no cache: the fact cache deleted before the run. */
  cold: Summary;
  /** `check core-budget normative-home scenario-majors` with the cache warm and nothing changed. */
  warm: Summary;
  /** The same, after one core document was edited (its facts must be derived again). */
  edited: Summary;
  /** `check` (every gate) with the cache warm. */
  warmFull: Summary;
  exitCode: number;
  failedGates: string[];
  edit: string;
  watch: { document: string; initialMs: number; recheckMs: Summary['wallMs']; gates: string[] };
}

function benchScale(scale: number, edit: string, work: string, o: Options, log: (l: string) => void): ScaleResult {
  const root = join(work, `scale-${scale}`);
  const probe = join(work, 'probe.json');
  const check = (gates: readonly string[]): ReturnType<typeof measure> =>
    measure(o.cli, ['check', ...gates, '--root', root, '--today', '2026-09-22', '--format', 'json'], probe);
  const editPath = join(root, ...edit.split('/'));
  const original = readFileSync(editPath, 'utf8');

  const floors = [];
  const colds = [];
  const warms = [];
  const editeds = [];
  const warmFulls = [];
  let last = { ms: 0, words: 0, bytes: 0, files: 0 };
  let exitCode = 0;
  let failedGates: string[] = [];
  // Interleaved: every round runs each case once, so a change in the machine's load hits them all.
  for (let i = 0; i < o.runs; i++) {
    const f = measure(join(here, 'floor.js'), [root], probe);
    last = JSON.parse(f.stdout) as typeof last;
    floors.push({ ...f, inProcess: last.ms });
    rmSync(join(root, CACHE_DIR), { recursive: true, force: true });
    const c = check([]);
    colds.push(c);
    exitCode = c.code;
    const doc = JSON.parse(c.stdout) as { gates: Record<string, { exitCode: number }> };
    failedGates = Object.entries(doc.gates)
      .filter(([, g]) => g.exitCode !== 0)
      .map(([id]) => id);
    warms.push(check(THREE));
    writeFileSync(editPath, `${original}\nEdited in round ${i + 1}: hosts MUST keep this sentence.\n`);
    editeds.push(check(THREE));
    warmFulls.push(check([]));
    writeFileSync(editPath, original);
  }
  const floor = {
    ...summarise(floors),
    inProcessMs: median(floors.map((f) => f.inProcess)),
    words: last.words,
    bytes: last.bytes,
  };
  log(
    `scale ${scale}: floor ${Math.round(floor.wallMs.median)} ms, cold ${Math.round(summarise(colds).wallMs.median)} ms (exit ${exitCode}${failedGates.length ? `; failing: ${failedGates.join(', ')}` : ''}), warm ${Math.round(summarise(warms).wallMs.median)} ms, edited ${Math.round(summarise(editeds).wallMs.median)} ms`,
  );

  rmSync(join(root, CACHE_DIR), { recursive: true, force: true });
  const watched = o.noWatch
    ? { document: '', initialMs: 0, rechecks: [] as Array<{ ms: number; gates: string[] }> }
    : (JSON.parse(measure(join(here, 'watch-probe.js'), [root, String(Math.max(3, o.runs))], probe).stdout) as {
        document: string;
        initialMs: number;
        rechecks: Array<{ ms: number; gates: string[] }>;
      });
  const recheck = summarise(
    watched.rechecks.length
      ? watched.rechecks.map((r) => ({ wallMs: r.ms, cpuMs: 0, rssMiB: 0 }))
      : [{ wallMs: Number.NaN, cpuMs: 0, rssMiB: 0 }],
  );
  return {
    scale,
    files: last.files,
    floor,
    cold: summarise(colds),
    warm: summarise(warms),
    edited: summarise(editeds),
    warmFull: summarise(warmFulls),
    exitCode,
    failedGates,
    edit,
    watch: {
      document: watched.document,
      initialMs: watched.initialMs,
      recheckMs: recheck.wallMs,
      gates: watched.rechecks[0]?.gates ?? [],
    },
  };
}

const median = (xs: number[]): number => summarise(xs.map((x) => ({ wallMs: x, cpuMs: 0, rssMiB: 0 }))).wallMs.median;

/** The targets of the warm-cache and cold cases: each measured ratio or figure, its limit and whether it is met. */
function targets(results: readonly ScaleResult[]): Record<string, { measured: number; limit: number; met: boolean }> {
  const out: Record<string, { measured: number; limit: number; met: boolean }> = {};
  const at = (name: string, measured: number, limit: number): void => {
    out[name] = { measured: Math.round(measured * 1000) / 1000, limit, met: measured <= limit };
  };
  const s1 = results.find((r) => r.scale === 1);
  const s10 = results.find((r) => r.scale === 10);
  for (const [r, warmLimit, editLimit] of [
    [s1, 2.0, 1.5],
    [s10, 1.4, 1.25],
  ] as const) {
    if (!r) continue;
    at(`scale${r.scale}WarmOverFloor`, r.warm.wallMs.median / r.floor.wallMs.median, warmLimit);
    at(`scale${r.scale}EditedOverWarm`, r.edited.wallMs.median / r.warm.wallMs.median, editLimit);
  }
  if (s1) at('scale1ColdSeconds', s1.cold.wallMs.median / 1000, 2.0);
  if (s1 && s10) at('coldScale10OverScale1', s10.cold.wallMs.median / s1.cold.wallMs.median, 10);
  if (s10) at('scale10ColdPeakRssMiB', s10.cold.rssMiB.max, 512);
  return out;
}

async function run(): Promise<void> {
  const o = parseOptions(process.argv.slice(2));
  if (typeof o === 'number') {
    process.exitCode = o;
    return;
  }
  // Other processes on the machine inflate wall times; the load average is kept with the figures.
  const loadBefore = loadavg().map((x) => Math.round(x * 100) / 100);
  const work = mkdtempSync(join(tmpdir(), 'openwop-bench-'));
  const log = (l: string): void => void process.stderr.write(`bench: ${l}\n`);
  const results: ScaleResult[] = [];
  try {
    for (const scale of o.scales) {
      const t0 = performance.now();
      const { model } = await writeCorpus(join(work, `scale-${scale}`), { scale });
      // An installed checkout has node_modules, where the fact cache lives.
      mkdirSync(join(work, `scale-${scale}`, 'node_modules'));
      log(`generated scale ${scale} in ${Math.round(performance.now() - t0)} ms`);
      // The core document every "edited" run changes: a home, so the budget and the classification both re-derive it.
      results.push(benchScale(scale, model.coreDocs.find((d) => d.homes.length > 0)!.path, work, o, log));
    }
  } finally {
    if (o.keep) log(`kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }

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
    scales: results,
    targets: targets(results),
  };
  mkdirSync(dirname(o.out), { recursive: true });
  writeFileSync(o.out, JSON.stringify(report, null, 2) + '\n');
  if (o.json) process.stdout.write(JSON.stringify(report, null, 2) + '\n');
  else {
    for (const line of formatTable(results, report.targets)) process.stdout.write(line + '\n');
    process.stdout.write(
      `load average (1, 5, 15 min) before ${report.machine.loadAverageBefore.join(' ')}, after ${report.machine.loadAverageAfter.join(' ')}\n`,
    );
    process.stdout.write(`written: ${o.out}\n`);
  }
}

run().catch((err: unknown) => {
  process.stderr.write(`bench: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 2;
});
