import type { FactKind } from './facts.js';

/**
 * Where a SpecTree keeps the facts it derives, by kind and content hash, beyond its own life: the
 * on-disk `FactCache`, or `MemoryFacts` for the trees of one run. Trees that share a store derive
 * each content's facts once between them (a commit and the working tree, consecutive commits).
 */
export interface FactStore {
  /** The value of `kind` for the content `hash` (looked up for `path`), if the store holds one. */
  get<T>(kind: FactKind<T>, hash: string, path: string): T | undefined;
  /** Keeps a value just derived. */
  set<T>(kind: FactKind<T>, hash: string, path: string, value: T): void;
}

/** Facts held in memory for the run: for trees that share a run but no cache on disk (`--no-cache`). */
export class MemoryFacts implements FactStore {
  private readonly kinds = new Map<string, Map<string, unknown>>();

  get<T>(kind: FactKind<T>, hash: string): T | undefined {
    return this.kinds.get(kind.id)?.get(hash) as T | undefined;
  }

  set<T>(kind: FactKind<T>, hash: string, _path: string, value: T): void {
    let values = this.kinds.get(kind.id);
    if (!values) this.kinds.set(kind.id, (values = new Map<string, unknown>()));
    values.set(hash, value);
  }
}
