import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, readlinkSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '@openwop-spec/diagnostics';
import { DEFAULT_PATHS, DiskFs, MAX_FILE_BYTES, MemoryFs, SpecTree, affects, createAtomic } from '../src/index.js';
import { createFixture } from '../src/testing.js';
import type { FactKind } from '../src/index.js';
import type { FileStat } from '../src/fs.js';
import type { Fixture, FixtureEntry } from '../src/testing.js';

let fx: Fixture | undefined;
afterEach(() => fx?.remove());
const fixture = (files: Parameters<typeof createFixture>[0]): Fixture => (fx = createFixture(files));

function inputError(fn: () => unknown): InputError {
  try {
    fn();
  } catch (err) {
    if (err instanceof InputError) return err;
    throw err;
  }
  throw new Error('expected an InputError');
}

describe('SpecTree reading', () => {
  it('reads and parses each file at most once', async () => {
    const tree = fixture({ 'a.md': '# A\n', 'b.json': '{"x": 1}' }).tree();
    await Promise.all([tree.markdown('a.md'), tree.markdown('a.md')]);
    await tree.markdown('a.md');
    tree.text('a.md');
    tree.json('b.json');
    tree.json('b.json');
    expect(tree.stats).toEqual({
      reads: 2,
      decodes: 2,
      jsonParses: 1,
      markdownParses: 1,
      factsDerived: 0,
      factsCached: 0,
    });
  });

  it('keeps a UTF-8 BOM in the text but parses JSON behind it, with positions on the real columns', () => {
    const tree = fixture({ 'b.json': '\uFEFF{"x": [1, 2]}' }).tree();
    expect(tree.text('b.json').charCodeAt(0)).toBe(0xfeff);
    const doc = tree.json('b.json');
    expect(doc.value).toEqual({ x: [1, 2] });
    expect(doc.locate('/x/1').start).toMatchObject({ line: 1, column: 12 });
  });

  it('keeps CRLF line ends as they are', async () => {
    const tree = fixture({ 'a.md': '# A\r\n\r\ntext\r\n' }).tree();
    expect(tree.text('a.md')).toBe('# A\r\n\r\ntext\r\n');
    const para = (await tree.markdown('a.md')).root.children[1]!;
    expect(para.position?.start).toMatchObject({ line: 3, column: 1 });
  });

  it('refuses invalid UTF-8 with the line of the first bad byte', () => {
    const tree = fixture({
      'a.md': Buffer.concat([Buffer.from('ok\nstill ok\nbad '), Buffer.from([0xc3, 0x28]), Buffer.from('\n')]),
    }).tree();
    const err = inputError(() => tree.text('a.md'));
    expect(err).toMatchObject({
      message: 'a.md is not valid UTF-8 (first bad byte 0xC3 at offset 16)',
      rule: 'input/invalid-utf8',
    });
    expect(err.location).toEqual({ file: 'a.md', start: { line: 3, column: 5 } });
    const cr = inputError(() =>
      fixture({ 'b.md': Buffer.concat([Buffer.from('ok\rstill ok\r\nbad '), Buffer.from([0xc3, 0x28])]) })
        .tree()
        .text('b.md'),
    );
    expect(cr.location).toEqual({ file: 'b.md', start: { line: 3, column: 5 } });
  });

  it.each([
    ['a lone continuation byte', [0x80]],
    ['an overlong encoding', [0xc0, 0xaf]],
    ['a UTF-16 surrogate', [0xed, 0xa0, 0x80]],
    ['a truncated sequence', [0xe2, 0x82]],
  ])('refuses %s', (_name, bytes) => {
    const tree = fixture({ 'a.md': Buffer.from(bytes) }).tree();
    expect(inputError(() => tree.text('a.md')).location?.file).toBe('a.md');
  });

  // Unreadable files and folders need a user that permissions bind: packages/cli/test/permissions.test.ts.
  it('refuses a missing file and a directory, naming the file', () => {
    const tree = fixture({ 'dir/x.md': 'x' }).tree();
    expect(inputError(() => tree.text('nope.md'))).toMatchObject({
      message: 'nope.md does not exist',
      rule: 'input/missing',
    });
    expect(inputError(() => tree.text('dir'))).toMatchObject({
      message: 'dir is a folder, not a regular file',
      rule: 'input/not-a-file',
    });
  });

  it("refuses a FIFO, a socket or a device in a file's place without blocking, ", () => {
    const f = fixture({ 'spec/a.md': 'a' });
    execFileSync('mkfifo', [join(f.root, 'spec', 'pipe.json')]);
    const tree = f.tree();
    expect(tree.info('spec/pipe.json')).toMatchObject({ kind: 'other', type: 'fifo' });
    // Reading it would block forever; here it is one input error naming it.
    expect(inputError(() => tree.json('spec/pipe.json'))).toMatchObject({
      message: 'spec/pipe.json is a FIFO, not a regular file',
      rule: 'input/not-a-file',
    });
    expect(tree.list('spec').map((e) => [e.name, e.kind])).toEqual([
      ['a.md', 'file'],
      ['pipe.json', 'other'],
    ]);
  });

  it('never reads through a symlink that leaves the root', () => {
    const outside = createFixture({ 'secret.md': 'outside' });
    try {
      const tree = fixture({
        'spec/link.md': { symlink: `${outside.root}/secret.md` },
        'spec/ok.md': 'in',
        'spec/inner.md': { symlink: 'ok.md' },
      }).tree();
      expect(tree.info('spec/link.md')).toMatchObject({ kind: 'file', symlink: true, escapes: true });
      expect(tree.info('spec/link.md').realPath).toBeUndefined();
      expect(inputError(() => tree.text('spec/link.md'))).toMatchObject({
        message: 'spec/link.md resolves outside the repository',
        rule: 'input/outside-root',
      });
      expect(tree.info('spec/inner.md')).toMatchObject({
        kind: 'file',
        symlink: true,
        escapes: false,
        realPath: 'spec/ok.md',
      });
      expect(tree.text('spec/inner.md')).toBe('in');
    } finally {
      outside.remove();
    }
  });

  it('refuses a file over the size limit without reading it', () => {
    const f = fixture({ 'big.md': '' });
    truncateSync(join(f.root, 'big.md'), MAX_FILE_BYTES + 1); // sparse: no disk written
    expect(inputError(() => f.tree().text('big.md'))).toMatchObject({
      rule: 'input/too-large',
      location: { file: 'big.md' },
    });
  });

  it('refuses a listed file over the size limit too (the listing gives no size)', () => {
    const f = fixture({ 'd/big.md': '' });
    truncateSync(join(f.root, 'd', 'big.md'), MAX_FILE_BYTES + 1);
    const tree = f.tree();
    expect(tree.list('d').map((e) => [e.name, e.kind])).toEqual([['big.md', 'file']]);
    expect(inputError(() => tree.text('d/big.md'))).toMatchObject({ rule: 'input/too-large' });
  });

  it('takes what each listed entry is from the listing: only the folders and symlinks are looked up one by one', () => {
    const files: Record<string, FixtureEntry> = {
      'd/sub/x.md': 'x',
      'd/link.md': { symlink: 'a0.md' },
      'd/dirlink': { symlink: 'sub' },
      'd/gone.md': { symlink: 'nothing.md' },
    };
    for (let i = 0; i < 20; i++) files[`d/a${i}.md`] = 'a';
    const f = fixture(files);
    const looked: string[] = [];
    const fs = new (class extends DiskFs {
      override stat(path: string, follow: boolean): FileStat | undefined {
        looked.push(path);
        return super.stat(path, follow);
      }
    })(f.root);
    const tree = SpecTree.open(fs, { paths: DEFAULT_PATHS });
    const listed = tree.list('d');
    expect(listed.filter((e) => e.name.startsWith('a')).every((e) => e.kind === 'file' && !e.symlink)).toBe(true);
    expect(listed.filter((e) => !e.name.startsWith('a')).map((e) => [e.name, e.kind, e.symlink])).toEqual([
      ['dirlink', 'dir', true],
      ['gone.md', 'missing', true],
      ['link.md', 'file', true],
      ['sub', 'dir', false],
    ]);
    for (const e of listed) tree.info(e.path);
    expect(tree.info('d/a7.md')).toEqual({
      path: 'd/a7.md',
      kind: 'file',
      symlink: false,
      realPath: 'd/a7.md',
      escapes: false,
    });
    expect(tree.info('d/link.md').realPath).toBe('d/a0.md');
    expect(tree.list('d/dirlink').map((e) => [e.path, e.kind])).toEqual([['d/dirlink/x.md', 'file']]);
    expect(tree.info('d/dirlink/x.md').realPath).toBe('d/sub/x.md');
    expect([...new Set(looked)].sort()).toEqual(['', 'd', 'd/dirlink', 'd/gone.md', 'd/link.md']);
  });

  it('answers whether a text contains words without decoding a file that does not', () => {
    const tree = fixture({
      'with.md': '> **Status: v1 · v2 reads it.**\n',
      'without.md': '# é, not it\n',
      'bad.md': Buffer.from([0x76, 0x32, 0xff]),
    }).tree();
    expect(tree.includes('without.md', 'v2 reads it')).toBe(false);
    expect(tree.includes('with.md', 'v2 reads it')).toBe(true);
    expect(tree.includes('with.md', 'Status: v1 · v2')).toBe(true);
    expect(tree.stats).toMatchObject({ reads: 2, decodes: 0 });
    // Decoded later from the bytes already read; then answered from the text.
    expect(tree.text('without.md')).toBe('# é, not it\n');
    expect(tree.includes('without.md', 'é, not')).toBe(true);
    expect(tree.stats).toMatchObject({ reads: 2, decodes: 1 });
    // Bytes that are not UTF-8 are the input error `text` gives, found or not.
    expect(inputError(() => tree.includes('bad.md', 'v2'))).toMatchObject({
      rule: 'input/invalid-utf8',
      location: { file: 'bad.md', start: { line: 1, column: 3 } },
    });
  });

  it('treats a dangling symlink as missing', () => {
    const tree = fixture({ 'a.md': { symlink: 'gone.md' } }).tree();
    expect(tree.info('a.md')).toMatchObject({ kind: 'missing', symlink: true });
  });

  it('treats a name no file can have (a NUL byte, a segment over 255 bytes) as missing, not as a failure to look', () => {
    const tree = fixture({ 'a.md': '' }).tree();
    for (const path of ['a\0.md', `d/${'x'.repeat(256)}.md`, `${'é'.repeat(128)}/a.md`, `a.md\0`])
      expect([tree.info(path).kind, tree.exists(path)], JSON.stringify(path)).toEqual(['missing', false]);
    expect(tree.info(`${'é'.repeat(127)}.md`).kind).toBe('missing');
  });

  it('lists directories in code-unit order', () => {
    const tree = fixture({ 'd/b.md': '', 'd/Z.md': '', 'd/a.md': '', 'd/.hidden.md': '' }).tree();
    expect(tree.list('d').map((e) => e.name)).toEqual(['.hidden.md', 'Z.md', 'a.md', 'b.md']);
    expect(tree.list('missing')).toEqual([]);
  });

  it('re-reads a file after invalidate, and derived values are recomputed', () => {
    const f = fixture({ 'a.json': '{"v": 1}' });
    const tree = f.tree();
    let computed = 0;
    const derived = () => tree.derive('v', () => (computed++, (tree.json('a.json').value as { v: number }).v));
    expect(derived()).toBe(1);
    expect(derived()).toBe(1);
    f.write({ 'a.json': '{"v": 2}' });
    tree.invalidate(['a.json']);
    expect(derived()).toBe(2);
    expect(computed).toBe(2);
  });

  it('derives a fact kind once per file and tree (concurrent asks share it), and again after invalidate', async () => {
    const f = fixture({ 'a.md': '# A\n' });
    const tree = f.tree();
    let derived = 0;
    const length: FactKind<number> = {
      id: 'test:length',
      code: import.meta.url,
      derive: ({ text }) => (derived++, text.length),
      toJson: (n) => n,
      fromJson: () => undefined,
    };
    expect(await Promise.all([tree.factsOf('a.md', length), tree.factsOf('a.md', length)])).toEqual([4, 4]);
    expect(await tree.factsOf('a.md', length)).toBe(4);
    expect(derived).toBe(1);
    f.write({ 'a.md': '# AB\n' });
    tree.invalidate(['a.md']);
    expect(await tree.factsOf('a.md', length)).toBe(5);
    expect(tree.stats).toMatchObject({ factsDerived: 2, factsCached: 0 });
  });

  it('drops its syntax trees on request but keeps every fact derived from them', async () => {
    const tree = fixture({ 'a.md': '# A\n\nOne two.\n' }).tree();
    const children: FactKind<number> = {
      id: 'test:children',
      code: import.meta.url,
      derive: async (source) => (await source.markdown()).children.length,
      toJson: (n) => n,
      fromJson: () => undefined,
    };
    const first = await tree.markdown('a.md');
    expect(await tree.factsOf('a.md', children)).toBe(2);
    expect(await tree.markdown('a.md')).toBe(first);
    expect(tree.dropSyntaxTrees()).toBe(1);
    expect(tree.dropSyntaxTrees()).toBe(0);
    expect(await tree.factsOf('a.md', children)).toBe(2);
    expect(tree.stats).toMatchObject({ markdownParses: 1, factsDerived: 1 });
    const again = await tree.markdown('a.md');
    expect(again).not.toBe(first);
    expect(again.root).toEqual(first.root);
    expect(tree.stats).toMatchObject({ markdownParses: 2, factsDerived: 1 });
  });

  it('writes atomically, skips identical bytes and remembers what it wrote', () => {
    const f = fixture({ 'out/a.json': 'old\n' });
    const tree = f.tree();
    expect(tree.text('out/a.json')).toBe('old\n');
    expect(tree.write('out/a.json', 'new\n')).toBe('written');
    expect(tree.text('out/a.json')).toBe('new\n');
    expect(tree.write('out/a.json', 'new\n')).toBe('unchanged');
    expect(tree.write('out/deep/b.json', 'b\n')).toBe('written');
    expect([...tree.written]).toEqual(['out/a.json', 'out/deep/b.json']);
    expect(tree.list('out').map((e) => e.name)).toEqual(['a.json', 'deep']);
  });

  it('load takes the corpus paths it is given instead of the configuration file', () => {
    const f = fixture({ 'openwop-spec.config.json': '{"paths": {"conformance": "packages/conformance"}}' });
    expect(SpecTree.load(f.root).paths.conformance).toBe('packages/conformance');
    expect(SpecTree.load(f.root, { paths: { ...DEFAULT_PATHS, spec: 'corpus/spec' } }).paths).toEqual({
      ...DEFAULT_PATHS,
      spec: 'corpus/spec',
    });
  });

  it('configured says where the configuration file sets a corpus path, and nothing for a default or given path', () => {
    const f = fixture({ 'openwop-spec.config.json': '{\n  "paths": { "conformance": "packages/conformance" }\n}\n' });
    expect(SpecTree.load(f.root).configured('conformance')).toMatchObject({
      file: 'openwop-spec.config.json',
      start: { line: 2, column: 29 },
      end: { line: 2, column: 51 },
    });
    expect(SpecTree.load(f.root).configured('spec')).toBeUndefined();
    expect(SpecTree.load(f.root, { paths: DEFAULT_PATHS }).configured('conformance')).toBeUndefined();
    expect(SpecTree.load(fixture({}).root).configured('spec')).toBeUndefined();
  });

  it('createAtomic creates a missing file (parents too) and never replaces one, not even a dangling symlink', () => {
    const f = fixture({ 'out/a.json': 'old\n', 'out/link.json': { symlink: 'nowhere.json' } });
    const abs = (p: string): string => join(f.root, ...p.split('/'));
    expect(createAtomic(abs('out/deep/b.json'), 'b\n', { within: f.root })).toBe('written');
    expect(readFileSync(abs('out/deep/b.json'), 'utf8')).toBe('b\n');
    expect(createAtomic(abs('out/a.json'), 'new\n', { within: f.root })).toBe('exists');
    expect(readFileSync(abs('out/a.json'), 'utf8')).toBe('old\n');
    expect(createAtomic(abs('out/link.json'), 'new\n', { within: f.root })).toBe('exists');
    expect(readlinkSync(abs('out/link.json'))).toBe('nowhere.json');
    expect(readdirSync(abs('out')).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});

describe('affects', () => {
  it('content reads, kind changes of asked-about or listed paths, and renamed parents', () => {
    const log = {
      files: new Set(['spec/v2/core/a.md']),
      stats: new Set(['spec/v2/core/a.md', 'spec/v2/core/b.md', 'evidence/e.json']),
      dirs: new Set(['spec/v2/core']),
    };
    expect(affects(log, 'spec/v2/core/a.md', false)).toBe(true);
    expect(affects(log, 'spec/v2/core/b.md', false)).toBe(false);
    expect(affects(log, 'spec/v2/core/b.md', true)).toBe(true);
    expect(affects(log, 'spec/v2/core/new.md', true)).toBe(true);
    expect(affects(log, 'evidence/e.json', true)).toBe(true);
    expect(affects(log, 'spec/v2', false)).toBe(true);
    expect(affects(log, 'spec/v1/a.md', true)).toBe(false);
    expect(affects(log, 'spec/v2/core-old/a.md', true)).toBe(false);
  });
});

describe('one parse per document in a run', () => {
  const headings = (id: string, applies?: FactKind<number>['applies']): FactKind<number> => ({
    id,
    code: import.meta.url,
    ...(applies ? { applies } : {}),
    derive: async (source) => (await source.markdown()).children.filter((n) => n.type === 'heading').length,
    toJson: (n) => n,
    fromJson: (json) => (typeof json === 'number' ? json : undefined),
  });

  it("a document parsed for one fact gives the run's kinds that apply to it, even when a later gate asks", async () => {
    const first = headings('test:first');
    const later = headings('test:later', (path) => path === 'a.md');
    const tree = SpecTree.open(new MemoryFs({ 'a.md': '# A\n', 'b.md': '# B\n\n## C\n' }), { kinds: [later] });
    for (const path of ['a.md', 'b.md']) await tree.factsOf(path, first);
    tree.dropSyntaxTrees(); // between two gates
    expect(await tree.factsOf('a.md', later)).toBe(1);
    expect(tree.stats.markdownParses).toBe(2);
    // It does not apply to b.md, so b.md is parsed again when asked.
    expect(await tree.factsOf('b.md', later)).toBe(2);
    expect(tree.stats.markdownParses).toBe(3);
  });

  it('a kind that fails alongside fails for the gate that asks for it, not for the one that parsed', async () => {
    const first = headings('test:first');
    const failing: FactKind<number> = {
      ...headings('test:failing', () => true),
      derive: () => Promise.reject(new Error('no')),
    };
    const tree = SpecTree.open(new MemoryFs({ 'a.md': '# A\n' }), { kinds: [failing] });
    expect(await tree.factsOf('a.md', first)).toBe(1);
    await expect(tree.factsOf('a.md', failing)).rejects.toThrow('no');
  });
});
