import { lstatSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, unprivileged } from '@openwop-spec/spec-tree/testing';
import { warmCorpusCache } from '../../cli/test/helpers.js';
import {
  OPERATORS,
  applyMutations,
  classify,
  copyCorpus,
  CLI_BIN,
  corpusFiles,
  minimise,
  planCase,
  removeTree,
  runCase,
} from '../src/index.js';
import type { Case } from '../src/index.js';

let roots: string[] = [];
afterEach(() => {
  for (const r of roots) removeTree(r);
  roots = [];
});
const FILES = {
  'a.md': '# A\n\n> **Status: Stable.**\n\nText with *emphasis*.\n',
  'b.json': '{ "families": [{ "key": "runs", "tier": "core" }], "n": 1 }\n',
  'c.test.ts': 'export const a = [1, 2];\n',
};
/** Every path a case copies from a repository, each small. */
const REPOSITORY = {
  'spec/v2/core/runs.md': '# Runs\n\n> **Normative home:** `runs`.\n\nA host MUST list its runs.\n',
  'spec/v2/declaration.json': '{ "families": [] }\n',
  'schemas/v2/a.schema.json': '{ "type": "object" }\n',
  'docs/normative-home-baseline.json': '{}\n',
  'evidence/README.md': '# Evidence\n',
  'openwop-spec.config.json': '{}\n',
  'pnpm-workspace.yaml': 'packages: []\n',
  'packages/conformance/src/scenarios/a.test.ts': 'export const a = 1;\n',
  'packages/conformance/scenario-majors.config.json': '{}\n',
  'packages/conformance/scenario-majors.json': '{}\n',
  'packages/conformance/requirements.json': '{}\n',
};
const tree = (files: Record<string, string> = FILES): string => {
  const { root } = createFixture(files);
  roots.push(root);
  return root;
};
/** Every file's path and bytes (file types and modes are compared by the operators that change them). */
const bytes = (root: string): string[] =>
  corpusFiles(root).map((p) => `${p}:${readFileSync(join(root, p)).toString('base64')}`);
const BYTE_OPERATORS = OPERATORS.filter((o) => !['path', 'file-type', 'chmod'].includes(o.name));

describe('seeded and reproducible', () => {
  it('a case is a function of (seed, index): the same twice, another for another seed', () => {
    const files = Object.keys(FILES);
    const cases = (seed: number): Case[] => Array.from({ length: 20 }, (_, i) => planCase(seed, i, files));
    expect(cases(7)).toEqual(cases(7));
    expect(cases(8)).not.toEqual(cases(7));
    for (const c of cases(7))
      for (const m of c.mutations) expect(OPERATORS.find((o) => o.name === m.op)!.accepts(m.file)).toBe(true);
  });

  it.each(BYTE_OPERATORS.map((o) => o.name))(
    '%s writes the same bytes twice for one mutation, and changes the file',
    (name) => {
      const op = OPERATORS.find((o) => o.name === name)!;
      const file = Object.keys(FILES).find(op.accepts)!;
      for (const param of op.params) {
        const mutation = { op: name, file, param, seed: 12_345 };
        const [one, two] = [tree(), tree()];
        applyMutations(one, [mutation]);
        applyMutations(two, [mutation]);
        expect(bytes(one)).toEqual(bytes(two));
        expect(bytes(one), `${name} ${param}`).not.toEqual(bytes(tree()));
      }
    },
  );
  it('a mutation whose file an earlier one replaced by a FIFO does nothing (reading it would block)', () => {
    const root = tree();
    applyMutations(root, [
      { op: 'file-type', file: 'a.md', param: 0, seed: 1 },
      { op: 'flip-bytes', file: 'a.md', param: 4, seed: 1 },
    ]);
    expect(lstatSync(join(root, 'a.md')).isFIFO()).toBe(true);
  });
});

describe('what counts as a failure', () => {
  const run = { code: 0, signal: null, cpuMs: 0, stdout: '', stderr: '', changed: [] as string[], timedOut: false };
  it.each([
    ['a signal', ['check'], { signal: 'SIGSEGV', code: null }, ['crash']],
    ['an exit code above 2', ['check'], { code: 134 }, ['crash']],
    ['a timeout', ['check'], { timedOut: true, code: null }, ['hang']],
    [
      'a stack trace',
      ['check'],
      { code: 2, stderr: 'a.md:1:1  error  x  input/io\n    at walk (/x/y.js:3:9)\n' },
      ['stack'],
    ],
    [
      '"internal error"',
      ['check'],
      { code: 2, stderr: 'openwop-spec: internal error (this is a bug)\n' },
      ['stack', 'unpositioned'],
    ],
    ['a write in check mode', ['check'], { code: 1, changed: ['docs/x.json'] }, ['write']],
    ['a write by a writer', ['gen'], { code: 0, changed: ['schemas/x.json'] }, []],
    ['no JSON document', ['check', '--format', 'json'], { code: 1, stdout: 'oops' }, ['no-document']],
    ['exit 2 with no position', ['check'], { code: 2, stderr: 'openwop-spec: something failed\n' }, ['unpositioned']],
    [
      'exit 2 with a positioned line',
      ['check'],
      { code: 2, stderr: 'a.md:3:1  error  a.md: bad  input/invalid-utf8\n' },
      [],
    ],
    [
      'exit 2 positioned in SARIF',
      ['check', '--format', 'sarif'],
      { code: 2, stdout: '{ "region": { "startLine": 3 } }' },
      [],
    ],
    [
      'exit 2 naming a file without a line in SARIF',
      ['check', '--format', 'sarif'],
      { code: 2, stdout: '{ "artifactLocation": { "uri": "a.md" } }' },
      [],
    ],
  ] as const)('%s', (_, command, outcome, failures) => {
    expect(classify(command, { ...run, ...outcome })).toEqual(failures);
  });
});

describe('runs the CLI and shrinks what fails', () => {
  // The copy of the bin the unprivileged user runs, made before the tests time anything.
  beforeAll(() => void unprivileged()?.bin(CLI_BIN));

  it('reports a signal, and minimises the case to the one mutation that causes it and a single gate', async () => {
    // A sabotaged CLI: it dies of SIGSEGV when a file of the tree named by --root holds a NUL, and passes otherwise.
    const cli = join(tree(), 'cli.mjs');
    writeFileSync(
      cli,
      [
        "import { readdirSync, readFileSync, statSync } from 'node:fs';",
        "import { join } from 'node:path';",
        "const root = process.argv[process.argv.indexOf('--root') + 1];",
        'const walk = (d) => readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]));',
        "if (walk(root).some((p) => readFileSync(p).includes(0))) process.kill(process.pid, 'SIGSEGV');",
      ].join('\n'),
    );
    const c: Case = {
      seed: 1,
      index: 0,
      command: ['check'],
      mutations: [
        { op: 'line-dup', file: 'spec/v2/core/runs.md', param: 100, seed: 1 },
        { op: 'encoding', file: 'spec/v2/declaration.json', param: 2, seed: 5 },
        { op: 'md-nest', file: 'spec/v2/core/runs.md', param: 1_000, seed: 0 },
      ],
    };
    // Each case copies a small repository: the sabotaged CLI reads every file of it.
    const options = { cli, user: null, timeoutMs: 20_000, source: tree(REPOSITORY) };
    const out = await runCase(c, options);
    expect(out).toMatchObject({ code: null, signal: 'SIGSEGV', failures: ['crash'] });
    const small = await minimise(c, 'crash', options);
    expect(small.mutations).toEqual([c.mutations[1]]);
    expect(small.command).toEqual(['check', 'core-budget']);
    expect((await runCase({ ...small, mutations: [] }, options)).failures).toEqual([]);
  });

  it('a fixed-seed slice of the real CLI ends in exit 0, 1 or 2 with no crash, hang, stack trace, check-mode write or missing document', async () => {
    const pristine = copyCorpus();
    roots.push(pristine);
    const files = corpusFiles(pristine);
    // One case, the seed's first that runs a single gate other than schemas (which caches nothing and
    // compiles every schema: over a second): the harness around the real CLI is what this proves;
    // `pnpm fuzz` runs thousands, of every command.
    const c = Array.from({ length: 100 }, (_, i) => planCase(20_261_202, i, files)).find(
      (x) => x.command.length === 2 && x.command[1] !== 'schemas',
    )!;
    // The corpus facts the bin derives, cached, as `pnpm fuzz` caches them across its cases.
    const cacheDir = tree();
    warmCorpusCache('unprivileged-bin', cacheDir);
    unprivileged()?.own(cacheDir);
    const out = await runCase(c, { timeoutMs: 20_000, cacheDir });
    expect({ case: c, failures: out.failures, stderr: out.failures.length > 0 ? out.stderr : '' }).toEqual({
      case: c,
      failures: [],
      stderr: '',
    });
    expect([0, 1, 2]).toContain(out.code);
  });
});
