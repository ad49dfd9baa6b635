// Golden records for mcp (facet-file family, client included) and toolCatalog
// (v1-seeded), and the three RFC 0204 delta tests.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BASE,
  BASE_RULE_1,
  BASE_RULE_2,
  C,
  CLIENT,
  L,
  MCP_FACETS,
  MCP_FACETS_0203,
  MCP_REQUIRED,
  S,
  WITNESS_CLASSES,
  checkDecl,
  corpusFiles,
  declaration,
  found,
  generate,
  generatedFixture,
  json,
  mcpFacetFile,
  mcpRow,
  pos,
  toolCatalogRow,
  canvasRow,
  DELETED_ROW,
  WRITE,
  fixturesOnDisk,
} from './corpus.js';

fixturesOnDisk();
import { runGenerator } from '../src/index.js';

const OUT = 'schemas/v2/capabilities.schema.json';
const read = (root: string): string => readFileSync(join(root, OUT), 'utf8');
const generated = (root: string): { properties: Record<string, unknown> } => JSON.parse(read(root));

const recordFields = {
  status: BASE.properties.status,
  since: BASE.properties.since,
  until: BASE.properties.until,
  witness: { enum: WITNESS_CLASSES },
};

describe('golden records (RFC 0204)', () => {
  it('mcp: a facet-file family with client, rendered exactly as §4.9', () => {
    const f = generatedFixture();
    const mcp = generated(f.root).properties['mcp'];
    expect(mcp).toStrictEqual({
      type: 'object',
      additionalProperties: false,
      required: ['status', 'since', 'witness', ...MCP_REQUIRED],
      properties: { ...recordFields, ...MCP_FACETS },
      allOf: [BASE_RULE_1, BASE_RULE_2],
      description: 'core/capabilities.md#mcp — witness: seam-gated; maturity experimental/none; RFC 0153',
      'x-openwop-facets-from': 'spec/v2/facets/mcp.schema.json',
    });
    // Key order is part of the contract (§4.2, §4.6), not only the values.
    expect(Object.keys(mcp as object)).toEqual([
      'type',
      'additionalProperties',
      'required',
      'properties',
      'allOf',
      'description',
      'x-openwop-facets-from',
    ]);
    expect(Object.keys((mcp as { properties: object }).properties)).toEqual([
      'status',
      'since',
      'until',
      'witness',
      ...Object.keys(MCP_FACETS),
    ]);
    expect((mcp as { properties: { client: unknown } }).properties.client).toStrictEqual(CLIENT);
  });

  it('toolCatalog: seeded from the v1 node, supported removed, facets in source order', () => {
    const f = generatedFixture();
    const tc = generated(f.root).properties['toolCatalog'];
    expect(tc).toStrictEqual({
      type: 'object',
      additionalProperties: false,
      required: ['status', 'since', 'witness'],
      properties: { ...recordFields, sources: S, sessionLifecycle: L, compactView: C },
      allOf: [BASE_RULE_1, BASE_RULE_2],
      description:
        'core/capabilities.md#toolCatalog — witness: witnessable-gated; maturity experimental/none; RFC 0078',
      'x-openwop-seeded-from': 'v1',
    });
    expect(Object.keys(tc as object)).toEqual([
      'type',
      'additionalProperties',
      'required',
      'properties',
      'allOf',
      'description',
      'x-openwop-seeded-from',
    ]);
  });

  it('the root: fixed keys, kept metadata then core families in declaration order, nothing else', () => {
    const f = generatedFixture();
    const doc = JSON.parse(read(f.root)) as Record<string, unknown>;
    expect(Object.keys(doc)).toEqual([
      '$schema',
      '$id',
      'title',
      'description',
      'type',
      'additionalProperties',
      'required',
      'properties',
    ]);
    expect(doc['$schema']).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(doc['$id']).toBe('https://openwop.dev/spec/v2/capabilities.schema.json');
    expect(doc['title']).toBe('OpenWOP v2 discovery document (/.well-known/openwop, OpenWOP-Version: 2)');
    expect(doc['description']).toBe(
      'GENERATED from spec/v2/declaration.json by scripts/generate-from-declaration.mjs (RFC 0169 §B.1). Do not edit; edit the declaration. Closed root (§A.4); every family is a capability record (§A.1); no supported field (§A.2); until absorbs tier/experimentalUntil (§A.3).',
    );
    expect(doc['required']).toEqual(['protocolVersions', 'preferredVersion']);
    // legacyFlag (deleted metadata), canvas (ext) and oldThing (deleted family) are not emitted.
    expect(Object.keys(doc['properties'] as object)).toEqual([
      'protocolVersions',
      'preferredVersion',
      'extensions',
      'mcp',
      'toolCatalog',
    ]);
  });

  it('a family with no facet file and no v1 node is marked as seeded from the declaration, with no owningRfc suffix', () => {
    const decl = declaration({
      families: [
        mcpRow(),
        toolCatalogRow(),
        mcpRow({
          key: 'kv',
          peerDependencyId: 'kv',
          section: 'core/capabilities.md#kv',
          facets: [],
          facetsFrom: undefined,
          owningRfc: null,
        }),
        canvasRow(),
        DELETED_ROW,
      ],
    });
    const files = corpusFiles(decl);
    files['spec/v2/core/capabilities.md'] = `${files['spec/v2/core/capabilities.md'] as string}\n## § \`kv\`\n`;
    const f = generatedFixture(files);
    expect(generated(f.root).properties['kv']).toStrictEqual({
      type: 'object',
      additionalProperties: false,
      required: ['status', 'since', 'witness'],
      properties: recordFields,
      allOf: [BASE_RULE_1, BASE_RULE_2],
      description: 'core/capabilities.md#kv — witness: seam-gated; maturity experimental/none',
      'x-openwop-seeded-from': 'declaration',
    });
  });
});

describe('RFC 0204 delta tests', () => {
  const pre0204 = () => {
    const files = corpusFiles(
      declaration({
        families: [mcpRow({ facets: Object.keys(MCP_FACETS_0203) }), toolCatalogRow(), canvasRow(), DELETED_ROW],
      }),
    );
    files['spec/v2/facets/mcp.schema.json'] = json(mcpFacetFile(MCP_FACETS_0203));
    return files;
  };

  it('1. adding client in both places changes exactly one pointer: /properties/mcp/properties/client is added', () => {
    const f = generatedFixture(pre0204());
    const before = read(f.root);
    f.write({
      'spec/v2/declaration.json': json(declaration()),
      'spec/v2/facets/mcp.schema.json': json(mcpFacetFile()),
    });
    const r = generate(f.tree());
    expect(r.figures['differences']).toEqual([
      {
        pointer: '/properties/mcp/properties/client',
        kind: `missing (expected ${JSON.stringify(CLIENT).slice(0, 79)}…)`,
      },
    ]);
    expect(found(r)).toEqual([
      { ruleId: 'declaration/stale', file: OUT, start: pos(before, '{', '"mcp": {', '"properties":') },
    ]);
    expect(r.summaryLine).toBe(
      'generate-from-declaration: stale — schemas/v2/capabilities.schema.json. Run: pnpm exec openwop-spec declaration --write',
    );
    const w = runGenerator(f.tree(), WRITE);
    expect(w.summaryLine).toBe('wrote schemas/v2/capabilities.schema.json');
    const after = JSON.parse(read(f.root));
    const old = JSON.parse(before);
    old.properties.mcp.properties.client = CLIENT;
    expect(after).toStrictEqual(old);
  });

  it('2a. client only in facets[] is facets-mismatch naming both places, and nothing is written', () => {
    const f = generatedFixture(pre0204());
    const before = read(f.root);
    const decl = declaration({ families: [mcpRow(), toolCatalogRow(), canvasRow(), DELETED_ROW] });
    f.write({ 'spec/v2/declaration.json': json(decl) });
    const w = runGenerator(f.tree(), WRITE);
    expect(w.exitCode).toBe(1);
    expect(w.summaryLine).toBe('=== generate-from-declaration FAILED — 1 error(s) ===');
    const text = json(decl);
    expect(found(w)).toEqual([
      { ruleId: 'declaration/facets-mismatch', file: 'spec/v2/declaration.json', start: pos(text, '[', '"facets"') },
    ]);
    expect(w.diagnostics[0]!.message).toBe(
      'mcp: facets[] and spec/v2/facets/mcp.schema.json disagree — only in facets[]: client',
    );
    expect(w.diagnostics[0]!.related?.[0]).toMatchObject({
      file: 'spec/v2/facets/mcp.schema.json',
      start: pos(json(mcpFacetFile(MCP_FACETS_0203)), '{', '"properties"'),
    });
    expect(read(f.root)).toBe(before);
  });

  it('2b. client only in the facet file is the mirror message, and nothing is written', () => {
    const f = generatedFixture(pre0204());
    const before = read(f.root);
    f.write({ 'spec/v2/facets/mcp.schema.json': json(mcpFacetFile()) });
    const w = runGenerator(f.tree(), WRITE);
    expect(w.exitCode).toBe(1);
    expect(w.diagnostics.map((d) => d.message)).toEqual([
      'mcp: facets[] and spec/v2/facets/mcp.schema.json disagree — only in spec/v2/facets/mcp.schema.json: client',
    ]);
    expect(read(f.root)).toBe(before);
  });

  it("3. RFC 0204's normativeText edits change no generated byte", async () => {
    const files = corpusFiles(
      declaration({
        families: [
          mcpRow({ normativeText: ['spec/v2/core/interop.md'] }),
          toolCatalogRow({ normativeText: ['spec/v1/tool-catalog.md'] }),
          canvasRow(),
          DELETED_ROW,
        ],
      }),
    );
    files['spec/v1/tool-catalog.md'] = '# Tool catalog (v1)\n';
    const f = generatedFixture(files);
    const before = read(f.root);
    f.write({ 'spec/v2/declaration.json': json(declaration()) });
    const r = generate(f.tree());
    expect(r.ok).toBe(true);
    expect(r.diagnostics).toEqual([]);
    expect(runGenerator(f.tree(), WRITE).summaryLine).toBe('wrote schemas/v2/capabilities.schema.json (unchanged)');
    expect(read(f.root)).toBe(before);
    expect((await checkDecl(f.tree())).ok).toBe(true);
  });
});
