import type { SpecTree } from '@openwop-spec/spec-tree';

/** Where the gate's inputs and output live, all under the tree's configured conformance path. */
export interface MajorsLayout {
  /** The conformance package, e.g. `conformance` or `packages/conformance`. */
  dir: string;
  config: string;
  scenarios: string;
  manifest: string;
}

export function layoutOf(tree: SpecTree): MajorsLayout {
  const dir = tree.paths.conformance;
  return {
    dir,
    config: `${dir}/scenario-majors.config.json`,
    scenarios: `${dir}/src/scenarios`,
    manifest: `${dir}/scenario-majors.json`,
  };
}
