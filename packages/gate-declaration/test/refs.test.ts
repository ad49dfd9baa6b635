// declaration/unresolved-ref: a reference the generator would copy into the capabilities schema
// resolves there, or nothing is generated; the schemas gate's finding about it follows from it.
import { describe, expect, it } from 'vitest';
import { fullMessage, linkCauses } from '@openwop-spec/diagnostics';
import { gate as schemasGate } from '@openwop-spec/gate-schemas';
import { CHECK, WRITE, corpusFiles, declaration, fixture, found, gateCheck, json, metaRow, pos } from './corpus.js';
import { runGenerator } from '../src/index.js';

const OUT = 'schemas/v2/capabilities.schema.json';
const SHAPE = 'spec/v2/metadata/configurable.schema.json';
const TARGET = 'schemas/v2/configurable.schema.json';

/** The corpus with a kept `configurable` row whose shape is `{"$ref": ref}`, and the schema it means. */
function withRef(ref: string, shape: Record<string, unknown> = {}) {
  const decl = declaration();
  decl.metadata.push(metaRow('configurable'));
  const text = json({
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://openwop.dev/spec/v2/metadata-configurable.schema.json',
    $ref: ref,
    ...shape,
  });
  const files = {
    ...corpusFiles(decl),
    [SHAPE]: text,
    [TARGET]: json({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'https://openwop.dev/spec/v2/configurable.schema.json',
      type: 'object',
      $defs: { knob: { $anchor: 'knob', type: 'string' } },
    }),
  };
  return { f: fixture(files), text };
}

describe('declaration/unresolved-ref', () => {
  it('red: a mistyped $ref in a metadata shape, at the reference in that file, with the id it was near; --write writes nothing', () => {
    const { f, text } = withRef('configurabel.schema.json');
    const r = runGenerator(f.tree(), WRITE);
    expect(found(r)).toEqual([
      { ruleId: 'declaration/unresolved-ref', file: SHAPE, start: pos(text, '"configurabel') },
    ]);
    expect(fullMessage(r.diagnostics[0]!)).toBe(
      '$ref "configurabel.schema.json" would not resolve in schemas/v2/capabilities.schema.json: no schema in the corpus has $id https://openwop.dev/spec/v2/configurabel.schema.json — did you mean "configurable.schema.json"?; correct it here ("configurable.schema.json" if that is the schema meant); it resolves against the $id of schemas/v2/capabilities.schema.json, which is regenerated only once every reference resolves',
    );
    expect([r.ok, r.summaryLine, f.tree().exists(OUT)]).toEqual([
      false,
      '=== generate-from-declaration FAILED — 1 error(s) ===',
      false,
    ]);
  });

  it('red: a location the named schema lacks, by pointer or by anchor', () => {
    for (const [ref, location] of [
      ['configurable.schema.json#/$defs/nope', '#/$defs/nope'],
      ['configurable.schema.json#nope', '#nope'],
    ] as const) {
      const r = runGenerator(withRef(ref).f.tree(), CHECK);
      expect(r.diagnostics.map((d) => d.message)).toEqual([
        `$ref "${ref}" would not resolve in ${OUT}: ${TARGET} has no location "${location}"`,
      ]);
    }
  });

  it('red: a reference into the shape’s own $defs, which the generated schema does not carry at its root', () => {
    const { f, text } = withRef('#/$defs/local', { $defs: { local: { type: 'object' } } });
    const r = runGenerator(f.tree(), CHECK);
    expect(found(r)).toEqual([
      { ruleId: 'declaration/unresolved-ref', file: SHAPE, start: pos(text, '"#/$defs/local"') },
    ]);
    expect(r.diagnostics[0]!.message).toBe(
      `$ref "#/$defs/local" would not resolve in ${OUT}: ${OUT} has no location "#/$defs/local"`,
    );
  });

  it('green: a reference to a corpus schema, to a location in it by pointer or anchor, and into the generated schema itself', () => {
    for (const ref of [
      'configurable.schema.json',
      'configurable.schema.json#/$defs/knob',
      'configurable.schema.json#knob',
      '#/properties/protocolVersions',
    ]) {
      const r = runGenerator(withRef(ref).f.tree(), WRITE);
      expect([ref, r.ok, r.diagnostics]).toEqual([ref, true, []]);
    }
  });

  it('it is the root cause of the schemas gate’s finding about the same reference (one finding, said once)', async () => {
    const { f } = withRef('configurabel.schema.json');
    const tree = f.tree();
    const [decl, schemas] = linkCauses([await gateCheck(tree), await schemasGate.check(tree, CHECK)]);
    const root = decl!.diagnostics.find((d) => d.ruleId === 'declaration/unresolved-ref')!;
    const same = schemas!.diagnostics.filter((d) => d.ruleId === 'schemas/unresolved-ref');
    expect(same.map((d) => [d.file, d.start?.line, d.start?.column, d.causedBy?.ruleId])).toEqual([
      [SHAPE, root.start!.line, root.start!.column, 'declaration/unresolved-ref'],
    ]);
  });
});
