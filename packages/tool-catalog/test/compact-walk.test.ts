import { describe, expect, it } from 'vitest';
import { compactInputSchemaViolations, isCompactInputSchema, toCompact } from '../src/compact.js';
import type { ToolDescriptor } from '../src/descriptor.js';
import { compile, errorsOf, loadSchema } from './schema-helpers.js';

const FORBIDDEN = ['$ref', 'oneOf', 'allOf', 'anyOf', 'not', 'patternProperties', 'dependentSchemas'];
const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'object',
  properties,
  ...extra,
});

/** Puts `{ [keyword]: value }` at one of several depths of an otherwise compact schema. */
const PLACES: [string, (k: Record<string, unknown>) => Record<string, unknown>, string][] = [
  ['top level', (k) => obj({ a: { type: 'string' } }, k), ''],
  ['a property', (k) => obj({ a: { type: 'string', ...k } }), '/properties/a'],
  ['a nested property', (k) => obj({ a: obj({ b: obj({ c: { ...k } }) }) }), '/properties/a/properties/b/properties/c'],
  ['array items', (k) => obj({ list: { type: 'array', items: { ...k } } }), '/properties/list/items'],
  [
    'prefixItems',
    (k) => obj({ pair: { type: 'array', prefixItems: [{ type: 'string' }, { ...k }] } }),
    '/properties/pair/prefixItems/1',
  ],
  [
    'additionalProperties',
    (k) => obj({ map: { type: 'object', additionalProperties: { ...k } } }),
    '/properties/map/additionalProperties',
  ],
  ['a $defs member', (k) => obj({}, { $defs: { shared: { ...k } } }), '/$defs/shared'],
  ['an if/then', (k) => obj({}, { if: { required: ['a'] }, then: { ...k } }), '/then'],
  ['an unknown keyword', (k) => obj({}, { 'x-vendor': { ...k } }), '/x-vendor'],
];

const compactSchema = compile(loadSchema('compact-tool-descriptor'), { allErrors: true });
const schemaAccepts = (inputSchema: unknown) =>
  compactSchema({ toolId: 'mcp:s.t', source: 'mcp', safetyTier: 'write', inputSchema });

describe('compact inputSchema walk', () => {
  for (const keyword of FORBIDDEN) {
    for (const [where, build, at] of PLACES) {
      it(`rejects ${keyword} in ${where}, and the schema file agrees`, () => {
        const schema = build({ [keyword]: keyword === '$ref' ? '#/$defs/x' : [{ type: 'string' }] });
        expect(compactInputSchemaViolations(schema)).toEqual([
          { pointer: `${at}/${keyword}`, problem: 'forbidden-keyword', keyword },
        ]);
        expect(schemaAccepts(schema)).toBe(false);
      });
    }
  }

  const fine: [string, unknown][] = [
    ['a property named not', obj({ not: { type: 'boolean' } })],
    [
      'properties named after every forbidden keyword',
      obj(Object.fromEntries(FORBIDDEN.map((k) => [k, { type: 'string' }]))),
    ],
    ['a nested property named anyOf', obj({ a: obj({ anyOf: { type: 'string' } }) })],
    ['a $defs member named oneOf', obj({}, { $defs: { oneOf: { type: 'string' } } })],
    [
      'forbidden words inside const, enum, default and examples (data, not schemas)',
      obj({
        a: { const: { $ref: 'x' }, enum: [{ anyOf: 1 }], default: { not: true }, examples: [{ oneOf: [] }] },
      }),
    ],
    [
      'forbidden words as strings in required and description',
      obj({ a: { type: 'string', description: '$ref anyOf not' } }, { required: ['not', '$ref'] }),
    ],
    ['boolean subschemas', obj({ a: true }, { additionalProperties: false })],
    ['an empty properties map', obj({})],
  ];
  for (const [name, schema] of fine) {
    it(`accepts ${name}, and the schema file agrees`, () => {
      expect(compactInputSchemaViolations(schema)).toEqual([]);
      expect(
        errorsOf(compactSchema, { toolId: 'mcp:s.t', source: 'mcp', safetyTier: 'write', inputSchema: schema }),
      ).toEqual([]);
    });
  }

  it('requires a top-level object type and a properties map', () => {
    expect(compactInputSchemaViolations({ type: 'array', properties: {} })).toEqual([
      { pointer: '/type', problem: 'type-not-object' },
    ]);
    expect(compactInputSchemaViolations({ type: 'object' })).toEqual([
      { pointer: '/properties', problem: 'missing-properties' },
    ]);
    expect(compactInputSchemaViolations([])).toEqual([{ pointer: '', problem: 'not-an-object' }]);
    for (const s of [{ type: 'array', properties: {} }, { type: 'object' }, { properties: {} }])
      expect(schemaAccepts(s)).toBe(false);
  });

  it('escapes pointer segments (RFC 6901)', () => {
    expect(compactInputSchemaViolations(obj({ 'a/b~c': { not: {} } }))).toEqual([
      { pointer: '/properties/a~1b~0c/not', problem: 'forbidden-keyword', keyword: 'not' },
    ]);
  });

  it('reports every violation, not only the first', () => {
    expect(
      compactInputSchemaViolations(obj({ a: { anyOf: [] }, b: { $ref: '#' } }, { allOf: [] })).map((v) => v.pointer),
    ).toEqual(['/properties/a/anyOf', '/properties/b/$ref', '/allOf']);
  });
});

describe('toCompact', () => {
  const withSchema = (inputSchema: Record<string, unknown>): ToolDescriptor => ({
    toolId: 'mcp:maps.route',
    source: 'mcp',
    safetyTier: 'write',
    title: 'Route',
    description: 'Plans a route.',
    inputSchema,
    outputSchema: { type: 'object' },
    replayPolicy: 'non-deterministic',
    egress: 'host-mediated',
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  });

  it('keeps identity, tier, title, description and a compact inputSchema; drops the rest', () => {
    const inputSchema = obj({ from: { type: 'string' }, not: { type: 'boolean' } }, { required: ['from'] });
    expect(toCompact(withSchema(inputSchema))).toEqual({
      toolId: 'mcp:maps.route',
      source: 'mcp',
      safetyTier: 'write',
      title: 'Route',
      description: 'Plans a route.',
      inputSchema,
    });
  });

  it('omits a failing inputSchema whole, never rewriting it, and leaves the standard descriptor untouched', () => {
    const inputSchema = obj({ to: { anyOf: [{ type: 'string' }, { type: 'object', properties: {} }] } });
    const standard = withSchema(inputSchema);
    const before = structuredClone(standard);
    const c = toCompact(standard);
    expect(c).not.toHaveProperty('inputSchema');
    expect(standard).toEqual(before);
    expect(isCompactInputSchema(inputSchema)).toBe(false);
    expect(errorsOf(compactSchema, c)).toEqual([]);
  });

  it('never carries annotations', () => {
    expect(toCompact(withSchema(obj({})))).not.toHaveProperty('annotations');
  });
});
