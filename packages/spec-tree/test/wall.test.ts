// The root is a wall for every writer, and a cache folder is trusted only when it is ours: each
// test commits what an attacker can (a symlinked folder, a symlink in a file's place, `..`, a
// FIFO, a folder or file another user can write) and shows nothing is written, read, waited on
// or removed outside where the tool was pointed.
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CacheFolder, DiskFs, FactCache, SpecTree, createAtomic, distrust, writeAtomic } from '../src/index.js';
import type { FactKind } from '../src/index.js';
import { shape } from '../src/index.js';
import { temporaries } from '../src/testing.js';
import { forge } from './forge.js';

const temp = temporaries();
afterEach(temp.clean);
const fixture = temp.fixture;
/** A folder outside every fixture, holding `victim.json`: what a write through a link would replace. */
function outside(): { dir: string; victim: string } {
  const dir = temp.folder('openwop-spec-outside-');
  writeFileSync(join(dir, 'victim.json'), 'untouched\n');
  return { dir, victim: join(dir, 'victim.json') };
}
const OTHER_USER = 65534;

describe('writes stay inside the root', () => {
  it('a folder on the way that is a symlink leading out: refused in one line naming the file; nothing is written there', () => {
    const out = outside();
    const f = fixture({ 'schemas/keep.json': '{}\n' });
    rmSync(join(f.root, 'schemas'), { recursive: true });
    symlinkSync(out.dir, join(f.root, 'schemas'));
    const fs = new DiskFs(f.root);
    expect(() => fs.write('schemas/victim.json', 'generated\n')).toThrowError(
      expect.objectContaining({
        rule: 'input/outside-root',
        location: { file: 'schemas/victim.json' },
        message: `cannot write schemas/victim.json: it resolves to ${join(out.dir, 'victim.json')}, outside ${f.root}; nothing was written`,
      }),
    );
    expect(() => fs.write('schemas/new/deep.json', 'x')).toThrowError(
      expect.objectContaining({ rule: 'input/outside-root' }),
    );
    expect(readFileSync(out.victim, 'utf8')).toBe('untouched\n');
    expect(readdirSync(out.dir)).toEqual(['victim.json']);
  });

  it('the file itself a symlink leading out: refused, and the file it points to is neither read nor replaced', () => {
    const out = outside();
    const f = fixture({ 'spec/a.md': 'a\n', 'out.json': { symlink: out.victim } });
    expect(() => SpecTree.load(f.root).write('out.json', 'generated\n')).toThrowError(
      expect.objectContaining({ rule: 'input/outside-root' }),
    );
    expect(readFileSync(out.victim, 'utf8')).toBe('untouched\n');
    expect(lstatSync(join(f.root, 'out.json')).isSymbolicLink()).toBe(true);
  });

  it('`..`, an absolute path and a protocol-relative one: refused before anything is written', () => {
    const out = outside();
    const f = fixture({ 'a/keep': '' });
    for (const target of [
      join(f.root, 'a', '..', '..', 'x.json'),
      join(out.dir, 'victim.json'),
      `//${out.dir}/victim.json`,
    ]) {
      expect(() => writeAtomic(target, 'x', { within: f.root })).toThrowError(
        expect.objectContaining({ rule: 'input/outside-root' }),
      );
      expect(() => createAtomic(target, 'x', { within: f.root })).toThrowError(
        expect.objectContaining({ rule: 'input/outside-root' }),
      );
    }
    expect(readFileSync(out.victim, 'utf8')).toBe('untouched\n');
  });

  it('createAtomic under a symlinked folder (what init writes) is refused; inside the root it creates folders as before', () => {
    const out = outside();
    const f = fixture({ 'spec/keep': '' });
    symlinkSync(out.dir, join(f.root, 'spec', 'v2'));
    expect(() => createAtomic(join(f.root, 'spec/v2/metadata/x.schema.json'), '{}', { within: f.root })).toThrowError(
      expect.objectContaining({ rule: 'input/outside-root' }),
    );
    expect(readdirSync(out.dir)).toEqual(['victim.json']);
    expect(createAtomic(join(f.root, 'spec/v3/metadata/x.schema.json'), '{}', { within: f.root })).toBe('written');
  });

  it('a symlink inside the root that stays inside it is written as before', () => {
    const f = fixture({ 'real/a.json': 'old\n', link: { symlink: 'real' } });
    expect(new DiskFs(f.root).write('link/a.json', 'new\n')).toBe('written');
    expect(readFileSync(join(f.root, 'real/a.json'), 'utf8')).toBe('new\n');
  });
});

describe('distrust', () => {
  const uid = process.getuid!();
  it.each([
    ['folder', uid, 0o700, undefined],
    ['folder', uid, 0o755, undefined],
    ['folder', uid, 0o775, 'it is writable by its group (mode 0775)'],
    ['folder', uid, 0o1777, 'it is writable by every user (mode 0777)'],
    ['folder', OTHER_USER, 0o700, `it belongs to user ${OTHER_USER}, not to this user (${uid})`],
    ['file', uid, 0o600, undefined],
    ['file', uid, 0o644, "others may read it (mode 0644), so this user's runs did not write it (they write 0600)"],
    ['file', uid, 0o666, 'it is writable by every user (mode 0666)'],
  ] as const)('a %s of owner %i, mode %o: %s', (kind, owner, mode, why) => {
    expect(distrust({ uid: BigInt(owner), mode: BigInt(mode) }, kind)).toBe(why);
  });
});

describe('a cache folder is used only when it is ours', () => {
  const setup = (): { base: string; dir: string; warnings: string[]; folder: CacheFolder } => {
    const base = fixture({ keep: '' }).root;
    const dir = join(base, 'cache');
    const warnings: string[] = [];
    return { base, dir, warnings, folder: new CacheFolder(dir, { within: base, warn: (m) => warnings.push(m) }) };
  };

  it('creates itself with mode 0700 and its files with 0600, whatever the umask', () => {
    const { dir, folder } = setup();
    const umask = process.umask(0o002);
    try {
      folder.write('a.json', 'x');
    } finally {
      process.umask(umask);
    }
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, 'a.json')).mode & 0o777).toBe(0o600);
    expect(folder.read('a.json')?.toString()).toBe('x');
  });

  it('a FIFO in a file’s place is a miss at once, never a wait', () => {
    const { dir, folder } = setup();
    folder.write('a.json', 'x');
    execFileSync('mkfifo', [join(dir, 'fifo.json')]);
    expect(folder.read('fifo.json')).toBeUndefined();
  });

  it('a symlink in a file’s place is a miss, even to a file of ours', () => {
    const { base, dir, folder } = setup();
    folder.write('a.json', 'x');
    writeFileSync(join(base, 'elsewhere.json'), 'y');
    symlinkSync(join(base, 'elsewhere.json'), join(dir, 'b.json'));
    expect(folder.read('b.json')).toBeUndefined();
  });

  it('a folder writable by others: not read, not written, nothing removed; one warning', () => {
    const { dir, folder, warnings } = setup();
    mkdirSync(dir);
    writeFileSync(join(dir, 'a.json'), 'planted');
    chmodSync(dir, 0o777);
    expect(folder.read('a.json')).toBeUndefined();
    expect(() => folder.write('b.json', 'x')).toThrow();
    folder.remove('a.json');
    expect(folder.list()).toEqual([]);
    expect(readdirSync(dir)).toEqual(['a.json']);
    expect(warnings).toEqual([
      `not using the cache folder ${dir}: it is writable by every user (mode 0777); remove it (the next run creates it, mode 0700) or name a folder that is this user's alone`,
    ]);
  });

  it('a file another user owns is a miss, with one warning naming it', () => {
    const { dir, folder, warnings } = setup();
    folder.write('a.json', 'x');
    chownSync(join(dir, 'a.json'), OTHER_USER, OTHER_USER);
    expect(folder.read('a.json')).toBeUndefined();
    expect(folder.read('a.json')).toBeUndefined();
    expect(warnings).toEqual([
      `ignoring the cache file ${join(dir, 'a.json')}: it belongs to user ${OTHER_USER}, not to this user (${process.getuid!()})`,
    ]);
  });

  it('a folder that is a symlink, or that resolves outside where it may be, is not used; its target keeps every file', () => {
    const out = outside();
    const { base, dir, folder, warnings } = setup();
    symlinkSync(out.dir, dir);
    expect(folder.list()).toEqual([]);
    folder.remove('victim.json');
    expect(() => folder.write('victim.json', 'x')).toThrow();
    expect(readFileSync(out.victim, 'utf8')).toBe('untouched\n');
    expect(warnings).toEqual([`not using the cache folder ${dir}: it resolves to ${out.dir}, outside ${base}`]);
    // Below a symlinked parent: refused before the folder is created out there.
    const deep = new CacheFolder(join(dir, 'sub'), { within: base });
    expect(() => deep.write('a.json', 'x')).toThrow();
    expect(existsSync(join(out.dir, 'sub'))).toBe(false);
  });

  it('remove unlinks a symlink and empties a folder without following the links in it', () => {
    const out = outside();
    const { dir, folder } = setup();
    folder.write('keep.json', 'x');
    mkdirSync(join(dir, 'old'));
    symlinkSync(out.dir, join(dir, 'old', 'link'));
    symlinkSync(out.dir, join(dir, 'top-link'));
    folder.remove('old');
    folder.remove('top-link');
    expect(readdirSync(dir)).toEqual(['keep.json']);
    expect(readdirSync(out.dir)).toEqual(['victim.json']);
  });
});

describe('the fact cache trusts only a cache that is ours', () => {
  const headings: FactKind<number> = {
    id: 'test:headings',
    code: import.meta.url,
    derive: async (source) => (await source.markdown()).children.filter((n) => n.type === 'heading').length,
    toJson: (n) => n,
    fromJson: (json) => (shape.isCount(json) ? json : undefined),
  };
  /** A cache of `a.md`'s facts with the value forged to 7, then `spoil`ed; the count a run then reads, and its warnings. */
  async function read(spoil: (dir: string, file: string) => void): Promise<{ value: number; warnings: string[] }> {
    const f = fixture({ 'a.md': '# A\n\n## B\n' });
    const dir = join(f.root, 'cache');
    const first = new FactCache(dir);
    const tree = SpecTree.load(f.root, { cache: first });
    await tree.factsOf('a.md', headings);
    first.flush(f.root);
    forge(
      join(dir, 'facts.json'),
      (b) => (Object.values(b['kinds']['test:headings'].entries).forEach((e: any) => (e[1] = 7)), b),
    );
    spoil(dir, join(dir, 'facts.json'));
    const warnings: string[] = [];
    const value = await SpecTree.load(f.root, { cache: new FactCache(dir, { warn: (m) => warnings.push(m) }) }).factsOf(
      'a.md',
      headings,
    );
    return { value, warnings };
  }

  it('its own file is read (the forged value shows it)', async () => {
    expect(await read(() => undefined)).toEqual({ value: 7, warnings: [] });
  });

  it('a folder writable by every user: derived again, one warning', async () => {
    const r = await read((dir) => chmodSync(dir, 0o777));
    expect(r.value).toBe(2);
    expect(r.warnings).toEqual([
      expect.stringMatching(/^not using the cache folder .*: it is writable by every user \(mode 0777\); remove it /),
    ]);
  });

  it('another user’s added file with a checksum that holds: not merged, one warning', async () => {
    const r = await read((dir, file) => {
      const added = join(dir, 'facts-0123456789abcdef.json');
      writeFileSync(added, readFileSync(file));
      chownSync(added, OTHER_USER, OTHER_USER);
      // The main file says 2 again: only the foreign file says 7.
      forge(file, (b) => (Object.values(b['kinds']['test:headings'].entries).forEach((e: any) => (e[1] = 2)), b));
    });
    expect(r.value).toBe(2);
    expect(r.warnings).toEqual([
      expect.stringMatching(/^ignoring the cache file .*facts-0123456789abcdef\.json: it belongs to user 65534/),
    ]);
  });
});
