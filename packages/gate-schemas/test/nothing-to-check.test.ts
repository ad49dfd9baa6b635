import { describe, expect, it } from 'vitest';
import { check, fixture, found } from './helpers.js';

describe('schemas/nothing-to-check: finding no schema is a finding, not a silent pass', () => {
  it('warns naming the folders it looked in; the gate still passes', async () => {
    const result = await check(fixture({ 'README.md': '# empty\n' }));
    expect([result.exitCode, result.summaryLine]).toEqual([
      0,
      '=== schemas OK — 0 schema(s) compile; 0 example(s) behave as documented ===',
    ]);
    expect(found(result)).toEqual([{ ruleId: 'schemas/nothing-to-check', file: 'schemas/' }]);
    expect(result.diagnostics[0]!.severity).toBe('warning');
    expect(result.diagnostics[0]!.message).toMatch(
      /^nothing to check: no \*\.schema\.json and no example under schemas\/ or spec\/$/,
    );
  });

  it('names the configured folders, at the configuration line that chose the schemas folder', async () => {
    const result = await check(
      fixture({ 'openwop-spec.config.json': '{ "paths": { "schemas": "corpus/schemas", "spec": "corpus/spec" } }' }),
    );
    expect(found(result)).toEqual([
      { ruleId: 'schemas/nothing-to-check', file: 'openwop-spec.config.json', start: { line: 1, column: 25 } },
    ]);
    expect(result.diagnostics[0]!.message).toContain('under corpus/schemas/ or corpus/spec/');
  });

  it('at the spec line when only the spec folder is configured', async () => {
    const result = await check(
      fixture({ 'openwop-spec.config.json': '{\n  "paths": {\n    "spec": "corpus/spec"\n  }\n}\n' }),
    );
    expect(found(result)).toEqual([
      { ruleId: 'schemas/nothing-to-check', file: 'openwop-spec.config.json', start: { line: 3, column: 13 } },
    ]);
  });

  it('one schema anywhere under either folder is something to check: no warning', async () => {
    for (const path of ['schemas/a.schema.json', 'spec/v2/facets/a.schema.json']) {
      const result = await check(fixture({ [path]: '{ "type": "string" }\n' }));
      expect(found(result)).toEqual([]);
    }
  });

  it('examples without any schema are reported as such (unknown-schema), not as nothing to check', async () => {
    const result = await check(fixture({ 'schemas/v2/examples/valid/a/x.json': '{}\n' }));
    expect(found(result)).toEqual([{ ruleId: 'schemas/unknown-schema', file: 'schemas/v2/examples/valid/a' }]);
  });
});
