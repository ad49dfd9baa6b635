// The example repository: a small spec repository that passes every gate (its generated files are
// left to `gen`). Every rule's failing and passing examples are edits to it (rule-examples.test.ts),
// and the author's walkthrough starts from it (walkthrough.test.ts).
import {
  EXAMPLE_FILES,
  EXAMPLE_HEARTBEAT_ROW,
  EXAMPLE_V1_BANNER as V1_BANNER,
  HEARTBEAT_V2,
  exampleFamilyRow,
} from '@openwop-spec/diagnostics';
import {
  BASE,
  DECLARATION_SCHEMA,
  EXT_PATTERN,
  VERSION,
  WITNESS_CLASSES,
  json,
} from '../../gate-declaration/test/corpus.js';

// Where the rule examples expect things (@openwop-spec/diagnostics' EXAMPLE_FILES, EXAMPLE_ROWS):
// a file moved here must move there.
export const {
  declaration: DECL,
  capabilities: CAPS,
  generatedSchema: OUT,
  baseline: BASELINE,
  heartbeatV1: HEARTBEAT_V1,
} = EXAMPLE_FILES;
export const CONFIGURABLE = 'spec/v2/metadata/configurable.schema.json';
export const HEARTBEAT = HEARTBEAT_V2;
export const TIMERS = 'spec/v2/core/timers.md';
export const TIMERS_FACETS = 'spec/v2/facets/timers.schema.json';

export const SCHEMA = 'https://json-schema.org/draft/2020-12/schema';

const meta = (key: string) => ({ key, kind: 'metadata', schema: `metadata/${key}`, disposition: 'kept', note: null });

/** The example repository's files: toolCatalog homed in v2, heartbeat still in spec/v1/. */
export function exampleRepository(): Record<string, string> {
  return {
    [DECL]: json({
      $schema: 'https://openwop.dev/spec/v2/declaration.schema.json',
      version: '2.0',
      witnessClasses: WITNESS_CLASSES,
      extensionsKeyPattern: EXT_PATTERN,
      reservedOrgs: ['openwop'],
      extensions: {},
      metadata: [meta('protocolVersions'), meta('preferredVersion'), meta('configurable')],
      // In EXAMPLE_ROWS' order.
      families: [
        exampleFamilyRow('toolCatalog', { owningRfc: '0204', normativeText: [EXAMPLE_FILES.toolCatalog] }),
        EXAMPLE_HEARTBEAT_ROW,
      ],
      profiles: [],
    }),
    'spec/v2/declaration.schema.json': json(DECLARATION_SCHEMA),
    'spec/v2/capability-record.base.json': json(BASE),
    'spec/v2/metadata/protocolVersions.schema.json': json({
      $schema: SCHEMA,
      $id: 'https://openwop.dev/spec/v2/metadata-protocolVersions.schema.json',
      type: 'array',
      minItems: 1,
      items: { type: 'string', pattern: VERSION },
    }),
    'spec/v2/metadata/preferredVersion.schema.json': json({
      $schema: SCHEMA,
      $id: 'https://openwop.dev/spec/v2/metadata-preferredVersion.schema.json',
      type: 'string',
      pattern: VERSION,
    }),
    // Its $id sits beside the schema it references, so the reference resolves alike here and in the generated schema.
    [CONFIGURABLE]: json({
      $schema: SCHEMA,
      $id: 'https://openwop.dev/spec/v2/metadata-configurable.schema.json',
      $ref: 'configurable.schema.json',
    }),
    [EXAMPLE_FILES.configurable]: json({
      $schema: SCHEMA,
      $id: 'https://openwop.dev/spec/v2/configurable.schema.json',
      type: 'object',
      properties: { keys: { type: 'array', items: { type: 'string' } } },
    }),
    [EXAMPLE_FILES.v1Schema]: json({
      $schema: SCHEMA,
      $id: 'https://openwop.dev/spec/v1/capabilities.schema.json',
      type: 'object',
      properties: {
        protocolVersions: { type: 'array', items: { type: 'string' } },
        preferredVersion: { type: 'string' },
        configurable: { type: 'object' },
        toolCatalog: {
          type: 'object',
          required: ['supported'],
          properties: { supported: { type: 'boolean' } },
          additionalProperties: false,
        },
        heartbeat: {
          type: 'object',
          required: ['supported'],
          properties: {
            supported: { type: 'boolean' },
            minIntervalSec: { type: 'integer', minimum: 1 },
            maxRuntimeMs: { type: 'integer', minimum: 1 },
            deliveryChannel: { type: 'string' },
          },
          additionalProperties: false,
        },
      },
    }),
    [CAPS]: [
      '# Discovery and capabilities',
      '',
      '## Core families',
      '',
      '### § `toolCatalog`',
      '',
      'Witness `witnessable-gated`, experimental; RFC 0204; no facets. Home: `tool-catalog.md`.',
      '',
      '### § `heartbeat`',
      '',
      'Witness `witnessable-gated`, experimental; RFC 0060; facets `minIntervalSec`, `maxRuntimeMs`, `deliveryChannel`. Home: `spec/v1/heartbeat.md` (v1-dependent).',
      '',
      '## Extension families',
      '',
      'None yet.',
      '',
    ].join('\n'),
    [EXAMPLE_FILES.toolCatalog]: [
      '# Tool catalog',
      '',
      '> **Status: Draft · RFC 0204.**',
      '> **Normative home:** `toolCatalog`.',
      '',
      '## `toolCatalog`',
      '',
      'A host advertising `toolCatalog` MUST list every tool it can run.',
      '',
    ].join('\n'),
    [HEARTBEAT_V1]: [
      '# Heartbeat',
      '',
      V1_BANNER,
      '',
      '## `heartbeat`',
      '',
      'A host advertising `heartbeat` MUST run scheduled heartbeats no more often than `heartbeat.minIntervalSec`, MUST cancel a beat that runs longer than `heartbeat.maxRuntimeMs`, and delivers each per `heartbeat.deliveryChannel`.',
      '',
    ].join('\n'),
    [BASELINE]: json({
      v1Dependent: 1,
      undeclared: 0,
      facetsUncovered: 0,
      v1Banners: { [HEARTBEAT_V1]: V1_BANNER },
      v1Carried: ['heartbeat'],
    }),
    [EXAMPLE_FILES.rfc]: '# RFC 0204: the v2 host MCP client\n',
    // The generator the capabilities schema's $comment names (the references gate resolves it).
    'scripts/generate-from-declaration.mjs': '// generates schemas/v2/capabilities.schema.json\n',
    [EXAMPLE_FILES.v2Scenario]: "export const title = 'lists tools';\n",
    'conformance/src/scenarios/runs.test.ts': "export const title = 'runs';\n",
    [EXAMPLE_FILES.scenarioConfig]: json({ bothMajors: [] }),
    'conformance/requirements.json': json({ records: [] }),
  };
}
