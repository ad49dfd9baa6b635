// Test helpers: trees on disk and in memory, and a user whom file permissions bind. Not part of the
// runtime API (`@openwop-spec/spec-tree/testing`).
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  lchownSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { parsePointer, valueAt } from '@openwop-spec/json';
import type { ExampleEdit } from '@openwop-spec/diagnostics';
import { CONFIG_FILE } from './config.js';
import { BUNDLED_FILES } from './package-require.js';
import { SpecTree } from './tree.js';
import { MemoryFs } from './tree-fs.js';

/**
 * git in `cwd` with a fixed identity and configuration (and with `date`, a fixed author and
 * committer date), so a repository a test or the bench builds is the same on every machine whatever
 * the user's git configuration. Returns what git printed.
 */
export function gitAt(date: string | undefined, cwd: string, ...args: string[]): string {
  return execFileSync(
    'git',
    [
      '-c',
      'user.name=t',
      '-c',
      'user.email=t@example.com',
      '-c',
      'init.defaultBranch=main',
      '-c',
      'commit.gpgsign=false',
      ...args,
    ],
    {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...(date === undefined ? {} : { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date }) },
    },
  );
}

/** {@link gitAt} at the clock's date. */
export const git = (cwd: string, ...args: string[]): string => gitAt(undefined, cwd, ...args);

/** A file's content, or a symlink to create (target relative to the link, or absolute). */
export type FixtureEntry = string | Uint8Array | { symlink: string };

export interface Fixture {
  /** The fixture's folder; for a tree in memory, only a label. */
  root: string;
  /** A fresh tree over the fixture (a new cache each call). */
  tree(): SpecTree;
  /** Adds or replaces files; `null` deletes. */
  write(files: Record<string, FixtureEntry | null>): void;
  remove: () => void;
}

/** Writes `files` (repository path → content) into a new temporary directory, for tests. */
export function createFixture(files: Record<string, FixtureEntry>): Fixture {
  const root = mkdtempSync(join(tmpdir(), 'openwop-spec-'));
  const write = (entries: Record<string, FixtureEntry | null>): void => {
    for (const [path, entry] of Object.entries(entries)) {
      const abs = join(root, ...path.split('/'));
      rmSync(abs, { force: true, recursive: true });
      if (entry === null) continue;
      mkdirSync(dirname(abs), { recursive: true });
      if (typeof entry === 'object' && 'symlink' in entry) symlinkSync(entry.symlink, abs);
      else writeFileSync(abs, entry);
    }
  };
  write(files);
  return {
    root,
    tree: () => SpecTree.load(root),
    write,
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/**
 * Makes a rule example's edits in a fixture, in order. An edit that cannot be made as written (text
 * to replace that is not there, a pointer whose parent is missing) throws: the example is broken.
 */
export function applyEdits(fixture: Fixture, edits: readonly ExampleEdit[]): void {
  const read = (file: string): string => readFileSync(join(fixture.root, ...file.split('/')), 'utf8');
  const editJson = (file: string, pointer: string, change: (parent: unknown, last: string) => void): void => {
    const doc: unknown = JSON.parse(read(file));
    const tokens = parsePointer(pointer);
    const parent = valueAt(doc, tokens.slice(0, -1));
    if (tokens.length === 0 || parent === null || typeof parent !== 'object')
      throw new Error(`${file}: ${pointer} has no parent to change`);
    change(parent, tokens.at(-1)!);
    fixture.write({ [file]: `${JSON.stringify(doc, null, 2)}\n` });
  };
  for (const edit of edits) {
    if ('write' in edit) fixture.write({ [edit.file]: edit.write });
    else if ('remove' in edit) fixture.write({ [edit.file]: null });
    else if ('symlink' in edit) fixture.write({ [edit.file]: { symlink: edit.symlink } });
    else if ('replace' in edit) {
      const text = read(edit.file);
      const at = text.indexOf(edit.replace);
      if (at < 0) throw new Error(`${edit.file}: ${JSON.stringify(edit.replace)} is not there to replace`);
      fixture.write({ [edit.file]: text.slice(0, at) + edit.with + text.slice(at + edit.replace.length) });
    } else if ('set' in edit)
      editJson(edit.file, edit.set, (parent, last) => {
        if (Array.isArray(parent) && last === '-') parent.push(edit.to);
        else (parent as Record<string, unknown>)[last] = edit.to;
      });
    else
      editJson(edit.file, edit.unset, (parent, last) => {
        if (valueAt(parent, [last]) === undefined)
          throw new Error(`${edit.file}: ${edit.unset} is not there to remove`);
        if (Array.isArray(parent)) parent.splice(Number(last), 1);
        else delete (parent as Record<string, unknown>)[last];
      });
  }
}

/** What one test file creates on disk, removed together by `clean` (register it with `afterEach`). */
export interface Temporaries {
  /** {@link createFixture}, removed by `clean`. */
  fixture: (files: Record<string, FixtureEntry>) => Fixture;
  /** A new empty folder under the system's temporary folder, removed by `clean`. */
  folder: (prefix: string) => string;
  /** Runs `remove` with the others at `clean`. */
  track: (remove: () => void) => void;
  clean: () => void;
}

export function temporaries(): Temporaries {
  const removals: Array<() => void> = [];
  return {
    fixture: (files) => {
      const f = createFixture(files);
      removals.push(f.remove);
      return f;
    },
    folder: (prefix) => {
      const dir = mkdtempSync(join(tmpdir(), prefix));
      removals.push(() => rmSync(dir, { recursive: true, force: true }));
      return dir;
    },
    track: (remove) => {
      removals.push(remove);
    },
    clean: () => {
      for (const remove of removals.splice(0)) remove();
    },
  };
}

/** Fixture entries as a MemoryFs holds them (it holds no symlinks). */
function contentsInMemory(entries: Record<string, FixtureEntry | null>): Record<string, string | Uint8Array | null> {
  const contents: Record<string, string | Uint8Array | null> = {};
  for (const [path, entry] of Object.entries(entries)) {
    if (entry !== null && typeof entry === 'object' && 'symlink' in entry)
      throw new Error(`${path}: a tree in memory holds no symlinks (use createFixture)`);
    contents[path] = entry;
  }
  return contents;
}

/**
 * The same fixture held in memory: no folder, nothing to remove, no disk access. For every test
 * that does not test the disk itself (symlinks, permissions, FIFOs, atomic writes, a process run on
 * the folder): those take `createFixture`.
 */
export function memoryFixture(files: Record<string, FixtureEntry>): Fixture {
  const fs = new MemoryFs();
  const write = (entries: Record<string, FixtureEntry | null>): void => fs.set(contentsInMemory(entries));
  write(files);
  return { root: fs.root, tree: () => SpecTree.open(fs), write, remove: () => undefined };
}

/**
 * Fixtures in memory over one shared tree, for a test file whose fixtures are variants of one
 * corpus: each fixture sets only the files that differ from the previous one's (and those a gate
 * wrote) and forgets what was read or derived from them, as `--watch` does after an edit; each
 * `tree()` also forgets every derived value. A document no variant changes is parsed once for the
 * series instead of once per test; a changed config file opens a new tree.
 */
export function memoryFixtures(): (files: Record<string, FixtureEntry>) => Fixture {
  const fs = new MemoryFs();
  let tree = SpecTree.open(fs);
  let current = new Map<string, string | Uint8Array>();
  const apply = (changes: Record<string, string | Uint8Array | null>): void => {
    fs.set(changes);
    const paths = Object.keys(changes);
    if (paths.includes(CONFIG_FILE)) tree = SpecTree.open(fs);
    else tree.invalidate(paths);
  };
  return (files) => {
    const next = new Map(Object.entries(contentsInMemory(files)) as Array<[string, string | Uint8Array]>);
    const changes: Record<string, string | Uint8Array | null> = {};
    for (const path of [...current.keys(), ...tree.written]) if (!next.has(path)) changes[path] = null;
    for (const [path, entry] of next) if (current.get(path) !== entry || tree.written.has(path)) changes[path] = entry;
    tree.written.clear();
    current = next;
    apply(changes);
    return {
      root: fs.root,
      tree: () => {
        tree.invalidate([]);
        return tree;
      },
      write: (entries) => {
        const contents = contentsInMemory(entries);
        for (const [path, content] of Object.entries(contents))
          if (content === null) current.delete(path);
          else current.set(path, content);
        apply(contents);
      },
      remove: () => undefined,
    };
  };
}

/** How to run a process as a user whom file permissions bind, for tests of unreadable inputs. */
export interface Unprivileged {
  uid: number;
  gid: number;
  /** The command line that runs `argv` as that user. */
  argv(argv: readonly string[]): string[];
  /** Makes `root` (a fixture) that user's, so it can read and write what a test does not lock. */
  own(root: string): void;
  /** A path of the CLI's bin `path` that user can run (see `readableBin`). */
  bin(path: string): string;
}

/**
 * This process's own user when it is not root (permissions already bind it); as root, the user
 * `nobody` (65534) through util-linux `setpriv`; undefined when neither is possible (root without
 * setpriv), in which case a permission test cannot mean anything and must say so.
 */
export function unprivileged(): Unprivileged | undefined {
  const uid = process.getuid?.();
  const gid = process.getgid?.();
  if (uid === undefined || gid === undefined) return undefined;
  if (uid !== 0) return { uid, gid, argv: (argv) => [...argv], own: () => undefined, bin: (path) => path };
  if (spawnSync('setpriv', ['--version'], { stdio: 'ignore' }).status !== 0) return undefined;
  const nobody = 65534;
  return {
    uid: nobody,
    gid: nobody,
    argv: (argv) => ['setpriv', `--reuid=${nobody}`, `--regid=${nobody}`, '--clear-groups', '--', ...argv],
    own: (root) => {
      const walk = (abs: string): void => {
        lchownSync(abs, nobody, nobody);
        if (lstatSync(abs, { bigint: true }).isDirectory()) for (const name of readdirSync(abs)) walk(join(abs, name));
      };
      walk(root);
    },
    bin: readableBin,
  };
}

/**
 * `to` as a copy of `from`: folders made, symlinks kept as they are, files hard-linked (the same
 * bytes and mode, no copying) or, across file systems, copied.
 */
function linkTree(from: string, to: string): void {
  const stat = lstatSync(from);
  if (stat.isDirectory()) {
    mkdirSync(to, { recursive: true });
    for (const name of readdirSync(from)) linkTree(join(from, name), join(to, name));
  } else if (stat.isSymbolicLink()) symlinkSync(readlinkSync(from), to);
  else {
    mkdirSync(dirname(to), { recursive: true });
    try {
      linkSync(from, to);
    } catch {
      copyFileSync(from, to);
    }
  }
}

/** The packages spec-tree loads by name at run time (src/ajv.ts), which the bin does not bundle. */
const LOADED_BY_NAME = ['ajv', 'ajv-formats', 're2js'];

/**
 * A copy of the CLI's bin (`<repo>/packages/cli/dist/openwop-spec.js`) that any user can run: a
 * clone in a folder only root may enter (/root, a `mktemp -d` folder) hides the bin from `nobody`.
 * It holds the bin's folder and package.json, the installed packages the bundle imports by a path
 * relative to itself (oxc-parser, and the report's and delta's packages) at that path, those spec-tree
 * loads by name in a node_modules beside it, and the files the workspace packages ship in
 * dist/files/, as the npm package has them (package-require.ts). It lives under the temporary folder
 * at a name keyed by the bin's path and its folder's files (names, sizes, times), so the processes
 * of one test run share it (vitest's global setup makes it first) and a rebuilt bin gets a new one;
 * the process that made it removes it when it exits.
 */
export function readableBin(bin: string): string {
  const dist = dirname(bin);
  const key = createHash('sha256').update(bin);
  for (const name of readdirSync(dist).sort()) {
    const stat = statSync(join(dist, name));
    key.update(`\0${name}\0${stat.size}\0${stat.mtimeMs}`);
  }
  const shared = join(tmpdir(), `openwop-spec-bin-${key.digest('hex').slice(0, 16)}`);
  const repo = resolve(dist, '..', '..', '..');
  const sharedBin = join(shared, relative(repo, bin));
  if (existsSync(join(shared, COMPLETE))) return sharedBin;
  const copy = mkdtempSync(join(tmpdir(), 'openwop-spec-bin-making-'));
  try {
    copyForAnyUser(bin, repo, copy);
    writeFileSync(join(copy, COMPLETE), '');
    renameSync(copy, shared);
    process.once('exit', () => rmSync(shared, { recursive: true, force: true }));
  } catch (err) {
    rmSync(copy, { recursive: true, force: true });
    // Another process made it first.
    if (!existsSync(join(shared, COMPLETE))) throw err;
  }
  return sharedBin;
}

/** Written last into a copy of the bin: the copy is whole. */
const COMPLETE = '.complete';

/** Fills `copy` (a new folder) as `readableBin` describes. */
function copyForAnyUser(bin: string, repo: string, copy: string): void {
  const dist = dirname(bin);
  const store = join(repo, 'node_modules', '.pnpm');
  chmodSync(copy, 0o755);
  const mirror = (abs: string): void => linkTree(abs, join(copy, relative(repo, abs)));
  mirror(join(dist, '..', 'package.json'));
  mirror(dist);

  const entries = new Set<string>();
  for (const name of readdirSync(dist).filter((f) => f.endsWith('.js')))
    for (const [, entry] of readFileSync(join(dist, name), 'utf8').matchAll(
      /["'](?:\.\.\/)+node_modules\/\.pnpm\/([^/"']+)\//g,
    ))
      entries.add(entry!);
  const entryOf = (abs: string): string => relative(store, realpathSync(abs)).split(sep)[0]!;
  const byName = join(copy, 'node_modules');
  mkdirSync(byName);
  for (const name of LOADED_BY_NAME) {
    const installed = realpathSync(join(repo, 'packages', 'spec-tree', 'node_modules', name));
    entries.add(entryOf(installed));
    symlinkSync(relative(byName, join(copy, relative(repo, installed))), join(byName, name));
  }
  // Each store entry with those its node_modules links to (their dependencies), copied once.
  const pending = [...entries];
  const copied = new Set<string>();
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    if (copied.has(entry)) continue;
    copied.add(entry);
    mirror(join(store, entry));
    const links = join(store, entry, 'node_modules');
    for (const name of readdirSync(links).flatMap((n) =>
      n.startsWith('@') ? readdirSync(join(links, n)).map((m) => `${n}/${m}`) : [n],
    ))
      if (lstatSync(join(links, name)).isSymbolicLink()) pending.push(entryOf(join(links, name)));
  }

  for (const pkg of readdirSync(join(repo, 'packages'))) {
    const manifest = join(repo, 'packages', pkg, 'package.json');
    if (!existsSync(manifest)) continue;
    const { name, exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
      name: string;
      exports?: Record<string, unknown>;
    };
    for (const [subpath, target] of Object.entries(exports ?? {}))
      if (subpath !== '.' && typeof target === 'string' && !/\.(c|m)?(j|t)s$/.test(target))
        cpSync(
          join(repo, 'packages', pkg, target),
          join(copy, relative(repo, dist), BUNDLED_FILES, name, subpath.slice(2)),
        );
  }
}

/**
 * The ways a text file is saved that a fix must survive, each from an LF text: as is, with a UTF-8
 * BOM, with CRLF line endings, and mixed (CRLF on the first line and every other one after it).
 */
export const ENCODINGS: Readonly<Record<'lf' | 'bom' | 'crlf' | 'mixed', (lf: string) => string>> = {
  lf: (t) => t,
  bom: (t) => `\ufeff${t}`,
  crlf: (t) => t.replace(/\n/g, '\r\n'),
  mixed: (t) => {
    let i = 0;
    return t.replace(/\n/g, () => (i++ % 2 === 0 ? '\r\n' : '\n'));
  },
};
