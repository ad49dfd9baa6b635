// The matrix generator itself: it renders what it is given, replaces only its own block, and a
// changed observation makes the generated document differ (so a stale table fails the mutants test).
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MUTANTS } from '../src/mutants/index.js';
import { ROWS } from '../src/rows/index.js';
import type { RowReport } from '../src/run.js';
import { BEGIN, END, readMatrixDoc, renderMatrix, spliceMatrix, writeMatrixDoc } from '../src/matrix-doc.js';

const report = (id: string, verdict: RowReport['verdict'], reason: string): RowReport => ({
  id,
  requirement: `openwop.requirement.0204.${id}`,
  advisory: id === 'catalog-order',
  invariants: [],
  verdict,
  reason,
});
const reference = ROWS.map((r) => report(r.id, 'pass', 'ok'));
const rewrap = MUTANTS.find((m) => m.id === 'M-rewrap')!;
const locale = MUTANTS.find((m) => m.id === 'M-locale-sort')!;

describe('renderMatrix', () => {
  it('writes one line per mutant, escapes pipes, and counts only mutants scoped to their own row', () => {
    const block = renderMatrix(ROWS, reference, [
      { mutant: rewrap, observed: report('call-tool-verbatim', 'fail', 'a | b'), red: ['call-tool-verbatim'] },
      {
        mutant: locale,
        observed: report('catalog-order', 'advisory-miss', 'order'),
        red: ['catalog-order', 'server-health'],
      },
    ]);
    expect(block.startsWith(BEGIN)).toBe(true);
    expect(block.endsWith(END)).toBe(true);
    expect(block).toContain('1 of 2 mutants turn exactly their own row red');
    expect(block).toContain(
      '| `call-tool-verbatim` | §A.3 | `M-rewrap` | ctx.mcp | resolves { result: structuredContent } | **fail**: a \\| b |',
    );
    expect(block).toContain(
      '| `catalog-order` (advisory) | §D.13 | `M-locale-sort` | sort | sorts with localeCompare | **advisory-miss**: order |',
    );
  });
});

describe('spliceMatrix', () => {
  const block = `${BEGIN}\nnew\n${END}`;

  it('replaces only the block between the markers', () => {
    const readme = `# Title\n\nTheirs.\n\n${BEGIN}\nold\n${END}\n\n## After\n`;
    expect(spliceMatrix(readme, block)).toBe(`# Title\n\nTheirs.\n\n${block}\n\n## After\n`);
  });

  it('appends a section when the document has no markers, and is idempotent afterwards', () => {
    const once = spliceMatrix('# Title\n', block);
    expect(once).toBe(`# Title\n\n## Sabotage proof: rows and their mutants\n\n${block}\n`);
    expect(spliceMatrix(once, block)).toBe(once);
  });

  it('makes a document with a stale observation differ from the regenerated one', () => {
    const current = spliceMatrix('# T\n', block);
    expect(spliceMatrix(current, `${BEGIN}\nchanged\n${END}`)).not.toBe(current);
  });
});

describe('readMatrixDoc / writeMatrixDoc', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('reads a missing document as empty and writes atomically, leaving no temporary file', () => {
    dir = mkdtempSync(join(tmpdir(), 'matrix-doc-'));
    expect(readMatrixDoc(join(dir, 'MATRIX.md'))).toBe('');
    writeMatrixDoc(dir, 'MATRIX.md', 'x\n');
    expect(readFileSync(join(dir, 'MATRIX.md'), 'utf8')).toBe('x\n');
    expect(readdirSync(dir)).toEqual(['MATRIX.md']);
  });

  it('refuses a folder on the way that is a symlink leading out of the root, and writes nothing there', () => {
    dir = mkdtempSync(join(tmpdir(), 'matrix-doc-'));
    mkdirSync(join(dir, 'root'));
    mkdirSync(join(dir, 'elsewhere'));
    writeFileSync(join(dir, 'elsewhere', 'MATRIX.md'), 'untouched\n');
    symlinkSync('../elsewhere', join(dir, 'root', 'pkg'));
    expect(() => writeMatrixDoc(join(dir!, 'root'), 'pkg/MATRIX.md', 'x\n')).toThrow(/pkg\/MATRIX\.md/);
    expect(readdirSync(join(dir, 'elsewhere'))).toEqual(['MATRIX.md']);
    expect(readFileSync(join(dir, 'elsewhere', 'MATRIX.md'), 'utf8')).toBe('untouched\n');
  });
});
