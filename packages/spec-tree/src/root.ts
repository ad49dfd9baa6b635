import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { InputError } from '@openwop-spec/diagnostics';
import { statPath } from './fs.js';

const MARKERS = ['pnpm-workspace.yaml', join('spec', 'v2', 'declaration.json')];

/**
 * The repository root: `--root` when given (it must be a directory), else the first directory at or
 * above `cwd` holding pnpm-workspace.yaml or spec/v2/declaration.json.
 */
export function findRoot(cwd: string, explicit?: string): string {
  if (explicit !== undefined) {
    const dir = resolve(cwd, explicit);
    let stat;
    try {
      stat = statPath(dir, `--root ${explicit}`, true);
    } catch (err) {
      throw new InputError((err as Error).message);
    }
    if (!stat) throw new InputError(`--root ${explicit} does not exist`);
    if (stat.type !== 'dir') throw new InputError(`--root ${explicit} is not a directory`);
    return dir;
  }
  for (let dir = resolve(cwd); ; dir = dirname(dir)) {
    if (MARKERS.some((m) => existsSync(join(dir, m)))) return dir;
    if (dirname(dir) === dir) break;
  }
  throw new InputError(
    `no repository root found above ${cwd} (looked for pnpm-workspace.yaml or spec/v2/declaration.json); pass --root`,
  );
}
