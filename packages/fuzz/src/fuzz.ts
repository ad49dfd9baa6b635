#!/usr/bin/env node
import { appendFileSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HELP, commandArgs, processIo, wholeNumber } from '@openwop-spec/cli';
import type { CommandPage } from '@openwop-spec/cli';
import { unprivileged } from '@openwop-spec/spec-tree/testing';
import { GROWTH_PLANS, formatGrowth, measureGrowth, overgrowth } from './growth.js';
import { MD_NEST_VARIANTS } from './operators.js';
import type { Mutation } from './operators.js';
import { REPO_ROOT, copyCorpus, corpusFiles, minimise, planCase, removeTree, runCase } from './run.js';
import type { Case, RunOptions } from './run.js';
import { formatScaling, formatSummary } from './summary.js';
import type { CaseResult, ScalingRow } from './summary.js';

interface Options {
  cases: number;
  /** The index of the first case (a long run split over processes: the same seed, disjoint ranges). */
  first: number;
  /** Run exactly these cases of the seed (a rerun), instead of a range. */
  only?: number[];
  seed: number;
  jobs: number;
  timeoutMs: number;
  out: string;
  scaling: boolean;
  /** Run the growth check (n, 2n, 4n of each bounded-work operator) instead of cases. */
  growth: boolean;
  replay?: string;
  /** Print the summary of earlier runs from their seed-S.jsonl files, and run nothing. */
  summarise?: string[];
}

const PAGE: CommandPage = {
  name: 'fuzz',
  program: { name: 'fuzz', help: 'pnpm fuzz --help' },
  usage: 'pnpm fuzz [--cases N] [--seed S] [--first I | --only I,J…] [options] [--replay FILE | --summarise FILE...]',
  about:
    'Mutates copies of the corpus (bytes, encodings, nesting, JSON types and keys, paths, file types, permissions, pathological markdown and TypeScript), runs the CLI on each, and tables how the runs ended; a crash, hang, stack trace, write in check mode or missing JSON document is a failure, minimised to a reproducer.',
  options: [
    { name: '--cases', value: 'N', help: 'how many cases to run (default 200)' },
    { name: '--seed', value: 'S', help: 'the seed the cases are drawn from (default 1)' },
    {
      name: '--first',
      value: 'I',
      help: 'the index of the first case, to split a long run over processes (default 0)',
    },
    { name: '--only', value: 'I,J…', help: 'run exactly these cases of the seed (a rerun), instead of a range' },
    { name: '--jobs', value: 'J', help: 'cases run at once (default 2)' },
    { name: '--timeout', value: 'MS', help: 'a case that runs longer is a hang (default 60000)' },
    { name: '--out', value: 'DIR', help: "where the results go (default: the fuzz package's results folder)" },
    { name: '--no-scaling', help: 'skip the scaling probes' },
    {
      name: '--growth',
      help: 'instead of cases, check that n, 2n and 4n of each bounded-work operator grow about linearly in CPU time and peak memory (exit 1 when one does not)',
    },
    { name: '--replay', value: 'FILE', help: 'run one saved case and print what it did' },
    {
      name: '--summarise',
      help: 'print the summary of earlier runs from their seed-S.jsonl files (the arguments), and run nothing',
    },
    HELP,
  ],
  positionals: true,
  examples: [
    { command: 'pnpm fuzz --cases 50 --seed 7', does: 'fifty cases of seed 7' },
    { command: 'pnpm fuzz --summarise packages/fuzz/results/seed-7.jsonl', does: 'the table of an earlier run' },
  ],
};

/** The options, or the exit code after the help or a usage error. */
function parseOptions(argv: readonly string[]): Options | number {
  const args = commandArgs(processIo, PAGE, argv);
  if (typeof args === 'number') return args;
  const numbers: Array<[string, number]> = [
    ['--cases', 200],
    ['--first', 0],
    ['--seed', 1],
    ['--jobs', 2],
    ['--timeout', 60_000],
  ];
  const [cases, first, seed, jobs, timeoutMs] = numbers.map(([name, fallback]) => wholeNumber(args, name, fallback));
  const bad = numbers.find(([name]) => Number.isNaN(wholeNumber(args, name, 0)));
  if (bad) {
    processIo.stderr(`fuzz: ${bad[0]} needs a whole number, not ${args.values.get(bad[0])}; see pnpm fuzz --help`);
    return 2;
  }
  if (args.positionals.length > 0 && !args.flags.has('--summarise')) {
    processIo.stderr(`fuzz: unexpected ${args.positionals.join(' ')}; see pnpm fuzz --help`);
    return 2;
  }
  const only = args.values.get('--only');
  const replay = args.values.get('--replay');
  return {
    cases: cases!,
    first: first!,
    seed: seed!,
    jobs: Math.max(1, jobs!),
    timeoutMs: timeoutMs!,
    out: args.values.get('--out') ?? join(REPO_ROOT, 'packages/fuzz/results'),
    scaling: !args.flags.has('--no-scaling'),
    growth: args.flags.has('--growth'),
    ...(only !== undefined ? { only: only.split(',').map(Number) } : {}),
    ...(replay !== undefined ? { replay } : {}),
    ...(args.flags.has('--summarise') ? { summarise: args.positionals } : {}),
  };
}

/** Runs `work` over 0..n-1 with at most `jobs` at a time, in index order of start. */
async function pool(n: number, jobs: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(jobs, n) }, async () => {
      while (next < n) await work(next++);
    }),
  );
}

/** Each scaling operator at four sizes, on one file the gate it names reads. */
async function scaling(options: RunOptions): Promise<ScalingRow[]> {
  const core = 'spec/v2/core/runs.md';
  const plans: Array<{ op: string; label: string; file: string; seed: number; sizes: number[]; gate: string }> = [
    ...MD_NEST_VARIANTS.map((v, seed) => ({
      op: 'md-nest',
      label: `md-nest ${v}`,
      file: core,
      seed,
      sizes: [250, 500, 1000, 2000],
      gate: 'core-budget',
    })),
    {
      op: 'json-nest',
      label: 'json-nest',
      file: 'spec/v2/declaration.json',
      seed: 0,
      sizes: [30, 60, 120, 240],
      gate: 'declaration',
    },
    {
      op: 'ts-nest',
      label: 'ts-nest brackets',
      file: firstScenario(),
      seed: 0,
      sizes: [30, 60, 120, 240],
      gate: 'scenario-majors',
    },
    {
      op: 'ts-nest',
      label: 'ts-nest if',
      file: firstScenario(),
      seed: 1,
      sizes: [30, 60, 120, 240],
      gate: 'scenario-majors',
    },
    { op: 'line-dup', label: 'line-dup', file: core, seed: 3, sizes: [500, 1000, 2000, 4000], gate: 'core-budget' },
  ];
  const rows: ScalingRow[] = [];
  for (const p of plans) {
    const gate = (mutations: Mutation[]): Promise<number> =>
      runCase({ command: ['check', p.gate], mutations }, options).then((r) => r.cpuMs);
    const baseMs = await gate([]);
    const cpuMs: number[] = [];
    for (const size of p.sizes) cpuMs.push(await gate([{ op: p.op, file: p.file, param: size, seed: p.seed }]));
    rows.push({ op: p.label, file: p.file, gate: p.gate, sizes: p.sizes, baseMs, cpuMs });
  }
  return rows;
}

function firstScenario(): string {
  const root = copyCorpus();
  try {
    return corpusFiles(root).find(
      (f) => f.startsWith('packages/conformance/src/scenarios/') && f.endsWith('.test.ts'),
    )!;
  } finally {
    removeTree(root);
  }
}

async function main(): Promise<number> {
  const o = parseOptions(process.argv.slice(2));
  if (typeof o === 'number') return o;
  const user = unprivileged();
  const cacheDir = mkdtempSync(join(tmpdir(), 'openwop-fuzz-cache-'));
  if (user) chownSync(cacheDir, user.uid, user.gid);
  const options: RunOptions = { timeoutMs: o.timeoutMs, cacheDir, user: user ?? null };
  try {
    if (o.summarise) {
      // Ranges run by several processes may overlap where one was stopped: each case counts once.
      const byIndex = new Map<number, CaseResult>();
      for (const f of o.summarise) {
        for (const line of readFileSync(f, 'utf8').split('\n').filter(Boolean)) {
          const r = JSON.parse(line) as CaseResult;
          if (!byIndex.has(r.case.index)) byIndex.set(r.case.index, r);
        }
      }
      const results = [...byIndex.values()].sort((a, b) => a.case.index - b.case.index);
      process.stdout.write(`${formatSummary(results).join('\n')}\n`);
      return results.some((r) => r.outcome.failures.length > 0) ? 1 : 0;
    }
    if (o.growth) {
      process.stderr.write(`fuzz: growth check, ${GROWTH_PLANS.length} operators at n, 2n and 4n, medians of 3 runs\n`);
      // Without the fact cache: every size derives what it reads, as the unmutated run does.
      const rows = await measureGrowth({ ...options, cacheDir: undefined });
      const over = rows.flatMap(overgrowth);
      process.stdout.write(
        `${[...formatGrowth(rows), '', ...(over.length > 0 ? over : ['every operator grows about linearly'])].join('\n')}\n`,
      );
      return over.length > 0 ? 1 : 0;
    }
    if (o.replay) {
      const c = JSON.parse(readFileSync(o.replay, 'utf8')) as Case;
      const r = await runCase(c, { ...options, keep: true });
      process.stdout.write(
        `${JSON.stringify({ command: c.command, mutations: c.mutations, code: r.code, signal: r.signal, failures: r.failures, tree: r.root }, null, 2)}\n--- stdout\n${r.stdout}--- stderr\n${r.stderr}`,
      );
      return r.failures.length > 0 ? 1 : 0;
    }
    const pristine = copyCorpus();
    const files = corpusFiles(pristine);
    removeTree(pristine);
    const results: CaseResult[] = [];
    // One line per case as it ends, so a long run that is stopped still has its figures.
    mkdirSync(o.out, { recursive: true });
    const log = join(
      o.out,
      o.only ? `seed-${o.seed}-rerun.jsonl` : o.first ? `seed-${o.seed}-from-${o.first}.jsonl` : `seed-${o.seed}.jsonl`,
    );
    writeFileSync(log, '');
    const started = Date.now();
    const indexes = o.only ?? Array.from({ length: o.cases }, (_, i) => o.first + i);
    process.stderr.write(
      `fuzz: seed ${o.seed}, ${indexes.length} cases from ${indexes[0] ?? o.first}, ${o.jobs} at a time, the CLI run as ${user ? `uid ${user.uid}` : 'this user (permissions do not bind root: chmod cases test nothing)'}\n`,
    );
    await pool(indexes.length, o.jobs, async (i) => {
      const c = planCase(o.seed, indexes[i]!, files);
      const r = await runCase(c, options);
      results[i] = { case: c, outcome: { code: r.code, signal: r.signal, cpuMs: r.cpuMs, failures: r.failures } };
      appendFileSync(log, `${JSON.stringify(results[i])}\n`);
      if (r.failures.length > 0)
        process.stderr.write(
          `case ${c.index}: ${r.failures.join(', ')} (${c.command.join(' ')}; ${c.mutations.map((m) => `${m.op} ${m.file} ${m.param}`).join('; ')})\n${r.stderr.split('\n').slice(0, 3).join('\n')}\n`,
        );
      if ((i + 1) % 50 === 0)
        process.stderr.write(
          `fuzz: ${i + 1} of ${indexes.length} started, ${Math.round((Date.now() - started) / 1000)} s\n`,
        );
    });
    const lines = [
      `pnpm fuzz --seed ${o.seed} ${o.only ? `--only ${o.only.join(',')}` : `--cases ${o.cases}${o.first ? ` --first ${o.first}` : ''}`}`,
      '',
      ...formatSummary(results),
    ];
    const failing = results.filter((r) => r.outcome.failures.length > 0);
    if (failing.length > 0) {
      lines.push('', 'minimised reproducers (node packages/fuzz/dist/fuzz.js --replay FILE):');
      for (const r of failing) {
        const small = await minimise(r.case, r.outcome.failures[0]!, options);
        const file = join(o.out, `seed-${o.seed}-case-${r.case.index}.json`);
        writeFileSync(file, `${JSON.stringify(small, null, 2)}\n`);
        lines.push(
          `- case ${r.case.index}: ${r.outcome.failures.join(', ')}: ${small.command.join(' ')}; ${small.mutations.map((m) => `${m.op} ${m.file} param ${m.param} seed ${m.seed}`).join('; ')} → ${file}`,
        );
      }
    }
    if (o.scaling) {
      // Without the fact cache: every size derives what it reads, as the unmutated run does.
      const rows = await scaling({ ...options, cacheDir: undefined });
      lines.push('', 'time growth (CPU of one gate run per size):', '', ...formatScaling(rows));
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    return failing.length > 0 ? 1 : 0;
  } finally {
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => (process.exitCode = code),
  (err: unknown) => {
    process.stderr.write(`openwop-spec-fuzz: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 2;
  },
);
