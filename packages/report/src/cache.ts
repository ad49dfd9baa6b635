import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { CacheFolder, codeIdentity } from '@openwop-spec/spec-tree';
import type { CacheFolderOptions } from '@openwop-spec/spec-tree';
import type { HistoryPoint } from './model.js';

/** Bumped when what a cached point holds, or how it is derived here, changes. */
const FORMAT = 'report-history/3';
let key: string | undefined | null = null;

/**
 * Identifies the code that computes a point: this format and the code this module runs with
 * (`codeIdentity`: every private package's built code, each published one's version, the lockfile;
 * in the npm package its version), so a changed gate never serves figures its old code measured.
 * Undefined when that code cannot be identified: nothing is then cached.
 */
export function codeKey(): string | undefined {
  if (key !== null) return key;
  const code = codeIdentity(import.meta.url);
  key = code === undefined ? undefined : createHash('sha256').update(`${FORMAT}\0${code}`).digest('hex').slice(0, 16);
  return key;
}

const isPoint = (v: unknown, sha: string): v is HistoryPoint => {
  if (typeof v !== 'object' || v === null) return false;
  const p = v as Record<string, unknown>;
  const f = p['figures'] as Record<string, unknown> | undefined;
  const figuresOk =
    f === undefined || ['core', 'resolved', 'open', 'unhomed', 'words', 'cap'].every((k) => typeof f[k] === 'number');
  return (
    p['sha'] === sha &&
    typeof p['date'] === 'string' &&
    typeof p['subject'] === 'string' &&
    figuresOk &&
    (f !== undefined || typeof p['error'] === 'string')
  );
};

/** A code key's folder name: other names in the cache folder are never removed. */
const CODE_KEY = /^[0-9a-f]{16}$/;

/**
 * Each commit's point, one JSON file per commit id under `<dir>/<code key>/`. Entries are written
 * atomically; an entry that cannot be read or does not hold a point for its commit is a miss, and
 * a failure to write is ignored: the cache only ever saves time. Folders of other code keys are
 * removed on the first write (only entries named as code keys, never through a symlink). Both
 * folders are trusted only when they are ours and inside `within` (`CacheFolder`).
 */
export class HistoryCache {
  private readonly key = codeKey();
  private readonly folders: CacheFolder;
  private readonly entries: CacheFolder | undefined;
  private pruned = false;

  constructor(dir: string, options: CacheFolderOptions) {
    this.folders = new CacheFolder(dir, options);
    this.entries = this.key === undefined ? undefined : new CacheFolder(join(dir, this.key), options);
  }

  get(sha: string): HistoryPoint | undefined {
    const bytes = this.entries?.read(`${sha}.json`);
    if (!bytes) return undefined;
    try {
      const value: unknown = JSON.parse(bytes.toString('utf8'));
      return isPoint(value, sha) ? value : undefined;
    } catch {
      return undefined;
    }
  }

  put(point: HistoryPoint): void {
    if (!this.entries) return;
    try {
      if (!this.pruned) {
        this.pruned = true;
        for (const name of this.folders.list()) if (CODE_KEY.test(name) && name !== this.key) this.folders.remove(name);
      }
      this.entries.write(`${point.sha}.json`, JSON.stringify(point) + '\n');
    } catch {
      // A cache that cannot be written costs time on the next run, nothing else.
    }
  }
}
