import type { Root } from 'mdast';
import type { Plugin } from 'unified';

/** Parses one document into mdast. */
export type MarkdownParser = (text: string) => Root;

let loading: Promise<MarkdownParser> | undefined;

/**
 * unified + remark-parse with the syntax the gates read: GFM tables and GFM footnotes, registered
 * the way remark-gfm registers them, and YAML front matter (remark-frontmatter). Loaded on first
 * use, so a run that parses nothing (every document's facts cached) never loads it.
 */
export function markdownParser(): Promise<MarkdownParser> {
  loading ??= (async () => {
    const [{ unified }, remarkParse, remarkFrontmatter, table, tableAst, footnote, footnoteAst] = await Promise.all([
      import('unified'),
      import('remark-parse'),
      import('remark-frontmatter'),
      import('micromark-extension-gfm-table'),
      import('mdast-util-gfm-table'),
      import('micromark-extension-gfm-footnote'),
      import('mdast-util-gfm-footnote'),
    ]);
    const gfmTablesAndFootnotes: Plugin<[], string, Root> = function () {
      const data = this.data();
      (data.micromarkExtensions ??= []).push(table.gfmTable(), footnote.gfmFootnote());
      (data.fromMarkdownExtensions ??= []).push(tableAst.gfmTableFromMarkdown(), footnoteAst.gfmFootnoteFromMarkdown());
    };
    const processor = unified().use(remarkParse.default).use(remarkFrontmatter.default, ['yaml']).use(gfmTablesAndFootnotes).freeze();
    return (text: string) => processor.parse(text);
  })();
  return loading;
}

/** Parses markdown into remark's mdast: every node positioned (1-based lines and columns, offsets). */
export async function parseMarkdown(text: string): Promise<Root> {
  return (await markdownParser())(text);
}
