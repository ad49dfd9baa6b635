// --check compares and explains, --write writes atomically and only changed bytes;
// the parity lines of §0.4.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CHECK,
  MCP_FACETS,
  checkDecl,
  corpusFiles,
  declaration,
  fixture,
  found,
  gateCheck,
  generate,
  generatedFixture,
  json,
  mcpRow,
  pos,
  toolCatalogRow,
  canvasRow,
  DELETED_ROW,
  WRITE,
  CAPABILITIES_MD,
  fixturesOnDisk,
} from './corpus.js';

fixturesOnDisk();
import { gate, runCheckDeclaration, runGenerator } from '../src/index.js';

const OUT = 'schemas/v2/capabilities.schema.json';
const STALE_LINE =
  'generate-from-declaration: stale — schemas/v2/capabilities.schema.json. Run: pnpm exec openwop-spec declaration --write';
const OK_LINE = '=== generate-from-declaration OK — 2 core families, 1 ext, 1 deleted, 3 metadata keys ===';
const CHECK_OK =
  '=== check-declaration OK — 4 family rows (2 core / 1 ext / 1 deleted), 4 metadata keys, 1 profiles; every v1 root key anchored ===';

/** Every file under `root` with its modification time, to prove a run wrote nothing. */
function snapshot(root: string): Record<string, number> {
  const out: Record<string, number> = {};
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else out[p.slice(root.length + 1)] = statSync(p).mtimeMs;
    }
  };
  walk(root);
  return out;
}

/** A committed copy of the generated file, edited by `edit`. */
function withCommitted(edit: (doc: Record<string, any>) => void) {
  const f = generatedFixture();
  const doc = JSON.parse(f.tree().text(OUT));
  edit(doc);
  const text = json(doc);
  f.write({ [OUT]: text });
  return { f, text };
}

describe('--check', () => {
  it('up to date: the OK line on stdout, exit 0, figures with counts and no differences', () => {
    const r = generate(generatedFixture().tree());
    expect(r).toMatchObject({ ok: true, exitCode: 0, summaryLine: OK_LINE, printout: [], diagnostics: [] });
    expect(r.figures).toEqual({ counts: { core: 2, ext: 1, deleted: 1, metadata: 3 }, differences: [] });
  });

  it('compares after CRLF → LF normalisation', () => {
    const f = generatedFixture();
    f.write({ [OUT]: f.tree().text(OUT).replace(/\n/g, '\r\n') });
    expect(generate(f.tree()).summaryLine).toBe(OK_LINE);
  });

  it('never writes, even when stale', () => {
    const { f } = withCommitted((d) => {
      d['title'] = 'hand edit';
    });
    const before = snapshot(f.root);
    const tree = f.tree();
    const r = generate(tree);
    expect(r.exitCode).toBe(1);
    expect(tree.written.size).toBe(0);
    expect(snapshot(f.root)).toEqual(before);
  });

  it('changed: the value at its committed position, expected and found, then the stale line', () => {
    const { f, text } = withCommitted((d) => {
      d['properties']['mcp']['description'] = 'hand edit';
    });
    const r = generate(f.tree());
    expect(found(r)).toEqual([{ ruleId: 'declaration/stale', file: OUT, start: pos(text, '"hand edit"') }]);
    expect(r.diagnostics[0]!.message).toBe(
      // Each side is cut to 80 code units, ending in "…".
      '/properties/mcp/description: changed (expected "core/capabilities.md#mcp — witness: seam-gated; maturity experimental/none; RF…, found "hand edit")',
    );
    expect(r.summaryLine).toBe(STALE_LINE);
    expect(r.exitCode).toBe(1);
    expect(r.figures['differences']).toEqual([
      {
        pointer: '/properties/mcp/description',
        kind: r.diagnostics[0]!.message.slice('/properties/mcp/description: '.length),
      },
    ]);
  });

  it('unexpected: at the member key; key order differs: at the object', () => {
    const { f, text } = withCommitted((d) => {
      d['properties']['mcp']['properties']['extra'] = { type: 'string' };
      const tc = d['properties']['toolCatalog'];
      const { description, ...rest } = tc;
      d['properties']['toolCatalog'] = { description, ...rest };
    });
    const r = generate(f.tree());
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      '/properties/mcp/properties/extra: unexpected',
      '/properties/toolCatalog: key order differs',
    ]);
    expect(found(r)).toEqual([
      { ruleId: 'declaration/stale', file: OUT, start: pos(text, '"extra"') },
      { ruleId: 'declaration/stale', file: OUT, start: pos(text, '{', '"toolCatalog":') },
    ]);
  });

  it('reports at most 20 differences, then "… and N more difference(s)" on stderr before the stale line', () => {
    const { f, text } = withCommitted((d) => {
      for (let i = 0; i < 25; i++) d['properties'][`x${i}`] = {};
    });
    const r = generate(f.tree());
    expect(r.diagnostics).toHaveLength(20);
    expect(found(r)[0]).toEqual({ ruleId: 'declaration/stale', file: OUT, start: pos(text, '"x0"') });
    expect(r.diagnostics[19]!.message).toBe('/properties/x19: unexpected');
    expect(r.printout).toEqual([{ text: '  … and 5 more difference(s)', stream: 'stderr' }]);
    expect(r.figures['differences']).toHaveLength(25);
    expect(r.summaryLine).toBe(STALE_LINE);
  });

  it('formatting only: one finding at the first differing line', () => {
    const f = generatedFixture();
    f.write({ [OUT]: JSON.stringify(JSON.parse(f.tree().text(OUT)), null, 4) + '\n' });
    const r = generate(f.tree());
    expect(found(r)).toEqual([{ ruleId: 'declaration/stale', file: OUT, start: { line: 2, column: 1 } }]);
    expect(r.diagnostics[0]!.message).toBe('formatting differs from the renderer (first at line 2)');
    expect(r.summaryLine).toBe(STALE_LINE);
  });

  it('a missing committed file is one finding', () => {
    const r = generate(fixture(corpusFiles()).tree());
    expect(found(r)).toEqual([{ ruleId: 'declaration/stale', file: OUT, start: { line: 1, column: 1 } }]);
    expect(r.diagnostics[0]!.message).toBe(`${OUT} does not exist`);
    expect(r.summaryLine).toBe(STALE_LINE);
  });

  it('an invalid committed file is one finding at the syntax error', () => {
    const f = fixture({ ...corpusFiles(), [OUT]: '{\n  "a": 1,\n}\n' });
    const r = generate(f.tree());
    expect(found(r)).toEqual([{ ruleId: 'declaration/stale', file: OUT, start: { line: 2, column: 9 } }]);
    expect(r.diagnostics[0]!.message).toMatch(
      /^schemas\/v2\/capabilities\.schema\.json is not valid JSON: trailing comma before `}`/,
    );
  });

  it('generation errors suppress the stale diff and its fix command (which would refuse to write), and FAILED counts what is listed', () => {
    const f = fixture(
      corpusFiles(
        declaration({ families: [mcpRow({ facets: ['revisions'] }), toolCatalogRow(), canvasRow(), DELETED_ROW] }),
      ),
    );
    const r = generate(f.tree());
    expect(r.diagnostics.map((d) => d.ruleId)).toEqual(['declaration/facets-mismatch']);
    expect(r.printout).toEqual([]);
    expect(r.summaryLine).toBe('=== generate-from-declaration FAILED — 1 error(s) ===');
  });

  it('in check-declaration, the generator line has no count of its own: its errors are listed with the others', async () => {
    const f = fixture(
      corpusFiles(
        declaration({
          families: [
            mcpRow({ facets: ['revisions'], peerDependencyId: 'host.mcp' }),
            toolCatalogRow(),
            canvasRow(),
            DELETED_ROW,
          ],
        }),
      ),
    );
    const r = await runCheckDeclaration(f.tree(), 'always');
    expect(r.diagnostics.map((d) => d.ruleId).sort()).toEqual(['declaration/facets-mismatch', 'declaration/peer-id']);
    expect(r.printout).toEqual([{ text: '=== generate-from-declaration FAILED ===', stream: 'stderr' }]);
    expect(r.summaryLine).toBe('=== check-declaration FAILED ===');
  });
});

describe('--write', () => {
  it('creates the parent directory, writes, and leaves no temporary file', () => {
    const f = fixture(corpusFiles());
    const r = runGenerator(f.tree(), WRITE);
    expect(r).toMatchObject({ ok: true, exitCode: 0, summaryLine: `wrote ${OUT}` });
    expect(readdirSync(join(f.root, 'schemas/v2'))).toEqual(['capabilities.schema.json']);
    expect(generate(f.tree()).ok).toBe(true);
  });

  it('does not rewrite identical bytes', () => {
    const f = generatedFixture();
    const before = snapshot(f.root);
    const r = runGenerator(f.tree(), WRITE);
    expect(r.summaryLine).toBe(`wrote ${OUT} (unchanged)`);
    expect(snapshot(f.root)).toEqual(before);
  });

  it('writes nothing while there are generation errors, and says FAILED', () => {
    const f = generatedFixture();
    const before = f.tree().text(OUT);
    f.write({
      'spec/v2/declaration.json': json(
        declaration({
          families: [
            mcpRow({ facets: [...Object.keys(MCP_FACETS), 'ghost'] }),
            toolCatalogRow(),
            canvasRow(),
            DELETED_ROW,
          ],
        }),
      ),
    });
    const r = runGenerator(f.tree(), WRITE);
    expect(r).toMatchObject({
      ok: false,
      exitCode: 1,
      summaryLine: '=== generate-from-declaration FAILED — 1 error(s) ===',
    });
    expect(f.tree().text(OUT)).toBe(before);
  });

  it('gate.write is declaration --write', async () => {
    const f = fixture(corpusFiles());
    const r = await gate.write!(f.tree(), CHECK);
    expect(r.summaryLine).toBe(`wrote ${OUT}`);
    expect((await gate.commands[0]!.run(f.tree(), WRITE)).summaryLine).toBe(`wrote ${OUT} (unchanged)`);
  });

  it("runs the declaration's checks first and writes nothing while they find an error", async () => {
    const f = generatedFixture();
    const before = f.tree().text(OUT);
    // A consistent change for the generator, but the capabilities page names no § heading for it.
    f.write({
      'spec/v2/core/capabilities.md': CAPABILITIES_MD.replace('### § `toolCatalog`', '### § `somethingElse`'),
    });
    f.write({
      'spec/v2/declaration.json': json(
        declaration({ families: [mcpRow({ owningRfc: '0204' }), toolCatalogRow(), canvasRow(), DELETED_ROW] }),
      ),
    });
    for (const r of [await gate.write!(f.tree(), CHECK), await gate.commands[0]!.run(f.tree(), WRITE)]) {
      expect(r).toMatchObject({ ok: false, exitCode: 1 });
      expect(r.diagnostics.map((d) => d.ruleId)).toContain('declaration/capabilities-heading');
      expect(r.printout.at(-1)?.text).toBe('  --write refused: nothing was written; fix the errors above first.');
    }
    expect(f.tree().text(OUT)).toBe(before);
  });
});

describe('the gate and its commands', () => {
  it('declares the upstream command names and flags, --check and --write exclusive', () => {
    expect(gate.id).toBe('declaration');
    expect(gate.commands.map((c) => c.name)).toEqual(['declaration', 'check-declaration']);
    expect(Object.keys(gate.commands[0]!.flags)).toEqual(['--check', '--write']);
    expect(gate.commands[0]!.exclusive).toEqual([['--check', '--write']]);
    expect(gate.commands[1]!.flags).toEqual({});
  });

  it('check shows both parity lines: the generator line as a printout line, check-declaration last', async () => {
    const ok = await gateCheck(generatedFixture().tree());
    expect(ok).toMatchObject({ ok: true, exitCode: 0, summaryLine: CHECK_OK, printout: [{ text: OK_LINE }] });
    const f = fixture(corpusFiles());
    const stale = await gateCheck(f.tree());
    expect(stale).toMatchObject({
      ok: false,
      exitCode: 1,
      summaryLine: '=== check-declaration FAILED ===',
      printout: [{ text: STALE_LINE, stream: 'stderr' }],
    });
  });

  it('check-declaration echoes the generator line only when the generator part fails', async () => {
    const f = generatedFixture();
    expect(await checkDecl(f.tree())).toMatchObject({ ok: true, summaryLine: CHECK_OK, printout: [] });
    f.write({ [OUT]: null });
    const r = await gate.commands[1]!.run(f.tree(), CHECK);
    expect(r).toMatchObject({
      ok: false,
      summaryLine: '=== check-declaration FAILED ===',
      printout: [{ text: STALE_LINE, stream: 'stderr' }],
    });
    expect(found(r)).toEqual([{ ruleId: 'declaration/stale', file: OUT, start: { line: 1, column: 1 } }]);
  });

  it('the declaration command runs --check by default and --write when asked', async () => {
    const f = fixture(corpusFiles());
    const cmd = gate.commands[0]!;
    expect((await cmd.run(f.tree(), CHECK)).summaryLine).toBe(STALE_LINE);
    expect((await cmd.run(f.tree(), WRITE)).summaryLine).toBe(`wrote ${OUT}`);
    expect((await cmd.run(f.tree(), { today: '2026-09-22', flags: new Set(['--check']) })).summaryLine).toBe(OK_LINE);
  });

  it('check parses each input once and shares the build between its two halves', async () => {
    const f = generatedFixture();
    const tree = f.tree();
    await gateCheck(tree);
    const after = { ...tree.stats };
    await gateCheck(tree);
    expect(tree.stats).toEqual(after);
    // declaration, its schema, base, v1, mcp facets, 3 metadata shapes, requirements and the
    // scenario manifest: each parsed once. The committed output is equal byte for byte, so it is
    // only read, never parsed.
    expect(after.jsonParses).toBe(10);
  });
});

describe('shortPair', () => {
  it('keeps both sides within 80 code units and never cuts away the first difference', async () => {
    const { shortPair } = await import('../src/diff.js');
    const a = JSON.stringify('x'.repeat(120) + 'A' + 'y'.repeat(100));
    const b = JSON.stringify('x'.repeat(120) + 'B' + 'y'.repeat(100));
    const [sa, sb] = shortPair(a, b);
    expect(sa.length).toBeLessThanOrEqual(80);
    expect(sb.length).toBeLessThanOrEqual(80);
    expect(sa).toMatch(/^…x{20}Ay+…$/);
    expect(sb).toMatch(/^…x{20}By+…$/);
    expect(shortPair('"a"', '"b"')).toEqual(['"a"', '"b"']);
  });
});
