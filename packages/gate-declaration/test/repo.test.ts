// A copy of this repository's corpus: breaking a facet file the way RFC 0204 had to avoid goes red,
// and the generated schema uses no keyword outside ANNOTATION_KEYWORDS.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAjv } from '@openwop-spec/spec-tree';
import type { Fixture } from '@openwop-spec/spec-tree/testing';
import { ANNOTATION_KEYWORDS, buildCapabilities, loadInputs, runCheckDeclaration, runGenerator } from '../src/index.js';
import { copyCorpus } from '../../spec-tree/test/corpus-copy.js';
import { WRITE, fixturesOnDisk } from './corpus.js';

fixturesOnDisk();

const OUT = 'schemas/v2/capabilities.schema.json';

let copy: Fixture | undefined;
afterEach(() => {
  copy?.remove();
  copy = undefined;
});

describe('a copy of this repository', () => {
  it('a facet removed from a facet file only is facets-mismatch, and --write leaves the schema alone', async () => {
    const fx = (copy = copyCorpus());
    const decl = JSON.parse(readFileSync(join(fx.root, 'spec/v2/declaration.json'), 'utf8')) as {
      families: Array<{ key: string; facetsFrom?: string; facets?: string[] }>;
    };
    const family = decl.families.find((f) => f.facetsFrom && f.facets?.length);
    expect(family, 'a family with a facet file').toBeDefined();
    const { key, facetsFrom } = family as { key: string; facetsFrom: string };
    const facetFile = join(fx.root, facetsFrom);
    const facets = JSON.parse(readFileSync(facetFile, 'utf8'));
    const removed = Object.keys(facets.properties).at(-1)!;
    delete facets.properties[removed];
    facets.required = (facets.required ?? []).filter((f: string) => f !== removed);
    writeFileSync(facetFile, JSON.stringify(facets, null, 2) + '\n');
    const before = readFileSync(join(fx.root, OUT), 'utf8');

    const w = runGenerator(fx.tree(), WRITE);
    expect(w.diagnostics.map((d) => [d.ruleId, d.file])).toEqual([
      ['declaration/facets-mismatch', 'spec/v2/declaration.json'],
    ]);
    expect(w.diagnostics[0]!.message).toContain(
      `${key}: facets[] and ${facetsFrom} disagree — only in facets[]: ${removed}`,
    );
    expect(w.exitCode).toBe(1);
    expect(readFileSync(join(fx.root, OUT), 'utf8')).toBe(before);
    expect((await runCheckDeclaration(fx.tree(), 'on-failure')).summaryLine).toBe('=== check-declaration FAILED ===');
  });

  it('ANNOTATION_KEYWORDS lists every non-standard keyword the generated schema uses, and with them it compiles in strict mode', () => {
    const fx = (copy = copyCorpus());
    const doc = buildCapabilities(loadInputs(fx.tree())).doc;
    const used = new Set([...JSON.stringify(doc).matchAll(/"(x-[A-Za-z0-9-]+)":/g)].map((m) => m[1]!));
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((k) => !ANNOTATION_KEYWORDS.includes(k))).toEqual([]);
    const ajv = createAjv({ strictTypes: false, strictRequired: false });
    for (const keyword of ANNOTATION_KEYWORDS) ajv.addKeyword({ keyword, schemaType: 'string' });
    ajv.addSchema(JSON.parse(readFileSync(join(fx.root, 'schemas/v2/configurable.schema.json'), 'utf8')));
    const validate = ajv.compile(doc as object);
    const dir = join(fx.root, 'schemas/v2/examples/valid/capabilities');
    const valid = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Record<string, unknown>);
    expect(valid.length).toBeGreaterThan(0);
    for (const example of valid) expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...valid[0], notAFamily: {} })).toBe(false);
  });
});
