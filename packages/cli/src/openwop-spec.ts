#!/usr/bin/env node
import { appendFileSync } from 'node:fs';
import { main } from './main.js';

const out = (stream: NodeJS.WriteStream) => (line: string) => void stream.write(line + '\n');

// A reader that stops early (`| head`) closes the pipe: stop quietly instead of crashing on EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
    process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
  });
}

main(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdout: out(process.stdout),
  stderr: out(process.stderr),
  isTTY: process.stdout.isTTY === true,
  appendFile: (path, text) => appendFileSync(path, text),
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
