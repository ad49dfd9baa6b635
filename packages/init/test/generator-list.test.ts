import { describe, expect, it } from 'vitest';
import { createParser } from '@openwop-spec/gate-scenario-majors';
import { readGeneratorList } from '../src/index.js';
import { SIX_ENTRIES, TWO_ENTRIES, generatorScript } from './upstream-tree.js';
import { compareCodeUnits } from '@openwop-spec/diagnostics';

const PATH = 'conformance/scripts/generate-scenario-majors.mjs';
const read = async (text: string) => readGeneratorList(await createParser(), PATH, text);

describe('reading BOTH_MAJORS and its comments from the generator', () => {
  it.each([
    ['new Set([...]) with two entries', TWO_ENTRIES, 'set'],
    ['new Set([...]) with six entries', SIX_ENTRIES, 'set'],
    ['an array literal with six entries', SIX_ENTRIES, 'array'],
  ] as const)(
    '%s: each file gets the RFC number and the reason of the paragraph that names it',
    async (_, entries, style) => {
      const listed = await read(generatorScript(entries, style));
      const expected = entries
        .map((e) => ({ file: e.file, rfc: e.rfc, reason: `RFC ${e.rfc}: ${e.reason}` }))
        .sort((a, b) => compareCodeUnits(a.file, b.file));
      expect(listed).toEqual(expected);
    },
  );

  it("a file's own comments (before it in the list, or after it on its line) win over the block above", async () => {
    const text = [
      '// RFC 0168: a.test.ts and b.test.ts are both named here.',
      'export const BOTH_MAJORS = [',
      '  // RFC 0204: a gates via toolCatalogGate',
      '  // and reads via toolsPath.',
      "  'a.test.ts',",
      "  'b.test.ts', // RFC 0207 §D: b has unversioned paths",
      "  'c.test.ts',",
      '];',
    ].join('\n');
    expect(await read(text)).toEqual([
      { file: 'a.test.ts', rfc: '0204', reason: 'RFC 0204: a gates via toolCatalogGate and reads via toolsPath.' },
      { file: 'b.test.ts', rfc: '0207', reason: 'RFC 0207 §D: b has unversioned paths' },
      { file: 'c.test.ts' },
    ]);
  });

  it('upstream as it stands: a preamble without an RFC and a paragraph that names no file explain nothing', async () => {
    const text = [
      '/**',
      ' * Writes the manifest. Rule: v2-* targets [2]; a listed file [1, 2].',
      ' */',
      '// A v1 scenario that also holds at major 2, once its gate and paths are',
      '// major-aware. See memory-attribution-replay-stable for the pattern.',
      '// RFC 0207 §D: otel-mcp-semconv-projection (v1-carried text at',
      '// major 2; unversioned run paths).',
      '// RFC 0204 G3: the three tool-catalog files, once their gate and',
      '// paths resolve the major.',
      "const BOTH_MAJORS = new Set(['memory-attribution-replay-stable.test.ts', 'otel-mcp-semconv-projection.test.ts', 'tool-catalog-projection.test.ts']);",
    ].join('\n');
    expect(await read(text)).toEqual([
      { file: 'memory-attribution-replay-stable.test.ts' },
      {
        file: 'otel-mcp-semconv-projection.test.ts',
        rfc: '0207',
        reason: 'RFC 0207 §D: otel-mcp-semconv-projection (v1-carried text at major 2; unversioned run paths).',
      },
      { file: 'tool-catalog-projection.test.ts' },
    ]);
  });

  it('a name is matched as a whole word: a longer name that contains it does not count', async () => {
    const text =
      "// RFC 0204: tool-catalog-projection-v2 is not the file.\nconst BOTH_MAJORS = ['tool-catalog-projection.test.ts'];\n";
    expect(await read(text)).toEqual([{ file: 'tool-catalog-projection.test.ts' }]);
  });

  it('a comment that names the file without an RFC number gives its reason, and no RFC', async () => {
    const text = "const BOTH_MAJORS = [\n  'a.test.ts', // gates via familyAdvertised\n];\n";
    expect(await read(text)).toEqual([{ file: 'a.test.ts', reason: 'gates via familyAdvertised' }]);
  });

  it('only the comments right above the declaration count: code in between ends the block', async () => {
    const text =
      "// RFC 0204: a explained, but for another statement.\nconst other = 1;\nconst BOTH_MAJORS = ['a.test.ts'];\n";
    expect(await read(text)).toEqual([{ file: 'a.test.ts' }]);
  });

  it('no list: undefined when there is no BOTH_MAJORS, or it is not a literal list', async () => {
    expect(await read("const OTHER = ['a.test.ts'];\n")).toBeUndefined();
    expect(await read('const BOTH_MAJORS = load();\n')).toBeUndefined();
  });

  it('a script that does not parse is an input error at the position of the mistake', async () => {
    await expect(read("const BOTH_MAJORS = ['a.test.ts'\n")).rejects.toMatchObject({
      name: 'InputError',
      location: { file: PATH, start: { line: 2, column: 1 } },
    });
  });
});
