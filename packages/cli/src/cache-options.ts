import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FactCache } from '@openwop-spec/spec-tree';
import type { OptionSpec, ParsedArgs } from './options.js';

/** The help lines of the two cache options, for every command that reads the tree's facts. */
export const CACHE_OPTIONS: readonly OptionSpec[] = [
  {
    name: '--cache-location',
    value: 'DIR',
    help: 'keep the fact cache in DIR (default: node_modules/.cache/openwop-spec under the root, when the root has a node_modules folder)',
  },
  { name: '--no-cache', help: 'neither read nor write the fact cache' },
];

/** The two cache options exclude each other. */
export const CACHE_EXCLUSIVE: readonly string[] = ['--no-cache', '--cache-location'];

/**
 * The fact cache (as ESLint's `--cache`): `--cache-location DIR` (created when missing), else
 * node_modules/.cache/openwop-spec under the root, only when the root has a node_modules folder, so
 * checking a tree that has none never creates a file in it; none with `--no-cache`.
 */
export function factCache(root: string, args: ParsedArgs, cwd: string): FactCache | undefined {
  if (args.flags.has('--no-cache')) return undefined;
  const location = args.values.get('--cache-location');
  if (location !== undefined) return new FactCache(resolve(cwd, location));
  const modules = join(root, 'node_modules');
  return statSync(modules, { bigint: true, throwIfNoEntry: false })?.isDirectory()
    ? new FactCache(join(modules, '.cache', 'openwop-spec'))
    : undefined;
}
