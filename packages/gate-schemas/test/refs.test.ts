import { describe, expect, it } from 'vitest';
import { compileSchemas } from '../src/index.js';
import { unreferencedDefinitions } from '../src/compile.js';
import { MAX_REF_DEPTH } from '../src/refs.js';
import { locationKey, walkSchema } from '../src/walk.js';
import { DRAFT, at, check, fixture, found, json } from './helpers.js';

const A = 'schemas/v2/a.schema.json';
const B = 'schemas/v2/b.schema.json';
const id = (name: string): string => `https://x.test/v2/${name}.json`;

/** `n` definitions, each a `$ref` to the next, the last a string; the root references the first when `used`. */
function defsChain(n: number, used: boolean): Record<string, unknown> {
  const $defs: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) $defs[`d${i}`] = i + 1 < n ? { $ref: `#/$defs/d${i + 1}` } : { type: 'string' };
  return { $schema: DRAFT, $id: id('chain'), ...(used ? { $ref: '#/$defs/d0' } : {}), $defs };
}

/** `n` schema files s0…s(n-1), each only a `$ref` to the next; the last closes a cycle, or is a string. */
function files(n: number, cycle: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    const body = !cycle && i + 1 === n ? { type: 'string' } : { $ref: id(`s${(i + 1) % n}`) };
    out[`schemas/v2/s${String(i).padStart(4, '0')}.schema.json`] = json({ $schema: DRAFT, $id: id(`s${i}`), ...body });
  }
  return out;
}

describe('a chain of definitions is compiled once, not member by member', () => {
  const walk = (schema: Record<string, unknown>) =>
    walkSchema(schema, id('chain'), (base, ref) => new URL(ref, base).href);

  it('a definition a $ref reaches counts as referenced however the URI spells `$` (`$defs` and `%24defs` are one location)', () => {
    const schema = defsChain(5, true);
    const w = walk(schema);
    const referenced = new Set(w.refs.map((r) => locationKey(r.target)));
    expect(unreferencedDefinitions({ key: id('chain'), walk: w }, referenced)).toEqual([]);
    expect(locationKey(`${id('chain')}#/%24defs/d1`)).toBe(`${id('chain')}#/$defs/d1`);
  });

  it('an unreferenced chain is compiled from its head only', () => {
    const w = walk(defsChain(5, false));
    const referenced = new Set(w.refs.map((r) => locationKey(r.target)));
    expect(unreferencedDefinitions({ key: id('chain'), walk: w }, referenced).map((d) => d.uri)).toEqual([
      `${id('chain')}#/%24defs/d0`,
    ]);
  });

  it('a chain of 100 definitions compiles and validates through every link', async () => {
    const fx = fixture({ [A]: json(defsChain(100, true)) });
    expect(found(await check(fx))).toEqual([]);
    const validate = compileSchemas(fx.tree()).byFile.get(A)!.validate!;
    expect([validate('x'), validate(1)]).toEqual([true, false]);
  });
});

describe('schemas/ref-cycle', () => {
  it('a cycle of references that stays on the instance: reported at the $ref that closes it, neither schema compiled', async () => {
    const fx = fixture({
      [A]: json({ $schema: DRAFT, $id: id('a'), $ref: 'b.json' }),
      [B]: json({ $schema: DRAFT, $id: id('b'), allOf: [{ $ref: 'a.json' }] }),
    });
    const result = await check(fx);
    expect(found(result)).toEqual([{ ruleId: 'schemas/ref-cycle', file: A, start: at(4, 11) }]);
    expect(result.diagnostics[0]!.message).toBe(
      `this $ref closes a cycle of 2 reference(s) that never descends into the instance (${B} → ${A} → ${B}): validating through it never ends`,
    );
    expect(result.figures['compiled']).toBe(0);
  });

  it('a schema that references itself in place is a cycle of one', async () => {
    const result = await check(fixture({ [A]: json({ $schema: DRAFT, anyOf: [{ type: 'string' }, { $ref: '#' }] }) }));
    expect(found(result)).toEqual([{ ruleId: 'schemas/ref-cycle', file: A, start: at(8, 15) }]);
  });

  it('1,000 schemas in a cycle: one finding, none of them compiled (Ajv would exhaust the stack on each)', async () => {
    const result = await check(fixture(files(1000, true)));
    expect(found(result)).toEqual([
      { ruleId: 'schemas/ref-cycle', file: 'schemas/v2/s0000.schema.json', start: at(4, 11) },
    ]);
    expect(result.diagnostics[0]!.message).toMatch(
      /^this \$ref closes a cycle of 1,000 reference\(s\) .* … 996 more → /,
    );
    expect(result.figures['compiled']).toBe(0);
  });

  it('recursion that descends into the instance (a property, an item) is no cycle: it compiles and validates', async () => {
    const tree = {
      $schema: DRAFT,
      $id: id('node'),
      type: 'object',
      properties: { children: { type: 'array', items: { $ref: '#' } } },
    };
    const fx = fixture({ [A]: json(tree) });
    expect(found(await check(fx))).toEqual([]);
    const validate = compileSchemas(fx.tree()).byFile.get(A)!.validate!;
    expect([validate({ children: [{ children: [] }] }), validate({ children: [1] })]).toEqual([true, false]);
  });
});

describe('schemas/ref-depth', () => {
  it(`a chain of more than ${MAX_REF_DEPTH} references: reported once, at its first $ref, and not compiled`, async () => {
    const result = await check(fixture(files(MAX_REF_DEPTH + 2, false)));
    expect(found(result)).toEqual([
      { ruleId: 'schemas/ref-depth', file: 'schemas/v2/s0000.schema.json', start: at(4, 11) },
    ]);
    expect(result.diagnostics[0]!.message).toBe(
      `this $ref starts a chain of up to ${MAX_REF_DEPTH + 1} references, each compiled inside the one before; more than ${MAX_REF_DEPTH} exhaust the validator's stack`,
    );
    // s0 alone is over the limit; every later schema is within it and compiles.
    expect(result.figures['compiled']).toBe(MAX_REF_DEPTH + 1);
  });

  it(`a chain of exactly ${MAX_REF_DEPTH} references compiles`, async () => {
    const result = await check(fixture(files(MAX_REF_DEPTH + 1, false)));
    expect(found(result)).toEqual([]);
    expect(result.figures['compiled']).toBe(MAX_REF_DEPTH + 1);
  });
});
