#!/usr/bin/env node
import { appendFileSync, writeSync } from 'node:fs';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { errnoWords } from '@openwop-spec/spec-tree';
import { main } from './main.js';

// The bin owns its process, so it (and no library) turns on V8's `gc` for it: once, before any
// code runs, read from a fresh context, and handed to the CLI to run between gates.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
// A full collection pays where the dropped parse trees are a large heap (scale 10 of the bench:
// 137–156 MiB in use, peak RSS 537 → 481 MiB); on a small one it is only cost (scale 1: 26–33 MiB
// in use, ~30 ms per collection), so it runs only above this much.
const COLLECT_ABOVE = 64 * 1024 * 1024;
const collectGarbage = (): void => {
  if (getHeapStatistics().used_heap_size > COLLECT_ABOVE) gc();
};

const out = (stream: NodeJS.WriteStream) => (line: string) => void stream.write(line + '\n');

/** The status line on a terminal's stderr: rewritten in place (carriage return, erase the line), cut to its width. */
const status = (line: string | undefined): void => {
  const width = Math.max(1, (process.stderr.columns || 80) - 1);
  process.stderr.write(`\r\x1b[2K${line === undefined ? '' : line.slice(0, width)}`);
};

for (const [name, stream] of [
  ['stdout', process.stdout],
  ['stderr', process.stderr],
] as const) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    // A reader that stops early (`| head`) closes the pipe: stop quietly with the run's code.
    if (err.code === 'EPIPE') process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
    // Output that cannot be written (a full disk, a revoked terminal) means the run did not do its
    // job, whatever the gates said: one line on stderr if that still works, and exit 2.
    if (name === 'stdout') {
      try {
        writeSync(2, `openwop-spec: cannot write to stdout: ${errnoWords(err)}${err.code ? ` (${err.code})` : ''}\n`);
      } catch {
        // stderr fails too: the exit code is all that is left.
      }
    }
    process.exit(2);
  });
}

main(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdout: out(process.stdout),
  stderr: out(process.stderr),
  isTTY: process.stdout.isTTY === true,
  ...(process.stderr.isTTY ? { status } : {}),
  appendFile: (path, text) => appendFileSync(path, text),
  collectGarbage,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    // Reached only through a defect in the CLI itself; user errors never throw.
    process.stderr.write(`openwop-spec: internal error (this is a bug)\n`);
    if (process.argv.includes('--debug') && err instanceof Error) process.stderr.write(`${err.stack ?? err.message}\n`);
    process.exitCode = 2;
  },
);
