/** Why a path named by a corpus file is not a canonical repository-relative path. */
export type PathProblem = 'absolute path' | 'backslash' | "'..' segment" | "'.' segment" | 'empty segment';

/**
 * Canonical repository paths: relative, POSIX, no empty, `.` or `..` segment and no trailing slash.
 * Returns the problem, or undefined when `path` is canonical.
 */
export function pathProblem(path: string): PathProblem | undefined {
  if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) return 'absolute path';
  if (path.includes('\\')) return 'backslash';
  const segments = path.split('/');
  if (segments.includes('..')) return "'..' segment";
  if (segments.includes('.')) return "'.' segment";
  if (segments.includes('')) return 'empty segment';
  return undefined;
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
