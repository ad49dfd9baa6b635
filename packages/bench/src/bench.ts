#!/usr/bin/env node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HELP, commandArgs, processIo, wholeNumber } from '@openwop-spec/cli';
import type { CommandPage } from '@openwop-spec/cli';
import { writeCorpus } from './generate.js';
import { commitHistory } from './history.js';
import { largeDocument } from './large-doc.js';
import { measure } from './measure.js';
import { formatTable, summarise, targets } from './stats.js';
import type { Basis, LargeRow, ScaleRow } from './stats.js';

const here = dirname(fileURLToPath(import.meta.url));
const DEFAULT_CLI = join(here, '..', '..', 'cli', 'dist', 'openwop-spec.js');
const CACHE_DIR = join('node_modules', '.cache', 'openwop-spec');

interface Options {
  scales: number[];
  runs: number;
  /** Commits of each generated tree's git history (the report measures them all). */
  commits: number;
  json: boolean;
  out: string;
  keep: boolean;
  /** The CLI to measure (default: this checkout's); another build's, to compare before and after. */
  cli: string;
  /** Skip the watch probe (it always runs this checkout's watch). */
  noWatch: boolean;
  /** The size of the large core document, in MiB (0: not measured). */
  largeMiB: number;
  basis: Basis;
}

const PAGE: CommandPage = {
  name: 'bench',
  program: { name: 'bench', help: 'pnpm bench --help' },
  usage: 'pnpm bench [options]',
  about:
    'Generates synthetic corpora at upstream scale and larger, each a git repository with a short history, and times the built CLI on them, every case once a round so load hits them all: the floor (read every file and split it into words), a cold check, warm checks, an edited document, delta against the commit before, report with its history, a tree with one very large core document, and the watch probe. Prints a table with each target as a ratio of medians of the same run (or JSON) and writes the results file.',
  options: [
    { name: '--runs', value: 'N', help: 'rounds: timed runs of each case (default 7)' },
    { name: '--scales', value: 'LIST', help: 'the corpus scales to measure, comma-separated (default 1,10)' },
    { name: '--commits', value: 'N', help: 'commits of each tree’s git history, all measured by report (default 10)' },
    { name: '--large', value: 'MiB', help: 'the size of the very large core document (default 5; 0 to skip it)' },
    {
      name: '--by',
      value: 'TIME',
      choices: ['wall', 'cpu'],
      help: 'judge the targets on wall time (default) or CPU time, when other load on the machine makes wall time noise',
    },
    { name: '--json', help: 'print the results as JSON instead of a table' },
    { name: '--out', value: 'FILE', help: 'where to write the results (default packages/bench/results/latest.json)' },
    { name: '--keep', help: 'keep the generated corpora' },
    { name: '--cli', value: 'BIN', help: "the CLI to measure (default: this checkout's build), to compare two builds" },
    { name: '--no-watch', help: 'skip the watch probe (it always runs this checkout’s watch)' },
    HELP,
  ],
  examples: [
    { command: 'pnpm bench', does: 'measure scales 1 and 10, seven rounds each' },
    { command: 'pnpm bench --scales 1 --runs 3 --by cpu', does: 'a quick run at upstream scale, judged on CPU time' },
  ],
};

/** The options, or the exit code after the help or a usage error. */
function parseOptions(argv: readonly string[]): Options | number {
  const args = commandArgs(processIo, PAGE, argv);
  if (typeof args === 'number') return args;
  const o: Options = {
    scales: (args.values.get('--scales') ?? '1,10').split(',').map((x) => (/^\d+$/.test(x) ? Number(x) : Number.NaN)),
    runs: wholeNumber(args, '--runs', 7),
    commits: wholeNumber(args, '--commits', 10),
    json: args.flags.has('--json'),
    out: args.values.get('--out') ?? join(here, '..', 'results', 'latest.json'),
    keep: args.flags.has('--keep'),
    cli: args.values.get('--cli') ?? DEFAULT_CLI,
    noWatch: args.flags.has('--no-watch'),
    largeMiB: wholeNumber(args, '--large', 5),
    basis: (args.values.get('--by') ?? 'wall') as Basis,
  };
  if (!(o.runs >= 1) || !(o.commits >= 2) || !(o.largeMiB >= 0) || o.scales.some((x) => !(x >= 1))) {
    processIo.stderr(
      'bench: --runs and --scales must be positive whole numbers, --commits at least 2, --large a whole number; see pnpm bench --help',
    );
    return 2;
  }
  return o;
}

/** The gates that match upstream's three scripts: the warm-cache cases run these. */
const THREE = ['core-budget', 'normative-home', 'scenario-majors'];
const TODAY = ['--today', '2026-09-22'];

interface ScaleResult extends ScaleRow {
  files: number;
  floor: ScaleRow['floor'] & { words: number; bytes: number };
  exitCode: number;
  failedGates: string[];
  watch: ScaleRow['watch'] & { document: string; initialMs: number };
}

/**
 * One scale's tree (a git repository whose last commit changed `edit`, a core home) measured round
 * after round. Each round runs every case once, in an order that leaves each the cache it is
 * about: the cold check starts from none, so the base side of delta and the older commits of the
 * report find cached only what the working tree's checks derived, as after a day of checks.
 */
function benchScale(scale: number, edit: string, work: string, o: Options, log: (l: string) => void): ScaleResult {
  const root = join(work, `scale-${scale}`);
  const probe = join(work, 'probe.json');
  const cli = (...argv: string[]): ReturnType<typeof measure> =>
    measure(o.cli, [...argv, '--root', root, ...TODAY], probe);
  const check = (gates: readonly string[]): ReturnType<typeof measure> => cli('check', ...gates, '--format', 'json');
  const editPath = join(root, ...edit.split('/'));
  const original = readFileSync(editPath, 'utf8');

  const floors = [];
  const colds = [];
  const warms = [];
  const editeds = [];
  const warmFulls = [];
  const deltas = [];
  const reports = [];
  let last = { ms: 0, words: 0, bytes: 0, files: 0 };
  let exitCode = 0;
  let failedGates: string[] = [];
  const ran = (m: ReturnType<typeof measure>, what: string): ReturnType<typeof measure> => {
    // delta and report exit 0 on this tree, as check does; anything else is a broken measurement.
    if (m.code !== 0) throw new Error(`${what} exited ${m.code} at scale ${scale}: ${m.stderr.trim()}`);
    return m;
  };
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
    writeFileSync(editPath, original);
    warmFulls.push(check([]));
    deltas.push(ran(cli('delta', '--base', 'HEAD~1', '--format', 'json'), 'delta'));
    rmSync(join(root, CACHE_DIR, 'report-history'), { recursive: true, force: true });
    reports.push(ran(cli('report', '--out', join(work, 'report.html')), 'report'));
  }
  const floor = {
    ...summarise(floors),
    inProcessMs: median(floors.map((f) => f.inProcess)),
    words: last.words,
    bytes: last.bytes,
  };
  const ms = (samples: ReturnType<typeof measure>[]): number => Math.round(summarise(samples).wallMs.median);
  log(
    `scale ${scale}: floor ${Math.round(floor.wallMs.median)} ms, cold ${ms(colds)} ms (exit ${exitCode}${failedGates.length ? `; failing: ${failedGates.join(', ')}` : ''}), warm ${ms(warms)} ms, edited ${ms(editeds)} ms, warm full ${ms(warmFulls)} ms, delta ${ms(deltas)} ms, report ${ms(reports)} ms`,
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
    delta: summarise(deltas),
    report: summarise(reports),
    exitCode,
    failedGates,
    edit,
    commits: o.commits,
    watch: {
      document: watched.document,
      initialMs: watched.initialMs,
      recheckMs: recheck.wallMs,
      gates: watched.rechecks[0]?.gates ?? [],
    },
  };
}

/** `check core-budget` (no cache) on the scale-1 corpus with one core document of `MiB` MiB, `runs` times. */
async function benchLarge(work: string, o: Options, log: (l: string) => void): Promise<LargeRow> {
  const root = join(work, 'large');
  await writeCorpus(root, { scale: 1 });
  const text = largeDocument(o.largeMiB * 1048576);
  writeFileSync(join(root, LARGE), text);
  const probe = join(work, 'probe.json');
  const samples = [];
  let last: ReturnType<typeof measure> | undefined;
  for (let i = 0; i < o.runs; i++) {
    last = measure(o.cli, ['check', 'core-budget', '--root', root, ...TODAY, '--no-cache'], probe);
    samples.push(last);
  }
  const lines = last!.stderr.split('\n').filter(Boolean);
  // Refused: the tool could not do its job (exit 2), and said so in one line naming the document.
  const refused = last!.code === 2 && lines.length <= 2 && lines[0]?.includes(LARGE) === true;
  const run = summarise(samples);
  log(`large document: ${Math.round(run.wallMs.median)} ms, exit ${last!.code}${refused ? ', refused' : ''}`);
  return { bytes: text.length, run, exitCode: last!.code, ...(refused ? { refusal: lines[0]! } : {}) };
}

const LARGE = 'spec/v2/core/large.md';

const median = (xs: number[]): number => summarise(xs.map((x) => ({ wallMs: x, cpuMs: 0, rssMiB: 0 }))).wallMs.median;

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
  let large: LargeRow | undefined;
  try {
    for (const scale of o.scales) {
      const t0 = performance.now();
      const root = join(work, `scale-${scale}`);
      const { model } = await writeCorpus(root, { scale });
      // The core document every "edited" run changes and the history edits: a home, so the budget
      // and the classification both re-derive it.
      const edit = model.coreDocs.find((d) => d.homes.length > 0)!.path;
      // An installed checkout has node_modules, where the fact cache lives.
      mkdirSync(join(root, 'node_modules'));
      commitHistory(root, o.commits, edit);
      log(`generated scale ${scale} with ${o.commits} commits in ${Math.round(performance.now() - t0)} ms`);
      results.push(benchScale(scale, edit, work, o, log));
    }
    if (o.largeMiB > 0) large = await benchLarge(work, o, log);
  } finally {
    if (o.keep) log(`kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }

  const goals = targets(results, large, o.basis);
  const measurements = {
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
    basis: o.basis,
    scales: results,
    ...(large ? { large } : {}),
    targets: goals,
  };
  mkdirSync(dirname(o.out), { recursive: true });
  writeFileSync(o.out, JSON.stringify(measurements, null, 2) + '\n');
  if (o.json) process.stdout.write(JSON.stringify(measurements, null, 2) + '\n');
  else {
    for (const line of formatTable(results, large, goals, o.basis)) process.stdout.write(line + '\n');
    process.stdout.write(
      `load average (1, 5, 15 min) before ${measurements.machine.loadAverageBefore.join(' ')}, after ${measurements.machine.loadAverageAfter.join(' ')}\n`,
    );
    process.stdout.write(`written: ${o.out}\n`);
  }
}

run().catch((err: unknown) => {
  process.stderr.write(`bench: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 2;
});
