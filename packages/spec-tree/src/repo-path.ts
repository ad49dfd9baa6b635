/** Why a path named by a corpus file is not a canonical repository-relative path. */
export type PathProblem =
  | 'absolute path'
  | 'backslash'
  | "'..' segment"
  | "'.' segment"
  | 'empty segment'
  | 'NUL byte'
  | `segment over ${typeof MAX_SEGMENT_BYTES} bytes`;

/** The longest file name (in UTF-8 bytes) the file systems a repository is checked out on accept. */
export const MAX_SEGMENT_BYTES = 255;

/**
 * Canonical repository paths: relative, POSIX, no empty, `.` or `..` segment, no trailing slash,
 * and a name a file can have (no NUL byte, no segment over 255 bytes).
 * Returns the problem, or undefined when `path` is canonical.
 */
export function pathProblem(path: string): PathProblem | undefined {
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'absolute path';
  if (path.includes('\\')) return 'backslash';
  if (path.includes('\0')) return 'NUL byte';
  const segments = path.split('/');
  if (segments.includes('..')) return "'..' segment";
  if (segments.includes('.')) return "'.' segment";
  if (segments.includes('')) return 'empty segment';
  if (segments.some(overlong)) return `segment over ${MAX_SEGMENT_BYTES} bytes`;
  return undefined;
}

/** A file name longer than any file system the repository lives on holds (a UTF-16 unit is at most 3 UTF-8 bytes). */
const overlong = (segment: string): boolean =>
  segment.length * 3 > MAX_SEGMENT_BYTES && Buffer.byteLength(segment) > MAX_SEGMENT_BYTES;

/**
 * A name no file can have: a NUL byte anywhere, or a segment over MAX_SEGMENT_BYTES. Looking one
 * up fails with an argument error or ENAMETOOLONG rather than "not found", though nothing is there.
 */
export function unnameable(path: string): boolean {
  return path.includes('\0') || path.split('/').some(overlong);
}

/**
 * Normalises a configured repository path (`a/./b/../c` → `a/c`). Returns undefined when the path
 * is absolute, uses backslashes or climbs out of the root with `..`.
 */
export function normaliseInside(path: string): string | undefined {
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path) || path.includes('\\')) return undefined;
  const out: string[] = [];
  for (const seg of path.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(seg);
  }
  return out.join('/');
}
