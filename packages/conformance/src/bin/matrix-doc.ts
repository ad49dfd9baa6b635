#!/usr/bin/env node
// Entry point of `pnpm --filter @openwop-spec/conformance gen`: runs every mutant in process and
// writes MATRIX.md's row → mutant → observed-failure table (only when its bytes change).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inProcessHost } from '../adapters/in-process.js';
import { currentMatrix, readMatrixDoc, spliceMatrix, writeMatrixDoc } from '../matrix-doc.js';
import { runRows, startSuiteEnvironment } from '../run.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const MATRIX = 'packages/conformance/MATRIX.md';

const env = await startSuiteEnvironment();
try {
  const block = await currentMatrix(await runRows(inProcessHost(), env), (mutant) =>
    runRows(mutant.wrap(inProcessHost()), env),
  );
  const current = readMatrixDoc(join(ROOT, MATRIX));
  const wanted = spliceMatrix(current, block);
  if (wanted !== current) writeMatrixDoc(ROOT, MATRIX, wanted);
  process.stdout.write(`MATRIX.md: the mutant matrix is ${wanted === current ? 'unchanged' : 'rewritten'}\n`);
} finally {
  await env.close();
}
