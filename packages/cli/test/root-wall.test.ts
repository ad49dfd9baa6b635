// The root is a wall, and a cache is trusted only when it is ours, through the CLI: a tree commits
// a symlink where a command writes (its output, its generated file, its caches), a FIFO where the
// report reads its history, or hands over a cache folder another user can write, and the command
// neither writes, removes nor waits outside where it was pointed, nor takes a foreign verdict.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { codeKey } from '@openwop-spec/report';
import { forge } from '../../spec-tree/test/forge.js';
import { repo } from '../../report/test/fixture.js';
import type { Repo } from '../../report/test/fixture.js';
import { temporaries } from '@openwop-spec/spec-tree/testing';
import { probeGate, run } from './helpers.js';
import { SIX_ENTRIES, snapshot, upstreamTree } from '../../init/test/upstream-tree.js';

const temp = temporaries();
afterEach(temp.clean);
const fixture = temp.fixture;
/** A folder outside the tree, holding what a write or a removal through a link would destroy. */
function outside(files: Record<string, string> = { 'victim.json': 'untouched\n' }): {
  dir: string;
  listing: () => string[];
} {
  const dir = temp.folder('openwop-spec-outside-');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const listing = (): string[] =>
    (readdirSync(dir, { recursive: true }) as string[]).sort().map((p) => `${p}: ${readOrDir(join(dir, p))}`);
  return { dir, listing };
}
const readOrDir = (abs: string): string => {
  try {
    return readFileSync(abs, 'utf8');
  } catch {
    return '(folder)';
  }
};

describe('writes stay inside the root', () => {
  it('gen: a generated file committed as a symlink out of the root is refused in one line; the target is untouched', async () => {
    const out = outside();
    const f = fixture({
      'pnpm-workspace.yaml': '',
      'probe.txt': 'OK',
      'probe.out': { symlink: join(out.dir, 'victim.json') },
    });
    const r = await run(['gen'], { cwd: f.root, gates: [probeGate()] });
    expect(r.code).toBe(2);
    expect(r.stderr.filter((l) => l.includes('  input/'))).toEqual([
      `probe.out:1:1  error  cannot write probe.out: it resolves to ${join(out.dir, 'victim.json')}, outside ${f.root}; nothing was written (no position)  input/outside-root`,
    ]);
    expect(out.listing()).toEqual(['victim.json: untouched\n']);
  });

  it('report: the page committed as a symlink out of the folder it is written to is refused; the target is untouched', async () => {
    const out = outside();
    const f = fixture({
      'pnpm-workspace.yaml': '',
      'probe.txt': 'OK',
      'openwop-spec-report.html': { symlink: join(out.dir, 'victim.json') },
    });
    const r = await run(['report', '--history', '0'], { cwd: f.root, gates: [probeGate()] });
    expect([r.code, r.stderr]).toEqual([
      2,
      [
        `openwop-spec report: cannot write openwop-spec-report.html: it resolves to ${join(out.dir, 'victim.json')}, outside ${f.root}; nothing was written`,
      ],
    ]);
    expect(out.listing()).toEqual(['victim.json: untouched\n']);
  });

  it('init: a folder it would create files in, committed as a symlink out of the root, is refused in one line before it writes anything', async () => {
    const out = outside({});
    const f = fixture(upstreamTree(SIX_ENTRIES));
    symlinkSync(out.dir, join(f.root, 'spec/v2/metadata'));
    const before = snapshot(f.root);
    const r = await run(['init', '--today', '2026-09-22'], { cwd: f.root });
    expect([r.code, r.stdout.filter((l) => l.startsWith('openwop-spec init: ')), r.stderr]).toEqual([
      2,
      [],
      [
        `openwop-spec init: cannot write spec/v2/metadata/protocolVersions.schema.json: it resolves to ${join(out.dir, 'protocolVersions.schema.json')}, outside ${f.root}; nothing was written (spec/v2/metadata/protocolVersions.schema.json)`,
      ],
    ]);
    expect(out.listing()).toEqual([]);
    expect(snapshot(f.root)).toEqual(before);
  });
});

describe('the caches stay inside the root and read nothing they would wait on', () => {
  it('a symlinked node_modules that leads out: check writes no cache there, and says so in one line', async () => {
    const out = outside({});
    const f = fixture({
      'pnpm-workspace.yaml': '',
      'spec/v2/declaration.json': '{ "families": [] }\n',
      'spec/v2/core/a.md': 'one two\n',
      node_modules: { symlink: out.dir },
    });
    const r = await run(['check', 'core-budget'], { cwd: f.root });
    expect(r.code).toBe(0);
    expect(r.stderr).toEqual([
      `openwop-spec: warning: not using the cache folder ${join(f.root, 'node_modules/.cache/openwop-spec')}: it resolves to ${join(out.dir, '.cache/openwop-spec')}, outside ${f.root}`,
    ]);
    expect(out.listing()).toEqual([]);
  });

  /** The report's fixture repository with one commit, and a node_modules. */
  function reportRepo(): { r: Repo; sha: string } {
    const r = repo();
    temp.track(r.remove);
    const sha = r.commit({ core: ['alpha'] }, '2026-10-10', 'alpha moves out of v1');
    mkdirSync(join(r.root, 'node_modules'));
    return { r, sha };
  }
  const report = (r: Repo, ...argv: string[]) =>
    run(['report', '--history', '1', '--today', '2026-11-20', ...argv], { cwd: r.root, gates: [probeGate()] });
  const HISTORY = 'node_modules/.cache/openwop-spec/report-history';

  it('a history cache committed as a symlink out of the root: nothing there is read, written or removed, even with --no-cache', async () => {
    const out = outside({ '0123456789abcdef/x.json': 'old code\n', 'notes.txt': 'kept\n' });
    const { r } = reportRepo();
    mkdirSync(join(r.root, HISTORY, '..'), { recursive: true });
    symlinkSync(out.dir, join(r.root, HISTORY));
    const before = out.listing();
    for (const argv of [['--no-cache'], []]) {
      const result = await report(r, ...argv);
      expect(result.code).toBe(0);
      expect(out.listing()).toEqual(before);
    }
  });

  it('a FIFO where the report reads a measured commit is a miss, never a wait: the commit is measured again', async () => {
    const { r, sha } = reportRepo();
    const folder = join(r.root, HISTORY, codeKey()!);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    execFileSync('mkfifo', [join(folder, `${sha}.json`)]);
    const result = await report(r);
    expect(result.code).toBe(0);
    expect(readFileSync(join(r.root, 'openwop-spec-report.html'), 'utf8')).toContain('alpha moves out of v1');
  });
});

describe('a cache is trusted only when it is ours', () => {
  /** An over-cap core (0 homed families: the cap of 25,000 words) and a fact cache that says it has 2 words. */
  async function forged(): Promise<{ root: string; cache: string; file: string }> {
    const f = fixture({
      'pnpm-workspace.yaml': '',
      'spec/v2/declaration.json': '{ "families": [] }\n',
      'spec/v2/core/a.md': `${'word '.repeat(25_001)}\n`,
    });
    const cache = join(f.root, 'shared-cache');
    expect((await run(['check', 'core-budget', '--cache-location', cache], { cwd: f.root })).code).toBe(1);
    const file = join(cache, 'facts.json');
    forge(file, (b) => {
      for (const kind of ['core-budget:words', 'core-budget:prose-words'])
        for (const entry of Object.values<[string, unknown]>(b['kinds'][kind].entries)) entry[1] = 2;
      return b;
    });
    return { root: f.root, cache, file };
  }
  const check = (root: string, cache: string) =>
    run(['check', 'core-budget', '--cache-location', cache], { cwd: root });

  it('its own cache is read: the forged count would pass the over-cap core', async () => {
    const { root, cache } = await forged();
    const r = await check(root, cache);
    expect([r.code, r.stderr]).toEqual([0, []]);
  });

  it('a cache folder writable by every user is not used: the core fails its budget, with one warning', async () => {
    const { root, cache } = await forged();
    chmodSync(cache, 0o777);
    const r = await check(root, cache);
    expect(r.code).toBe(1);
    expect(r.stderr).toContainEqual(
      `openwop-spec: warning: not using the cache folder ${cache}: it is writable by every user (mode 0777); remove it (the next run creates it, mode 0700) or name a folder that is this user's alone`,
    );
  });

  it('a facts file committed to the tree (0644, as a checkout writes it) is not read: the core fails its budget, with one warning', async () => {
    const { root, cache, file } = await forged();
    chmodSync(file, 0o644);
    const r = await check(root, cache);
    expect(r.code).toBe(1);
    expect(r.stderr).toContainEqual(
      `openwop-spec: warning: ignoring the cache file ${file}: others may read it (mode 0644), so this user's runs did not write it (they write 0600)`,
    );
  });

  it('another user’s facts file, its checksum intact, is not read: the core fails its budget, with one warning', async () => {
    const { root, cache, file } = await forged();
    const added = join(cache, 'facts-0123456789abcdef.json');
    writeFileSync(added, readFileSync(file));
    rmSync(file);
    chownSync(added, 65534, 65534);
    const r = await check(root, cache);
    expect(r.code).toBe(1);
    expect(r.stderr).toContainEqual(
      `openwop-spec: warning: ignoring the cache file ${added}: it belongs to user 65534, not to this user (${process.getuid!()})`,
    );
  });
});
