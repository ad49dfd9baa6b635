#!/usr/bin/env node
// pnpm fuzz --cases N --seed S [--first I | --only I,J…] [--jobs J] [--timeout MS] [--out DIR] [--no-scaling] [--replay FILE | --summarise FILE...]
import { appendFileSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unprivileged } from '@openwop-spec/spec-tree/testing';
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
  replay?: string;
  /** Print the summary of earlier runs from their seed-S.jsonl files, and run nothing. */
  summarise?: string[];
}

function parseOptions(argv: readonly string[]): Options {
  const o: Options = {
    cases: 200,
    first: 0,
    seed: 1,
    jobs: 2,
    timeoutMs: 60_000,
    out: join(REPO_ROOT, 'packages/fuzz/results'),
    scaling: true,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    const int = (): number => {
      const v = value();
      if (!/^\d+$/.test(v)) throw new Error(`${a} needs a whole number, not ${v}`);
      return Number(v);
    };
    if (a === '--cases') o.cases = int();
    else if (a === '--first') o.first = int();
    else if (a === '--only') o.only = value().split(',').map(Number);
    else if (a === '--summarise') {
      o.summarise = argv.slice(i + 1);
      break;
    } else if (a === '--seed') o.seed = int();
    else if (a === '--jobs') o.jobs = Math.max(1, int());
    else if (a === '--timeout') o.timeoutMs = int();
    else if (a === '--out') o.out = value();
    else if (a === '--no-scaling') o.scaling = false;
    else if (a === '--replay') o.replay = value();
    else if (a !== '--') throw new Error(`unknown option ${a}`);
  }
  return o;
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
