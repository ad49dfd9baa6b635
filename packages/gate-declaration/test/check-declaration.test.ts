// Every check-declaration rule red on a fixture, green on the fixture corpus.
import { describe, expect, it } from 'vitest';
import {
  CANVAS_README,
  CAPABILITIES_MD,
  DECLARATION_SCHEMA,
  DELETED_ROW,
  PROFILE,
  V1_SCHEMA,
  canvasRow,
  checkDecl,
  declaration,
  found,
  generatedFixture,
  json,
  mcpRow,
  metaRow,
  pos,
  toolCatalogRow,
} from './corpus.js';
import type { Decl } from './corpus.js';
import { parseJson } from '@openwop-spec/spec-tree';
import { ENCODINGS } from '@openwop-spec/spec-tree/testing';
import { linkCauses } from '@openwop-spec/diagnostics';
import { floorFile } from '../src/index.js';

/** Line and column of the value at `pointer` (the foundation's position-keeping parser). */
const at = (text: string, pointer: string) => {
  const { line, column } = parseJson(text, 'x.json').locate(pointer).start;
  return { line, column };
};

const DECL = 'spec/v2/declaration.json';
const SCHEMA = 'spec/v2/declaration.schema.json';
const CAPS = 'spec/v2/core/capabilities.md';
const README = 'spec/v2/ext/canvas/README.md';

/** Runs check-declaration on a generated corpus with `files` then overlaid (the schema regenerated first). */
function check(files: Record<string, string | null> = {}) {
  const f = generatedFixture();
  f.write(files);
  return checkDecl(f.tree());
}
const withDecl = (d: Decl) => ({ [DECL]: json(d) });
const families = (...rows: Record<string, unknown>[]) => declaration({ families: rows });
const only = (r: Awaited<ReturnType<typeof check>>, ruleId: string) => found(r, ruleId);

it('green: the fixture corpus passes every rule', async () => {
  const r = await check();
  expect(r.diagnostics).toEqual([]);
  expect(r.ok).toBe(true);
});

describe('declaration/schema', () => {
  it('red: a value the declaration schema rejects, at its position', async () => {
    const d = declaration({ version: '3.0' });
    const r = await check(withDecl(d));
    expect(found(r)).toEqual([{ ruleId: 'declaration/schema', file: DECL, start: pos(json(d), '"3.0"') }]);
    expect(r.diagnostics[0]!.message).toBe('/version: must match pattern "^2\\.[0-9]+$"');
  });
});

describe('declaration/schema-field-undeclared', () => {
  it('red: the live family row lacks normativeText and the profile row lacks summary', async () => {
    const schema = structuredClone(DECLARATION_SCHEMA) as any;
    delete schema.properties.families.items.oneOf[1].properties.normativeText;
    delete schema.properties.profiles.items.properties.summary;
    schema.properties.families.items.oneOf[1].additionalProperties = true;
    schema.properties.profiles.items.additionalProperties = true;
    const text = json(schema);
    const r = await check({ [SCHEMA]: text });
    expect(only(r, 'declaration/schema-field-undeclared')).toEqual([
      {
        ruleId: 'declaration/schema-field-undeclared',
        file: SCHEMA,
        start: at(text, '/properties/families/items/oneOf/1/properties'),
      },
      {
        ruleId: 'declaration/schema-field-undeclared',
        file: SCHEMA,
        start: at(text, '/properties/profiles/items/properties'),
      },
    ]);
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      'declaration.schema.json does not declare normativeText on the live family row, which the gates read',
      'declaration.schema.json does not declare summary on the profile row, which the gates read',
    ]);
  });
  it('green: fields declared through a local $ref and an allOf member count', async () => {
    const schema = structuredClone(DECLARATION_SCHEMA) as any;
    const live = schema.properties.families.items.oneOf[1];
    const { normativeText, facetsFrom, ...rest } = live.properties;
    schema.$defs = {
      live: {
        ...live,
        properties: rest,
        allOf: [{ properties: { normativeText, facetsFrom } }],
        additionalProperties: true,
      },
    };
    schema.properties.families.items.oneOf[1] = { $ref: '#/$defs/live' };
    expect(only(await check({ [SCHEMA]: json(schema) }), 'declaration/schema-field-undeclared')).toEqual([]);
  });
});

describe('declaration/v1-key-unanchored', () => {
  it('red: a v1 root key with no row', async () => {
    const v1 = { ...V1_SCHEMA, properties: { ...V1_SCHEMA.properties, legacyThing: { type: 'object' } } };
    const text = json(v1);
    const r = await check({ 'schemas/capabilities.schema.json': text });
    expect(found(r)).toEqual([
      {
        ruleId: 'declaration/v1-key-unanchored',
        file: 'schemas/capabilities.schema.json',
        start: pos(text, '"legacyThing"'),
      },
    ]);
    expect(r.diagnostics[0]!.message).toBe(
      'v1 root key `legacyThing` has no row — a reserved-undefined slot is unrepresentable under a closed root (RFC 0169 §B.3)',
    );
  });
});

describe('declaration/duplicate-key', () => {
  it('red: a key in metadata and families, reported at its second occurrence', async () => {
    const d = declaration();
    d.metadata.push(metaRow('mcp', { disposition: 'deleted' }));
    const r = await check(withDecl(d));
    expect(only(r, 'declaration/duplicate-key')).toEqual([
      { ruleId: 'declaration/duplicate-key', file: DECL, start: pos(json(d), '"mcp"', '"families"') },
    ]);
    expect(r.diagnostics.find((x) => x.ruleId === 'declaration/duplicate-key')!.message).toBe(
      'key `mcp` appears 2 times',
    );
  });
});

describe('declaration/duplicate-key and the counts', () => {
  it('a repeated family row is one family in the generator’s counts, as in the classification', async () => {
    const d = declaration();
    d.families.push(mcpRow());
    const r = await check(withDecl(d));
    expect(only(r, 'declaration/duplicate-key')).toHaveLength(1);
    const { core } = r.figures['counts'] as { core: number };
    expect(core).toBe(new Set(d.families.filter((f) => f['anchor'] === 'core').map((f) => f['key'])).size);
    expect(core).toBe(d.families.filter((f) => f['anchor'] === 'core').length - 1);
  });
});

describe('declaration/owning-rfc', () => {
  const RFC = 'RFCS/0204-v2-host-mcp-client.md';
  it('red: an owningRfc at or after the first RFC filed under RFCS/ with no file there, a warning at the value with the nearest filed RFC', async () => {
    const d = families(mcpRow({ owningRfc: '0205' }), toolCatalogRow(), canvasRow(), DELETED_ROW);
    const r = await check({ ...withDecl(d), [RFC]: '# RFC 0204\n' });
    expect(only(r, 'declaration/owning-rfc')).toEqual([
      { ruleId: 'declaration/owning-rfc', file: DECL, start: pos(json(d), '"0205"') },
    ]);
    const x = r.diagnostics.find((y) => y.ruleId === 'declaration/owning-rfc')!;
    expect(x.severity).toBe('warning');
    expect(x.message).toBe(
      'mcp: owningRfc 0205 names no RFC in RFCS/ (no RFCS/0205-*.md; the folder holds the RFCs from 0204 on) — did you mean 0204 (RFCS/0204-v2-host-mcp-client.md)?',
    );
    expect(x.hint).toBe('correct the number, or file the RFC as RFCS/0205-<title>.md');
  });
  it('green: the RFC filed, an RFC older than the folder’s first, no RFCS/ folder, or one with no RFC file', async () => {
    const d = families(mcpRow({ owningRfc: '0205' }), toolCatalogRow(), canvasRow(), DELETED_ROW);
    const rfcs = (r: Awaited<ReturnType<typeof check>>) => only(r, 'declaration/owning-rfc');
    expect(rfcs(await check({ ...withDecl(d), [RFC]: '#\n', 'RFCS/0205-timers.md': '#\n' }))).toEqual([]);
    // mcp's 0153 and toolCatalog's 0078 predate RFCS/'s first RFC.
    expect(rfcs(await check({ [RFC]: '#\n' }))).toEqual([]);
    expect(rfcs(await check(withDecl(d)))).toEqual([]);
    expect(rfcs(await check({ ...withDecl(d), 'RFCS/README.md': '# RFCs\n' }))).toEqual([]);
  });
});

describe('row rules', () => {
  it('declaration/peer-id: peerDependencyId differs from the key', async () => {
    const d = families(mcpRow({ peerDependencyId: 'host.mcp' }), toolCatalogRow(), canvasRow(), DELETED_ROW);
    expect(found(await check(withDecl(d)))).toEqual([
      { ruleId: 'declaration/peer-id', file: DECL, start: pos(json(d), '"host.mcp"') },
    ]);
  });
  it('declaration/witness-class: a witness that is not a wire class', async () => {
    const d = families(mcpRow(), toolCatalogRow(), canvasRow({ witness: 'unwitnessable' }), DELETED_ROW);
    const r = await check(withDecl(d));
    expect(found(r)).toEqual([
      { ruleId: 'declaration/witness-class', file: DECL, start: pos(json(d), '"unwitnessable"') },
    ]);
    expect(r.diagnostics[0]!.message).toBe('canvas: witness unwitnessable is not a wire class');
  });
  it('declaration/externally-gated-stable: externally gated and stable', async () => {
    const d = families(
      mcpRow(),
      toolCatalogRow(),
      canvasRow({ disposition: 'externally-gated', maturity: { technical: 'stable', adoption: 'none' } }),
      DELETED_ROW,
    );
    expect(found(await check(withDecl(d)))).toEqual([
      { ruleId: 'declaration/externally-gated-stable', file: DECL, start: pos(json(d), '"stable"', '"canvas"') },
    ]);
    const ok = families(mcpRow(), toolCatalogRow(), canvasRow({ disposition: 'externally-gated' }), DELETED_ROW);
    expect(found(await check(withDecl(ok)))).toEqual([]);
  });
  it('declaration/section: core and ext sections', async () => {
    const d = families(
      mcpRow({ section: 'core/interop.md#mcp' }),
      toolCatalogRow(),
      canvasRow({ section: 'ext/canvas' }),
      DELETED_ROW,
    );
    const r = await check(withDecl(d));
    // The record description carries the section, so the generated schema is stale as well.
    expect(only(r, 'declaration/section')).toEqual([
      { ruleId: 'declaration/section', file: DECL, start: pos(json(d), '"core/interop.md#mcp"') },
      { ruleId: 'declaration/section', file: DECL, start: pos(json(d), '"ext/canvas"') },
    ]);
    expect(r.diagnostics.filter((x) => x.ruleId === 'declaration/section').map((x) => x.message)).toEqual([
      'mcp: section core/interop.md#mcp ≠ core/capabilities.md#mcp',
      'canvas: section ext/canvas ≠ ext/canvas/',
    ]);
  });
  it('declaration/normative-text-path: not canonical, and missing', async () => {
    const d = families(
      mcpRow({ normativeText: ['spec/v2/core/../core/interop.md', 'spec/v2/core/nope.md'] }),
      toolCatalogRow(),
      canvasRow(),
      DELETED_ROW,
    );
    const r = await check(withDecl(d));
    expect(found(r)).toEqual([
      { ruleId: 'declaration/normative-text-path', file: DECL, start: pos(json(d), '"spec/v2/core/../') },
      { ruleId: 'declaration/normative-text-path', file: DECL, start: pos(json(d), '"spec/v2/core/nope.md"') },
    ]);
    expect(r.diagnostics.map((x) => x.message)).toEqual([
      "mcp: normativeText entry spec/v2/core/../core/interop.md is not canonical ('..' segment)",
      'mcp: normativeText entry spec/v2/core/nope.md does not exist',
    ]);
  });
  it('declaration/normative-text-path: a name no file can have (a NUL byte, a segment over 255 bytes) is a finding at its row, not an input error', async () => {
    const long = `spec/v2/core/${'x'.repeat(300)}.md`;
    const d = families(
      mcpRow({ normativeText: ['spec/v2/core/a\u0000b.md', long] }),
      toolCatalogRow(),
      canvasRow(),
      DELETED_ROW,
    );
    const r = await check(withDecl(d));
    expect(found(r)).toEqual([
      { ruleId: 'declaration/normative-text-path', file: DECL, start: pos(json(d), '"spec/v2/core/a\\u0000b.md"') },
      { ruleId: 'declaration/normative-text-path', file: DECL, start: pos(json(d), `"${long}"`) },
    ]);
    expect(r.diagnostics.map((x) => x.message)).toEqual([
      'mcp: normativeText entry spec/v2/core/a\u0000b.md is not canonical (NUL byte)',
      `mcp: normativeText entry ${long} is not canonical (segment over 255 bytes)`,
    ]);
  });
});

describe('declaration/key-renamed', () => {
  it('red: a misspelled key is one root cause, at the key; its heading, v1 anchor and record findings follow from it', async () => {
    const d = families(mcpRow(), toolCatalogRow({ key: 'toolCatalg' }), canvasRow(), DELETED_ROW);
    const [linked] = linkCauses([await check(withDecl(d))]);
    const roots = linked!.diagnostics.filter((x) => !x.causedBy);
    expect(
      roots.map(({ ruleId, file, start }) => ({ ruleId, file, start: { line: start!.line, column: start!.column } })),
    ).toEqual([{ ruleId: 'declaration/key-renamed', file: DECL, start: pos(json(d), '"toolCatalg"') }]);
    expect(roots[0]!.message).toContain('peerDependencyId and section say `toolCatalog` — did you mean `toolCatalog`?');
    expect(linked!.diagnostics.map((x) => x.ruleId).sort()).toEqual([
      'declaration/capabilities-heading',
      'declaration/capabilities-heading',
      'declaration/facets-mismatch',
      'declaration/key-renamed',
      'declaration/v1-key-unanchored',
    ]);
  });
  it('green: a rename done in the key, peerDependencyId and section together', async () => {
    const d = families(
      mcpRow(),
      toolCatalogRow({ key: 'toolCatalg', peerDependencyId: 'toolCatalg', section: 'core/capabilities.md#toolCatalg' }),
      canvasRow(),
      DELETED_ROW,
    );
    expect(found(await check(withDecl(d)), 'declaration/key-renamed')).toEqual([]);
  });
});

describe('declaration/capabilities-heading', () => {
  it('red: a misspelled heading is the root cause, with did-you-mean; the family left without a heading follows from it', async () => {
    const r = await check({ [CAPS]: CAPABILITIES_MD.replace('### § `toolCatalog`', '### § `toolCatalg`') });
    const [linked] = linkCauses([r]);
    expect(linked!.diagnostics.map((x) => [x.ruleId, x.file, x.causedBy?.file])).toEqual([
      ['declaration/capabilities-heading', CAPS, undefined],
      ['declaration/capabilities-heading', DECL, CAPS],
    ]);
    expect(linked!.diagnostics[0]!.message).toBe(
      'core/capabilities.md § toolCatalg names no core family — did you mean `toolCatalog`, which has no heading?',
    );
  });

  it('red: a core family without a heading (at its row), an extra and a repeated heading (at the heading)', async () => {
    const md =
      '# Capabilities\n\n## § `mcp`\n\n## §`canvas`\n\n#### § mcp again\n\n##### § toolCatalog (too deep)\n\n    ## § toolCatalog (code)\n';
    const r = await check({ [CAPS]: md });
    expect(found(r)).toEqual([
      { ruleId: 'declaration/capabilities-heading', file: CAPS, start: { line: 5, column: 1 } },
      { ruleId: 'declaration/capabilities-heading', file: CAPS, start: { line: 7, column: 1 } },
      {
        ruleId: 'declaration/capabilities-heading',
        file: DECL,
        start: pos(json(declaration()), '"toolCatalog"', '"families"'),
      },
    ]);
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      'core/capabilities.md § canvas names a family the declaration does not anchor in core',
      'core/capabilities.md § mcp repeats an earlier heading for the same family',
      'core/capabilities.md has no § heading for toolCatalog',
    ]);
  });
  it('red: no capabilities.md at all leaves every core family without a heading', async () => {
    expect(found(await check({ [CAPS]: null })).map((d) => d.ruleId)).toEqual([
      'declaration/capabilities-heading',
      'declaration/capabilities-heading',
    ]);
  });
  it('green: headings of depth 2–4, with or without backticks', async () => {
    expect(found(await check({ [CAPS]: CAPABILITIES_MD.replace('### § `toolCatalog`', '#### §toolCatalog') }))).toEqual(
      [],
    );
  });
});

/** `text` with every edit of a finding's fix applied (what `check --fix` writes). */
function applyFix(
  text: string,
  d: { fix?: ReadonlyArray<{ start: number; end: number; before: string; text: string }> },
): string {
  let out = text;
  for (const e of [...(d.fix ?? [])].sort((a, b) => b.start - a.start)) {
    expect(out.slice(e.start, e.end)).toBe(e.before);
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
  }
  return out;
}

describe('declaration/capabilities-summary', () => {
  const MCP_LINE =
    'Witness `seam-gated`, experimental; RFC 0153; facets ' +
    (mcpRow()['facets'] as string[]).map((f) => `\`${f}\``).join(', ') +
    ' (facet file). Home: `interop.md`, `host-services.md`.';
  const withSummary = (line: string) =>
    CAPABILITIES_MD.replace('## § `mcp`\n\nStub.', `## § \`mcp\`\n\n${line} More prose stays.`);

  it('green: the summary line says what the declaration says (core homes by name); a section without a Witness line is not read', async () => {
    expect(found(await check({ [CAPS]: withSummary(MCP_LINE) }))).toEqual([]);
  });

  it('red: a stale home and bucket, at the line; --fix rewrites only the part the declaration decides', async () => {
    const stale = MCP_LINE.replace('Home: `interop.md`, `host-services.md`.', 'Home: `spec/v1/mcp.md` (v1-dependent).');
    const md = withSummary(stale);
    const r = await check({ [CAPS]: md });
    expect(found(r)).toEqual([
      { ruleId: 'declaration/capabilities-summary', file: CAPS, start: { line: 7, column: 1 } },
    ]);
    expect(r.diagnostics[0]!.message).toBe(
      `core/capabilities.md § mcp says "${stale}" but the declaration says "${MCP_LINE}"`,
    );
    const fixed = applyFix(md, r.diagnostics[0]!);
    expect(fixed).toBe(withSummary(MCP_LINE));
    expect(found(await check({ [CAPS]: fixed }))).toEqual([]);
  });

  it('a summary line whose home path does not exist, or whose facets are in error, follows from that root cause', async () => {
    const d = families(
      mcpRow({ normativeText: ['spec/v2/core/interop.md', 'spec/v2/core/gone.md'] }),
      toolCatalogRow(),
      canvasRow(),
      DELETED_ROW,
    );
    const r = await check({ ...withDecl(d), [CAPS]: withSummary(MCP_LINE) });
    const summary = r.diagnostics.find((x) => x.ruleId === 'declaration/capabilities-summary')!;
    expect(summary.subjects).toEqual(
      expect.arrayContaining(['family:mcp', 'facets:mcp', 'path:spec/v2/core/interop.md', 'path:spec/v2/core/gone.md']),
    );
    // The home gate's missing-path finding explains `path:…`: linked, the summary is its consequence.
    const missing = {
      gate: 'normative-home',
      ruleId: 'home/missing',
      severity: 'error' as const,
      message: 'gone',
      explains: ['path:spec/v2/core/gone.md'],
    };
    const [, decl] = linkCauses([
      {
        gate: 'normative-home',
        ok: false,
        exitCode: 1,
        summaryLine: '',
        printout: [],
        figures: {},
        diagnostics: [missing],
      },
      r,
    ]);
    expect(decl!.diagnostics.find((x) => x.ruleId === 'declaration/capabilities-summary')!.causedBy?.ruleId).toBe(
      'home/missing',
    );
  });

  it('red: a facet added to the declaration makes the facet list stale', async () => {
    const r = await check({
      [CAPS]: withSummary(MCP_LINE.replace('`client` (facet file)', '`client`, `extra` (facet file)')),
    });
    expect(found(r).map((d) => d.ruleId)).toEqual(['declaration/capabilities-summary']);
  });
});

describe('declaration/capabilities-heading --fix', () => {
  it('the stub of a missing heading, with its summary line, goes before the next core family’s section', async () => {
    const md = CAPABILITIES_MD.replace('## § `mcp`\n\nStub.\n\n', '');
    const r = await check({ [CAPS]: md });
    const d = r.diagnostics.find((x) => x.ruleId === 'declaration/capabilities-heading')!;
    const fixed = applyFix(md, d);
    expect(fixed).toContain(
      'Intro.\n\n### § `mcp`\n\nWitness `seam-gated`, experimental; RFC 0153; facets `revisions`',
    );
    expect(fixed).toContain('Home: `interop.md`, `host-services.md`.\n\n### § `toolCatalog`');
    expect(found(await check({ [CAPS]: fixed }))).toEqual([]);
  });

  it('the last core family’s stub goes after the last § section', async () => {
    const md = CAPABILITIES_MD.replace('### § `toolCatalog`\n\nStub.\n\n', '');
    const r = await check({ [CAPS]: md });
    const fixed = applyFix(md, r.diagnostics.find((x) => x.ruleId === 'declaration/capabilities-heading')!);
    expect(fixed).toMatch(
      /## § `mcp`\n\nStub\.\n\n## § `toolCatalog`\n\nWitness `witnessable-gated`, experimental; RFC 0078; facets `sources`, `sessionLifecycle`, `compactView`\. Home: `tool-catalog\.md`\.\n\n## Extensions\n$/,
    );
    expect(found(await check({ [CAPS]: fixed }))).toEqual([]);
  });
});

describe('every fix check-declaration promises is made, over each encoding (LF, BOM, CRLF, mixed)', () => {
  const MCP_LINE =
    'Witness `seam-gated`, experimental; RFC 0153; facets ' +
    (mcpRow()['facets'] as string[]).map((f) => `\`${f}\``).join(', ') +
    ' (facet file). Home: `interop.md`, `host-services.md`.';
  const encodings = Object.entries(ENCODINGS);
  /** A fix keeps the file's BOM, and every line it adds ends as its neighbours do: no bare LF in a CRLF file. */
  const keepsEncoding = (name: string, fixed: string): void => {
    expect(fixed.charCodeAt(0) === 0xfeff).toBe(name === 'bom');
    if (name === 'crlf') expect(fixed).not.toMatch(/[^\r]\n/);
    if (name === 'lf' || name === 'bom') expect(fixed).not.toContain('\r');
  };

  it.each(encodings)('declaration/capabilities-summary in a %s capabilities.md', async (name, encode) => {
    const good = CAPABILITIES_MD.replace('## § `mcp`\n\nStub.', `## § \`mcp\`\n\n${MCP_LINE} More prose.`);
    const md = encode(
      good.replace('Home: `interop.md`, `host-services.md`.', 'Home: `spec/v1/mcp.md` (v1-dependent).'),
    );
    const r = await check({ [CAPS]: md });
    const fixed = applyFix(md, r.diagnostics.find((x) => x.ruleId === 'declaration/capabilities-summary')!);
    expect(fixed).toBe(encode(good));
    expect(found(await check({ [CAPS]: fixed }))).toEqual([]);
  });

  it.each(encodings)(
    'declaration/capabilities-heading: the missing stub in a %s capabilities.md',
    async (name, encode) => {
      const md = encode(CAPABILITIES_MD.replace('## § `mcp`\n\nStub.\n\n', ''));
      const r = await check({ [CAPS]: md });
      const fixed = applyFix(md, r.diagnostics.find((x) => x.ruleId === 'declaration/capabilities-heading')!);
      expect(fixed.replace(/\r\n/g, '\n').replace(/^\ufeff/, '')).toContain('### § `mcp`\n\nWitness `seam-gated`');
      keepsEncoding(name, fixed);
      expect(found(await check({ [CAPS]: fixed }))).toEqual([]);
    },
  );

  it.each(encodings)('declaration/facets-from-absent in a %s declaration', async (name, encode) => {
    const d = families(mcpRow({ facetsFrom: undefined }), toolCatalogRow(), canvasRow(), DELETED_ROW);
    const text = encode(json(d));
    const r = await check({ [DECL]: text });
    const fixed = applyFix(text, r.diagnostics.find((x) => x.ruleId === 'declaration/facets-from-absent')!);
    expect(JSON.parse(fixed.replace(/^\ufeff/, '')).families[0].facetsFrom).toBe('spec/v2/facets/mcp.schema.json');
    keepsEncoding(name, fixed);
    expect(found(await check({ [DECL]: fixed })).filter((x) => x.ruleId !== 'declaration/stale')).toEqual([]);
  });
});

describe('declaration/ext-readme', () => {
  it('red: an ext family without a README, at its row', async () => {
    const r = await check({ [README]: null });
    expect(found(r)).toEqual([
      { ruleId: 'declaration/ext-readme', file: DECL, start: pos(json(declaration()), '"canvas"', '"families"') },
    ]);
    expect(r.diagnostics[0]!.message).toBe('ext family canvas has no spec/v2/ext/canvas/README.md');
  });
  it('red: a field only after the first ## heading or inside an HTML comment does not count', async () => {
    const md =
      CANVAS_README.replace('| **technical:** | `experimental` |\n', '').replace(
        '| **adoption:** | `none` |\n',
        '<!-- adoption: none -->\n',
      ) + '\ntechnical: experimental\n';
    const r = await check({ [README]: md });
    expect(found(r)).toEqual([
      { ruleId: 'declaration/ext-readme', file: README, start: { line: 1, column: 1 } },
      { ruleId: 'declaration/ext-readme', file: README, start: { line: 1, column: 1 } },
    ]);
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      `${README} header lacks \`technical:\` (RFC 0169 §C.2)`,
      `${README} header lacks \`adoption:\` (RFC 0169 §C.2)`,
    ]);
  });
});

describe('declaration/requirement-id', () => {
  it('red: an id that is neither planned: nor in the conformance requirements', async () => {
    const d = families(
      mcpRow(),
      toolCatalogRow({ requirementIds: ['planned:x', 'REQ-NOPE'] }),
      canvasRow(),
      DELETED_ROW,
    );
    const r = await check(withDecl(d));
    expect(found(r)).toEqual([{ ruleId: 'declaration/requirement-id', file: DECL, start: pos(json(d), '"REQ-NOPE"') }]);
    expect(r.diagnostics[0]!.message).toBe(
      'toolCatalog: requirement id REQ-NOPE is neither planned: nor in packages/conformance/requirements.json',
    );
  });
  it('red: with no requirements file, a profile id is unknown too', async () => {
    const r = await check({ 'packages/conformance/requirements.json': null });
    expect(found(r)).toEqual([
      { ruleId: 'declaration/requirement-id', file: DECL, start: pos(json(declaration()), '"REQ-MCP-1"') },
    ]);
    expect(r.diagnostics[0]!.message).toBe(
      'openwop-mcp-client-v2: requirement id REQ-MCP-1 is neither planned: nor in packages/conformance/requirements.json',
    );
  });
});

describe('profiles', () => {
  const withProfile = (p: Record<string, unknown>) => declaration({ profiles: [{ ...PROFILE, ...p }] });
  it('declaration/profile-ref: an ext family and a deleted metadata key', async () => {
    const d = withProfile({ predicate: { families: ['mcp', 'canvas'], metadata: ['legacyFlag'] } });
    const r = await check(withDecl(d));
    expect(found(r)).toEqual([
      { ruleId: 'declaration/profile-ref', file: DECL, start: pos(json(d), '"canvas"', '"predicate"') },
      { ruleId: 'declaration/profile-ref', file: DECL, start: pos(json(d), '"legacyFlag"', '"predicate"') },
    ]);
    expect(r.diagnostics.map((x) => x.message)).toEqual([
      'openwop-mcp-client-v2: predicate names canvas, which is not a core family',
      'openwop-mcp-client-v2: predicate names legacyFlag, which is not a kept metadata key',
    ]);
  });

  it('declaration/profile-ref: a facet its family does not declare, or of a non-core family', async () => {
    const d = withProfile({ predicate: { families: ['mcp'], facets: ['mcp.nope', 'canvas.client', 'mcp'] } });
    const r = await check(withDecl(d));
    expect(found(r)).toEqual([
      { ruleId: 'declaration/profile-ref', file: DECL, start: pos(json(d), '"mcp.nope"', '"predicate"') },
      { ruleId: 'declaration/profile-ref', file: DECL, start: pos(json(d), '"canvas.client"', '"predicate"') },
      { ruleId: 'declaration/profile-ref', file: DECL, start: pos(json(d), '"mcp"', '"canvas.client"') },
    ]);
    expect(r.diagnostics[0]!.message).toBe(
      'openwop-mcp-client-v2: predicate names facet mcp.nope, which is not <core family>.<a facet that family declares>',
    );
  });

  it('green: a predicate naming a facet its core family declares', async () => {
    const d = withProfile({ predicate: { families: ['mcp'], facets: ['mcp.client'] } });
    expect(found(await check(withDecl(d)))).toEqual([]);
  });
  it('declaration/floor-empty: a predicate with no floor', async () => {
    const d = withProfile({ floorScenarios: [] });
    const r = await check(withDecl(d));
    expect(found(r)).toEqual([
      { ruleId: 'declaration/floor-empty', file: DECL, start: pos(json(d), '[]', '"profiles": [', '"floorScenarios"') },
    ]);
    expect(r.diagnostics[0]!.message).toBe(
      'openwop-mcp-client-v2: predicate names 1 family(ies) and 1 metadata key(s) but floorScenarios is empty — a profile with no floor certifies on no evidence',
    );
    expect(found(await check(withDecl(withProfile({ predicate: {}, floorScenarios: [] }))))).toEqual([]);
  });
  it('declaration/floor-missing: planned and named entries that resolve to no scenario file', async () => {
    const d = withProfile({ floorScenarios: ['planned:nope', 'gone.test.ts', '../escape'] });
    const r = await check(withDecl(d));
    expect(found(r).map((x) => x.ruleId)).toEqual([
      'declaration/floor-missing',
      'declaration/floor-missing',
      'declaration/floor-missing',
    ]);
    expect(found(r)[0]).toEqual({
      ruleId: 'declaration/floor-missing',
      file: DECL,
      start: pos(json(d), '"planned:nope"'),
    });
    expect(r.diagnostics[0]!.message).toBe(
      'openwop-mcp-client-v2: floorScenarios entry `planned:nope` resolves to packages/conformance/src/scenarios/v2-nope.test.ts, which does not exist — a declared floor with no scenario certifies nothing',
    );
  });
  it('declaration/floor-not-major-2: a floor file the manifest runs only under major 1', async () => {
    const d = withProfile({ floorScenarios: ['tool-catalog-projection', 'legacy'] });
    const r = await check({
      ...withDecl(d),
      'packages/conformance/src/scenarios/legacy.test.ts': 'export {};\n',
      'packages/conformance/scenario-majors.json': json({
        counts: {},
        majors: {
          'legacy.test.ts': [1],
          'tool-catalog-projection.test.ts': [1, 2],
          'v2-mcp-client-results.test.ts': [2],
        },
      }),
    });
    expect(found(r)).toEqual([
      { ruleId: 'declaration/floor-not-major-2', file: DECL, start: pos(json(d), '"legacy"') },
    ]);
    expect(r.diagnostics[0]!.message).toBe(
      'openwop-mcp-client-v2: floor file legacy.test.ts does not target major 2 in packages/conformance/scenario-majors.json — it never runs in a v2 certification',
    );
  });
  it('a missing scenario manifest is an input error when a floor needs it', async () => {
    const f = generatedFixture();
    f.write({ 'packages/conformance/scenario-majors.json': null });
    await expect(checkDecl(f.tree())).rejects.toThrowError(
      expect.objectContaining({ name: 'InputError', location: { file: 'packages/conformance/scenario-majors.json' } }),
    );
  });
  it('floor entries resolve as upstream: planned:<stem> → v2-<stem>.test.ts, else one .test.ts suffix', () => {
    expect(floorFile('planned:mcp-client-results')).toBe('v2-mcp-client-results.test.ts');
    expect(floorFile('tool-catalog-projection')).toBe('tool-catalog-projection.test.ts');
    expect(floorFile('tool-catalog-projection.test.ts')).toBe('tool-catalog-projection.test.ts');
  });
});
