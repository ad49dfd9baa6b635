import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { GateResult } from '@openwop-spec/diagnostics';
import { createFixture } from '@openwop-spec/spec-tree';
import type { Fixture, Gate, SpecTree } from '@openwop-spec/spec-tree';
import { main } from '../src/main.js';
import { affects, watchGates } from '../src/watch.js';
import type { ChangeSource } from '../src/watch.js';

const result = (gate: string, summaryLine: string): GateResult => ({ gate, ok: true, exitCode: 0, summaryLine, report: [], figures: {}, diagnostics: [] });

/** A gate whose check runs `read` on the tree and reports what it saw. */
const fakeGate = (id: string, read: (tree: SpecTree) => string): Gate => ({
  id,
  summary: `fake ${id}`,
  rules: [],
  commands: [],
  check: async (tree) => result(id, `${id}: ${read(tree)}`),
});

const gates: Gate[] = [
  fakeGate('reads-a', (t) => t.text('a.md').trim()),
  fakeGate('lists-d', (t) => t.list('d').map((e) => e.name).join(',') + ` ${t.json('b.json').value}`),
  fakeGate('derives', (t) => String(t.derive('shared', () => t.text('c.md').length))),
  fakeGate('writes', (t) => {
    t.write('out/generated.json', '{"n": 1}\n');
    return t.text('out/generated.json').trim();
  }),
];

class FakeSource implements ChangeSource {
  emit?: (paths: string[]) => void;
  closed = false;
  start(onChange: (paths: string[]) => void): void {
    this.emit = onChange;
  }
  close(): void {
    this.closed = true;
  }
}

let fixture: Fixture | undefined;
afterEach(() => fixture?.remove());

async function session() {
  fixture = createFixture({ 'a.md': 'one\n', 'b.json': '7', 'c.md': 'abc', 'd/x.md': 'x', 'unrelated.md': 'u' });
  const tree = fixture.tree();
  const source = new FakeSource();
  const controller = new AbortController();
  const ran: string[][] = [];
  const lines: string[] = [];
  const done = watchGates({
    tree,
    gates,
    run: async (t, gs) => Promise.all(gs.map((g) => g.check(t, { today: '2026-09-22', flags: new Set() }))),
    report: (results) => {
      ran.push(results.map((r) => r.summaryLine));
      return 0;
    },
    log: (l) => lines.push(l),
    source,
    signal: controller.signal,
    clock: () => 0,
  });
  // Let the first run finish and the source start.
  while (!source.emit) await new Promise((r) => setTimeout(r, 1));
  const change = async (files: Record<string, string | null>, paths: string[]): Promise<void> => {
    fixture!.write(files);
    source.emit!(paths);
    await new Promise((r) => setTimeout(r, 20));
  };
  return { tree, source, controller, ran, lines, done, change, root: fixture.root };
}

describe('check --watch', () => {
  it('runs every gate once, then only the gates that read a changed file, with the new content', async () => {
    const s = await session();
    expect(s.ran).toEqual([['reads-a: one', 'lists-d: x.md 7', 'derives: 3', 'writes: {"n": 1}']]);
    const reads = s.tree.stats.reads;

    await s.change({ 'a.md': 'two\n' }, ['a.md']);
    expect(s.ran[1]).toEqual(['reads-a: two']);
    expect(s.tree.stats.reads).toBe(reads + 1); // only a.md was read again

    await s.change({ 'd/y.md': 'y' }, ['d/y.md']);
    expect(s.ran[2]).toEqual(['lists-d: x.md,y.md 7']);

    // Editing a file the gate only listed changes nothing it saw.
    await s.change({ 'd/x.md': 'edited' }, ['d/x.md']);
    expect(s.ran).toHaveLength(3);
    expect(s.lines.at(-1)).toBe('watch: 1 change(s), no gate reads them');

    // A derived value keeps the dependency of what computing it read, even when served from cache.
    await s.change({ 'c.md': 'abcdef' }, ['c.md']);
    expect(s.ran[3]).toEqual(['derives: 6']);

    await s.change({ 'unrelated.md': 'v' }, ['unrelated.md', 'node_modules/.cache/x', '.git/index']);
    expect(s.ran).toHaveLength(4);
    expect(s.lines.at(-1)).toBe('watch: 1 change(s), no gate reads them');

    s.controller.abort();
    expect(await s.done).toBe(0);
    expect(s.source.closed).toBe(true);
    expect(s.lines.at(-1)).toBe('watch: stopped');
  });

  it('never re-triggers on a file it wrote, but reacts when someone else changes it', async () => {
    const s = await session();
    await s.change({}, ['out/generated.json']);
    expect(s.ran).toHaveLength(1);
    await s.change({ 'out/generated.json': '{"n": 2}\n' }, ['out/generated.json']);
    // The gate reads the file, so it re-runs (and rewrites it); that write is again its own.
    expect(s.ran[1]).toEqual(['writes: {"n": 1}']);
    await s.change({}, ['out/generated.json']);
    expect(s.ran).toHaveLength(2);
    s.controller.abort();
    await s.done;
  });

  it('affects: content reads, kind changes of asked-about or listed paths, and renamed parents', () => {
    const log = { files: new Set(['spec/v2/core/a.md']), stats: new Set(['spec/v2/core/a.md', 'spec/v2/core/b.md', 'evidence/e.json']), dirs: new Set(['spec/v2/core']) };
    expect(affects(log, 'spec/v2/core/a.md', false)).toBe(true);
    expect(affects(log, 'spec/v2/core/b.md', false)).toBe(false);
    expect(affects(log, 'spec/v2/core/b.md', true)).toBe(true);
    expect(affects(log, 'spec/v2/core/new.md', true)).toBe(true);
    expect(affects(log, 'evidence/e.json', true)).toBe(true);
    expect(affects(log, 'spec/v2', false)).toBe(true);
    expect(affects(log, 'spec/v1/a.md', true)).toBe(false);
    expect(affects(log, 'spec/v2/core-old/a.md', true)).toBe(false);
  });

  it('openwop-spec check --watch watches the file system and stops on SIGINT', async () => {
    fixture = createFixture({ 'pnpm-workspace.yaml': '', 'a.md': 'one\n' });
    const out: string[] = [];
    const err: string[] = [];
    const running = main(['check', '--watch', '--root', fixture.root], { cwd: fixture.root, env: {}, stdout: (l) => out.push(l), stderr: (l) => err.push(l) }, [gates[0]!]);
    const until = async (pred: () => boolean): Promise<void> => {
      for (let i = 0; i < 300 && !pred(); i++) await new Promise((r) => setTimeout(r, 10));
      expect(pred()).toBe(true);
    };
    await until(() => err.some((l) => l.startsWith('watch: 1 gate(s) checked')));
    expect(out).toContain('reads-a: one');
    writeFileSync(join(fixture.root, 'a.md'), 'two\n');
    await until(() => out.includes('reads-a: two'));
    process.emit('SIGINT');
    expect(await running).toBe(0);
    expect(err.at(-1)).toBe('watch: stopped');
  });
});
