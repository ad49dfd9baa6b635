// The repository's own corpus passes both commands, and the RFC 0204 sabotage goes red on it.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { SpecTree } from '@openwop-spec/spec-tree';
import { buildCapabilities, loadInputs, runCheckDeclaration, runGenerator } from '../src/index.js';
import { CHECK, WRITE } from './corpus.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const OUT = 'schemas/v2/capabilities.schema.json';

describe('this repository', () => {
  it('declaration --check: the committed capabilities schema is current', () => {
    const r = runGenerator(SpecTree.load(ROOT), CHECK);
    expect(r.diagnostics).toEqual([]);
    expect(r.summaryLine).toMatch(/^=== generate-from-declaration OK — \d+ core families, \d+ ext, \d+ deleted, \d+ metadata keys ===$/);
    expect(r.exitCode).toBe(0);
  });

  it('check-declaration passes every rule', async () => {
    const r = await runCheckDeclaration(SpecTree.load(ROOT), 'on-failure');
    expect(r.diagnostics).toEqual([]);
    expect(r.summaryLine).toMatch(/^=== check-declaration OK — \d+ family rows \(\d+ core \/ \d+ ext \/ \d+ deleted\), \d+ metadata keys, \d+ profiles; every v1 root key anchored ===$/);
  });

  it('carries RFC 0204: mcp.client from the facet file, toolCatalog seeded from v1', () => {
    const doc = buildCapabilities(loadInputs(SpecTree.load(ROOT))).doc as { properties: Record<string, Record<string, any>> };
    expect(doc.properties['mcp']!['properties']['client']).toMatchObject({ const: true });
    expect(doc.properties['mcp']!['x-openwop-facets-from']).toBe('spec/v2/facets/mcp.schema.json');
    expect(doc.properties['toolCatalog']!['x-openwop-seeded-from']).toBe('v1');
  });
});

describe('a copy of this repository', () => {
  let copy: string | undefined;
  afterEach(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
    copy = undefined;
  });

  it('removing client from the mcp facet file only is facets-mismatch, and --write leaves the schema alone', async () => {
    copy = mkdtempSync(join(tmpdir(), 'openwop-spec-repo-'));
    for (const p of ['openwop-spec.config.json', 'spec', 'schemas', 'packages/conformance/requirements.json', 'packages/conformance/scenario-majors.json', 'packages/conformance/src/scenarios']) {
      cpSync(join(ROOT, p), join(copy, p), { recursive: true });
    }
    const facetFile = join(copy, 'spec/v2/facets/mcp.schema.json');
    const facets = JSON.parse(readFileSync(facetFile, 'utf8'));
    delete facets.properties.client;
    writeFileSync(facetFile, JSON.stringify(facets, null, 2) + '\n');
    const before = readFileSync(join(copy, OUT), 'utf8');

    const w = runGenerator(SpecTree.load(copy), WRITE);
    expect(w.diagnostics.map((d) => [d.ruleId, d.file, d.message])).toEqual([
      ['declaration/facets-mismatch', 'spec/v2/declaration.json', 'mcp: facets[] and spec/v2/facets/mcp.schema.json disagree — only in facets[]: client'],
    ]);
    expect(w.exitCode).toBe(1);
    expect(readFileSync(join(copy, OUT), 'utf8')).toBe(before);
    expect((await runCheckDeclaration(SpecTree.load(copy), 'on-failure')).summaryLine).toBe('=== check-declaration FAILED ===');
  });
});

describe('ANNOTATION_KEYWORDS', () => {
  it('lists every non-standard keyword the generated schema uses, and with them it compiles in strict mode', async () => {
    const { ANNOTATION_KEYWORDS } = await import('../src/index.js');
    const { createAjv } = await import('@openwop-spec/spec-tree');
    const text = readFileSync(join(ROOT, OUT), 'utf8');
    const used = new Set([...text.matchAll(/"(x-[A-Za-z0-9-]+)":/g)].map((m) => m[1]));
    expect([...used].every((k) => ANNOTATION_KEYWORDS.includes(k!))).toBe(true);
    const ajv = createAjv({ strictTypes: false, strictRequired: false });
    for (const keyword of ANNOTATION_KEYWORDS) ajv.addKeyword({ keyword, schemaType: 'string' });
    ajv.addSchema(JSON.parse(readFileSync(join(ROOT, 'schemas/v2/configurable.schema.json'), 'utf8')));
    const validate = ajv.compile(JSON.parse(text));
    expect(validate(JSON.parse(readFileSync(join(ROOT, 'schemas/v2/examples/valid/capabilities/discovery.json'), 'utf8')))).toBe(true);
    expect(validate(JSON.parse(readFileSync(join(ROOT, 'schemas/v2/examples/invalid/capabilities/undeclared-family.json'), 'utf8')))).toBe(false);
  });
});
