import { describe, expect, it } from 'vitest';
import { InputError } from '@openwop-spec/diagnostics';
import { checkSchemas } from '../src/index.js';
import { DRAFT, OPTIONS, at, check, fixture, found, json } from './helpers.js';

const SCHEMA = 'schemas/v2/thing.schema.json';
const EX = 'schemas/v2/examples';
const thing = json({
  $schema: DRAFT,
  $id: 'https://x.test/v2/thing.schema.json',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name: { type: 'string', minLength: 1 }, size: { type: 'integer' } },
});
const expect_ = (keyword: string, instancePath: string, extra: Record<string, unknown> = {}) =>
  json({ keyword, instancePath, ...extra });

describe('valid examples', () => {
  it('pass when they validate', async () => {
    const result = await check(
      fixture({ [SCHEMA]: thing, [`${EX}/valid/thing/ok.json`]: json({ name: 'a', size: 1 }) }),
    );
    expect(found(result)).toEqual([]);
    expect(result.summaryLine).toBe('=== schemas OK — 1 schema(s) compile; 1 example(s) behave as documented ===');
  });

  it('are reported at each failing value when they do not validate', async () => {
    const file = `${EX}/valid/thing/bad.json`;
    const result = await check(fixture({ [SCHEMA]: thing, [file]: json({ name: '', size: 'big', colour: 1 }) }));
    expect(found(result)).toEqual([
      { ruleId: 'schemas/valid-example-fails', file, start: at(2, 11) },
      { ruleId: 'schemas/valid-example-fails', file, start: at(3, 11) },
      { ruleId: 'schemas/valid-example-fails', file, start: at(4, 13) },
    ]);
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      `valid example fails ${SCHEMA} at /name: must NOT have fewer than 1 characters`,
      `valid example fails ${SCHEMA} at /size: must be integer`,
      `valid example fails ${SCHEMA} at /colour: unknown property "colour" (the schema is closed here)`,
    ]);
  });

  it('do not repeat an if/then failure as a separate "must match then" finding', async () => {
    const schema = json({
      $schema: DRAFT,
      type: 'object',
      properties: { tier: {}, ro: {} },
      if: { properties: { tier: { const: 'read' } } },
      then: { properties: { ro: { const: true } } },
    });
    const file = `${EX}/valid/thing/ro.json`;
    const result = await check(fixture({ [SCHEMA]: schema, [file]: json({ tier: 'read', ro: false }) }));
    expect(found(result)).toEqual([{ ruleId: 'schemas/valid-example-fails', file, start: at(3, 9) }]);
  });

  it('take no expectation sidecar', async () => {
    const sidecar = `${EX}/valid/thing/ok.expect.json`;
    const result = await check(
      fixture({
        [SCHEMA]: thing,
        [`${EX}/valid/thing/ok.json`]: json({ name: 'a' }),
        [sidecar]: expect_('required', ''),
      }),
    );
    expect(found(result)).toEqual([{ ruleId: 'schemas/orphan-expectation', file: sidecar, start: at(1, 1) }]);
  });
});

describe('invalid examples', () => {
  const file = `${EX}/invalid/thing/case.json`;
  const sidecar = `${EX}/invalid/thing/case.expect.json`;

  it('pass when they fail with the documented keyword and instancePath', async () => {
    const fx = fixture({ [SCHEMA]: thing, [file]: json({ size: 1 }), [sidecar]: expect_('required', '') });
    expect(found(await check(fx))).toEqual([]);
    fx.write({ [sidecar]: expect_('required', '', { params: { missingProperty: 'name' } }) });
    expect(found(await check(fx))).toEqual([]);
  });

  it('are reported when they validate', async () => {
    const result = await check(
      fixture({ [SCHEMA]: thing, [file]: json({ name: 'x' }), [sidecar]: expect_('required', '') }),
    );
    expect(found(result)).toEqual([{ ruleId: 'schemas/invalid-example-passes', file, start: at(1, 1) }]);
    expect(result.diagnostics[0]!.message).toBe(
      `invalid example passes ${SCHEMA}, though it is documented to fail with "required" at /`,
    );
  });

  it('are reported when they fail with another keyword, naming what they failed with', async () => {
    const result = await check(
      fixture({ [SCHEMA]: thing, [file]: json({ name: '', size: 1 }), [sidecar]: expect_('type', '/name') }),
    );
    expect(found(result)).toEqual([{ ruleId: 'schemas/invalid-example-wrong-reason', file, start: at(2, 11) }]);
    expect(result.diagnostics[0]!.message).toBe(
      `invalid example fails ${SCHEMA} for another reason: expected "type" at /name, got "minLength" at /name`,
    );
    expect(result.diagnostics[0]!.related).toEqual([
      {
        file,
        start: expect.objectContaining(at(2, 11)),
        message: '"minLength" at /name: must NOT have fewer than 1 characters',
      },
    ]);
  });

  it('are reported when they fail at another instancePath', async () => {
    const result = await check(
      fixture({ [SCHEMA]: thing, [file]: json({ name: '', size: 1 }), [sidecar]: expect_('minLength', '/size') }),
    );
    expect(found(result)).toEqual([{ ruleId: 'schemas/invalid-example-wrong-reason', file, start: at(3, 11) }]);
  });

  it('are reported when the error params differ from the sidecar', async () => {
    const result = await check(
      fixture({
        [SCHEMA]: thing,
        [file]: json({ size: 1 }),
        [sidecar]: expect_('required', '', { params: { missingProperty: 'size' } }),
      }),
    );
    expect(found(result)).toEqual([{ ruleId: 'schemas/invalid-example-wrong-reason', file, start: at(1, 1) }]);
  });

  it('need a sidecar (and still run without one)', async () => {
    const fx = fixture({ [SCHEMA]: thing, [file]: json({ size: 1 }) });
    const result = await check(fx);
    expect(found(result)).toEqual([{ ruleId: 'schemas/missing-expectation', file, start: at(1, 1) }]);
    expect(result.diagnostics[0]!.hint).toContain(sidecar);
    fx.write({ [file]: json({ name: 'x' }) });
    expect(found(await check(fx))).toEqual([
      { ruleId: 'schemas/invalid-example-passes', file, start: at(1, 1) },
      { ruleId: 'schemas/missing-expectation', file, start: at(1, 1) },
    ]);
  });

  it('report a sidecar without an example', async () => {
    const orphan = `${EX}/invalid/thing/gone.expect.json`;
    const result = await check(
      fixture({
        [SCHEMA]: thing,
        [file]: json({ size: 1 }),
        [sidecar]: expect_('required', ''),
        [orphan]: expect_('required', ''),
      }),
    );
    expect(found(result)).toEqual([{ ruleId: 'schemas/orphan-expectation', file: orphan, start: at(1, 1) }]);
  });

  it('report a malformed sidecar at the offending member', async () => {
    const fx = fixture({
      [SCHEMA]: thing,
      [file]: json({ size: 1 }),
      [sidecar]: json({ keyword: 'required', path: '' }),
    });
    expect(found(await check(fx))).toEqual([
      { ruleId: 'schemas/malformed-expectation', file: sidecar, start: at(1, 1) },
      { ruleId: 'schemas/malformed-expectation', file: sidecar, start: at(3, 3) },
    ]);
    fx.write({ [sidecar]: json({ keyword: '', instancePath: 'name', params: [] }) });
    expect(found(await check(fx))).toEqual([
      { ruleId: 'schemas/malformed-expectation', file: sidecar, start: at(2, 14) },
      { ruleId: 'schemas/malformed-expectation', file: sidecar, start: at(3, 19) },
      { ruleId: 'schemas/malformed-expectation', file: sidecar, start: at(4, 13) },
    ]);
    fx.write({ [sidecar]: '"required"\n' });
    expect(found(await check(fx))).toEqual([
      { ruleId: 'schemas/malformed-expectation', file: sidecar, start: at(1, 1) },
    ]);
  });

  it('are an input error when the sidecar is not JSON', async () => {
    const fx = fixture({ [SCHEMA]: thing, [file]: json({ size: 1 }), [sidecar]: '{ "keyword": "required", }' });
    const err = await checkSchemas(fx.tree(), OPTIONS).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).location?.file).toBe(sidecar);
  });
});

describe('the example layout', () => {
  it('reports a folder that names no schema, and does not run its examples', async () => {
    const result = await check(fixture({ [SCHEMA]: thing, [`${EX}/valid/thingy/a.json`]: json({ name: 1 }) }));
    expect(found(result)).toEqual([{ ruleId: 'schemas/unknown-schema', file: `${EX}/valid/thingy` }]);
    expect(result.diagnostics[0]!.message).toBe(
      'example folder "thingy" names no schema: schemas/v2/thingy.schema.json does not exist',
    );
    expect(result.figures).toMatchObject({ examples: 1, valid: 1, invalid: 0, notRun: 1 });
  });

  it('only knows schemas under <schemas>/v2/, not spec/', async () => {
    const result = await check(
      fixture({
        'spec/v2/facets/mcp.schema.json': 'true',
        [`${EX}/invalid/mcp/a.json`]: '{}',
        [`${EX}/invalid/mcp/a.expect.json`]: expect_('const', ''),
      }),
    );
    expect(found(result)).toEqual([{ ruleId: 'schemas/unknown-schema', file: `${EX}/invalid/mcp` }]);
  });

  it('reports every file that does not fit the layout, and allows README.md files', async () => {
    const result = await check(
      fixture({
        [SCHEMA]: thing,
        [`${EX}/README.md`]: '# Examples\n',
        [`${EX}/valid/README.md`]: '# Valid\n',
        [`${EX}/valid/thing/README.md`]: '# Things\n',
        [`${EX}/valid/thing/ok.json`]: json({ name: 'a' }),
        [`${EX}/valid/loose.json`]: '{}',
        [`${EX}/valid/thing/notes.txt`]: 'x',
        [`${EX}/valid/thing/deeper/a.json`]: '{}',
        [`${EX}/broken/a.json`]: '{}',
      }),
    );
    expect(found(result)).toEqual([
      { ruleId: 'schemas/misplaced-example', file: `${EX}/broken` },
      { ruleId: 'schemas/misplaced-example', file: `${EX}/valid/loose.json` },
      { ruleId: 'schemas/misplaced-example', file: `${EX}/valid/thing/deeper` },
      { ruleId: 'schemas/misplaced-example', file: `${EX}/valid/thing/notes.txt` },
    ]);
  });

  it('does not run the examples of a schema that does not compile, and says so', async () => {
    const broken = json({ $schema: DRAFT, type: 'object', properties: { name: { type: 'strin' } } });
    const result = await check(fixture({ [SCHEMA]: broken, [`${EX}/valid/thing/ok.json`]: json({ name: 1 }) }));
    expect(found(result)).toEqual([{ ruleId: 'schemas/compile', file: SCHEMA, start: at(6, 15) }]);
    expect(result.printout.map((l) => l.text)).toEqual([
      '  1 schema(s) under schemas/ and spec/; 0 compile',
      '  1 example(s): 1 valid, 0 invalid; 1 not run (their schema is unknown or does not compile)',
    ]);
  });

  it('lists the schema and example files in the figures, in code-unit order', async () => {
    const result = await check(
      fixture({
        [SCHEMA]: thing,
        [`${EX}/valid/thing/b.json`]: json({ name: 'b' }),
        [`${EX}/valid/thing/B.json`]: json({ name: 'B' }),
        [`${EX}/invalid/thing/a.json`]: '{}',
        [`${EX}/invalid/thing/a.expect.json`]: expect_('required', ''),
      }),
    );
    expect(found(result)).toEqual([]);
    expect(result.figures).toEqual({
      schemas: 1,
      compiled: 1,
      examples: 3,
      valid: 2,
      invalid: 1,
      notRun: 0,
      schemaFiles: [SCHEMA],
      exampleFiles: [`${EX}/invalid/thing/a.json`, `${EX}/valid/thing/B.json`, `${EX}/valid/thing/b.json`],
    });
  });
});

describe('memory between the phases', () => {
  it('offers a full collection once, after every schema compiled and before the first example is read', async () => {
    const tree = fixture({ [SCHEMA]: thing, [`${EX}/valid/thing/ok.json`]: json({ name: 'a' }) }).tree();
    const events: string[] = [];
    const read = tree.json.bind(tree);
    tree.json = (path) => (events.push(path), read(path));
    const result = await checkSchemas(tree, { ...OPTIONS, collectGarbage: () => void events.push('collect') });
    expect(found(result)).toEqual([]);
    expect(events).toEqual([SCHEMA, 'collect', `${EX}/valid/thing/ok.json`]);
  });
});
