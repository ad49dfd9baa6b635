// v1 seeding removes the v1-only fields, drops only the combinators that depend on
// them (each reported), keeps required, closes objects and maps the node into the record.
import { describe, expect, it } from 'vitest';
import {
  BASE_RULE_1,
  BASE_RULE_2,
  C,
  L,
  S,
  TOOL_CATALOG_V1,
  V1_SCHEMA,
  canvasRow,
  corpusFiles,
  declaration,
  DELETED_ROW,
  fixture,
  mcpRow,
  toolCatalogRow,
  found,
  json,
  pos,
  WRITE,
} from './corpus.js';
import { runGenerator, seedFamily, seedNode } from '../src/index.js';

const V1 = 'schemas/capabilities.schema.json';
const dependent = { if: { properties: { supported: { const: true } } }, then: { required: ['sources'] } };
const independent = { not: { required: ['compactView', 'sessionLifecycle'] } };

/** Generates with toolCatalog's v1 node replaced; returns the record, the findings and the v1 text. */
function seedTool(node: Record<string, unknown>) {
  const v1 = { ...V1_SCHEMA, properties: { ...V1_SCHEMA.properties, toolCatalog: node } };
  const text = json(v1);
  // facets[] follows the node, so only the seeding rules under test can fire.
  const facets = Object.keys(node['properties'] ?? {}).filter(
    (k) => !['supported', 'tier', 'experimentalUntil'].includes(k),
  );
  const decl = declaration({ families: [mcpRow(), toolCatalogRow({ facets }), canvasRow(), DELETED_ROW] });
  const f = fixture({ ...(corpusFiles(decl) as Record<string, string>), [V1]: text });
  const r = runGenerator(f.tree(), WRITE);
  const doc = JSON.parse(f.tree().text('schemas/v2/capabilities.schema.json')) as {
    properties: Record<string, Record<string, unknown>>;
  };
  return { r, record: doc.properties['toolCatalog']!, text };
}

describe('step 1: v1-only fields are removed at every visited level', () => {
  it('removes supported, tier and experimentalUntil from properties and required, deleting an emptied required', () => {
    const s = seedNode(
      {
        type: 'object',
        properties: {
          supported: {},
          tier: {},
          experimentalUntil: {},
          a: { type: 'object', properties: { tier: {}, b: {} }, required: ['tier'] },
        },
        required: ['supported', 'a'],
      },
      '/properties/x',
    );
    expect(s.node).toStrictEqual({
      type: 'object',
      properties: { a: { type: 'object', properties: { b: {} }, additionalProperties: false } },
      required: ['a'],
      additionalProperties: false,
    });
    expect(s.drops).toEqual([]);
  });
});

describe('step 2: a combinator is dropped only if it references a removed property', () => {
  it('drops a dependent allOf element with a warning at its v1 pointer and keeps the independent one', () => {
    const { r, record, text } = seedTool({ ...TOOL_CATALOG_V1, allOf: [dependent, independent] });
    expect(r.ok).toBe(true);
    expect(found(r)).toEqual([
      { ruleId: 'declaration/seed-dropped', file: V1, start: pos(text, '{', '"toolCatalog"', '"allOf": [') },
    ]);
    expect(r.diagnostics[0]!.severity).toBe('warning');
    expect(r.diagnostics[0]!.message).toBe(
      'seeding toolCatalog from v1 drops /properties/toolCatalog/allOf/0: references supported, which v2 records do not have',
    );
    expect(record['allOf']).toEqual([BASE_RULE_1, BASE_RULE_2, independent]);
  });

  it('drops an anyOf group that mentions tier as a whole, keeps an unrelated oneOf as one element', () => {
    const anyOf = [{ required: ['tier'] }, { required: ['sources'] }];
    const oneOf = [{ required: ['sources'] }, { required: ['compactView'] }];
    const { r, record, text } = seedTool({ ...TOOL_CATALOG_V1, anyOf, oneOf });
    expect(found(r)).toEqual([
      { ruleId: 'declaration/seed-dropped', file: V1, start: pos(text, '[', '"toolCatalog"', '"anyOf"') },
    ]);
    expect(record['allOf']).toEqual([BASE_RULE_1, BASE_RULE_2, { oneOf }]);
  });

  it('drops a dependent if/then/else group as one, keeps an independent group as one allOf element', () => {
    const dep = seedFamily(
      { type: 'object', properties: { a: {} }, if: { required: ['experimentalUntil'] }, then: { required: ['a'] } },
      '/p',
    );
    expect(dep.drops).toEqual([
      { pointer: '/p/if', why: 'the if/then group references experimentalUntil, which v2 records do not have' },
    ]);
    expect(dep.allOf).toEqual([]);
    const ind = seedFamily(
      {
        type: 'object',
        properties: { a: {} },
        if: { required: ['a'] },
        then: { minProperties: 2 },
        else: { maxProperties: 0 },
      },
      '/p',
    );
    expect(ind.drops).toEqual([]);
    expect(ind.allOf).toEqual([
      { schema: { if: { required: ['a'] }, then: { minProperties: 2 }, else: { maxProperties: 0 } }, from: '/p' },
    ]);
  });

  it('looks through applicators (not, dependentRequired, dependentSchemas) but not into other properties', () => {
    const viaNot = seedNode(
      {
        properties: {},
        allOf: [
          { not: { required: ['supported'] } },
          { dependentRequired: { sources: ['tier'] } },
          { dependentSchemas: { supported: {} } },
        ],
      },
      '',
    );
    expect(viaNot.drops.map((d) => d.pointer)).toEqual(['/allOf/0', '/allOf/1', '/allOf/2']);
    // A nested property's own `supported` is another level: the element does not depend on this one.
    const nested = seedNode(
      { properties: {}, allOf: [{ properties: { options: { properties: { supported: {} } } } }] },
      '',
    );
    expect(nested.drops).toEqual([]);
  });
});

describe('step 3 and 4: objects are closed, required is kept, other node keywords are reported', () => {
  it('keeps the remaining required in the record (upstream dropped it)', () => {
    const { r, record } = seedTool({ ...TOOL_CATALOG_V1, required: ['supported', 'sources'] });
    expect(r.ok).toBe(true);
    expect(record['required']).toEqual(['status', 'since', 'witness', 'sources']);
  });

  it('closes nested object schemas by appending additionalProperties: false as the last key', () => {
    const opts = {
      type: 'object',
      properties: { supported: { type: 'boolean' }, depth: { type: 'integer' } },
      description: 'OPTS',
    };
    const { record } = seedTool({ ...TOOL_CATALOG_V1, properties: { ...TOOL_CATALOG_V1.properties, options: opts } });
    const emitted = (record['properties'] as Record<string, Record<string, unknown>>)['options']!;
    expect(emitted).toStrictEqual({
      type: 'object',
      properties: { depth: { type: 'integer' } },
      description: 'OPTS',
      additionalProperties: false,
    });
    expect(Object.keys(emitted)).toEqual(['type', 'properties', 'description', 'additionalProperties']);
    // An explicit additionalProperties is kept as it is.
    expect(seedNode({ type: 'object', additionalProperties: true }, '').node).toStrictEqual({
      type: 'object',
      additionalProperties: true,
    });
  });

  it('reports node-level keywords the record cannot carry, and keeps the record keywords silently', () => {
    const { r, record, text } = seedTool({
      ...TOOL_CATALOG_V1,
      minProperties: 2,
      $comment: 'c',
      description: 'd',
      additionalProperties: true,
    });
    expect(found(r)).toEqual([
      { ruleId: 'declaration/seed-dropped', file: V1, start: pos(text, '2', '"minProperties"') },
    ]);
    expect(r.diagnostics[0]!.message).toBe(
      'seeding toolCatalog from v1 drops /properties/toolCatalog/minProperties: minProperties is not carried into the record',
    );
    expect(record['properties']).toStrictEqual({
      ...(record['properties'] as object),
      sources: S,
      sessionLifecycle: L,
      compactView: C,
    });
    expect(record['additionalProperties']).toBe(false);
  });

  it('a dependent allOf element in a nested property is dropped and the survivors re-indexed', () => {
    const p = { type: 'string', allOf: [{ required: ['supported'] }, { minLength: 1 }] };
    const s = seedFamily({ type: 'object', properties: { p } }, '/properties/t');
    expect(s.drops).toEqual([
      { pointer: '/properties/t/properties/p/allOf/0', why: 'references supported, which v2 records do not have' },
    ]);
    expect(s.properties).toStrictEqual({ p: { type: 'string', allOf: [{ minLength: 1 }] } });
    expect(s.moves).toEqual([{ to: '/properties/p/allOf/0', from: '/properties/p/allOf/1' }]);
  });
});
