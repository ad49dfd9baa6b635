import type { Nodes, Root } from 'mdast';
import { formatGrouped, plural } from '@openwop-spec/diagnostics';
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
    if ('children' in node) for (const child of node.children as Nodes[]) stack.push(child);
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

/** A document refused before the parse: the input rule, where the problem is and what to say. */
export interface MarkdownRefusal extends MarkdownTooDeep {
  rule: 'input/too-large' | 'input/nesting-depth' | 'input/too-complex';
}

/**
 * The largest markdown document the gates parse, in bytes of UTF-8. remark holds about 250–500 bytes
 * of memory per byte of ordinary prose while it parses (more for dense markup), so a few MB would
 * cost gigabytes; the largest document of a real spec tree is about 130 KB.
 */
export const MAX_MARKDOWN_BYTES = 1024 * 1024;

/**
 * What remark may spend on one document, estimated before the parse (the parse itself holds
 * every token of the document at once: a one-word list item costs about 17 KiB, a link definition
 * about 20). The weights are the measured cost of each kind, rounded up.
 */
export const MARKDOWN_MEMORY_BUDGET = 640 * 1024 * 1024;
const WEIGHT = {
  byte: 128,
  line: 4096,
  blankLine: 2048,
  /** The first line after a blank one: it opens a paragraph or another block, with its own tokenizers. */
  blockStart: 12_288,
  /** A blockquote or list marker: each opens a container and its own tokenizers. */
  marker: 16_384,
  /** A line whose content starts with `[` (a link or footnote definition). */
  definition: 20_480,
  /** A line whose content starts with `#` or `|` (a heading, a table row). */
  block: 8192,
  /** One inline markup character (MARKUP below). */
  markup: 4096,
  /** A `|`: in a table row, each opens a cell. */
  pipe: 12_288,
};

/**
 * The limit of the sum, over each stretch of lines between blank lines, of the square of its
 * inline markup characters plus its lines. remark resolves emphasis, link and footnote ends and
 * lazy lines by walking back over everything before them in the same paragraph, so one paragraph
 * of n markup characters costs time in n² (`*a` repeated over 64 KB: tens of seconds). A blank line
 * always ends a paragraph, so a stretch bounds every paragraph in it. 2²⁴ is one stretch of 4,096;
 * a real document's stretches add up to a few hundred thousand.
 */
export const MARKDOWN_STRETCH_BUDGET = 2 ** 24;

/**
 * The limit of (link and footnote definitions) × (`]` characters): each `]` that may end a
 * reference or a footnote call is looked up in the list of every definition of the document.
 */
export const MARKDOWN_REFERENCE_BUDGET = 2 ** 25;

/** The characters that start or end inline constructs: each is a token remark keeps and walks over. */
const MARKUP = new Uint8Array(128);
for (const c of '*_[]!`<&\\') MARKUP[c.charCodeAt(0)] = 1;
const RIGHT_BRACKET = 93;
const PIPE = 124;

const MiB = (bytes: number): string => `${formatGrouped(Math.ceil(bytes / (1024 * 1024)))} MiB`;

/**
 * Before the parse, in one pass over the text: whether the document is one remark may be given,
 * else the first problem met (at the offset it names). A document is refused when it is larger
 * than MAX_MARKDOWN_BYTES; when a line opens with more than MAX_MARKDOWN_DEPTH characters of
 * indentation and blockquote or list markers (remark's parse time grows faster than linearly with
 * such prefixes: `> - ` repeated, or lists indented level after level; no real line comes near);
 * or when the parse would pass one of the budgets above. Each budget is a function of the text
 * alone, so the verdict never depends on the machine or its load.
 */
export function markdownRefusal(text: string): MarkdownRefusal | undefined {
  const past = offsetPastBytes(text, MAX_MARKDOWN_BYTES);
  if (past !== undefined) {
    return {
      rule: 'input/too-large',
      offset: past,
      message: `the document is ${formatGrouped(Buffer.byteLength(text))} bytes, over the limit of ${formatGrouped(MAX_MARKDOWN_BYTES)} (1 MiB) for a markdown document; split it`,
    };
  }
  const cost = new ParseCost();
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    const line = scanLine(text, start, end);
    if (line.prefix > MAX_MARKDOWN_DEPTH) {
      return {
        rule: 'input/nesting-depth',
        offset: start + MAX_MARKDOWN_DEPTH,
        message: `this line opens with ${formatGrouped(line.prefix)} characters of indentation and blockquote or list markers, over the limit of ${MAX_MARKDOWN_DEPTH}`,
      };
    }
    const problem = cost.add(line, start, end, end === text.length);
    if (problem) return { rule: 'input/too-complex', ...problem };
    start = end + 1;
  }
  return undefined;
}

/** What the budgets read of one line. */
interface LineFacts {
  /** Characters of leading indentation and blockquote or list markers. */
  prefix: number;
  /** Blockquote and list markers in that prefix. */
  markers: number;
  /** Inline markup characters after it (MARKUP). */
  markup: number;
  /** `]` among them. */
  ends: number;
  pipes: number;
  /** Nothing but blanks after the prefix. */
  blank: boolean;
  /** The first character after the prefix. */
  first: string | undefined;
}

function scanLine(text: string, start: number, end: number): LineFacts {
  const { length, markers } = containerPrefix(text, start, end);
  const facts: LineFacts = { prefix: length, markers, markup: 0, ends: 0, pipes: 0, blank: true, first: undefined };
  for (let i = start + length; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 128 && MARKUP[c] === 1) {
      facts.markup++;
      if (c === RIGHT_BRACKET) facts.ends++;
    } else if (c === PIPE) facts.pipes++;
    if (facts.blank && c !== 32 && c !== 9 && c !== 13) facts.blank = false;
  }
  facts.first = text[start + length];
  return facts;
}

/** The three budgets, added up line by line. */
class ParseCost {
  private memory = 0;
  private lines = 0;
  private markers = 0;
  private markup = 0;
  private definitions = 0;
  private ends = 0;
  /** The sum of the squares of the stretches ended so far. */
  private stretches = 0;
  /** The stretch being read: where it starts, its lines, its markup, and its size (markup plus lines that may be lazy). */
  private stretch = { start: 0, lines: 0, markup: 0, size: 0 };

  /** Adds the line from `start` to `end`; the problem if a budget is passed. */
  add(line: LineFacts, start: number, end: number, last: boolean): MarkdownTooDeep | undefined {
    // A blank line without a container marker ends every paragraph open before it.
    const gap = line.blank && line.markers === 0;
    const opens = !gap && this.stretch.lines === 0;
    this.lines++;
    this.markers += line.markers;
    this.markup += line.markup;
    this.ends += line.ends;
    if (line.first === '[') this.definitions++;
    this.memory +=
      (end - start + 1) * WEIGHT.byte +
      (gap ? WEIGHT.blankLine : WEIGHT.line) +
      (opens ? WEIGHT.blockStart : 0) +
      line.markers * WEIGHT.marker +
      line.markup * WEIGHT.markup +
      line.pipes * WEIGHT.pipe +
      (line.first === '[' ? WEIGHT.definition : line.first === '#' || line.first === '|' ? WEIGHT.block : 0);
    if (this.memory > MARKDOWN_MEMORY_BUDGET) {
      return {
        offset: start,
        message: `the markdown parser would need about ${MiB(this.memory)} for the document up to this line (${plural(this.lines, 'line')}, ${plural(this.markers, 'list or blockquote marker')}, ${plural(this.markup, 'inline markup character')}), over the ${MiB(MARKDOWN_MEMORY_BUDGET)} it may use; split the document`,
      };
    }
    if (this.definitions * this.ends > MARKDOWN_REFERENCE_BUDGET) {
      return {
        offset: start,
        message: `up to this line the document holds ${formatGrouped(this.definitions)} lines that may be link or footnote definitions and ${formatGrouped(this.ends)} \`]\` that may end a reference to one; their product is over the limit of ${formatGrouped(MARKDOWN_REFERENCE_BUDGET)}; split the document`,
      };
    }
    const s = this.stretch;
    if (!gap) {
      if (opens) s.start = start;
      s.lines++;
      s.markup += line.markup;
      // A line with no container marker may be a lazy continuation, which remark resolves by
      // walking back over the paragraph too; one with a marker continues or opens a container.
      s.size += line.markup + (line.markers === 0 ? 1 : 0);
    }
    if ((gap || last) && s.lines > 0) {
      this.stretches += s.size * s.size;
      if (this.stretches > MARKDOWN_STRETCH_BUDGET) {
        return {
          offset: s.start,
          message: `this stretch of ${plural(s.lines, 'line')} without a blank line holds ${plural(s.markup, 'inline markup character')} (* _ [ ] ! \` < & \\); the parser's work grows with the square of each such stretch (markup characters plus lines), and the document's stretches add up to ${formatGrouped(this.stretches)}, over the limit of ${formatGrouped(MARKDOWN_STRETCH_BUDGET)}; break the stretch with blank lines or use less markup`,
        };
      }
      this.stretch = { start: 0, lines: 0, markup: 0, size: 0 };
    }
    return undefined;
  }
}

/** The offset of the first character whose UTF-8 bytes end past `limit`, if the text is larger. */
function offsetPastBytes(text: string, limit: number): number | undefined {
  // Each UTF-16 code unit is at most 3 bytes (a surrogate pair, 2 units, is 4).
  if (text.length * 3 <= limit) return undefined;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    bytes += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xdc00 ? 4 : c >= 0xdc00 && c < 0xe000 ? 0 : 3;
    if (bytes > limit) return i;
  }
  return undefined;
}

/**
 * The line's leading spaces, tabs, `>` and list markers (`-`, `+`, `*`, `1.`, `1)` before a blank):
 * their length, and how many markers (each `>` and each list marker) they hold.
 */
function containerPrefix(text: string, start: number, end: number): { length: number; markers: number } {
  let i = start;
  let markers = 0;
  const blankAt = (j: number): boolean => j >= end || text[j] === ' ' || text[j] === '\t';
  while (i < end) {
    const c = text[i]!;
    if (c === ' ' || c === '\t') i++;
    else if (c === '>') {
      i++;
      markers++;
    } else if ((c === '-' || c === '+' || c === '*') && blankAt(i + 1)) {
      i += 2;
      markers++;
    } else {
      let j = i;
      while (j < end && j - i < 9 && text[j]! >= '0' && text[j]! <= '9') j++;
      if (j === i || (text[j] !== '.' && text[j] !== ')') || !blankAt(j + 1)) break;
      i = j + 2;
      markers++;
    }
  }
  return { length: Math.min(i, end) - start, markers };
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
