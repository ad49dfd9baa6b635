import {
  EXAMPLE_FILES,
  EXAMPLE_HEARTBEAT_ROW,
  EXAMPLE_ROWS,
  HEARTBEAT_MOVES,
  HEARTBEAT_V2_ROW,
  exampleFamilyRow,
} from '@openwop-spec/diagnostics';
import type { ExampleEdit } from '@openwop-spec/diagnostics';
import { command } from '@openwop-spec/spec-tree';
import { ruleCatalog } from '@openwop-spec/gate-api';

export const GATE_ID = 'declaration';

/** The facet source of a family with neither a facet file nor a v1 node. */
export const NO_SOURCE = 'the record (no facet file, no v1 node)';

/** What declaration/facets-mismatch says and advises. */
interface FacetsMismatch {
  key: string;
  source: string;
  onlyFacets: string[];
  onlySource: string[];
  facetFile: string;
  hasFile: boolean;
}

// The examples change the example repository (packages/cli/test/example-repository.ts): its core
// families are toolCatalog (no facets) and heartbeat (its three facets seeded from its v1 node); its
// kept metadata keys are protocolVersions, preferredVersion and configurable.
const { declaration: DECL, capabilities: CAPS, generatedSchema: OUT, v1Schema: V1 } = EXAMPLE_FILES;
const { toolCatalog: TOOL_CATALOG, heartbeat: HEARTBEAT } = EXAMPLE_ROWS;
const FACET_FILE = 'spec/v2/facets/heartbeat.schema.json';
const SCHEMA = 'https://json-schema.org/draft/2020-12/schema';
const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** heartbeat's facets, as its v1 node declares them. */
const HEARTBEAT_FACETS = {
  minIntervalSec: { type: 'integer', minimum: 1 },
  maxRuntimeMs: { type: 'integer', minimum: 1 },
  deliveryChannel: { type: 'string' },
};
/** heartbeat's facet file: its v1 facets, with `over` added or replacing keys. */
const heartbeatFacetFile = (over: Record<string, unknown> = {}): string =>
  json({ $schema: SCHEMA, type: 'object', properties: HEARTBEAT_FACETS, ...over });
/** The summary line under heartbeat's § heading says its facets come from a facet file. */
const SAYS_FACET_FILE: ExampleEdit = {
  file: CAPS,
  replace: '`deliveryChannel`. Home',
  with: '`deliveryChannel` (facet file). Home',
};
/** heartbeat's row cites its facet file, and its summary line says so. */
const CITE_FACET_FILE: readonly ExampleEdit[] = [
  { file: DECL, set: `${HEARTBEAT}/facetsFrom`, to: FACET_FILE },
  SAYS_FACET_FILE,
];
/** heartbeat's facets moved from its v1 node into a facet file (`content`), cited by the row. */
const moveFacets = (content = heartbeatFacetFile()): ExampleEdit[] => [
  { file: FACET_FILE, write: content },
  ...CITE_FACET_FILE,
];
/** The generated schema once regenerated after that move: heartbeat's record names its facet file. */
const REGENERATED: readonly ExampleEdit[] = [
  { file: OUT, unset: '/properties/heartbeat/x-openwop-seeded-from' },
  { file: OUT, set: '/properties/heartbeat/x-openwop-facets-from', to: FACET_FILE },
];
/**
 * heartbeat's facets moved into its facet file with a new facet `name`, which the row's facets[] and
 * the summary line list too unless `listed` is false; `regenerated` adds the generated schema's change.
 */
const addFacet = (
  name: string,
  schema: unknown,
  { listed = true, regenerated = false }: { listed?: boolean; regenerated?: boolean } = {},
): ExampleEdit[] => [
  { file: FACET_FILE, write: heartbeatFacetFile({ properties: { ...HEARTBEAT_FACETS, [name]: schema } }) },
  { file: DECL, set: `${HEARTBEAT}/facetsFrom`, to: FACET_FILE },
  ...(listed
    ? [
        { file: DECL, set: `${HEARTBEAT}/facets/-`, to: name },
        { ...SAYS_FACET_FILE, with: `\`deliveryChannel\`, \`${name}\` (facet file). Home` },
      ]
    : [SAYS_FACET_FILE]),
  ...(regenerated ? [...REGENERATED, { file: OUT, set: `/properties/heartbeat/properties/${name}`, to: schema }] : []),
];

/** A new kept metadata key, engineVersion: its row, and its shape in spec/v2/metadata/. */
const ENGINE_ROW = {
  key: 'engineVersion',
  kind: 'metadata',
  schema: 'metadata/engineVersion',
  disposition: 'kept',
  note: null,
};
const ENGINE_SHAPE: ExampleEdit = {
  file: 'spec/v2/metadata/engineVersion.schema.json',
  write: json({
    $schema: SCHEMA,
    $id: 'https://openwop.dev/spec/v2/metadata-engineVersion.schema.json',
    type: 'string',
  }),
};
/** The generated schema with a kept metadata key's shape in place: after the other keys, before the families. */
const emitMetadata = (key: string, shape: unknown): ExampleEdit => ({
  file: OUT,
  replace: '    "toolCatalog": {',
  with: `${JSON.stringify({ [key]: shape }, null, 2)
    .split('\n')
    .slice(1, -1)
    .map((line) => `  ${line}`)
    .join('\n')},\n    "toolCatalog": {`,
});
/** The example repository's extensionsKeyPattern. */
const EXT_PATTERN = '^[a-z][a-z0-9]*(-[a-z0-9]+)*\\.[a-z][A-Za-z0-9]*$';
/** An extensions shape: a closed object whose one patternProperties key is `pattern`. */
const extensionsShape = (pattern: string) => ({
  type: 'object',
  additionalProperties: false,
  patternProperties: { [pattern]: { type: 'object' } },
});
/** A kept metadata key extensions: its row, and its shape keyed by `pattern`. */
const extensionsKey = (pattern: string): ExampleEdit[] => [
  { file: DECL, set: '/metadata/-', to: { ...ENGINE_ROW, key: 'extensions', schema: 'metadata/extensions' } },
  {
    file: 'spec/v2/metadata/extensions.schema.json',
    write: json({
      $schema: SCHEMA,
      $id: 'https://openwop.dev/spec/v2/metadata-extensions.schema.json',
      ...extensionsShape(pattern),
    }),
  },
];

/** heartbeat's summary line, saying its witness class and maturity (and disposition). */
const heartbeatSummary = (witness: string, maturity: string, disposition?: string): ExampleEdit => ({
  file: CAPS,
  replace: 'Witness `witnessable-gated`, experimental; RFC 0060',
  with: `Witness \`${witness}\`, ${maturity}${disposition ? `, ${disposition}` : ''}; RFC 0060`,
});
/** heartbeat's generated record's description, saying its section, witness class and maturity. */
const heartbeatDescription = ({
  section = 'core/capabilities.md#heartbeat',
  witness = 'witnessable-gated',
  maturity = 'experimental',
} = {}): ExampleEdit => ({
  file: OUT,
  set: '/properties/heartbeat/description',
  to: `${section} — witness: ${witness}; maturity ${maturity}/none; RFC 0060`,
});

/** heartbeat's summary line, once its home moved to spec/v2/core/heartbeat.md. */
const V2_HOME_SUMMARY: ExampleEdit = {
  file: CAPS,
  replace: 'Home: `spec/v1/heartbeat.md` (v1-dependent).',
  with: 'Home: `heartbeat.md`.',
};

/** A v1 condition on supported: minIntervalSec is required when the family is supported. */
const SUPPORTED_THEN_INTERVAL = {
  if: { properties: { supported: { const: true } }, required: ['supported'] },
  then: { required: ['minIntervalSec'] },
};
/** deliveryChannel described as v1 prose describes it, and as a v2 record does. */
const GHOST_CHANNEL = { type: 'string', description: 'Where beats are delivered, when `supported` is true.' };
const CHANNEL = { type: 'string', description: 'Where beats are delivered.' };

/** The note field of the live family row in declaration.schema.json. */
const LIVE_ROW_NOTE = '/properties/families/items/oneOf/1/properties/note';
/** A v1 root key that no row of the example repository names. */
const WEBHOOKS_V1 = { type: 'object', properties: { supported: { type: 'boolean' } } };
/** toolCatalog's owningRfc changed to 0250, in its row, its summary line and its generated description. */
const TOOL_CATALOG_RFC_0250: readonly ExampleEdit[] = [
  { file: DECL, set: `${TOOL_CATALOG}/owningRfc`, to: '0250' },
  { file: CAPS, replace: 'RFC 0204', with: 'RFC 0250' },
  {
    file: OUT,
    set: '/properties/toolCatalog/description',
    to: 'core/capabilities.md#toolCatalog — witness: witnessable-gated; maturity experimental/none; RFC 0250',
  },
];
/** An ext family canvas, and its README with or without the technical: line in its header. */
const CANVAS_ROW: ExampleEdit = {
  file: DECL,
  set: '/families/-',
  to: exampleFamilyRow('canvas', { anchor: 'ext', section: 'ext/canvas/', witness: 'claims-check', owningRfc: null }),
};
const canvasReadme = (technical: boolean): string =>
  [
    '# Canvas',
    '',
    '- **witness:** claims-check',
    ...(technical ? ['- **technical:** experimental'] : []),
    '- **adoption:** none',
    '',
    '## What it adds',
    '',
    'A host advertising `canvas` renders canvases.',
    '',
  ].join('\n');

/** A profile of hosts that list their tools, certified by the scenario v2-tool-list.test.ts. */
const profile = (over: Record<string, unknown> = {}): ExampleEdit => ({
  file: DECL,
  set: '/profiles/-',
  to: {
    id: 'tool-host',
    summary: 'Hosts that list the tools they can run.',
    predicate: { families: ['toolCatalog'] },
    floorScenarios: ['v2-tool-list.test.ts'],
    ...over,
  },
});

/**
 * Every rule the gate can emit, with its documentation and message. The
 * generator's rules come first, then check-declaration's.
 */
export const rules = ruleCatalog(GATE_ID, {
  'declaration/facets-from-path': {
    severity: 'error',
    summary: "A core family's facetsFrom must name its own facet file, spec/v2/facets/<key>.schema.json.",
    fail: {
      says: "heartbeat's facets move into a facet file named spec/v2/facets/heartbeats.schema.json, which its row cites.",
      edits: [
        { file: 'spec/v2/facets/heartbeats.schema.json', write: heartbeatFacetFile() },
        { file: DECL, set: `${HEARTBEAT}/facetsFrom`, to: 'spec/v2/facets/heartbeats.schema.json' },
        SAYS_FACET_FILE,
      ],
    },
    pass: {
      says: 'The facet file is named after the key, spec/v2/facets/heartbeat.schema.json; regenerated, the record names it.',
      edits: [...moveFacets(), ...REGENERATED],
    },
    fix: 'Point facetsFrom at spec/v2/facets/<key>.schema.json (rename the file if needed).',
    message: (d: { key: string; value: string; expected: string }) => `${d.key}: facetsFrom ${d.value} ≠ ${d.expected}`,
    hint: (d: { key: string; value: string; expected: string }) =>
      `point facetsFrom at ${d.expected} (rename the file if needed)`,
  },
  'declaration/facets-from-missing': {
    severity: 'error',
    summary: 'The facet file a family names in facetsFrom must exist.',
    fail: {
      says: "heartbeat's row cites spec/v2/facets/heartbeat.schema.json, which is not committed.",
      edits: [...CITE_FACET_FILE],
    },
    pass: {
      says: 'The facet file committed with its facets; regenerated, the record names it.',
      edits: [...moveFacets(), ...REGENERATED],
    },
    fix: 'Create the facet file, or drop facetsFrom so the family is seeded from v1.',
    message: (d: { key: string; value: string }) => `${d.key}: facetsFrom names ${d.value}, which does not exist`,
  },
  'declaration/facets-from-absent': {
    severity: 'error',
    summary: 'A core family that has a facet file must say so with facetsFrom; the file is never used silently.',
    fail: {
      says: "heartbeat's facets are written to spec/v2/facets/heartbeat.schema.json, and its row does not cite the file.",
      edits: [{ file: FACET_FILE, write: heartbeatFacetFile() }],
    },
    pass: {
      says: 'The row cites it with facetsFrom, the summary line says "(facet file)", and the record is regenerated.',
      edits: [...moveFacets(), ...REGENERATED],
    },
    fix: 'Add facetsFrom to the family row (openwop-spec check --fix does), or delete the facet file.',
    message: (d: { key: string; file: string }) =>
      `${d.key}: ${d.file} exists but the family does not declare facetsFrom`,
    hint: (d: { key: string; file: string }) =>
      `delete the file if the family has none of its facets; else add "facetsFrom": "${d.file}" to the row`,
  },
  'declaration/orphan-facet-file': {
    severity: 'error',
    summary: "Every file in spec/v2/facets/ is cited by some core family's facetsFrom.",
    fail: {
      says: "heartbeat's facets are written to spec/v2/facets/heart-beat.schema.json, which no core family cites.",
      edits: [{ file: 'spec/v2/facets/heart-beat.schema.json', write: heartbeatFacetFile() }],
    },
    pass: {
      says: 'The file is named after its family, spec/v2/facets/heartbeat.schema.json, and heartbeat cites it; the record is regenerated.',
      edits: [...moveFacets(), ...REGENERATED],
    },
    fix: 'Cite the file from its family, or delete it.',
    message: (d: { file: string }) => `${d.file} is not cited by any core family's facetsFrom`,
  },
  'declaration/facet-file-keyword': {
    severity: 'error',
    summary:
      'A facet file holds only keys the generator folds into the record (properties, required, allOf) or tolerates ($schema, $id, $comment, title, description, type "object", additionalProperties false); anything else would be dropped silently.',
    fail: {
      says: "heartbeat's facet file states a constraint with a top-level dependentRequired, which the record would not carry.",
      edits: moveFacets(heartbeatFacetFile({ dependentRequired: { maxRuntimeMs: ['minIntervalSec'] } })),
    },
    pass: {
      says: 'The same constraint under allOf, which the regenerated record carries.',
      edits: [
        ...moveFacets(heartbeatFacetFile({ allOf: [{ dependentRequired: { maxRuntimeMs: ['minIntervalSec'] } }] })),
        ...REGENERATED,
        {
          file: OUT,
          set: '/properties/heartbeat/allOf/-',
          to: { dependentRequired: { maxRuntimeMs: ['minIntervalSec'] } },
        },
      ],
    },
    fix: 'Move the constraint under allOf, or remove it.',
    message: (d: { file: string; keyword: string }) => `${d.file}: ${d.keyword} is not carried into the record`,
  },
  'declaration/facet-required-unknown': {
    severity: 'error',
    summary: "A facet file's required names only its own properties: a required name must be a property name.",
    fail: {
      says: "heartbeat's facet file requires minIntervalSecs, a misspelling of its facet minIntervalSec.",
      edits: moveFacets(heartbeatFacetFile({ required: ['minIntervalSecs'] })),
    },
    pass: {
      says: 'It requires minIntervalSec, which the regenerated record requires too.',
      edits: [
        ...moveFacets(heartbeatFacetFile({ required: ['minIntervalSec'] })),
        ...REGENERATED,
        { file: OUT, set: '/properties/heartbeat/required/-', to: 'minIntervalSec' },
      ],
    },
    fix: 'Declare the property, or remove the name from required.',
    message: (d: { file: string; name: string }) =>
      `${d.file}: required names ${d.name}, which is not a facet property`,
  },
  'declaration/reserved-facet-name': {
    severity: 'error',
    summary:
      'No facet is named like a record field (status, since, until, witness) or a v1-only field (supported, tier, experimentalUntil).',
    fail: {
      says: 'heartbeat gains a facet named status, the name of a record field, in its facet file, facets[] and summary line.',
      edits: addFacet('status', { enum: ['running', 'paused'] }),
    },
    pass: {
      says: 'The facet is named state; the record is regenerated with it.',
      edits: addFacet('state', { enum: ['running', 'paused'] }, { regenerated: true }),
    },
    fix: 'Rename the facet.',
    message: (d: { file: string; name: string }) => `${d.file}: facet ${d.name} collides with a record field`,
  },
  'declaration/facets-mismatch': {
    severity: 'error',
    summary:
      "A family's facets[] is exactly the set of facet keys the record emits (from its facet file, its seeded v1 node, or none).",
    fail: {
      says: "heartbeat's facet file adds a facet maxMissed that the row's facets[] does not list.",
      edits: addFacet('maxMissed', { type: 'integer', minimum: 1 }, { listed: false }),
    },
    pass: {
      says: 'facets[] (and the summary line) list maxMissed too; the record is regenerated with it.',
      edits: addFacet('maxMissed', { type: 'integer', minimum: 1 }, { regenerated: true }),
    },
    fix: 'Make facets[] and the facet source agree: add or remove the facet where the message says; a family with neither a facet file nor a v1 node needs spec/v2/facets/<key>.schema.json, cited with facetsFrom.',
    message: (d: FacetsMismatch) =>
      `${d.key}: facets[] and ${d.source} disagree — ${[
        ...(d.onlyFacets.length ? [`only in facets[]: ${d.onlyFacets.join(', ')}`] : []),
        ...(d.onlySource.length ? [`only in ${d.source}: ${d.onlySource.join(', ')}`] : []),
      ].join('; ')}`,
    hint: (d: FacetsMismatch) =>
      d.source === NO_SOURCE && d.onlyFacets.length > 0
        ? `${d.hasFile ? '' : `create ${d.facetFile} declaring ${d.onlyFacets.join(', ')} under "properties", and `}set "facetsFrom": "${d.facetFile}" on the row`
        : `add or remove the facet in facets[] or in ${d.source}, so both name the same facets`,
  },
  'declaration/facets-order': {
    severity: 'warning',
    summary: "facets[] lists the same facets as the family's facet source, in a different order.",
    fail: {
      says: "heartbeat's facets[] (and the summary line that lists them) are sorted by name, unlike its v1 node's properties.",
      edits: [
        { file: DECL, set: `${HEARTBEAT}/facets`, to: ['deliveryChannel', 'maxRuntimeMs', 'minIntervalSec'] },
        {
          file: CAPS,
          replace: 'facets `minIntervalSec`, `maxRuntimeMs`, `deliveryChannel`',
          with: 'facets `deliveryChannel`, `maxRuntimeMs`, `minIntervalSec`',
        },
      ],
    },
    pass: {
      says: "facets[] in the order of the v1 node's properties, as the summary line lists them.",
      edits: [{ file: DECL, set: `${HEARTBEAT}/facets`, to: ['minIntervalSec', 'maxRuntimeMs', 'deliveryChannel'] }],
    },
    fix: 'Reorder facets[] to match the facet source.',
    message: (d: { key: string; source: string }) => `${d.key}: facets[] order differs from ${d.source}`,
  },
  'declaration/seed-dropped': {
    severity: 'warning',
    summary:
      'v1 seeding dropped a constraint: a combinator that references a removed v1-only field, or a node-level keyword the record cannot carry.',
    fail: {
      says: "heartbeat's v1 node requires minIntervalSec only when supported is true; seeding drops the condition, as v2 records have no supported field.",
      edits: [{ file: V1, set: '/properties/heartbeat/allOf', to: [SUPPORTED_THEN_INTERVAL] }],
    },
    pass: {
      says: 'A facet file states the v2 constraint (a record is present only when supported, so minIntervalSec is simply required), and heartbeat cites it; the record is regenerated.',
      edits: [
        { file: V1, set: '/properties/heartbeat/allOf', to: [SUPPORTED_THEN_INTERVAL] },
        ...moveFacets(heartbeatFacetFile({ required: ['minIntervalSec'] })),
        ...REGENERATED,
        { file: OUT, set: '/properties/heartbeat/required/-', to: 'minIntervalSec' },
      ],
    },
    fix: 'Write a facet file (spec/v2/facets/<key>.schema.json) that states the v2 constraint, and cite it with facetsFrom.',
    message: (d: { key: string; pointer: string; why: string }) =>
      `seeding ${d.key} from v1 drops ${d.pointer}: ${d.why}`,
  },
  'declaration/metadata-schema-ref': {
    severity: 'error',
    summary: 'A kept metadata row names its shape as metadata/<key>.',
    fail: {
      says: "configurable's row names its shape by its file name, metadata/configurable.schema.json.",
      edits: [{ file: DECL, set: '/metadata/2/schema', to: 'metadata/configurable.schema.json' }],
    },
    pass: {
      says: 'It names it metadata/configurable.',
      edits: [{ file: DECL, set: '/metadata/2/schema', to: 'metadata/configurable' }],
    },
    fix: 'Set schema to metadata/<key>.',
    message: (d: { key: string; value: string }) => `${d.key}: schema ${d.value} ≠ metadata/${d.key}`,
  },
  'declaration/unseeded-metadata': {
    severity: 'error',
    summary: 'A kept metadata key needs a shape: spec/v2/metadata/<key>.schema.json or a v1 property to seed from.',
    fail: {
      says: 'A kept metadata key engineVersion is added, with no spec/v2/metadata/engineVersion.schema.json and no v1 property.',
      edits: [{ file: DECL, set: '/metadata/-', to: ENGINE_ROW }],
    },
    pass: {
      says: 'Its shape is committed too, and the generated schema regenerated with it.',
      edits: [
        { file: DECL, set: '/metadata/-', to: ENGINE_ROW },
        ENGINE_SHAPE,
        emitMetadata('engineVersion', { type: 'string' }),
      ],
    },
    fix: 'Write spec/v2/metadata/<key>.schema.json.',
    message: (d: { key: string; file: string }) =>
      `metadata key ${d.key} has neither ${d.file} nor a v1 property to seed from`,
  },
  'declaration/orphan-metadata-file': {
    severity: 'error',
    summary: 'Every file in spec/v2/metadata/ is the shape of a kept metadata row.',
    fail: {
      says: 'spec/v2/metadata/engineVersion.schema.json is committed, with no engineVersion row in the declaration.',
      edits: [ENGINE_SHAPE],
    },
    pass: {
      says: 'A kept metadata row engineVersion is added too, and the generated schema regenerated with its shape.',
      edits: [
        ENGINE_SHAPE,
        { file: DECL, set: '/metadata/-', to: ENGINE_ROW },
        emitMetadata('engineVersion', { type: 'string' }),
      ],
    },
    fix: 'Add the kept row, or delete the file.',
    message: (d: { file: string }) => `${d.file} is not the shape of any kept metadata row`,
  },
  'declaration/extensions-pattern': {
    severity: 'error',
    summary:
      'The extensions metadata shape is a closed object with exactly one patternProperties key, equal to declaration.extensionsKeyPattern, whose value is an open object.',
    fail: {
      says: 'A kept extensions key whose shape keys its patternProperties by a simpler pattern than extensionsKeyPattern.',
      edits: extensionsKey('^[a-z]+\\.[a-z]+$'),
    },
    pass: {
      says: 'The patternProperties key is extensionsKeyPattern itself; the generated schema is regenerated with the shape.',
      edits: [...extensionsKey(EXT_PATTERN), emitMetadata('extensions', extensionsShape(EXT_PATTERN))],
    },
    fix: 'Copy extensionsKeyPattern into spec/v2/metadata/extensions.schema.json.',
    message: (d: { problem: string }) => `extensions: ${d.problem}`,
  },
  'declaration/unresolved-ref': {
    severity: 'error',
    summary:
      "A `$ref` in an input the generator copies into the capabilities schema (a metadata shape, a facet file, a seeded v1 node) would not resolve there: resolved against the generated schema's `$id`, it names no corpus schema, or no location in one. Nothing is generated while it stands, so the broken reference never reaches the generated file.",
    fail: {
      says: "configurable's shape references configurabel.schema.json, a misspelling of the corpus schema beside it.",
      edits: [{ file: 'spec/v2/metadata/configurable.schema.json', set: '/$ref', to: 'configurabel.schema.json' }],
    },
    pass: {
      says: "It references configurable.schema.json, which resolves against the generated schema's $id to schemas/v2/configurable.schema.json.",
      edits: [{ file: 'spec/v2/metadata/configurable.schema.json', set: '/$ref', to: 'configurable.schema.json' }],
    },
    fix: "Correct the reference in the input the finding names. It resolves against the generated schema's $id (https://openwop.dev/spec/v2/capabilities.schema.json), so name a corpus schema's $id relative to it, at a location that exists; then regenerate.",
    message: (d: { ref: string; why: string; output: string; meant?: string }) =>
      `$ref "${d.ref}" would not resolve in ${d.output}: ${d.why}${d.meant ? ` — did you mean "${d.meant}"?` : ''}`,
    hint: (d: { ref: string; why: string; output: string; meant?: string }) =>
      `correct it here${d.meant ? ` ("${d.meant}" if that is the schema meant)` : ''}; it resolves against the $id of ${d.output}, which is regenerated only once every reference resolves`,
  },
  'declaration/deprecation-target-missing': {
    severity: 'error',
    summary: 'Every pointer in spec/v2/capabilities.deprecations.json names an object in the generated schema.',
    fail: {
      says: 'A deprecation names heartbeat.maxRuntimeSec, a facet the record does not have (it is maxRuntimeMs).',
      edits: [
        {
          file: 'spec/v2/capabilities.deprecations.json',
          write: json({ '/properties/heartbeat/properties/maxRuntimeSec': '2.3' }),
        },
      ],
    },
    pass: {
      says: 'It names /properties/heartbeat/properties/maxRuntimeMs, which the regenerated schema marks deprecated.',
      edits: [
        {
          file: 'spec/v2/capabilities.deprecations.json',
          write: json({ '/properties/heartbeat/properties/maxRuntimeMs': '2.3' }),
        },
        { file: OUT, set: '/properties/heartbeat/properties/maxRuntimeMs/deprecated', to: true },
        { file: OUT, set: '/properties/heartbeat/properties/maxRuntimeMs/x-openwop-remove-in', to: '2.3' },
      ],
    },
    fix: 'Correct the pointer, or remove the entry once the field is gone.',
    message: (d: { pointer: string; output: string }) =>
      `deprecation pointer ${d.pointer} names no object in ${d.output}`,
  },
  'declaration/supported-ghost': {
    severity: 'error',
    summary:
      'No emitted description (apart from the root one) still conditions on a supported field, which v2 records do not have.',
    fail: {
      says: "heartbeat's facets move into a facet file whose deliveryChannel description, copied from v1 prose, holds only when supported is true.",
      edits: moveFacets(heartbeatFacetFile({ properties: { ...HEARTBEAT_FACETS, deliveryChannel: GHOST_CHANNEL } })),
    },
    pass: {
      says: 'The description says what the facet is; the record is regenerated with it.',
      edits: [
        ...moveFacets(heartbeatFacetFile({ properties: { ...HEARTBEAT_FACETS, deliveryChannel: CHANNEL } })),
        ...REGENERATED,
        { file: OUT, set: '/properties/heartbeat/properties/deliveryChannel', to: CHANNEL },
      ],
    },
    fix: 'Reword the description in the input file the message names.',
    message: (d: { pointer: string; file: string; text: string }) =>
      `${d.pointer}: description conditions on a supported field (from ${d.file}): ${d.text}`,
  },
  'declaration/stale': {
    severity: 'error',
    summary:
      'The committed capabilities schema differs from what the declaration generates: an input changed and the file was not regenerated, or the file was edited by hand. Each difference names the input its value is generated from.',
    fail: {
      says: "heartbeat's facets move into its facet file, and the generated schema is not regenerated.",
      edits: moveFacets(),
    },
    pass: {
      says: "The generated schema regenerated (openwop-spec gen): heartbeat's record names its facet file.",
      edits: [...moveFacets(), ...REGENERATED],
    },
    fix: `Make a change in the input the finding names (the facet file, the metadata shape or the declaration row), never in the generated file; then regenerate it: openwop-spec check --fix or openwop-spec gen (or ${command('declaration --write')}), and commit the result.`,
    message: (d: { what: string; source?: string }) => d.what,
    hint: (d: { what: string; source?: string }) =>
      `${d.source ? `the value is generated from ${d.source}: make a change there, not here (a hand edit is lost when the file is regenerated); then ` : ''}regenerate it: openwop-spec gen (or ${command('declaration --write')}), and commit the result`,
  },
  'declaration/schema': {
    severity: 'error',
    summary: 'The declaration validates against spec/v2/declaration.schema.json.',
    fail: {
      says: "The declaration's updated date is written 2026-9-22, not as a full date.",
      edits: [{ file: DECL, set: '/updated', to: '2026-9-22' }],
    },
    pass: {
      says: 'It is written 2026-09-22.',
      edits: [{ file: DECL, set: '/updated', to: '2026-09-22' }],
    },
    fix: 'Fix the value at the pointer the message names.',
    message: (d: { message: string }) => d.message,
  },
  'declaration/schema-field-undeclared': {
    severity: 'error',
    summary: 'declaration.schema.json declares every field the gates read: the live family row and the profile row.',
    fail: {
      says: "declaration.schema.json's live family row drops note, which no row uses yet but the gates read.",
      edits: [{ file: 'spec/v2/declaration.schema.json', unset: LIVE_ROW_NOTE }],
    },
    pass: {
      says: 'The row declares note as a string.',
      edits: [{ file: 'spec/v2/declaration.schema.json', set: LIVE_ROW_NOTE, to: { type: 'string' } }],
    },
    fix: 'Declare the field in spec/v2/declaration.schema.json.',
    message: (d: { field: string; row: string }) =>
      `declaration.schema.json does not declare ${d.field} on the ${d.row} row, which the gates read`,
  },
  'declaration/v1-key-unanchored': {
    severity: 'error',
    summary: 'Every root property of the v1 capabilities schema has a metadata or family row (deleted rows count).',
    fail: {
      says: 'The v1 capabilities schema has a root key webhooks that no row of the declaration names.',
      edits: [{ file: V1, set: '/properties/webhooks', to: WEBHOOKS_V1 }],
    },
    pass: {
      says: 'A deleted row says what became of it.',
      edits: [
        { file: V1, set: '/properties/webhooks', to: WEBHOOKS_V1 },
        {
          file: DECL,
          set: '/families/-',
          to: { key: 'webhooks', anchor: 'deleted', reason: 'RFC 0169: folded into runs' },
        },
      ],
    },
    fix: 'Add a metadata, family or deleted row for the key.',
    message: (d: { key: string }) =>
      `v1 root key \`${d.key}\` has no row — a reserved-undefined slot is unrepresentable under a closed root (RFC 0169 §B.3)`,
  },
  'declaration/duplicate-key': {
    severity: 'error',
    summary: 'No key appears twice across metadata and families.',
    fail: {
      says: 'The heartbeat row is repeated at the end of families, as a merge that kept both sides leaves it.',
      edits: [{ file: DECL, set: '/families/-', to: EXAMPLE_HEARTBEAT_ROW }],
    },
    pass: {
      says: 'One row per key: the repeated row removed, as the example repository has it.',
      edits: [],
    },
    fix: 'Remove or rename the repeated row.',
    message: (d: { key: string; count: number }) => `key \`${d.key}\` appears ${d.count} times`,
  },
  'declaration/key-renamed': {
    severity: 'error',
    summary:
      "A family's key differs from the name its own peerDependencyId and section agree on: a misspelled key, or a rename done in one place only.",
    fail: {
      says: "heartbeat's key is misspelled heartbeet; its peerDependencyId and section still say heartbeat.",
      edits: [{ file: DECL, set: `${HEARTBEAT}/key`, to: 'heartbeet' }],
    },
    pass: {
      says: 'The key is heartbeat, as its peerDependencyId and section say.',
      edits: [{ file: DECL, set: `${HEARTBEAT}/key`, to: 'heartbeat' }],
    },
    fix: 'Correct the key; for a deliberate rename, also rename peerDependencyId, section, the § heading in core/capabilities.md, the facet file and every Normative home marker.',
    message: (d: { key: string; name: string }) =>
      `family key \`${d.key}\` is not the name its row gives elsewhere: peerDependencyId and section say \`${d.name}\` — did you mean \`${d.name}\`?`,
    hint: () =>
      'correct the key (for a deliberate rename, rename peerDependencyId, section, the § heading and every marker too)',
  },
  'declaration/owning-rfc': {
    severity: 'warning',
    summary:
      "A live family's owningRfc names no RFC filed under RFCS/ (as RFCS/<number>-<title>.md). RFCS/ holds the RFCs from the first one filed there on, so an older number is not looked for; without RFCS/ nothing is checked.",
    fail: {
      says: "toolCatalog's owningRfc becomes 0250, an RFC not filed under RFCS/ (which holds 0204 only); its summary line and generated description say 0250 too.",
      edits: TOOL_CATALOG_RFC_0250,
    },
    pass: {
      says: 'RFC 0250 is filed as RFCS/0250-tool-catalog.md.',
      edits: [...TOOL_CATALOG_RFC_0250, { file: 'RFCS/0250-tool-catalog.md', write: '# RFC 0250: the tool catalog\n' }],
    },
    fix: 'Correct the number, or file the RFC under RFCS/ as <number>-<title>.md.',
    message: (d: { key: string; rfc: string; dir: string; first: string; meant?: string; meantFile?: string }) =>
      `${d.key}: owningRfc ${d.rfc} names no RFC in ${d.dir}/ (no ${d.dir}/${d.rfc}-*.md; the folder holds the RFCs from ${d.first} on)${d.meant ? ` — did you mean ${d.meant} (${d.meantFile})?` : ''}`,
    hint: (d: { rfc: string; dir: string }) => `correct the number, or file the RFC as ${d.dir}/${d.rfc}-<title>.md`,
  },
  'declaration/peer-id': {
    severity: 'error',
    summary: 'A family row has peerDependencyId equal to its key.',
    fail: {
      says: "heartbeat's peerDependencyId is host.heartbeat, not its key.",
      edits: [{ file: DECL, set: `${HEARTBEAT}/peerDependencyId`, to: 'host.heartbeat' }],
    },
    pass: {
      says: 'Its peerDependencyId is heartbeat.',
      edits: [{ file: DECL, set: `${HEARTBEAT}/peerDependencyId`, to: 'heartbeat' }],
    },
    fix: 'Set peerDependencyId to the key.',
    message: (d: { key: string }) => `${d.key}: peerDependencyId must equal the key (RFC 0169 §B.1)`,
  },
  'declaration/witness-class': {
    severity: 'error',
    summary: "A family's witness is one of declaration.witnessClasses.",
    fail: {
      says: "heartbeat's witness becomes unwitnessable, which declaration.schema.json allows but witnessClasses does not list (its summary line and generated description say so too).",
      edits: [
        { file: DECL, set: `${HEARTBEAT}/witness`, to: 'unwitnessable' },
        heartbeatSummary('unwitnessable', 'experimental'),
        heartbeatDescription({ witness: 'unwitnessable' }),
      ],
    },
    pass: {
      says: 'Its witness becomes seam-gated, one of witnessClasses.',
      edits: [
        { file: DECL, set: `${HEARTBEAT}/witness`, to: 'seam-gated' },
        heartbeatSummary('seam-gated', 'experimental'),
        heartbeatDescription({ witness: 'seam-gated' }),
      ],
    },
    fix: 'Use one of the wire witness classes.',
    message: (d: { key: string; witness: string }) => `${d.key}: witness ${d.witness} is not a wire class`,
  },
  'declaration/externally-gated-stable': {
    severity: 'error',
    summary: 'An externally-gated family is never technically stable.',
    fail: {
      says: 'heartbeat becomes externally-gated and technically stable (its summary line and generated description say so too).',
      edits: [
        { file: DECL, set: `${HEARTBEAT}/disposition`, to: 'externally-gated' },
        { file: DECL, set: `${HEARTBEAT}/maturity/technical`, to: 'stable' },
        heartbeatSummary('witnessable-gated', 'stable', 'externally-gated'),
        heartbeatDescription({ maturity: 'stable' }),
      ],
    },
    pass: {
      says: 'It becomes externally-gated and stays experimental.',
      edits: [
        { file: DECL, set: `${HEARTBEAT}/disposition`, to: 'externally-gated' },
        { file: DECL, set: `${HEARTBEAT}/maturity/technical`, to: 'experimental' },
        heartbeatSummary('witnessable-gated', 'experimental', 'externally-gated'),
      ],
    },
    fix: 'Lower maturity.technical, or drop the disposition.',
    message: (d: { key: string }) => `${d.key}: externally-gated MUST NOT be stable (RFC 0169 §C.4)`,
  },
  'declaration/section': {
    severity: 'error',
    summary: "A family's section is core/capabilities.md#<key> (core) or ext/<key>/ (ext).",
    fail: {
      says: "heartbeat's section names its home document, core/heartbeat.md#heartbeat (its generated description says it too).",
      edits: [
        { file: DECL, set: `${HEARTBEAT}/section`, to: 'core/heartbeat.md#heartbeat' },
        heartbeatDescription({ section: 'core/heartbeat.md#heartbeat' }),
      ],
    },
    pass: {
      says: 'Its section is core/capabilities.md#heartbeat.',
      edits: [{ file: DECL, set: `${HEARTBEAT}/section`, to: 'core/capabilities.md#heartbeat' }],
    },
    fix: 'Set section to the expected value.',
    message: (d: { key: string; section: string; expected: string }) =>
      `${d.key}: section ${d.section} ≠ ${d.expected}`,
  },
  'declaration/capabilities-heading': {
    severity: 'error',
    summary: 'The § headings (depth 2–4) of spec/v2/core/capabilities.md match the core families one to one.',
    fail: {
      says: 'The heading of heartbeat in core/capabilities.md is misspelled heartbeet.',
      edits: [{ file: CAPS, replace: '### § `heartbeat`', with: '### § `heartbeet`' }],
    },
    pass: {
      says: 'The heading spelled heartbeat, as the example repository has it: one § heading per core family.',
      edits: [],
    },
    fix: 'Add the "### § `key`" stub with its summary line (openwop-spec check --fix does), correct a misspelled heading, or remove the heading of a family that is not core.',
    hint: (d: { key: string; problem: 'missing' | 'extra' | 'repeated'; meant?: string }) =>
      d.problem === 'missing'
        ? `add the "### § \`${d.key}\`" stub with its summary line`
        : d.problem === 'extra'
          ? `${d.meant ? `correct it to § \`${d.meant}\`` : 'correct a misspelled heading'}, or remove the heading of a family that is not core`
          : 'remove the repeated heading',
    message: (d: { key: string; problem: 'missing' | 'extra' | 'repeated'; meant?: string }) =>
      d.problem === 'missing'
        ? `core/capabilities.md has no § heading for ${d.key}`
        : d.problem === 'extra'
          ? d.meant
            ? `core/capabilities.md § ${d.key} names no core family — did you mean \`${d.meant}\`, which has no heading?`
            : `core/capabilities.md § ${d.key} names a family the declaration does not anchor in core`
          : `core/capabilities.md § ${d.key} repeats an earlier heading for the same family`,
  },
  'declaration/capabilities-summary': {
    severity: 'error',
    summary:
      'The summary line under a core family’s § heading in spec/v2/core/capabilities.md says what the declaration says: witness class, maturity, owning RFC, facets (and whether a facet file defines them), homes and whether the family is v1-dependent.',
    fail: {
      says: "heartbeat's home moves to spec/v2/core/heartbeat.md; its summary line still names the v1 home.",
      edits: [...HEARTBEAT_MOVES],
    },
    pass: {
      says: 'The summary line names the new home, as the message gives it.',
      edits: [...HEARTBEAT_MOVES, V2_HOME_SUMMARY],
    },
    fix: 'Rewrite the line as the message gives it (openwop-spec check --fix does); text after it is kept.',
    hint: () => 'rewrite the line as the message gives it; text after it is kept',
    message: (d: { key: string; actual: string; expected: string }) =>
      `core/capabilities.md § ${d.key} says "${d.actual}" but the declaration says "${d.expected}"`,
  },

  'declaration/ext-readme': {
    severity: 'error',
    summary:
      'Every ext family has spec/v2/ext/<key>/README.md whose header region states witness:, technical: and adoption:.',
    fail: {
      says: "An ext family canvas is added; its README's header states witness: and adoption: but not technical:.",
      edits: [CANVAS_ROW, { file: 'spec/v2/ext/canvas/README.md', write: canvasReadme(false) }],
    },
    pass: {
      says: 'The header states technical: too.',
      edits: [CANVAS_ROW, { file: 'spec/v2/ext/canvas/README.md', write: canvasReadme(true) }],
    },
    fix: 'Add the README or the missing header field.',
    message: (d: { key: string; file: string; field?: string }) =>
      d.field === undefined
        ? `ext family ${d.key} has no ${d.file}`
        : `${d.file} header lacks \`${d.field}\` (RFC 0169 §C.2)`,
  },
  'declaration/normative-text-path': {
    severity: 'error',
    summary:
      'Every normativeText entry is a canonical repository path that exists (the full home predicate stays with normative-home).',
    fail: {
      says: "heartbeat's home moves to spec/v2/core/heartbeat.md (and its summary line says so), but the document is not committed.",
      edits: [HEARTBEAT_V2_ROW, V2_HOME_SUMMARY],
    },
    pass: {
      says: 'spec/v2/core/heartbeat.md is committed.',
      edits: [...HEARTBEAT_MOVES, V2_HOME_SUMMARY],
    },
    fix: 'Write the canonical path of an existing file, or create the document.',
    message: (d: { key: string; entry: string; reason?: string }) =>
      d.reason === undefined
        ? `${d.key}: normativeText entry ${d.entry} does not exist`
        : `${d.key}: normativeText entry ${d.entry} is not canonical (${d.reason})`,
  },
  'declaration/requirement-id': {
    severity: 'error',
    summary: 'Every requirementIds entry is planned:… or an id in the conformance requirements.json records.',
    fail: {
      says: "toolCatalog's requirementIds names REQ-TOOL-LIST, which conformance/requirements.json does not hold.",
      edits: [{ file: DECL, set: `${TOOL_CATALOG}/requirementIds`, to: ['REQ-TOOL-LIST'] }],
    },
    pass: {
      says: 'The requirement is marked planned:, as it is not written yet.',
      edits: [{ file: DECL, set: `${TOOL_CATALOG}/requirementIds`, to: ['planned:tool-list'] }],
    },
    fix: 'Use an existing requirement id, or mark it planned:.',
    message: (d: { owner: string; id: string; file: string }) =>
      `${d.owner}: requirement id ${d.id} is neither planned: nor in ${d.file}`,
  },
  'declaration/profile-ref': {
    severity: 'error',
    summary:
      'A profile predicate names only core families, facets those families declare (<family>.<facet>) and kept metadata keys.',
    fail: {
      says: 'A profile tool-host names the family toolCatalogue, which is not a core family (it is toolCatalog).',
      edits: [profile({ predicate: { families: ['toolCatalogue'] } })],
    },
    pass: {
      says: 'It names toolCatalog.',
      edits: [profile({ predicate: { families: ['toolCatalog'] } })],
    },
    fix: "Name a core family, a facet in that family's facets list, or a kept metadata key.",
    message: (d: { profile: string; name: string; what: 'family' | 'facet' | 'metadata' }) =>
      d.what === 'family'
        ? `${d.profile}: predicate names ${d.name}, which is not a core family`
        : d.what === 'facet'
          ? `${d.profile}: predicate names facet ${d.name}, which is not <core family>.<a facet that family declares>`
          : `${d.profile}: predicate names ${d.name}, which is not a kept metadata key`,
  },
  'declaration/floor-empty': {
    severity: 'error',
    summary: 'A profile whose predicate names a family or metadata key has a non-empty floorScenarios.',
    fail: {
      says: 'A profile tool-host names toolCatalog and lists no floor scenario.',
      edits: [profile({ floorScenarios: [] })],
    },
    pass: {
      says: 'It lists v2-tool-list.test.ts, the scenario that certifies it.',
      edits: [profile({ floorScenarios: ['v2-tool-list.test.ts'] })],
    },
    fix: 'List the scenarios that certify the profile.',
    message: (d: { profile: string; families: number; metadata: number }) =>
      `${d.profile}: predicate names ${d.families} family(ies) and ${d.metadata} metadata key(s) but floorScenarios is empty — a profile with no floor certifies on no evidence`,
  },
  'declaration/floor-missing': {
    severity: 'error',
    summary: 'Every floorScenarios entry resolves to an existing scenario file (planned:<stem> → v2-<stem>.test.ts).',
    fail: {
      says: 'A profile tool-host lists the floor scenario v2-tools-list.test.ts, which does not exist (it is v2-tool-list.test.ts).',
      edits: [profile({ floorScenarios: ['v2-tools-list.test.ts'] })],
    },
    pass: {
      says: 'It lists v2-tool-list.test.ts.',
      edits: [profile({ floorScenarios: ['v2-tool-list.test.ts'] })],
    },
    fix: 'Write the scenario, or correct the entry.',
    message: (d: { profile: string; entry: string; file: string }) =>
      `${d.profile}: floorScenarios entry \`${d.entry}\` resolves to ${d.file}, which does not exist — a declared floor with no scenario certifies nothing`,
  },
  'declaration/floor-not-major-2': {
    severity: 'error',
    summary: 'Every floor scenario file targets protocol major 2 in the scenario-majors manifest.',
    fail: {
      says: 'A profile tool-host lists runs.test.ts as a floor scenario, which scenario-majors.json runs under major 1 only.',
      edits: [profile({ floorScenarios: ['runs.test.ts'] })],
    },
    pass: {
      says: 'runs.test.ts is admitted to both majors in scenario-majors.config.json, and the manifest regenerated.',
      edits: [
        profile({ floorScenarios: ['runs.test.ts'] }),
        {
          file: 'conformance/scenario-majors.config.json',
          set: '/bothMajors/-',
          to: { file: 'runs.test.ts', rfc: '0204', reason: 'a run is the same at both majors' },
        },
        { file: 'conformance/scenario-majors.json', set: '/counts/v2', to: 2 },
        { file: 'conformance/scenario-majors.json', set: '/majors/runs.test.ts', to: [1, 2] },
      ],
    },
    fix: 'Rename the scenario with the v2- prefix or admit it to both majors, then regenerate the manifest.',
    message: (d: { profile: string; file: string; manifest: string }) =>
      `${d.profile}: floor file ${d.file} does not target major 2 in ${d.manifest} — it never runs in a v2 certification`,
  },
});

export type RuleId = Parameters<typeof rules.diagnostic>[0];
