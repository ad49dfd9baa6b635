import { beforeAll, describe, expect, it } from 'vitest';
import {
  LineIndex,
  firstDifferentLine,
  likeOriginal,
  lineEndingAt,
  normaliseInside,
  markdownParser,
  pathProblem,
  sourceLine,
} from '../src/index.js';
import type { MarkdownParser } from '../src/index.js';

let parse: MarkdownParser;
beforeAll(async () => {
  parse = await markdownParser();
});

describe('pathProblem', () => {
  it.each([
    ['spec/v2/core/a.md', undefined],
    ['/etc/passwd', 'absolute path'],
    ['C:/x.md', 'absolute path'],
    ['spec\\v1\\a.md', 'backslash'],
    ['spec/v2/core/../../README.md', "'..' segment"],
    ['spec/./a.md', "'.' segment"],
    ['spec//a.md', 'empty segment'],
    ['spec/v1/', 'empty segment'],
    ['', 'empty segment'],
  ])('%s → %s', (path, problem) => expect(pathProblem(path)).toBe(problem));
});

describe('normaliseInside', () => {
  it.each([
    ['packages/conformance', 'packages/conformance'],
    ['./a/b/../c/', 'a/c'],
    ['../outside', undefined],
    ['a/../../b', undefined],
    ['/abs', undefined],
    ['a\\b', undefined],
  ])('%s → %s', (path, out) => expect(normaliseInside(path)).toBe(out));
});

describe('the markdown parser', () => {
  it('parses GFM tables and YAML front matter, but not autolink literals', () => {
    const root = parse('---\na: 1\n---\n\n| x |\n| - |\n\nsee https://example.com\n');
    expect(root.children.map((n) => n.type)).toEqual(['yaml', 'table', 'paragraph']);
    expect(root.children[2]!.type === 'paragraph' && root.children[2].children.map((c) => c.type)).toEqual(['text']);
  });
});

describe('positions', () => {
  it('LineIndex maps offsets to 1-based points', () => {
    const idx = new LineIndex('ab\ncd\n\nx');
    expect(idx.point(0)).toEqual({ line: 1, column: 1, offset: 0 });
    expect(idx.point(4)).toEqual({ line: 2, column: 2, offset: 4 });
    expect(idx.point(7)).toEqual({ line: 4, column: 1, offset: 7 });
  });
  it('LineIndex ends a line at CR, LF or CRLF, as remark and momoa do', () => {
    const text = 'a\rbb\r\nc\nd\r\re';
    const idx = new LineIndex(text);
    const at = (needle: string) => idx.point(text.indexOf(needle));
    expect([at('a'), at('bb'), at('c'), at('d'), at('e')].map((p) => `${p.line}:${p.column}`)).toEqual([
      '1:1',
      '2:1',
      '3:1',
      '4:1',
      '6:1',
    ]);
    // The LF of a CRLF still belongs to its line.
    expect(idx.point(text.indexOf('\r\n') + 1)).toEqual({ line: 2, column: 4, offset: 5 });
  });
  it('sourceLine returns one line without its line end', () => {
    expect(sourceLine('a\r\nbb\nc', 2)).toBe('bb');
    expect(sourceLine('a\r\nbb\nc', 1)).toBe('a');
    expect(sourceLine('a\rbb\rc', 2)).toBe('bb');
    expect(sourceLine('a', 5)).toBe('');
  });
  it('firstDifferentLine counts CR, LF and CRLF lines, a line ending included', () => {
    expect(firstDifferentLine('a\rb\rc', 'a\rb\rX')).toBe(3);
    expect(firstDifferentLine('a\nb\r\nc', 'a\nb\nc')).toBe(2);
    expect(firstDifferentLine('a\n', 'a')).toBe(1);
    expect(firstDifferentLine('a\nb', 'a\nb\n')).toBe(2);
  });
});

describe('line endings for an edit', () => {
  it('lineEndingAt: the ending of the line the offset is on, else the first one, else LF', () => {
    const mixed = 'a\r\nb\nc\r\n';
    expect([0, 1, 3, 4, 6, mixed.length].map((o) => lineEndingAt(mixed, o))).toEqual([
      '\r\n',
      '\r\n',
      '\n',
      '\n',
      '\r\n',
      '\r\n',
    ]);
    expect(lineEndingAt('no break', 3)).toBe('\n');
    expect(lineEndingAt('x\ny', 2)).toBe('\n');
  });

  it('likeOriginal: a rendered LF text takes the BOM and the CRLF of the file it replaces', () => {
    expect(likeOriginal('{\n}\n', '{}\n')).toBe('{\n}\n');
    expect(likeOriginal('{\n}\n', '\ufeff{}\n')).toBe('\ufeff{\n}\n');
    expect(likeOriginal('{\n}\n', '{\r\n}\n')).toBe('{\r\n}\r\n');
    expect(likeOriginal('{\n}\n', '\ufeff{\r\n}\r\n')).toBe('\ufeff{\r\n}\r\n');
  });
});
