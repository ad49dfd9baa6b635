import { beforeAll, describe, expect, it } from 'vitest';
import { markdownParser } from '@openwop-spec/spec-tree';
import type { MarkdownParser } from '@openwop-spec/spec-tree';
import { headerRegion, kwOf, nameOf } from '../src/index.js';

let parse: MarkdownParser;
beforeAll(async () => {
  parse = await markdownParser();
});

describe('mdast renderings', () => {
  const para = (md: string) => parse(md).children[0]!;
  it('name() keeps inline code in backticks and drops html', () => {
    expect(nameOf(para('See `mcp.client` <!-- MUST --> here **now**'))).toBe('See `mcp.client`  here now');
  });
  it('kw() renders inline code as one space', () => {
    expect(kwOf(para('a `MUST` b MAY'))).toBe('a   b MAY');
  });
  it('joins table cells with " | " and rows with newlines; breaks become newlines', () => {
    const table = parse('| a | `b` |\n| --- | --- |\n| c | d |\n').children[0]!;
    expect(nameOf(table)).toBe('a | `b`\nc | d');
    expect(nameOf(para('one  \ntwo'))).toBe('one\ntwo');
  });
  it('images render their alt text; code blocks nothing', () => {
    expect(nameOf(parse('- ![alt text](x.png) item\n\n  ```\n  MUST\n  ```\n').children[0]!)).toBe('alt text item\n');
  });
  it('the header region ends at the first heading of depth 2 or more', () => {
    const root = parse('# Title\n\n> **Status:** x\n\n## Body\n\nMore\n');
    expect(headerRegion(root).map((n) => n.type)).toEqual(['heading', 'blockquote']);
    expect(headerRegion(parse('no headings\n')).length).toBe(1);
  });
});
