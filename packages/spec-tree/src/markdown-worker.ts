import { parentPort } from 'node:worker_threads';
import { parseMarkdown } from './markdown.js';

/** A parse worker of the markdown pool: text in, mdast out (structured clone keeps every field). */
parentPort?.on('message', (job: { id: number; text: string }) => {
  parentPort!.postMessage({ id: job.id, root: parseMarkdown(job.text) });
});
