import { Worker } from 'node:worker_threads';
import type { Root } from 'mdast';
import { parseMarkdown } from './markdown.js';

export interface ParseJob {
  /** Caller's handle for the result. */
  key: string;
  text: string;
}

export interface PoolOptions {
  /** Parse workers to start (default DEFAULT_WORKERS). */
  workers?: number;
}

export interface Parsing {
  /**
   * Resolves when every job is done; idempotent. With workers running, the calling thread waits for
   * them; without, it parses everything itself now.
   */
  finish(): Promise<void>;
}

/** Below this much text a pool costs more (worker start-up, module load) than it saves. */
const MIN_POOL_CHARS = 96 * 1024;

/** Young-generation size of a parse worker: parsing allocates short-lived tokens by the million. */
const WORKER_YOUNG_MB = 64;

const workerUrl = (): URL =>
  // Under the TypeScript sources (tests) the worker runs from the built module.
  import.meta.url.endsWith('.ts') ? new URL('../dist/markdown-worker.js', import.meta.url) : new URL('./markdown-worker.js', import.meta.url);

/**
 * No parse worker by default. Measured on the 2-core reference machine (packages/bench/README.md),
 * one worker saves 8–18 % of wall time but adds 50–65 MiB of peak memory and up to 0.9 s of CPU:
 * V8's concurrent GC and compiler threads already keep the second core busy, and the memory target
 * matters at scale. Callers on bigger machines opt in (the CLI: OPENWOP_SPEC_WORKERS).
 */
export const DEFAULT_WORKERS = 0;

/**
 * Starts parsing `jobs` in worker threads and returns at once, so the calling thread can do other
 * work. Jobs, largest first, are claimed one at a time through a shared counter, so several
 * workers stay balanced and none waits on the caller's event loop. The caller does not take jobs
 * itself while workers run: measured, a second thread warming up the parser's JIT costs more than
 * it saves. A job a failed worker claimed is parsed by the caller: results never depend on the
 * pool. `done` is called once per job.
 */
export function startParsing(jobs: readonly ParseJob[], done: (key: string, root: Root) => void, options: PoolOptions = {}): Parsing {
  const sorted = [...jobs].sort((a, b) => b.text.length - a.text.length || (a.key < b.key ? -1 : 1));
  const total = sorted.reduce((n, j) => n + j.text.length, 0);
  const wanted = options.workers ?? DEFAULT_WORKERS;
  const next = new Int32Array(new SharedArrayBuffer(4));
  const delivered = new Set<number>();
  const deliver = (i: number, root: Root): void => {
    if (delivered.has(i)) return;
    delivered.add(i);
    done(sorted[i]!.key, root);
  };

  const ended: Array<Promise<void>> = [];
  if (wanted > 0 && total >= MIN_POOL_CHARS && sorted.length > 1) {
    const texts = sorted.map((j) => j.text);
    for (let w = 0; w < wanted; w++) {
      let worker: Worker;
      try {
        worker = new Worker(workerUrl(), { resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_MB } });
      } catch {
        break;
      }
      ended.push(
        new Promise<void>((resolve) => {
          const end = (): void => {
            worker.removeAllListeners();
            void worker.terminate();
            resolve();
          };
          worker.on('message', (msg: { index: number; root: Root } | { done: true }) => {
            if ('done' in msg) end();
            else deliver(msg.index, msg.root);
          });
          worker.on('error', end);
          worker.on('exit', end);
          worker.postMessage({ texts, next });
        }),
      );
    }
  }

  let finishing: Promise<void> | undefined;
  return {
    finish() {
      finishing ??= (async () => {
        await Promise.all(ended);
        // Everything when no worker started, else what a failed worker left.
        for (let i = 0; i < sorted.length; i++) if (!delivered.has(i)) deliver(i, parseMarkdown(sorted[i]!.text));
      })();
      return finishing;
    },
  };
}
