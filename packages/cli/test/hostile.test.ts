// Classes of the fuzzing report that only show in a process of the CLI's own: a native crash (A),
// Node's module resolution after a FIFO (H), a stdout that cannot be written (I). Each input ends
// in exit 1 or 2 with positioned lines, never a signal, a hang, a stack trace or "internal error".
import { closeSync, lstatSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { copyCorpus } from '../../spec-tree/test/corpus-copy.js';
import { corpusCache, runOn } from './corpus-suite.js';
import { CLI_BIN, createFixture, run } from './helpers.js';
import type { Fixture } from './helpers.js';

const fixtures: Fixture[] = [];
afterEach(() => {
  for (const f of fixtures.splice(0)) f.remove();
});
// The corpus copies' runs share a fact cache: each parses only what the earlier ones did not.
const cache = corpusCache();
afterAll(() => cache.remove());
const fixture = (files: Parameters<typeof createFixture>[0]): Fixture => {
  const f = createFixture(files);
  fixtures.push(f);
  return f;
};

/** A conformance tree in the upstream layout: the config, and the given scenario files. */
const conformance = (scenarios: Record<string, string>): Fixture =>
  fixture({
    'pnpm-workspace.yaml': '',
    'conformance/scenario-majors.config.json': '{ "bothMajors": [] }\n',
    ...Object.fromEntries(Object.entries(scenarios).map(([name, text]) => [`conformance/src/scenarios/${name}`, text])),
  });

const SCHEMA = JSON.stringify({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://x.test/a.schema.json',
  type: 'object',
});

function cli(args: readonly string[], stdout: 'pipe' | number = 'pipe') {
  const r = spawnSync(process.execPath, [CLI_BIN, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', stdout, 'pipe'],
    env: { PATH: process.env['PATH'] ?? '' },
  });
  // stdout is null when it goes to a descriptor, though the types say string.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
  return { code: r.status, signal: r.signal, stdout: r.stdout ?? '', stderr: r.stderr };
}

const noCrash = (out: { signal: NodeJS.Signals | null; stderr: string }): void => {
  expect(out.signal).toBeNull();
  expect(out.stderr).not.toMatch(/internal error|\n\s+at |Cannot find module|Maximum call stack/);
};

describe('hostile input through the built CLI', () => {
  it('A: a scenario nested 10,000 brackets deep is one input error, not a segfault of the native parser', () => {
    const deep = `export const x = ${'['.repeat(10_000)}${']'.repeat(10_000)};\n`;
    const out = cli(['check', 'scenario-majors', '--root', conformance({ 'v2-deep.test.ts': deep }).root]);
    noCrash(out);
    expect(out.code).toBe(2);
    expect(out.stderr.split('\n')[0]).toBe(
      'conformance/src/scenarios/v2-deep.test.ts:1:273  error  conformance/src/scenarios/v2-deep.test.ts: nesting depth 10,001 exceeds the limit of 256 (brackets, operators and calls inside each other)  input/nesting-depth',
    );
  });

  it('G: a FIFO where gen writes the generated schema is one input error naming it, never a hang, and the FIFO stays', async () => {
    const f = copyCorpus();
    fixtures.push(f);
    const target = 'schemas/v2/capabilities.schema.json';
    rmSync(join(f.root, target));
    execFileSync('mkfifo', [join(f.root, target)]);
    const out = await runOn(f.root, cache, ['gen', 'declaration']);
    expect(out.code).toBe(2);
    expect(out.stderr.filter((l) => l.includes('  input/'))).toEqual([
      `${target}:1:1  error  cannot write ${target}: it is a FIFO; the tool writes only regular files (remove it first) (no position)  input/not-a-file`,
    ]);
    expect(out.stderr.join('\n')).not.toMatch(/internal error|\n\s+at /);
    expect(lstatSync(join(f.root, target)).isFIFO()).toBe(true);
  });

  it('H: a FIFO where the manifest belongs stops that gate only; the next gate still loads its modules', () => {
    const f = conformance({ 'a.test.ts': 'export const a = 1;\n' });
    f.write({ 'schemas/v2/a.schema.json': SCHEMA });
    execFileSync('mkfifo', [join(f.root, 'conformance/scenario-majors.json')]);
    const out = cli(['check', 'scenario-majors', 'schemas', '--root', f.root]);
    noCrash(out);
    expect(out.code).toBe(2);
    expect(out.stderr.split('\n').filter((l) => l.includes('  input/'))).toEqual([
      'conformance/scenario-majors.json:1:1  error  conformance/scenario-majors.json is a FIFO, not a regular file (no position)  input/not-a-file',
    ]);
    expect(out.stdout).toMatch(/^=== schemas OK — 1 schema\(s\) compile/m);
  });

  it('I: a stdout that cannot be written is one line on stderr and exit 2, though every gate passed', async () => {
    const f = fixture({ 'pnpm-workspace.yaml': '', 'schemas/v2/a.schema.json': SCHEMA });
    expect((await run(['check', 'schemas'], { cwd: f.root })).code).toBe(0);
    const full = openSync('/dev/full', 'w');
    try {
      for (const format of ['stylish', 'json']) {
        const out = cli(['check', 'schemas', '--format', format, '--root', f.root], full);
        noCrash(out);
        expect(out.code).toBe(2);
        expect(out.stderr.split('\n').filter((l) => l.startsWith('openwop-spec: cannot'))).toEqual([
          'openwop-spec: cannot write to stdout: no space left on the device (ENOSPC)',
        ]);
      }
    } finally {
      closeSync(full);
    }
  });
});

describe('deep JSON (class C) and deep markdown in the corpus', () => {
  it('a declaration nested 2,000 deep is one finding, once, at the first level too deep; every gate that reads it says it could not run', async () => {
    const f = copyCorpus();
    fixtures.push(f);
    const file = join(f.root, 'spec/v2/declaration.json');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('{', `{\n  "$deep": ${'['.repeat(2_000)}${']'.repeat(2_000)},`));
    // Every gate but schemas, which reads only schema files (and alone takes longer than the others).
    const out = await runOn(f.root, cache, [
      'check',
      'core-budget',
      'normative-home',
      'scenario-majors',
      'declaration',
    ]);
    expect(out.code).toBe(2);
    expect(out.stderr.filter((l) => l.includes('input/'))).toEqual([
      'spec/v2/declaration.json:2:267  error  spec/v2/declaration.json: nesting depth 2,001 exceeds the limit of 256 (arrays and objects inside each other)  input/nesting-depth',
      'openwop-spec core-budget: could not run — input error at spec/v2/declaration.json:2:267 (input/nesting-depth)',
      'openwop-spec normative-home: could not run — input error at spec/v2/declaration.json:2:267 (input/nesting-depth)',
      'openwop-spec declaration: could not run — input error at spec/v2/declaration.json:2:267 (input/nesting-depth)',
    ]);
    expect(out.stderr.join('\n')).not.toMatch(/internal error|Maximum call stack/);
  });

  it('a core document with a line of 10,000 `>` (a 10,002-deep mdast) is one finding at the first character too deep, not a stack overflow', async () => {
    const f = copyCorpus();
    fixtures.push(f);
    const file = join(f.root, 'spec/v2/core/runs.md');
    const lines = readFileSync(file, 'utf8').split('\n');
    writeFileSync(file, [...lines.slice(0, 2), '>'.repeat(10_000), ...lines.slice(2)].join('\n'));
    const out = await runOn(f.root, cache, ['check', 'core-budget', 'normative-home']);
    expect(out.code).toBe(2);
    const finding =
      'spec/v2/core/runs.md:3:257  error  spec/v2/core/runs.md: this line opens with 10,000 characters of indentation and blockquote or list markers, over the limit of 256  input/nesting-depth';
    expect(out.stderr.filter((l) => l.includes('  input/'))).toEqual([finding]);
    expect(out.stderr.join('\n')).not.toMatch(/internal error|Maximum call stack/);
  });
});
