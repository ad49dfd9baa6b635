// Markdown as GitHub renders it (CommonMark and GFM: tables, autolink literals, math), for job
// summaries and text pasted into pull requests: a name from the tree stays inside its code span
// or table cell and never becomes a heading, a link, an image, HTML or a new line.
import { visible } from './terminal.js';

/**
 * Text as inline markdown: unsafe characters shown (`visible`, so no line break), then every
 * character that opens an inline construct backslash-escaped (CommonMark lets any ASCII
 * punctuation be), and the triggers of GFM autolink literals (`://`, `www.`, `@`) broken by an
 * escape, so a URL or an address in a name stays text. Pipes are left to `markdownCell`.
 */
export function markdownText(text: string): string {
  return visible(text)
    .replace(/[\\`*_[\]<!~&#$@]/g, '\\$&')
    .replace(/:\/\//g, '\\://')
    .replace(/(^|[^\p{L}\p{N}])(www)\./giu, '$1$2\\.');
}

/**
 * A code span holding `text` literally: unsafe characters shown, fenced with one backtick more
 * than the longest run inside, and padded with a space when the text starts or ends with a
 * backtick or a space (CommonMark strips one space from each side of such a span). A backslash
 * before a pipe is shown as `\x5c`: in a table cell no escape of the pipe after it (`markdownCell`)
 * reads the same in every GFM parser, since a code span cannot escape its backslash.
 */
export function codeSpan(text: string): string {
  const shown = visible(text).replace(/\\(?=\|)/g, '\\x5c');
  const longest = Math.max(0, ...(shown.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(shown) ? ' ' : '';
  return `${fence}${pad}${shown}${pad}${fence}`;
}

/**
 * One table cell of inline markdown (text from `markdownText`, spans from `codeSpan`): every pipe
 * escaped, even inside a code span, where a GFM table splits cells too. A pipe after a backslash
 * is never a cell border in GitHub's parser (cmark-gfm), which then removes that one backslash.
 */
export function markdownCell(markdown: string): string {
  return markdown.replace(/\|/g, '\\|');
}

/** A table row of cells (each from `markdownCell`). */
export const markdownRow = (cells: readonly string[]): string => `| ${cells.map(markdownCell).join(' | ')} |`;
