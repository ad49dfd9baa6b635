import { writeOutput } from '@openwop-spec/diagnostics';
import type { GateResult } from '@openwop-spec/diagnostics';
import { createFixture, memoryFixtures } from '@openwop-spec/spec-tree/testing';
import type { Fixture, FixtureEntry } from '@openwop-spec/spec-tree/testing';
import { gate } from '../src/index.js';
import { baselineText, rfc0204Tree } from '../../families/test/rfc0204.js';
import type { Stage } from '../../families/test/rfc0204.js';

export { baselineText, rfc0204Tree };
export type { Stage };

export const BASELINE = 'docs/normative-home-baseline.json';
export const DECLARATION = 'spec/v2/declaration.json';
export const EOS = 'evidence/v1-end-of-support.json';
export const TODAY = '2026-09-22';

let current: Fixture | undefined;
/** The tests' fixtures are variants of the RFC 0204 tree: one tree in memory serves a test file. */
const inMemory = memoryFixtures();

/** Removes the fixture of the last run (call in afterEach). */
export function cleanup(): void {
  current?.remove();
  current = undefined;
}

/** A tree in memory, or (`disk`) a fixture folder removed by `cleanup`. */
export function fixture(files: Record<string, FixtureEntry>, disk = false): Fixture {
  cleanup();
  current = disk ? createFixture(files) : inMemory(files);
  return current;
}

export interface RunOptions {
  flags?: string[];
  today?: string;
  /** A fixture folder instead of a tree in memory (symlinks). */
  disk?: boolean;
}

/** Runs the `normative-home` command over a fixture, as the CLI would. */
export async function run(files: Record<string, FixtureEntry>, o: RunOptions = {}): Promise<GateResult> {
  const fx = fixture(files, o.disk);
  return gate.commands[0]!.run(fx.tree(), { today: o.today ?? TODAY, flags: new Set(o.flags ?? []) });
}

/**
 * Printout lines without the names printed under the counts line (the lines after it indented by four
 * spaces or more): most tests pin the blocks that follow, and `bucket names` pins the names.
 */
export function withoutBucketNames(all: readonly string[]): string[] {
  const counts = all.findIndex((l) => / core families: /.test(l));
  if (counts < 0) return [...all];
  let end = counts + 1;
  while (end < all.length && all[end]!.startsWith('    ')) end++;
  return [...all.slice(0, counts + 1), ...all.slice(end)];
}

/** What the stylish writer writes for one result: stdout (without the bucket names) and stderr lines. */
export function render(result: GateResult): { stdout: string[]; stderr: string[]; code: number } {
  const out = renderAll(result);
  return { ...out, stdout: withoutBucketNames(out.stdout) };
}

/** What the stylish writer writes for one result, every line. */
export function renderAll(result: GateResult): { stdout: string[]; stderr: string[]; code: number } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = writeOutput(
    [result],
    {
      format: 'stylish',
      failOn: 'error',
      quiet: false,
      color: false,
      root: '.',
      rules: new Map(),
      tool: { name: 'openwop-spec', version: '0' },
    },
    { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) },
  );
  return { stdout, stderr, code };
}

/** The RFC 0204 tree of a stage with files replaced or removed (null). */
export function tree0204(
  stage: Stage,
  changes: Record<string, FixtureEntry | null> = {},
): Record<string, FixtureEntry> {
  const files: Record<string, FixtureEntry> = { ...rfc0204Tree(stage).files };
  for (const [path, entry] of Object.entries(changes)) {
    if (entry === null) delete files[path];
    else files[path] = entry;
  }
  return files;
}

/** The RFC 0204 tree of a stage with its baseline edited. */
export function withBaseline(
  stage: Stage,
  edit: (b: Record<string, unknown>) => void,
  base: Stage = stage,
): Record<string, FixtureEntry> {
  const b = structuredClone(rfc0204Tree(base).baseline);
  edit(b);
  return tree0204(stage, { [BASELINE]: baselineText(b) });
}

/** The declaration of a stage with one family row edited. */
export function withFamily(stage: Stage, key: string, edit: (row: Record<string, unknown>) => void): string {
  const decl = JSON.parse(rfc0204Tree(stage).files[DECLARATION]!) as { families: Array<Record<string, unknown>> };
  const row = decl.families.find((f) => f['key'] === key);
  if (!row) throw new Error(`no family ${key}`);
  edit(row);
  return JSON.stringify(decl, null, 2) + '\n';
}

export const found = (r: GateResult) =>
  r.diagnostics.map((d) => ({ ruleId: d.ruleId, file: d.file, line: d.start?.line }));
export const ids = (r: GateResult) => r.diagnostics.map((d) => d.ruleId);
/** The printout lines without the bucket names (see withoutBucketNames). */
export const lines = (r: GateResult) => withoutBucketNames(r.printout.map((l) => l.text));
