import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '@openwop-spec/spec-tree';
import { countWords, proseWords } from '../src/index.js';
import { cases, seeded } from '../../spec-tree/test/property.js';

const reference = (s: string): number => s.split(/\s+/).filter(Boolean).length;

describe('the gated word rule', () => {
  it.each([
    ['| --- | --- |', 5],
    ['## `mcp`', 2],
    ['a\u00A0b', 2],
    ['a\u200Bb', 1],
    ['```ts', 1],
    ['', 0],
    [' \t\n\r\u3000 ', 0],
  ])('%j has %i words', (text, words) => {
    expect(countWords(text)).toBe(words);
    expect(reference(text)).toBe(words);
  });

  it('splits on NBSP, U+2003 and U+3000 but not on the zero-width space U+200B', () => {
    expect(countWords('a\u00A0b\u2003c\u3000d')).toBe(4);
    expect(countWords('a\u200Bb\u200Bc')).toBe(1);
  });

  it('counts CRLF text exactly as LF text (CR is whitespace; nothing is normalised)', () => {
    expect(countWords('one two\r\nthree\r\n\r\nfour')).toBe(4);
    expect(countWords('a\rb')).toBe(2);
  });

  it('counts front matter, table pipes, heading hashes, bullets, fences, URLs and HTML comments', () => {
    expect(countWords('---\ntitle: x\n---\n# H\n- item\n<!-- c -->\nhttps://x.y/z\n')).toBe(12);
  });

  it('equals split(/\\s+/) with empty strings dropped, for every JavaScript whitespace code unit', () => {
    const spaces = [
      '\t',
      '\n',
      '\v',
      '\f',
      '\r',
      ' ',
      '\u00A0',
      '\u1680',
      ...Array.from({ length: 11 }, (_, i) => String.fromCharCode(0x2000 + i)),
      '\u2028',
      '\u2029',
      '\u202F',
      '\u205F',
      '\u3000',
      '\uFEFF',
    ];
    const others = ['a', 'é', '\u200B', '\u180E', '|', '`', '\u{1F600}', '-', 'ー'];
    expect(spaces.every((s) => /\s/.test(s))).toBe(true);
    expect(others.every((s) => !/^\s+$/.test(s))).toBe(true);
    const rand = seeded(3);
    for (let round = 0; round < cases(3000); round++) {
      const text = Array.from({ length: rand(20) }, () => {
        const pool = rand(2) === 0 ? spaces : others;
        return pool[rand(pool.length)]!;
      }).join('');
      expect([JSON.stringify(text), countWords(text)]).toEqual([JSON.stringify(text), reference(text)]);
    }
  });
});

describe('the prose-word metric', () => {
  it.each([
    ['## `mcp`', 2, 1],
    ['| a | b |\n| --- | --- |', 10, 2],
    ['```\nconst x = 1;\n```', 6, 0],
    ['<!-- MUST -->', 3, 0],
  ])('%j: %i words, %i prose words', async (md, words, prose) => {
    expect(countWords(md)).toBe(words);
    expect(proseWords(await parseMarkdown(md))).toBe(prose);
  });

  it('counts each text node separately, so adjacent nodes never glue into one word', async () => {
    expect(proseWords(await parseMarkdown('foo**bar**'))).toBe(2);
    expect(countWords('foo**bar**')).toBe(1);
  });

  it('ignores front matter, URLs and definitions', async () => {
    expect(
      proseWords(
        await parseMarkdown('---\ntitle: a b c\n---\n\nSee [the spec](https://x.y/ab).\n\n[ref]: https://x.y\n'),
      ),
    ).toBe(4);
  });
});
