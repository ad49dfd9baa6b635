import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord } from '@openwop-spec/json';
import { factIdentity } from './facts.js';
import type { FactKind } from './facts.js';
import { readRegularFile } from './fs.js';
import { writeAtomic } from './write.js';

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
const byKey = <V>(a: [string, V], b: [string, V]): number => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/**
 * The record, if the text is one this version wrote: a header line
 * `{"format":"openwop-spec-facts","version":1,"sha256":…}` whose checksum covers the body, and a body
 * `{"kinds":{<id>:{"identity":…,"entries":{<hash>:[<path>,<value>]}}}}`. Anything else is undefined.
 */
function parseRecord(bytes: Buffer): Map<string, KindRecord> | undefined {
  const nl = bytes.indexOf(0x0a);
  if (nl < 0) return undefined;
  let header: unknown;
  let body: unknown;
  try {
    header = JSON.parse(bytes.toString('utf8', 0, nl));
    if (
      !isRecord(header) ||
      header['format'] !== FORMAT ||
      header['version'] !== VERSION ||
      header['sha256'] !== sha256(bytes.subarray(nl + 1))
    )
      return undefined;
    // The checksum vouches for the bytes, so they are the UTF-8 this version wrote: no strict decoding.
    body = JSON.parse(bytes.toString('utf8', nl + 1));
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

/**
 * The on-disk half of the fact cache (ESLint's `--cache`, for facts): one file, `facts.json` in the
 * cache directory, holding for each fact kind the identity of the code that derived it and its
 * values by content hash. It is read once, on the first lookup (again before a write only if another
 * run has replaced it since), and written once, by `flush`, only when the run derived something new. Whatever is wrong with it — missing, unreadable, not a
 * regular file, truncated, corrupt, written by another version or by other code, an entry of the
 * wrong shape — is a miss, never an error; a write that fails leaves it as it was. Writes are
 * atomic (a temporary file, then a rename), so runs sharing a cache never see half of one; when two
 * runs write at once, the last complete file wins.
 */
export class FactCache {
  readonly file: string;
  private stored: Map<string, KindRecord> | undefined;
  /** The file as it was when `stored` was read or written (undefined: it was not there). */
  private storedFrom: string | undefined;
  /** Per kind, this run's entries (hits and new values) and every path it looked up. */
  private readonly runs = new Map<
    string,
    { identity: string; entries: Map<string, Entry>; paths: Set<string> } | undefined
  >();
  private fresh = 0;

  constructor(readonly dir: string) {
    this.file = join(dir, FILE);
  }

  /** The cached value of `kind` for the content `hash` (looked up for `path`), if any. */
  get<T>(kind: FactKind<T>, hash: string, path: string): T | undefined {
    const run = this.run(kind);
    if (!run) return undefined;
    run.paths.add(path);
    const record = this.read().get(kind.id);
    const entry = record?.identity === run.identity ? record.entries.get(hash) : undefined;
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
    run.entries.set(hash, [path, kind.toJson(value)]);
    this.fresh++;
  }

  /**
   * Writes the cache if anything new was derived since the last write: for each kind this run used,
   * its entries, plus the entries of files under `root` it did not look at, as the file holds them
   * now (a run of one gate keeps what the others cached; an edited or deleted file's old entry
   * goes); other kinds as they were.
   */
  flush(root: string): void {
    if (this.fresh === 0) return;
    this.fresh = 0;
    // What another run wrote since this one read the file is kept: read it again if it changed.
    if (this.storedFrom === undefined || this.storedFrom !== this.fileVersion()) this.stored = undefined;
    const kinds = new Map(this.read());
    for (const [id, run] of this.runs) {
      if (!run) continue;
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
    const body = Buffer.from(
      JSON.stringify({
        kinds: Object.fromEntries(
          [...kinds]
            .sort(byKey)
            .map(([id, k]) => [id, { identity: k.identity, entries: Object.fromEntries([...k.entries].sort(byKey)) }]),
        ),
      }),
    );
    try {
      // The atomic writer refuses to replace anything but a regular file (a FIFO, a folder).
      // Not flushed to disk: a file lost or torn in a crash fails its checksum, a miss like any other.
      const header = `${JSON.stringify({ format: FORMAT, version: VERSION, sha256: sha256(body) })}\n`;
      writeAtomic(this.file, Buffer.concat([Buffer.from(header), body]), this.file, { durable: false });
      this.stored = kinds;
      this.storedFrom = this.fileVersion();
    } catch {
      // A cache that cannot be written (read-only, full, not a folder) only costs the next run time.
    }
  }

  private run(
    kind: FactKind<unknown>,
  ): { identity: string; entries: Map<string, Entry>; paths: Set<string> } | undefined {
    if (!this.runs.has(kind.id)) {
      const identity = factIdentity(kind);
      this.runs.set(kind.id, identity === undefined ? undefined : { identity, entries: new Map(), paths: new Set() });
    }
    return this.runs.get(kind.id);
  }

  private read(): Map<string, KindRecord> {
    if (!this.stored) {
      try {
        // Opened non-blocking and checked through its descriptor: a FIFO in its place is never waited on.
        const version = this.fileVersion();
        this.stored = parseRecord(readRegularFile(this.file, this.file));
        this.storedFrom = version;
      } catch {
        this.stored = undefined;
      }
      this.stored ??= new Map();
    }
    return this.stored;
  }

  /**
   * Which file is at the path now (a write renames a new one into place, so its inode changes), or
   * undefined when none is. Taken before a read: a file replaced meanwhile reads as changed.
   */
  private fileVersion(): string | undefined {
    try {
      const s = statSync(this.file, { bigint: true, throwIfNoEntry: false });
      return s ? `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}` : undefined;
    } catch {
      return undefined;
    }
  }
}
