// facetsFrom is authoritative, checked in both directions; facet files are folded
// into the record, never silently dropped.
import { fullMessage } from '@openwop-spec/diagnostics';
import { describe, expect, it } from 'vitest';
import {
  BASE_RULE_1,
  BASE_RULE_2,
  MCP_FACETS,
  TOOL_CATALOG_V1,
  V1_SCHEMA,
  canvasRow,
  corpusFiles,
  declaration,
  DELETED_ROW,
  fixture,
  found,
  generate,
  json,
  mcpFacetFile,
  mcpRow,
  pos,
  toolCatalogRow,
  WRITE,
} from './corpus.js';
import type { Row } from './corpus.js';
import { runGenerator } from '../src/index.js';

const DECL = 'spec/v2/declaration.json';
const MCP_FILE = 'spec/v2/facets/mcp.schema.json';
const V1 = 'schemas/capabilities.schema.json';

const withFamilies = (mcp: Row = mcpRow(), tc: Row = toolCatalogRow()) =>
  declaration({ families: [mcp, tc, canvasRow(), DELETED_ROW] });
const run = (files: Record<string, string>) => generate(fixture(files).tree());
const generatedDoc = (files: Record<string, string>) => {
  const f = fixture(files);
  const r = runGenerator(f.tree(), WRITE);
  return {
    r,
    doc: JSON.parse(f.tree().text('schemas/v2/capabilities.schema.json')) as {
      properties: Record<string, Record<string, unknown>>;
    },
  };
};

describe('green: the fixture corpus breaks no §4.3 rule', () => {
  it('has no finding at all', () => {
    const r = run(corpusFiles() as Record<string, string>);
    expect(r.diagnostics.filter((d) => d.ruleId !== 'declaration/stale')).toEqual([]);
  });
});

describe('declaration/facets-from-path', () => {
  it('red: facetsFrom names another file', () => {
    const decl = withFamilies(mcpRow({ facetsFrom: 'spec/v2/facets/other.schema.json' }));
    const files = { ...corpusFiles(decl), 'spec/v2/facets/other.schema.json': json(mcpFacetFile()) } as Record<
      string,
      string
    >;
    delete files[MCP_FILE];
    const r = run(files);
    expect(found(r).filter((d) => d.ruleId !== 'declaration/stale')).toEqual([
      {
        ruleId: 'declaration/facets-from-path',
        file: DECL,
        start: pos(json(decl), '"spec/v2/facets/other', '"facetsFrom"'),
      },
    ]);
    expect(r.diagnostics[0]!.message).toBe(
      'mcp: facetsFrom spec/v2/facets/other.schema.json ≠ spec/v2/facets/mcp.schema.json',
    );
  });
});

describe('declaration/facets-from-missing', () => {
  it('a non-canonical facetsFrom is only facets-from-path: it is never looked up', () => {
    const decl = withFamilies(mcpRow({ facetsFrom: '../outside/mcp.schema.json' }));
    const r = run(corpusFiles(decl) as Record<string, string>);
    expect(
      found(r)
        .map((d) => d.ruleId)
        .filter((id) => id !== 'declaration/stale'),
    ).toEqual(['declaration/facets-from-path', 'declaration/orphan-facet-file']);
  });
  it('red: the named file does not exist', () => {
    const files = corpusFiles() as Record<string, string>;
    delete files[MCP_FILE];
    const r = run(files);
    expect(found(r).filter((d) => d.ruleId !== 'declaration/stale')).toEqual([
      {
        ruleId: 'declaration/facets-from-missing',
        file: DECL,
        start: pos(files[DECL]!, '"spec/v2/facets/mcp', '"facetsFrom"'),
      },
    ]);
    expect(r.diagnostics[0]!.message).toBe(
      'mcp: facetsFrom names spec/v2/facets/mcp.schema.json, which does not exist',
    );
  });
});

describe('declaration/facets-from-absent', () => {
  it('red: the family has a facet file but no facetsFrom; the file is not used and not also an orphan', () => {
    const decl = withFamilies(mcpRow({ facetsFrom: undefined, facets: ['revisions'] }));
    const r = run(corpusFiles(decl) as Record<string, string>);
    expect(found(r).filter((d) => d.ruleId !== 'declaration/stale' && d.ruleId !== 'declaration/seed-dropped')).toEqual(
      [{ ruleId: 'declaration/facets-from-absent', file: DECL, start: pos(json(decl), '"mcp"', '"key"') }],
    );
    expect(r.diagnostics.find((d) => d.ruleId === 'declaration/facets-from-absent')!.message).toBe(
      'mcp: spec/v2/facets/mcp.schema.json exists but the family does not declare facetsFrom',
    );
  });

  it('--fix adds facetsFrom after the key, on its own line with the row’s indentation; the fixed declaration passes', () => {
    const decl = withFamilies(mcpRow({ facetsFrom: undefined, facets: Object.keys(MCP_FACETS) }));
    const text = json(decl);
    const d = run(corpusFiles(decl) as Record<string, string>).diagnostics.find(
      (x) => x.ruleId === 'declaration/facets-from-absent',
    )!;
    expect(d.fix).toHaveLength(1);
    const e = d.fix![0]!;
    expect([e.file, text.slice(e.start, e.end), e.before, e.text]).toEqual([
      DECL,
      '"mcp"',
      '"mcp"',
      `"mcp",\n      "facetsFrom": "${MCP_FILE}"`,
    ]);
    const fixed = text.slice(0, e.start) + e.text + text.slice(e.end);
    expect(JSON.parse(fixed).families[0].facetsFrom).toBe(MCP_FILE);
    const again = run({ ...(corpusFiles(decl) as Record<string, string>), [DECL]: fixed });
    expect(found(again).filter((x) => x.ruleId !== 'declaration/stale')).toEqual([]);
  });
});

describe('declaration/orphan-facet-file', () => {
  it('red: a facet file no core family cites, and a non-JSON file, each at 1:1 (the latter never parsed)', () => {
    const files = {
      ...corpusFiles(),
      'spec/v2/facets/ghost.schema.json': json(mcpFacetFile()),
      'spec/v2/facets/notes.txt': 'not json {',
    } as Record<string, string>;
    const r = run(files);
    expect(found(r).filter((d) => d.ruleId !== 'declaration/stale')).toEqual([
      {
        ruleId: 'declaration/orphan-facet-file',
        file: 'spec/v2/facets/ghost.schema.json',
        start: { line: 1, column: 1 },
      },
      { ruleId: 'declaration/orphan-facet-file', file: 'spec/v2/facets/notes.txt', start: { line: 1, column: 1 } },
    ]);
    expect(r.diagnostics[0]!.message).toBe(
      "spec/v2/facets/ghost.schema.json is not cited by any core family's facetsFrom",
    );
  });
  it('red: a facet file cited only by an ext family is still an orphan', () => {
    const decl = withFamilies();
    decl.families[2] = canvasRow({ facetsFrom: 'spec/v2/facets/canvas.schema.json' });
    const files = { ...corpusFiles(decl), 'spec/v2/facets/canvas.schema.json': json({ properties: {} }) } as Record<
      string,
      string
    >;
    expect(found(run(files), 'declaration/orphan-facet-file')).toEqual([
      {
        ruleId: 'declaration/orphan-facet-file',
        file: 'spec/v2/facets/canvas.schema.json',
        start: { line: 1, column: 1 },
      },
    ]);
  });
});

describe('declaration/facet-file-keyword', () => {
  it('red: a constraint outside properties/required/allOf, a non-object type and an open object', () => {
    const file = json({ ...mcpFacetFile(), minProperties: 1, type: 'array', additionalProperties: true });
    const r = run({ ...(corpusFiles() as Record<string, string>), [MCP_FILE]: file });
    expect(found(r).filter((d) => d.ruleId !== 'declaration/stale')).toEqual([
      { ruleId: 'declaration/facet-file-keyword', file: MCP_FILE, start: pos(file, '"type"') },
      { ruleId: 'declaration/facet-file-keyword', file: MCP_FILE, start: pos(file, '"minProperties"') },
      {
        ruleId: 'declaration/facet-file-keyword',
        file: MCP_FILE,
        start: pos(file, '"additionalProperties"', '"minProperties"'),
      },
    ]);
    expect(r.diagnostics.map((d) => d.message)).toContain(`${MCP_FILE}: minProperties is not carried into the record`);
  });
  it('green: tolerated keys ($id, title, description, type object, additionalProperties false) and folded allOf', () => {
    const extra = {
      $id: 'https://x/mcp',
      title: 'mcp',
      description: 'facets',
      additionalProperties: false,
      allOf: [{ minProperties: 1 }],
    };
    const { r, doc } = generatedDoc({
      ...(corpusFiles() as Record<string, string>),
      [MCP_FILE]: json(mcpFacetFile(MCP_FACETS, extra)),
    });
    expect(r.diagnostics).toEqual([]);
    // Folded, not dropped (upstream kept only properties and required).
    expect(doc.properties['mcp']!['allOf']).toEqual([BASE_RULE_1, BASE_RULE_2, { minProperties: 1 }]);
  });
});

describe('declaration/facet-required-unknown', () => {
  it('red: required names a property the file does not declare', () => {
    const file = json(mcpFacetFile(MCP_FACETS, { required: ['revisions', 'nope'] }));
    const r = run({ ...(corpusFiles() as Record<string, string>), [MCP_FILE]: file });
    expect(found(r).filter((d) => d.ruleId !== 'declaration/stale')).toEqual([
      { ruleId: 'declaration/facet-required-unknown', file: MCP_FILE, start: pos(file, '"nope"') },
    ]);
  });
  it('green: required joins the record after status, since, witness, without duplicates', () => {
    const { r, doc } = generatedDoc({
      ...(corpusFiles() as Record<string, string>),
      [MCP_FILE]: json(mcpFacetFile(MCP_FACETS, { required: ['revisions', 'mrtr', 'revisions'] })),
    });
    expect(r.ok).toBe(true);
    expect(doc.properties['mcp']!['required']).toEqual(['status', 'since', 'witness', 'revisions', 'mrtr']);
  });
});

describe('declaration/reserved-facet-name', () => {
  it('red: a facet file property named like a record field; the record field wins', () => {
    const props = { ...MCP_FACETS, status: { type: 'string' } };
    const file = json(mcpFacetFile(props));
    const decl = withFamilies(mcpRow({ facets: Object.keys(props) }));
    const f = fixture({ ...(corpusFiles(decl) as Record<string, string>), [MCP_FILE]: file });
    const r = generate(f.tree());
    expect(found(r).filter((d) => d.ruleId !== 'declaration/stale')).toEqual([
      { ruleId: 'declaration/reserved-facet-name', file: MCP_FILE, start: pos(file, '"status"', '"client"') },
    ]);
    expect(r.diagnostics[0]!.message).toBe(`${MCP_FILE}: facet status collides with a record field`);
  });
  it('red: a v1 node property named witness (supported, tier and experimentalUntil are removed, not reported)', () => {
    const v1 = {
      ...V1_SCHEMA,
      properties: {
        ...V1_SCHEMA.properties,
        toolCatalog: {
          ...TOOL_CATALOG_V1,
          properties: { ...TOOL_CATALOG_V1.properties, witness: { type: 'string' }, tier: {} },
        },
      },
    };
    const decl = withFamilies(
      mcpRow(),
      toolCatalogRow({ facets: ['sources', 'sessionLifecycle', 'compactView', 'witness'] }),
    );
    const text = json(v1);
    const r = run({ ...(corpusFiles(decl) as Record<string, string>), [V1]: text });
    expect(found(r).filter((d) => d.ruleId !== 'declaration/stale')).toEqual([
      { ruleId: 'declaration/reserved-facet-name', file: V1, start: pos(text, '"witness"', '"toolCatalog"') },
    ]);
  });
});

describe('declaration/facets-mismatch', () => {
  it('red: facets[] and a seeded v1 node disagree, naming the v1 node', () => {
    const decl = withFamilies(mcpRow(), toolCatalogRow({ facets: ['sources', 'sessionLifecycle', 'extra'] }));
    const r = run(corpusFiles(decl) as Record<string, string>);
    expect(found(r).filter((d) => d.ruleId !== 'declaration/stale')).toEqual([
      { ruleId: 'declaration/facets-mismatch', file: DECL, start: pos(json(decl), '[', '"toolCatalog"', '"facets"') },
    ]);
    expect(r.diagnostics[0]!.message).toBe(
      'toolCatalog: facets[] and schemas/capabilities.schema.json#/properties/toolCatalog disagree — only in facets[]: extra; only in schemas/capabilities.schema.json#/properties/toolCatalog: compactView',
    );
    expect(r.diagnostics[0]!.related?.[0]?.file).toBe(V1);
  });
  it('red: facets[] names facets but the family has no source at all', () => {
    const decl = withFamilies(
      mcpRow(),
      toolCatalogRow({ key: 'kv', peerDependencyId: 'kv', section: 'core/capabilities.md#kv', facets: ['ttl'] }),
    );
    const files = corpusFiles(decl) as Record<string, string>;
    const r = run(files);
    const d = r.diagnostics.find((x) => x.ruleId === 'declaration/facets-mismatch')!;
    expect(d.message).toBe('kv: facets[] and the record (no facet file, no v1 node) disagree — only in facets[]: ttl');
    // The fix names the file to create and the field that cites it.
    expect(d.hint).toBe(
      'create spec/v2/facets/kv.schema.json declaring ttl under "properties", and set "facetsFrom": "spec/v2/facets/kv.schema.json" on the row',
    );
  });

  it('the fix when the facet file exists but is not cited: set facetsFrom (facets-from-absent is the root cause)', () => {
    const decl = withFamilies(
      mcpRow(),
      toolCatalogRow({ key: 'kv', peerDependencyId: 'kv', section: 'core/capabilities.md#kv', facets: ['ttl'] }),
    );
    const files = {
      ...(corpusFiles(decl) as Record<string, string>),
      'spec/v2/facets/kv.schema.json': json({ type: 'object', properties: { ttl: { type: 'integer' } } }),
    };
    const r = run(files);
    expect(r.diagnostics.find((x) => x.ruleId === 'declaration/facets-mismatch')!.hint).toBe(
      'set "facetsFrom": "spec/v2/facets/kv.schema.json" on the row',
    );
    expect(fullMessage(r.diagnostics.find((x) => x.ruleId === 'declaration/facets-from-absent')!)).toBe(
      'kv: spec/v2/facets/kv.schema.json exists but the family does not declare facetsFrom; delete the file if the family has none of its facets; else add "facetsFrom": "spec/v2/facets/kv.schema.json" to the row (openwop-spec check --fix does)',
    );
  });
});

describe('declaration/facets-order', () => {
  it('red (warning): the same facets in another order; the file is still written', () => {
    const decl = withFamilies(mcpRow({ facets: [...Object.keys(MCP_FACETS)].reverse() }));
    const f = fixture(corpusFiles(decl));
    const w = runGenerator(f.tree(), WRITE);
    expect(w.ok).toBe(true);
    expect(found(w)).toEqual([
      { ruleId: 'declaration/facets-order', file: DECL, start: pos(json(decl), '[', '"facets"') },
    ]);
    expect(w.diagnostics[0]!.severity).toBe('warning');
    expect(w.diagnostics[0]!.message).toBe('mcp: facets[] order differs from spec/v2/facets/mcp.schema.json');
  });
});
