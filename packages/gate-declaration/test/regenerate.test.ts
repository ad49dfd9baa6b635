// A stale generated schema: each difference names the input its value is generated from (where
// the change belongs), and every stale finding offers one repair, the regenerated file, exactly
// when `gen` would write it and no value in it stands on a root cause.
import { describe, expect, it } from 'vitest';
import { fullMessage, linkCauses } from '@openwop-spec/diagnostics';
import type { Diagnostic } from '@openwop-spec/diagnostics';
import {
  CAPABILITIES_MD,
  CLIENT,
  MCP_FACETS,
  DELETED_ROW,
  canvasRow,
  corpusFiles,
  declaration,
  fixture,
  gateCheck,
  generatedFixture,
  json,
  mcpFacetFile,
  mcpRow,
  pos,
  toolCatalogRow,
} from './corpus.js';

const OUT = 'schemas/v2/capabilities.schema.json';
const MCP = 'spec/v2/facets/mcp.schema.json';
const DECL = 'spec/v2/declaration.json';
/** The mcp facet file with the client facet's description changed (a change the record carries). */
const clientChanged = mcpFacetFile({ ...MCP_FACETS, client: { ...CLIENT, description: 'changed' } });
const stale = (ds: readonly Diagnostic[]) => ds.filter((d) => d.ruleId === 'declaration/stale');

/** A committed corpus whose generated schema was then edited by `edit` (a hand edit). */
function handEdited(edit: (doc: Record<string, any>) => void) {
  const f = generatedFixture();
  const generated = f.tree().text(OUT);
  const doc = JSON.parse(generated);
  edit(doc);
  f.write({ [OUT]: json(doc) });
  return { f, generated };
}

describe('declaration/stale names the source of each stale value', () => {
  it('a facet edited in the generated file: the facet file, at the value, as the place to change it', async () => {
    const { f } = handEdited((d) => {
      d['properties']['mcp']['properties']['client']['description'] = 'hand edit';
    });
    const [d] = stale((await gateCheck(f.tree())).diagnostics);
    const facets = f.tree().text(MCP);
    const at = pos(facets, '"RFC 0204.', '"client"');
    expect(fullMessage(d!)).toMatch(
      new RegExp(
        `; the value is generated from ${MCP}:${at.line}:${at.column}: make a change there, not here \\(a hand edit is lost when the file is regenerated\\); then regenerate it: openwop-spec gen \\(or pnpm exec openwop-spec declaration --write\\), and commit the result \\(openwop-spec check --fix does\\)$`,
      ),
    );
    expect(d!.related).toEqual([
      { file: MCP, start: expect.objectContaining(at), message: 'the value is generated from here' },
    ]);
  });

  it('a record’s description: the family’s row in the declaration', async () => {
    const { f } = handEdited((d) => {
      d['properties']['toolCatalog']['description'] = 'hand edit';
    });
    const [d] = stale((await gateCheck(f.tree())).diagnostics);
    const text = f.tree().text(DECL);
    const row = text.lastIndexOf('{', text.indexOf('"key": "toolCatalog"'));
    const line = text.slice(0, row).split('\n').length;
    expect(d!.related?.map((r) => [r.file, r.start?.line, r.start?.column])).toEqual([
      [DECL, line, row - text.lastIndexOf('\n', row)],
    ]);
  });

  it('a value the generator writes itself (the root description) names no source, only the regeneration', async () => {
    const { f } = handEdited((d) => {
      d['description'] = 'hand edit';
    });
    const [d] = stale((await gateCheck(f.tree())).diagnostics);
    expect([d!.related, d!.hint]).toEqual([
      undefined,
      'regenerate it: openwop-spec gen (or pnpm exec openwop-spec declaration --write), and commit the result',
    ]);
  });
});

describe('declaration/stale offers the regenerated file as its fix', () => {
  it('every stale finding offers the one repair: the committed text replaced by the generated one', async () => {
    const { f, generated } = handEdited((d) => {
      d['description'] = 'hand edit';
      d['properties']['mcp']['description'] = 'hand edit';
    });
    const committed = f.tree().text(OUT);
    const found = stale((await gateCheck(f.tree())).diagnostics);
    expect(found).toHaveLength(2);
    expect(found[1]!.fix).toBe(found[0]!.fix);
    expect(found[0]!.fix).toEqual([{ file: OUT, start: 0, end: committed.length, before: committed, text: generated }]);
  });

  it('a missing generated file: the repair creates it', async () => {
    const f = generatedFixture();
    const generated = f.tree().text(OUT);
    f.write({ [OUT]: null });
    const [d] = stale((await gateCheck(f.tree())).diagnostics);
    expect(d!.fix).toEqual([{ file: OUT, start: 0, end: 0, before: '', text: generated }]);
  });

  it('none while the declaration has an error (gen would write nothing): it says what regeneration waits for', async () => {
    const f = generatedFixture();
    f.write({
      'spec/v2/core/capabilities.md': CAPABILITIES_MD.replace('### § `toolCatalog`', '### § `somethingElse`'),
      [MCP]: json(clientChanged),
    });
    const r = await gateCheck(f.tree());
    expect(r.diagnostics.map((d) => d.ruleId)).toContain('declaration/capabilities-heading');
    const [d] = stale(r.diagnostics);
    expect([d!.fix, d!.fixWaitsFor]).toEqual([undefined, 'the declaration has no error']);
    expect(fullMessage(d!)).toMatch(/ \(openwop-spec check --fix does once the declaration has no error\)$/);
  });

  it('an owningRfc no RFC has is the root cause of the description it changes: the regeneration waits for it', async () => {
    const f = generatedFixture();
    f.write({
      [DECL]: json(
        declaration({ families: [mcpRow({ owningRfc: '0205' }), toolCatalogRow(), canvasRow(), DELETED_ROW] }),
      ),
      'RFCS/0204-v2-host-mcp-client.md': '# RFC 0204\n',
    });
    const [r] = linkCauses([await gateCheck(f.tree())]);
    const [d] = stale(r!.diagnostics);
    expect([d!.message, d!.causedBy?.ruleId, d!.fix]).toEqual([
      expect.stringMatching(/^\/properties\/mcp\/description: changed /),
      'declaration/owning-rfc',
      undefined,
    ]);
    expect(fullMessage(d!)).toMatch(
      / \(openwop-spec check --fix does once the declaration\/owning-rfc finding it follows from is resolved\)$/,
    );
    // Another stale value of the row is a root cause of its own, but the one regeneration would
    // also write the RFC: it waits too, naming what for.
    f.write({ [MCP]: json(clientChanged) });
    const [again] = linkCauses([await gateCheck(f.tree())]);
    const both = stale(again!.diagnostics);
    expect(both.map((x) => [x.message.split(':')[0], x.causedBy?.ruleId, x.fix])).toEqual([
      ['/properties/mcp/properties/client/description', undefined, undefined],
      ['/properties/mcp/description', 'declaration/owning-rfc', undefined],
    ]);
    const rfc = pos(f.tree().text(DECL), '"0205"');
    expect(both[0]!.fixWaitsFor).toBe(
      `the declaration/owning-rfc finding at ${DECL}:${rfc.line}:${rfc.column} is resolved (the same repair would write a value that stands on it)`,
    );
  });

  it('a fresh corpus offers nothing to regenerate', async () => {
    expect(stale((await gateCheck(generatedFixture().tree())).diagnostics)).toEqual([]);
    expect(stale((await gateCheck(fixture(corpusFiles()).tree())).diagnostics)).toHaveLength(1);
  });
});
