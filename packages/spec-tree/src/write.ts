import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { InputError } from '@openwop-spec/diagnostics';
import { describeType, ioError, readRegularFile, statPath } from './fs.js';

export type WriteOutcome = 'written' | 'unchanged';

/**
 * Writes `content` (text, as UTF-8, or bytes) to `file` atomically: a temporary file in the same folder, flushed to disk
 * (fsync) before it is renamed over the target, then the folder flushed where the platform allows,
 * so a crash or a kill at any moment leaves either the old file or the new one, never a mix.
 * Identical bytes are not rewritten. The target must be a regular file or absent. `path` names the
 * file in errors, which are input errors (exit 2) saying what could not be done. `durable: false`
 * skips both flushes, for a file whose loss or tearing in a crash costs nothing but time (a
 * checksummed cache): the rename still makes the write atomic for every other reader.
 */
export function writeAtomic(
  file: string,
  content: string | Buffer,
  path: string = file,
  { durable = true }: { durable?: boolean } = {},
): WriteOutcome {
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
  viaTemporary(file, bytes, path, (tmp) => renameSync(tmp, file), durable);
  return 'written';
}

/**
 * Creates `file` atomically, never replacing one that exists: the bytes go to a temporary file in
 * the same directory, which is then hard-linked to the target (a link fails if the target exists,
 * even when another process creates it meanwhile).
 */
export function createAtomic(file: string, content: string, path: string = file): 'written' | 'exists' {
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
function viaTemporary<T>(file: string, bytes: Buffer, path: string, commit: (tmp: string) => T, durable = true): T {
  const dir = dirname(file);
  const name = basename(file);
  const tmp = join(dir, `.${name}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let result: T;
  try {
    mkdirSync(dir, { recursive: true });
    removeStaleTemps(dir, name);
    const fd = openSync(tmp, 'wx');
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
