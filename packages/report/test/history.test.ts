import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PATHS, MemoryFacts } from '@openwop-spec/spec-tree';
import type { FactStore } from '@openwop-spec/spec-tree';
import { createFixture } from '@openwop-spec/spec-tree/testing';
import { codeKey, collectHistory } from '../src/index.js';
import { duration } from '../src/history.js';
import { git, temporaries } from '@openwop-spec/spec-tree/testing';
import { coreDoc, coreWords, files, importHistory, repo, wc } from './fixture.js';
import type { Repo } from './fixture.js';

const temp = temporaries();
afterEach(temp.clean);
function fresh(): Repo {
  const r = repo();
  temp.track(r.remove);
  return r;
}
const tempDir = (): string => temp.folder('openwop-spec-report-cache-');

/**
 * The file's one repository: three commits that move families out of v1, and one that touches no
 * spec input. No test commits to it; collectHistory reads git objects, never the work tree.
 */
let r: Repo;
let a: string, b: string, c: string;
beforeAll(() => {
  r = repo();
  const moved = files({ core: ['alpha'] });
  [a, b, , c] = importHistory(r, [
    { state: { core: [] }, day: '2026-09-20', subject: 'all five in v1' },
    { files: moved, day: '2026-10-10', subject: 'alpha gets a v2 home' },
    { files: { ...moved, 'NOTES.txt': 'not a spec input\n' }, day: '2026-10-20', subject: 'notes' },
    { state: { core: ['alpha', 'beta', 'gamma'] }, day: '2026-11-01', subject: 'beta and gamma get v2 homes' },
  ]) as [string, string, string, string];
});
afterAll(() => r.remove());

const snapshot = (root: string): Record<string, string> => {
  const out: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const abs = join(dir, name);
      if (statSync(abs).isDirectory()) walk(abs);
      else out[abs.slice(root.length)] = readFileSync(abs).toString('base64');
    }
  };
  walk(root);
  return out;
};

describe('collectHistory', () => {
  it('measures each commit that touched the spec inputs, newest first, from git objects only', async () => {
    r.put({ core: ['alpha', 'beta', 'gamma', 'delta'] }); // uncommitted
    const before = snapshot(r.root); // .git included: index, HEAD and refs
    const h = await collectHistory(r.root, DEFAULT_PATHS, { limit: 30, env: process.env });
    expect(h.notes).toEqual([]);
    expect(h.points.map((p) => [p.sha, p.date, p.subject, p.figures?.unhomed])).toEqual([
      [c, '2026-11-01T12:00:00+00:00', 'beta and gamma get v2 homes', 2],
      [b, '2026-10-10T12:00:00+00:00', 'alpha gets a v2 home', 4],
      [a, '2026-09-20T12:00:00+00:00', 'all five in v1', 5],
    ]);
    const words = ['alpha', 'beta', 'gamma'].reduce((sum, k) => sum + wc(coreDoc(k, coreWords(k))), 0);
    // Every v1-dependent family is carried, so the gate counts none open.
    expect(h.points[0]!.figures).toEqual({ core: 5, resolved: 3, open: 0, unhomed: 2, words, cap: 25_000 });
    expect(snapshot(r.root)).toEqual(before);
  });

  it('takes only the last N', async () => {
    expect(
      (await collectHistory(r.root, DEFAULT_PATHS, { limit: 2, env: process.env })).points.map((p) => p.sha),
    ).toEqual([c, b]);
  });

  it('a commit the gates cannot read is a point with the reason as a fact of that commit (no advice for today’s tree), not a failure', async () => {
    const own = fresh();
    const start = files({ core: [] });
    const noBaseline = Object.fromEntries(Object.entries(start).filter(([p]) => !p.startsWith('docs/')));
    const [a] = importHistory(own, [
      { files: start, day: '2026-09-20', subject: 'start' },
      { files: noBaseline, day: '2026-09-21', subject: 'no baseline' },
    ]);
    const h = await collectHistory(own.root, DEFAULT_PATHS, { limit: 30, env: process.env });
    expect(h.points.map((p) => [p.subject, p.figures?.unhomed, p.error])).toEqual([
      ['no baseline', undefined, 'docs/normative-home-baseline.json is not in this commit'],
      ['start', 5, undefined],
    ]);
    expect(h.points[1]!.sha).toBe(a);
  });

  it('without git, or before the first commit, there is no history and a note says why', async () => {
    const fx = createFixture({ 'spec/v2/declaration.json': '{"families": []}\n' });
    temp.track(fx.remove);
    expect(await collectHistory(fx.root, DEFAULT_PATHS, { limit: 30, env: process.env })).toEqual({
      points: [],
      notes: ['no git history: the repository root is not inside a git repository, so only today is shown'],
    });
    git(fx.root, 'init', '-q');
    expect(await collectHistory(fx.root, DEFAULT_PATHS, { limit: 30, env: process.env })).toEqual({
      points: [],
      notes: ['no commit has touched the spec inputs yet, so only today is shown'],
    });
    expect((await collectHistory(fx.root, DEFAULT_PATHS, { limit: 0, env: process.env })).notes).toEqual([
      'history is off (--history 0), so only today is shown',
    ]);
  });

  it('a shallow clone says that older commits are missing', async () => {
    const dir = tempDir();
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${r.root}`, join(dir, 'c')]);
    const h = await collectHistory(join(dir, 'c'), DEFAULT_PATHS, { limit: 30, env: process.env });
    expect(h.points.map((p) => p.subject)).toEqual(['beta and gamma get v2 homes']);
    expect(h.notes).toEqual([
      'this clone is shallow, so older commits are missing (git fetch --unshallow, or fetch-depth: 0 in actions/checkout)',
    ]);
  });
});

/** A store that lists what was derived, as `kind content-hash`, and passes everything to memory. */
function counting(): FactStore & { derived: string[] } {
  const inner = new MemoryFacts();
  const derived: string[] = [];
  return {
    derived,
    get: (kind, hash) => inner.get(kind, hash),
    set(kind, hash, path, value) {
      derived.push(`${kind.id} ${hash}`);
      inner.set(kind, hash, path, value);
    },
  };
}

describe('the history through the fact cache', () => {
  it('derives each content once across commits, and nothing when the facts are warm', async () => {
    const facts = counting();
    const first = await collectHistory(r.root, DEFAULT_PATHS, { limit: 30, env: process.env, facts });
    expect(facts.derived.length).toBeGreaterThan(0);
    expect(new Set(facts.derived).size).toBe(facts.derived.length);
    facts.derived.length = 0;
    const again = await collectHistory(r.root, DEFAULT_PATHS, { limit: 30, env: process.env, facts });
    expect(facts.derived).toEqual([]);
    expect(again).toEqual(first);
  });
});

describe('progress on long history', () => {
  const steps = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      state: { core: i % 2 === 0 ? ['alpha'] : ['alpha', 'beta'] },
      day: `2026-10-${String(i + 1).padStart(2, '0')}`,
      subject: `step ${i + 1}`,
    }));

  it('after each commit a status line, cleared at the end; an estimate once the commits left would take a while', async () => {
    const own = fresh();
    const ids = importHistory(own, steps(5));
    let now = 0;
    const status: Array<string | undefined> = [];
    const said: string[] = [];
    await collectHistory(own.root, DEFAULT_PATHS, {
      limit: 30,
      env: process.env,
      // Each reading of the clock is two seconds later: every commit takes two seconds.
      clock: () => (now += 2000),
      progress: (line) => status.push(line),
      estimate: (line) => said.push(line),
    });
    // Oldest first: each commit shares most of its files with the one before.
    const at = (i: number): string => `${ids[i]!.slice(0, 12)}, 2026-10-0${i + 1}`;
    expect(status).toEqual([
      `measured 1 of 5 commits (${at(0)})`,
      `measured 2 of 5 commits (${at(1)}), about 6.0 s left`,
      `measured 3 of 5 commits (${at(2)}), about 4.0 s left`,
      `measured 4 of 5 commits (${at(3)}), about 2.0 s left`,
      undefined,
    ]);
    expect(said).toEqual(['measuring 5 commits the history cache does not hold: about 6.0 s more (2.0 s a commit)']);
  });

  it('says nothing ahead when the rest is quick, and shows no status when everything comes from the cache', async () => {
    const own = fresh();
    importHistory(own, steps(3));
    const dir = tempDir();
    const said: string[] = [];
    const status: Array<string | undefined> = [];
    const options = { limit: 30, env: process.env, cache: { dir, within: dir }, estimate: (l: string) => said.push(l) };
    await collectHistory(own.root, DEFAULT_PATHS, options);
    expect(said).toEqual([]);
    await collectHistory(own.root, DEFAULT_PATHS, { ...options, progress: (l) => status.push(l) });
    expect(status).toEqual([]);
  });

  it.each([
    [40, '40 ms'],
    [2_500, '2.5 s'],
    [40_000, '40 s'],
    [200_000, '3 min'],
    [5_400_000, '1.5 h'],
  ])('%i ms is said as %s', (ms, said) => {
    expect(duration(ms)).toBe(said);
  });
});

describe('the history cache', () => {
  const entry = (dir: string, sha: string): string => join(dir, codeKey()!, `${sha}.json`);
  const collect = (limit: number, cacheDir: string) =>
    collectHistory(r.root, DEFAULT_PATHS, { limit, cache: { dir: cacheDir, within: cacheDir }, env: process.env });

  it('serves a measured commit from its entry, and measures only commits it has not seen', async () => {
    const dir = tempDir();
    const first = await collect(2, dir);
    expect(readdirSync(join(dir, codeKey()!)).sort()).toEqual([`${b}.json`, `${c}.json`].sort());
    expect(JSON.parse(readFileSync(entry(dir, b), 'utf8'))).toEqual(first.points[1]);

    // An entry edited by hand proves the next run reads it instead of measuring the commit again.
    const edited = { ...first.points[1]!, figures: { ...first.points[1]!.figures!, unhomed: 99 } };
    writeFileSync(entry(dir, b), JSON.stringify(edited));
    const second = await collect(30, dir);
    expect(second.points.map((p) => [p.sha, p.figures?.unhomed])).toEqual([
      [c, 2],
      [b, 99],
      [a, 5],
    ]);
    expect(readdirSync(join(dir, codeKey()!)).length).toBe(3);
  });

  /** Every commit measured into a cache once for the file; each test corrupts a copy of it. */
  let measured: Promise<{ dir: string; points: Awaited<ReturnType<typeof collect>> }> | undefined;
  const measuredCopy = async () => {
    measured ??= (async () => {
      const dir = mkdtempSync(join(tmpdir(), 'openwop-spec-report-cache-'));
      return { dir, points: await collect(30, dir) };
    })();
    const { dir, points } = await measured;
    const copy = tempDir();
    cpSync(dir, copy, { recursive: true });
    return { dir: copy, first: points };
  };
  afterAll(async () => {
    if (measured) rmSync((await measured).dir, { recursive: true, force: true });
  });

  it.each([
    ['not JSON', '{"sha": '],
    ['another commit’s point', null],
    ['a point without figures or error', 'shape'],
  ])('an entry that is %s is a miss: the commit is measured again and the entry rewritten', async (_name, content) => {
    const { dir, first } = await measuredCopy();
    const bad =
      content === null
        ? readFileSync(entry(dir, a), 'utf8')
        : content === 'shape'
          ? JSON.stringify({ sha: b, date: first.points[1]!.date, subject: 'x' })
          : content;
    writeFileSync(entry(dir, b), bad);
    const again = await collect(30, dir);
    expect(again).toEqual(first);
    expect(JSON.parse(readFileSync(entry(dir, b), 'utf8'))).toEqual(first.points[1]);
  });

  it('removes the folders of other code versions when it writes, and nothing not named as one', async () => {
    const dir = tempDir();
    execFileSync('mkdir', ['-p', join(dir, '0123456789abcdef')]);
    writeFileSync(join(dir, '0123456789abcdef', 'x.json'), '{}');
    writeFileSync(join(dir, 'notes.txt'), 'kept');
    await collect(1, dir);
    expect(readdirSync(dir).sort()).toEqual([codeKey()!, 'notes.txt'].sort());
  });
});
