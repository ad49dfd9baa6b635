import { unified } from 'unified';
import remarkParse from 'remark-parse';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { frontmatter } from 'micromark-extension-frontmatter';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import type { Nodes, Root } from 'mdast';

/** The reference: remark-parse (micromark) with the same syntax, the parser the rules were first written on. */
function syntax(this: { data(): Record<string, unknown[] | undefined> }): void {
  const data = this.data();
  (data['micromarkExtensions'] ??= []).push(gfmTable(), gfmFootnote(), frontmatter(['yaml']));
  (data['fromMarkdownExtensions'] ??= []).push(gfmTableFromMarkdown(), gfmFootnoteFromMarkdown(), frontmatterFromMarkdown(['yaml']));
}
const processor = unified().use(remarkParse).use(syntax as never).freeze();

export const remark = (text: string): Root => processor.parse(text) as Root;

type Projected = { type: string; value?: string; depth?: number; alt?: string; at?: string; children?: Projected[] };

const where = (node: Nodes, end: boolean): string | undefined => {
  const p = node.position;
  if (!p) return undefined;
  const s = `${p.start.line}:${p.start.column}@${p.start.offset}`;
  return end ? `${s}-${p.end.line}:${p.end.column}@${p.end.offset}` : s;
};

/**
 * What the rules read of a tree: node types (a reference form as its resolved form), values (line
 * endings as LF), heading depth, image alt, and the positions the gates report: the start of every
 * top-level node and heading, the range of every `strong`, `inlineCode` and `html`. Adjacent text
 * nodes are merged, as text is only ever read concatenated.
 */
export function project(node: Nodes, top = false): Projected {
  const type = node.type === 'linkReference' ? 'link' : node.type === 'imageReference' ? 'image' : node.type;
  const out: Projected = { type };
  if ('value' in node && type !== 'definition') out.value = node.value.replace(/\r\n?/g, '\n');
  if (node.type === 'heading') out.depth = node.depth;
  if (node.type === 'image' || node.type === 'imageReference') out.alt = node.alt ?? '';
  const ranged = type === 'strong' || type === 'inlineCode' || type === 'html';
  if (ranged || top || type === 'heading') {
    const at = where(node, ranged);
    if (at) out.at = at;
  }
  if ('children' in node) {
    const kids: Projected[] = [];
    for (const child of node.children as Nodes[]) {
      const p = project(child, node.type === 'root');
      const last = kids[kids.length - 1];
      if (p.type === 'text' && last?.type === 'text') last.value! += p.value!;
      else kids.push(p);
    }
    out.children = kids;
  }
  return out;
}
