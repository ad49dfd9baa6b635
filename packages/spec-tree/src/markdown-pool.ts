import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Root } from 'mdast';
import { parseMarkdown } from './markdown.js';

export interface ParseJob {
  /** Caller's handle for the result. */
  key: string;
  text: string;
}

export interface PoolOptions {
  /** Parse workers to start (default: one per core beyond the first). */
  workers?: number;
  /**
   * Whether the calling thread parses a share too (default true). The CLI passes false so the
   * main thread runs the gates that need no markdown while the workers parse.
   */
  mainThread?: boolean;
}

/** Below this much text a pool costs more (worker start-up, module load) than it saves. */
const MIN_POOL_CHARS = 96 * 1024;

/** Young-generation size of a parse worker: parsing allocates short-lived tokens by the million. */
const WORKER_YOUNG_MB = 64;

const workerUrl = (): URL =>
  // Under the TypeScript sources (tests) the worker runs from the built module.
  import.meta.url.endsWith('.ts') ? new URL('../dist/markdown-worker.js', import.meta.url) : new URL('./markdown-worker.js', import.meta.url);

export const defaultWorkers = (): number => Math.max(0, Math.min(2, availableParallelism()) - 1);

/**
 * Parses `jobs` in worker threads. Jobs are dealt out up front, largest first, each to the least
 * loaded parser (the calling thread counts as one when `mainThread`), so a worker never waits for
 * a busy main thread to feed it. A worker that fails hands its jobs back to the calling thread:
 * results never depend on the pool. `done` is called once per job, in completion order.
 */
export async function parseInPool(jobs: readonly ParseJob[], done: (key: string, root: Root) => void, options: PoolOptions = {}): Promise<void> {
  const sorted = [...jobs].sort((a, b) => b.text.length - a.text.length || (a.key < b.key ? -1 : 1));
  const total = sorted.reduce((n, j) => n + j.text.length, 0);
  const mainThread = options.mainThread ?? true;
  const wanted = options.workers ?? defaultWorkers();
  if (wanted <= 0 || total < MIN_POOL_CHARS || sorted.length < 2) {
    for (const job of sorted) done(job.key, parseMarkdown(job.text));
    return;
  }

  const workers: Worker[] = [];
  for (let i = 0; i < wanted; i++) {
    try {
      workers.push(new Worker(workerUrl(), { resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB } }));
    } catch {
      break;
    }
  }
  // Share i < workers.length belongs to worker i; the last share (if any) to the calling thread.
  const shares: ParseJob[][] = Array.from({ length: workers.length + (mainThread || workers.length === 0 ? 1 : 0) }, () => []);
  const load = shares.map(() => 0);
  for (const job of sorted) {
    const i = load.indexOf(Math.min(...load));
    shares[i]!.push(job);
    load[i]! += job.text.length;
  }
  const local = workers.length < shares.length ? shares[shares.length - 1]! : [];

  const remote = workers.map(
    (worker, w) =>
      new Promise<ParseJob[]>((resolve) => {
        const open = new Map(shares[w]!.map((job, id) => [id, job]));
        const finish = (): void => {
          worker.removeAllListeners();
          void worker.terminate();
          // Whatever it did not parse is parsed by the calling thread.
          resolve([...open.values()]);
        };
        worker.on('message', (msg: { id: number; root: Root }) => {
          const job = open.get(msg.id);
          if (!job) return;
          open.delete(msg.id);
          done(job.key, msg.root);
          if (open.size === 0) finish();
        });
        worker.on('error', finish);
        worker.on('exit', finish);
        if (open.size === 0) finish();
        for (const [id, job] of open) worker.postMessage({ id, text: job.text });
      }),
  );
  for (const job of local) {
    done(job.key, parseMarkdown(job.text));
    // Let worker results in while this thread parses.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  for (const leftovers of await Promise.all(remote)) for (const job of leftovers) done(job.key, parseMarkdown(job.text));
}
