import { isAscii } from 'node:buffer';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord } from '@openwop-spec/json';
import { CacheFolder } from './cache-folder.js';
import type { CacheFolderOptions } from './cache-folder.js';
import { factIdentity } from './facts.js';
import type { FactKind } from './facts.js';
import type { FactStore } from './fact-store.js';
import { compareCodeUnits } from '@openwop-spec/diagnostics';

const FILE = 'facts.json';
const FORMAT = 'openwop-spec-facts';
const VERSION = 1;

/** A cached value and the repository path it was last derived for. */
type Entry = [path: string, value: unknown];

interface KindRecord {
  identity: string;
  /** By content hash. */
  entries: Map<string, Entry>;
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const byKey = <V>(a: [string, V], b: [string, V]): number => compareCodeUnits(a[0], b[0]);

/**
 * The record, if the text is one this version wrote: a header line
 * `{"format":"openwop-spec-facts","version":1,"sha256":…}` whose checksum covers the body, and a body
 * `{"kinds":{<id>:{"identity":…,"entries":{<hash>:[<path>,<value>]}}}}`. Anything else is undefined.
 */
function parseRecord(bytes: Buffer): Map<string, KindRecord> | undefined {
  const nl = bytes.indexOf(0x0a);
  if (nl < 0) return undefined;
  const text = bytes.subarray(nl + 1);
  let header: unknown;
  let body: unknown;
  try {
    header = JSON.parse(bytes.toString('utf8', 0, nl));
    if (
      !isRecord(header) ||
      header['format'] !== FORMAT ||
      header['version'] !== VERSION ||
      header['sha256'] !== sha256(text)
    )
      return undefined;
    // The checksum vouches for the bytes, so they are what this version wrote (ASCII): no strict decoding.
    body = JSON.parse(isAscii(text) ? text.toString('latin1') : text.toString('utf8'));
  } catch {
    return undefined;
  }
  if (!isRecord(body) || !isRecord(body['kinds'])) return undefined;
  const kinds = new Map<string, KindRecord>();
  for (const [id, record] of Object.entries(body['kinds'])) {
    if (!isRecord(record) || typeof record['identity'] !== 'string' || !isRecord(record['entries'])) return undefined;
    const entries = new Map<string, Entry>();
    for (const [hash, entry] of Object.entries(record['entries'])) {
      if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string') return undefined;
      entries.set(hash, entry as Entry);
    }
    kinds.set(id, { identity: record['identity'], entries });
  }
  return kinds;
}

/** A file of entries added since `facts.json` was written: `facts-<16 hex digits>.json`. */
const ADDED = /^facts-[0-9a-f]{16}\.json$/;
/** `facts.json` is written whole again once the added files hold more than this share of its size. */
const ADDED_SHARE = 1 / 4;
/** … or once there are this many of them. */
const MAX_ADDED = 16;

/** What a run keeps per kind: its entries (hits and new values), the new ones, every path it looked up. */
interface KindRun {
  identity: string;
  entries: Map<string, Entry>;
  fresh: Map<string, Entry>;
  paths: Set<string>;
}

/** The cache as read: the main file's kinds, and the added files merged into them. */
interface Stored {
  kinds: Map<string, KindRecord>;
  /** The main file as it was when read (undefined: it was not there or was not a cache). */
  version: string | undefined;
  /** Its size in bytes (0 when missing or not a cache). */
  bytes: number;
  /** The added files listed with it, and their total size. */
  added: string[];
  addedBytes: number;
}

/** Every character outside ASCII as a JSON escape, so the file reads back as Latin-1, the fastest decoding. */
const asciiJson = (json: string): string =>
  json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const serialise = (kinds: Iterable<[string, KindRecord]>): Buffer => {
  const body = Buffer.from(
    asciiJson(
      JSON.stringify({
        kinds: Object.fromEntries(
          [...kinds]
            .sort(byKey)
            .map(([id, k]) => [id, { identity: k.identity, entries: Object.fromEntries([...k.entries].sort(byKey)) }]),
        ),
      }),
    ),
    'latin1',
  );
  const header = `${JSON.stringify({ format: FORMAT, version: VERSION, sha256: sha256(body) })}\n`;
  return Buffer.concat([Buffer.from(header), body]);
};

/**
 * The on-disk half of the fact cache (ESLint's `--cache`, for facts), in the cache directory:
 * `facts.json`, holding for each fact kind the identity of the code that derived it and its values
 * by content hash, and beside it small files of entries added since (`facts-<hex>.json`, same
 * format), so a run that derived a few values (one document edited) writes only those, not the
 * whole cache again. It is read once, on the first lookup, and written once, by `flush`, only when
 * the run derived something new: an added file when the main file exists, holds the same code's
 * kinds and the added files stay small; otherwise the main file whole (the added files it merged are
 * then removed). Whatever is wrong with a file — missing, unreadable, not a regular file,
 * truncated, corrupt, written by another version or by other code, an entry of the wrong shape —
 * is a miss, never an error; a write that fails leaves the cache as it was. Writes are atomic (a
 * temporary file, then a rename), so runs sharing a cache never see half of one; when two runs
 * write the main file at once, the last complete file wins, and entries lost so are only misses.
 * The folder and its files are trusted only when they are this user's alone (`CacheFolder`): a
 * folder or file another user could have written is not read, with one warning.
 */
export class FactCache implements FactStore {
  readonly file: string;
  private readonly folder: CacheFolder;
  private stored: Stored | undefined;
  /** Per kind, what this run looked up and derived (undefined: the kind's code cannot be identified). */
  private readonly runs = new Map<string, KindRun | undefined>();
  private fresh = 0;

  /** `within`: the folder the cache may not leave (default: `dir` itself); `warn`: told why a folder or file is not used. */
  constructor(
    readonly dir: string,
    options: Partial<CacheFolderOptions> = {},
  ) {
    this.file = join(dir, FILE);
    this.folder = new CacheFolder(dir, { within: options.within ?? dir, ...(options.warn && { warn: options.warn }) });
  }

  /** The cached value of `kind` for the content `hash` (looked up for `path`), if any. */
  get<T>(kind: FactKind<T>, hash: string, path: string): T | undefined {
    const run = this.run(kind);
    if (!run) return undefined;
    run.paths.add(path);
    // What this run derived or read already comes first: trees sharing the cache share those too.
    let entry = run.entries.get(hash);
    if (!entry) {
      const record = this.read().kinds.get(kind.id);
      entry = record?.identity === run.identity ? record.entries.get(hash) : undefined;
    }
    if (!entry) return undefined;
    let value: T | undefined;
    try {
      value = kind.fromJson(entry[1]);
    } catch {
      value = undefined;
    }
    if (value !== undefined) run.entries.set(hash, [path, entry[1]]);
    return value;
  }

  /** Keeps a freshly derived value for the next `flush`. */
  set<T>(kind: FactKind<T>, hash: string, path: string, value: T): void {
    const run = this.run(kind);
    if (!run) return;
    run.paths.add(path);
    const entry: Entry = [path, kind.toJson(value)];
    run.entries.set(hash, entry);
    run.fresh.set(hash, entry);
    this.fresh++;
  }

  /**
   * Writes what was derived since the last write, if anything: as an added file when that is enough
   * (see the class), else the main file whole: for each kind this run used, its entries, plus the
   * entries of files under `root` it did not look at, as the cache holds them now (a run of one
   * gate keeps what the others cached; an edited or deleted file's old entry goes); other kinds as
   * they were.
   */
  flush(root: string): void {
    if (this.fresh === 0) return;
    this.fresh = 0;
    const used = [...this.runs].filter((r): r is [string, KindRun] => r[1] !== undefined);
    const stored = this.read();
    const added = serialise(
      used
        .filter(([, run]) => run.fresh.size > 0)
        .map(([id, run]) => [id, { identity: run.identity, entries: run.fresh }]),
    );
    const small =
      stored.version !== undefined &&
      stored.added.length < MAX_ADDED &&
      stored.addedBytes + added.length <= stored.bytes * ADDED_SHARE &&
      used.every(
        ([id, run]) => run.fresh.size === 0 || (stored.kinds.get(id)?.identity ?? run.identity) === run.identity,
      );
    for (const [, run] of used) run.fresh.clear();
    try {
      // The atomic writer refuses to replace anything but a regular file (a FIFO, a folder).
      // Not flushed to disk: a file lost or torn in a crash fails its checksum, a miss like any other.
      if (small) {
        const name = `facts-${randomBytes(8).toString('hex')}.json`;
        this.folder.write(name, added);
        stored.added = [...stored.added, name].sort();
        stored.addedBytes += added.length;
        return;
      }
      // What another run wrote since this one read the cache is kept: read it again if it changed.
      const changed = stored.version !== this.fileVersion() || !sameNames(stored.added, this.addedNames());
      const current = changed ? this.reread() : stored;
      const kinds = new Map(current.kinds);
      for (const [id, run] of used) {
        const entries = new Map(run.entries);
        const old = kinds.get(id);
        if (old?.identity === run.identity) {
          for (const [hash, entry] of old.entries) {
            if (!entries.has(hash) && !run.paths.has(entry[0]) && existsSync(join(root, entry[0])))
              entries.set(hash, entry);
          }
        }
        kinds.set(id, { identity: run.identity, entries });
      }
      const whole = serialise(kinds);
      this.folder.write(FILE, whole);
      for (const name of current.added) this.folder.remove(name);
      this.stored = { kinds, version: this.fileVersion(), bytes: whole.length, added: [], addedBytes: 0 };
    } catch {
      // A cache that cannot be written (read-only, full, not a folder) only costs the next run time.
    }
  }

  private run(kind: FactKind<unknown>): KindRun | undefined {
    if (!this.runs.has(kind.id)) {
      const identity = factIdentity(kind);
      this.runs.set(
        kind.id,
        identity === undefined ? undefined : { identity, entries: new Map(), fresh: new Map(), paths: new Set() },
      );
    }
    return this.runs.get(kind.id);
  }

  private read(): Stored {
    this.stored ??= this.reread();
    return this.stored;
  }

  /**
   * The main file, then each added file whose kinds are the same code's as the main file's (or
   * kinds it does not hold), merged in name order; an added file of other code is a miss.
   */
  private reread(): Stored {
    // Taken before the read: a file replaced meanwhile reads as changed.
    const version = this.fileVersion();
    const main = this.readRecord(FILE);
    const kinds = main?.kinds ?? new Map<string, KindRecord>();
    const added = this.addedNames();
    let addedBytes = 0;
    for (const name of added) {
      const file = this.readRecord(name);
      if (!file) continue;
      addedBytes += file.bytes;
      if ([...file.kinds].some(([id, k]) => (kinds.get(id)?.identity ?? k.identity) !== k.identity)) continue;
      for (const [id, k] of file.kinds) {
        const into = kinds.get(id);
        if (into) for (const [hash, entry] of k.entries) into.entries.set(hash, entry);
        else kinds.set(id, k);
      }
    }
    return { kinds, version: main ? version : undefined, bytes: main?.bytes ?? 0, added, addedBytes };
  }

  /** The added files in the cache directory now, in code-unit order. */
  private addedNames(): string[] {
    return this.folder
      .list()
      .filter((name) => ADDED.test(name))
      .sort();
  }

  /** Which main file is there now (a write renames a new one into place, so its inode changes). */
  private fileVersion(): string | undefined {
    return this.folder.version(FILE);
  }

  /** A cache file's kinds and size, or undefined when it is missing, not ours, or not a cache this version wrote. */
  private readRecord(name: string): { kinds: Map<string, KindRecord>; bytes: number } | undefined {
    const bytes = this.folder.read(name);
    if (!bytes) return undefined;
    const kinds = parseRecord(bytes);
    return kinds && { kinds, bytes: bytes.length };
  }
}

const sameNames = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((name, i) => name === b[i]);
