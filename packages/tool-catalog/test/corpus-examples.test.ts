// The corpus examples of the two descriptor schemas, checked until the schemas gate runs them: each
// valid example validates, and each invalid one fails with the error its sidecar names.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile, errorsOf, loadSchema, repoRoot, type SchemaName } from './schema-helpers.js';

const examples = join(repoRoot, 'schemas', 'v2', 'examples');
const read = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const cases = (kind: 'valid' | 'invalid', name: SchemaName) =>
  readdirSync(join(examples, kind, name))
    .filter((f) => f.endsWith('.json') && !f.endsWith('.expect.json'))
    .sort();

for (const name of ['tool-descriptor', 'compact-tool-descriptor'] as const) {
  describe(`examples of ${name}.schema.json`, () => {
    const first = compile(loadSchema(name));
    const all = compile(loadSchema(name), { allErrors: true });

    it('has valid and invalid examples, and no sidecar without its example', () => {
      expect(cases('valid', name).length).toBeGreaterThanOrEqual(3);
      expect(cases('invalid', name).length).toBeGreaterThanOrEqual(4);
      for (const f of readdirSync(join(examples, 'invalid', name)).filter((f) => f.endsWith('.expect.json'))) {
        expect(existsSync(join(examples, 'invalid', name, f.replace(/\.expect\.json$/, '.json'))), f).toBe(true);
      }
    });

    for (const file of cases('valid', name)) {
      it(`valid/${file} validates`, () => {
        expect(errorsOf(all, read(join(examples, 'valid', name, file)))).toEqual([]);
      });
    }

    for (const file of cases('invalid', name)) {
      it(`invalid/${file} fails with the error its sidecar names`, () => {
        const sidecar = read(join(examples, 'invalid', name, file.replace(/\.json$/, '.expect.json'))) as {
          keyword: string;
          instancePath: string;
        };
        const doc = read(join(examples, 'invalid', name, file));
        const expected = `${sidecar.keyword}@${sidecar.instancePath}`;
        expect(errorsOf(first, doc)).toContain(expected);
        expect(errorsOf(all, doc)).toContain(expected);
      });
    }
  });
}
