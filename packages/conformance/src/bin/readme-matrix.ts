#!/usr/bin/env node
// Entry point of `pnpm --filter @openwop-spec/conformance gen`: runs every mutant in process and
// writes the README's row → mutant → observed-failure table (only when its bytes change).
import { fileURLToPath } from 'node:url';
import { inProcessHost } from '../adapters/in-process.js';
import { currentMatrix, readReadme, spliceMatrix, writeReadme } from '../readme-matrix.js';
import { runRows, startSuiteEnvironment } from '../run.js';

const README = fileURLToPath(new URL('../../README.md', import.meta.url));

const env = await startSuiteEnvironment();
try {
  const block = await currentMatrix(await runRows(inProcessHost(), env), (mutant) =>
    runRows(mutant.wrap(inProcessHost()), env),
  );
  const current = readReadme(README);
  const wanted = spliceMatrix(current, block);
  if (wanted !== current) writeReadme(README, wanted);
  process.stdout.write(`README.md: the mutant matrix is ${wanted === current ? 'unchanged' : 'rewritten'}\n`);
} finally {
  await env.close();
}
