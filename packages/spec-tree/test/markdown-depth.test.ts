import { afterEach, describe, expect, it } from 'vitest';
import { InputError } from '@openwop-spec/diagnostics';
import type { BlockContent, Nodes, RootContent } from 'mdast';
import { MAX_MARKDOWN_DEPTH, markdownTooDeep } from '../src/index.js';
import { createFixture } from '../src/testing.js';
import type { Fixture } from '../src/testing.js';

let fx: Fixture | undefined;
afterEach(() => fx?.remove());

/** What SpecTree.markdown says about one document: `ok` and its number of top-level nodes, or the input error's rule, position and message. */
async function read(text: string): Promise<string> {
  fx = createFixture({ 'a.md': text });
  try {
    const doc = await fx.tree().markdown('a.md');
    return `ok ${doc.root.children.length}`;
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    const at = err.location?.start;
    return `${err.rule} ${at?.line}:${at?.column} ${err.message}`;
  }
}

describe('markdown nesting depth', () => {
  it('refuses a line of 10,000 `>` before remark sees it, at the first character past the limit', async () => {
    expect(await read(`# T\n\n${'>'.repeat(10_000)} x\n`)).toBe(
      `input/nesting-depth 3:${MAX_MARKDOWN_DEPTH + 1} a.md: this line opens with 10,001 characters of indentation and blockquote or list markers, over the limit of ${MAX_MARKDOWN_DEPTH}`,
    );
  });

  it('refuses `> - ` repeated and lists indented level after level, whose parse time grows faster than linearly', async () => {
    expect(await read('> - '.repeat(5_000))).toMatch(
      /^input\/nesting-depth 1:257 a\.md: this line opens with 20,000 characters/,
    );
    const indented = Array.from({ length: 200 }, (_, i) => `${' '.repeat(2 * i)}- a`).join('\n');
    expect(await read(indented)).toMatch(/^input\/nesting-depth 129:257 a\.md: this line opens with 258 characters/);
  });

  it('accepts a prefix of exactly the limit, then finds the first node past the limit after the parse', async () => {
    // 128 list markers open 256 levels (list and item each); the paragraph inside is level 257.
    expect(await read(`${'- '.repeat(128)}x\n`)).toBe(
      `input/nesting-depth 1:257 a.md: nesting depth 258 exceeds the limit of ${MAX_MARKDOWN_DEPTH} (blockquotes, lists and inline markup inside each other)`,
    );
    expect(await read(`${'- '.repeat(127)}x\n`)).toBe('ok 1');
  });

  it('counts inline nesting too: emphasis inside emphasis', async () => {
    const n = 300;
    expect(await read(`${'*a '.repeat(n)}b${' a*'.repeat(n)}\n`)).toMatch(
      /^input\/nesting-depth 1:\d+ a\.md: nesting depth 302 exceeds/,
    );
  });

  it('walks a tree of any depth without recursion', () => {
    // 100,000 blockquotes built by hand (remark would take long to parse them): a recursive walk overflows the stack.
    const at = (offset: number) => ({ line: 1, column: offset + 1, offset });
    let node: Nodes = { type: 'text', value: 'x', position: { start: at(100_000), end: at(100_001) } };
    for (let i = 100_000; i > 0; i--)
      node = { type: 'blockquote', children: [node as BlockContent], position: { start: at(i - 1), end: at(100_001) } };
    expect(markdownTooDeep({ type: 'root', children: [node as RootContent] })).toEqual({
      offset: MAX_MARKDOWN_DEPTH,
      message: `nesting depth 100,001 exceeds the limit of ${MAX_MARKDOWN_DEPTH} (blockquotes, lists and inline markup inside each other)`,
    });
  });
});
