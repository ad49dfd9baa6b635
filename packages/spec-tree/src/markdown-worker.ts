import { parentPort } from 'node:worker_threads';
import { parseMarkdown } from './markdown.js';

/**
 * A parse worker of the markdown pool: it claims jobs through the shared counter until none is
 * left, posting each tree as it goes (structured clone keeps every field), then says it is done.
 */
parentPort?.once('message', (job: { texts: string[]; next: Int32Array }) => {
  for (let i = Atomics.add(job.next, 0, 1); i < job.texts.length; i = Atomics.add(job.next, 0, 1)) {
    parentPort!.postMessage({ index: i, root: parseMarkdown(job.texts[i]!) });
  }
  parentPort!.postMessage({ done: true });
});
