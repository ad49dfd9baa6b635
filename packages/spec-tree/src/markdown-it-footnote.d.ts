declare module 'markdown-it-footnote' {
  import type { MarkdownIt } from 'markdown-it';
  /** GFM-style footnotes for markdown-it (the package ships no types). */
  const footnote: (md: MarkdownIt) => void;
  export default footnote;
}
