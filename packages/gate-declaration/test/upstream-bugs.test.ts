// Upstream declaration behaviours this gate fixes on purpose. Each title
// names the upstream behaviour; the test asserts ours.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BASE_RULE_1,
  BASE_RULE_2,
  DECLARATION_SCHEMA,
  MCP_FACETS,
  TOOL_CATALOG_V1,
  V1_SCHEMA,
  canvasRow,
  checkDecl,
  corpusFiles,
  declaration,
  DELETED_ROW,
  fixture,
  found,
  generatedFixture,
  json,
  mcpFacetFile,
  mcpRow,
  toolCatalogRow,
  WRITE,
  fixturesOnDisk,
} from './corpus.js';

fixturesOnDisk();
import { runGenerator } from '../src/index.js';

const OUT = 'schemas/v2/capabilities.schema.json';
const MCP_FILE = 'spec/v2/facets/mcp.schema.json';
const emitted = (root: string) =>
  JSON.parse(readFileSync(join(root, OUT), 'utf8')) as { properties: Record<string, Record<string, any>> };

describe('upstream declaration behaviours fixed on purpose', () => {
  it('22: upstream never read facetsFrom and never compared facets[], so client had to be added in two places by hand', () => {
    // Ours reads the facet file facetsFrom names (upstream copied the v1 node instead) …
    const f = generatedFixture();
    expect(Object.keys(emitted(f.root).properties['mcp']!['properties'])).toContain('client');
    expect(emitted(f.root).properties['mcp']!['x-openwop-facets-from']).toBe(MCP_FILE);
    // … and a facet added in only one of the two places fails instead of passing.
    f.write({ [MCP_FILE]: json(mcpFacetFile({ ...MCP_FACETS, extra: { type: 'string' } })) });
    const r = runGenerator(f.tree(), WRITE);
    expect(found(r).map((d) => d.ruleId)).toEqual(['declaration/facets-mismatch']);
    expect(r.exitCode).toBe(1);
  });

  it('23: upstream silently dropped facet-file keys other than properties and required', () => {
    const f = fixture({
      ...corpusFiles(),
      [MCP_FILE]: json(
        mcpFacetFile(MCP_FACETS, { allOf: [{ minProperties: 3 }], dependentRequired: { client: ['serverUrls'] } }),
      ),
    });
    const r = runGenerator(f.tree(), WRITE);
    // allOf is folded into the record; anything else is an error, never silently lost.
    expect(found(r).map((d) => d.ruleId)).toEqual(['declaration/facet-file-keyword']);
    expect(r.diagnostics[0]!.message).toBe(`${MCP_FILE}: dependentRequired is not carried into the record`);
    f.write({
      [MCP_FILE]: json(
        mcpFacetFile(MCP_FACETS, { allOf: [{ minProperties: 3 }, { dependentRequired: { client: ['serverUrls'] } }] }),
      ),
    });
    expect(runGenerator(f.tree(), WRITE).ok).toBe(true);
    expect(emitted(f.root).properties['mcp']!['allOf']).toEqual([
      BASE_RULE_1,
      BASE_RULE_2,
      { minProperties: 3 },
      { dependentRequired: { client: ['serverUrls'] } },
    ]);
  });

  it('24: upstream v1 seeding dropped every combinator and the remaining required', () => {
    const unrelated = { not: { required: ['compactView', 'sessionLifecycle'] } };
    const gated = { if: { properties: { supported: { const: true } } }, then: { required: ['sources'] } };
    const v1 = {
      ...V1_SCHEMA,
      properties: {
        ...V1_SCHEMA.properties,
        toolCatalog: { ...TOOL_CATALOG_V1, required: ['supported', 'sources'], allOf: [gated, unrelated] },
      },
    };
    const f = fixture({ ...corpusFiles(), 'schemas/capabilities.schema.json': json(v1) });
    const r = runGenerator(f.tree(), WRITE);
    expect(r.ok).toBe(true);
    expect(found(r).map((d) => d.ruleId)).toEqual(['declaration/seed-dropped']);
    const tc = emitted(f.root).properties['toolCatalog']!;
    expect(tc['required']).toEqual(['status', 'since', 'witness', 'sources']);
    expect(tc['allOf']).toEqual([BASE_RULE_1, BASE_RULE_2, unrelated]);
  });

  it('25: upstream hard-coded the metadata shapes, metadata[].schema was decorative, and a second writer patched the file', () => {
    const f = generatedFixture();
    // The shape is the data file: editing it changes the output.
    f.write({ 'spec/v2/metadata/preferredVersion.schema.json': json({ type: 'string', pattern: '^2\\.[0-9]+$' }) });
    runGenerator(f.tree(), WRITE);
    expect(emitted(f.root).properties['preferredVersion']).toStrictEqual({ type: 'string', pattern: '^2\\.[0-9]+$' });
    // The row's schema field is checked.
    const d = declaration();
    d.metadata[1] = { ...d.metadata[1], schema: 'metadata/protocolVersions' };
    f.write({ 'spec/v2/declaration.json': json(d) });
    expect(found(runGenerator(f.tree(), WRITE)).map((x) => x.ruleId)).toEqual(['declaration/metadata-schema-ref']);
    // Deprecation marks come from the same pipeline: one run, one file, nothing patched after.
    f.write({
      'spec/v2/declaration.json': json(declaration()),
      'spec/v2/capabilities.deprecations.json': json({
        '/properties/protocolVersion': '2.2',
        '/properties/preferredVersion': '2.9',
      }),
    });
    const r = runGenerator(f.tree(), WRITE);
    expect(found(r).map((x) => x.ruleId)).toEqual(['declaration/deprecation-target-missing']);
    f.write({ 'spec/v2/capabilities.deprecations.json': json({ '/properties/preferredVersion': '2.9' }) });
    expect(runGenerator(f.tree(), WRITE).ok).toBe(true);
    expect(emitted(f.root).properties['preferredVersion']).toMatchObject({
      deprecated: true,
      'x-openwop-remove-in': '2.9',
    });
  });

  it('26: upstream wrote non-atomically, byte-checked with no diff, borrowed Ajv from conformance/node_modules and ran the generator as a child process', async () => {
    const f = generatedFixture();
    f.write({
      'spec/v2/declaration.json': json(
        declaration({ families: [mcpRow({ owningRfc: '0204' }), toolCatalogRow(), canvasRow(), DELETED_ROW] }),
      ),
    });
    // check-declaration runs the generator in-process and reports the drift as JSON pointers.
    const r = await checkDecl(f.tree());
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      // Both sides are cut to a window that starts just before the first difference.
      '/properties/mcp/description: changed (expected …rimental/none; RFC 0204", found …rimental/none; RFC 0153")',
    ]);
    expect(r.diagnostics[0]!.start).toBeDefined();
    // Ajv comes from a declared dependency: the gate validates through spec-tree, which declares ajv.
    const deps = (path: string) =>
      (JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as { dependencies: Record<string, string> })
        .dependencies;
    expect(deps('../package.json')['@openwop-spec/spec-tree']).toBe('workspace:*');
    expect(deps('../../spec-tree/package.json')['ajv']).toMatch(/^\d+\.\d+\.\d+$/);
    // The write goes through a temporary file in the same directory (see write-failure.test.ts for
    // the interrupted cases); none is left behind.
    runGenerator(f.tree(), WRITE);
    expect(readFileSync(join(f.root, OUT), 'utf8')).toContain('RFC 0204');
  });

  it("27: upstream's declaration.schema.json lacked normativeText on a closed row", async () => {
    const schema = structuredClone(DECLARATION_SCHEMA) as any;
    delete schema.properties.families.items.oneOf[1].properties.normativeText;
    const f = generatedFixture();
    f.write({ 'spec/v2/declaration.schema.json': json(schema) });
    const r = await checkDecl(f.tree());
    expect(found(r, 'declaration/schema-field-undeclared')).toHaveLength(1);
    // The data uses normativeText, so the closed row also rejects it.
    expect(found(r, 'declaration/schema').length).toBeGreaterThan(0);
  });
});
