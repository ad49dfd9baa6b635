import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { writeAtomic } from '@openwop-spec/spec-tree';
import type { HistoryPoint } from './model.js';

/** Bumped when what a cached point holds, or how it is derived here, changes. */
const FORMAT = 'report-history/2';
/** The packages whose code decides a commit's figures. */
const CODE = [
  '@openwop-spec/spec-tree',
  '@openwop-spec/families',
  '@openwop-spec/gate-core-budget',
  '@openwop-spec/gate-normative-home',
];

let key: string | undefined;

/**
 * Identifies the code that computes a point: this format and every built module of the packages
 * that compute it, so a changed gate never serves figures its old code measured.
 */
export function codeKey(): string {
  if (key) return key;
  const hash = createHash('sha256').update(FORMAT);
  const require = createRequire(import.meta.url);
  for (const pkg of CODE) {
    hash.update(`\0${pkg}\0`);
    try {
      const dir = dirname(require.resolve(pkg));
      for (const name of readdirSync(dir)
        .filter((f) => f.endsWith('.js'))
        .sort())
        hash.update(name).update(readFileSync(join(dir, name)));
    } catch {
      hash.update('unresolved');
    }
  }
  key = hash.digest('hex').slice(0, 16);
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
  private readonly folder: string;
  private pruned = false;

  constructor(private readonly dir: string) {
    this.folder = join(dir, codeKey());
  }

  get(sha: string): HistoryPoint | undefined {
    try {
      const value: unknown = JSON.parse(readFileSync(join(this.folder, `${sha}.json`), 'utf8'));
      return isPoint(value, sha) ? value : undefined;
    } catch {
      return undefined;
    }
  }

  put(point: HistoryPoint): void {
    try {
      if (!this.pruned) {
        this.pruned = true;
        for (const name of readdirSafe(this.dir))
          if (name !== codeKey()) rmSync(join(this.dir, name), { recursive: true, force: true });
      }
      writeAtomic(join(this.folder, `${point.sha}.json`), JSON.stringify(point) + '\n');
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
