import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Root } from 'mdast';
import { parseMarkdown } from './markdown.js';

export interface ParseJob {
  /** Caller's handle for the result. */
  key: string;
  text: string;
}

/** Below this much text a pool costs more (worker start-up, module load) than it saves. */
const MIN_POOL_CHARS = 96 * 1024;

/** Young-generation size of a parse worker: parsing allocates short-lived tokens by the million. */
const WORKER_YOUNG_MB = 64;

const workerUrl = (): URL =>
  // Under the TypeScript sources (tests) the worker runs from the built module.
  import.meta.url.endsWith('.ts') ? new URL('../dist/markdown-worker.js', import.meta.url) : new URL('./markdown-worker.js', import.meta.url);

/**
 * Parses `jobs` on every core: the calling thread parses too, between dispatching, so on a 2-core
 * machine one worker and the main thread share the work. Largest documents go first so the two
 * finish together. A worker that fails hands its job back to the main thread: results never depend
 * on the pool. `done` is called once per job, in completion order.
 */
export async function parseInPool(jobs: readonly ParseJob[], done: (key: string, root: Root) => void, options: { workers?: number } = {}): Promise<void> {
  const queue = [...jobs].sort((a, b) => b.text.length - a.text.length || (a.key < b.key ? -1 : 1));
  const total = queue.reduce((n, j) => n + j.text.length, 0);
  const workers = options.workers ?? Math.min(2, availableParallelism()) - 1;
  if (workers <= 0 || total < MIN_POOL_CHARS || queue.length < 2) {
    for (const job of queue) done(job.key, parseMarkdown(job.text));
    return;
  }

  const pending = new Map<number, ParseJob>();
  let nextId = 0;
  let alive = 0;
  let wake: (() => void) | undefined;
  const settle = (): void => {
    wake?.();
    wake = undefined;
  };
  const pool: Worker[] = [];
  const feed = (worker: Worker): void => {
    const job = queue.shift();
    if (!job) return;
    const id = nextId++;
    pending.set(id, job);
    inflight.set(worker, id);
    worker.postMessage({ id, text: job.text });
  };
  const inflight = new Map<Worker, number>();
  for (let i = 0; i < workers; i++) {
    let worker: Worker;
    try {
      worker = new Worker(workerUrl(), { resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB } });
    } catch {
      break;
    }
    alive++;
    pool.push(worker);
    worker.on('message', (msg: { id: number; root: Root }) => {
      const job = pending.get(msg.id)!;
      pending.delete(msg.id);
      inflight.delete(worker);
      done(job.key, msg.root);
      feed(worker);
      settle();
    });
    const retire = (): void => {
      if (!pool.includes(worker)) return;
      pool.splice(pool.indexOf(worker), 1);
      alive--;
      // Its unfinished job goes back to the queue for the main thread.
      const id = inflight.get(worker);
      if (id !== undefined) {
        queue.push(pending.get(id)!);
        pending.delete(id);
        inflight.delete(worker);
      }
      settle();
    };
    worker.on('error', retire);
    worker.on('exit', retire);
    feed(worker);
  }

  try {
    // The main thread takes the smallest remaining document each turn and yields, so worker
    // results are collected and workers re-fed while it works.
    while (queue.length > 0 || pending.size > 0) {
      const job = queue.pop();
      if (job) {
        done(job.key, parseMarkdown(job.text));
        await new Promise<void>((resolve) => setImmediate(resolve));
      } else if (alive > 0) {
        await new Promise<void>((resolve) => (wake = resolve));
      } else break;
    }
  } finally {
    for (const worker of pool.splice(0)) {
      worker.removeAllListeners('exit');
      void worker.terminate();
    }
  }
}
