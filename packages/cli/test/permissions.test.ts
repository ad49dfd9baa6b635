// Class L of the fuzzing report: folders and files the user cannot read, or write. Permissions do
// not bind root, so the CLI runs as a user they do bind: this one, or `nobody` when the tests run
// as root (util-linux setpriv). Every case ends in exit 2 with `input/io` naming the path and what
// could not be done, never an internal error and never "does not exist".
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unprivileged } from '@openwop-spec/spec-tree/testing';
import { copyCorpus } from '../../spec-tree/test/corpus-copy.js';
import { TODAY } from './corpus-suite.js';
import { CLI_BIN, createFixture, warmCorpusCache } from './helpers.js';
import type { Fixture } from './helpers.js';

const user = unprivileged();
let fx: Fixture;
/** One schema and its example: the schemas gate compiles every schema before it lists the examples. */
let schemas: Fixture;

// The copy of the bin that user runs, made before the tests time anything (`Unprivileged.bin`).
beforeAll(() => void user?.bin(CLI_BIN));
beforeAll(() => {
  fx = copyCorpus();
  // The corpus facts where the CLI looks by default, so each locked run parses nothing it can read.
  warmCorpusCache('unprivileged-bin', join(fx.root, 'node_modules/.cache/openwop-spec'));
  user?.own(fx.root);
  schemas = createFixture({
    'pnpm-workspace.yaml': 'packages: []\n',
    'schemas/v2/a.schema.json': JSON.stringify({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
    }),
    'schemas/v2/examples/valid/a/one.json': '{}\n',
  });
  user?.own(schemas.root);
});
afterAll(() => {
  fx.remove();
  schemas.remove();
});

interface Outcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI as the unprivileged user with `mode` set on `path` (relative to `root`), then restores it. */
function runLocked(path: string, mode: number, args: readonly string[], root = fx.root): Outcome {
  if (!user)
    throw new Error(
      'permission tests need a user that permissions bind: run them as non-root, or install util-linux (setpriv)',
    );
  const abs = join(root, path);
  chmodSync(abs, mode);
  try {
    const [cmd, ...rest] = user.argv([process.execPath, user.bin(CLI_BIN), ...args, '--root', root, ...TODAY]);
    const r = spawnSync(cmd!, rest, { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin' } });
    return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
  } finally {
    chmodSync(abs, path.includes('.') ? 0o644 : 0o755);
  }
}

/** The stderr lines that are diagnostics of an input rule. */
const inputLines = (out: Outcome): string[] => out.stderr.split('\n').filter((l) => /  error  .*  input\//.test(l));

describe('unreadable inputs', () => {
  it('the copy passes as that user before anything is locked', () => {
    const out = runLocked('spec', 0o755, ['check', 'normative-home']);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
  });

  // Every gate over the corpus copy where the schemas gate stops at the folder. It compiles every
  // schema before it lists the examples, and reads no scenario: more than a second over the corpus,
  // so the examples are locked in a tree of one schema, and the scenarios with the other gates.
  it.each<[string, string[], string[], () => string]>([
    ['spec/v2/facets', ['declaration', 'schemas'], [], () => fx.root],
    ['schemas/v2/examples/valid', ['schemas'], ['schemas'], () => schemas.root],
    [
      'packages/conformance/src/scenarios',
      ['scenario-majors', 'declaration'],
      ['core-budget', 'normative-home', 'scenario-majors', 'declaration'],
      () => fx.root,
    ],
  ])('a folder that cannot be listed (%s) stops the gates that read it, naming it', (path, gates, run, root) => {
    const out = runLocked(path, 0o000, ['check', ...run], root());
    expect(out.code).toBe(2);
    // One finding per path a gate asked about (the folder, or a file in it), each naming it.
    const lines = inputLines(out);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines)
      expect(line).toMatch(
        new RegExp(
          `^${path}(/[^:]+)?:1:1  error  cannot (list|look up) ${path}(/[^:]+)?: permission denied \\(no position\\)  input/io$`,
        ),
      );
    for (const gate of gates)
      expect(out.stderr).toContain(`openwop-spec ${gate}: could not run — input error at ${path}`);
    expect(out.stderr).not.toMatch(/internal error|does not exist|\n\s+at /);
  });

  it('an unreadable spec/v2/core still gives one JSON document under --format json', () => {
    const out = runLocked('spec/v2/core', 0o000, ['check', '--format', 'json']);
    expect(out.code).toBe(2);
    const doc = JSON.parse(out.stdout) as {
      ok: boolean;
      gates: Record<string, { exitCode: number }>;
      diagnostics: Array<{ ruleId: string; file: string }>;
    };
    expect(doc.ok).toBe(false);
    expect(doc.gates['core-budget']!.exitCode).toBe(2);
    expect(doc.diagnostics).toContainEqual(expect.objectContaining({ ruleId: 'input/io', file: 'spec/v2/core' }));
  });

  it('an unreadable spec/v1 is "cannot read", never "does not exist; create it"', () => {
    const out = runLocked('spec/v1', 0o000, ['check', 'normative-home']);
    expect(out.code).toBe(2);
    expect(inputLines(out)).toEqual([
      expect.stringMatching(/^spec\/v1\/[^:]+:1:1  error  cannot look up spec\/v1\/.*: permission denied .*input\/io$/),
    ]);
    expect(out.stderr).not.toMatch(/does not exist|home\/missing/);
  });

  it('an unreadable file is named with the operation', () => {
    const out = runLocked('spec/v2/core/runs.md', 0o000, ['check', 'core-budget']);
    expect(out.code).toBe(2);
    expect(inputLines(out)).toEqual([
      'spec/v2/core/runs.md:1:1  error  cannot read spec/v2/core/runs.md: permission denied (no position)  input/io',
    ]);
  });
});

describe('unwritable outputs', () => {
  it('--write-baseline into a read-only docs/ is an input error naming the file, the file unchanged', () => {
    const file = join(fx.root, 'docs/normative-home-baseline.json');
    const before = readFileSync(file, 'utf8');
    // The same values laid out differently: the writer has new bytes to write.
    writeFileSync(file, JSON.stringify(JSON.parse(before)) + '\n');
    const flat = readFileSync(file, 'utf8');
    try {
      const out = runLocked('docs', 0o555, ['normative-home', '--write-baseline']);
      expect(out.code).toBe(2);
      expect(inputLines(out)).toEqual([
        'docs/normative-home-baseline.json:1:1  error  cannot write docs/normative-home-baseline.json: permission denied; the file is unchanged (no position)  input/io',
      ]);
      expect(readFileSync(file, 'utf8')).toBe(flat);
    } finally {
      writeFileSync(file, before);
    }
  });
});
