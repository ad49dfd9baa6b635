import { createHash } from 'node:crypto';
import { readFileSync, watch as fsWatch } from 'node:fs';
import { relative, sep } from 'node:path';
import type { GateResult } from '@openwop-spec/diagnostics';
import { CONFIG_FILE, SpecTree } from '@openwop-spec/spec-tree';
import type { AccessLog, Gate, PathInfo } from '@openwop-spec/spec-tree';

/** Where change events come from: the file system in the CLI, a fake in tests. */
export interface ChangeSource {
  /** Starts delivering batches of changed repository-relative POSIX paths. */
  start(onChange: (paths: string[]) => void): void;
  close(): void;
}

export interface WatchOptions {
  tree: SpecTree;
  gates: readonly Gate[];
  /** Runs gates on a tree and returns their results (the CLI's own runner: errors become results). */
  run(tree: SpecTree, gates: readonly Gate[]): Promise<GateResult[]>;
  /** Prints results the way a one-shot run does; returns the exit code. */
  report(results: readonly GateResult[]): number;
  /** Status lines (`watch: …`). */
  log(line: string): void;
  source?: ChangeSource;
  /** Ends the watch; defaults to the first SIGINT. */
  signal?: AbortSignal;
  /** Milliseconds, for the status line; injected so tests stay deterministic. */
  clock?: () => number;
}

/** Paths a watcher never reacts to: VCS data, installed packages and caches. */
const IGNORED = /(^|\/)(\.git|node_modules|\.turbo)(\/|$)/;

/**
 * Whether a changed path can change a gate's result: the gate read its content; or the path changed
 * what it is (created, deleted, replaced by a directory or a symlink) and the gate asked about it
 * or listed its directory; or the gate read something under it (a directory renamed or removed).
 */
export function affects(log: AccessLog, path: string, changedKind: boolean): boolean {
  if (log.files.has(path)) return true;
  if (changedKind) {
    if (log.stats.has(path) || log.dirs.has(path)) return true;
    const slash = path.lastIndexOf('/');
    if (log.dirs.has(slash < 0 ? '' : path.slice(0, slash))) return true;
  }
  const prefix = `${path}/`;
  for (const f of log.files) if (f.startsWith(prefix)) return true;
  for (const d of log.dirs) if (d.startsWith(prefix)) return true;
  return false;
}

const shape = (i: PathInfo | undefined): string | undefined => (i ? `${i.kind}|${i.symlink}|${i.realPath ?? ''}|${i.escapes}` : undefined);

const hashFile = (abs: string): string | undefined => {
  try {
    return createHash('sha256').update(readFileSync(abs)).digest('hex');
  } catch {
    return undefined;
  }
};

/**
 * `openwop-spec check --watch`: runs the gates once, then after each batch of changes forgets only
 * the changed files (the tree keeps every other parse), re-runs only the gates that read a changed
 * path, and prints their new results. Events for files the run itself wrote, with the bytes it
 * wrote, are ignored, so a run never triggers itself. Resolves with 0 when stopped.
 */
export async function watchGates(options: WatchOptions): Promise<number> {
  const clock = options.clock ?? (() => performance.now());
  let tree = options.tree;
  const logs = new Map<Gate, AccessLog>();
  const ownWrites = new Map<string, string | undefined>();

  const runGates = async (gates: readonly Gate[]): Promise<GateResult[]> => {
    const results: GateResult[] = [];
    for (const gate of gates) {
      const { value, log } = await tree.record(() => options.run(tree, [gate]));
      logs.set(gate, log);
      results.push(...value);
    }
    for (const path of tree.written) ownWrites.set(path, hashFile(tree.abs(path)));
    return results;
  };

  const started = clock();
  options.report(await runGates(options.gates));
  options.log(`watch: ${options.gates.length} gate(s) checked in ${Math.round(clock() - started)} ms; waiting for changes (Ctrl-C to stop)`);

  // Batches are handled one at a time; events that arrive meanwhile join the next batch.
  let pending = new Set<string>();
  let busy: Promise<void> = Promise.resolve();
  const handle = async (): Promise<void> => {
    const batch = [...pending].filter((p) => !IGNORED.test(p) && !isOwnWrite(p));
    pending = new Set();
    if (batch.length === 0) return;
    const t0 = clock();
    let gates: readonly Gate[];
    if (batch.includes(CONFIG_FILE)) {
      // The corpus paths themselves may have moved: start over with a fresh tree.
      tree = SpecTree.load(tree.root);
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
      options.log(`watch: ${batch.length} change(s), no gate reads them`);
      return;
    }
    options.report(await runGates(gates));
    options.log(`watch: re-ran ${gates.map((g) => g.id).join(', ')} in ${Math.round(clock() - t0)} ms after ${batch.length} change(s)`);
  };

  const isOwnWrite = (path: string): boolean => {
    if (!ownWrites.has(path)) return false;
    if (hashFile(tree.abs(path)) === ownWrites.get(path)) return true;
    ownWrites.delete(path);
    return false;
  };

  const source = options.source ?? fileSystemSource(tree.root);
  const signal = options.signal ?? sigint();
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      source.close();
      void busy.then(resolve);
    };
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    source.start((paths) => {
      for (const p of paths) pending.add(p);
      busy = busy.then(handle).catch((err: unknown) => options.log(`watch: ${err instanceof Error ? err.message : String(err)}`));
    });
  });
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
 * Recursive fs.watch on the root, batched: events within `settleMs` of each other form one batch,
 * so an editor's save (write, rename, chmod) triggers one run.
 */
export function fileSystemSource(root: string, settleMs = 40): ChangeSource {
  let watcher: ReturnType<typeof fsWatch> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const batch = new Set<string>();
  return {
    start(onChange) {
      watcher = fsWatch(root, { recursive: true }, (_event, name) => {
        if (!name) return;
        const rel = relative(root, `${root}${sep}${name.toString()}`).split(sep).join('/');
        batch.add(rel);
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => {
          const paths = [...batch].sort();
          batch.clear();
          onChange(paths);
        }, settleMs);
      });
    },
    close() {
      if (timer) clearTimeout(timer);
      watcher?.close();
    },
  };
}
