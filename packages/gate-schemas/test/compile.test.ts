import { describe, expect, it } from 'vitest';
import { InputError } from '@openwop-spec/diagnostics';
import { checkSchemas, compileSchemas } from '../src/index.js';
import { DRAFT, OPTIONS, at, check, fixture, found, json } from './helpers.js';

const A = 'schemas/v2/a.schema.json';
const B = 'schemas/v2/b.schema.json';

/** A schema whose `properties.n` is `n`; `n` sits at line 5 and its members from line 6. */
const withN = (n: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  json({ $schema: DRAFT, type: 'object', properties: { n }, ...extra });

describe('every schema compiles', () => {
  it('passes a schema that compiles, and prints the OK line', async () => {
    const result = await check(fixture({ [A]: withN({ type: 'string', maxLength: 3 }) }));
    expect(found(result)).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.exitCode).toBe(0);
    expect(result.summaryLine).toBe('=== schemas OK — 1 schema(s) compile; 0 example(s) behave as documented ===');
  });

  it('reports a keyword Ajv does not know (strict mode) at that keyword', async () => {
    const result = await check(fixture({ [A]: withN({ type: 'string', maxLenght: 3 }) }));
    expect(found(result)).toEqual([{ ruleId: 'schemas/compile', file: A, start: at(7, 7) }]);
    expect(result.diagnostics[0]!.message).toContain('unknown keyword: "maxLenght"');
    expect(result.summaryLine).toBe('=== schemas FAILED — 1 error(s) ===');
    expect(result.exitCode).toBe(1);
  });

  it('accepts x- vendor annotations (the generated capabilities markers) and still rejects a misspelt keyword beside them', async () => {
    const fx = fixture({ [A]: withN({ type: 'object', 'x-openwop-seeded-from': 'v1' }) });
    expect(found(await check(fx))).toEqual([]);
    fx.write({ [A]: withN({ type: 'object', 'x-openwop-seeded-from': 'v1', additionalProperty: false }) });
    expect(found(await check(fx))).toEqual([{ ruleId: 'schemas/compile', file: A, start: at(8, 7) }]);
  });

  it('reports a bad type at its value (meta-schema), once', async () => {
    const result = await check(fixture({ [A]: withN({ type: 'integr' }) }));
    expect(found(result)).toEqual([{ ruleId: 'schemas/compile', file: A, start: at(6, 15) }]);
    expect(result.diagnostics[0]!.message).toContain('/properties/n/type must be equal to one of the allowed values');
  });

  it('reports an unknown format at the format keyword', async () => {
    const result = await check(fixture({ [A]: withN({ type: 'string', format: 'uri-refrence' }) }));
    expect(found(result)).toEqual([{ ruleId: 'schemas/compile', file: A, start: at(7, 7) }]);
  });

  it('reports an ignored keyword ("if" without then/else) at it, not at a sound if/then elsewhere', async () => {
    const schema = json({
      $schema: DRAFT,
      allOf: [{ if: { required: ['n'] }, then: { required: ['m'] } }, { if: { required: ['m'] } }],
      properties: { n: {}, m: {} },
    });
    const result = await check(fixture({ [A]: schema }));
    // allOf/1/if is on line 17: the second clause of allOf.
    expect(found(result)).toEqual([{ ruleId: 'schemas/compile', file: A, start: at(17, 7) }]);
    expect(result.diagnostics[0]!.message).toContain('"if" without "then" and "else" is ignored');
  });

  it('accepts a presence test (if: { required }) placed before the properties it names (strictRequired is off on purpose)', async () => {
    const schema = json({
      $schema: DRAFT,
      allOf: [{ if: { required: ['n'] }, then: { required: ['m'] } }],
      properties: { n: {}, m: {} },
    });
    expect(found(await check(fixture({ [A]: schema })))).toEqual([]);
  });

  it('compiles every $defs entry, even one nothing references', async () => {
    const fx = fixture({
      [A]: json({ $schema: DRAFT, type: 'string', $defs: { unused: { type: 'string', maxLenght: 1 } } }),
    });
    expect(found(await check(fx))).toEqual([{ ruleId: 'schemas/compile', file: A, start: at(7, 7) }]);
    fx.write({ [A]: json({ $schema: DRAFT, type: 'string', $defs: { unused: { type: 'string', maxLength: 1 } } }) });
    expect(found(await check(fx))).toEqual([]);
  });

  it('reports a regular expression that does not compile at its pattern', async () => {
    const result = await check(fixture({ [A]: withN({ type: 'string', pattern: '([a-z]' }) }));
    expect(found(result)).toEqual([{ ruleId: 'schemas/compile', file: A, start: at(7, 7) }]);
  });

  it('accepts properties without a type inside if/then (strictTypes is off on purpose)', async () => {
    const schema = json({
      $schema: DRAFT,
      type: 'object',
      properties: {
        tier: { enum: ['read', 'write'] },
        hints: { type: 'object', properties: { ro: { type: 'boolean' } } },
      },
      if: { required: ['tier'], properties: { tier: { const: 'read' } } },
      then: { properties: { hints: { properties: { ro: { const: true } } } } },
    });
    expect(found(await check(fixture({ [A]: schema })))).toEqual([]);
  });

  it('accepts an open tuple (strictTuples is off on purpose)', async () => {
    expect(
      found(await check(fixture({ [A]: json({ $schema: DRAFT, type: 'array', prefixItems: [{ type: 'string' }] }) }))),
    ).toEqual([]);
  });

  it('reports an unknown $schema at $schema', async () => {
    const result = await check(
      fixture({ [A]: json({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' }) }),
    );
    expect(found(result)).toEqual([{ ruleId: 'schemas/compile', file: A, start: at(2, 14) }]);
  });

  it('reports a file that is not a schema at its root, and a non-string $id at $id', async () => {
    const result = await check(fixture({ [A]: '[1]\n', [B]: json({ $id: 7, type: 'object' }) }));
    expect(found(result)).toEqual([
      { ruleId: 'schemas/compile', file: A, start: at(1, 1) },
      { ruleId: 'schemas/compile', file: B, start: at(2, 10) },
    ]);
  });

  it('reports the draft-04 "id" keyword at that keyword', async () => {
    const result = await check(fixture({ [A]: json({ $schema: DRAFT, id: 'https://x.test/a.json', type: 'object' }) }));
    expect(found(result)).toEqual([{ ruleId: 'schemas/compile', file: A, start: at(3, 3) }]);
  });

  it('reports an empty enum (which the meta-schema allows and Ajv refuses) at enum', async () => {
    const result = await check(fixture({ [A]: withN({ enum: [] }) }));
    expect(found(result)).toEqual([{ ruleId: 'schemas/compile', file: A, start: at(6, 7) }]);
  });

  it("reports Ajv's $async extension, and not again at the schemas that reference it", async () => {
    const result = await check(
      fixture({
        [A]: json({ $id: 'https://x.test/a.json', $ref: 'b.json' }),
        [B]: json({ $id: 'https://x.test/b.json', $async: true, type: 'string' }),
      }),
    );
    expect(found(result)).toEqual([{ ruleId: 'schemas/compile', file: B, start: at(3, 3) }]);
  });

  it('accepts boolean schemas', async () => {
    expect(found(await check(fixture({ [A]: 'true\n' })))).toEqual([]);
  });

  it('finds schemas under spec/ too, recursively, in code-unit order', async () => {
    const result = await check(
      fixture({
        'spec/v2/facets/Z.schema.json': 'true',
        'spec/v2/facets/a.schema.json': 'true',
        [A]: 'true',
        'spec/v2/notes.json': '{',
      }),
    );
    expect(result.figures['schemaFiles']).toEqual([A, 'spec/v2/facets/Z.schema.json', 'spec/v2/facets/a.schema.json']);
  });

  it('is an input error, with line and column, when a schema is not JSON', async () => {
    const fx = fixture({ [A]: '{\n  "type": "object",\n}\n' });
    const err = await checkSchemas(fx.tree(), OPTIONS).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).location).toEqual({ file: A, start: { line: 2, column: 19, offset: 20 } });
    expect((err as InputError).message).toBe(`${A} is not valid JSON: trailing comma before \`}\``);
  });

  it('parses each file once and compiles once per tree', async () => {
    const fx = fixture({
      [A]: json({ $id: 'https://x.test/a.json', $ref: 'b.json' }),
      [B]: json({ $id: 'https://x.test/b.json', type: 'string' }),
    });
    const tree = fx.tree();
    await checkSchemas(tree, OPTIONS);
    await checkSchemas(tree, OPTIONS);
    expect(tree.stats.jsonParses).toBe(2);
    expect(compileSchemas(tree)).toBe(compileSchemas(tree));
  });
});

describe('cross-file references', () => {
  const a = json({
    $schema: DRAFT,
    $id: 'https://x.test/v2/a.json',
    type: 'object',
    properties: { b: { $ref: 'b.json#/$defs/name' } },
  });
  const b = json({ $schema: DRAFT, $id: 'https://x.test/v2/b.json', $defs: { name: { type: 'string' } } });

  it('reports a $ref to a schema that is not in the corpus at the $ref, without crashing', async () => {
    const result = await check(fixture({ [A]: a }));
    expect(found(result)).toEqual([{ ruleId: 'schemas/unresolved-ref', file: A, start: at(7, 15) }]);
    expect(result.diagnostics[0]!.message).toContain('no schema in the corpus has $id https://x.test/v2/b.json');
  });

  it('resolves the same $ref once the target exists, whatever the file order', async () => {
    const fx = fixture({ [A]: a, [B]: b });
    expect(found(await check(fx))).toEqual([]);
    const validate = compileSchemas(fx.tree()).byFile.get(A)!.validate!;
    expect(validate({ b: 'x' })).toBe(true);
    expect(validate({ b: 1 })).toBe(false);
  });

  it('reports a $ref to a missing location in an existing schema', async () => {
    const result = await check(
      fixture({
        [A]: a,
        [B]: json({ $schema: DRAFT, $id: 'https://x.test/v2/b.json', $defs: { label: { type: 'string' } } }),
      }),
    );
    expect(found(result)).toEqual([{ ruleId: 'schemas/unresolved-ref', file: A, start: at(7, 15) }]);
    expect(result.diagnostics[0]!.message).toContain(`${B} has no location "/$defs/name"`);
  });

  it('registers a schema without $id by its path, so relative references between such files resolve', async () => {
    const fx = fixture({ [A]: json({ properties: { b: { $ref: 'b.schema.json' } } }), [B]: json({ type: 'string' }) });
    expect(found(await check(fx))).toEqual([]);
    fx.write({ [A]: json({ properties: { b: { $ref: 'c.schema.json' } } }) });
    expect(found(await check(fx))).toEqual([{ ruleId: 'schemas/unresolved-ref', file: A, start: at(4, 15) }]);
  });

  it('reports an unresolvable $ref in a referenced schema at that schema, not at the one being compiled', async () => {
    const bRefsC = json({ $schema: DRAFT, $id: 'https://x.test/v2/b.json', $defs: { name: { $ref: 'c.json' } } });
    const result = await check(fixture({ [A]: a, [B]: bRefsC }));
    expect(found(result)).toEqual([{ ruleId: 'schemas/unresolved-ref', file: B, start: at(6, 15) }]);
  });

  it('reports a broken schema once, at itself, not at every schema that references it', async () => {
    const broken = json({
      $schema: DRAFT,
      $id: 'https://x.test/v2/b.json',
      $defs: { name: { type: 'string', minLenght: 1 } },
    });
    const result = await check(fixture({ [A]: a, [B]: broken }));
    expect(found(result)).toEqual([{ ruleId: 'schemas/compile', file: B, start: at(7, 7) }]);
    expect(result.figures['compiled']).toBe(0);
  });
});

describe('duplicate $id', () => {
  it('reports both places, and registers only the first file', async () => {
    const same = (type: string) => json({ $id: 'https://x.test/v2/a.json', type });
    const C = 'schemas/v2/c.schema.json';
    const fx = fixture({ [A]: same('string'), [B]: same('number'), [C]: json({ $ref: 'https://x.test/v2/a.json' }) });
    const result = await check(fx);
    expect(found(result)).toEqual([
      { ruleId: 'schemas/duplicate-id', file: A, start: at(2, 10) },
      { ruleId: 'schemas/duplicate-id', file: B, start: at(2, 10) },
    ]);
    expect(result.diagnostics[0]!.related).toEqual([
      { file: B, start: expect.objectContaining(at(2, 10)), message: expect.any(String) },
    ]);
    // Neither file counts as compiling; a reference to the id reaches the first one.
    expect(result.figures['compiled']).toBe(1);
    const viaRef = compileSchemas(fx.tree()).byFile.get(C)!.validate!;
    expect([viaRef('text'), viaRef(1)]).toEqual([true, false]);
  });

  it('counts an embedded $id too, and passes distinct ids', async () => {
    const embedded = json({ $id: 'https://x.test/v2/b.json', $defs: { a: { $id: 'a.json', type: 'string' } } });
    const result = await check(
      fixture({ [A]: json({ $id: 'https://x.test/v2/a.json', type: 'string' }), [B]: embedded }),
    );
    expect(found(result)).toEqual([
      { ruleId: 'schemas/duplicate-id', file: A, start: at(2, 10) },
      { ruleId: 'schemas/duplicate-id', file: B, start: at(5, 14) },
    ]);
    const fx = fixture({
      [A]: json({ $id: 'https://x.test/v2/a.json' }),
      [B]: json({ $id: 'https://x.test/v2/b.json' }),
    });
    expect(found(await check(fx))).toEqual([]);
  });
});
