import { afterEach, describe, expect, it } from 'vitest';
import { InputError } from '@openwop-spec/diagnostics';
import { MemoryFs, SpecTree } from '../src/index.js';
import type { SpecTree as Tree } from '../src/index.js';
import { createFixture, memoryFixture, memoryFixtures } from '../src/testing.js';
import type { Fixture } from '../src/testing.js';

const FILES = {
  'openwop-spec.config.json': '{ "paths": { "spec": "corpus/spec" } }\n',
  'corpus/spec/a.md': '# A\n',
  'corpus/spec/v2/b.json': '{ "x": [1, 2] }\n',
  'corpus/spec/v2/deep/c.md': 'é\n',
  'corpus/spec/Z.md': 'z\n',
};

let disk: Fixture | undefined;
afterEach(() => disk?.remove());

/** What a tree answers, errors included, so the disk and the memory can be compared call by call. */
function answer(f: () => unknown): unknown {
  try {
    return { value: f() };
  } catch (err) {
    if (err instanceof InputError) return { error: err.message, code: err.rule };
    throw err;
  }
}

function session(tree: Tree): unknown[] {
  const info = (p: string) => {
    const i = tree.info(p);
    return [i.kind, i.symlink, i.escapes, i.realPath];
  };
  return [
    tree.paths,
    ...['', 'corpus', 'corpus/spec/a.md', 'corpus/spec/v2', 'nothing', 'corpus/spec/a.md/below'].map((p) =>
      answer(() => info(p)),
    ),
    ...['', 'corpus/spec', 'corpus/spec/v2', 'corpus/spec/a.md', 'nothing'].map((p) => answer(() => tree.list(p))),
    answer(() => tree.text('corpus/spec/v2/deep/c.md')),
    answer(() => tree.json('corpus/spec/v2/b.json').value),
    answer(() => tree.text('corpus/spec/v2')),
    answer(() => tree.text('nothing.md')),
    answer(() => tree.write('corpus/spec/new/n.md', 'n\n')),
    answer(() => tree.write('corpus/spec/new/n.md', 'n\n')),
    answer(() => tree.write('corpus/spec/a.md', '# A again\n')),
    answer(() => tree.text('corpus/spec/a.md')),
    answer(() => tree.write('corpus/spec/v2', 'x')),
    answer(() => tree.list('corpus/spec')),
    tree.stats,
  ];
}

describe('a tree in memory answers as the same tree on disk', () => {
  it('paths from the config, info, list (code-unit order), text, json, the input errors and writes', () => {
    disk = createFixture(FILES);
    const onDisk = session(disk.tree());
    const inMemory = session(memoryFixture(FILES).tree());
    expect(inMemory).toEqual(onDisk);
    // Not vacuous: the session saw real content, an error and a write.
    expect(onDisk).toContainEqual({ value: 'é\n' });
    expect(onDisk).toContainEqual({
      error: 'corpus/spec/v2 is a folder, not a regular file',
      code: 'input/not-a-file',
    });
    expect(onDisk).toContainEqual({ value: 'written' });
    expect(onDisk).toContainEqual({ value: 'unchanged' });
    expect(onDisk).toContainEqual({
      value: [
        { name: 'Z.md', path: 'corpus/spec/Z.md', kind: 'file', symlink: false },
        { name: 'a.md', path: 'corpus/spec/a.md', kind: 'file', symlink: false },
        { name: 'new', path: 'corpus/spec/new', kind: 'dir', symlink: false },
        { name: 'v2', path: 'corpus/spec/v2', kind: 'dir', symlink: false },
      ],
    });
  });

  it('a write shows in the next tree over the same files; a fixture write or delete too', () => {
    const fx = memoryFixture({ 'a.md': 'a\n' });
    fx.tree().write('b/c.md', 'c\n');
    expect(fx.tree().text('b/c.md')).toBe('c\n');
    fx.write({ 'b/c.md': null, 'd.md': 'd\n' });
    expect(
      fx
        .tree()
        .list('')
        .map((e) => e.path),
    ).toEqual(['a.md', 'd.md']);
  });

  it('holds no symlinks and no file under a file', () => {
    expect(() => memoryFixture({ 'a.md': { symlink: 'b.md' } })).toThrow(
      'a.md: a tree in memory holds no symlinks (use createFixture)',
    );
    const tree = SpecTree.open(new MemoryFs({ 'a.md': 'a\n' }));
    expect(() => tree.write('a.md/b.md', 'b\n')).toThrow(
      new InputError('cannot write a.md/b.md: a.md is a file, not a folder', { file: 'a.md/b.md' }, 'input/io'),
    );
  });

  it('fixtures over one shared tree: each reads as a fresh tree over its own files, re-parsing only what changed', async () => {
    const next = memoryFixtures();
    const paths = (t: Tree) => t.list('').map((e) => e.path);
    const one = next({ 'a.md': '# A\n', 'b.md': '# B\n' }).tree();
    await Promise.all([one.markdown('a.md'), one.markdown('b.md')]);
    one.write('c.md', 'c\n');
    // b.md changes, a.md does not, and c.md (written by the last run, in no fixture) goes.
    const two = next({ 'a.md': '# A\n', 'b.md': '# B2\n' }).tree();
    expect([paths(two), two.text('b.md')]).toEqual([['a.md', 'b.md'], '# B2\n']);
    await Promise.all([two.markdown('a.md'), two.markdown('b.md')]);
    expect(two.stats.markdownParses).toBe(3);
    // A derived value is computed again for each tree.
    let computed = 0;
    const same = next({ 'a.md': '# A\n' });
    for (const tree of [() => same.tree(), () => same.tree(), () => next({ 'a.md': '# A\n' }).tree()])
      tree().derive('n', () => ++computed);
    expect(computed).toBe(3);
    // A new config is read: the folders it names are the corpus.
    const configured = next({ 'openwop-spec.config.json': '{ "paths": { "spec": "s" } }\n', 's/a.md': 'a\n' }).tree();
    expect(configured.paths).toEqual(
      SpecTree.open(new MemoryFs({ 'openwop-spec.config.json': '{ "paths": { "spec": "s" } }\n' })).paths,
    );
  });
});
