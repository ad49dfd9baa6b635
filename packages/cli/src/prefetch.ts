import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadDeclaration, pathProblem } from '@openwop-spec/spec-tree';
import type { SpecTree, TreeOptions } from '@openwop-spec/spec-tree';

/**
 * The parse cache lives in `node_modules/.cache/openwop-spec` (safe to delete), and only where the
 * root already has a `node_modules` (an installed checkout), so checking a bare tree never leaves
 * files behind. `OPENWOP_SPEC_CACHE=0` turns it off.
 */
export function treeOptions(root: string, env: Readonly<Record<string, string | undefined>>): TreeOptions {
  if (env['OPENWOP_SPEC_CACHE'] === '0' || !existsSync(join(root, 'node_modules'))) return {};
  return { cacheDir: join(root, 'node_modules', '.cache', 'openwop-spec') };
}

/**
 * The markdown documents the given gates will parse (GATES.md §1.1, §2.3, §4.8): every core
 * document (the budget's prose words), every declared home (the shared classification), the
 * declaration site and the ext READMEs (check-declaration). A list that misses or over-reaches only
 * changes speed: the gates still ask the tree for what they need.
 */
export function markdownWorkload(tree: SpecTree, gateIds: ReadonlySet<string>): string[] {
  const paths: string[] = [];
  const v2 = `${tree.paths.spec}/v2`;
  const budget = gateIds.has('core-budget');
  const homes = budget || gateIds.has('normative-home');
  const declaration = gateIds.has('declaration');
  if (budget) {
    const walk = (dir: string): void => {
      for (const e of tree.list(dir)) {
        if (e.kind === 'dir' && !e.symlink) walk(e.path);
        else if (e.kind === 'file' && e.name.endsWith('.md')) paths.push(e.path);
      }
    };
    walk(`${v2}/core`);
  }
  if (homes || declaration) {
    let model;
    try {
      model = loadDeclaration(tree);
    } catch {
      return paths; // the gates report a broken declaration themselves
    }
    if (homes) {
      for (const f of model.core) {
        const text = f.row['normativeText'];
        if (Array.isArray(text)) for (const h of text) if (typeof h === 'string' && h.endsWith('.md') && !pathProblem(h)) paths.push(h);
      }
    }
    if (declaration) {
      paths.push(`${v2}/core/capabilities.md`);
      for (const f of model.ext) paths.push(`${v2}/ext/${f.key}/README.md`);
    }
  }
  return paths;
}

/**
 * Parses the gates' markdown ahead, on every core (see SpecTree.prefetchMarkdown).
 * `OPENWOP_SPEC_WORKERS=N` sets the number of parse workers besides the main thread (0: none).
 */
export async function prefetchFor(tree: SpecTree, gateIds: ReadonlySet<string>, env: Readonly<Record<string, string | undefined>> = {}): Promise<void> {
  const paths = markdownWorkload(tree, gateIds);
  const workers = env['OPENWOP_SPEC_WORKERS'];
  if (paths.length > 0) await tree.prefetchMarkdown(paths, workers !== undefined && /^[0-9]$/.test(workers) ? { workers: Number(workers) } : {});
}
