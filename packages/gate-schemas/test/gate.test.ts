import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { InputError } from '@openwop-spec/diagnostics';
import { checkSchemas, gate, rules } from '../src/index.js';
import { OPTIONS, check, fixture, found } from './helpers.js';

describe('the gate', () => {
  it('is registered as `schemas`, with one flagless command and no writer', () => {
    expect(gate.id).toBe('schemas');
    expect(gate).not.toHaveProperty('write');
    expect(gate.commands.map((c) => [c.name, c.flags])).toEqual([['schemas', {}]]);
    expect(gate.rules).toBe(rules.docs);
  });

  it('runs the same check through its command', async () => {
    const fx = fixture({ 'schemas/v2/a.schema.json': '{ "type": "strin" }' });
    const viaCommand = await gate.commands[0]!.run(fx.tree(), OPTIONS);
    const viaCheck = await gate.check(fx.tree(), OPTIONS);
    expect(found(viaCommand)).toEqual(found(viaCheck));
    expect(viaCommand.summaryLine).toBe('=== schemas FAILED — 1 error(s) ===');
  });

  it('documents every rule with a failing and a passing example and a fix', () => {
    for (const doc of rules.docs) {
      expect(doc.id).toMatch(/^schemas\/[a-z]+(-[a-z]+)*$/);
      expect([doc.summary, doc.fail.says, doc.pass.says, doc.fix].every((s) => s.length > 0)).toBe(true);
    }
  });

  it('has a test that produces every rule it documents', () => {
    const dir = fileURLToPath(new URL('.', import.meta.url));
    const tests = readdirSync(dir)
      .filter((f) => f.endsWith('.test.ts') && f !== 'gate.test.ts')
      .map((f) => readFileSync(`${dir}/${f}`, 'utf8'))
      .join('\n');
    const untested = rules.docs.map((d) => d.id).filter((id) => !tests.includes(`ruleId: '${id}'`));
    expect(untested).toEqual([]);
  });

  it('reads the schema folders from openwop-spec.config.json', async () => {
    const fx = fixture({
      'openwop-spec.config.json': '{ "paths": { "schemas": "corpus/schemas" } }',
      'corpus/schemas/v2/a.schema.json': '{ "type": "strin" }',
      'schemas/v2/ignored.schema.json': '{ "type": "strin" }',
    });
    const result = await check(fx);
    expect(result.figures['schemaFiles']).toEqual(['corpus/schemas/v2/a.schema.json']);
  });

  it('follows a directory symlink inside the root once, and refuses one that leaves the root', async () => {
    const fx = fixture(
      {
        'shared/x.schema.json': 'true',
        'spec/v2/facets': { symlink: '../../shared' },
        'schemas/v2/loop': { symlink: '..' },
      },
      { disk: true },
    );
    expect((await check(fx)).figures['schemaFiles']).toEqual(['spec/v2/facets/x.schema.json']);
    fx.write({ 'spec/v2/outside': { symlink: '/' } });
    const refused = checkSchemas(fx.tree(), OPTIONS);
    await expect(refused).rejects.toBeInstanceOf(InputError);
    await expect(refused).rejects.toMatchObject({ rule: 'input/outside-root', location: { file: 'spec/v2/outside' } });
  });
});
