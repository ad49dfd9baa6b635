import { InputError } from '@openwop-spec/diagnostics';
import { MAX_FILE_BYTES, tooLarge } from '@openwop-spec/spec-tree';
import type { DirentType, FileStat, TreeFs, WriteOutcome } from '@openwop-spec/spec-tree';
import { gitBytes } from './git.js';
import type { GitEnv } from './git.js';

/** A file of a commit: its blob and size, as `git ls-tree -l` lists it. */
interface Blob {
  id: string;
  size: number;
}

/**
 * The contents of blobs read from git's object store, by blob id, shared by the trees of several
 * commits (consecutive commits share most of their files). Blobs are fetched in batches, one `git
 * cat-file --batch` for all a caller names, so a tree of a thousand files costs one process.
 */
export class BlobStore {
  private readonly held = new Map<string, Buffer>();

  constructor(
    private readonly top: string,
    private readonly env: GitEnv,
  ) {}

  /** Fetches every blob of `ids` not held yet. */
  fetch(ids: Iterable<string>): void {
    const wanted = [...new Set(ids)].filter((id) => !this.held.has(id));
    if (wanted.length === 0) return;
    const r = gitBytes(this.top, ['cat-file', '--batch'], this.env, wanted.join('\n') + '\n');
    if (!r.ok) throw new InputError(`cannot read git objects: ${r.stderr.split('\n')[0] ?? ''}`);
    // Each object: "<id> blob <size>\n", its bytes, "\n"; an id git does not have: "<id> missing\n".
    const out = r.stdout;
    let at = 0;
    while (at < out.length) {
      const nl = out.indexOf(0x0a, at);
      const [id = '', type, size] = out.toString('latin1', at, nl).split(' ');
      at = nl + 1;
      if (type !== 'blob' || size === undefined)
        throw new InputError(`cannot read git object ${id.slice(0, 12)}: it is ${type ?? 'missing'}`);
      const end = at + Number(size);
      this.held.set(id, out.subarray(at, end));
      at = end + 1;
    }
  }

  get(id: string): Buffer {
    if (!this.held.has(id)) this.fetch([id]);
    return this.held.get(id)!;
  }

  /** Forgets every blob but those of `ids` (the next commit's), so a long history holds one tree's worth. */
  keep(ids: ReadonlySet<string>): void {
    for (const id of this.held.keys()) if (!ids.has(id)) this.held.delete(id);
  }
}

/**
 * One commit's tree under the spec root, read from git's object store on demand: nothing is written
 * anywhere, and the work tree, the index and HEAD are never touched. Files read as committed (no
 * end-of-line or filter conversion); a submodule is an empty folder, as a checkout without it
 * leaves it. A tree with symlinks cannot be shown this way (`open` gives undefined): where a link
 * leads is the disk's question, so such a commit is written to a folder instead (`materialise`).
 */
export class CommitFs implements TreeFs {
  /** Files by repository path (relative to the spec root). */
  private readonly files = new Map<string, Blob>();
  /** Each folder's entries, by folder path. */
  private readonly dirs = new Map<string, Map<string, DirentType['type']>>([['', new Map()]]);

  private constructor(
    readonly root: string,
    private readonly blobs: BlobStore,
  ) {}

  /**
   * The tree of commit `sha` at the spec root `prefix` of the repository whose blobs `blobs` reads
   * (with `paths`, relative to the spec root: only those), or undefined when it holds a symlink.
   */
  static open(blobs: BlobStore, top: string, prefix: string, sha: string, env: GitEnv, paths?: readonly string[]) {
    const under = (p: string): string => (prefix ? `${prefix}/${p}` : p);
    const pathspecs = paths ? paths.map(under) : prefix ? [prefix] : [];
    if (paths && paths.length === 0) return new CommitFs(`${sha.slice(0, 12)}:`, blobs);
    const r = gitBytes(top, ['ls-tree', '-r', '-l', '-z', '--full-tree', sha, '--', ...pathspecs], env);
    if (!r.ok) throw new InputError(`cannot list the files of ${sha.slice(0, 12)}: ${r.stderr.split('\n')[0] ?? ''}`);
    const fs = new CommitFs(`${sha.slice(0, 12)}:${prefix}`, blobs);
    const cut = prefix ? prefix.length + 1 : 0;
    // Each entry: "<mode> <type> <id> <size>\t<path>\0".
    for (const record of r.stdout.toString('utf8').split('\0')) {
      if (record === '') continue;
      const tab = record.indexOf('\t');
      const [mode, type, id = '', size = ''] = record.slice(0, tab).split(/ +/);
      const path = record.slice(tab + 1).slice(cut);
      if (mode === '120000') return undefined;
      if (type === 'commit') fs.add(path, 'dir');
      else if (type === 'blob') {
        fs.add(path, 'file');
        fs.files.set(path, { id, size: Number(size) });
      }
    }
    return fs;
  }

  /** Records `path` as a `type` entry of its folder, and each folder on the way as one of its own. */
  private add(path: string, type: 'file' | 'dir'): void {
    const slash = path.lastIndexOf('/');
    const parent = slash < 0 ? '' : path.slice(0, slash);
    if (!this.dirs.has(parent)) this.add(parent, 'dir');
    this.dirs.get(parent)!.set(path.slice(slash + 1), type);
    if (type === 'dir' && !this.dirs.has(path)) this.dirs.set(path, new Map());
  }

  /** The blob ids of the files among `paths` (the ones a reader is about to read, fetched at once). */
  blobsOf(paths: Iterable<string>): string[] {
    const ids: string[] = [];
    for (const path of paths) {
      const blob = this.files.get(path);
      if (blob && blob.size <= MAX_FILE_BYTES) ids.push(blob.id);
    }
    return ids;
  }

  /** Every blob id of the tree. */
  allBlobs(): Set<string> {
    return new Set([...this.files.values()].map((b) => b.id));
  }

  stat(path: string): FileStat | undefined {
    const blob = this.files.get(path);
    if (blob) return { type: 'file', size: blob.size };
    return this.dirs.has(path) ? { type: 'dir', size: 0 } : undefined;
  }

  realPath(path: string): string {
    return path;
  }

  readdir(path: string): DirentType[] {
    return [...(this.dirs.get(path) ?? [])].map(([name, type]) => ({ name, type }));
  }

  read(path: string, limit = Infinity): Uint8Array {
    const blob = this.files.get(path);
    if (blob && blob.size > limit) throw tooLarge(path, blob.size, limit);
    if (blob) return this.blobs.get(blob.id);
    if (this.dirs.has(path))
      throw new InputError(`${path} is a folder, not a regular file`, { file: path }, 'input/not-a-file');
    throw new InputError(`cannot read ${path}: it does not exist`, { file: path }, 'input/missing');
  }

  write(path: string): WriteOutcome {
    throw new InputError(`cannot write ${path}: a commit's tree is read-only`, { file: path }, 'input/io');
  }
}
