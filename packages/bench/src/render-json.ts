import { kebab, WITNESS_CLASSES } from './model.js';
import type { CorpusModel, Family } from './model.js';
import { v1Banner } from './render-markdown.js';
import { compareCodeUnits } from '@openwop-spec/diagnostics';

const DRAFT = 'https://json-schema.org/draft/2020-12/schema';
const VERSION = '^(0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)$';
const EXTENSIONS_KEY = '^[a-z][a-z0-9]*(-[a-z0-9]+)*\\.[a-z][A-Za-z0-9]*$';
const KEY = '^[a-z][A-Za-z0-9]*$';

/** `JSON.stringify(value, null, 2)` plus one newline: the house format of every JSON input. */
export const json = (value: unknown): string => JSON.stringify(value, null, 2) + '\n';

/** Kept metadata with a shape file, kept metadata seeded from v1, and a deleted v1 key. */
const METADATA = [
  {
    key: 'protocolVersions',
    disposition: 'kept',
    shape: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', pattern: VERSION } },
  },
  { key: 'preferredVersion', disposition: 'kept', shape: { type: 'string', pattern: VERSION } },
  { key: 'minClientVersion', disposition: 'kept', shape: { type: 'string', pattern: VERSION } },
  {
    key: 'extensions',
    disposition: 'kept',
    shape: { type: 'object', additionalProperties: false, patternProperties: { [EXTENSIONS_KEY]: { type: 'object' } } },
  },
  {
    key: 'engineVersion',
    disposition: 'kept',
    v1: { type: 'integer', minimum: 0, description: 'The engine build the host runs.' },
  },
  {
    key: 'legacyTier',
    disposition: 'deleted',
    v1: { type: 'string', enum: ['bronze', 'silver', 'gold'], description: 'Retired at v2.' },
  },
] as const;

function row(f: Family): Record<string, unknown> {
  return {
    key: f.key,
    kind: 'family',
    anchor: f.anchor,
    section: f.anchor === 'core' ? `core/capabilities.md#${f.key}` : `ext/${f.key}/`,
    peerDependencyId: f.key,
    witness: f.witness,
    maturity: { technical: f.technical, adoption: f.adoption },
    facets: f.facets,
    floorScenarios: [],
    requirementIds: f.requirementIds,
    owningRfc: f.owningRfc,
    ...(f.home ? { normativeText: [f.home] } : {}),
    ...(f.facetSource === 'file' ? { facetsFrom: `spec/v2/facets/${f.key}.schema.json` } : {}),
  };
}

export function declaration(model: CorpusModel): string {
  const families: unknown[] = [];
  for (let r = 1; r <= model.scale; r++) {
    for (const f of model.families) if (f.replica === r) families.push(row(f));
    for (const key of model.deleted.slice(
      (r - 1) * (model.deleted.length / model.scale),
      r * (model.deleted.length / model.scale),
    )) {
      families.push({
        key,
        anchor: 'deleted',
        reason: 'Retired at v2; the v1 key stays anchored so the closed root stays representable.',
      });
    }
  }
  return json({
    $schema: 'https://openwop.dev/spec/v2/declaration.schema.json',
    $comment: 'Synthetic benchmark corpus. schemas/v2/capabilities.schema.json is generated from this file.',
    version: '2.0',
    updated: '2026-09-22',
    witnessClasses: WITNESS_CLASSES,
    extensionsKeyPattern: EXTENSIONS_KEY,
    reservedOrgs: ['openwop', 'vendor'],
    metadata: METADATA.map((m) => ({
      key: m.key,
      kind: 'metadata',
      schema: `metadata/${m.key}`,
      note: null,
      disposition: m.disposition,
    })),
    families,
    profiles: model.profiles.map((p) => ({
      id: p.id,
      summary: `Hosts that serve ${p.families.length} families and pass the floor.`,
      predicate: { families: p.families, metadata: p.metadata },
      floorScenarios: p.floorScenarios,
    })),
  });
}

const str = (pattern?: string): Record<string, unknown> => ({ type: 'string', ...(pattern ? { pattern } : {}) });
const arr = (items: unknown): Record<string, unknown> => ({ type: 'array', items });

/** The declaration's own schema: closed objects declaring every field the data and the gates use. */
export function declarationSchema(): string {
  const family = {
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
      'owningRfc',
    ],
    properties: {
      key: str(KEY),
      kind: { const: 'family' },
      anchor: { enum: ['core', 'ext'] },
      section: str('^(core/capabilities\\.md#[a-z][A-Za-z0-9]*|ext/[a-z][A-Za-z0-9]*/)$'),
      peerDependencyId: str(),
      witness: { enum: WITNESS_CLASSES },
      maturity: {
        type: 'object',
        additionalProperties: false,
        required: ['technical', 'adoption'],
        properties: {
          technical: { enum: ['experimental', 'stable', 'deprecated'] },
          adoption: { enum: ['none', 'single-witness', 'multi-witness', 'independent'] },
        },
      },
      facets: { type: 'array', uniqueItems: true, items: str(KEY) },
      floorScenarios: arr({ type: 'string', minLength: 1 }),
      requirementIds: arr({ type: 'string', minLength: 1 }),
      owningRfc: { anyOf: [str('^[0-9]{4}$'), { type: 'null' }] },
      normativeText: { type: 'array', minItems: 1, uniqueItems: true, items: { type: 'string', minLength: 1 } },
      facetsFrom: str('^spec/v2/facets/[a-z][A-Za-z0-9]*\\.schema\\.json$'),
      note: { type: 'string', minLength: 1 },
      reason: { type: 'string', minLength: 1 },
      disposition: { enum: ['externally-gated'] },
    },
  };
  const deleted = {
    type: 'object',
    additionalProperties: false,
    required: ['key', 'anchor', 'reason'],
    properties: { key: str(KEY), anchor: { const: 'deleted' }, reason: { type: 'string', minLength: 1 } },
  };
  return json({
    $schema: DRAFT,
    $id: 'https://openwop.dev/spec/v2/declaration.schema.json',
    title: 'Capability declaration (benchmark corpus)',
    type: 'object',
    additionalProperties: false,
    required: [
      '$schema',
      'version',
      'updated',
      'witnessClasses',
      'extensionsKeyPattern',
      'reservedOrgs',
      'metadata',
      'families',
      'profiles',
    ],
    properties: {
      $schema: str(),
      $comment: str(),
      version: str('^2\\.(0|[1-9][0-9]*)$'),
      updated: { type: 'string', format: 'date' },
      witnessClasses: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: WITNESS_CLASSES } },
      extensionsKeyPattern: { type: 'string', minLength: 1 },
      reservedOrgs: { type: 'array', uniqueItems: true, items: str('^[a-z][a-z0-9]*(-[a-z0-9]+)*$') },
      metadata: arr({
        type: 'object',
        additionalProperties: false,
        required: ['key', 'kind', 'schema', 'disposition'],
        properties: {
          key: str(KEY),
          kind: { const: 'metadata' },
          schema: str('^metadata/[a-z][A-Za-z0-9]*$'),
          note: { anyOf: [{ type: 'string', minLength: 1 }, { type: 'null' }] },
          disposition: { enum: ['kept', 'deleted'] },
        },
      }),
      families: arr({ oneOf: [deleted, family] }),
      profiles: arr({
        type: 'object',
        additionalProperties: false,
        required: ['id', 'summary', 'predicate', 'floorScenarios'],
        properties: {
          id: str('^openwop-[a-z0-9]+(-[a-z0-9]+)*$'),
          summary: str(),
          predicate: {
            type: 'object',
            additionalProperties: false,
            properties: {
              families: { type: 'array', uniqueItems: true, items: str(KEY) },
              metadata: { type: 'array', uniqueItems: true, items: str(KEY) },
            },
          },
          floorScenarios: arr({ type: 'string', minLength: 1 }),
          requirementIds: arr({ type: 'string', minLength: 1 }),
          note: { type: 'string', minLength: 1 },
        },
      }),
    },
  });
}

/** spec/v2/capability-record.base.json (the fixture record base). */
export function recordBase(): string {
  return json({
    properties: {
      status: { enum: ['stable', 'experimental', 'deprecated'] },
      since: {
        type: 'string',
        pattern: VERSION,
        description: 'The protocol version that first served this record in its current shape.',
      },
      until: { type: 'string', pattern: '^((0|[1-9][0-9]*)\\.(0|[1-9][0-9]*)|\\d{4}-\\d{2}-\\d{2})$' },
    },
    allOf: [
      { if: { properties: { status: { const: 'stable' } } }, then: { not: { required: ['until'] } } },
      { if: { properties: { status: { enum: ['experimental', 'deprecated'] } } }, then: { required: ['until'] } },
    ],
  });
}

function facetShape(facet: string): Record<string, unknown> {
  if (facet.startsWith('max') || facet.endsWith('Seconds')) return { type: 'integer', minimum: 0 };
  return { type: 'array', uniqueItems: true, items: { type: 'string', minLength: 1 } };
}

function facetProperties(f: Family): Record<string, unknown> {
  return Object.fromEntries(f.facets.map((x) => [x, { ...facetShape(x), description: `The ${x} of ${f.key}.` }]));
}

/** spec/v2/facets/<key>.schema.json for a family with facetsFrom. */
export function facetFile(f: Family): string {
  return json({
    $schema: DRAFT,
    $id: `https://openwop.dev/spec/v2/facets/${f.key}.schema.json`,
    title: `${f.key} facets`,
    type: 'object',
    additionalProperties: false,
    properties: facetProperties(f),
    ...(f.required.length ? { required: f.required } : {}),
  });
}

/** spec/v2/metadata/<key>.schema.json for each kept metadata row that has a shape file. */
export function metadataFiles(): Array<[string, string]> {
  return METADATA.filter((m) => 'shape' in m).map((m) => [
    `spec/v2/metadata/${m.key}.schema.json`,
    json({
      $schema: DRAFT,
      $id: `https://openwop.dev/spec/v2/metadata/${m.key}.schema.json`,
      ...(m as { shape: object }).shape,
    }),
  ]);
}

/** schemas/capabilities.schema.json: the v1 discovery schema that seeds families and metadata. */
export function v1Schema(model: CorpusModel): string {
  const properties: Record<string, unknown> = {};
  for (const m of METADATA) if ('v1' in m) properties[m.key] = m.v1;
  for (const f of model.families) {
    if (f.facetSource !== 'v1') continue;
    properties[f.key] = {
      type: 'object',
      description: `v1 advertisement of ${f.key}.`,
      properties: { supported: { type: 'boolean' }, ...facetProperties(f) },
      required: ['supported', ...f.required],
      additionalProperties: false,
    };
  }
  for (const key of model.deleted)
    properties[key] = { type: 'object', properties: { supported: { type: 'boolean' } }, required: ['supported'] };
  return json({
    $schema: DRAFT,
    $id: 'https://openwop.dev/schemas/capabilities.schema.json',
    title: 'OpenWOP v1 discovery document',
    type: 'object',
    properties,
  });
}

export function baseline(model: CorpusModel): string {
  const v1dep = model.families.filter((f) => f.bucket === 'v1-dependent');
  const banners: Record<string, string> = {};
  for (const d of [...model.v1Docs].sort((a, b) => compareCodeUnits(a.path, b.path))) {
    if (d.homes.length) banners[d.path] = v1Banner(d);
  }
  return json({
    $comment: 'Ratchet baseline of the normative-home gate (benchmark corpus).',
    t0: '2026-09-18',
    openAtT0: 0,
    v1Dependent: v1dep.length,
    undeclared: 0,
    facetsUncovered: 0,
    v1Banners: banners,
    v1Carried: v1dep.map((f) => f.key),
  });
}

export const endOfSupport = (): string => json({ endOfSupportNotBefore: '2026-12-04' });

export function requirements(model: CorpusModel): string {
  const records = model.families.flatMap((f) =>
    f.requirementIds
      .filter((id) => !id.startsWith('planned:'))
      .map((id) => ({ id, family: f.key, summary: `${f.key} obligations witnessed by its scenarios.` })),
  );
  return json({ $comment: 'Requirement records the declaration cites.', records });
}

export function scenarioMajorsConfig(model: CorpusModel): string {
  const both = model.scenarios
    .filter((s) => s.kind === 'both')
    .map((s) => s.file)
    .sort();
  return json({
    $comment: 'Scenario files that target both protocol majors, each with the RFC that admitted it.',
    bothMajors: both.map((file) => ({
      file,
      rfc: '0204',
      reason: 'major-aware: gates via familyAdvertised, paths via pathFor',
    })),
  });
}

/** conformance/scenario-majors.json exactly as the scenario-majors gate writes it. */
export function scenarioMajors(model: CorpusModel): string {
  const files = [...model.scenarios].sort((a, b) => compareCodeUnits(a.file, b.file));
  const majors: Record<string, number[]> = {};
  for (const s of files) majors[s.file] = s.kind === 'v2' ? [2] : s.kind === 'both' ? [1, 2] : [1];
  return json({
    $comment:
      'GENERATED by conformance/scripts/generate-scenario-majors.mjs (RFC 0168 §D.3). Do not edit; add a file to BOTH_MAJORS in the generator to target both majors.',
    counts: {
      files: files.length,
      v1: files.filter((s) => s.kind !== 'v2').length,
      v2: files.filter((s) => s.kind !== 'v1').length,
    },
    majors,
  });
}

/** A valid and an invalid discovery document for the generated capabilities schema. */
export function schemaExamples(): Array<[string, string]> {
  const dir = 'schemas/v2/examples';
  return [
    [`${dir}/valid/capabilities/minimal.json`, json({ protocolVersions: ['2.0'], preferredVersion: '2.0' })],
    [
      `${dir}/valid/capabilities/with-engine.json`,
      json({ protocolVersions: ['2.0', '2.1'], preferredVersion: '2.1', engineVersion: 7 }),
    ],
    [`${dir}/invalid/capabilities/missing-preferred-version.json`, json({ protocolVersions: ['2.0'] })],
    [
      `${dir}/invalid/capabilities/missing-preferred-version.expect.json`,
      json({ keyword: 'required', instancePath: '' }),
    ],
    [
      `${dir}/invalid/capabilities/unknown-root-key.json`,
      json({ protocolVersions: ['2.0'], preferredVersion: '2.0', supported: true }),
    ],
    [
      `${dir}/invalid/capabilities/unknown-root-key.expect.json`,
      json({ keyword: 'additionalProperties', instancePath: '' }),
    ],
  ];
}

export { kebab };
