import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SpecTree } from './tree.js';

/** A file's content, or a symlink to create (target relative to the link, or absolute). */
export type FixtureEntry = string | Uint8Array | { symlink: string };

export interface Fixture {
  root: string;
  /** A fresh tree over the fixture (a new cache each call). */
  tree(): SpecTree;
  /** Adds or replaces files; `null` deletes. */
  write(files: Record<string, FixtureEntry | null>): void;
  remove(): void;
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
