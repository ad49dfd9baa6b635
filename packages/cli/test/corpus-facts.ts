// vitest's global setup for the root run (`pnpm test`): a fact cache of this repository's corpus,
// warmed once before any test file runs, that the tests over the corpus and its copies start from
// (`warmCorpusCache` in helpers.ts copies it), so that no test file parses the whole corpus itself.
// Facts are keyed by the code that derives them, so each CLI build gets its own: the packages'
// unbundled code (`dist/bin.js`, as the tests' in-process runs) and the bundled bin
// (`dist/openwop-spec.js`, as the tests that spawn it), and the copy of it a user whom permissions
// bind runs (`Unprivileged.bin`: as root, outside a clone that user may not reach). A run from inside one package has no global
// setup, and its tests start from an empty cache; cache.test.ts proves a warm run prints what a cold one does.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { unprivileged } from '@openwop-spec/spec-tree/testing';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The fact cache folder of each CLI build, warmed over this repository's corpus. */
    corpusFacts?: Record<Build, string>;
  }
}

/**
 * `in-process`: the packages' own code, as `main` runs in a test; `bin`: the bundled built bin;
 * `unprivileged-bin`: the bin as `unprivileged()` runs it (the bin itself unless that is a copy).
 */
export type Build = 'in-process' | 'bin' | 'unprivileged-bin';
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = join(ROOT, 'packages/cli/dist/openwop-spec.js');
const ENTRY: Record<Build, string> = {
  'in-process': join(ROOT, 'packages/cli/dist/bin.js'),
  bin: BIN,
  'unprivileged-bin': unprivileged()?.bin(BIN) ?? BIN,
};
/** The gates that read facts. */
const GATES = ['core-budget', 'normative-home', 'scenario-majors', 'declaration', 'references'];

/**
 * Runs the gates over the corpus with `build`, caching in `dir`. A corpus that fails a gate, or
 * that a gate cannot read, still leaves the facts of what could be read; a run that left no cache
 * (a build missing: `pnpm test` builds first) rejects, naming it.
 */
function warm(build: Build, dir: string): Promise<void> {
  const argv = [ENTRY[build], 'check', ...GATES, '--root', ROOT, '--today', '2026-09-22', '--cache-location', dir];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      existsSync(dir)
        ? resolve()
        : reject(new Error(`warming the corpus facts with ${ENTRY[build]} wrote no cache (exit ${code})\n${stderr}`)),
    );
  });
}

export default async function setup(project: TestProject): Promise<() => void> {
  const parent = mkdtempSync(join(tmpdir(), 'openwop-corpus-facts-'));
  const dirs: Record<Build, string> = {
    'in-process': join(parent, 'in-process'),
    bin: join(parent, 'bin'),
    // A copy of the bin is code of its own to the cache: its facts are warmed apart.
    'unprivileged-bin': join(parent, ENTRY['unprivileged-bin'] === BIN ? 'bin' : 'unprivileged-bin'),
  };
  const builds = (Object.keys(dirs) as Build[]).filter((b) => b !== 'unprivileged-bin' || ENTRY[b] !== BIN);
  await Promise.all(builds.map((build) => warm(build, dirs[build])));
  project.provide('corpusFacts', dirs);
  return () => rmSync(parent, { recursive: true, force: true });
}
