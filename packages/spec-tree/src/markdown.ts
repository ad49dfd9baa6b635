import { unified } from 'unified';
import remarkParse from 'remark-parse';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { frontmatter } from 'micromark-extension-frontmatter';
import { frontmatterFromMarkdown } from 'mdast-util-frontmatter';
import type { Root } from 'mdast';

/**
 * CommonMark plus the syntax the gates read: GFM tables, GFM footnotes and YAML front matter.
 * remark-gfm's autolink literals, strikethrough and task lists are left out on purpose: no rule
 * reads them and autolink-literal scanning dominates parse time.
 */
function remarkSpecSyntax(this: { data(): Record<string, unknown[] | undefined> }): void {
  const data = this.data();
  (data['micromarkExtensions'] ??= []).push(gfmTable(), gfmFootnote(), frontmatter(['yaml']));
  (data['fromMarkdownExtensions'] ??= []).push(gfmTableFromMarkdown(), gfmFootnoteFromMarkdown(), frontmatterFromMarkdown(['yaml']));
}

const processor = unified().use(remarkParse).use(remarkSpecSyntax as never).freeze();

/** Parses markdown into mdast with 1-based positions on every node. */
export function parseMarkdown(text: string): Root {
  return processor.parse(text) as Root;
}
