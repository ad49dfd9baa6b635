import { InputError } from '@openwop-spec/diagnostics';
import { CONFIG_FILE, DEFAULT_PATHS, SpecTree } from '@openwop-spec/spec-tree';
import type { CorpusPaths } from '@openwop-spec/spec-tree';
import { render } from './plan.js';
import type { PlannedFile } from './plan.js';

/** What a folder holds when it is that part of the corpus (any one suffices). */
const SIGNS: Readonly<Record<keyof CorpusPaths, readonly string[]>> = {
  spec: ['v2/declaration.json'],
  schemas: ['capabilities.schema.json'],
  docs: ['normative-home-baseline.json'],
  evidence: ['v1-end-of-support.json'],
  conformance: ['scenario-majors.json', 'src/scenarios'],
};
const KEYS = Object.keys(SIGNS) as (keyof CorpusPaths)[];

export interface Layout {
  paths: CorpusPaths;
  /** openwop-spec.config.json: kept, planned because a folder is elsewhere, or undefined when the default layout fits. */
  config?: PlannedFile;
}

/**
 * The corpus layout. With a config file, the one it gives (kept). Otherwise the default layout,
 * except for a part whose default folder lacks it while exactly one `<top>/<name>` folder (such as
 * `packages/conformance`) has it; then a config file recording that is planned.
 */
export function detectLayout(root: string): Layout {
  const probe = SpecTree.load(root, { paths: DEFAULT_PATHS });
  if (probe.info(CONFIG_FILE).kind !== 'missing')
    return { paths: SpecTree.load(root).paths, config: { path: CONFIG_FILE, action: 'keep', from: 'it exists' } };
  const has = (dir: string, key: keyof CorpusPaths): boolean =>
    SIGNS[key].some((sign) => probe.exists(`${dir}/${sign}`));
  const tops = probe.list('').filter((e) => e.kind === 'dir' && !e.name.startsWith('.') && e.name !== 'node_modules');
  const moved: Partial<CorpusPaths> = {};
  for (const key of KEYS) {
    const name = DEFAULT_PATHS[key];
    if (has(name, key)) continue;
    const found = tops.map((t) => `${t.name}/${name}`).filter((dir) => probe.info(dir).kind === 'dir' && has(dir, key));
    if (found.length > 1) {
      throw new InputError(
        `cannot tell which folder holds the ${key} part of the corpus (${found.join(', ')}); write ${CONFIG_FILE} with paths.${key}, then run init again`,
        { file: CONFIG_FILE },
      );
    }
    if (found.length === 1) moved[key] = found[0]!;
  }
  const paths = { ...DEFAULT_PATHS, ...moved };
  if (Object.keys(moved).length === 0) return { paths };
  const content = render({
    $comment: 'Where this repository keeps its corpus. Omitted paths default to the upstream layout.',
    paths: moved,
  });
  const where = Object.entries(moved).map(([k, v]) => `${k} in ${v}/`);
  return {
    paths,
    config: { path: CONFIG_FILE, action: 'create', content, from: `the corpus keeps ${where.join(', ')}` },
  };
}
