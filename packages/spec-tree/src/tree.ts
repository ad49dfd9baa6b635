import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { extname } from 'node:path';
import type { Root } from 'mdast';
import { InputError, compareCodeUnits } from '@openwop-spec/diagnostics';
import type { Point } from '@openwop-spec/diagnostics';
import { CONFIG_FILE, pathsFromConfig } from './config.js';
import type { CorpusPaths } from './config.js';
import { parseJson } from './json.js';
import type { JsonDoc } from './json.js';
import type { FactStore } from './fact-store.js';
import type { FactKind } from './facts.js';
import { markdownParser, markdownRefusal, markdownTooDeep } from './markdown.js';
import type { MarkdownRefusal, MarkdownTooDeep } from './markdown.js';
import { describeType } from './fs.js';
import type { FileType } from './fs.js';
import { decodeUtf8, LineIndex } from './text.js';
import { DiskFs, absolute } from './tree-fs.js';
import type { TreeFs } from './tree-fs.js';
import type { WriteOutcome } from './write.js';

/** Files above this size are refused: no spec document comes near it, and reading one would stall the run. */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;

export type EntryKind = 'file' | 'dir' | 'other' | 'missing';

export interface PathInfo {
  /** The repository-relative path asked about. */
  path: string;
  /** What the path is after following symlinks; a dangling symlink is `missing`. */
  kind: EntryKind;
  /** For kind `other`: a FIFO, a socket or a device. */
  type?: FileType;
  symlink: boolean;
  /** The real path relative to the root (POSIX); undefined when it resolves outside the root. */
  realPath?: string;
  /** True for a symlink whose target lies outside the root. */
  escapes: boolean;
}

export interface DirEntry {
  name: string;
  path: string;
  kind: EntryKind;
  symlink: boolean;
}

export interface MarkdownDoc {
  file: string;
  text: string;
  root: Root;
}

/** The paths a computation asked the tree about (cache hits included), for `--watch`. */
export interface AccessLog {
  /** Paths whose content was read or parsed (`text`, `json`, `markdown`). */
  files: Set<string>;
  /** Paths only asked about (`info`, `exists`, and each entry of a `list`): what they are matters, not their bytes. */
  stats: Set<string>;
  /** Directories listed: a file created in or deleted from one of them affects the reader. */
  dirs: Set<string>;
}

export const newAccessLog = (): AccessLog => ({ files: new Set(), stats: new Set(), dirs: new Set() });

/**
 * Whether a changed path can change the result of a computation that read what `log` records: it
 * read the path's content; or the path changed what it is (created, deleted, replaced by a
 * directory or a symlink) and the computation asked about it or listed its directory; or it read
 * something under the path (a directory renamed or removed).
 */
export function affects(log: AccessLog, path: string, changedKind: boolean): boolean {
  if (log.files.has(path)) return true;
  if (changedKind) {
    if (log.stats.has(path) || log.dirs.has(path)) return true;
    const slash = path.lastIndexOf('/');
    if (log.dirs.has(slash < 0 ? '' : path.slice(0, slash))) return true;
  }
  const prefix = `${path}/`;
  for (const f of log.files) if (f.startsWith(prefix)) return true;
  for (const d of log.dirs) if (d.startsWith(prefix)) return true;
  return false;
}

export interface TreeOptions {
  /**
   * The corpus paths, instead of those openwop-spec.config.json gives (`openwop-spec init` plans
   * with the layout it is about to write).
   */
  paths?: CorpusPaths;
  /** Where facts are kept beyond the tree (a FactCache across runs); without one, they live only as long as the tree. */
  cache?: FactStore;
  /**
   * The fact kinds of the run that read syntax trees (its gates' `facts`): when a document is parsed
   * for one fact, every kind here that `applies` to it is derived from that parse too.
   */
  kinds?: readonly FactKind<unknown>[];
}

export interface TreeStats {
  reads: number;
  /** Files decoded to text (a file whose facts all came from the cache is read and hashed, never decoded). */
  decodes: number;
  jsonParses: number;
  markdownParses: number;
  /** Facts derived from a file's text (not found in the cache). */
  factsDerived: number;
  /** Facts read from the cache of earlier runs. */
  factsCached: number;
}

/**
 * One repository, loaded lazily: each file is read and parsed at most once per tree and cached, so
 * every gate in a run shares one parse. Paths are repository-relative POSIX paths. It reads and
 * writes through a TreeFs: the disk (`load`) or any other (`open`, e.g. a MemoryFs).
 */
export class SpecTree {
  readonly stats: TreeStats = {
    reads: 0,
    decodes: 0,
    jsonParses: 0,
    markdownParses: 0,
    factsDerived: 0,
    factsCached: 0,
  };
  private readonly texts = new Map<string, string>();
  /** Bytes read for a content hash and not decoded yet (a cached fact needed no text). */
  private readonly raw = new Map<string, Uint8Array>();
  private readonly jsons = new Map<string, JsonDoc>();
  private readonly markdowns = new Map<string, MarkdownDoc>();
  /** Per path, per fact kind id. */
  private readonly facts = new Map<string, Map<string, Promise<unknown>>>();
  private readonly infos = new Map<string, PathInfo>();
  /** Content hashes, the fact cache's keys, once per file. */
  private readonly hashes = new Map<string, string>();
  private readonly memo = new Map<string, { value: unknown; log: AccessLog }>();
  /** Access logs being recorded (nested: a derived value records into its own and every open log). */
  private readonly logs = new Set<AccessLog>();
  readonly root: string;

  private constructor(
    private readonly fs: TreeFs,
    readonly paths: CorpusPaths,
    readonly options: TreeOptions = {},
  ) {
    this.root = fs.root;
  }

  /** Loads the tree on disk at `root`, reading `openwop-spec.config.json` when present. */
  static load(root: string, options: TreeOptions = {}): SpecTree {
    return SpecTree.open(new DiskFs(root), options);
  }

  /** Loads the tree `fs` holds, reading `openwop-spec.config.json` when present. */
  static open(fs: TreeFs, options: TreeOptions = {}): SpecTree {
    if (options.paths) return new SpecTree(fs, options.paths, options);
    const probe = new SpecTree(fs, pathsFromConfig(undefined));
    const config = probe.info(CONFIG_FILE).kind === 'file' ? probe.json(CONFIG_FILE) : undefined;
    const tree = new SpecTree(fs, pathsFromConfig(config), options);
    if (config) tree.jsons.set(CONFIG_FILE, config);
    return tree;
  }

  /**
   * Where openwop-spec.config.json sets the corpus path `key` (the value's range), or undefined when
   * the default applies: a finding about a configured folder points at the line that chose it.
   */
  configured(key: keyof CorpusPaths): { file: string; start: Point; end: Point } | undefined {
    if (this.options.paths || this.info(CONFIG_FILE).kind !== 'file') return undefined;
    const config = this.json(CONFIG_FILE);
    const paths: unknown = (config.value as Record<string, unknown>)['paths'];
    if (typeof paths !== 'object' || paths === null || !Object.hasOwn(paths, key)) return undefined;
    const { start, end } = config.locate(`/paths/${key}`);
    return { file: CONFIG_FILE, start, end };
  }

  /** The absolute file-system path of a repository path (for a tree on disk). */
  abs(path: string): string {
    return absolute(this.root, path);
  }

  info(path: string): PathInfo {
    if (this.logs.size) for (const log of this.logs) log.stats.add(path);
    return this.lookup(path);
  }

  /**
   * `info` without recording the access. A path the tool cannot look at (a folder on the way that
   * cannot be searched, a symlink loop) is an input error, never "missing".
   */
  private lookup(path: string): PathInfo {
    const cached = this.infos.get(path);
    if (cached) return cached;
    const link = this.fs.stat(path, false);
    const slash = path.lastIndexOf('/');
    const parent =
      link && link.type !== 'symlink' && path !== '' ? this.lookup(slash < 0 ? '' : path.slice(0, slash)) : undefined;
    let result = link && parent ? this.inFolder(parent, path.slice(slash + 1), link.type) : undefined;
    if (!link) result = { path, kind: 'missing', symlink: false, escapes: false };
    else if (!result) {
      const target = link.type === 'symlink' ? this.fs.stat(path, true) : link;
      const realPath = target ? this.fs.realPath(path) : undefined;
      result = {
        path,
        ...(target ? kindOf(target.type) : { kind: 'missing' as const }),
        symlink: link.type === 'symlink',
        ...(realPath !== undefined ? { realPath } : {}),
        escapes: target !== undefined && realPath === undefined,
      };
    }
    this.infos.set(path, result);
    return result;
  }

  /**
   * The info of entry `name` of type `type` in the folder `parent`, when it is not a link and the
   * folder's real path is known: then no stat or realpath call is needed (one per file adds up).
   */
  private inFolder(parent: PathInfo, name: string, type: FileType): PathInfo | undefined {
    if (type === 'symlink' || parent.realPath === undefined) return undefined;
    const path = parent.path === '' ? name : `${parent.path}/${name}`;
    const realPath = parent.realPath === '' ? name : `${parent.realPath}/${name}`;
    return { path, ...kindOf(type), symlink: false, realPath, escapes: false };
  }

  exists(path: string): boolean {
    return this.info(path).kind !== 'missing';
  }

  /** Entries of a directory in UTF-16 code-unit order; [] when it is missing or not a directory. */
  list(dir: string): DirEntry[] {
    if (this.logs.size) for (const log of this.logs) log.dirs.add(dir);
    const folder = this.info(dir);
    if (folder.kind !== 'dir') return [];
    // What each entry is comes with the listing: only a symlink (or an entry of a folder reached
    // through one) is looked up on its own.
    const entries = this.fs.readdir(dir).sort((a, b) => compareCodeUnits(a.name, b.name));
    return entries.map(({ name, type }) => {
      const path = dir === '' ? name : `${dir}/${name}`;
      if (this.logs.size) for (const log of this.logs) log.stats.add(path);
      let i = this.infos.get(path);
      if (!i) {
        i = this.inFolder(folder, name, type) ?? this.lookup(path);
        this.infos.set(path, i);
      }
      return { name, path, kind: i.kind, symlink: i.symlink };
    });
  }

  /** The file's text, decoded as strict UTF-8 (a BOM is kept: word counts see the raw text). */
  text(path: string): string {
    if (this.logs.size) this.note(path);
    const cached = this.texts.get(path);
    if (cached !== undefined) return cached;
    const bytes = this.raw.get(path) ?? this.bytes(path);
    this.raw.delete(path);
    const text = decodeUtf8(bytes, path);
    this.stats.decodes++;
    this.texts.set(path, text);
    return text;
  }

  /**
   * Whether the file's text contains `literal`. A file not decoded yet is searched in its bytes
   * (UTF-8 is self-synchronising, so a byte match is a text match), so one without it is never
   * decoded; its bytes are still checked to be UTF-8, and a file that is not is the same input
   * error as `text` gives. Records a content read, as `text` does.
   */
  includes(path: string, literal: string): boolean {
    if (this.logs.size) this.note(path);
    const text = this.texts.get(path);
    if (text !== undefined) return text.includes(literal);
    let bytes = this.raw.get(path);
    if (!bytes) this.raw.set(path, (bytes = this.bytes(path)));
    if (!isUtf8(bytes)) return this.text(path).includes(literal); // the decoder names the bad byte
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(literal);
  }

  /** A regular file's bytes, read from the disk (each file once per tree: `text` or `raw` keeps them). */
  private bytes(path: string): Uint8Array {
    const info = this.info(path);
    if (info.kind === 'missing') throw new InputError(`${path} does not exist`, { file: path }, 'input/missing');
    if (info.escapes)
      throw new InputError(`${path} resolves outside the repository`, { file: path }, 'input/outside-root');
    if (info.kind !== 'file')
      throw new InputError(
        `${path} is ${describeType(info.type ?? 'dir')}, not a regular file`,
        { file: path },
        'input/not-a-file',
      );
    const bytes = this.fs.read(path, MAX_FILE_BYTES);
    this.stats.reads++;
    return bytes;
  }

  /**
   * The SHA-256 of the file's extension and content, the key of its facts in the cache. A file not
   * read yet is hashed from its bytes, which are kept undecoded: a run whose facts are all cached
   * never decodes the text.
   */
  private contentHash(path: string): string {
    const known = this.hashes.get(path);
    if (known !== undefined) return known;
    const hash = createHash('sha256').update(`${extname(path)}\0`);
    const text = this.texts.get(path);
    let bytes = text === undefined ? this.raw.get(path) : undefined;
    if (text === undefined && !bytes) this.raw.set(path, (bytes = this.bytes(path)));
    const digest = (text !== undefined ? hash.update(text) : hash.update(bytes!)).digest('hex');
    this.hashes.set(path, digest);
    return digest;
  }

  json(path: string): JsonDoc {
    if (this.logs.size) this.note(path);
    const cached = this.jsons.get(path);
    if (cached) return cached;
    const doc = parseJson(this.text(path), path);
    this.stats.jsonParses++;
    this.jsons.set(path, doc);
    return doc;
  }

  /** The document's mdast, parsed at most once per tree (the parser is loaded on the first parse). */
  async markdown(path: string): Promise<MarkdownDoc> {
    if (this.logs.size) this.note(path);
    const cached = this.markdowns.get(path);
    if (cached) return cached;
    this.text(path); // a missing or unreadable file is reported before the parser loads
    const parse = await markdownParser();
    const again = this.markdowns.get(path);
    if (again) return again;
    const text = this.text(path);
    const refused = markdownRefusal(text);
    if (refused) throw refusalError(path, text, refused);
    const doc = { file: path, text, root: parse(text) };
    this.stats.markdownParses++;
    const tooDeep = markdownTooDeep(doc.root);
    if (tooDeep) throw nestingError(path, text, tooDeep);
    this.markdowns.set(path, doc);
    return doc;
  }

  /**
   * What `kind` derives from the file's text: computed at most once per tree, and taken from the
   * fact cache when an earlier run derived it from the same content (hash of the text and the
   * file's extension) with the same code. Records a content read, as `text` does.
   */
  factsOf<T>(path: string, kind: FactKind<T>): Promise<T> {
    if (this.logs.size) this.note(path);
    let byKind = this.facts.get(path);
    const known = byKind?.get(kind.id);
    if (known) return known as Promise<T>;
    const pending = (async (): Promise<T> => {
      const cache = this.options.cache;
      const hash = cache && this.contentHash(path);
      const cached = cache?.get(kind, hash!, path);
      if (cached !== undefined) {
        this.stats.factsCached++;
        return cached;
      }
      const text = this.text(path);
      const value = await kind.derive({ path, text, markdown: async () => (await this.markdown(path)).root });
      this.stats.factsDerived++;
      cache?.set(kind, hash!, path, value);
      if (this.markdowns.has(path)) await this.alongside(path);
      return value;
    })();
    if (!byKind) this.facts.set(path, (byKind = new Map<string, Promise<unknown>>()));
    byKind.set(kind.id, pending);
    return pending;
  }

  /** Derives, from the document's syntax tree while it is held, each kind of the run that applies to it and is not known yet. */
  private async alongside(path: string): Promise<void> {
    for (const kind of this.options.kinds ?? []) {
      if (this.facts.get(path)?.has(kind.id) || !kind.applies?.(path, this.paths)) continue;
      // A failure is kept with the fact, for the gate that asks for it.
      await this.factsOf(path, kind).catch(() => undefined);
    }
  }

  /**
   * A value derived from the tree and cached with it (the declaration model, the classification):
   * computed once per tree, dropped by `invalidate`. A promise records what it reads until it settles.
   */
  derive<T>(key: string, compute: () => T): T {
    const hit = this.memo.get(key);
    if (hit) {
      // A cached value still depends on what computing it read.
      for (const log of this.logs) {
        for (const f of hit.log.files) log.files.add(f);
        for (const f of hit.log.stats) log.stats.add(f);
        for (const d of hit.log.dirs) log.dirs.add(d);
      }
      return hit.value as T;
    }
    const log = newAccessLog();
    this.logs.add(log);
    let value: T;
    try {
      value = compute();
    } catch (err) {
      this.logs.delete(log);
      throw err;
    }
    if (value instanceof Promise) {
      value.then(
        () => this.logs.delete(log),
        () => this.logs.delete(log),
      );
    } else this.logs.delete(log);
    this.memo.set(key, { value, log });
    return value;
  }

  /**
   * Runs `fn` and returns what it asked the tree about, so a watcher re-runs a gate only when one of
   * those paths changes. Logs nest; concurrent `record` calls would share paths, so run them in turn.
   */
  async record<T>(fn: () => Promise<T>): Promise<{ value: T; log: AccessLog }> {
    const log = newAccessLog();
    this.logs.add(log);
    try {
      return { value: await fn(), log };
    } finally {
      this.logs.delete(log);
    }
  }

  private note(path: string): void {
    for (const log of this.logs) log.files.add(path);
    // Read through a symlink, a file changes when its target does: the target is read too.
    let real: string | undefined;
    try {
      real = this.lookup(path).realPath;
    } catch {
      return; // the read that follows reports why the path cannot be looked at
    }
    if (real !== undefined && real !== path) for (const log of this.logs) log.files.add(real);
  }

  /** What the tree last learned about a path, without touching the disk (undefined if never asked). */
  cachedInfo(path: string): PathInfo | undefined {
    return this.infos.get(path);
  }

  /** Paths this tree has written, so a watcher can ignore its own writes. */
  readonly written = new Set<string>();

  /** Writes a repository file atomically and forgets what was cached about it. */
  write(path: string, content: string): WriteOutcome {
    const outcome = this.fs.write(path, content);
    if (outcome === 'written') {
      this.written.add(path);
      this.invalidate([path]);
    }
    return outcome;
  }

  /**
   * Forgets every parsed mdast, keeping texts, JSON and facts. What a gate reads of a document is
   * its facts; the syntax trees behind them are most of a cold run's memory, so the CLI drops them
   * after each gate. A later `markdown` call parses again. Returns how many it dropped.
   */
  dropSyntaxTrees(): number {
    const dropped = this.markdowns.size;
    this.markdowns.clear();
    return dropped;
  }

  /** Forgets cached files (all when `paths` is omitted) and every derived value. */
  invalidate(paths?: readonly string[]): void {
    if (!paths) {
      this.texts.clear();
      this.raw.clear();
      this.jsons.clear();
      this.markdowns.clear();
      this.facts.clear();
      this.hashes.clear();
      this.infos.clear();
    } else {
      for (const p of paths) {
        this.texts.delete(p);
        this.raw.delete(p);
        this.jsons.delete(p);
        this.markdowns.delete(p);
        this.facts.delete(p);
        this.hashes.delete(p);
      }
      // Directory listings and symlink targets may change with any file event.
      this.infos.clear();
    }
    this.memo.clear();
  }
}

const kindOf = (type: FileType): Pick<PathInfo, 'kind' | 'type'> =>
  type === 'file' || type === 'dir' ? { kind: type } : { kind: 'other', type };

function refusalError(path: string, text: string, problem: MarkdownRefusal): InputError {
  return new InputError(
    `${path}: ${problem.message}`,
    { file: path, start: new LineIndex(text).point(problem.offset) },
    problem.rule,
  );
}

const nestingError = (path: string, text: string, problem: MarkdownTooDeep): InputError =>
  refusalError(path, text, { ...problem, rule: 'input/nesting-depth' });
