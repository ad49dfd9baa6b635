// vitest's global setup for the root run (`pnpm test`): the generated scale-1 corpus that
// gates.test.ts checks, written and its documents parsed once before any test file runs, by the
// built generator and the packages' unbundled CLI (`dist/bin.js`, whose cached facts the tests'
// in-process runs read). A failure here provides nothing: the test file then does the work itself
// and reports what went wrong, as it does in a run from inside the package.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The generated scale-1 corpus and the fact cache its first gate run wrote. */
    benchCorpus?: { root: string; cache: string };
  }
}

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const run = promisify(execFile);

export default async function setup(project: TestProject): Promise<() => void> {
  const parent = mkdtempSync(join(tmpdir(), 'openwop-bench-corpus-'));
  const corpus = { root: join(parent, 'corpus'), cache: join(parent, 'cache') };
  try {
    const gen = [join(ROOT, 'packages/bench/dist/gen-corpus.js'), '--scale', '1', '--out', corpus.root];
    // A warning means the capabilities schema was not derived: left for the test to report.
    if ((await run(process.execPath, gen)).stderr !== '') throw new Error('not derived');
    await run(process.execPath, [
      join(ROOT, 'packages/cli/dist/bin.js'),
      ...[
        'check',
        'core-budget',
        'references',
        '--root',
        corpus.root,
        '--today',
        '2026-09-22',
        '--cache-location',
        corpus.cache,
      ],
    ]);
    project.provide('benchCorpus', corpus);
  } catch {
    // Provided nothing: gates.test.ts generates and checks the corpus itself, and says why it fails.
  }
  return () => rmSync(parent, { recursive: true, force: true });
}
