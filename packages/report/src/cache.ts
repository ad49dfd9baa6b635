import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { codeIdentity, writeAtomic } from '@openwop-spec/spec-tree';
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

/**
 * Each commit's point, one JSON file per commit id under `<dir>/<code key>/`. Entries are written
 * atomically; an entry that cannot be read or does not hold a point for its commit is a miss, and
 * a failure to write is ignored: the cache only ever saves time. Folders of other code keys are
 * removed on the first write.
 */
export class HistoryCache {
  private readonly key = codeKey();
  private pruned = false;

  constructor(private readonly dir: string) {}

  get(sha: string): HistoryPoint | undefined {
    if (this.key === undefined) return undefined;
    try {
      const value: unknown = JSON.parse(readFileSync(join(this.dir, this.key, `${sha}.json`), 'utf8'));
      return isPoint(value, sha) ? value : undefined;
    } catch {
      return undefined;
    }
  }

  put(point: HistoryPoint): void {
    if (this.key === undefined) return;
    try {
      if (!this.pruned) {
        this.pruned = true;
        for (const name of readdirSafe(this.dir))
          if (name !== this.key) rmSync(join(this.dir, name), { recursive: true, force: true });
      }
      writeAtomic(join(this.dir, this.key, `${point.sha}.json`), JSON.stringify(point) + '\n');
    } catch {
      // A cache that cannot be written costs time on the next run, nothing else.
    }
  }
}

function readdirSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
