import { lstatSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, unprivileged } from '@openwop-spec/spec-tree/testing';
import { warmCorpusCache } from '../../cli/test/helpers.js';
import {
  FLOOR,
  GROWTH_PLANS,
  GROWTH_RATIO,
  OPERATORS,
  applyMutations,
  classify,
  copyCorpus,
  CLI_BIN,
  corpusFiles,
  minimise,
  overgrowth,
  planCase,
  removeTree,
  runCase,
} from '../src/index.js';
import type { Case, GrowthRow } from '../src/index.js';

let roots: string[] = [];
afterEach(() => {
  for (const r of roots) removeTree(r);
  roots = [];
});
const FILES = {
  'a.md': '# A\n\n> **Status: Stable.**\n\nText with *emphasis*.\n',
  'b.json': '{ "families": [{ "key": "runs", "tier": "core" }], "n": 1 }\n',
  'c.test.ts': 'export const a = [1, 2];\n',
  'spec/v2/declaration.json':
    '{ "families": [{ "key": "runs", "kind": "family", "normativeText": ["spec/v2/core/runs.md"] }] }\n',
  'spec/v2/core/capabilities.md': '# Capabilities\n\n### § `runs`\n',
  'd.schema.json': '{ "$defs": { "a": { "type": "string" } } }\n',
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
const BYTE_OPERATORS = OPERATORS.filter((o) => !['path', 'file-type', 'chmod', 'symlink-out'].includes(o.name));

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
    ['a write outside the tree, through a link', ['gen'], { code: 0, escaped: ['core/x.md'] }, ['escape']],
    [
      'a workflow command a name forged',
      ['check', '--format', 'github'],
      { code: 1, stdout: '::error file=a.md,line=1::a\n::fuzz-forged::LF\n' },
      ['injection'],
    ],
    ['a raw escape sequence', ['check'], { code: 1, stdout: 'a.md:1:1  error  e\u001b]0;t\u0007  x\n' }, ['injection']],
    ['a raw carriage return', ['check'], { code: 1, stderr: 'x\r::fuzz-forged::CR.md\n' }, ['injection']],
    [
      'a name shown escaped',
      ['check', '--format', 'github'],
      { code: 1, stdout: '::error file=x%0A::fuzz-forged::LF.md::x\n    846  core/e\\x1b]0;t\\x07.md\n' },
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

describe('the growth check', () => {
  const sample = (cpuMs: number, rssKb = 100_000) => ({ cpuMs, rssKb });
  const row = (
    cpu: [number, number, number],
    rss: [number, number, number] = [100_000, 100_000, 100_000],
  ): GrowthRow => ({
    plan: GROWTH_PLANS[0]!,
    base: sample(700),
    at: [sample(700 + cpu[0], rss[0]), sample(700 + cpu[1], rss[1]), sample(700 + cpu[2], rss[2])],
  });
  it('passes linear growth and noise under the floor', () => {
    expect(overgrowth(row([400, 800, 1600]))).toEqual([]);
    expect(overgrowth(row([0, 30, FLOOR.cpuMs * GROWTH_RATIO]))).toEqual([]);
  });
  it('names quadratic growth in time, and in memory', () => {
    expect(overgrowth(row([400, 1600, 6400]))).toEqual([
      `${GROWTH_PLANS[0]!.label}: time over the unmutated run grows from 400 ms CPU at ${GROWTH_PLANS[0]!.sizes[0]} to 6400 at ${GROWTH_PLANS[0]!.sizes[2]} (allowed ${GROWTH_RATIO * 400})`,
    ]);
    const mib = 1024;
    expect(
      overgrowth(row([400, 800, 1600], [100_000 + 64 * mib, 100_000 + 256 * mib, 100_000 + 1024 * mib])),
    ).toHaveLength(1);
  });
  it('every plan names a scaling operator, sizes n, 2n and 4n, and a file of the corpus', () => {
    const files = corpusFiles(copyCorpusOnce());
    for (const p of GROWTH_PLANS) {
      expect(OPERATORS.find((o) => o.name === p.op)?.scaling, p.label).toBe(true);
      expect([p.sizes[1] / p.sizes[0], p.sizes[2] / p.sizes[0]], p.label).toEqual([2, 4]);
      expect(files, p.label).toContain(p.file);
    }
  });
});

let corpusCopy: string | undefined;
const copyCorpusOnce = (): string => {
  corpusCopy ??= copyCorpus();
  return corpusCopy;
};
afterAll(() => {
  if (corpusCopy) removeTree(corpusCopy);
});

describe('runs the CLI and shrinks what fails', () => {
  // The copy of the bin the unprivileged user runs, made before the tests time anything.
  beforeAll(() => void unprivileged()?.bin(CLI_BIN));

  it('sees a write through a link out of the tree (symlink-out), which a snapshot of the tree alone misses', async () => {
    const cli = join(tree(), 'cli.mjs');
    writeFileSync(
      cli,
      [
        "import { writeFileSync } from 'node:fs';",
        "const root = process.argv[process.argv.indexOf('--root') + 1];",
        "writeFileSync(root + '/spec/v2/core/written.md', 'x');",
      ].join('\n'),
    );
    const c = {
      command: ['check'],
      mutations: [{ op: 'symlink-out', file: 'spec/v2/core/runs.md', param: 0, seed: 1 }],
    };
    const out = await runCase(c, { cli, user: null, timeoutMs: 20_000, source: tree(REPOSITORY) });
    expect([out.failures, out.changed, out.escaped]).toEqual([
      ['escape'],
      [],
      ['spec/v2/core', 'spec/v2/core/written.md'],
    ]);
  });

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
