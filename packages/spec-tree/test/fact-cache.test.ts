import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FactCache, SpecTree, factIdentity, shape } from '../src/index.js';
import { homeDocument } from '@openwop-spec/families';
import { createFixture } from '../src/testing.js';
import type { FactKind } from '../src/index.js';
import type { Fixture } from '../src/testing.js';
import { forge, forgeText } from './forge.js';

let fx: Fixture | undefined;
afterEach(() => {
  fx?.remove();
  fx = undefined;
});

const CACHE = 'node_modules/.cache/openwop-spec';

/** A kind that counts a document's headings: it reads the mdast, as the gates' kinds do. */
const headings: FactKind<number> = {
  id: 'test:headings',
  code: import.meta.url,
  derive: async (source) => (await source.markdown()).children.filter((n) => n.type === 'heading').length,
  toJson: (n) => n,
  fromJson: (json) => (shape.isCount(json) ? json : undefined),
};

const DOCS = {
  'a.md': '# A\n\n## One\n',
  'b.md': '# B\n',
  'c.md': '# C\n\n## One\n\n## Two\n',
};

function setup(files: Record<string, string> = DOCS): { root: string; dir: string; file: string } {
  fx = createFixture(files);
  const dir = join(fx.root, CACHE);
  return { root: fx.root, dir, file: join(dir, 'facts.json') };
}

/** One run: a fresh tree over a fresh cache object, every document's facts, then the flush. */
async function pass(
  root: string,
  dir: string,
  kind: FactKind<number> = headings,
): Promise<{ values: number[]; tree: SpecTree }> {
  const cache = new FactCache(dir);
  const tree = SpecTree.load(root, { cache });
  const values: number[] = [];
  for (const path of Object.keys(DOCS)) values.push(await tree.factsOf(path, kind));
  cache.flush(root);
  return { values, tree };
}

describe('the fact cache across runs', () => {
  it('a second run derives nothing and parses nothing; editing one document re-derives that document only', async () => {
    const { root, dir } = setup();
    const cold = await pass(root, dir);
    expect(cold.values).toEqual([2, 1, 3]);
    expect(cold.tree.stats).toMatchObject({ factsDerived: 3, factsCached: 0, markdownParses: 3 });

    const warm = await pass(root, dir);
    expect(warm.values).toEqual([2, 1, 3]);
    expect(warm.tree.stats).toMatchObject({ factsDerived: 0, factsCached: 3, markdownParses: 0 });
    // Each document was read and hashed from its bytes; none had to be decoded to text.
    expect(warm.tree.stats).toMatchObject({ reads: 3, decodes: 0 });

    writeFileSync(join(root, 'b.md'), '# B\n\n## New\n');
    const edited = await pass(root, dir);
    expect(edited.values).toEqual([2, 2, 3]);
    expect(edited.tree.stats).toMatchObject({
      factsDerived: 1,
      factsCached: 2,
      markdownParses: 1,
      reads: 3,
      decodes: 1,
    });
  });

  it('keeps what other runs cached, and drops the entry of a file that changed or is gone', async () => {
    const { root, dir, file } = setup();
    await pass(root, dir);
    const cache = new FactCache(dir);
    const tree = SpecTree.load(root, { cache });
    writeFileSync(join(root, 'a.md'), '# A again\n');
    rmSync(join(root, 'c.md'));
    await tree.factsOf('a.md', headings);
    cache.flush(root);
    const entries = JSON.parse(readFileSync(file, 'utf8').split('\n')[1]!).kinds['test:headings'].entries as Record<
      string,
      [string, number]
    >;
    expect(Object.values(entries).sort()).toEqual([
      ['a.md', 1],
      ['b.md', 1],
    ]);
  });

  it('caches the classification’s facts of a home document exactly', async () => {
    const doc =
      '# T\n\n> **Status: Stable.**\n> **Normative home:** `a`, `b`.\n\n<!-- **Normative home:** `x` -->\n\n## `a`\n\nA host MUST do `a`.\n\n```json\n{"f": 1}\n```\n';
    const { root, dir } = setup({ 'h.md': doc });
    const derived = await SpecTree.load(root, { cache: new FactCache(dir) }).factsOf('h.md', homeDocument);
    const first = new FactCache(dir);
    await SpecTree.load(root, { cache: first }).factsOf('h.md', homeDocument);
    first.flush(root);
    const tree = SpecTree.load(root, { cache: new FactCache(dir) });
    const cached = await tree.factsOf('h.md', homeDocument);
    expect(tree.stats.factsCached).toBe(1);
    expect(JSON.stringify(cached)).toBe(JSON.stringify(derived));
    expect(cached.claims.map(([k]) => k)).toEqual(['a', 'b']);
    expect(cached.nearMisses.map((m) => m.kind)).toEqual(['in-html']);
  });

  it('stores each unit text of a home document once, keyword units by their index', async () => {
    const doc = '# T\n\n## `a`\n\nA host MUST do `a` well.\n\nPlain words.\n\n- An item SHOULD be `b`.\n';
    const { root, dir, file } = setup({ 'h.md': doc });
    const cache = new FactCache(dir);
    const derived = await SpecTree.load(root, { cache }).factsOf('h.md', homeDocument);
    cache.flush(root);
    const stored = readFileSync(file, 'utf8');
    expect(stored.split('A host MUST do `a` well.').length - 1).toBe(1);
    expect(stored.split('An item SHOULD be `b`.').length - 1).toBe(1);
    expect(derived.names[derived.obligations[0]!]).toBe('A host MUST do `a` well.');
    expect(derived.obligations.map((i) => derived.names[i])).toEqual([
      'A host MUST do `a` well.',
      'An item SHOULD be `b`.',
    ]);
    // An index that points past the names is not what this code writes: a miss.
    forge(file, (b) => {
      for (const e of Object.values<any>(b['kinds']['families:home-document'].entries)) e[1].obligations = [99];
      return b;
    });
    const tree = SpecTree.load(root, { cache: new FactCache(dir) });
    expect(await tree.factsOf('h.md', homeDocument)).toEqual(derived);
    expect(tree.stats).toMatchObject({ factsCached: 0, factsDerived: 1 });
  });

  it('writes text outside ASCII as JSON escapes, and reads it back exactly', async () => {
    const doc = '# Café § 𝒳\n\n> **Status: Stable · RFC 1.**\n\nA host MUST keep `naïve` — and 𝒳.\n';
    const { root, dir, file } = setup({ 'h.md': doc });
    const cache = new FactCache(dir);
    const derived = await SpecTree.load(root, { cache }).factsOf('h.md', homeDocument);
    cache.flush(root);
    expect(readFileSync(file).every((b) => b < 0x80)).toBe(true);
    const tree = SpecTree.load(root, { cache: new FactCache(dir) });
    expect(await tree.factsOf('h.md', homeDocument)).toEqual(derived);
    expect(tree.stats.factsCached).toBe(1);
    expect(derived.names).toContain('A host MUST keep `naïve` — and 𝒳.');
    // The same record written as UTF-8 (as another writer might) reads the same.
    forge(file, (b) => b);
    expect(readFileSync(file).some((b) => b >= 0x80)).toBe(true);
    const again = SpecTree.load(root, { cache: new FactCache(dir) });
    expect(await again.factsOf('h.md', homeDocument)).toEqual(derived);
    expect(again.stats.factsCached).toBe(1);
  });

  it('writes through a temporary file renamed into place, leaving none behind', async () => {
    const { root, dir } = setup();
    await pass(root, dir);
    expect(readdirSync(dir)).toEqual(['facts.json']);
  });

  it('two runs flushing one cache in turn leave a whole file that serves both, whether or not it was there when they read it', async () => {
    const { root, dir } = setup();
    // Both read the cache as it is, then each derives one document and writes.
    const inTurn = async (): Promise<void> => {
      const first = new FactCache(dir);
      const second = new FactCache(dir);
      await SpecTree.load(root, { cache: first }).factsOf('a.md', headings);
      await SpecTree.load(root, { cache: second }).factsOf('b.md', headings);
      first.flush(root);
      second.flush(root);
    };
    await inTurn();
    expect((await pass(root, dir)).tree.stats).toMatchObject({ factsCached: 2, factsDerived: 1 });
    writeFileSync(join(root, 'a.md'), '# A\n\n## Two\n\n## Three\n');
    writeFileSync(join(root, 'b.md'), '# B\n\n## Two\n');
    await inTurn();
    const run = await pass(root, dir);
    expect(run.values).toEqual([3, 2, 3]);
    expect(run.tree.stats).toMatchObject({ factsCached: 3, factsDerived: 0 });
  });
});

describe('a run that derived a few facts writes only those', () => {
  /** Many documents, so that one edited document's entry is small beside the whole cache. */
  const MANY = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`d${i}.md`, `# D${i}\n\n## One\n`]));
  const added = (dir: string): string[] => readdirSync(dir).filter((n) => /^facts-[0-9a-f]{16}\.json$/.test(n));

  async function passMany(root: string, dir: string): Promise<SpecTree> {
    const cache = new FactCache(dir);
    const tree = SpecTree.load(root, { cache });
    for (const path of Object.keys(MANY)) await tree.factsOf(path, headings);
    cache.flush(root);
    return tree;
  }

  it('one edited document adds a small file beside the cache, which the next run reads', async () => {
    const { root, dir, file } = setup(MANY);
    await passMany(root, dir);
    const whole = readFileSync(file);
    writeFileSync(join(root, 'd7.md'), '# D7\n\n## One\n\n## Two\n');
    expect((await passMany(root, dir)).stats).toMatchObject({ factsDerived: 1, factsCached: 59 });
    expect(readFileSync(file).equals(whole)).toBe(true);
    expect(added(dir)).toHaveLength(1);
    expect(readFileSync(join(dir, added(dir)[0]!)).length).toBeLessThan(whole.length / 4);
    expect((await passMany(root, dir)).stats).toMatchObject({ factsDerived: 0, factsCached: 60 });
  });

  it('the added files are merged into the cache once they grow, without the entries of old contents', async () => {
    const { root, dir, file } = setup(MANY);
    await passMany(root, dir);
    let merged = 0;
    for (let i = 1; i <= 12; i++) {
      writeFileSync(join(root, 'd3.md'), `# D3\n\n${'## One\n\n'.repeat(i)}`);
      expect((await passMany(root, dir)).stats).toMatchObject({ factsDerived: 1, factsCached: 59 });
      expect((await passMany(root, dir)).stats).toMatchObject({ factsDerived: 0, factsCached: 60 });
      if (added(dir).length === 0) {
        merged++;
        const entries = JSON.parse(readFileSync(file, 'utf8').split('\n')[1]!).kinds['test:headings'].entries;
        expect(Object.values(entries as Record<string, [string, number]>).filter(([p]) => p === 'd3.md')).toEqual([
          ['d3.md', i + 1],
        ]);
      }
    }
    expect(merged).toBeGreaterThan(0);
  });

  it('an added file written by other code is a miss, and is gone once the cache is written whole', async () => {
    const { root, dir } = setup(MANY);
    await passMany(root, dir);
    writeFileSync(join(root, 'd1.md'), '# D1\n');
    await passMany(root, dir);
    forge(join(dir, added(dir)[0]!), (b) => ((b['kinds']['test:headings'].identity = '0'.repeat(64)), b));
    expect((await passMany(root, dir)).stats).toMatchObject({ factsDerived: 1, factsCached: 59 });
    // A run whose new entries are most of the cache writes it whole.
    for (const path of Object.keys(MANY)) writeFileSync(join(root, path), `# ${path}\n`);
    expect((await passMany(root, dir)).stats).toMatchObject({ factsDerived: 60 });
    expect(readdirSync(dir)).toEqual(['facts.json']);
    expect((await passMany(root, dir)).stats).toMatchObject({ factsDerived: 0, factsCached: 60 });
  });

  it('two runs adding files in turn are both served', async () => {
    const { root, dir } = setup(MANY);
    await passMany(root, dir);
    writeFileSync(join(root, 'd1.md'), '# D1\n');
    writeFileSync(join(root, 'd2.md'), '# D2\n');
    const first = new FactCache(dir);
    const second = new FactCache(dir);
    await SpecTree.load(root, { cache: first }).factsOf('d1.md', headings);
    await SpecTree.load(root, { cache: second }).factsOf('d2.md', headings);
    first.flush(root);
    second.flush(root);
    expect(added(dir)).toHaveLength(2);
    expect((await passMany(root, dir)).stats).toMatchObject({ factsDerived: 0, factsCached: 60 });
  });
});

describe('a cache that cannot be trusted is a miss (never an error, never another value)', () => {
  const corruptions: Array<[string, (file: string) => void]> = [
    ['random bytes', (f) => writeFileSync(f, Buffer.from([0xff, 0x00, 0x9c, 0x10, 0x0a, 0x7b]))],
    ['an empty file', (f) => writeFileSync(f, '')],
    ['a truncated file', (f) => writeFileSync(f, readFileSync(f).subarray(0, Math.floor(readFileSync(f).length / 2)))],
    [
      'a body that does not match its checksum',
      (f) => writeFileSync(f, readFileSync(f, 'utf8').replace('"test:headings"', '"test:headingz"')),
    ],
    ['another format version', (f) => writeFileSync(f, readFileSync(f, 'utf8').replace('"version":1', '"version":2'))],
    ['another format', (f) => writeFileSync(f, readFileSync(f, 'utf8').replace('openwop-spec-facts', 'other-tool'))],
    ['JSON that is not a record', (f) => forge(f, () => [1, 2, 3])],
    ['kinds of the wrong shape', (f) => forge(f, () => ({ kinds: { 'test:headings': { identity: 1, entries: [] } } }))],
    [
      'an entry of the wrong shape',
      (f) =>
        forge(f, (b) => (Object.values(b['kinds']['test:headings'].entries).forEach((e: any) => (e.length = 1)), b)),
    ],
    [
      'a value of the wrong shape',
      (f) =>
        forge(
          f,
          (b) => (Object.values(b['kinds']['test:headings'].entries).forEach((e: any) => (e[1] = { findIndex: 1 })), b),
        ),
    ],
    [
      'a negative count',
      (f) => forge(f, (b) => (Object.values(b['kinds']['test:headings'].entries).forEach((e: any) => (e[1] = -1)), b)),
    ],
    [
      'values written by other code',
      (f) => forge(f, (b) => ((b['kinds']['test:headings'].identity = '0'.repeat(64)), b)),
    ],
    [
      'a prototype key',
      (f) =>
        forgeText(f, (body) =>
          body.replace('{"kinds":{', '{"kinds":{"__proto__":{"identity":"x","entries":{"__proto__":["a.md",1]}},'),
        ),
    ],
    ['a folder in its place', (f) => (rmSync(f), mkdirSync(f))],
    ['a FIFO in its place', (f) => (rmSync(f), execFileSync('mkfifo', [f]))],
  ];

  it.each(corruptions)('%s', async (_name, corrupt) => {
    const { root, dir, file } = setup();
    await pass(root, dir);
    corrupt(file);
    const run = await pass(root, dir);
    expect(run.values).toEqual([2, 1, 3]);
    expect(run.tree.stats.factsCached).toBe(['a prototype key'].includes(_name) ? 3 : 0);
  });

  it('a cache folder that is a file is a miss, and nothing is written', async () => {
    const { root, dir } = setup();
    mkdirSync(join(dir, '..'), { recursive: true });
    writeFileSync(dir, 'not a folder');
    expect((await pass(root, dir)).values).toEqual([2, 1, 3]);
    expect(readFileSync(dir, 'utf8')).toBe('not a folder');
  });

  it('after a miss on a corrupt file, the next write replaces it with a good one', async () => {
    const { root, dir, file } = setup();
    await pass(root, dir);
    writeFileSync(file, 'garbage');
    await pass(root, dir);
    expect((await pass(root, dir)).tree.stats.factsCached).toBe(3);
    expect(existsSync(file)).toBe(true);
  });
});

describe('the key names the code that derives the facts', () => {
  /** A private package with one module and one published dependency, as a kind's home. */
  function pkg(name: string, code: string, depVersion: string, lockfile?: string): FactKind<number> {
    const dir = join(fx!.root, name);
    mkdirSync(join(dir, 'dist'), { recursive: true });
    mkdirSync(join(dir, 'node_modules', 'dep'), { recursive: true });
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'kind-home', version: '0.1.0', private: true, dependencies: { dep: depVersion } }),
    );
    writeFileSync(
      join(dir, 'node_modules', 'dep', 'package.json'),
      JSON.stringify({ name: 'dep', version: depVersion }),
    );
    writeFileSync(join(dir, 'dist', 'kind.js'), code);
    if (lockfile !== undefined) writeFileSync(join(dir, 'pnpm-lock.yaml'), lockfile);
    return { ...headings, code: pathToFileURL(join(dir, 'dist', 'kind.js')).href };
  }

  it('is the same for the same code and dependencies, and differs when either changes', () => {
    fx = createFixture({});
    const base = factIdentity(pkg('a', 'export const x = 1;', '1.0.0'));
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(factIdentity(pkg('b', 'export const x = 1;', '1.0.0'))).toBe(base);
    expect(factIdentity(pkg('c', 'export const x = 2;', '1.0.0'))).not.toBe(base);
    expect(factIdentity(pkg('d', 'export const x = 1;', '1.0.1'))).not.toBe(base);
    expect(factIdentity({ ...pkg('e', 'export const x = 1;', '1.0.0'), id: 'test:other' })).not.toBe(base);
    // A lockfile pins what the dependencies depend on: another lockfile is other code.
    const locked = factIdentity(pkg('f', 'export const x = 1;', '1.0.0', 'lock: a'));
    expect(locked).not.toBe(base);
    expect(factIdentity(pkg('g', 'export const x = 1;', '1.0.0', 'lock: a'))).toBe(locked);
    expect(factIdentity(pkg('h', 'export const x = 1;', '1.0.0', 'lock: b'))).not.toBe(locked);
  });

  it('an entry written by other code is a miss', async () => {
    const { root, dir } = setup();
    mkdirSync(join(root, 'kinds'));
    const v1 = pkg('kinds/v1', 'export const x = 1;', '1.0.0');
    const v2 = pkg('kinds/v2', 'export const x = 2;', '1.0.0');
    await pass(root, dir, v1);
    expect((await pass(root, dir, v1)).tree.stats.factsCached).toBe(3);
    expect((await pass(root, dir, v2)).tree.stats).toMatchObject({ factsCached: 0, factsDerived: 3 });
  });
});
