import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { SpecTree, shape } from '@openwop-spec/spec-tree';
import type { FactKind } from '@openwop-spec/spec-tree';
import type { Gate } from '@openwop-spec/gate-api';
import { forge } from '../../spec-tree/test/forge.js';
import { main } from '../src/index.js';
import { upstreamTree } from '../../init/test/upstream-tree.js';
import { CLI_BIN, createFixture, run } from './helpers.js';
import type { Captured, Fixture } from './helpers.js';

const TODAY = ['--today', '2026-09-22'];
/** The gates that read facts (schemas reads none, and is the slowest). */
const GATES = ['core-budget', 'normative-home', 'scenario-majors', 'declaration'];
const CACHE = 'node_modules/.cache/openwop-spec/facts.json';
/** Every kind of fact the gates derive. */
const FACT_KINDS = [
  'core-budget:prose-words',
  'core-budget:words',
  'declaration:header-text',
  'declaration:section-headings',
  'families:home-document',
  'scenario-majors:config-format',
  'scenario-majors:module',
];
/** Resolves packages as spec-tree, whose parser the warm run must not load. */
const fromSpecTree = createRequire(new URL('../../spec-tree/package.json', import.meta.url));
/** The built bin's stdout for the lines `main` printed in-process. */
const text = (lines: readonly string[]): string => lines.map((l) => `${l}\n`).join('');

const headings: FactKind<number> = {
  id: 'cli-test:headings',
  code: import.meta.url,
  derive: async (source) => (await source.markdown()).children.filter((n) => n.type === 'heading').length,
  toJson: (n) => n,
  fromJson: (json) => (shape.isCount(json) ? json : undefined),
};

/** A gate that reports one fact of probe.md, so a run has something to cache. */
const factsGate: Gate = {
  id: 'facts',
  summary: 'counts the headings of probe.md',
  rules: [],
  commands: [],
  check: async (tree) => ({
    gate: 'facts',
    ok: true,
    exitCode: 0,
    summaryLine: `=== facts OK — ${await tree.factsOf('probe.md', headings)} heading(s) ===`,
    printout: [],
    figures: {},
    diagnostics: [],
  }),
};

/** Every file under `root`, relative. */
function files(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else out.push(relative(root, join(dir, e.name)));
    }
  };
  walk(root);
  return out.sort();
}

describe('where the fact cache lives', () => {
  let fx: Fixture | undefined;
  afterEach(() => fx?.remove());
  const repo = (extra: Record<string, string> = {}): string =>
    (fx = createFixture({ 'pnpm-workspace.yaml': 'packages: []\n', 'probe.md': '# A\n\n## B\n', ...extra })).root;
  const check = (cwd: string, ...argv: string[]): Promise<Captured> =>
    run(['check', ...argv], { cwd, gates: [factsGate] });

  it('nowhere in a tree without node_modules: a run creates no file', async () => {
    const root = repo();
    const before = files(root);
    expect((await check(root)).stdout).toContain('=== facts OK — 2 heading(s) ===');
    expect(files(root)).toEqual(before);
  });

  it('in node_modules/.cache/openwop-spec under the root when the root has node_modules; the next run reads it', async () => {
    const root = repo({ 'node_modules/.keep': '' });
    await check(root);
    expect(files(root)).toContain(CACHE);
    // A poisoned entry (valid, but not what the text gives) shows that the cache is what is read.
    forge(
      join(root, CACHE),
      (b) => (Object.values(b['kinds']['cli-test:headings'].entries).forEach((e: any) => (e[1] = 7)), b),
    );
    expect((await check(root)).stdout).toContain('=== facts OK — 7 heading(s) ===');
    expect((await check(root, '--no-cache')).stdout).toContain('=== facts OK — 2 heading(s) ===');
  });

  it('--cache-location DIR, relative to the working directory, is created when missing', async () => {
    const root = repo();
    await check(root, '--cache-location', 'tmp/facts');
    expect(files(root)).toContain('tmp/facts/facts.json');
  });

  it('--no-cache writes nothing, even where the default location exists', async () => {
    const root = repo({ 'node_modules/.keep': '' });
    await check(root, '--no-cache');
    expect(files(root)).not.toContain(CACHE);
  });

  it.each<[string, (file: string) => void]>([
    ['garbage', (file) => writeFileSync(file, 'garbage\n{')],
    ['truncated', (file) => writeFileSync(file, readFileSync(file).subarray(0, -10))],
    [
      'of another version',
      (file) => writeFileSync(file, readFileSync(file, 'utf8').replace('"version":1', '"version":0')),
    ],
  ])('a cache file that is %s is a miss: the facts are derived again, with no error', async (_name, corrupt) => {
    const root = repo({ 'node_modules/.keep': '' });
    await check(root);
    // A poisoned entry first, so a run that still read the file would print 7.
    forge(
      join(root, CACHE),
      (b) => (Object.values(b['kinds']['cli-test:headings'].entries).forEach((e: any) => (e[1] = 7)), b),
    );
    corrupt(join(root, CACHE));
    const out = await check(root);
    expect([out.code, out.stderr]).toEqual([0, []]);
    expect(out.stdout).toContain('=== facts OK — 2 heading(s) ===');
  });

  it('--no-cache and --cache-location together are a usage error', async () => {
    const out = await check(repo(), '--no-cache', '--cache-location', 'x');
    expect(out).toMatchObject({
      code: 2,
      stderr: ['openwop-spec: --no-cache and --cache-location cannot be combined; see openwop-spec check --help'],
    });
  });
});

describe('between gates', () => {
  let fx: Fixture | undefined;
  afterEach(() => fx?.remove());

  it('the parse trees a gate leaves are dropped and collected before the next gate; a gate that parsed nothing costs no collection', async () => {
    const root = (fx = createFixture({
      'pnpm-workspace.yaml': 'packages: []\n',
      'node_modules/.keep': '',
      'probe.md': '# A\n\n## B\n',
    })).root;
    const events: string[] = [];
    const logged = (id: string): Gate => ({
      ...factsGate,
      id,
      check: async (tree, options) => (events.push(id), { ...(await factsGate.check(tree, options)), gate: id }),
    });
    const io = {
      cwd: root,
      env: {},
      stdout: () => {},
      stderr: () => {},
      appendFile: () => {},
      collectGarbage: () => void events.push('gc'),
    };
    expect(await main(['check'], io, [logged('first'), logged('second')])).toBe(0);
    // The second gate reads the first one's fact, so nothing is parsed again.
    expect(events).toEqual(['first', 'gc', 'second']);
    events.length = 0;
    expect(await main(['check'], io, [logged('first'), logged('second')])).toBe(0);
    expect(events).toEqual(['first', 'second']);
  });

  it('a gate is offered the collector for the phases of its own run', async () => {
    const root = (fx = createFixture({ 'pnpm-workspace.yaml': 'packages: []\n' })).root;
    const events: string[] = [];
    const phased: Gate = {
      ...factsGate,
      id: 'phased',
      check: async (_tree, options) => {
        events.push('phase 1');
        options.collectGarbage?.();
        events.push('phase 2');
        return { gate: 'phased', ok: true, exitCode: 0, summaryLine: '', printout: [], figures: {}, diagnostics: [] };
      },
    };
    const io = { cwd: root, env: {}, stdout: () => {}, stderr: () => {}, appendFile: () => {} };
    expect(await main(['check'], { ...io, collectGarbage: () => void events.push('gc') }, [phased])).toBe(0);
    expect(events).toEqual(['phase 1', 'gc', 'phase 2']);
  });
});

describe('the real gates over an initialised upstream-layout tree', () => {
  let fx: Fixture;
  let cache: string;
  /** What the JSON format prints with the cache off: every other run must print the same. */
  let off: Captured;
  const check = (format: string, ...argv: string[]): Promise<Captured> =>
    run(['check', ...GATES, '--format', format, ...TODAY, ...argv], { cwd: fx.root });
  beforeAll(async () => {
    // A small tree that gives every gate its inputs, so each kind of fact is derived and cached.
    fx = createFixture(upstreamTree());
    expect((await run(['init', ...TODAY], { cwd: fx.root })).code).toBe(0);
    mkdirSync(join(fx.root, 'node_modules'));
    cache = join(fx.root, CACHE);
    // Findings in the output too: an unclaimed home (an error) and a marker in an HTML comment (a warning).
    const home = join(fx.root, 'spec/v2/core/ledger.md');
    writeFileSync(
      home,
      readFileSync(home, 'utf8').replace(
        '> **Normative home:** `ledger`.',
        '> **Normative home:** `tools`.\n\n<!-- **Normative home:** `x` -->',
      ),
    );
    off = await check('json', '--no-cache');
  });
  afterAll(() => fx.remove());

  it('a full check parses each document once, whichever gate asks for it first (capabilities.md: the budget, then the declaration gate)', async () => {
    const parsed: string[] = [];
    const markdown = Object.getOwnPropertyDescriptor(SpecTree.prototype, 'markdown')!.value as SpecTree['markdown'];
    const spy = vi.spyOn(SpecTree.prototype, 'markdown').mockImplementation(async function (this: SpecTree, path) {
      const before = this.stats.markdownParses;
      const doc = await markdown.call(this, path);
      if (this.stats.markdownParses > before) parsed.push(path);
      return doc;
    });
    try {
      await run(['check', ...TODAY, '--no-cache'], { cwd: fx.root });
    } finally {
      spy.mockRestore();
    }
    expect(parsed).toContain('spec/v2/core/capabilities.md');
    expect(parsed.filter((p, i) => parsed.indexOf(p) !== i)).toEqual([]);
  });

  it('print the same bytes and exit code with the cache off, cold, warm, and holding a value of the wrong shape for every fact', async () => {
    rmSync(cache, { force: true });
    // Cold: every fact derived, as with the cache off, and written.
    const cold = await check('stylish');
    expect(cold.code).toBe(1);
    expect([...cold.stdout, ...cold.stderr].join('\n')).toMatch(
      /home\/unclaimed[\s\S]*home\/marker-near-miss|home\/marker-near-miss[\s\S]*home\/unclaimed/,
    );
    expect(existsSync(cache)).toBe(true);
    // Warm: every fact read back, in both formats.
    expect(await check('json')).toEqual(off);
    expect(await check('stylish')).toEqual(cold);
    // Every kind's fromJson meets a value it did not write (the file around them is whole and checksummed).
    let forged: string[] = [];
    forge(cache, (b) => {
      forged = Object.keys(b['kinds']).sort();
      Object.values(b['kinds']).forEach((k: any) =>
        Object.values(k.entries).forEach((e: any) => (e[1] = { findIndex: null })),
      );
      return b;
    });
    expect(await check('json')).toEqual(off);
    // The tree gives every kind of fact the gates derive (a new kind joins this list once it does).
    expect(forged).toEqual(FACT_KINDS);
  });

  describe('the built bin, every fact cached by itself', () => {
    // The bundled bin's facts are keyed by its own code, not by the workspace packages' that an
    // in-process run derives them with: its first run caches them.
    beforeAll(() => {
      expect(spawnSync(process.execPath, [CLI_BIN, 'check', ...GATES, ...TODAY], { cwd: fx.root }).status).toBe(
        off.code,
      );
    });

    it('loads no parser, and no command-only package in a check', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'openwop-loads-'));
      try {
        // A module hook that logs every URL the run resolves.
        const log = join(dir, 'urls');
        const hook = `import { appendFileSync } from 'node:fs';\nexport async function resolve(s, c, next) { const r = await next(s, c); appendFileSync(${JSON.stringify(log)}, r.url + '\\n'); return r; }\n`;
        const probe = join(dir, 'probe.mjs');
        writeFileSync(
          probe,
          `import { register } from 'node:module';\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)});\n`,
        );
        const r = spawnSync(
          process.execPath,
          ['--import', pathToFileURL(probe).href, CLI_BIN, 'check', ...GATES, '--format', 'json', ...TODAY],
          { cwd: fx.root, encoding: 'utf8' },
        );
        expect([r.status, r.stdout]).toEqual([off.code, text(off.stdout)]);
        const warm = readFileSync(log, 'utf8');
        // The bin bundles the parser into its chunk `markdown-stack-*.js`, and delta, init and report
        // into chunks named after their folder (`dist-*.js`); unbundled, each is found where installed.
        const parser = /\/(unified|remark-parse|micromark)[^/]*\/|\/markdown-stack-[A-Z0-9]+\.js$/m;
        // The log holds what the bin resolved, and the pattern matches where the parser is.
        expect(warm).toMatch(/\/packages\/cli\/dist\/openwop-spec\.js$/m);
        expect(pathToFileURL(fromSpecTree.resolve('remark-parse')).href).toMatch(parser);
        expect(readFileSync(new URL('../dist/bundle-outputs.json', import.meta.url), 'utf8')).toMatch(
          /"markdown-stack-/,
        );
        expect(warm).not.toMatch(parser);
        expect(warm).not.toMatch(
          /\/node_modules\/(zx|chokidar)\/|\/packages\/(delta|init|report)\/dist\/|\/dist-[A-Z0-9]+\.js$/m,
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  // Two processes that derive the facts at once and both write the cache: the least that races.
  it('built bins sharing one cache at once never corrupt it', async () => {
    const argv = ['check', 'core-budget', '--format', 'json', ...TODAY];
    const expected = await run([...argv, '--no-cache'], { cwd: fx.root });
    rmSync(cache, { force: true });
    const once = (): Promise<{ code: number | null; stdout: string }> =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [CLI_BIN, ...argv], { cwd: fx.root });
        let stdout = '';
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        child.on('close', (code) => resolve({ code, stdout }));
      });
    const runs = await Promise.all([once(), once()]);
    for (const r of runs) expect(r).toEqual({ code: expected.code, stdout: text(expected.stdout) });
    const file = readFileSync(cache, 'utf8');
    const nl = file.indexOf('\n');
    expect(JSON.parse(file.slice(0, nl)).sha256).toBe(
      createHash('sha256')
        .update(file.slice(nl + 1))
        .digest('hex'),
    );
    expect(await run(argv, { cwd: fx.root })).toEqual(expected);
  });
});

describe('the built bin', () => {
  let fx: Fixture | undefined;
  afterEach(() => fx?.remove());

  it('a FIFO at the cache path is a miss: the same output, never a hang', async () => {
    const root = (fx = createFixture({ ...upstreamTree(), 'node_modules/.keep': '' })).root;
    const argv = ['check', 'core-budget', 'normative-home', '--format', 'json', ...TODAY];
    const expected = await run([...argv, '--no-cache'], { cwd: root });
    expect(expected.code).toBe(0);
    mkdirSync(join(root, CACHE, '..'), { recursive: true });
    execFileSync('mkfifo', [join(root, CACHE)]);
    const r = spawnSync(process.execPath, [CLI_BIN, ...argv], { cwd: root, encoding: 'utf8', timeout: 600_000 });
    expect([r.signal, r.status, r.stdout, r.stderr]).toEqual([
      null,
      expected.code,
      text(expected.stdout),
      text(expected.stderr),
    ]);
  });
});
