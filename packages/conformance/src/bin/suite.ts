#!/usr/bin/env node
// Entry point of `pnpm --filter @openwop-spec/conformance run suite -- --host <url>`.
import { runSuite } from '../suite.js';

// `pnpm run suite -- --host …` may hand the `--` through; it is not an argument.
const argv = process.argv.slice(2);
runSuite(argv[0] === '--' ? argv.slice(1) : argv, {
  env: process.env,
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(`suite: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 2;
  },
);
