import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFixture } from '../src/fixture.js';
import type { Fixture } from '../src/fixture.js';
import { SpecTree } from '../src/tree.js';
import { markdownParserIdentity, markdownParserKey } from '../src/markdown-cache.js';

const doc = (n: number): string =>
  [`# Doc ${n}`, '', '> **Status: Stable.**', '> **Normative home:** `k`.', '', '## `k`', '', `The host MUST do ${n} things.`, '', '| a | b |', '| --- | --- |', `| \`k.f\` | ${n} |`, '', '```json', '{"n": 1}', '```', ''].join('\n').repeat(16);

let fixture: Fixture | undefined;
let cacheRoot: string | undefined;
afterEach(() => {
  fixture?.remove();
  if (cacheRoot) rmSync(cacheRoot, { recursive: true, force: true });
});

const files = (): Record<string, string> => Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`spec/v2/core/d${i}.md`, doc(i)]));
const paths = Object.keys(files());
const workerBuilt = existsSync(new URL('../dist/markdown-worker.js', import.meta.url));

describe('prefetchMarkdown', () => {
  for (const [workers, later] of [[0, false], [1, false], [1, true], [2, true]] as const) {
    it.runIf(workers === 0 || workerBuilt)(`gives the same trees as on-demand parsing, each parsed once (${workers} worker(s)${later ? ', finish called later' : ''})`, async () => {
      fixture = createFixture(files());
      const eager = fixture.tree();
      if (later) {
        const parsing = eager.startPrefetch([...paths, 'missing.md', 'spec'], { workers });
        await new Promise((r) => setTimeout(r, 30));
        await parsing.finish();
      } else await eager.prefetchMarkdown([...paths, 'missing.md', 'spec'], { workers });
      expect(eager.stats.markdownParses).toBe(paths.length);
      const lazy = fixture.tree();
      for (const p of paths) expect(eager.markdown(p)).toEqual(lazy.markdown(p));
      expect(eager.stats.markdownParses).toBe(paths.length);
    });
  }

  it('records nothing in an open access log', async () => {
    fixture = createFixture(files());
    const tree = fixture.tree();
    const { log } = await tree.record(() => tree.prefetchMarkdown(paths, { workers: 0 }));
    expect(log.files.size + log.stats.size + log.dirs.size).toBe(0);
  });
});

describe('content-hash parse cache', () => {
  it('serves an unchanged document from the cache, identical to a parse, and parses a changed one', async () => {
    fixture = createFixture(files());
    cacheRoot = mkdtempSync(join(tmpdir(), 'openwop-cache-'));
    const first = SpecTree.load(fixture.root, { cacheDir: cacheRoot });
    await first.prefetchMarkdown(paths, { workers: 0 });
    expect(first.stats).toMatchObject({ markdownParses: 12, markdownCacheHits: 0 });
    await first.flushCache();
    expect(readdirSync(cacheRoot)).toEqual([`md-${markdownParserKey()}.v8`]);

    fixture.write({ 'spec/v2/core/d0.md': doc(99) });
    const second = SpecTree.load(fixture.root, { cacheDir: cacheRoot });
    await second.prefetchMarkdown(paths, { workers: 0 });
    expect(second.stats).toMatchObject({ markdownParses: 1, markdownCacheHits: 11 });
    const fresh = fixture.tree();
    for (const p of paths) expect(second.markdown(p)).toEqual(fresh.markdown(p));
  });

  it('treats an unreadable entry as a miss', async () => {
    fixture = createFixture({ 'a.md': doc(1) });
    cacheRoot = mkdtempSync(join(tmpdir(), 'openwop-cache-'));
    const writer = SpecTree.load(fixture.root, { cacheDir: cacheRoot });
    writer.markdown('a.md');
    await writer.flushCache();
    writeFileSync(join(cacheRoot, `md-${markdownParserKey()}.v8`), 'not a v8 value');
    const tree = SpecTree.load(fixture.root, { cacheDir: cacheRoot });
    expect(tree.markdown('a.md').root).toEqual(fixture.tree().markdown('a.md').root);
    expect(tree.stats).toMatchObject({ markdownParses: 1, markdownCacheHits: 0 });
  });

  it('writes one pack, only when a run parsed something, holding the documents that run used', async () => {
    fixture = createFixture({ 'a.md': doc(1), 'b.md': doc(2) });
    cacheRoot = mkdtempSync(join(tmpdir(), 'openwop-cache-'));
    const pack = join(cacheRoot, `md-${markdownParserKey()}.v8`);
    const run = async (...docs: string[]): Promise<SpecTree> => {
      const tree = SpecTree.load(fixture!.root, { cacheDir: cacheRoot });
      for (const d of docs) tree.markdown(d);
      await tree.flushCache();
      return tree;
    };
    await run('a.md', 'b.md');
    const written = statSync(pack).mtimeMs;
    await new Promise((r) => setTimeout(r, 20));
    expect((await run('a.md', 'b.md')).stats).toMatchObject({ markdownParses: 0, markdownCacheHits: 2 });
    expect(statSync(pack).mtimeMs).toBe(written); // nothing parsed, nothing written
    fixture.write({ 'b.md': doc(3) });
    await run('b.md'); // parses the new b.md; the pack now holds only it
    expect((await run('a.md', 'b.md')).stats).toMatchObject({ markdownParses: 1, markdownCacheHits: 1 });
  });

  it('keys entries by the parser: versions, options source and V8', () => {
    expect(markdownParserKey()).toMatch(/^[0-9a-f]{16}$/);
    const parts = markdownParserIdentity();
    expect(parts.map((p) => p.replace(/@.*/, ''))).toEqual(['v8', 'markdown-it', 'markdown-it-footnote', 'entities', 'mdurl', 'uc.micro', parts[6]]);
    for (const p of parts.slice(0, 6)) expect(p).toMatch(/@\d+\.\d+/); // every package found at a version
    expect(parts[6]).toMatch(/^[0-9a-f]{64}$/);
  });
});
