import { execFileSync } from 'node:child_process';
import { mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GateResult } from '@openwop-spec/diagnostics';
import { CONFIG_FILE, FactCache, SpecTree } from '@openwop-spec/spec-tree';
import type { Gate } from '@openwop-spec/gate-api';
import { createFixture, git } from '@openwop-spec/spec-tree/testing';
import type { Fixture } from '@openwop-spec/spec-tree/testing';
import { main } from '../src/main.js';
import { debounce, fileSystemSource, watchGates } from '../src/watch.js';
import type { ChangeSource } from '../src/watch.js';

const result = (gate: string, summaryLine: string, ok = true): GateResult => ({
  gate,
  ok,
  exitCode: ok ? 0 : 1,
  summaryLine,
  printout: [],
  figures: {},
  diagnostics: [],
});

/** A gate whose check runs `read` on the tree and reports what it saw; it fails when it saw FAIL. */
const fakeGate = (id: string, read: (tree: SpecTree) => string): Gate => ({
  id,
  summary: `fake ${id}`,
  rules: [],
  commands: [],
  check: async (tree) => {
    const seen = read(tree);
    return result(id, `${id}: ${seen}`, !seen.includes('FAIL'));
  },
});

const gates: Gate[] = [
  fakeGate('reads-a', (t) => t.text('a.md').trim()),
  fakeGate(
    'lists-d',
    (t) =>
      t
        .list('d')
        .map((e) => e.name)
        .join(',') + ` ${String(t.json('b.json').value)}`,
  ),
  fakeGate('derives', (t) => String(t.derive('shared', () => t.text('c.md').length))),
  fakeGate('writes', (t) => {
    t.write('out/generated.json', '{"n": 1}\n');
    return t.text('out/generated.json').trim();
  }),
];

class FakeSource implements ChangeSource {
  emit?: (paths: string[]) => void;
  closed = false;
  async start(onChange: (paths: string[]) => void): Promise<void> {
    this.emit = onChange;
  }
  async close(): Promise<void> {
    this.closed = true;
  }
}

let fixture: Fixture | undefined;
afterEach(() => fixture?.remove());

/** Resolves when `pred` holds for a line pushed to `lines`; fails only if it never does. */
function lineWatcher() {
  const lines: string[] = [];
  const waiters = new Set<() => void>();
  const push = (l: string): void => {
    lines.push(l);
    for (const w of [...waiters]) w();
  };
  const until = (pred: (line: string) => boolean, what: string): Promise<string> =>
    new Promise((resolve, reject) => {
      const from = lines.length;
      // Generous, and only reached when the line never comes: nothing here depends on how fast it does.
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`never saw ${what}; last lines: ${lines.slice(-5).join(' | ')}`));
      }, 60_000);
      const check = (): void => {
        const hit = lines.slice(from).find(pred);
        if (hit === undefined) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(hit);
      };
      waiters.add(check);
    });
  return { lines, push, until };
}

async function session() {
  fixture = createFixture({ 'a.md': 'one\n', 'b.json': '7', 'c.md': 'abc', 'd/x.md': 'x', 'unrelated.md': 'u' });
  const tree = fixture.tree();
  const source = new FakeSource();
  const controller = new AbortController();
  const ran: string[][] = [];
  const log = lineWatcher();
  const done = watchGates({
    tree,
    gates,
    run: async (t, gs) => Promise.all(gs.map((g) => g.check(t, { today: '2026-09-22', flags: new Set() }))),
    write: (results) => void ran.push(results.map((r) => r.summaryLine)),
    verdict: (r) => r.exitCode,
    log: log.push,
    source,
    signal: controller.signal,
    clock: () => 0,
  });
  await log.until((l) => l.startsWith('watch: 4 gate(s) checked'), 'the first run');
  const change = async (files: Record<string, string | null>, paths: string[]): Promise<string> => {
    fixture!.write(files);
    const next = log.until(() => true, 'a status line');
    source.emit!(paths);
    return next;
  };
  return { tree, source, controller, ran, lines: log.lines, done, change, root: fixture.root };
}

describe('check --watch', () => {
  it('runs every gate once, then only the gates that read a changed file, with the new content', async () => {
    const s = await session();
    expect(s.ran).toEqual([['reads-a: one', 'lists-d: x.md 7', 'derives: 3', 'writes: {"n": 1}']]);
    expect(s.lines.at(-1)).toBe(
      'watch: 4 gate(s) checked in 0 ms; 4 of 4 gate(s) pass; waiting for changes (Ctrl-C to stop)',
    );
    const reads = s.tree.stats.reads;

    expect(await s.change({ 'a.md': 'two\n' }, ['a.md'])).toBe(
      'watch: re-ran reads-a in 0 ms after 1 change(s); 4 of 4 gate(s) pass; waiting for changes (Ctrl-C to stop)',
    );
    expect(s.ran[1]).toEqual(['reads-a: two']);
    expect(s.tree.stats.reads).toBe(reads + 1); // only a.md was read again

    await s.change({ 'd/y.md': 'y' }, ['d/y.md']);
    expect(s.ran[2]).toEqual(['lists-d: x.md,y.md 7']);

    // Editing a file the gate only listed changes nothing it saw.
    expect(await s.change({ 'd/x.md': 'edited' }, ['d/x.md'])).toBe(
      'watch: 1 change(s), no gate reads them; 4 of 4 gate(s) pass; waiting for changes (Ctrl-C to stop)',
    );
    expect(s.ran).toHaveLength(3);

    // A derived value keeps the dependency of what computing it read, even when served from cache.
    await s.change({ 'c.md': 'abcdef' }, ['c.md']);
    expect(s.ran[3]).toEqual(['derives: 6']);

    await s.change({ 'unrelated.md': 'v' }, ['unrelated.md', 'node_modules/.cache/x', '.git/index']);
    expect(s.ran).toHaveLength(4);
    expect(s.lines.at(-1)).toMatch(/^watch: 1 change\(s\), no gate reads them; /);

    // The status line says how every gate stands, not only the ones that re-ran.
    expect(await s.change({ 'a.md': 'FAIL\n' }, ['a.md'])).toMatch(/; 3 of 4 gate\(s\) pass; /);

    s.controller.abort();
    expect(await s.done).toBe(0);
    expect(s.source.closed).toBe(true);
    expect(s.lines.at(-1)).toBe('watch: stopped');
  });

  it('never re-triggers on a file it wrote, but reacts when someone else changes it', async () => {
    const s = await session();
    // Its own write is dropped from the batch: one change counted (the unrelated file), nothing re-run.
    expect(await s.change({}, ['out/generated.json', 'unrelated.md'])).toMatch(
      /^watch: 1 change\(s\), no gate reads them/,
    );
    expect(s.ran).toHaveLength(1);
    await s.change({ 'out/generated.json': '{"n": 2}\n' }, ['out/generated.json']);
    // The gate reads the file, so it re-runs (and rewrites it); that write is again its own.
    expect(s.ran[1]).toEqual(['writes: {"n": 1}']);
    expect(await s.change({}, ['out/generated.json', 'unrelated.md'])).toMatch(
      /^watch: 1 change\(s\), no gate reads them/,
    );
    expect(s.ran).toHaveLength(2);
    s.controller.abort();
    await s.done;
  });

  it('a file it wrote, replaced by a FIFO or a symlink to one, is looked at without waiting: a change, seen at once', async () => {
    const s = await session();
    const generated = join(s.root, 'out/generated.json');
    rmSync(generated);
    execFileSync('mkfifo', [generated]);
    let next = s.change({}, ['out/generated.json']);
    expect(await next).toMatch(/^watch: cannot write out\/generated\.json: it is a FIFO/);
    rmSync(generated);
    execFileSync('mkfifo', [join(s.root, 'out/fifo')]);
    symlinkSync('fifo', generated);
    next = s.change({}, ['out/generated.json']);
    expect(await next).toMatch(/^watch: cannot write out\/generated\.json: it is a FIFO/);
    s.controller.abort();
    expect(await s.done).toBe(0);
  });

  it('clears the screen before each run when given a way to, so only the gates that re-ran are shown', async () => {
    fixture = createFixture({ 'a.md': 'one\n', 'c.md': 'abc' });
    const source = new FakeSource();
    const controller = new AbortController();
    const screen: string[] = [];
    const log = lineWatcher();
    const done = watchGates({
      tree: fixture.tree(),
      gates: [gates[0]!, gates[2]!],
      run: async (t, gs) => Promise.all(gs.map((g) => g.check(t, { today: '2026-09-22', flags: new Set() }))),
      write: (results) => void screen.push(...results.map((r) => r.summaryLine)),
      verdict: (r) => r.exitCode,
      log: (l) => {
        screen.push(l);
        log.push(l);
      },
      clear: () => screen.splice(0),
      source,
      signal: controller.signal,
      clock: () => 0,
    });
    await log.until((l) => l.startsWith('watch: 2 gate(s) checked'), 'the first run');
    expect(screen).toEqual([
      'reads-a: one',
      'derives: 3',
      'watch: 2 gate(s) checked in 0 ms; 2 of 2 gate(s) pass; waiting for changes (Ctrl-C to stop)',
    ]);
    fixture.write({ 'a.md': 'two\n' });
    source.emit!(['a.md']);
    await log.until((l) => l.startsWith('watch: re-ran'), 're-ran');
    expect(screen).toEqual([
      'reads-a: two',
      'watch: re-ran reads-a in 0 ms after 1 change(s); 2 of 2 gate(s) pass; waiting for changes (Ctrl-C to stop)',
    ]);
    controller.abort();
    await done;
  });

  it('starts over with a fresh tree with the same options (the fact cache) when the config file changes', async () => {
    fixture = createFixture({ 'a.md': 'one\n' });
    const cache = new FactCache(join(fixture.root, 'cache'));
    const trees: SpecTree[] = [];
    const source = new FakeSource();
    const controller = new AbortController();
    const log = lineWatcher();
    const done = watchGates({
      tree: SpecTree.load(fixture.root, { cache }),
      gates: [gates[0]!],
      run: async (t, gs) => {
        trees.push(t);
        return Promise.all(gs.map((g) => g.check(t, { today: '2026-09-22', flags: new Set() })));
      },
      write: () => {},
      verdict: (r) => r.exitCode,
      log: log.push,
      source,
      signal: controller.signal,
      clock: () => 0,
    });
    await log.until((l) => l.startsWith('watch: 1 gate(s) checked'), 'the first run');
    const rerun = log.until((l) => l.startsWith('watch: re-ran reads-a'), 'the re-run');
    fixture.write({ [CONFIG_FILE]: JSON.stringify({ paths: { conformance: 'packages/conformance' } }) });
    source.emit!([CONFIG_FILE]);
    await rerun;
    expect(trees).toHaveLength(2);
    expect(trees[1]).not.toBe(trees[0]);
    expect(trees[1]!.options.cache).toBe(cache);
    controller.abort();
    await done;
  });
});

describe('debounce', () => {
  it('turns a burst of events into one sorted batch without repeats, and a later event into the next', () => {
    vi.useFakeTimers();
    try {
      const batches: string[][] = [];
      const d = debounce(50, (paths) => batches.push(paths));
      // An editor's save: a probe file, a temporary file, the rename over the original, a chmod.
      for (const p of ['spec/4913', 'spec/.a.md.swp', 'spec/a.md', 'spec/.a.md.swp', 'spec/a.md']) {
        d.add(p);
        vi.advanceTimersByTime(10);
      }
      expect(batches).toEqual([]);
      vi.advanceTimersByTime(50);
      expect(batches).toEqual([['spec/.a.md.swp', 'spec/4913', 'spec/a.md']]);
      d.add('spec/b.md');
      vi.advanceTimersByTime(50);
      expect(batches).toEqual([['spec/.a.md.swp', 'spec/4913', 'spec/a.md'], ['spec/b.md']]);
      d.add('spec/c.md');
      d.cancel();
      vi.advanceTimersByTime(100);
      expect(batches).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

/**
 * The real file system, through `openwop-spec check --watch`: each way an editor or a tool saves a
 * file is followed by a plain save, because the failure this guards against is a watch that sees
 * the first replacement and then nothing more of that file.
 */
describe('check --watch on the file system', () => {
  async function watching(isTTY = false, extra: Parameters<typeof createFixture>[0] = {}) {
    fixture = createFixture({ 'pnpm-workspace.yaml': '', 'spec/a.md': 'one\n', ...extra });
    const root = fixture.root;
    const out = lineWatcher();
    const err = lineWatcher();
    const readsA = fakeGate('reads-a', (t) => t.text('spec/a.md').trim());
    const running = main(
      ['check', '--watch', '--root', root],
      {
        cwd: root,
        env: {},
        stdout: out.push,
        stderr: err.push,
        isTTY,
        appendFile: () => expect.unreachable('appendFile'),
      },
      [readsA],
    );
    await err.until((l) => l.startsWith('watch: 1 gate(s) checked'), 'the first run');
    expect(out.lines).toContain('reads-a: one');
    const a = join(root, 'spec', 'a.md');
    /** Saves by `save`, then waits for the re-run that reports `content`. */
    const saved = async (content: string, save: () => void): Promise<void> => {
      const seen = out.until((l) => l === `reads-a: ${content}`, `reads-a: ${content}`);
      const status = err.until((l) => l.startsWith('watch: re-ran reads-a'), 'the re-run status line');
      save();
      await Promise.all([seen, status]);
    };
    const plain = (content: string) => saved(content, () => writeFileSync(a, `${content}\n`));
    const stop = async (): Promise<void> => {
      process.emit('SIGINT');
      expect(await running).toBe(0);
      expect(err.lines.at(-1)).toBe('watch: stopped');
    };
    const status = (pred: (line: string) => boolean): Promise<string> =>
      err.until((l) => l.startsWith('watch: re-ran reads-a') && pred(l), 'a re-run');
    return { root, a, saved, plain, status, stop, running, out: out.lines, err: err.lines };
  }

  it('a plain save', async () => {
    const w = await watching();
    await w.plain('two');
    await w.plain('three');
    await w.stop();
  });

  it('a vim or JetBrains save: write a temporary file, rename it over the original', async () => {
    const w = await watching();
    await w.saved('two', () => {
      writeFileSync(`${w.a}.tmp~`, 'two\n');
      renameSync(`${w.a}.tmp~`, w.a);
    });
    await w.plain('three');
    await w.saved('four', () => {
      writeFileSync(`${w.a}.tmp~`, 'four\n');
      renameSync(`${w.a}.tmp~`, w.a);
    });
    await w.stop();
  });

  it('on a terminal, each run starts on a cleared screen', async () => {
    const w = await watching(true);
    const CLEAR = '\x1b[2J\x1b[3J\x1b[H';
    expect(w.out.filter((l) => l === CLEAR)).toHaveLength(1);
    await w.plain('two');
    expect(w.out.slice(w.out.lastIndexOf(CLEAR) + 1)).toEqual(['reads-a: two']);
    await w.stop();
    fixture!.remove();
    const plain = await watching(false);
    expect(plain.out.some((l) => l.includes('\x1b'))).toBe(false);
    await plain.stop();
  });

  it('sed -i', async () => {
    const w = await watching();
    await w.saved('two', () => execFileSync('sed', ['-i', 's/one/two/', w.a]));
    await w.plain('three');
    await w.stop();
  });

  it('a delete, then the file created again', async () => {
    const w = await watching();
    // A missing input stops the gate: it re-runs and says it could not.
    const gone = w.status((l) => l.endsWith('; 0 of 1 gate(s) pass; waiting for changes (Ctrl-C to stop)'));
    rmSync(w.a);
    await gone;
    await w.plain('two');
    await w.plain('three');
    await w.stop();
  });

  it('git checkout of a file', async () => {
    const w = await watching();
    git(w.root, 'init', '-q');
    git(w.root, 'add', '-A');
    git(w.root, 'commit', '-qm', 'one');
    await w.plain('two');
    await w.saved('one', () => git(w.root, 'checkout', '--', 'spec/a.md'));
    await w.plain('three');
    await w.stop();
  });

  it('never follows a symlink out of the root: nothing under the link is watched', async () => {
    const away = mkdtempSync(join(tmpdir(), 'openwop-spec-away-'));
    fixture = createFixture({ 'spec/a.md': 'one\n', 'spec/rootlink': { symlink: away } });
    const source = fileSystemSource(fixture.root);
    const batches: string[][] = [];
    let saw: (() => void) | undefined;
    try {
      await source.start(
        (paths) => {
          batches.push(paths);
          if (paths.includes('spec/a.md')) saw?.();
        },
        (err) => expect.unreachable(String(err)),
      );
      for (const content of ['two', 'three']) {
        const seen = new Promise<void>((resolve) => (saw = resolve));
        // The change out there comes first: a watcher that followed the link reports it first.
        writeFileSync(join(away, `${content}.md`), 'out there\n');
        writeFileSync(join(fixture.root, 'spec/a.md'), `${content}\n`);
        await seen;
      }
      expect(batches.flat().filter((p) => p.startsWith('spec/rootlink/'))).toEqual([]);
    } finally {
      await source.close();
      rmSync(away, { recursive: true, force: true });
    }
  });

  it('the root moved away: one line saying so, and exit 2, never a raw errno line', async () => {
    const w = await watching();
    const moved = `${w.root}-moved`;
    renameSync(w.root, moved);
    try {
      expect(await w.running).toBe(2);
      expect(w.err.at(-1)).toBe(`watch: the root ${w.root} is gone (moved or deleted); stopping`);
      expect(w.err.join('\n')).not.toMatch(/ENOENT|lstat/);
    } finally {
      renameSync(moved, w.root);
    }
  });
});
