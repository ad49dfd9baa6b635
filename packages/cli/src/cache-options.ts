import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FactCache } from '@openwop-spec/spec-tree';
import type { CacheFolderOptions } from '@openwop-spec/spec-tree';
import type { OptionSpec, ParsedArgs } from './options.js';

/** The help lines of the two cache options, for every command that reads the tree's facts. */
export const CACHE_OPTIONS: readonly OptionSpec[] = [
  {
    name: '--cache-location',
    value: 'DIR',
    help: 'keep the caches in DIR (default: node_modules/.cache/openwop-spec under the root, when the root has a node_modules folder)',
  },
  { name: '--no-cache', help: 'neither read nor write the caches' },
];

/** The two cache options exclude each other. */
export const CACHE_EXCLUSIVE: readonly string[] = ['--no-cache', '--cache-location'];

/** Where the caches live, the folder they may not leave, and where their warnings go. */
export type CacheLocation = CacheFolderOptions & { dir: string };

/**
 * The cache folder (as ESLint's `--cache`): `--cache-location DIR` (created when missing), else
 * node_modules/.cache/openwop-spec under the root, only when the root has a node_modules folder, so
 * checking a tree that has none never creates a file in it; none with `--no-cache`. The default
 * may not leave the root (a symlinked node_modules that leads out is refused, with a warning), a
 * chosen folder may not leave itself; either is used only when it is ours (`CacheFolder`).
 */
export function cacheLocation(
  root: string,
  args: ParsedArgs,
  io: { cwd: string; stderr(line: string): void },
): CacheLocation | undefined {
  if (args.flags.has('--no-cache')) return undefined;
  const warn = (message: string): void => io.stderr(`openwop-spec: warning: ${message}`);
  const location = args.values.get('--cache-location');
  if (location !== undefined) {
    const dir = resolve(io.cwd, location);
    return { dir, within: dir, warn };
  }
  const modules = join(root, 'node_modules');
  return statSync(modules, { bigint: true, throwIfNoEntry: false })?.isDirectory()
    ? { dir: join(modules, '.cache', 'openwop-spec'), within: root, warn }
    : undefined;
}

/** The fact cache at the cache location, if there is one. */
export const factCache = (location: CacheLocation | undefined): FactCache | undefined =>
  location && new FactCache(location.dir, location);
