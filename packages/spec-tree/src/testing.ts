// Test helpers: trees on disk and in memory, and a user whom file permissions bind. Not part of the
// runtime API (`@openwop-spec/spec-tree/testing`).
import { spawnSync } from 'node:child_process';
import {
  lchownSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CONFIG_FILE } from './config.js';
import { SpecTree } from './tree.js';
import { MemoryFs } from './tree-fs.js';

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
  if (uid !== 0) return { uid, gid, argv: (argv) => [...argv], own: () => undefined };
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
  };
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
