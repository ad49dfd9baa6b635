// A small corpus that passes every declaration rule, built inline so each test breaks exactly one
// thing. The record base, witness classes, mcp facet file and toolCatalog v1 node are the
// golden records' fixtures.
import { afterEach } from 'vitest';
import { LineIndex } from '@openwop-spec/spec-tree';
import { createFixture, memoryFixture } from '@openwop-spec/spec-tree/testing';
import type { SpecTree } from '@openwop-spec/spec-tree';
import type { GateOptions } from '@openwop-spec/gate-api';
import type { Fixture, FixtureEntry } from '@openwop-spec/spec-tree/testing';
import type { Diagnostic, GateResult } from '@openwop-spec/diagnostics';
import { gate, runCheckDeclaration, runGenerator } from '../src/index.js';

export const VERSION = '^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)$';
export const WITNESS_CLASSES = [
  'witnessable-unaided',
  'witnessable-gated',
  'seam-gated',
  'claims-check',
  'negative-existence',
];
export const EXT_PATTERN = '^[a-z][a-z0-9]*(-[a-z0-9]+)*\\.[a-z][A-Za-z0-9]*$';

export const BASE_RULE_1 = {
  if: { properties: { status: { const: 'stable' } } },
  then: { not: { required: ['until'] } },
};
export const BASE_RULE_2 = {
  if: { properties: { status: { enum: ['experimental', 'deprecated'] } } },
  then: { required: ['until'] },
};
export const BASE = {
  properties: {
    status: { enum: ['stable', 'experimental', 'deprecated'] },
    since: { type: 'string', pattern: VERSION, description: 'SINCE' },
    until: { type: 'string', pattern: '^((0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)|\\d{4}-\\d{2}-\\d{2})$' },
  },
  allOf: [BASE_RULE_1, BASE_RULE_2],
};

export const CLIENT = {
  const: true,
  description:
    'RFC 0204. Present ⇒ the host exposes ctx.mcp.callTool / listTools / readResource / serverHealth to pack code (host-services.md §mcp). Omit when not offered (RFC 0192).',
};

/** The nine pre-0204 mcp facets, in facet-file order. */
export const MCP_FACETS_0203: Record<string, unknown> = {
  revisions: { type: 'array', minItems: 1, items: { type: 'string', format: 'date' } },
  preferredVersion: { type: 'string', format: 'date' },
  minimumRevision: { type: 'string', format: 'date' },
  refreshedAt: { type: 'string', format: 'date' },
  profiles: { type: 'array', items: { type: 'string', pattern: '^mcp-[0-9]{4}-[0-9]{2}-[0-9]{2}$' } },
  features: { type: 'array', items: { type: 'string' } },
  serverUrls: { type: 'array', items: { type: 'string', format: 'uri' } },
  serverMount: {
    type: 'object',
    additionalProperties: false,
    properties: { transports: { type: 'array', items: { type: 'string', enum: ['stdio', 'streamable-http'] } } },
  },
  mrtr: {
    type: 'object',
    additionalProperties: false,
    required: ['maxRounds'],
    properties: { maxRounds: { type: 'integer', minimum: 1, maximum: 16 } },
  },
};
export const MCP_FACETS: Record<string, unknown> = { ...MCP_FACETS_0203, client: CLIENT };
export const MCP_REQUIRED = ['revisions', 'preferredVersion', 'minimumRevision', 'refreshedAt'];

export const mcpFacetFile = (
  properties: Record<string, unknown> = MCP_FACETS,
  extra: Record<string, unknown> = {},
) => ({
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $comment: 'mcp facets',
  type: 'object',
  properties,
  required: MCP_REQUIRED,
  ...extra,
});

export const S = {
  type: 'array',
  uniqueItems: true,
  items: { type: 'string', enum: ['node-pack', 'workflow', 'mcp', 'connector', 'host-extension'] },
  description: 'SOURCES',
};
export const L = { type: 'boolean', description: 'LIFECYCLE' };
export const C = { type: 'boolean', description: 'COMPACT' };
export const TOOL_CATALOG_V1 = {
  type: 'object',
  properties: { supported: { type: 'boolean' }, sources: S, sessionLifecycle: L, compactView: C },
  required: ['supported'],
};

export type Row = Record<string, unknown>;

export const mcpRow = (over: Row = {}): Row => ({
  key: 'mcp',
  kind: 'family',
  anchor: 'core',
  section: 'core/capabilities.md#mcp',
  peerDependencyId: 'mcp',
  witness: 'seam-gated',
  maturity: { technical: 'experimental', adoption: 'none' },
  facets: Object.keys(MCP_FACETS),
  floorScenarios: [],
  requirementIds: [],
  owningRfc: '0153',
  normativeText: ['spec/v2/core/interop.md', 'spec/v2/core/host-services.md'],
  facetsFrom: 'spec/v2/facets/mcp.schema.json',
  ...over,
});

export const toolCatalogRow = (over: Row = {}): Row => ({
  key: 'toolCatalog',
  kind: 'family',
  anchor: 'core',
  section: 'core/capabilities.md#toolCatalog',
  peerDependencyId: 'toolCatalog',
  witness: 'witnessable-gated',
  maturity: { technical: 'experimental', adoption: 'none' },
  facets: ['sources', 'sessionLifecycle', 'compactView'],
  floorScenarios: [],
  requirementIds: ['planned:tool-catalog'],
  owningRfc: '0078',
  normativeText: ['spec/v2/core/tool-catalog.md'],
  ...over,
});

export const canvasRow = (over: Row = {}): Row => ({
  key: 'canvas',
  kind: 'family',
  anchor: 'ext',
  section: 'ext/canvas/',
  peerDependencyId: 'canvas',
  witness: 'claims-check',
  maturity: { technical: 'experimental', adoption: 'none' },
  facets: [],
  floorScenarios: [],
  requirementIds: [],
  owningRfc: null,
  ...over,
});

export const DELETED_ROW = { key: 'oldThing', anchor: 'deleted', reason: 'RFC 0169: folded into runs' };

export const metaRow = (key: string, over: Row = {}): Row => ({
  key,
  kind: 'metadata',
  schema: `metadata/${key}`,
  disposition: 'kept',
  note: null,
  ...over,
});

export const PROFILE = {
  id: 'openwop-mcp-client-v2',
  summary: 'A host that runs MCP tools for packs.',
  predicate: { families: ['mcp'], metadata: ['protocolVersions'] },
  floorScenarios: ['planned:mcp-client-results'],
  requirementIds: ['REQ-MCP-1'],
};

export interface Decl {
  metadata: Row[];
  families: Row[];
  profiles: Row[];
  [k: string]: unknown;
}

export const declaration = (over: Partial<Decl> = {}): Decl => ({
  $schema: 'https://openwop.dev/spec/v2/declaration.schema.json',
  version: '2.0',
  updated: '2026-09-22',
  witnessClasses: WITNESS_CLASSES,
  extensionsKeyPattern: EXT_PATTERN,
  reservedOrgs: ['openwop'],
  extensions: {},
  metadata: [
    metaRow('protocolVersions'),
    metaRow('preferredVersion'),
    metaRow('extensions'),
    metaRow('legacyFlag', { disposition: 'deleted' }),
  ],
  families: [mcpRow(), toolCatalogRow(), canvasRow(), DELETED_ROW],
  profiles: [PROFILE],
  ...over,
});

const str = { type: 'string' };
const strings = { type: 'array', items: str };
export const DECLARATION_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  additionalProperties: false,
  required: ['version', 'witnessClasses', 'extensionsKeyPattern', 'metadata', 'families', 'profiles'],
  properties: {
    $schema: str,
    $comment: str,
    version: { type: 'string', pattern: '^2\\.[0-9]+$' },
    updated: { type: 'string', format: 'date' },
    witnessClasses: { type: 'array', items: { enum: WITNESS_CLASSES } },
    extensionsKeyPattern: str,
    reservedOrgs: strings,
    extensions: { type: 'object' },
    metadata: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'kind', 'schema', 'disposition'],
        properties: {
          key: str,
          kind: { const: 'metadata' },
          schema: str,
          disposition: { enum: ['kept', 'deleted'] },
          note: { type: ['string', 'null'] },
        },
      },
    },
    families: {
      type: 'array',
      items: {
        oneOf: [
          {
            type: 'object',
            additionalProperties: false,
            required: ['key', 'anchor', 'reason'],
            properties: { key: str, anchor: { const: 'deleted' }, reason: str },
          },
          {
            type: 'object',
            additionalProperties: false,
            required: [
              'key',
              'kind',
              'anchor',
              'section',
              'peerDependencyId',
              'witness',
              'maturity',
              'facets',
              'floorScenarios',
              'requirementIds',
            ],
            properties: {
              key: { type: 'string', pattern: '^[a-z][A-Za-z0-9]*$' },
              kind: { const: 'family' },
              anchor: { enum: ['core', 'ext'] },
              section: str,
              peerDependencyId: str,
              witness: { enum: [...WITNESS_CLASSES, 'unwitnessable'] },
              maturity: {
                type: 'object',
                additionalProperties: false,
                required: ['technical', 'adoption'],
                properties: {
                  technical: { enum: ['experimental', 'stable', 'deprecated'] },
                  adoption: { enum: ['none', 'single-witness', 'multi-witness', 'independent'] },
                },
              },
              facets: strings,
              floorScenarios: strings,
              requirementIds: strings,
              owningRfc: { type: ['string', 'null'] },
              normativeText: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', minLength: 1 } },
              facetsFrom: { type: 'string', pattern: '^spec/v2/facets/[a-z][A-Za-z0-9]*\\.schema\\.json$' },
              note: str,
              reason: str,
              disposition: { enum: ['externally-gated'] },
            },
          },
        ],
      },
    },
    profiles: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'predicate'],
        properties: {
          id: str,
          summary: str,
          predicate: {
            type: 'object',
            additionalProperties: false,
            properties: { families: strings, metadata: strings, facets: strings },
          },
          floorScenarios: strings,
          requirementIds: strings,
          note: str,
        },
      },
    },
  },
};

export const V1_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    protocolVersions: { type: 'array', items: { type: 'string' } },
    preferredVersion: { type: 'string' },
    extensions: { type: 'object' },
    legacyFlag: { type: 'boolean' },
    mcp: { type: 'object', properties: { supported: { type: 'boolean' }, revisions: { type: 'array' } } },
    toolCatalog: TOOL_CATALOG_V1,
    canvas: { type: 'object', properties: { supported: { type: 'boolean' } } },
    oldThing: { type: 'object' },
  },
};

export const METADATA: Record<string, unknown> = {
  'spec/v2/metadata/protocolVersions.schema.json': {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://openwop.dev/spec/v2/metadata/protocolVersions.schema.json',
    $comment: 'metadata shape',
    type: 'array',
    minItems: 1,
    uniqueItems: true,
    items: { type: 'string', pattern: VERSION },
    description: 'Every major.minor this host serves.',
  },
  'spec/v2/metadata/preferredVersion.schema.json': {
    type: 'string',
    pattern: VERSION,
    description: 'The header-less default.',
  },
  'spec/v2/metadata/extensions.schema.json': {
    $comment: 'metadata shape',
    type: 'object',
    additionalProperties: false,
    patternProperties: { [EXT_PATTERN]: { type: 'object' } },
    description: 'Host and vendor extensions, one record per <org>.<name> key.',
  },
};

export const json = (v: unknown): string => JSON.stringify(v, null, 2) + '\n';

export const CAPABILITIES_MD =
  '# Capabilities\n\nIntro.\n\n## § `mcp`\n\nStub.\n\n### § `toolCatalog`\n\nStub.\n\n## Extensions\n';
export const CANVAS_README =
  '# `canvas` extension\n\n> **Status: Draft.**\n\n| Field | Value |\n| --- | --- |\n| **witness:** | `claims-check` |\n| **technical:** | `experimental` |\n| **adoption:** | `none` |\n\n## Contract boundary\n\nText.\n';

export function corpusFiles(decl: Decl = declaration()): Record<string, FixtureEntry> {
  return {
    'openwop-spec.config.json': json({ paths: { conformance: 'packages/conformance' } }),
    'spec/v2/declaration.json': json(decl),
    'spec/v2/declaration.schema.json': json(DECLARATION_SCHEMA),
    'spec/v2/capability-record.base.json': json(BASE),
    'spec/v2/facets/mcp.schema.json': json(mcpFacetFile()),
    ...Object.fromEntries(Object.entries(METADATA).map(([k, v]) => [k, json(v)])),
    'schemas/capabilities.schema.json': json(V1_SCHEMA),
    'spec/v2/core/capabilities.md': CAPABILITIES_MD,
    'spec/v2/core/interop.md': '# Interop\n',
    'spec/v2/core/host-services.md': '# Host services\n',
    'spec/v2/core/tool-catalog.md': '# Tool catalog\n',
    'spec/v2/ext/canvas/README.md': CANVAS_README,
    'packages/conformance/src/scenarios/v2-mcp-client-results.test.ts': 'export {};\n',
    'packages/conformance/src/scenarios/tool-catalog-projection.test.ts': 'export {};\n',
    'packages/conformance/scenario-majors.json': json({
      $comment: 'manifest',
      counts: { files: 2, v1: 1, v2: 2 },
      majors: { 'tool-catalog-projection.test.ts': [1, 2], 'v2-mcp-client-results.test.ts': [2] },
    }),
    'packages/conformance/requirements.json': json({ records: [{ id: 'REQ-MCP-1' }] }),
  };
}

const fixtures: Fixture[] = [];
afterEach(() => {
  while (fixtures.length) fixtures.pop()!.remove();
});

let onDisk = false;

/** The fixtures of the calling test file are folders (it reads or writes them on disk), not trees in memory. */
export function fixturesOnDisk(): void {
  onDisk = true;
}

/** A tree in memory (a folder removed after the test, after `fixturesOnDisk`). */
export function fixture(files: Record<string, FixtureEntry>): Fixture {
  const f = onDisk ? createFixture(files) : memoryFixture(files);
  fixtures.push(f);
  return f;
}

export const CHECK: GateOptions = { today: '2026-09-22', flags: new Set() };
export const WRITE: GateOptions = { today: '2026-09-22', flags: new Set(['--write']) };

/** A corpus with its generated schema written, as a committed repository would be. */
export function generatedFixture(files: Record<string, FixtureEntry> = corpusFiles()): Fixture {
  const f = fixture(files);
  const r = runGenerator(f.tree(), WRITE);
  if (!r.ok)
    throw new Error(
      `fixture does not generate: ${r.summaryLine}\n${r.diagnostics.map((d) => `${d.ruleId} ${d.message}`).join('\n')}`,
    );
  return f;
}

export const generate = (tree: SpecTree): GateResult => runGenerator(tree, CHECK);
export const checkDecl = (tree: SpecTree): Promise<GateResult> => runCheckDeclaration(tree, 'on-failure');
export const gateCheck = (tree: SpecTree): Promise<GateResult> => gate.check(tree, CHECK);

/** The `{ruleId, file, start}` triples of a result's diagnostics (optionally of one rule). */
export function found(
  r: GateResult | Diagnostic[],
  ruleId?: string,
): Array<{ ruleId: string; file?: string; start?: { line: number; column: number } }> {
  const ds = Array.isArray(r) ? r : r.diagnostics;
  return ds
    .filter((d) => ruleId === undefined || d.ruleId === ruleId)
    .map((d) => ({ ruleId: d.ruleId, file: d.file, start: d.start && { line: d.start.line, column: d.start.column } }));
}

/**
 * The 1-based line and column of the first `needle` in `text` after each of `anchors` in turn (each
 * anchor is searched after the previous one).
 */
export function pos(text: string, needle: string, ...anchors: string[]): { line: number; column: number } {
  let from = 0;
  for (const a of anchors) {
    const at = text.indexOf(a, from);
    if (at < 0) throw new Error(`anchor not found: ${a}`);
    from = at + a.length;
  }
  const i = text.indexOf(needle, from);
  if (i < 0) throw new Error(`needle not found: ${needle}`);
  const { line, column } = new LineIndex(text).point(i);
  return { line, column };
}
