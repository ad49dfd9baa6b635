import type { Nodes, Root } from 'mdast';
import { formatGrouped } from '@openwop-spec/diagnostics';
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
    const {
      unified,
      remarkParse,
      remarkFrontmatter,
      gfmTable,
      gfmTableFromMarkdown,
      gfmFootnote,
      gfmFootnoteFromMarkdown,
    } = await import('./markdown-stack.js');
    const gfmTablesAndFootnotes: Plugin<[], string, Root> = function () {
      const data = this.data();
      (data.micromarkExtensions ??= []).push(gfmTable(), gfmFootnote());
      (data.fromMarkdownExtensions ??= []).push(gfmTableFromMarkdown(), gfmFootnoteFromMarkdown());
    };
    const processor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(gfmTablesAndFootnotes).freeze();
    return (text: string) => {
      const root = processor.parse(text);
      // micromark skips a leading BOM and counts offsets from after it; every offset here is into
      // the text as read, so a fix computed from one edits the file where it means to.
      if (text.charCodeAt(0) === 0xfeff) shiftOffsets(root, 1);
      return root;
    };
  })();
  return loading;
}

/** Moves every position offset of the tree by `by` code units (each point once, should nodes share one), without recursion. */
function shiftOffsets(root: Root, by: number): void {
  const moved = new Set<object>();
  const stack: Nodes[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    for (const point of node.position ? [node.position.start, node.position.end] : []) {
      if (point.offset === undefined || moved.has(point)) continue;
      moved.add(point);
      point.offset += by;
    }
    if ('children' in node) stack.push(...(node.children as Nodes[]));
  }
}

/** Parses markdown into remark's mdast: every node positioned (1-based lines and columns, offsets into the text as given). */
export async function parseMarkdown(text: string): Promise<Root> {
  return (await markdownParser())(text);
}

/**
 * How deep mdast may nest (blockquotes, lists, emphasis, links inside each other; the root's
 * children are level 1). The corpus nests about six levels; past the limit a document is
 * `input/nesting-depth`, so no recursive walker over mdast (the gates', mdast-util-to-string's)
 * can exhaust the stack.
 */
export const MAX_MARKDOWN_DEPTH = 256;

/** Where a document nests too deep (the first place past the limit) and what to say. */
export interface MarkdownTooDeep {
  offset: number;
  message: string;
}

/**
 * Before the parse: the first line whose leading run of indentation and blockquote or list markers
 * is longer than MAX_MARKDOWN_DEPTH characters, at the first character past the limit. remark's parse
 * time grows faster than linearly with such prefixes (`> - ` repeated, or lists indented level
 * after level), so they are refused before remark sees them; no real line comes near.
 */
export function markdownPrefixTooLong(text: string): MarkdownTooDeep | undefined {
  for (let start = 0; start < text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const length = containerPrefix(text, start, end);
    if (length > MAX_MARKDOWN_DEPTH) {
      return {
        offset: start + MAX_MARKDOWN_DEPTH,
        message: `this line opens with ${formatGrouped(length)} characters of indentation and blockquote or list markers, over the limit of ${MAX_MARKDOWN_DEPTH}`,
      };
    }
    start = end + 1;
  }
  return undefined;
}

/** The length of the line's leading spaces, tabs, `>` and list markers (`-`, `+`, `*`, `1.`, `1)` before a blank). */
function containerPrefix(text: string, start: number, end: number): number {
  let i = start;
  const blankAt = (j: number): boolean => j >= end || text[j] === ' ' || text[j] === '\t';
  while (i < end) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '>') i++;
    else if ((c === '-' || c === '+' || c === '*') && blankAt(i + 1)) i += 2;
    else {
      let j = i;
      while (j < end && j - i < 9 && text[j]! >= '0' && text[j]! <= '9') j++;
      if (j === i || (text[j] !== '.' && text[j] !== ')') || !blankAt(j + 1)) break;
      i = j + 2;
    }
  }
  return Math.min(i, end) - start;
}

/** After the parse: the first node deeper than MAX_MARKDOWN_DEPTH and the tree's depth, found without recursion. */
export function markdownTooDeep(root: Root): MarkdownTooDeep | undefined {
  let first: Nodes | undefined;
  let deepest = 0;
  const stack: Array<[Nodes, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > deepest) deepest = depth;
    if (depth > MAX_MARKDOWN_DEPTH && !first) first = node;
    const children = 'children' in node ? (node.children as Nodes[]) : [];
    for (let i = children.length - 1; i >= 0; i--) stack.push([children[i]!, depth + 1]);
  }
  return (
    first && {
      offset: first.position?.start.offset ?? 0,
      message: `nesting depth ${formatGrouped(deepest)} exceeds the limit of ${MAX_MARKDOWN_DEPTH} (blockquotes, lists and inline markup inside each other)`,
    }
  );
}
