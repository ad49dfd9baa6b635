import { realpathSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { InputError } from '@openwop-spec/diagnostics';
import { ioError, listFolder, readRegularFile, statPath, tooLarge } from './fs.js';
import type { DirentType, FileStat } from './fs.js';
import { isInside, writeAtomic } from './write.js';
import type { WriteOutcome } from './write.js';

/**
 * What a SpecTree reads and writes through. Paths are repository-relative POSIX paths (`''` is the
 * root). A path that cannot be looked at, listed or read is an InputError naming it.
 */
export interface TreeFs {
  /** The folder the tree is (for a tree held in memory, a label). */
  readonly root: string;
  /** What `path` is (`follow`: through symlinks), or undefined when nothing is there. */
  stat(path: string, follow: boolean): FileStat | undefined;
  /** The real path of an existing `path` relative to the root (`''` for the root), or undefined when it lies outside. */
  realPath(path: string): string | undefined;
  /** The entries of a folder with what each is (symlinks not followed), in any order. */
  readdir(path: string): DirentType[];
  /** The bytes of a regular file; anything else in its place, or a file over `limit` bytes, is an InputError. */
  read(path: string, limit?: number): Uint8Array;
  /** Writes a file whole (identical bytes are not rewritten). */
  write(path: string, content: string): WriteOutcome;
}

/** The file-system path of repository path `path` in the folder `root`. */
export function absolute(root: string, path: string): string {
  return path === '' ? root : join(root, path);
}

/**
 * The tree on disk at `root`. Reads take only regular files, checked through the open descriptor
 * (a FIFO or device put in a file's place is an error, never a hang); writes are atomic; permission
 * problems and symlink loops are input errors, never "missing".
 */
export class DiskFs implements TreeFs {
  private readonly realRoot: string;

  constructor(readonly root: string) {
    this.realRoot = realpathSync(root);
  }

  private abs(path: string): string {
    return absolute(this.root, path);
  }

  stat(path: string, follow: boolean): FileStat | undefined {
    return statPath(this.abs(path), path || '.', follow);
  }

  realPath(path: string): string | undefined {
    let real: string;
    try {
      real = realpathSync(this.abs(path));
    } catch (err) {
      throw ioError('cannot resolve', path || '.', err);
    }
    return isInside(real, this.realRoot) ? relative(this.realRoot, real).split(sep).join('/') : undefined;
  }

  readdir(path: string): DirentType[] {
    try {
      return listFolder(this.abs(path));
    } catch (err) {
      throw ioError('cannot list', path || '.', err);
    }
  }

  read(path: string, limit?: number): Uint8Array {
    return readRegularFile(this.abs(path), path, limit);
  }

  /** Writes only inside the root: a folder on the way, or the file itself, that is a symlink leading out is refused. */
  write(path: string, content: string): WriteOutcome {
    return writeAtomic(this.abs(path), content, { within: this.root, path });
  }
}

/**
 * A tree held in memory: regular files by repository path, folders implied by the files in them.
 * Nothing is a symlink, so nothing escapes the root. For tests of everything but the disk, and for
 * planning a tree before it is written.
 */
export class MemoryFs implements TreeFs {
  private readonly files = new Map<string, Uint8Array>();

  constructor(
    files: Readonly<Record<string, string | Uint8Array>> = {},
    readonly root = '(memory)',
  ) {
    this.set(files);
  }

  /** Adds or replaces files; `null` deletes a file, or a folder with everything in it. */
  set(files: Readonly<Record<string, string | Uint8Array | null>>): void {
    for (const [path, content] of Object.entries(files)) {
      for (const known of [...this.files.keys()])
        if (known === path || known.startsWith(`${path}/`)) this.files.delete(known);
      if (content === null) continue;
      const file = this.fileOnTheWay(path);
      if (file !== undefined)
        throw new InputError(`cannot write ${path}: ${file} is a file, not a folder`, { file: path }, 'input/io');
      this.files.set(path, typeof content === 'string' ? Buffer.from(content, 'utf8') : content);
    }
  }

  /** A file where `path` needs a folder. */
  private fileOnTheWay(path: string): string | undefined {
    for (let slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1))
      if (this.files.has(path.slice(0, slash))) return path.slice(0, slash);
    return undefined;
  }

  private isDir(path: string): boolean {
    if (path === '') return true;
    for (const known of this.files.keys()) if (known.startsWith(`${path}/`)) return true;
    return false;
  }

  stat(path: string): FileStat | undefined {
    const bytes = this.files.get(path);
    if (bytes) return { type: 'file', size: bytes.length };
    return this.isDir(path) ? { type: 'dir', size: 0 } : undefined;
  }

  realPath(path: string): string {
    return path;
  }

  readdir(path: string): DirentType[] {
    const prefix = path === '' ? '' : `${path}/`;
    const names = new Map<string, DirentType>();
    for (const known of this.files.keys()) {
      if (!known.startsWith(prefix)) continue;
      const name = known.slice(prefix.length).split('/', 1)[0]!;
      names.set(name, { name, type: known === prefix + name ? 'file' : 'dir' });
    }
    return [...names.values()];
  }

  read(path: string, limit = Infinity): Uint8Array {
    const bytes = this.files.get(path);
    if (bytes && bytes.length > limit) throw tooLarge(path, bytes.length, limit);
    if (bytes) return bytes;
    if (this.isDir(path))
      throw new InputError(`${path} is a folder, not a regular file`, { file: path }, 'input/not-a-file');
    throw new InputError(`cannot read ${path}: it does not exist`, { file: path }, 'input/missing');
  }

  write(path: string, content: string): WriteOutcome {
    const bytes = Buffer.from(content, 'utf8');
    const current = this.files.get(path);
    if (current && Buffer.from(current).equals(bytes)) return 'unchanged';
    if (!current && this.isDir(path))
      throw new InputError(
        `cannot write ${path}: it is a folder; the tool writes only regular files (remove it first)`,
        { file: path },
        'input/not-a-file',
      );
    this.set({ [path]: bytes });
    return 'written';
  }
}
