import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  statSync,
} from 'node:fs';
import type { BigIntStats, Dirent } from 'node:fs';
import { InputError } from '@openwop-spec/diagnostics';
import { unnameable } from './repo-path.js';

/** What a path is. */
export type FileType = 'file' | 'dir' | 'symlink' | 'fifo' | 'socket' | 'character device' | 'block device';

/** A folder's entry: its name and what it is (symlinks not followed), from the listing itself. */
export interface DirentType {
  name: string;
  type: FileType;
}

export interface FileStat {
  type: FileType;
  size: number;
}

// Stats are always taken as bigint: Node keeps the last plain stat in a buffer that its module
// loader's realpath cache also reads, and a FIFO or socket left there makes later `require`s stop
// resolving symlinks (nodejs/node#51142): pnpm's layout then fails with "Cannot find module".
const STAT = { bigint: true, throwIfNoEntry: false } as const;

function typeOf(s: BigIntStats | Dirent): FileType {
  if (s.isFile()) return 'file';
  if (s.isDirectory()) return 'dir';
  if (s.isSymbolicLink()) return 'symlink';
  if (s.isFIFO()) return 'fifo';
  if (s.isSocket()) return 'socket';
  return s.isCharacterDevice() ? 'character device' : 'block device';
}

/** Errors that mean "nothing is there" rather than "cannot look". */
const ABSENT = new Set(['ENOENT', 'ENOTDIR']);

/**
 * What `abs` is (`follow`: through symlinks), or undefined when nothing is there, as for a name no
 * file can have (a NUL byte, a segment over 255 bytes). Any other failure (permission denied on a
 * folder of the path, a symlink loop, an I/O error) is an input error naming `path`: a path the
 * tool cannot look at is never reported as missing.
 */
export function statPath(abs: string, path: string, follow: boolean): FileStat | undefined {
  if (unnameable(abs)) return undefined;
  let s: BigIntStats | undefined;
  try {
    s = follow ? statSync(abs, STAT) : lstatSync(abs, STAT);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    if (ABSENT.has(code)) return undefined;
    throw ioError('cannot look up', path, err);
  }
  return s ? { type: typeOf(s), size: Number(s.size) } : undefined;
}

/** "a FIFO", "a socket", "a folder": what a path that should be a regular file is instead. */
export function describeType(type: FileType): string {
  return type === 'fifo' ? 'a FIFO' : type === 'dir' ? 'a folder' : type === 'file' ? 'a regular file' : `a ${type}`;
}

/**
 * The entries of a folder with their types, as the listing gives them (no stat per entry; where the
 * file system does not report types, Node looks each one up). Symlinks are not followed.
 */
export function listFolder(abs: string): DirentType[] {
  return readdirSync(abs, { withFileTypes: true }).map((e) => ({ name: e.name, type: typeOf(e) }));
}

/**
 * Reads a regular file. It is opened without blocking and checked through its descriptor, so a
 * FIFO, socket or device put in a file's place (even between a check and the read) is an input
 * error naming it, never a hang. A file over `limit` bytes is refused without being read.
 * `inspect` sees the descriptor's stat first (who owns the file that was opened, and its mode);
 * `follow: false` refuses a symlink in the file's place instead of opening what it points to.
 */
export function readRegularFile(
  abs: string,
  path: string,
  limit = Infinity,
  { follow = true, inspect }: { follow?: boolean; inspect?: (stat: BigIntStats) => void } = {},
): Buffer {
  let fd: number;
  try {
    const flags = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;
    fd = openSync(abs, follow ? flags : flags | constants.O_NOFOLLOW);
  } catch (err) {
    throw ioError('cannot read', path, err);
  }
  try {
    const stat = fstatSync(fd, { bigint: true });
    const type = typeOf(stat);
    if (type !== 'file')
      throw new InputError(`${path} is ${describeType(type)}, not a regular file`, { file: path }, 'input/not-a-file');
    if (stat.size > limit) throw tooLarge(path, stat.size, limit);
    inspect?.(stat);
    return readKnownSize(fd, Number(stat.size));
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw ioError('cannot read', path, err);
  } finally {
    closeSync(fd);
  }
}

/**
 * The bytes of the regular file open at `fd` whose size the caller has just taken, read as
 * `readFileSync(fd)` reads one (up to that size) without stating it again.
 */
function readKnownSize(fd: number, size: number): Buffer {
  // A size of 0 may be a file whose size the system does not know: read it to its end.
  if (size === 0) return readFileSync(fd);
  const bytes = Buffer.allocUnsafe(size);
  let done = 0;
  while (done < size) {
    const n = readSync(fd, bytes, done, size - done, null);
    if (n === 0) break;
    done += n;
  }
  return done === size ? bytes : bytes.subarray(0, done);
}

/** The input error for a file over the size limit of what the tool reads. */
export function tooLarge(path: string, size: number | bigint, limit: number): InputError {
  return new InputError(
    `${path} is ${size} bytes, over the ${limit}-byte limit for a corpus file`,
    { file: path },
    'input/too-large',
  );
}

/** What a failed system call means, in words (permission problems, a full disk…), else its code. */
export function errnoWords(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOENT':
      return 'it does not exist';
    case 'ELOOP':
      return 'a symbolic-link loop';
    case 'EISDIR':
      return 'it is a folder';
    case 'ENOSPC':
      return 'no space left on the device';
    case 'EROFS':
      return 'the file system is read-only';
    default:
      return code ?? (err instanceof Error ? err.message : String(err));
  }
}

/**
 * The input error for a failed file-system operation (`cannot read`, `cannot list`, `cannot
 * write`…) on `path`.
 */
export function ioError(operation: string, path: string, err: unknown): InputError {
  const code = (err as NodeJS.ErrnoException).code;
  return new InputError(
    `${operation} ${path}: ${errnoWords(err)}`,
    { file: path },
    code === 'ENOENT' ? 'input/missing' : 'input/io',
  );
}
