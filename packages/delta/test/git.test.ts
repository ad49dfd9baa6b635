import { afterEach, describe, expect, it, vi } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { InputError } from '@openwop-spec/diagnostics';
import { createFixture, git, gitAt } from '@openwop-spec/spec-tree/testing';
import type { Gate } from '@openwop-spec/gate-api';
import type { Fixture } from '@openwop-spec/spec-tree/testing';
import { commitsTouching, delta, materialise, renderMarkdown, renderText } from '../src/index.js';

/** A gate whose figures count the words of spec/a.md and whose artifact is a small document. */
const wordsGate: Gate = {
  id: 'words',
  summary: 'counts words',
  rules: [],
  commands: [],
  check: async (tree) => {
    const words = tree.text('spec/a.md').split(/\s+/).filter(Boolean).length;
    return {
      gate: 'words',
      ok: true,
      exitCode: 0,
      summaryLine: 'ok',
      printout: [],
      figures: { words },
      diagnostics: [],
    };
  },
  artifacts: async (tree) => ({ 'out.json': { words: tree.text('spec/a.md').split(/\s+/).filter(Boolean) } }),
};

let fx: Fixture | undefined;
afterEach(() => fx?.remove());

function repo(): Fixture {
  fx = createFixture({
    'pnpm-workspace.yaml': 'packages: []\n',
    'spec/a.md': 'one two\n',
    'src/code.ts': 'export {};\n',
  });
  git(fx.root, 'init', '-q');
  git(fx.root, 'add', '-A');
  git(fx.root, 'commit', '-qm', 'base');
  return fx;
}

const snapshot = (root: string): Record<string, string> => {
  const out: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const abs = join(dir, name);
      if (statSync(abs).isDirectory()) walk(abs);
      else out[abs] = readFileSync(abs, 'utf8');
    }
  };
  walk(root);
  return out;
};

describe('delta over git', () => {
  it('compares the base commit with the uncommitted working tree and leaves everything as it was', async () => {
    const f = repo();
    git(f.root, 'tag', 'base');
    f.write({ 'spec/a.md': 'one two three\n' });
    git(f.root, 'commit', '-qam', 'more');
    f.write({ 'spec/a.md': 'one two three four\n' });
    const before = snapshot(f.root);
    // A temporary folder of this test's own, so other processes' temporary files do not count.
    const tmp = mkdtempSync(join(tmpdir(), 'openwop-delta-tmp-'));
    vi.stubEnv('TMPDIR', tmp);
    const comparison = await delta(f.root, [wordsGate], {
      base: 'base',
      today: '2026-09-22',
      env: process.env,
    }).finally(() => vi.unstubAllEnvs());
    expect(comparison.gates['words']).toEqual({
      before: { words: 2 },
      after: { words: 4 },
      status: { before: { exitCode: 0, summary: 'ok' }, after: { exitCode: 0, summary: 'ok' } },
      table: [{ name: 'words', before: 2, after: 4, delta: 2 }],
      changes: [
        { type: 'pointer', pointer: '/words/2', change: 'added', document: 'out.json' },
        { type: 'pointer', pointer: '/words/3', change: 'added', document: 'out.json' },
      ],
    });
    expect(comparison.base.sha).toMatch(/^[0-9a-f]{40}$/);
    expect(snapshot(f.root)).toEqual(before);
    expect(git(f.root, 'status', '--porcelain')).toBe(' M spec/a.md\n');
    expect(readdirSync(tmp)).toEqual([]);
    rmSync(tmp, { recursive: true });
  });

  it('defaults to the merge base with main', async () => {
    const f = repo();
    git(f.root, 'checkout', '-qb', 'rfc');
    f.write({ 'spec/a.md': 'one two three\n' });
    git(f.root, 'commit', '-qam', 'rfc');
    const comparison = await delta(f.root, [wordsGate], { today: '2026-09-22', env: process.env });
    expect(comparison.gates['words']!.before).toEqual({ words: 2 });
    expect(comparison.base.sha).toBe(git(f.root, 'rev-parse', 'main').trim());
  });

  it('says whether each gate passes on each side; the comparison exits as check would on the working tree', async () => {
    const strict: Gate = {
      ...wordsGate,
      check: async (tree) => {
        const r = await wordsGate.check(tree, { today: '2026-09-22', flags: new Set() });
        const words = r.figures['words'] as number;
        return words > 3 ? { ...r, ok: false, exitCode: 1, summaryLine: `=== words FAILED — ${words} > 3 ===` } : r;
      },
    };
    const f = repo();
    f.write({ 'spec/a.md': 'one two three four\n' });
    const failing = await delta(f.root, [strict], { base: 'HEAD', today: '2026-09-22', env: process.env });
    expect(failing.gates['words']!.status.after).toEqual({ exitCode: 1, summary: '=== words FAILED — 4 > 3 ===' });
    expect(failing.exitCode).toBe(1);
    expect(renderText(failing).slice(2, 4)).toEqual([
      'words: passes → fails',
      '  fails on the working tree: === words FAILED — 4 > 3 ===',
    ]);
    expect(renderMarkdown(failing).slice(2, 5)).toEqual([
      '**words**: passes → fails',
      '',
      '> fails on the working tree: === words FAILED — 4 > 3 ===',
    ]);
    // Fixing the tree makes it pass, whatever the base did.
    git(f.root, 'commit', '-qam', 'too long');
    f.write({ 'spec/a.md': 'one\n' });
    const fixed = await delta(f.root, [strict], { base: 'HEAD', today: '2026-09-22', env: process.env });
    expect([fixed.exitCode, renderText(fixed)[2]]).toEqual([0, 'words: fails → passes']);
  });

  it('a gate that cannot run at the base is reported, not fatal', async () => {
    const f = repo();
    git(f.root, 'rm', '-q', 'spec/a.md');
    git(f.root, 'commit', '-qm', 'drop');
    f.write({ 'spec/a.md': 'back\n' });
    const comparison = await delta(f.root, [wordsGate], { base: 'HEAD', today: '2026-09-22', env: process.env });
    expect(comparison.gates['words']!.status).toEqual({
      before: { exitCode: 2, summary: 'spec/a.md:1:1  error  spec/a.md does not exist (no position)  input/missing' },
      after: { exitCode: 0, summary: 'ok' },
    });
    expect(comparison.gates['words']!.table).toEqual([{ name: 'words', before: null, after: 1, delta: null }]);
    expect(comparison.exitCode).toBe(0);
  });

  it('works when the spec root is a folder inside the git repository, also before that folder existed', async () => {
    fx = createFixture({ 'README.md': 'top\n' });
    git(fx.root, 'init', '-q');
    git(fx.root, 'add', '-A');
    git(fx.root, 'commit', '-qm', 'no spec yet');
    git(fx.root, 'tag', 'empty');
    fx.write({ 'sub/pnpm-workspace.yaml': '', 'sub/spec/a.md': 'one\n' });
    git(fx.root, 'add', '-A');
    git(fx.root, 'commit', '-qm', 'spec');
    fx.write({ 'sub/spec/a.md': 'one two\n' });
    const sub = join(fx.root, 'sub');
    expect(
      (await delta(sub, [wordsGate], { base: 'HEAD', today: '2026-09-22', env: process.env })).gates['words'],
    ).toMatchObject({ before: { words: 1 }, after: { words: 2 } });
    expect(
      (await delta(sub, [wordsGate], { base: 'empty', today: '2026-09-22', env: process.env })).gates['words']!.status
        .before,
    ).toEqual({ exitCode: 2, summary: 'spec/a.md:1:1  error  spec/a.md does not exist (no position)  input/missing' });
  });

  it.each([
    ['a ref that does not exist', 'no-such-ref', /^base no-such-ref does not name a commit in this repository$/],
    ['a misspelled branch', 'mian', /^base mian does not name a commit in this repository \(did you mean main\?\)$/],
    [
      'a misspelled tag',
      'v2.0.1',
      /^base v2\.0\.1 does not name a commit in this repository \(did you mean v2\.0\.0\?\)$/,
    ],
    [
      'a misspelled branch of several',
      'rfc-204',
      /^base rfc-204 does not name a commit in this repository \(did you mean rfc-0204\?\)$/,
    ],
  ])('%s is one clear input error', async (_n, base, message) => {
    const f = repo();
    git(f.root, 'tag', 'v2.0.0');
    git(f.root, 'branch', 'rfc-0204');
    git(f.root, 'branch', 'rfc-0190');
    await expect(delta(f.root, [wordsGate], { base, today: '2026-09-22', env: process.env })).rejects.toThrow(message);
  });

  it('a folder that is not a git repository is an input error', async () => {
    fx = createFixture({ 'pnpm-workspace.yaml': '' });
    await expect(
      delta(fx.root, [wordsGate], { base: 'main', today: '2026-09-22', env: process.env }),
    ).rejects.toBeInstanceOf(InputError);
  });

  it('a shallow clone without the base says how to fetch it', async () => {
    const f = repo();
    f.write({ 'spec/a.md': 'x\n' });
    git(f.root, 'commit', '-qam', 'second');
    const old = git(f.root, 'rev-parse', 'HEAD~1').trim();
    const clone = createFixture({});
    try {
      execFileSync('git', ['clone', '-q', '--depth', '1', `file://${f.root}`, join(clone.root, 'c')]);
      await expect(
        delta(join(clone.root, 'c'), [wordsGate], { base: old, today: '2026-09-22', env: process.env }),
      ).rejects.toThrow(/is not in this shallow clone; fetch more history/);
    } finally {
      clone.remove();
    }
  });
});

describe('git plumbing for reports over history', () => {
  it('runs git in the environment it is given, not the process one', async () => {
    const f = repo();
    const env = { ...process.env, GIT_DIR: join(f.root, 'not-a-git-dir') };
    await expect(delta(f.root, [wordsGate], { base: 'HEAD', today: '2026-09-22', env })).rejects.toThrow(
      /is not inside a git repository/,
    );
    expect(commitsTouching(f.root, ['spec'], 5, env)).toBeUndefined();
  });

  it('git missing from the PATH it is given is one input error naming git', () => {
    const f = repo();
    const env = { ...process.env, PATH: join(f.root, 'no-such-bin') };
    expect(() => commitsTouching(f.root, ['spec'], 5, env)).toThrow(InputError);
    expect(() => commitsTouching(f.root, ['spec'], 5, env)).toThrow(/^cannot run git: .*git.*not found/);
  });

  it('paths reach git as single arguments, whatever characters they hold', () => {
    const f = repo();
    f.write({ "spec/it's $(touch pwned) *.md": 'x\n' });
    git(f.root, 'add', '-A');
    git(f.root, 'commit', '-qm', 'odd name');
    const head = git(f.root, 'rev-parse', 'HEAD').trim();
    const m = materialise(f.root, head, process.env, ["spec/it's $(touch pwned) *.md"]);
    try {
      expect(Object.keys(snapshot(m.root)).map((p) => p.slice(m.root.length + 1))).toEqual([
        "spec/it's $(touch pwned) *.md",
      ]);
      expect(readdirSync(f.root)).not.toContain('pwned');
    } finally {
      m.cleanup();
    }
  });

  it('a commit whose spec root is a symlink out of the repository is refused in one line naming it; nothing out there is read', () => {
    const outside = mkdtempSync(join(tmpdir(), 'openwop-spec-outside-'));
    fx = createFixture({ 'sub/pnpm-workspace.yaml': '', 'sub/spec/a.md': 'one two\n' });
    const f = fx;
    try {
      writeFileSync(join(outside, 'secret.md'), "not the repository's\n");
      git(f.root, 'init', '-q');
      git(f.root, 'add', '-A');
      git(f.root, 'commit', '-qm', 'base');
      rmSync(join(f.root, 'sub'), { recursive: true });
      symlinkSync(outside, join(f.root, 'sub'));
      git(f.root, 'add', '-A');
      git(f.root, 'commit', '-qm', 'the spec root as a link');
      const evil = git(f.root, 'rev-parse', 'HEAD').trim();
      git(f.root, 'checkout', '-q', 'HEAD~1', '--', 'sub');
      expect(() => materialise(join(f.root, 'sub'), evil, process.env)).toThrowError(
        new InputError(
          `cannot read commit ${evil.slice(0, 12)}: its spec root sub leads through the symlink sub (to ${outside}); a commit is read only inside the repository`,
        ),
      );
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('materialise with paths writes only the listed paths that exist at the commit', () => {
    const f = repo();
    const head = git(f.root, 'rev-parse', 'HEAD').trim();
    const m = materialise(f.root, head, process.env, ['spec', 'evidence', 'pnpm-workspace.yaml']);
    try {
      expect(
        Object.keys(snapshot(m.root))
          .map((p) => p.slice(m.root.length + 1))
          .sort(),
      ).toEqual(['pnpm-workspace.yaml', 'spec/a.md']);
    } finally {
      m.cleanup();
    }
    const none = materialise(f.root, head, process.env, ['evidence']);
    try {
      expect(readdirSync(none.root)).toEqual([]);
    } finally {
      none.cleanup();
    }
  });

  it('commitsTouching lists the last N commits that touched the paths, newest first, with date and subject', () => {
    const f = repo();
    const commit = (files: Record<string, string>, message: string, date: string): void => {
      f.write(files);
      git(f.root, 'add', '-A');
      gitAt(date, f.root, 'commit', '-qm', message);
    };
    commit({ 'spec/a.md': 'one\n' }, 'spec one', '2026-10-01T10:00:00+02:00');
    commit({ 'src/code.ts': 'export const x = 1;\n' }, 'code only', '2026-10-02T10:00:00Z');
    commit({ 'spec/a.md': 'two\n' }, 'spec two', '2026-10-03T10:00:00Z');
    const { commits, shallow } = commitsTouching(f.root, ['spec'], 2, process.env)!;
    expect(shallow).toBe(false);
    expect(commits.map((c) => [c.subject, c.date])).toEqual([
      ['spec two', '2026-10-03T10:00:00+00:00'],
      ['spec one', '2026-10-01T10:00:00+02:00'],
    ]);
    expect(commits[0]!.sha).toBe(git(f.root, 'rev-parse', 'HEAD').trim());
    expect(commitsTouching(f.root, ['spec'], 10, process.env)!.commits.map((c) => c.subject)).toEqual([
      'spec two',
      'spec one',
      'base',
    ]);
  });

  it('commitsTouching: a repository without commits has none; a folder outside git has no history', () => {
    fx = createFixture({ 'spec/a.md': 'x\n' });
    expect(commitsTouching(fx.root, ['spec'], 5, process.env)).toBeUndefined();
    git(fx.root, 'init', '-q');
    expect(commitsTouching(fx.root, ['spec'], 5, process.env)).toEqual({ commits: [], shallow: false });
  });
});
