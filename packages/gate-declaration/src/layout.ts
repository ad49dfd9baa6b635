import type { SpecTree } from '@openwop-spec/spec-tree';

/** Every corpus path the gate reads or writes, built from the tree's configured paths (never hard-coded). */
export interface Layout {
  declaration: string;
  declarationSchema: string;
  recordBase: string;
  facetsDir: string;
  metadataDir: string;
  v1Schema: string;
  deprecations: string;
  output: string;
  capabilitiesMd: string;
  extDir: string;
  requirements: string;
  scenarioMajors: string;
  scenariosDir: string;
}

export function layoutOf(tree: Pick<SpecTree, 'paths'>): Layout {
  const { spec, schemas, conformance } = tree.paths;
  return {
    declaration: `${spec}/v2/declaration.json`,
    declarationSchema: `${spec}/v2/declaration.schema.json`,
    recordBase: `${spec}/v2/capability-record.base.json`,
    facetsDir: `${spec}/v2/facets`,
    metadataDir: `${spec}/v2/metadata`,
    v1Schema: `${schemas}/capabilities.schema.json`,
    deprecations: `${spec}/v2/capabilities.deprecations.json`,
    output: `${schemas}/v2/capabilities.schema.json`,
    capabilitiesMd: `${spec}/v2/core/capabilities.md`,
    extDir: `${spec}/v2/ext`,
    requirements: `${conformance}/requirements.json`,
    scenarioMajors: `${conformance}/scenario-majors.json`,
    scenariosDir: `${conformance}/src/scenarios`,
  };
}
