import {
  closeSync,
  fsyncSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { InputError } from '@openwop-spec/diagnostics';
import { describeType, ioError, readRegularFile, statPath } from './fs.js';

export type WriteOutcome = 'written' | 'unchanged';

export interface WriteOptions {
  /**
   * The folder the write may not leave (the repository root, the cache folder, the output's
   * folder): a target whose folder resolves outside it through a symlink, or that is itself a
   * symlink resolving outside it, is refused before anything is written.
   */
  within: string;
  /** Names the file in errors (default: `file`). */
  path?: string;
  /** `false`: no fsync, for a file whose loss in a crash costs only time (a checksummed cache). */
  durable?: boolean;
  /** The new file's permission bits (default: 0o666 less the umask). */
  mode?: number;
}

/** Whether real path `real` is `wall` or lies below it. */
export function isInside(real: string, wall: string): boolean {
  const rel = relative(wall, real);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !rel.startsWith(sep));
}

/**
 * Where `abs` is on disk: the real path of its deepest existing folder (through every symlink),
 * joined with the names below it that do not exist yet, which creating them keeps there.
 */
export function realPathOf(abs: string): string {
  const below: string[] = [];
  for (let dir = resolve(abs); ; dir = dirname(dir)) {
    try {
      return join(realpathSync(dir), ...below);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || dirname(dir) === dir) throw err;
      below.unshift(basename(dir));
    }
  }
}

/**
 * Where `target` lands on disk if that is outside `wall` (both by `realPathOf`), else undefined.
 * With `link`, a symlink at the target itself is resolved too (a dangling one counts as outside).
 * `..` in `target` counts as written.
 */
export function landsOutside(target: string, wall: string, { link = true } = {}): string | undefined {
  const realWall = realPathOf(wall);
  const abs = resolve(target);
  const real = join(realPathOf(dirname(abs)), basename(abs));
  if (!isInside(dirname(real), realWall)) return real;
  if (!link || !lstatSync(abs, { bigint: true, throwIfNoEntry: false })?.isSymbolicLink()) return undefined;
  let through: string;
  try {
    through = realpathSync(abs);
  } catch {
    // A dangling link: a write would go where it points, which cannot be shown to stay inside.
    return abs;
  }
  return isInside(through, realWall) ? undefined : through;
}

/**
 * Refuses, as an input error naming it, a write of `file` that would land outside `within`: what
 * `writeAtomic` (`link: true`, the default) and `createAtomic` (`link: false`) check first. A caller
 * writing several files checks each this way before it writes any, so a refusal leaves none written.
 */
export function refuseOutside(file: string, within: string, path = file, link = true): void {
  let lands: string | undefined;
  try {
    lands = landsOutside(file, within, { link });
  } catch (err) {
    throw ioError('cannot write', path, err);
  }
  if (lands !== undefined)
    throw new InputError(
      `cannot write ${path}: it resolves to ${lands}, outside ${realPathOf(within)}; nothing was written`,
      { file: path },
      'input/outside-root',
    );
}

/**
 * Writes `content` (text, as UTF-8, or bytes) to `file` atomically: a temporary file in the same folder, flushed to disk
 * (fsync) before it is renamed over the target, then the folder flushed where the platform allows,
 * so a crash or a kill at any moment leaves either the old file or the new one, never a mix.
 * Identical bytes are not rewritten. The target must be a regular file or absent, and must land
 * inside `within`. Errors are input errors (exit 2) naming `path` and saying what could not be
 * done. `durable: false` skips both flushes, for a file whose loss or tearing in a crash costs
 * nothing but time (a checksummed cache): the rename still makes the write atomic for every other reader.
 */
export function writeAtomic(file: string, content: string | Buffer, options: WriteOptions): WriteOutcome {
  const { within, path = file, durable = true, mode } = options;
  // A symlink in the target's place would be replaced, not written through; it is refused when it
  // leads out, as reading it would be, rather than compared with and replaced.
  refuseOutside(file, within, path, true);
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const current = statPath(file, path, true);
  if (current && current.type !== 'file') {
    throw new InputError(
      `cannot write ${path}: it is ${describeType(current.type)}; the tool writes only regular files (remove it first)`,
      { file: path },
      'input/not-a-file',
    );
  }
  if (current && readRegularFile(file, path).equals(bytes)) return 'unchanged';
  viaTemporary(file, bytes, path, (tmp) => renameSync(tmp, file), durable, mode);
  return 'written';
}

/**
 * Creates `file` atomically, never replacing one that exists: the bytes go to a temporary file in
 * the same directory, which is then hard-linked to the target (a link fails if the target exists,
 * even when another process creates it meanwhile). The target must land inside `within`.
 */
export function createAtomic(
  file: string,
  content: string,
  { within, path = file }: Pick<WriteOptions, 'within' | 'path'>,
): 'written' | 'exists' {
  // Whatever is at the target (a symlink too) is kept: only its folder must stay inside.
  refuseOutside(file, within, path, false);
  return viaTemporary(file, Buffer.from(content, 'utf8'), path, (tmp) => {
    try {
      linkSync(tmp, file);
      return 'written';
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      return 'exists';
    }
  });
}

/**
 * Writes a flushed temporary file beside `file` (`.<name>.<pid>.<random>.tmp`), hands it to
 * `commit`, flushes the folder, and never leaves the temporary file behind. One left by a process
 * that no longer runs (killed mid-write) is removed here, by the next write of that file.
 */
function viaTemporary<T>(
  file: string,
  bytes: Buffer,
  path: string,
  commit: (tmp: string) => T,
  durable = true,
  mode?: number,
): T {
  const dir = dirname(file);
  const name = basename(file);
  const tmp = join(dir, `.${name}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let result: T;
  try {
    mkdirSync(dir, { recursive: true });
    removeStaleTemps(dir, name);
    const fd = openSync(tmp, 'wx', mode);
    try {
      for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done);
      if (durable) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    result = commit(tmp);
  } catch (err) {
    const e = ioError('cannot write', path, err);
    throw new InputError(`${e.message}; the file is unchanged`, e.location, e.rule);
  } finally {
    rmSync(tmp, { force: true });
  }
  if (durable) syncFolder(dir);
  return result;
}

/** Flushes a folder's entries (the rename) to disk; some platforms cannot open a folder for this. */
function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Not supported here (e.g. Windows, some network file systems): the rename itself is still atomic.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Temporary files of `name` whose writer process is gone: a kill between write and rename left them. */
function removeStaleTemps(dir: string, name: string): void {
  const prefix = `.${name}.`;
  for (const entry of readdirSync(dir)) {
    if (!entry.startsWith(prefix)) continue;
    const pid = /^(\d+)\.[0-9a-f]{12}\.tmp$/.exec(entry.slice(prefix.length))?.[1];
    if (pid !== undefined && !isRunning(Number(pid))) rmSync(join(dir, entry), { force: true });
  }
}

function isRunning(pid: number): boolean {
  // Writes are synchronous, so a temporary file under this process's own id is a dead namesake's.
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
