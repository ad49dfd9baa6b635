import { describe, expect, it } from 'vitest';
import { EditMap } from 'micromark-util-edit-map';
import { InputError } from '@openwop-spec/diagnostics';
import {
  MARKDOWN_MEMORY_BUDGET,
  MARKDOWN_REFERENCE_BUDGET,
  MARKDOWN_STRETCH_BUDGET,
  MAX_MARKDOWN_BYTES,
  markdownRefusal,
} from '../src/index.js';
import { memoryFixture } from '../src/testing.js';

/** What SpecTree.markdown says about one document, and whether remark was given it. */
async function read(text: string): Promise<{ outcome: string; parses: number }> {
  const tree = memoryFixture({ 'a.md': text }).tree();
  let outcome: string;
  try {
    outcome = `ok ${(await tree.markdown('a.md')).root.children.length}`;
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    const at = err.location?.start;
    outcome = `${err.rule} ${at?.line}:${at?.column} ${err.message}`;
  }
  return { outcome, parses: tree.stats.markdownParses };
}

/** The rule and 1-based line of the pre-scan's refusal, or `ok`. */
function verdict(text: string): string {
  const r = markdownRefusal(text);
  if (!r) return 'ok';
  return `${r.rule} line ${text.slice(0, r.offset).split('\n').length}`;
}

describe('a markdown document is refused before the parse when remark would not answer in bounded time and memory', () => {
  it('over MAX_MARKDOWN_BYTES of UTF-8: input/too-large at the first character past the limit, the parser never loaded for it', async () => {
    const lines = 'word '.repeat(19) + 'word\n'; // 100 bytes
    const text = lines.repeat(Math.ceil(MAX_MARKDOWN_BYTES / 100));
    const { outcome, parses } = await read(text);
    expect(outcome).toBe(
      'input/too-large 10486:77 a.md: the document is 1,048,600 bytes, over the limit of 1,048,576 (1 MiB) for a markdown document; split it',
    );
    expect(parses).toBe(0);
  });

  it('counts bytes, not characters: 2-byte characters reach the limit at half as many', () => {
    expect(verdict('é'.repeat(MAX_MARKDOWN_BYTES / 2))).toBe('ok');
    expect(markdownRefusal('é'.repeat(MAX_MARKDOWN_BYTES / 2 + 1))).toMatchObject({
      rule: 'input/too-large',
      offset: MAX_MARKDOWN_BYTES / 2,
    });
  });

  it('a line of `*a` (emphasis delimiters remark matches by walking back over the paragraph): refused past the stretch budget, at the line where the stretch starts', async () => {
    // 4,095 `*` and the line itself: 4,096², exactly the budget; one more `*` passes it.
    expect(4096 ** 2).toBe(MARKDOWN_STRETCH_BUDGET);
    expect(verdict(`${'*a'.repeat(4095)}\n`)).toBe('ok');
    const { outcome, parses } = await read(`# T\n\n${'*a'.repeat(4096)}\n`);
    expect(outcome).toBe(
      "input/too-complex 3:1 a.md: this stretch of 1 line without a blank line holds 4,096 inline markup characters (* _ [ ] ! ` < & \\); the parser's work grows with the square of each such stretch (markup characters plus lines), and the document's stretches add up to 16,785,410, over the limit of 16,777,216; break the stretch with blank lines or use less markup",
    );
    expect(parses).toBe(0);
  });

  it('the stretches of a document add up: the same markup split by blank lines costs a quarter, and many of them still pass the budget', () => {
    // 2,047 `*` and a line: 2,048², a quarter of the budget.
    const half = '*a'.repeat(2047);
    expect(verdict(`${half}\n\n${half}\n`)).toBe('ok');
    expect(verdict(`${half}\n\n`.repeat(4))).toBe('ok');
    expect(verdict(`${half}\n\n`.repeat(5))).toBe('input/too-complex line 9');
  });

  it('`](` and `]` runs (footnote and link ends, each walking back) and lazy lines count as the `*` do', () => {
    expect(verdict(`${']('.repeat(4096)}\n`)).toBe('input/too-complex line 1');
    expect(verdict(`${']a'.repeat(4096)}\n`)).toBe('input/too-complex line 1');
    // A blockquote's paragraph continued by 4,097 lines without `>`: lazy continuation lines.
    expect(verdict(`> a\n${'b\n'.repeat(4097)}`)).toBe('input/too-complex line 1');
    // The same lines each with its `>` are no lazy lines: linear for remark.
    expect(verdict(`> a\n${'> b\n'.repeat(4096)}`)).toBe('ok');
  });

  it('250,000 one-word list items (1 MB): refused past the memory budget, at the line where the estimate passes it', async () => {
    const items = '- a\n'.repeat(250_000);
    const { outcome, parses } = await read(items);
    expect(outcome).toMatch(
      /^input\/too-complex 31969:1 a\.md: the markdown parser would need about 641 MiB for the document up to this line \(31,969 lines, 31,969 list or blockquote markers, 0 inline markup characters\), over the 640 MiB it may use; split the document$/,
    );
    expect(parses).toBe(0);
    // Each item weighs a line, a marker and its 4 bytes; the first also opens a block.
    const perItem = 4096 + 16_384 + 4 * 128;
    const fits = Math.floor((MARKDOWN_MEMORY_BUDGET - 12_288) / perItem);
    expect(fits).toBe(31_968);
    expect(verdict('- a\n'.repeat(fits))).toBe('ok');
  });

  it('link and footnote definitions times the `]` that may refer to them: refused past the reference budget', () => {
    // Each definition line holds one `]`: n lines give n × n.
    const definitions = (n: number): string => Array.from({ length: n }, (_, i) => `[^d${i}]: u\n\n`).join('');
    const edge = Math.floor(Math.sqrt(MARKDOWN_REFERENCE_BUDGET));
    expect(verdict(definitions(edge))).toBe('ok');
    expect(verdict(definitions(edge + 1))).toBe(`input/too-complex line ${2 * edge + 1}`);
  });

  it('a document of ordinary markup passes, a thousand times over', () => {
    const doc = [
      '# Runs',
      '',
      '> **Status: Stable · RFC 0204.**',
      '> **Normative home:** `runs`.',
      '',
      'A host **MUST** list its runs; see [the list](#list) and `runs.list`[^1].',
      '',
      '| field | type |',
      '| --- | --- |',
      '| `id` | string |',
      '',
      '- one',
      '- two',
      '',
      '[^1]: A note.',
      '',
    ].join('\n');
    expect(verdict(doc.repeat(1000))).toBe('ok');
  });
});

type Event = Parameters<EditMap['add']>[2][number];

describe('micromark-util-edit-map, patched: consume leaves the events before its first edit where they are', () => {
  it('reads none of them (micromark calls it each time a container closes; copying them all made that quadratic)', () => {
    const events = Array.from({ length: 1000 }, (_, i) => ['enter', { type: `t${i}` }, {}] as unknown as Event);
    const read = new Set<number>();
    const watched = new Proxy(events, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) read.add(Number(key));
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const map = new EditMap();
    map.add(998, 1, [['exit', { type: 'x' }, {}] as unknown as Event]);
    map.consume(watched);
    expect([...read].filter((i) => i < 998)).toEqual([]);
    expect(events.map((e) => e[1].type).slice(996)).toEqual(['t996', 't997', 'x', 't999']);
  });
});
