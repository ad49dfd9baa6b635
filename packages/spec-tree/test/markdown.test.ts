import { describe, expect, it } from 'vitest';
import type { Nodes, Root } from 'mdast';
import { parseMarkdown } from '../src/index.js';

/** Every node of a tree, in document order. */
function nodes(root: Root): Nodes[] {
  const out: Nodes[] = [];
  const walk = (n: Nodes): void => {
    out.push(n);
    if ('children' in n) for (const c of n.children as Nodes[]) walk(c);
  };
  walk(root);
  return out;
}

const first = <T extends Nodes['type']>(root: Root, type: T): Extract<Nodes, { type: T }> =>
  nodes(root).find((n) => n.type === type) as Extract<Nodes, { type: T }>;

const DOCUMENT = [
  '---',
  'title: x',
  '---',
  '',
  '# Title',
  '',
  '> **Status: Stable.**',
  '> **Normative home:** `a`.',
  '',
  '| left | right |',
  '| :--- | ---: |',
  '| [link](http://x "t") | ![alt *x*](i.png) |',
  '',
  '3. three',
  '4. four',
  '',
  '- [full][r] and [r]',
  '  - nested',
  '',
  '```ts meta',
  'code',
  '```',
  '',
  'See[^1] and <span>html</span> *em* __strong__  ',
  'after a break',
  '',
  '[r]: http://r.example',
  '',
  '[^1]: A note.',
  '',
  '***',
  '',
  '<!-- comment -->',
  '',
].join('\n');

describe('parseMarkdown is remark-parse with GFM tables, GFM footnotes and YAML front matter', () => {
  it('positions every node, the root and text nodes included', async () => {
    const all = nodes(await parseMarkdown(DOCUMENT));
    expect(new Set(all.map((n) => n.type))).toEqual(
      new Set([
        'root',
        'yaml',
        'heading',
        'text',
        'blockquote',
        'paragraph',
        'strong',
        'inlineCode',
        'table',
        'tableRow',
        'tableCell',
        'link',
        'image',
        'list',
        'listItem',
        'linkReference',
        'code',
        'footnoteReference',
        'html',
        'emphasis',
        'break',
        'definition',
        'footnoteDefinition',
        'thematicBreak',
      ]),
    );
    for (const n of all) {
      const p = n.position;
      expect([n.type, p?.start.line, p?.start.column, p?.end.line, p?.end.column]).toEqual([
        n.type,
        expect.any(Number),
        expect.any(Number),
        expect.any(Number),
        expect.any(Number),
      ]);
      expect([n.type, typeof p?.start.offset, typeof p?.end.offset]).toEqual([n.type, 'number', 'number']);
    }
  });

  it('fills every field as mdast defines it', async () => {
    const root = await parseMarkdown(DOCUMENT);
    expect(first(root, 'yaml').value).toBe('title: x');
    expect(first(root, 'link')).toMatchObject({ url: 'http://x', title: 't' });
    expect(first(root, 'image')).toMatchObject({ url: 'i.png', alt: 'alt x' });
    expect(first(root, 'linkReference')).toMatchObject({ identifier: 'r', label: 'r', referenceType: 'full' });
    expect(
      nodes(root)
        .filter((n) => n.type === 'linkReference')
        .map((n) => (n as { referenceType: string }).referenceType),
    ).toEqual(['full', 'shortcut']);
    expect(first(root, 'definition')).toMatchObject({ identifier: 'r', url: 'http://r.example' });
    expect(first(root, 'footnoteReference')).toMatchObject({ identifier: '1', label: '1' });
    expect(first(root, 'footnoteDefinition')).toMatchObject({ identifier: '1' });
    expect(first(root, 'code')).toMatchObject({ lang: 'ts', meta: 'meta', value: 'code' });
    expect(first(root, 'table').align).toEqual(['left', 'right']);
    expect(first(root, 'list')).toMatchObject({ ordered: true, start: 3, spread: false });
    expect(first(root, 'html').value).toBe('<span>');
  });

  it('reads no autolink literal, strikethrough or task list item: they would change the text the rules read', async () => {
    const root = await parseMarkdown('see https://example.com and www.example.com, ~~gone~~\n\n- [ ] task\n');
    expect(nodes(root).map((n) => n.type)).toEqual([
      'root',
      'paragraph',
      'text',
      'list',
      'listItem',
      'paragraph',
      'text',
    ]);
    expect(first(root, 'text').value).toBe('see https://example.com and www.example.com, ~~gone~~');
    expect(first(root, 'listItem').checked).toBeNull();
    expect(nodes(root).at(-1)).toMatchObject({ type: 'text', value: '[ ] task' });
  });

  it('counts offsets in the text it was given, a CR and a BOM included; a BOM takes no column', async () => {
    const crlf = await parseMarkdown('a\r\nb **x**\r\n');
    expect(first(crlf, 'strong').position).toMatchObject({
      start: { line: 2, column: 3, offset: 5 },
      end: { line: 2, column: 8, offset: 10 },
    });
    const bom = await parseMarkdown('\uFEFF`k` and **x**');
    expect(first(bom, 'inlineCode').position!.start).toEqual({ line: 1, column: 1, offset: 1 });
  });

  it('reads a table inside a blockquote or a list item as it reads one at the top level', async () => {
    const rows = async (md: string): Promise<string[][]> =>
      nodes(await parseMarkdown(md))
        .filter((n) => n.type === 'tableRow')
        .map((r) =>
          (r as { children: Nodes[] }).children.map((c) =>
            nodes({ type: 'root', children: [c as never] })
              .filter((n) => n.type === 'inlineCode' || n.type === 'text')
              .map((n) => (n as { value: string }).value)
              .join(''),
          ),
        );
    const top = await rows('| **homes:** | `toolCatalog` |\n| --- | --- |\n');
    expect(top).toEqual([['homes:', 'toolCatalog']]);
    expect(await rows('> | **homes:** | `toolCatalog` |\n> | --- | --- |\n')).toEqual(top);
    expect(await rows('- item\n\n  | **homes:** | `toolCatalog` |\n  | --- | --- |\n')).toEqual(top);
    expect(await rows('> - > | **homes:** | `toolCatalog` |\n>   > | --- | --- |\n')).toEqual(top);
  });
});

describe('offsets are into the text as given', () => {
  it('a leading BOM: each node’s offsets count it (micromark counts from after it), lines and columns unchanged', async () => {
    const text = '# A\n\n> **Normative home**: `k`.\n';
    const plain = await parseMarkdown(text);
    const bom = await parseMarkdown(`\ufeff${text}`);
    const strongOf = (r: Root) =>
      ((r.children[1] as Nodes & { children: Nodes[] }).children[0] as Nodes & { children: Nodes[] }).children[0]!;
    const [a, b] = [strongOf(plain).position!, strongOf(bom).position!];
    expect([b.start.offset, b.end.offset]).toEqual([a.start.offset! + 1, a.end.offset! + 1]);
    expect([b.start.line, b.start.column]).toEqual([a.start.line, a.start.column]);
    expect(`\ufeff${text}`.slice(b.start.offset, b.end.offset)).toBe('**Normative home**');
  });
});
