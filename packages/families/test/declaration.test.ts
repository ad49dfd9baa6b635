import { afterEach, describe, expect, it } from 'vitest';
import { loadDeclaration, validateDeclaration } from '../src/index.js';
import { createFixture } from '@openwop-spec/spec-tree/testing';
import type { Fixture } from '@openwop-spec/spec-tree/testing';

const schema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  additionalProperties: false,
  properties: {
    families: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key', 'anchor'],
        properties: {
          key: { type: 'string' },
          kind: { const: 'family' },
          anchor: { enum: ['core', 'ext', 'deleted'] },
          reason: { type: 'string' },
        },
      },
    },
    metadata: { type: 'array' },
  },
};

const declaration = `{
  "families": [
    { "key": "mcp", "kind": "family", "anchor": "core" },
    { "key": "old", "anchor": "deleted", "reason": "gone" },
    { "key": "packs", "kind": "family", "anchor": "ext" },
    { "key": "", "kind": "family", "anchor": "core" }
  ],
  "metadata": [{ "key": "protocolVersions", "disposition": "kept" }]
}
`;

let fx: Fixture | undefined;
afterEach(() => fx?.remove());

describe('the declaration model', () => {
  it('separates live, core, ext and deleted rows with their pointers', () => {
    fx = createFixture({
      'spec/v2/declaration.json': declaration,
      'spec/v2/declaration.schema.json': JSON.stringify(schema),
    });
    const model = loadDeclaration(fx.tree());
    expect(model.rows.map((r) => [r.key, r.pointer])).toEqual([
      ['mcp', '/families/0'],
      ['old', '/families/1'],
      ['packs', '/families/2'],
      ['', '/families/3'],
    ]);
    expect(model.live.map((r) => r.key)).toEqual(['mcp', 'packs']);
    expect(model.core.map((r) => r.key)).toEqual(['mcp']);
    expect(model.ext.map((r) => r.key)).toEqual(['packs']);
    expect(model.metadata.map((m) => [m.key, m.disposition])).toEqual([['protocolVersions', 'kept']]);
  });

  it('is an input error when the file is missing or not an object', () => {
    fx = createFixture({ 'README.md': '' });
    expect(() => loadDeclaration(fx!.tree())).toThrow('spec/v2/declaration.json does not exist');
    fx.write({ 'spec/v2/declaration.json': '[]' });
    expect(() => loadDeclaration(fx!.tree())).toThrow(/must hold a JSON object/);
  });

  it('positions every schema violation at the offending value', () => {
    const bad = declaration
      .replace('"anchor": "ext"', '"anchor": "extension"')
      .replace('"reason": "gone"', '"reason": "gone", "why": 1');
    fx = createFixture({ 'spec/v2/declaration.json': bad, 'spec/v2/declaration.schema.json': JSON.stringify(schema) });
    const diags = validateDeclaration(fx.tree(), 'declaration', 'declaration/schema');
    expect(diags.map((d) => [d.message, d.start?.line, d.start?.column])).toEqual([
      ['/families/1/why: unknown property "why" (the schema is closed here)', 4, 67],
      ['/families/2/anchor: must be equal to one of the allowed values: ["core","ext","deleted"]', 5, 51],
    ]);
    expect(diags.every((d) => d.file === 'spec/v2/declaration.json' && d.ruleId === 'declaration/schema')).toBe(true);
  });
});
