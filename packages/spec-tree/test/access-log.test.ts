import { afterEach, describe, expect, it } from 'vitest';
import { createFixture } from '../src/testing.js';
import type { Fixture } from '../src/testing.js';

let fixture: Fixture | undefined;
afterEach(() => fixture?.remove());

describe('SpecTree.record (the access log --watch uses)', () => {
  it('records reads, parses, stats and listings, cache hits included', async () => {
    fixture = createFixture({ 'a.md': '# A\n', 'b.json': '{}', 'd/x.md': 'x' });
    const tree = fixture.tree();
    tree.text('a.md'); // cached before recording starts
    const { value, log } = await tree.record(async () => {
      await tree.markdown('a.md');
      tree.json('b.json');
      tree.exists('missing.md');
      return tree.list('d').length;
    });
    expect(value).toBe(1);
    expect([...log.files].sort()).toEqual(['a.md', 'b.json']);
    expect([...log.stats].sort()).toEqual(['b.json', 'd', 'd/x.md', 'missing.md']);
    expect([...log.dirs]).toEqual(['d']);
  });

  it('replays what a derived value read when a later computation gets it from the cache', async () => {
    fixture = createFixture({ 'c.md': 'abc' });
    const tree = fixture.tree();
    const first = await tree.record(async () => tree.derive('k', () => tree.text('c.md').length));
    const second = await tree.record(async () => tree.derive('k', () => -1));
    expect(second.value).toBe(3);
    expect([...second.log.files]).toEqual([...first.log.files]);
    expect([...second.log.stats]).toEqual([...first.log.stats]);
    expect(second.log.files.has('c.md')).toBe(true);
  });

  it('an async derived value records what it reads until it settles, and replays all of it', async () => {
    fixture = createFixture({ 'a.md': '# A\n', 'b.md': 'b' });
    const tree = fixture.tree();
    const compute = async (): Promise<string> => {
      await tree.markdown('a.md');
      return tree.text('b.md');
    };
    const first = await tree.record(() => tree.derive('k', compute));
    const second = await tree.record(() => tree.derive('k', compute));
    expect(second.value).toBe('b');
    expect([...first.log.files].sort()).toEqual(['a.md', 'b.md']);
    expect([...second.log.files].sort()).toEqual(['a.md', 'b.md']);
  });

  it('a file read through a symlink records its target too: editing the target changes what was read', async () => {
    fixture = createFixture({ 'real/a.md': 'a', 'link.md': { symlink: 'real/a.md' }, dir: { symlink: 'real' } });
    const tree = fixture.tree();
    const { log } = await tree.record(async () => [tree.text('link.md'), tree.text('dir/a.md')]);
    expect([...log.files].sort()).toEqual(['dir/a.md', 'link.md', 'real/a.md']);
  });

  it('cachedInfo answers from the cache only', () => {
    fixture = createFixture({ 'a.md': 'a' });
    const tree = fixture.tree();
    expect(tree.cachedInfo('a.md')).toBeUndefined();
    tree.info('a.md');
    expect(tree.cachedInfo('a.md')?.kind).toBe('file');
  });

  it('records nothing outside a recording', async () => {
    fixture = createFixture({ 'a.md': 'a' });
    const tree = fixture.tree();
    tree.text('a.md');
    const { log } = await tree.record(async () => 0);
    expect(log.files.size).toBe(0);
  });
});
