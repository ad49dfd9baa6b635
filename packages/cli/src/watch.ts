import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { relative, sep } from 'node:path';
import type { FSWatcher } from 'chokidar';
import type { GateResult } from '@openwop-spec/diagnostics';
import { CONFIG_FILE, SpecTree, affects, errnoWords, readRegularFile } from '@openwop-spec/spec-tree';
import type { AccessLog, PathInfo } from '@openwop-spec/spec-tree';
import type { Gate } from '@openwop-spec/gate-api';

/** Where change events come from: the file system in the CLI, a fake in tests. */
export interface ChangeSource {
  /**
   * Starts watching and resolves once every later change will be delivered, as batches of
   * repository-relative POSIX paths; a watcher's own failure (a folder it may not read) goes to onError.
   */
  start(onChange: (paths: string[]) => void, onError: (err: unknown) => void): Promise<void>;
  close(): Promise<void>;
}

export interface WatchOptions {
  tree: SpecTree;
  gates: readonly Gate[];
  /** Runs gates on a tree and returns their results (the CLI's own runner: errors become results). */
  run(tree: SpecTree, gates: readonly Gate[]): Promise<GateResult[]>;
  /** Prints results the way a one-shot run does. */
  write(results: readonly GateResult[]): void;
  /** How a result ends under the run's options (0 passed, 1 failed, 2 could not run). */
  verdict(result: GateResult): 0 | 1 | 2;
  /** Status lines (`watch: …`); the last line of every run is one. */
  log(line: string): void;
  /** Clears the screen before each run (on a terminal); absent, runs follow each other. */
  clear?: () => void;
  source?: ChangeSource;
  /** Ends the watch; defaults to the first SIGINT. */
  signal?: AbortSignal;
  /** Milliseconds, for the status line; injected so tests stay deterministic. */
  clock?: () => number;
}

/** Paths a watcher never reacts to: VCS data, installed packages and caches. */
const IGNORED = /(^|\/)(\.git|node_modules|\.turbo)(\/|$)/;

const shape = (i: PathInfo | undefined): string | undefined =>
  i ? `${i.kind}|${i.symlink}|${i.realPath ?? ''}|${i.escapes}` : undefined;

/**
 * What is at a path the run wrote, to tell its own write from another change. Read without blocking
 * and without following a symlink: a checkout may put a FIFO or a link there (to a device, out of the
 * root), which is then a change, never a wait.
 */
const hashFile = (abs: string): string | undefined => {
  try {
    return createHash('sha256')
      .update(readRegularFile(abs, abs, Infinity, { follow: false }))
      .digest('hex');
  } catch {
    return undefined;
  }
};

/**
 * `openwop-spec check --watch`: starts watching, runs the gates once, then after each batch of
 * changes forgets only the changed files (the tree keeps every other parse), re-runs only the
 * gates that read a changed path, and prints their new results and a status line saying how every
 * gate stands. Events for files the run itself wrote, with the bytes it wrote, are ignored, so a
 * run never triggers itself. Resolves with 0 when stopped, and with 2, after saying so, when the
 * root itself is moved or deleted (nothing is left to check).
 */
export async function watchGates(options: WatchOptions): Promise<number> {
  const clock = options.clock ?? (() => performance.now());
  let tree = options.tree;
  const logs = new Map<Gate, AccessLog>();
  const verdicts = new Map<Gate, 0 | 1 | 2>();
  const ownWrites = new Map<string, string | undefined>();

  const runGates = async (gates: readonly Gate[]): Promise<void> => {
    const results: GateResult[] = [];
    for (const gate of gates) {
      const { value, log } = await tree.record(() => options.run(tree, [gate]));
      logs.set(gate, log);
      for (const r of value) verdicts.set(gate, options.verdict(r));
      for (const result of value) results.push(result);
    }
    for (const path of tree.written) ownWrites.set(path, hashFile(tree.abs(path)));
    options.clear?.();
    options.write(results);
  };
  const standing = (): string => {
    const passing = options.gates.filter((g) => verdicts.get(g) === 0).length;
    return `${passing} of ${options.gates.length} gate(s) pass; waiting for changes (Ctrl-C to stop)`;
  };

  const isOwnWrite = (path: string): boolean => {
    if (!ownWrites.has(path)) return false;
    if (hashFile(tree.abs(path)) === ownWrites.get(path)) return true;
    ownWrites.delete(path);
    return false;
  };

  // Batches are handled one at a time, after the first run; events that arrive meanwhile join the next batch.
  let pending = new Set<string>();
  const handle = async (): Promise<void> => {
    const batch = [...pending].filter((p) => !IGNORED.test(p) && !isOwnWrite(p));
    pending = new Set();
    if (batch.length === 0) return;
    const t0 = clock();
    let gates: readonly Gate[];
    if (batch.includes(CONFIG_FILE)) {
      // The corpus paths themselves may have moved: start over with a fresh tree.
      tree = SpecTree.load(tree.root, tree.options);
      gates = options.gates;
    } else {
      // What each path was before (as the tree last saw it) and is now; never seen counts as changed.
      const before = batch.map((p) => shape(tree.cachedInfo(p)));
      tree.invalidate(batch);
      const changedKind = batch.map((p, i) => before[i] === undefined || before[i] !== shape(tree.info(p)));
      gates = options.gates.filter((g) => {
        const log = logs.get(g);
        return !log || batch.some((p, i) => affects(log, p, changedKind[i]!));
      });
    }
    if (gates.length === 0) {
      options.log(`watch: ${batch.length} change(s), no gate reads them; ${standing()}`);
      return;
    }
    await runGates(gates);
    options.log(
      `watch: re-ran ${gates.map((g) => g.id).join(', ')} in ${Math.round(clock() - t0)} ms after ${batch.length} change(s); ${standing()}`,
    );
  };

  const source = options.source ?? fileSystemSource(tree.root);
  const signal = options.signal ?? sigint();
  // The root as it was when the watch started: gone, or another folder at its path, ends the watch.
  const identity = (): string | undefined => {
    try {
      const s = statSync(tree.root, { bigint: true, throwIfNoEntry: false });
      return s?.isDirectory() ? `${s.dev}:${s.ino}` : undefined;
    } catch {
      return undefined;
    }
  };
  const rootAtStart = identity();
  const gone = new AbortController();
  const rootGone = (): boolean => {
    if (gone.signal.aborted) return true;
    if (identity() === rootAtStart) return false;
    options.log(`watch: the root ${tree.root} is gone (moved or deleted); stopping`);
    gone.abort();
    return true;
  };
  let firstRunDone!: () => void;
  let busy = new Promise<void>((resolve) => (firstRunDone = resolve));
  const logError = (err: unknown): void => {
    if (rootGone()) return;
    const e = err as NodeJS.ErrnoException;
    // A watcher's own failure names the path it could not watch, in words, never a raw errno line.
    options.log(
      e.code !== undefined && e.path !== undefined
        ? `watch: cannot watch ${relative(tree.root, e.path).split(sep).join('/') || '.'}: ${errnoWords(e)}`
        : `watch: ${err instanceof Error ? err.message : String(err)}`,
    );
  };
  // Watch first, so a save made while the first run is under way is not lost.
  await source.start((paths) => {
    for (const p of paths) pending.add(p);
    busy = busy.then(() => (rootGone() ? undefined : handle())).catch(logError);
  }, logError);
  const started = clock();
  await runGates(options.gates).catch(logError);
  options.log(`watch: ${options.gates.length} gate(s) checked in ${Math.round(clock() - started)} ms; ${standing()}`);
  firstRunDone();

  await new Promise<void>((resolve) => {
    let stopping = false;
    const stop = (): void => {
      if (stopping) return;
      stopping = true;
      void busy.then(() => source.close()).then(resolve);
    };
    if (signal.aborted || gone.signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    gone.signal.addEventListener('abort', stop, { once: true });
  });
  if (gone.signal.aborted) return 2;
  options.log('watch: stopped');
  return 0;
}

/** An AbortSignal that fires on the first SIGINT (and stops listening after it). */
function sigint(): AbortSignal {
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  return controller.signal;
}

/**
 * Collects paths and hands them over as one sorted batch once `settleMs` pass without a new one,
 * so an editor's save (a temporary file written, renamed over the original, its mode set) or a
 * `git checkout` of many files triggers one run.
 */
export function debounce(
  settleMs: number,
  onBatch: (paths: string[]) => void,
): { add(path: string): void; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const batch = new Set<string>();
  return {
    add(path) {
      batch.add(path);
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = undefined;
        const paths = [...batch].sort();
        batch.clear();
        onBatch(paths);
      }, settleMs);
    },
    cancel() {
      if (timer) clearTimeout(timer);
      batch.clear();
    },
  };
}

/**
 * Changes under `root` through chokidar, which watches each directory (not only each file's inode),
 * so a file replaced by a rename — vim's and JetBrains' safe write, `sed -i`, `git checkout` — or
 * deleted and created again keeps being watched, and a new directory is scanned as it appears.
 * Symlinks are watched as links, never followed: the tree reads nothing through a link that leaves
 * the root, and a symlink to `/` committed in the tree must not make the watcher crawl the file system.
 */
export function fileSystemSource(root: string, settleMs = 50): ChangeSource {
  const toRepoPath = (abs: string): string => relative(root, abs).split(sep).join('/');
  let watcher: FSWatcher | undefined;
  let batch: ReturnType<typeof debounce> | undefined;
  return {
    async start(onChange, onError) {
      batch = debounce(settleMs, onChange);
      const { watch } = await import('chokidar'); // loaded by --watch only
      const w = watch(root, {
        ignoreInitial: true,
        followSymlinks: false,
        ignored: (abs) => IGNORED.test(toRepoPath(abs)),
      });
      watcher = w;
      w.on('all', (_event, abs) => batch!.add(toRepoPath(abs)));
      w.on('error', onError);
      await new Promise<void>((resolve) => w.once('ready', resolve));
    },
    async close() {
      batch?.cancel();
      await watcher?.close();
    },
  };
}
