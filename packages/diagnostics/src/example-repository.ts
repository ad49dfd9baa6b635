// Landmarks of the example repository every rule example edits (packages/cli/test/example-repository.ts
// builds it from these): its files, its declaration rows, and heartbeat's home as a v2 document, so
// each catalogue names them the same way and the repository and its examples cannot drift apart.
import type { ExampleEdit } from './model.js';

/** Its files, by what they are. */
export const EXAMPLE_FILES = {
  declaration: 'spec/v2/declaration.json',
  capabilities: 'spec/v2/core/capabilities.md',
  generatedSchema: 'schemas/v2/capabilities.schema.json',
  v1Schema: 'schemas/capabilities.schema.json',
  configurable: 'schemas/v2/configurable.schema.json',
  baseline: 'docs/normative-home-baseline.json',
  toolCatalog: 'spec/v2/core/tool-catalog.md',
  heartbeatV1: 'spec/v1/heartbeat.md',
  rfc: 'RFCS/0204-v2-host-mcp-client.md',
  scenarioConfig: 'conformance/scenario-majors.config.json',
  scenarioManifest: 'conformance/scenario-majors.json',
  scenarios: 'conformance/src/scenarios',
  v2Scenario: 'conformance/src/scenarios/v2-tool-list.test.ts',
} as const;

/** Its declaration's family rows, as JSON pointers: toolCatalog (homed in v2), then heartbeat (carried in spec/v1/). */
export const EXAMPLE_ROWS = { toolCatalog: '/families/0', heartbeat: '/families/1' } as const;

/** A core family row as the example repository's declaration writes one, `over` added or replacing keys. */
export function exampleFamilyRow(key: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    key,
    kind: 'family',
    anchor: 'core',
    section: `core/capabilities.md#${key}`,
    peerDependencyId: key,
    witness: 'witnessable-gated',
    maturity: { technical: 'experimental', adoption: 'none' },
    facets: [],
    floorScenarios: [],
    requirementIds: [],
    ...over,
  };
}

/** Its heartbeat row: three facets seeded from its v1 node, its home in spec/v1/. */
export const EXAMPLE_HEARTBEAT_ROW = exampleFamilyRow('heartbeat', {
  facets: ['minIntervalSec', 'maxRuntimeMs', 'deliveryChannel'],
  owningRfc: '0060',
  normativeText: [EXAMPLE_FILES.heartbeatV1],
});

/** spec/v1/heartbeat.md's Status banner. */
export const EXAMPLE_V1_BANNER = '> **Status: Stable · v1.0.** Normative for v1 hosts.';

/** heartbeat's home moved out of spec/v1/: the v2 core document, the row naming it, and both. */
export const HEARTBEAT_V2 = 'spec/v2/core/heartbeat.md';
export const HEARTBEAT_V2_TEXT = [
  '# Heartbeat',
  '',
  '> **Status: Draft · RFC 0060.**',
  '> **Normative home:** `heartbeat`.',
  '',
  '## `heartbeat`',
  '',
  'A host advertising `heartbeat` MUST run scheduled heartbeats no more often than',
  '`heartbeat.minIntervalSec`, MUST cancel a beat that runs longer than `heartbeat.maxRuntimeMs`,',
  'and delivers each per `heartbeat.deliveryChannel`.',
  '',
].join('\n');
export const HEARTBEAT_V2_DOCUMENT: ExampleEdit = { file: HEARTBEAT_V2, write: HEARTBEAT_V2_TEXT };
export const HEARTBEAT_V2_ROW: ExampleEdit = {
  file: EXAMPLE_FILES.declaration,
  set: `${EXAMPLE_ROWS.heartbeat}/normativeText`,
  to: [HEARTBEAT_V2],
};
export const HEARTBEAT_MOVES: readonly ExampleEdit[] = [HEARTBEAT_V2_DOCUMENT, HEARTBEAT_V2_ROW];
