import { lstatSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import type { BigIntStats } from 'node:fs';
import { join } from 'node:path';
import { readRegularFile } from './fs.js';
import { isInside, realPathOf, writeAtomic } from './write.js';

/**
 * Why a cache folder or file is not to be trusted, or undefined when it is this user's alone: one
 * owned by another user, or writable by its group or by others, may hold what someone else put
 * there (as git refuses a repository another user owns, and ssh a key file others can write). A
 * file must also be private (no permission for group or others): the tool writes its cache files
 * 0600, and a checkout writes files 0644 under the usual umask, so a cache file committed to the
 * tree under review is not taken for one this user's runs wrote. Where the platform has no user
 * ids (Windows), nothing is looked at.
 */
export function distrust(
  stat: Pick<BigIntStats, 'uid' | 'mode'>,
  kind: 'folder' | 'file' = 'folder',
): string | undefined {
  const uid = process.getuid?.();
  if (uid === undefined) return undefined;
  if (Number(stat.uid) !== uid) return `it belongs to user ${stat.uid}, not to this user (${uid})`;
  const mode = Number(stat.mode) & 0o777;
  const shown = `mode ${mode.toString(8).padStart(4, '0')}`;
  if ((mode & 0o022) !== 0) return `it is writable by ${mode & 0o002 ? 'every user' : 'its group'} (${shown})`;
  if (kind === 'file' && (mode & 0o077) !== 0)
    return `others may read it (${shown}), so this user's runs did not write it (they write 0600)`;
  return undefined;
}

export interface CacheFolderOptions {
  /** The folder this one may not leave (the repository root for the default cache location). */
  within: string;
  /** Told once, in one line, why the folder or a file in it is not used. */
  warn?: (message: string) => void;
}

/**
 * A folder of cache files, trusted only when it is ours: it must be a real folder (not a
 * symlink) that resolves inside `within`, and it and each file must belong to this user and be
 * writable by no one else, and each file readable by no one else (`distrust`). A folder that fails is not used at all (no read, no write, no removal)
 * and a file that fails is a miss, each with one warning. Files are opened without following a
 * symlink and without blocking, and read only when regular (a FIFO is a miss, never a wait);
 * they are written atomically with mode 0600, in a folder created with mode 0700, and removed
 * without following a symlink.
 */
export class CacheFolder {
  private state: 'unknown' | 'usable' | 'refused' = 'unknown';
  private readonly warned = new Set<string>();

  constructor(
    readonly dir: string,
    private readonly options: CacheFolderOptions,
  ) {}

  /** Whether the folder may be used; one that does not exist yet may, where it would be created inside `within`. */
  usable(): boolean {
    if (this.state !== 'unknown') return this.state === 'usable';
    const problem = this.problem();
    if (problem === 'missing') return true; // decided once it exists
    this.state = problem === undefined ? 'usable' : 'refused';
    if (problem !== undefined) this.warn(`not using the cache folder ${this.dir}: ${problem}`);
    return this.state === 'usable';
  }

  private problem(): string | undefined {
    let stat;
    try {
      stat = lstatSync(this.dir, { bigint: true, throwIfNoEntry: false });
      const real = realPathOf(this.dir);
      const wall = realPathOf(this.options.within);
      if (!isInside(real, wall)) return `it resolves to ${real}, outside ${wall}`;
    } catch (err) {
      return `it cannot be looked at (${(err as NodeJS.ErrnoException).code ?? String(err)})`;
    }
    if (!stat) return 'missing';
    if (stat.isSymbolicLink()) return 'it is a symlink (a cache folder is never followed)';
    if (!stat.isDirectory()) return 'it is not a folder';
    // A folder a run refuses stays refused (files in it are replaced by the next write; it is not),
    // so the warning says how to get the cache back: one an older release made under umask 002 is
    // writable by its group.
    const problem = distrust(stat);
    return (
      problem && `${problem}; remove it (the next run creates it, mode 0700) or name a folder that is this user's alone`
    );
  }

  private warn(message: string): void {
    if (this.warned.has(message)) return;
    this.warned.add(message);
    this.options.warn?.(message);
  }

  /** The bytes of file `name`, or undefined when it is missing, not a regular file, or not ours. */
  read(name: string): Buffer | undefined {
    if (!this.usable()) return undefined;
    const file = join(this.dir, name);
    let problem: string | undefined;
    let bytes: Buffer;
    try {
      bytes = readRegularFile(file, file, Infinity, {
        follow: false,
        inspect: (stat) => (problem = distrust(stat, 'file')),
      });
    } catch {
      return undefined;
    }
    if (problem === undefined) return bytes;
    this.warn(`ignoring the cache file ${file}: ${problem}`);
    return undefined;
  }

  /** Which file is at `name` now (a write renames a new one into place), or undefined when none is. */
  version(name: string): string | undefined {
    try {
      const s = statSync(join(this.dir, name), { bigint: true, throwIfNoEntry: false });
      return s ? `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}` : undefined;
    } catch {
      return undefined;
    }
  }

  /** The names in the folder (none when it is missing or not used). */
  list(): string[] {
    if (!this.usable()) return [];
    try {
      return readdirSync(this.dir);
    } catch {
      return [];
    }
  }

  /** Writes file `name` (mode 0600), creating the folder (mode 0700) first; throws when it cannot. */
  write(name: string, bytes: string | Buffer): void {
    // A missing folder passed `usable()` only where it would be created inside `within`.
    if (this.usable() && this.state === 'unknown') {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      this.usable();
    }
    if (this.state !== 'usable') throw new Error(`the cache folder ${this.dir} is not used`);
    writeAtomic(join(this.dir, name), bytes, { within: this.dir, durable: false, mode: 0o600 });
  }

  /**
   * Removes entry `name` of the folder: a file or a symlink is unlinked (never followed), a folder
   * removed with everything in it (rmSync unlinks the symlinks inside, never follows them).
   */
  remove(name: string): void {
    if (!this.usable()) return;
    const entry = join(this.dir, name);
    const stat = lstatSync(entry, { bigint: true, throwIfNoEntry: false });
    if (stat) rmSync(entry, { recursive: stat.isDirectory(), force: true });
  }
}
