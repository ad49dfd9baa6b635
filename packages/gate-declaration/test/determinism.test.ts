// Deterministic bytes, deprecations in the one pipeline, and the ghost guard.
import { describe, expect, it, vi } from 'vitest';
import {
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
  generatedFixture,
  json,
  mcpFacetFile,
  mcpRow,
  pos,
  toolCatalogRow,
  WRITE,
} from './corpus.js';
import { buildCapabilities, loadInputs, render, runGenerator } from '../src/index.js';

const OUT = 'schemas/v2/capabilities.schema.json';
const DEP = 'spec/v2/capabilities.deprecations.json';
const V1 = 'schemas/capabilities.schema.json';
const MCP_FILE = 'spec/v2/facets/mcp.schema.json';

describe('determinism', () => {
  it('regenerating twice gives identical bytes, and the second write is a no-op', () => {
    const f = generatedFixture();
    const first = f.tree().text(OUT);
    const again = runGenerator(f.tree(), WRITE);
    expect(again.summaryLine).toBe(`wrote ${OUT} (unchanged)`);
    expect(f.tree().text(OUT)).toBe(first);
    expect(buildCapabilities(loadInputs(f.tree())).text).toBe(first);
  });

  it('renders JSON.stringify(doc, null, 2) plus one newline: LF only, raw UTF-8', () => {
    const f = generatedFixture();
    const text = f.tree().text(OUT);
    expect(text).toBe(render(JSON.parse(text)));
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.includes('\r')).toBe(false);
    expect(text).toContain('Present ⇒ the host');
    expect(text).not.toContain('\\u21d2');
  });

  it('generation calls no locale, collation or clock API, so no locale or time zone can change a byte', () => {
    const f = fixture(corpusFiles());
    const tree = f.tree();
    const input = loadInputs(tree);
    const boom = (what: string) => () => {
      throw new Error(`generation called ${what}`);
    };
    const spies = [
      vi.spyOn(String.prototype, 'localeCompare').mockImplementation(boom('localeCompare')),
      vi.spyOn(Number.prototype, 'toLocaleString').mockImplementation(boom('Number#toLocaleString')),
      vi.spyOn(Array.prototype, 'toLocaleString').mockImplementation(boom('Array#toLocaleString')),
      vi.spyOn(Date, 'now').mockImplementation(boom('Date.now')),
      vi.spyOn(Intl, 'Collator').mockImplementation(boom('Intl.Collator')),
      vi.spyOn(Intl, 'NumberFormat').mockImplementation(boom('Intl.NumberFormat')),
    ];
    let text: string;
    try {
      text = buildCapabilities(input).text;
    } finally {
      for (const s of spies) s.mockRestore();
    }
    expect(text).toBe(buildCapabilities(input).text);
  });
});

describe('deprecations', () => {
  it('appends deprecated and x-openwop-remove-in to the object at each pointer, as its last keys', () => {
    const f = fixture({
      ...(corpusFiles() as Record<string, string>),
      [DEP]: json({ $comment: 'removals', '/properties/mcp/properties/mrtr': '2.3' }),
    });
    const r = runGenerator(f.tree(), WRITE);
    expect(r.ok).toBe(true);
    const mrtr = JSON.parse(f.tree().text(OUT)).properties.mcp.properties.mrtr;
    expect(mrtr).toStrictEqual({ ...(MCP_FACETS['mrtr'] as object), deprecated: true, 'x-openwop-remove-in': '2.3' });
    expect(Object.keys(mrtr).slice(-2)).toEqual(['deprecated', 'x-openwop-remove-in']);
  });

  it('red: declaration/deprecation-target-missing for a pointer that names nothing (or not an object)', () => {
    const text = json({ '/properties/nope': '2.3', '/properties/mcp/required': '2.4' });
    const r = generate(fixture({ ...(corpusFiles() as Record<string, string>), [DEP]: text }).tree());
    expect(found(r).filter((d) => d.ruleId !== 'declaration/stale')).toEqual([
      { ruleId: 'declaration/deprecation-target-missing', file: DEP, start: pos(text, '"/properties/nope"') },
      { ruleId: 'declaration/deprecation-target-missing', file: DEP, start: pos(text, '"/properties/mcp/required"') },
    ]);
    expect(r.diagnostics[0]!.message).toBe(`deprecation pointer /properties/nope names no object in ${OUT}`);
  });

  it('a malformed deprecations file is an input error with its position', () => {
    const text = json({ '/properties/mcp': 'soon' });
    expect(() => generate(fixture({ ...(corpusFiles() as Record<string, string>), [DEP]: text }).tree())).toThrowError(
      expect.objectContaining({
        name: 'InputError',
        location: { file: DEP, start: expect.objectContaining({ line: 2, column: 22 }) },
      }),
    );
  });
});

describe('declaration/supported-ghost', () => {
  it('red: a facet description that conditions on supported, at its facet-file position', () => {
    const props = {
      ...MCP_FACETS,
      features: { type: 'array', description: 'Only meaningful when `supported` is true.' },
    };
    const text = json(mcpFacetFile(props));
    const r = generate(fixture({ ...(corpusFiles() as Record<string, string>), [MCP_FILE]: text }).tree());
    expect(found(r).filter((d) => d.ruleId !== 'declaration/stale')).toEqual([
      { ruleId: 'declaration/supported-ghost', file: MCP_FILE, start: pos(text, '"Only', '"features"') },
    ]);
    expect(r.diagnostics[0]!.message).toBe(
      `/properties/mcp/properties/features/description: description conditions on a supported field (from ${MCP_FILE}#/properties/features/description): Only meaningful when \`supported\` is true.`,
    );
  });

  it('red: `supported: true` in a seeded v1 description, traced through a re-indexed allOf element', () => {
    const sources = {
      type: 'array',
      allOf: [{ required: ['tier'] }, { description: 'Listed if supported === true.' }],
    };
    const v1 = {
      ...V1_SCHEMA,
      properties: {
        ...V1_SCHEMA.properties,
        toolCatalog: { ...TOOL_CATALOG_V1, properties: { ...TOOL_CATALOG_V1.properties, sources } },
      },
    };
    const text = json(v1);
    const r = generate(fixture({ ...(corpusFiles() as Record<string, string>), [V1]: text }).tree());
    expect(found(r, 'declaration/supported-ghost')).toEqual([
      { ruleId: 'declaration/supported-ghost', file: V1, start: pos(text, '"Listed', '"toolCatalog"') },
    ]);
    expect(r.diagnostics.find((d) => d.ruleId === 'declaration/supported-ghost')!.message).toContain(
      `(from ${V1}#/properties/toolCatalog/properties/sources/allOf/1/description)`,
    );
  });

  it('red: a generated record description, traced to the declaration row', () => {
    const decl = declaration({
      families: [
        mcpRow(),
        toolCatalogRow({ section: 'core/capabilities.md#toolCatalog when supported' }),
        canvasRow(),
        DELETED_ROW,
      ],
    });
    const r = generate(fixture(corpusFiles(decl)).tree());
    // The row object itself: its `{` sits on the line before its key.
    const key = pos(json(decl), '"key": "toolCatalog"');
    expect(found(r, 'declaration/supported-ghost')).toEqual([
      {
        ruleId: 'declaration/supported-ghost',
        file: 'spec/v2/declaration.json',
        start: { line: key.line - 1, column: 5 },
      },
    ]);
  });

  it('green: the root description and descriptions that merely mention support', () => {
    const props = {
      ...MCP_FACETS,
      features: { type: 'array', description: 'Features the host supports; supported features are listed.' },
    };
    const r = generate(
      fixture({ ...(corpusFiles() as Record<string, string>), [MCP_FILE]: json(mcpFacetFile(props)) }).tree(),
    );
    expect(r.diagnostics.filter((d) => d.ruleId === 'declaration/supported-ghost')).toEqual([]);
  });
});
