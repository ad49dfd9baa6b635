// The markdown parser's packages, in one module that markdown.ts imports on first use (so the CLI's
// bundle keeps them in one chunk of their own, loaded only when something must be parsed).
export { unified } from 'unified';
export { default as remarkParse } from 'remark-parse';
export { default as remarkFrontmatter } from 'remark-frontmatter';
export { gfmTable } from 'micromark-extension-gfm-table';
export { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
export { gfmFootnote } from 'micromark-extension-gfm-footnote';
export { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
