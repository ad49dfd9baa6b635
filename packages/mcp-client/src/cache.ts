// A small TTL cache for CacheableResults (`ttlMs`, `cacheScope`). A "private" entry is only ever
// served to the authorization context that received it; a "public" one to any.

/** Where an entry stops being fresh: `ttlMs` absent, negative or not a number counts as 0. */
export function expiresAt(receivedAt: number, ttlMs: unknown): number {
  return receivedAt + (typeof ttlMs === 'number' && ttlMs > 0 ? ttlMs : 0);
}

interface Entry<T> {
  value: T;
  expiresAt: number;
}

export class TtlCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  /** A fresh value for `key` in `authContext`, if any. */
  get(key: readonly unknown[], authContext: string | undefined, now: number): T | undefined {
    return (
      this.fresh(partitionKey(key, 'public', undefined), now) ??
      this.fresh(partitionKey(key, 'private', authContext), now)
    );
  }

  /** Stores `value` (which must carry the server's `ttlMs` / `cacheScope`) as received at `now`. */
  set(
    key: readonly unknown[],
    value: T & { ttlMs?: unknown; cacheScope?: unknown },
    authContext: string | undefined,
    now: number,
  ): void {
    // Anything but an explicit "public" is partitioned: reuse across contexts must be opted into.
    const scope = value.cacheScope === 'public' ? 'public' : 'private';
    this.entries.set(partitionKey(key, scope, authContext), { value, expiresAt: expiresAt(now, value.ttlMs) });
  }

  private fresh(key: string, now: number): T | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (now < entry.expiresAt) return entry.value;
    this.entries.delete(key);
    return undefined;
  }
}

function partitionKey(key: readonly unknown[], scope: 'public' | 'private', authContext: string | undefined): string {
  return JSON.stringify(scope === 'public' ? [...key, scope] : [...key, scope, authContext ?? null]);
}
