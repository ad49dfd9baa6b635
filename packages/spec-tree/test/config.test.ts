import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { InputError } from '@openwop-spec/diagnostics';
import { DEFAULT_PATHS, SpecTree, createAjv, parseJson, pathsFromConfig } from '../src/index.js';
import { createFixture } from '../src/testing.js';
import type { Fixture } from '../src/testing.js';

const schema = JSON.parse(
  readFileSync(new URL('../openwop-spec.config.schema.json', import.meta.url), 'utf8'),
) as object;
const validate = createAjv().compile(schema);

const cases: Array<[string, unknown, boolean]> = [
  ['empty', {}, true],
  ['relocated conformance', { paths: { conformance: 'packages/conformance' } }, true],
  ['comment and schema', { $schema: './s.json', $comment: 'x', paths: {} }, true],
  ['unknown top-level key', { path: {} }, false],
  ['unknown path key', { paths: { tests: 'x' } }, false],
  ['non-string path', { paths: { spec: 3 } }, false],
  ['empty path', { paths: { spec: '' } }, false],
  ['absolute path', { paths: { spec: '/etc' } }, false],
  ['paths not an object', { paths: [] }, false],
];

describe('openwop-spec.config.json', () => {
  it.each(cases)('%s: the loader and the JSON Schema agree', (_name, value, ok) => {
    expect(validate(value)).toBe(ok);
    const doc = parseJson(JSON.stringify(value, null, 2), 'openwop-spec.config.json');
    if (ok) expect(() => pathsFromConfig(doc)).not.toThrow();
    else expect(() => pathsFromConfig(doc)).toThrow(InputError);
  });

  it('refuses a path that climbs out of the repository, at its position', () => {
    const doc = parseJson('{\n  "paths": {\n    "docs": "../elsewhere"\n  }\n}', 'openwop-spec.config.json');
    try {
      pathsFromConfig(doc);
      throw new Error('expected an InputError');
    } catch (err) {
      expect(err).toBeInstanceOf(InputError);
      expect((err as InputError).location).toMatchObject({
        file: 'openwop-spec.config.json',
        start: { line: 3, column: 13 },
      });
    }
  });

  let fx: Fixture | undefined;
  afterEach(() => fx?.remove());
  it('defaults to the upstream layout without a config file, and relocates with one', () => {
    fx = createFixture({ 'spec/v2/declaration.json': '{}' });
    expect(fx.tree().paths).toEqual(DEFAULT_PATHS);
    fx.write({ 'openwop-spec.config.json': '{"paths": {"conformance": "./packages/conformance/"}}' });
    expect(SpecTree.load(fx.root).paths).toEqual({ ...DEFAULT_PATHS, conformance: 'packages/conformance' });
  });

  it('this repository’s own config is valid', () => {
    const text = readFileSync(new URL('../../../openwop-spec.config.json', import.meta.url), 'utf8');
    expect(validate(JSON.parse(text))).toBe(true);
  });
});
