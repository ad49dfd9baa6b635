import { afterEach, describe, expect, it } from 'vitest';
import { git } from '@openwop-spec/spec-tree/testing';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { shape } from '@openwop-spec/spec-tree';
import type { FactKind } from '@openwop-spec/spec-tree';
import type { Gate } from '@openwop-spec/gate-api';
import { createFixture, probeGate, run } from './helpers.js';
import type { Fixture } from './helpers.js';

let fx: Fixture | undefined;
afterEach(() => fx?.remove());

function repo(): Fixture {
  fx = createFixture({ 'pnpm-workspace.yaml': 'packages: []\n', 'probe.txt': 'OK' });
  git(fx.root, 'init', '-q');
  git(fx.root, 'add', '-A');
  git(fx.root, 'commit', '-qm', 'base');
  fx.write({ 'probe.txt': 'OK, longer now' });
  return fx;
}

describe('openwop-spec delta', () => {
  it.each([
    [['delta', '--base', 'main'], 0],
    [['delta', '--base', 'main', '--format', 'json'], 0],
    [['delta', '--base', 'main', '--format', 'markdown'], 0],
    [['delta'], 0],
    [['delta', '--base', 'nope'], 2],
    [['delta', '--format', 'xml'], 2],
    [['delta', '--bsae', 'main'], 2],
    [['delta', 'extra'], 2],
    [['delta', '--help'], 0],
  ])('%j exits %i', async (argv, code) => {
    expect((await run(argv, { cwd: repo().root, gates: [probeGate()] })).code).toBe(code);
  });

  it('reads and writes the fact cache as check does: --cache-location DIR, none with --no-cache', async () => {
    const f = repo();
    const length: FactKind<number> = {
      id: 'cli-test:length',
      code: import.meta.url,
      derive: (source) => source.text.length,
      toJson: (n) => n,
      fromJson: (json) => (shape.isCount(json) ? json : undefined),
    };
    const gate: Gate = {
      ...probeGate(),
      check: async (tree) => ({
        ...(await probeGate().check(tree, { today: '2026-09-22', flags: new Set() })),
        figures: { characters: await tree.factsOf('probe.txt', length) },
      }),
    };
    const argv = ['delta', '--base', 'main', '--format', 'json'];
    const delta = (...more: string[]) => run([...argv, ...more], { cwd: f.root, gates: [gate] });
    const none = await delta('--no-cache');
    expect(none.code).toBe(0);
    expect(existsSync(join(f.root, 'facts'))).toBe(false);
    const cached = await delta('--cache-location', 'facts');
    expect(cached.stdout).toEqual(none.stdout);
    expect(existsSync(join(f.root, 'facts', 'facts.json'))).toBe(true);
    const both = await delta('--no-cache', '--cache-location', 'facts');
    expect([both.code, both.stderr]).toEqual([
      2,
      ['openwop-spec: --no-cache and --cache-location cannot be combined; see openwop-spec delta --help'],
    ]);
  });

  it('json: { base, head, gates: { <gate>: { before, after, changes } } } with the figures check reports', async () => {
    const out = await run(['delta', '--base', 'main', '--format', 'json'], { cwd: repo().root, gates: [probeGate()] });
    const doc = JSON.parse(out.stdout.join('\n'));
    expect(doc.head).toEqual({ ref: 'working tree' });
    expect(doc.base.ref).toBe('main');
    expect(doc.gates.probe.before).toEqual({ characters: 2 });
    expect(doc.gates.probe.after).toEqual({ characters: 14 });
  });

  it('appends the markdown block to GITHUB_STEP_SUMMARY, through its Io', async () => {
    const f = repo();
    const summary = join(f.root, 'summary.md');
    const out = await run(['delta', '--base', 'main'], {
      cwd: f.root,
      gates: [probeGate()],
      env: { GITHUB_STEP_SUMMARY: summary },
    });
    expect(Object.keys(out.appended ?? {})).toEqual([summary]);
    expect(out.appended?.[summary]).toMatch(/^#### Gate figures: `main \([0-9a-f]{12}\)` → working tree\n/);
    expect(existsSync(summary)).toBe(false);
  });

  it('exits 1 when the working tree fails a gate, naming it on stderr; the figures are still printed', async () => {
    const f = repo();
    f.write({ 'probe.txt': 'FAIL' });
    for (const format of ['stylish', 'markdown', 'json']) {
      const out = await run(['delta', '--base', 'main', '--format', format], { cwd: f.root, gates: [probeGate()] });
      expect(out.code, format).toBe(1);
      expect(out.stdout.length, format).toBeGreaterThan(0);
      expect(out.stderr, format).toEqual([
        'openwop-spec delta: the working tree fails probe; run pnpm exec openwop-spec check probe for the findings',
      ]);
    }
    const doc = JSON.parse(
      (await run(['delta', '--base', 'main', '--format', 'json'], { cwd: f.root, gates: [probeGate()] })).stdout.join(
        '\n',
      ),
    );
    expect([doc.exitCode, doc.gates.probe.status.after.exitCode]).toEqual([1, 1]);
  });

  it('a gate failing only at the base does not fail delta', async () => {
    const f = repo();
    f.write({ 'probe.txt': 'FAIL' });
    git(f.root, 'commit', '-qam', 'broken');
    f.write({ 'probe.txt': 'OK again' });
    const out = await run(['delta', '--base', 'HEAD'], { cwd: f.root, gates: [probeGate()] });
    expect([out.code, out.stderr]).toEqual([0, []]);
    expect(out.stdout).toContain('probe: fails → passes');
  });

  it('markdown: a before → after table of the figures, not a list of code spans', async () => {
    const out = await run(['delta', '--base', 'main', '--format', 'markdown'], {
      cwd: repo().root,
      gates: [probeGate()],
    });
    expect(out.stdout.slice(2)).toEqual([
      '**probe**: passes → passes',
      '',
      '| figure | before | after | Δ |',
      '|---|--:|--:|--:|',
      '| characters | 2 | 14 | +12 |',
    ]);
  });

  it('runs git in the environment of its Io', async () => {
    const f = repo();
    const out = await run(['delta', '--base', 'main'], {
      cwd: f.root,
      gates: [probeGate()],
      env: { GIT_DIR: join(f.root, 'not-a-git-dir') },
    });
    expect(out.stderr).toEqual([
      `openwop-spec delta: ${f.root} is not inside a git repository, so there is no base to compare with`,
    ]);
  });

  it('one clear line for a bad ref, a folder that is not a repository, and a typo', async () => {
    const base = repo();
    expect((await run(['delta', '--base', 'nope'], { cwd: base.root, gates: [probeGate()] })).stderr).toEqual([
      'openwop-spec delta: base nope does not name a commit in this repository',
    ]);
    const typo = await run(['delta', '--base', 'mian'], { cwd: base.root, gates: [probeGate()] });
    expect([typo.code, typo.stderr]).toEqual([
      2,
      ['openwop-spec delta: base mian does not name a commit in this repository (did you mean main?)'],
    ]);
    base.remove();
    fx = createFixture({ 'pnpm-workspace.yaml': '' });
    const notGit = await run(['delta', '--base', 'main'], { cwd: fx.root, gates: [probeGate()] });
    expect(notGit.stderr).toEqual([
      `openwop-spec delta: ${fx.root} is not inside a git repository, so there is no base to compare with`,
    ]);
    expect((await run(['delta', '--bsae', 'main'], { cwd: fx.root, gates: [probeGate()] })).stderr[0]).toMatch(
      /unknown option --bsae \(did you mean --base\?\)/,
    );
    for (const [argv, line] of [
      [
        ['--format', 'jsn'],
        'openwop-spec: --format jsn is not one of stylish, markdown, json (did you mean json?); see openwop-spec delta --help',
      ],
      [['main'], 'openwop-spec: delta takes no arguments (got main); see openwop-spec delta --help'],
    ] as const) {
      const usage = await run(['delta', ...argv], { cwd: fx.root, gates: [probeGate()] });
      expect([usage.code, usage.stdout, usage.stderr]).toEqual([2, [], [line]]);
    }
  });
});

// Class M of the fuzzing report: delta's line for an input error dropped the position `check`
// prints, and a failure under --format json printed no document at all.
describe('openwop-spec delta on bad input', () => {
  /** A gate that reads probe.json, so an input error has a position. */
  const jsonGate = {
    ...probeGate(),
    id: 'json-probe',
    check: async (tree: Parameters<ReturnType<typeof probeGate>['check']>[0]) => ({
      ...(await probeGate().check(tree, { today: '', flags: new Set() })),
      gate: 'json-probe',
      figures: { value: tree.json('probe.json').value },
    }),
  };

  it('a gate that cannot run on the working tree is reported with the positioned line check prints', async () => {
    const f = repo();
    f.write({ 'probe.json': '{ "a": 1 }' });
    git(f.root, 'add', '-A');
    git(f.root, 'commit', '-qm', 'json');
    f.write({ 'probe.json': '{ "a": 1, }' });
    const line = 'probe.json:1:9  error  probe.json is not valid JSON: trailing comma before `}`  input/invalid-json';
    expect((await run(['check'], { cwd: f.root, gates: [jsonGate] })).stderr[0]).toBe(line);
    const text = await run(['delta', '--base', 'HEAD'], { cwd: f.root, gates: [jsonGate] });
    expect(text.stdout).toContain(`  could not run on the working tree: ${line}`);
    const json = JSON.parse(
      (await run(['delta', '--base', 'HEAD', '--format', 'json'], { cwd: f.root, gates: [jsonGate] })).stdout.join(
        '\n',
      ),
    );
    expect(json.gates['json-probe'].status.after).toEqual({ exitCode: 2, summary: line });
  });

  it('--format json prints a document for a failure before any gate ran, and the line on stderr', async () => {
    const out = await run(['delta', '--base', 'nope', '--format', 'json'], { cwd: repo().root, gates: [probeGate()] });
    expect(out.code).toBe(2);
    expect(JSON.parse(out.stdout.join('\n'))).toEqual({
      ok: false,
      diagnostics: [
        {
          gate: 'delta',
          ruleId: 'input/usage',
          severity: 'error',
          message: 'base nope does not name a commit in this repository',
        },
      ],
    });
    expect(out.stderr).toEqual(['openwop-spec delta: base nope does not name a commit in this repository']);
  });
});
