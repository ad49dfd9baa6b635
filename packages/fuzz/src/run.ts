import { chmodSync, cpSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { constants, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Prng, hashString } from '@openwop-spec/bench';
import { unprivileged } from '@openwop-spec/spec-tree/testing';
import type { Unprivileged } from '@openwop-spec/spec-tree/testing';
import { OPERATORS, operator, outsideOf } from './operators.js';
import type { Mutation } from './operators.js';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
export const CLI_BIN = join(REPO_ROOT, 'packages/cli/dist/openwop-spec.js');

/** What a case copies from the repository: every gate input (docs/ holds only one, the baseline). */
const CORPUS = [
  'spec',
  'schemas',
  'docs/normative-home-baseline.json',
  'evidence',
  'openwop-spec.config.json',
  'pnpm-workspace.yaml',
];
const CONFORMANCE = ['src', 'scenario-majors.config.json', 'scenario-majors.json', 'requirements.json'].map(
  (p) => `packages/conformance/${p}`,
);

const GATES = ['core-budget', 'normative-home', 'scenario-majors', 'declaration', 'schemas'];
/** The command lines a case draws from; those starting with `check` must never write. */
export const COMMANDS: readonly (readonly string[])[] = [
  ['check'],
  ['check', '--format', 'json'],
  ['check', '--format', 'sarif'],
  ['check', '--format', 'github'],
  ['check', '--deadline'],
  ...GATES.map((g) => ['check', g]),
  ['gen'],
  ['normative-home', '--write-baseline'],
];

export interface Case {
  seed: number;
  index: number;
  command: readonly string[];
  mutations: Mutation[];
}

export type Failure = 'crash' | 'hang' | 'stack' | 'write' | 'escape' | 'injection' | 'no-document' | 'unpositioned';
export const FAILURES: readonly Failure[] = [
  'crash',
  'hang',
  'stack',
  'write',
  'escape',
  'injection',
  'no-document',
  'unpositioned',
];

export interface Outcome {
  /** The exit code, or null after a signal or a hang. */
  code: number | null;
  signal: string | null;
  /** CPU time of the CLI process (user + system), in milliseconds. */
  cpuMs: number;
  /** The CLI process's peak resident memory, in KiB (0 when it did not exit by itself). */
  rssKb: number;
  stdout: string;
  stderr: string;
  /** Files the run added, removed or changed. */
  changed: string[];
  /** Files it added, removed or changed outside the tree, through a link (outsideOf(root)). */
  escaped: string[];
  failures: Failure[];
}

export interface RunOptions {
  /** The CLI's entry script (a test passes a sabotaged one). */
  cli?: string;
  /** Milliseconds after which a run is a hang (default 60,000). */
  timeoutMs?: number;
  /** Where the fact cache lives across cases (default: none, --no-cache). */
  cacheDir?: string;
  /** Run the CLI as a user permissions bind (default: unprivileged(), when there is one). */
  user?: Unprivileged | null;
  /** Keep the case's tree and return its path in `root`. */
  keep?: boolean;
  /** The repository whose corpus a case copies (default: this one). */
  source?: string;
}

/** The repository-relative files of a corpus copy, sorted by UTF-16 code units. */
export function corpusFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const abs = join(dir, name);
      if (lstatSync(abs).isDirectory()) walk(abs);
      else out.push(relative(root, abs).split('\\').join('/'));
    }
  };
  walk(root);
  return out.sort();
}

/** A fresh copy of the corpus of `source` (default: this repository). */
export function copyCorpus(source = REPO_ROOT): string {
  const root = mkdtempSync(join(tmpdir(), 'openwop-fuzz-'));
  for (const p of [...CORPUS, ...CONFORMANCE]) cpSync(join(source, p), join(root, p), { recursive: true });
  return root;
}

/** Case `index` of run `seed`: one to three mutations of files of `files`, and a command. Same arguments, same case. */
export function planCase(seed: number, index: number, files: readonly string[]): Case {
  const rng = new Prng(hashString(`${seed}:${index}`));
  const mutations: Mutation[] = [];
  const count = rng.chance(0.7) ? 1 : rng.int(2, 3);
  for (let i = 0; i < count; i++) {
    const op = rng.pick(OPERATORS);
    const targets = files.filter(op.accepts);
    if (targets.length === 0) continue;
    mutations.push({ op: op.name, file: rng.pick(targets), param: rng.pick(op.params), seed: rng.int(0, 0xffffffff) });
  }
  return { seed, index, command: rng.pick(COMMANDS), mutations };
}

/**
 * Applies the mutations to the tree at `root`, in order. One whose file an earlier mutation removed
 * or replaced (by a FIFO, a folder, a symlink to a device…) does nothing: reading it could block.
 */
export function applyMutations(root: string, mutations: readonly Mutation[]): void {
  for (const m of mutations) {
    let regular: boolean;
    try {
      regular = lstatSync(join(root, m.file)).isFile();
    } catch {
      regular = false;
    }
    if (regular) operator(m.op).apply(root, m);
  }
}

type Snapshot = Map<string, string>;
/** Type, size, mode and modification time of every path under root (not following symlinks). */
function snapshot(root: string): Snapshot {
  const out: Snapshot = new Map();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const abs = join(dir, name);
      const s = lstatSync(abs, { bigint: true });
      out.set(relative(root, abs), `${s.mode}:${s.size}:${s.mtimeNs}`);
      if (s.isDirectory()) {
        try {
          walk(abs);
        } catch {
          // A folder a mutation made unlistable even for this user.
        }
      }
    }
  };
  walk(root);
  return out;
}

/** A snapshot of `dir`, empty when there is none. */
const snapshotIfAny = (dir: string): Snapshot => {
  try {
    return snapshot(dir);
  } catch {
    return new Map();
  }
};

const changedPaths = (a: Snapshot, b: Snapshot): string[] =>
  [...new Set([...a.keys(), ...b.keys()])].filter((p) => a.get(p) !== b.get(p)).sort();

const STACK = /^\s+at .+:\d+:\d+\)?$|internal error|Maximum call stack|Cannot find module/m;
/**
 * A diagnostic naming file:line:col (a stylish line, a JSON location), or the file where no line
 * applies (a GitHub annotation, a SARIF artifact location), or the one line of an output that could not be written.
 */
const POSITIONED =
  /^\S[^:]*:\d+:\d+ {2}(error|warning)|^::error file=|"(line|startLine)": \d+|"uri": "|^openwop-spec: cannot write to stdout/m;

/**
 * Output a name from the tree took over: a line that starts a workflow command the hostile-name
 * operator forged, or a raw control character (escape sequences, a CR that rewrites the line) where
 * every format prints one visibly or escaped. Tab and LF are the outputs' own.
 */
const INJECTED = /(^|\r)::fuzz-forged|[\u0000-\u0008\u000b-\u001f]/m;

/** What went wrong in a run, if anything (the issue's list: crash, hang, stack trace, check-mode write, a write outside the tree, output a name took over, no JSON document, exit 2 without a positioned line). */
export function classify(
  command: readonly string[],
  r: {
    code: number | null;
    signal: string | null;
    stdout: string;
    stderr: string;
    changed: readonly string[];
    escaped?: readonly string[];
    timedOut: boolean;
  },
): Failure[] {
  const out: Failure[] = [];
  if (r.timedOut) out.push('hang');
  else if (r.signal !== null || r.code === null || r.code > 2) out.push('crash');
  if (STACK.test(r.stderr) || STACK.test(r.stdout)) out.push('stack');
  if (command[0] === 'check' && r.changed.length > 0) out.push('write');
  if ((r.escaped ?? []).length > 0) out.push('escape');
  if (INJECTED.test(r.stdout) || INJECTED.test(r.stderr)) out.push('injection');
  const format = command[command.indexOf('--format') + 1];
  if (!r.timedOut && command.includes('--format') && (format === 'json' || format === 'sarif')) {
    try {
      JSON.parse(r.stdout);
    } catch {
      out.push('no-document');
    }
  }
  if (r.code === 2 && !POSITIONED.test(r.stderr) && !POSITIONED.test(r.stdout)) out.push('unpositioned');
  return out;
}

/** Runs one case on a fresh copy of the corpus and says what happened. */
export async function runCase(
  c: Pick<Case, 'command' | 'mutations'>,
  options: RunOptions = {},
): Promise<Outcome & { root?: string }> {
  const root = copyCorpus(options.source);
  try {
    applyMutations(root, c.mutations);
    const user = options.user === undefined ? unprivileged() : options.user;
    user?.own(root);
    const outside = outsideOf(root);
    const before = snapshot(root);
    const beforeOutside = snapshotIfAny(outside);
    const args = [
      ...c.command,
      '--root',
      root,
      '--today',
      '2026-09-22',
      ...(options.cacheDir ? ['--cache-location', options.cacheDir] : ['--no-cache']),
    ];
    const r = await spawnTimed(
      [process.execPath, options.cli ?? user?.bin(CLI_BIN) ?? CLI_BIN, ...args],
      user ?? undefined,
      options.timeoutMs ?? 60_000,
    );
    const changed = changedPaths(before, snapshot(root));
    const escaped = changedPaths(beforeOutside, snapshotIfAny(outside));
    const outcome = { ...r, changed, escaped };
    return {
      code: r.code,
      signal: r.signal,
      cpuMs: r.cpuMs,
      rssKb: r.rssKb,
      stdout: r.stdout,
      stderr: r.stderr,
      changed,
      escaped,
      failures: classify(c.command, outcome),
      ...(options.keep ? { root } : {}),
    };
  } finally {
    if (!options.keep) removeTree(root);
  }
}

/** Removes a case's tree (and the folder outside it its links point at), after giving back the permissions the chmod operator took. */
export function removeTree(root: string): void {
  const stack = [root, outsideOf(root)];
  while (stack.length > 0) {
    const abs = stack.pop()!;
    let s;
    try {
      s = lstatSync(abs);
    } catch {
      continue;
    }
    if (s.isDirectory()) {
      chmodSync(abs, 0o755);
      for (const name of readdirSync(abs)) stack.push(join(abs, name));
    }
  }
  rmSync(root, { recursive: true, force: true });
  rmSync(outsideOf(root), { recursive: true, force: true });
}

interface Spawned {
  code: number | null;
  signal: string | null;
  cpuMs: number;
  rssKb: number;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/**
 * Loaded into the CLI's Node process before it starts: at exit, its peak resident memory (KiB) on
 * fd 3, where the runner reads it. A process killed by a signal writes nothing.
 */
const PEAK_MEMORY =
  'data:text/javascript,import{writeSync}from"node:fs";process.on("exit",()=>{try{writeSync(3,`maxrss ${process.resourceUsage().maxRSS}\\n`)}catch{}})';

/**
 * Runs argv (a Node process) under bash, which reports its child's CPU time (`times`) on fd 3, where
 * the child reports its peak memory first; kills the process group after timeoutMs.
 */
function spawnTimed(argv: readonly string[], user: Unprivileged | undefined, timeoutMs: number): Promise<Spawned> {
  const node = [argv[0]!, '--import', PEAK_MEMORY, ...argv.slice(1)];
  const full = user ? user.argv(node) : node;
  const script = '"$@" </dev/null; rc=$?; times >&3; exit $rc';
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script, 'fuzz', ...full], {
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      detached: true,
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', LC_ALL: 'C' },
    });
    const chunks: [Buffer[], Buffer[], Buffer[]] = [[], [], []];
    child.stdout!.on('data', (b: Buffer) => chunks[0].push(b));
    child.stderr!.on('data', (b: Buffer) => chunks[1].push(b));
    (child.stdio[3] as NodeJS.ReadableStream).on('data', (b: Buffer) => chunks[2].push(b));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      // bash reports a child killed by a signal as 128 + its number.
      const sig =
        code !== null && code > 128
          ? (Object.entries(constants.signals).find(([, n]) => n === code - 128)?.[0] ?? null)
          : null;
      const timing = Buffer.concat(chunks[2]).toString().split('\n');
      const rssKb = Number(/^maxrss (\d+)$/m.exec(timing.join('\n'))?.[1] ?? 0);
      const times = timing.filter((l) => !l.startsWith('maxrss '))[1] ?? '';
      const cpuMs = times
        .split(/\s+/)
        .filter(Boolean)
        .reduce((sum, t) => {
          const m = /^(\d+)m([\d.]+)s$/.exec(t);
          return m ? sum + (Number(m[1]) * 60 + Number(m[2])) * 1000 : sum;
        }, 0);
      resolve({
        code: timedOut || signal || sig ? null : code,
        signal: signal ?? sig,
        cpuMs: Math.round(cpuMs),
        rssKb,
        stdout: Buffer.concat(chunks[0]).toString(),
        stderr: Buffer.concat(chunks[1]).toString(),
        timedOut,
      });
    });
  });
}

/**
 * The smallest case that still fails with `failure`: drops mutations one at a time, halves each
 * mutation's size while it still fails, then tries each single gate in place of the command.
 */
export async function minimise(c: Case, failure: Failure, options: RunOptions = {}): Promise<Case> {
  const fails = async (x: Case): Promise<boolean> => (await runCase(x, options)).failures.includes(failure);
  let best = c;
  for (let i = best.mutations.length - 1; i >= 0 && best.mutations.length > 1; i--) {
    const fewer = { ...best, mutations: best.mutations.filter((_, j) => j !== i) };
    if (await fails(fewer)) best = fewer;
  }
  for (let i = 0; i < best.mutations.length; i++) {
    if (!operator(best.mutations[i]!.op).scaling) continue;
    for (;;) {
      const m = best.mutations[i]!;
      if (m.param <= 1) break;
      const smaller = {
        ...best,
        mutations: best.mutations.map((x, j) => (j === i ? { ...x, param: m.param >> 1 } : x)),
      };
      if (!(await fails(smaller))) break;
      best = smaller;
    }
  }
  if (best.command.length > 1 || best.command[0] !== 'check') return best;
  for (const gate of GATES) {
    const single = { ...best, command: ['check', gate] };
    if (await fails(single)) return single;
  }
  return best;
}
