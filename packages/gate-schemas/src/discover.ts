import { InputError } from '@openwop-spec/diagnostics';
import type { SpecTree } from '@openwop-spec/spec-tree';

/** The examples folder: `<schemas>/v2/examples`. */
export const examplesDir = (tree: SpecTree): string => `${tree.paths.schemas}/v2/examples`;

/** The schema file an example folder `<name>` is for: `<schemas>/v2/<name>.schema.json`. */
export const schemaFileFor = (tree: SpecTree, name: string): string => `${tree.paths.schemas}/v2/${name}.schema.json`;

/**
 * Every `*.schema.json` under the schemas and spec folders, recursively, in code-unit order.
 * The examples folder is left out: its files are instances, run by the example pass, which
 * accounts for every file in it. Directory symlinks inside the root are followed once (by real
 * path); one that leaves the root is an input error, never a silent skip.
 */
export function findSchemaFiles(tree: SpecTree): string[] {
  const found = new Set<string>();
  const seenDirs = new Set<string>();
  const skip = examplesDir(tree);
  const visit = (dir: string): void => {
    const info = tree.info(dir);
    if (info.kind !== 'dir' || dir === skip) return;
    if (info.escapes)
      throw new InputError(
        `${dir} is a symlink that resolves outside the repository`,
        { file: dir },
        'input/outside-root',
      );
    const real = info.realPath ?? dir;
    if (seenDirs.has(real)) return;
    seenDirs.add(real);
    for (const entry of tree.list(dir)) {
      if (entry.kind === 'dir') visit(entry.path);
      else if (entry.name.endsWith('.schema.json')) found.add(entry.path);
    }
  };
  for (const dir of [tree.paths.schemas, tree.paths.spec]) visit(dir);
  return [...found].sort();
}
