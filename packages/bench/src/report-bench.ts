#!/usr/bin/env node
// Times `openwop-spec report` with its history: on this repository (history cache cold, then
// warm), and on a generated scale-1 repository with a git history of N commits that touched the
// spec (a first run on a fresh clone, nothing cached, then warm).
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HELP, commandArgs, processIo, wholeNumber } from '@openwop-spec/cli';
import type { CommandPage } from '@openwop-spec/cli';
import { writeCorpus } from './generate.js';
import { commitHistory } from './history.js';
import { measure } from './measure.js';
import { summarise } from './stats.js';
import type { Sample, Spread } from './stats.js';

const here = dirname(fileURLToPath(import.meta.url));
const REPO = join(here, '..', '..', '..');
const CACHE = join('node_modules', '.cache', 'openwop-spec');
const TODAY = '2026-12-01';

interface Options {
  runs: number;
  commits: number;
  cli: string;
  json: boolean;
}

const PAGE: CommandPage = {
  name: 'report-bench',
  program: { name: 'report-bench', help: 'node packages/bench/dist/report-bench.js --help' },
  usage: 'node packages/bench/dist/report-bench.js [options]',
  about:
    'Times openwop-spec report with its history: on this repository (history cache cold, then warm), and on a generated scale-1 repository with a git history of N commits that touched the spec.',
  options: [
    { name: '--runs', value: 'N', help: 'timed runs of each case (default 5)' },
    { name: '--commits', value: 'N', help: 'commits in the generated history (default 30)' },
    { name: '--cli', value: 'BIN', help: "the CLI to measure (default: this checkout's build)" },
    { name: '--json', help: 'print the results as JSON' },
    HELP,
  ],
  examples: [{ command: 'node packages/bench/dist/report-bench.js --runs 3', does: 'three runs of each case' }],
};

/** The options, or the exit code after the help or a usage error. */
function parseOptions(argv: readonly string[]): Options | number {
  const args = commandArgs(processIo, PAGE, argv);
  if (typeof args === 'number') return args;
  const o: Options = {
    runs: wholeNumber(args, '--runs', 5),
    commits: wholeNumber(args, '--commits', 30),
    cli: args.values.get('--cli') ?? join(here, '..', '..', 'cli', 'dist', 'openwop-spec.js'),
    json: args.flags.has('--json'),
  };
  if (!(o.runs >= 1) || !(o.commits >= 1)) {
    processIo.stderr('report-bench: --runs and --commits must be positive whole numbers');
    return 2;
  }
  return o;
}

/** A scale-1 corpus committed once, then changed and committed again until it has `commits` commits. */
async function syntheticRepo(root: string, commits: number): Promise<void> {
  await writeCorpus(root, { scale: 1 });
  mkdirSync(join(root, 'node_modules'));
  commitHistory(root, commits, 'spec/v2/core/overview.md');
}

interface Row {
  what: string;
  wallMs: Spread;
  cpuMs: Spread;
  rssMiB: Spread;
  /** Commits measured and cached by the last run. */
  commits: number;
}

function bench(root: string, o: Options, work: string, log: (l: string) => void): { first: Row; warm: Row } {
  const probe = join(work, 'probe.json');
  const out = join(work, 'report.html');
  const cached = (): number => {
    const dir = join(root, CACHE, 'report-history');
    return readdirSync(dir).reduce((n, key) => n + readdirSync(join(dir, key)).length, 0);
  };
  const run = (): Sample => {
    const m = measure(
      o.cli,
      ['report', '--root', root, '--out', out, '--today', TODAY, '--history', String(o.commits)],
      probe,
    );
    if (m.code !== 0) throw new Error(`report exited ${m.code} on ${root}: ${m.stderr.trim()}`);
    return m;
  };
  const row = (what: string, samples: Sample[]): Row => ({ what, ...summarise(samples), commits: cached() });
  // First: nothing cached, as on a fresh clone (the parse cache too).
  const firsts: Sample[] = [];
  for (let i = 0; i < o.runs; i++) {
    rmSync(join(root, CACHE), { recursive: true, force: true });
    firsts.push(run());
  }
  const first = row('first run (no cache)', firsts);
  log(`${root}: first ${Math.round(first.wallMs.median)} ms, ${first.commits} commits`);
  const warms: Sample[] = [];
  for (let i = 0; i < o.runs; i++) warms.push(run());
  const warm = row('warm history cache', warms);
  log(`${root}: warm ${Math.round(warm.wallMs.median)} ms`);
  return { first, warm };
}

async function main(): Promise<void> {
  const o = parseOptions(process.argv.slice(2));
  if (typeof o === 'number') {
    process.exitCode = o;
    return;
  }
  const loadBefore = loadavg().map((x) => Math.round(x * 100) / 100);
  const work = mkdtempSync(join(tmpdir(), 'openwop-report-bench-'));
  const log = (l: string): void => void process.stderr.write(`report-bench: ${l}\n`);
  let repo, scale1;
  try {
    repo = bench(REPO, o, work, log);
    const synthetic = join(work, 'repo');
    await syntheticRepo(synthetic, o.commits);
    scale1 = bench(synthetic, o, work, log);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const result = {
    machine: {
      cpus: cpus().length,
      node: process.version,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadavg().map((x) => Math.round(x * 100) / 100),
    },
    runs: o.runs,
    commits: o.commits,
    thisRepository: repo,
    scale1,
    targets: { warmUnderThreeSeconds: repo.warm.wallMs.median < 3000 },
  };
  const outFile = join(here, '..', 'results', 'report-latest.json');
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, JSON.stringify(result, null, 2) + '\n');
  if (o.json) return void process.stdout.write(JSON.stringify(result, null, 2) + '\n');
  const cell = (s: Spread): string => `${Math.round(s.median)} (${Math.round(s.min)}–${Math.round(s.max)})`;
  const rows = (name: string, r: { first: Row; warm: Row }): string[] =>
    [r.first, r.warm].map(
      (x) =>
        `| ${name} | ${x.what} | ${x.commits} | ${cell(x.wallMs)} | ${cell(x.cpuMs)} | ${Math.round(x.rssMiB.max)} |`,
    );
  const lines = [
    '| repository | run | commits measured | wall ms | CPU ms | peak RSS MiB |',
    '|---|---|---|---|---|---|',
    ...rows('this repository', repo),
    ...rows(`scale 1, ${o.commits} commits`, scale1),
    '',
    `target: warm report on this repository under 3 s: ${result.targets.warmUnderThreeSeconds ? 'yes' : 'NO'}`,
    `load average before ${loadBefore.join(' ')}, after ${result.machine.loadAverageAfter.join(' ')}`,
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((err: unknown) => {
  process.stderr.write(`report-bench: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 2;
});
