// Keys come from input, so they are read as own properties only: a family keyed like a member of
// Object.prototype is a family like any other (class E of the fuzzing report: `constructor` was
// read through the prototype chain from the v1 schema and crashed the generator).
import { describe, expect, it } from 'vitest';
import {
  CHECK,
  corpusFiles,
  declaration,
  fixture,
  gateCheck,
  toolCatalogRow,
  mcpRow,
  canvasRow,
  DELETED_ROW,
} from './corpus.js';
import { gate } from '../src/index.js';

const KEYS = [
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  '__proto__',
];

describe.each(KEYS)('a core family keyed %s', (key) => {
  const files = corpusFiles(
    declaration({
      families: [
        mcpRow(),
        toolCatalogRow({ key, peerDependencyId: key, section: `core/capabilities.md#${key}` }),
        canvasRow(),
        DELETED_ROW,
      ],
    }),
  );

  it('is generated as its own property, seeded from the declaration (the v1 schema has no such key)', async () => {
    const artifacts = await gate.artifacts!(fixture(files).tree(), CHECK);
    const properties = (artifacts['schemas/v2/capabilities.schema.json'] as { properties: Record<string, unknown> })
      .properties;
    expect(Object.hasOwn(properties, key)).toBe(true);
    expect(properties[key]).toMatchObject({ 'x-openwop-seeded-from': 'declaration' });
  });

  it('fails the gate with findings, never an internal error', async () => {
    const result = await gateCheck(fixture(files).tree());
    expect(result.exitCode).toBe(1);
    expect(result.diagnostics.length).toBeGreaterThan(0);
  });
});
