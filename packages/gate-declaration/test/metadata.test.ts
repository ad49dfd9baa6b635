// Metadata shapes are data files (or seeded v1 properties), never code.
import { describe, expect, it } from 'vitest';
import {
  EXT_PATTERN,
  METADATA,
  V1_SCHEMA,
  corpusFiles,
  declaration,
  fixture,
  found,
  generate,
  json,
  metaRow,
  pos,
  WRITE,
} from './corpus.js';
import { runGenerator } from '../src/index.js';

const DECL = 'spec/v2/declaration.json';
const EXT = 'spec/v2/metadata/extensions.schema.json';
const V1 = 'schemas/capabilities.schema.json';
const rows = (...extra: Record<string, unknown>[]) => [
  metaRow('protocolVersions'),
  metaRow('preferredVersion'),
  metaRow('extensions'),
  metaRow('legacyFlag', { disposition: 'deleted' }),
  ...extra,
];

function write(files: Record<string, string>) {
  const f = fixture(files);
  const r = runGenerator(f.tree(), WRITE);
  const text = f.tree().exists('schemas/v2/capabilities.schema.json')
    ? f.tree().text('schemas/v2/capabilities.schema.json')
    : undefined;
  return {
    r,
    props: text ? (JSON.parse(text) as { properties: Record<string, Record<string, unknown>> }).properties : undefined,
  };
}

describe('metadata shapes', () => {
  it('copies a metadata file verbatim minus its top-level $schema, $id and $comment', () => {
    const { r, props } = write(corpusFiles() as Record<string, string>);
    expect(r.ok).toBe(true);
    const { $schema, $id, $comment, ...rest } = METADATA['spec/v2/metadata/protocolVersions.schema.json'] as Record<
      string,
      unknown
    >;
    expect([$schema, $id, $comment].every((x) => typeof x === 'string')).toBe(true);
    expect(props!['protocolVersions']).toStrictEqual(rest);
    expect(Object.keys(props!['protocolVersions']!)).toEqual(Object.keys(rest));
  });

  it('seeds a kept row with no file from its v1 property, marked x-openwop-seeded-from: v1 as the last key', () => {
    const decl = declaration({ metadata: rows(metaRow('engineVersion')) });
    const v1 = {
      ...V1_SCHEMA,
      properties: {
        ...V1_SCHEMA.properties,
        engineVersion: { type: 'object', properties: { tier: {}, n: { type: 'integer' } } },
      },
    };
    const { r, props } = write({ ...(corpusFiles(decl) as Record<string, string>), [V1]: json(v1) });
    expect(r.ok).toBe(true);
    expect(props!['engineVersion']).toStrictEqual({
      type: 'object',
      properties: { n: { type: 'integer' } },
      additionalProperties: false,
      'x-openwop-seeded-from': 'v1',
    });
    expect(Object.keys(props!['engineVersion']!).at(-1)).toBe('x-openwop-seeded-from');
  });

  it('a seeded metadata combinator that references a v1-only field is dropped with a warning', () => {
    const decl = declaration({ metadata: rows(metaRow('engineVersion')) });
    const v1 = {
      ...V1_SCHEMA,
      properties: {
        ...V1_SCHEMA.properties,
        engineVersion: { type: 'object', properties: { n: {} }, anyOf: [{ required: ['supported'] }] },
      },
    };
    const text = json(v1);
    const { r } = write({ ...(corpusFiles(decl) as Record<string, string>), [V1]: text });
    expect(found(r)).toEqual([
      { ruleId: 'declaration/seed-dropped', file: V1, start: pos(text, '[', '"engineVersion"', '"anyOf"') },
    ]);
  });
});

describe('declaration/metadata-schema-ref', () => {
  it('red: schema is not metadata/<key>', () => {
    const decl = declaration({
      metadata: rows().map((m) => (m['key'] === 'preferredVersion' ? { ...m, schema: 'string' } : m)),
    });
    const r = generate(fixture(corpusFiles(decl)).tree());
    expect(found(r).filter((d) => d.ruleId !== 'declaration/stale')).toEqual([
      {
        ruleId: 'declaration/metadata-schema-ref',
        file: DECL,
        start: pos(json(decl), '"string"', '"preferredVersion"'),
      },
    ]);
    expect(r.diagnostics[0]!.message).toBe('preferredVersion: schema string ≠ metadata/preferredVersion');
  });
});

describe('declaration/unseeded-metadata', () => {
  it('red: a kept key with neither a file nor a v1 property; nothing is written', () => {
    const decl = declaration({ metadata: rows(metaRow('brandNew')) });
    const f = fixture(corpusFiles(decl));
    const r = runGenerator(f.tree(), WRITE);
    expect(found(r)).toEqual([
      { ruleId: 'declaration/unseeded-metadata', file: DECL, start: pos(json(decl), '"brandNew"') },
    ]);
    expect(r.diagnostics[0]!.message).toBe(
      'metadata key brandNew has neither spec/v2/metadata/brandNew.schema.json nor a v1 property to seed from',
    );
    expect(f.tree().exists('schemas/v2/capabilities.schema.json')).toBe(false);
  });
  it('green: the same key with its metadata file', () => {
    const decl = declaration({ metadata: rows(metaRow('brandNew')) });
    const { r, props } = write({
      ...(corpusFiles(decl) as Record<string, string>),
      'spec/v2/metadata/brandNew.schema.json': json({ type: 'boolean' }),
    });
    expect(r.diagnostics).toEqual([]);
    expect(props!['brandNew']).toStrictEqual({ type: 'boolean' });
  });
});

describe('declaration/orphan-metadata-file', () => {
  it('red: a metadata file with no kept row (a deleted row does not own one)', () => {
    const files = {
      ...(corpusFiles() as Record<string, string>),
      'spec/v2/metadata/legacyFlag.schema.json': json({ type: 'boolean' }),
    };
    const r = generate(fixture(files).tree());
    expect(found(r).filter((d) => d.ruleId !== 'declaration/stale')).toEqual([
      {
        ruleId: 'declaration/orphan-metadata-file',
        file: 'spec/v2/metadata/legacyFlag.schema.json',
        start: { line: 1, column: 1 },
      },
    ]);
  });
});

describe('declaration/extensions-pattern', () => {
  const withExt = (shape: unknown) => ({ ...(corpusFiles() as Record<string, string>), [EXT]: json(shape) });
  it('red: the patternProperties key is not extensionsKeyPattern', () => {
    const shape = { type: 'object', additionalProperties: false, patternProperties: { '^x$': { type: 'object' } } };
    const r = generate(fixture(withExt(shape)).tree());
    expect(found(r).filter((d) => d.ruleId !== 'declaration/stale')).toEqual([
      { ruleId: 'declaration/extensions-pattern', file: EXT, start: pos(json(shape), '"^x$"') },
    ]);
    expect(r.diagnostics[0]!.message).toBe(
      `extensions: the patternProperties key "^x$" ≠ declaration.extensionsKeyPattern ${JSON.stringify(EXT_PATTERN)}`,
    );
    expect(r.diagnostics[0]!.related?.[0]?.file).toBe(DECL);
  });
  it('red: an open root, two pattern keys, or a closed pattern value', () => {
    const open = { type: 'object', patternProperties: { [EXT_PATTERN]: { type: 'object' } } };
    expect(generate(fixture(withExt(open)).tree()).diagnostics.map((d) => d.message)).toContain(
      'extensions: additionalProperties must be false',
    );
    const two = {
      type: 'object',
      additionalProperties: false,
      patternProperties: { [EXT_PATTERN]: { type: 'object' }, '^y$': {} },
    };
    const r2 = generate(fixture(withExt(two)).tree());
    expect(found(r2, 'declaration/extensions-pattern')).toEqual([
      { ruleId: 'declaration/extensions-pattern', file: EXT, start: pos(json(two), '{', '"patternProperties"') },
    ]);
    expect(r2.diagnostics[0]!.message).toBe('extensions: patternProperties must have exactly one key (found 2)');
    const closed = {
      type: 'object',
      additionalProperties: false,
      patternProperties: { [EXT_PATTERN]: { type: 'object', additionalProperties: false } },
    };
    expect(generate(fixture(withExt(closed)).tree()).diagnostics.map((d) => d.message)).toContain(
      'extensions: the patternProperties value must be an open object schema ({"type": "object"})',
    );
  });
  it('green: the fixture shape (an open value, additionalProperties true or absent)', () => {
    const shape = {
      type: 'object',
      additionalProperties: false,
      patternProperties: { [EXT_PATTERN]: { type: 'object', additionalProperties: true } },
    };
    expect(
      generate(fixture(withExt(shape)).tree()).diagnostics.filter((d) => d.ruleId === 'declaration/extensions-pattern'),
    ).toEqual([]);
  });
});
