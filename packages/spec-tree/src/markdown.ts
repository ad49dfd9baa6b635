import { createRequire } from 'node:module';
import type MarkdownIt from 'markdown-it';
import type StateBlock from 'markdown-it/lib/rules_block/state_block.mjs';
import type StateInline from 'markdown-it/lib/rules_inline/state_inline.mjs';
import type Token from 'markdown-it/lib/token.mjs';
import type { Heading, Nodes, Parent, Root } from 'mdast';

type Position = NonNullable<Root['position']>;
/** What the parse collects across a document (link and footnote definitions). */
type Env = Record<string, unknown>;
/** A rule chain's registered rules: read to wrap them (markdown-it's types leave it out). */
type Rules<F> = { __rules__: Array<{ name: string; fn: F; alt: string[] }> };
type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;
type InlineRule = (state: StateInline, silent: boolean) => boolean;
type Point = Position['start'];

/**
 * CommonMark plus the syntax the gates read (GFM tables, GFM footnotes, YAML front matter), parsed
 * by markdown-it and built into mdast. markdown-it parses about five times faster than micromark,
 * which is what keeps a cold check of an upstream-sized tree under a second (bench README). It has
 * no inline positions, so the rules that need one are wrapped to record it, and every node the
 * gates locate gets the position remark-parse would give it: headings, blocks, `strong`,
 * `inlineCode` and `html`. Text nodes carry none. `test/markdown.test.ts` compares the result with
 * remark-parse on every document of this repository and on generated documents, and pins the few
 * constructs where the two parsers read CommonMark differently.
 */

interface BlockPlace {
  /** The first non-blank character of the block's first line. */
  first: number;
  /** Where the enclosing container's content starts on that line (indented code and HTML keep their indent). */
  content: number;
}

const blockPlaces = new WeakMap<Token, BlockPlace>();
/** [start, end) of an inline token in its inline source. */
const inlineRanges = new WeakMap<Token, readonly [number, number]>();
/** Lines of a link reference definition (markdown-it consumes them without a token). */
const DEFINITION = 'openwop_definition';
/** A table cell's inline content: the converter re-reads rows itself, as GFM keeps every cell. */
const CELL = 'openwop_cell';

function contentStart(state: StateBlock, line: number, first: number): number {
  let ws = first;
  let tab = false;
  while (ws > state.bMarks[line]! && (state.src[ws - 1] === ' ' || state.src[ws - 1] === '\t')) {
    if (state.src[--ws] === '\t') tab = true;
  }
  return tab ? ws : Math.max(ws, first - (state.sCount[line]! - state.blkIndent));
}

/** Whether a line has a pipe that no backslash escapes. */
function hasPipe(state: StateBlock, line: number): boolean {
  const src = state.src;
  for (let p = state.bMarks[line]! + state.tShift[line]!; p < state.eMarks[line]!; p++) {
    if (src[p] === '\\') p++;
    else if (src[p] === '|') return true;
  }
  return false;
}

/** GFM needs a real pipe in the header or the delimiter row; markdown-it also counts an escaped one. */
function tableRule(fn: BlockRule): BlockRule {
  return (state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean =>
    startLine + 1 < endLine && !hasPipe(state, startLine) && !hasPipe(state, startLine + 1) ? false : fn(state, startLine, endLine, silent);
}

let parser: MarkdownIt | undefined;

/**
 * markdown-it, set up on first use, so a run that parses no markdown never loads it (its CommonJS
 * build, which a synchronous first call can require).
 */
function markdownIt(): MarkdownIt {
  if (parser) return parser;
  const require = createRequire(import.meta.url);
  const create = require('markdown-it') as (preset: 'commonmark', options: { html: boolean }) => MarkdownIt;
  const footnote = require('markdown-it-footnote') as (md: MarkdownIt) => void;
  const md = create('commonmark', { html: true }).enable('table').use(footnote);
  // Footnote definitions stay where they are written (a unit's section chain depends on it); inline
  // `^[...]` footnotes and joined text fragments are not GFM and not mdast.
  md.core.ruler.disable(['footnote_tail', 'text_join']);
  md.inline.ruler.disable(['footnote_inline']);
  // mdast keeps every link and its text as written: no URL filter (`javascript:` is still a link) and
  // no normalisation (the gates never read a URL; an autolink's text stays percent-encoded).
  md.validateLink = () => true;
  md.normalizeLink = (url) => url;
  md.normalizeLinkText = (text) => text;

  for (const rule of [...(md.block.ruler as unknown as Rules<BlockRule>).__rules__]) {
    const fn = rule.name === 'table' ? tableRule(rule.fn) : rule.fn;
    md.block.ruler.at(
      rule.name,
      (state, startLine, endLine, silent) => {
        if (silent) return fn(state, startLine, endLine, silent);
        const from = state.tokens.length;
        const first = state.bMarks[startLine]! + state.tShift[startLine]!;
        const ok = fn(state, startLine, endLine, silent);
        if (!ok) return ok;
        const place = { first, content: contentStart(state, startLine, first) };
        // The rule's tokens for its first line come first; a nested rule has placed its own.
        for (let i = from; i < state.tokens.length; i++) {
          const t = state.tokens[i]!;
          if (blockPlaces.has(t) || (t.map && t.map[0] !== startLine)) break;
          if (t.map || t.type === 'footnote_reference_open') blockPlaces.set(t, place);
        }
        if (rule.name === 'table') for (let i = from; i < state.tokens.length; i++) if (state.tokens[i]!.type === 'inline') state.tokens[i]!.type = CELL;
        if (rule.name === 'reference') {
          const t = state.push(DEFINITION, '', 0);
          t.map = [startLine, state.line];
          blockPlaces.set(t, place);
        }
        return ok;
      },
      { alt: rule.alt },
    );
  }

  // The inline rules whose nodes the gates locate. A rule's own tokens come last (text pending before
  // it is flushed first): one per delimiter character for emphasis, one token for the others.
  for (const name of ['backticks', 'html_inline', 'emphasis']) {
    const rule = (md.inline.ruler as unknown as Rules<InlineRule>).__rules__.find((r) => r.name === name)!;
    const fn = rule.fn;
    md.inline.ruler.at(
      name,
      (state: StateInline, silent: boolean) => {
        if (silent) return fn(state, silent);
        const from = state.tokens.length;
        const start = state.pos;
        const ok = fn(state, silent);
        const end = state.tokens.length;
        if (!ok || end === from) return ok; // an unmatched backtick run only adds pending text
        if (name === 'emphasis') {
          const m = state.pos - start;
          for (let j = 0; j < m; j++) inlineRanges.set(state.tokens[end - m + j]!, [start + j, start + j + 1]);
        } else inlineRanges.set(state.tokens[end - 1]!, [start, state.pos]);
        return ok;
      },
      { alt: rule.alt },
    );
  }
  return (parser = md);
}

/** Line start offsets (index 0 is line 1); `\r\n` and `\r` end a line as `\n` does. */
function lineStarts(text: string): number[] {
  const out = [0];
  if (!text.includes('\r')) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) out.push(i + 1);
    return out;
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) out.push(i + 1);
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      out.push(i + 1);
    }
  }
  return out;
}

/** `---` front matter at the very start, closed by a `---` line: its value and where it ends. */
function frontMatter(text: string): { value: string; end: number } | undefined {
  const open = /^---[ \t]*\r?\n/.exec(text);
  if (!open) return undefined;
  const close = /(^|\n)---[ \t]*(\r?\n|$)/g;
  close.lastIndex = open[0].length - 1;
  const c = close.exec(text);
  if (!c) return undefined;
  const closeStart = c.index + c[1]!.length;
  return { value: text.slice(open[0].length, closeStart).replace(/\r?\n$/, ''), end: closeStart + 3 };
}

/** Parses markdown into mdast; every node a gate locates carries its 1-based position. */
export function parseMarkdown(original: string): Root {
  // As in remark-parse, positions count from the character after a BOM.
  const bom = original.charCodeAt(0) === 0xfeff ? 1 : 0;
  let text = bom ? original.slice(1) : original;
  const yaml = frontMatter(text);
  // Front matter is blanked, not cut, so every offset after it stays where it was.
  if (yaml) text = text.slice(0, yaml.end).replace(/[^\n\r]/g, ' ') + text.slice(yaml.end);
  const crlf = text.includes('\r');
  const src = crlf ? text.replace(/\r\n?/g, '\n') : text;
  const starts = lineStarts(src);
  // Offsets are the original text's (a CR counts), the BOM aside.
  const originalStarts = crlf ? lineStarts(original) : undefined;
  const point = (offset: number): Point => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    const column = offset - starts[lo]! + 1;
    return { line: lo + 1, column, offset: originalStarts ? originalStarts[lo]! - (lo === 0 ? 0 : bom) + column - 1 : offset };
  };
  const lineEnd = (line: number): number => (line + 1 < starts.length ? starts[line + 1]! - 1 : src.length);
  const md = markdownIt();
  const env: Env = {};
  const tokens = md.parse(src, env);

  const root: Root = { type: 'root', children: [] };
  if (yaml) root.children.push({ type: 'yaml', value: yaml.value, position: { start: point(0), end: point(yaml.end) } });
  const stack: Parent[] = [root];
  let atx = false;
  const add = (node: Nodes, t: Token, at: 'first' | 'content' = 'first'): void => {
    const place = blockPlaces.get(t);
    if (place && t.map) {
      (node as { position?: Position }).position = { start: point(place[at]), end: point(lineEnd(Math.max(t.map[0], t.map[1] - 1))) };
    } else if (place) (node as { position?: Position }).position = { start: point(place[at]), end: point(place[at]) };
    (stack[stack.length - 1]!.children as Nodes[]).push(node);
  };
  const open = (node: Nodes, t: Token): void => {
    add(node, t);
    stack.push(node as Parent);
  };
  for (const t of tokens) {
    switch (t.type) {
      case 'paragraph_open':
        open({ type: 'paragraph', children: [] }, t);
        break;
      case 'heading_open':
        open({ type: 'heading', depth: Number(t.tag.slice(1)) as Heading['depth'], children: [] }, t);
        atx = t.markup[0] === '#';
        break;
      case 'blockquote_open':
        open({ type: 'blockquote', children: [] }, t);
        break;
      case 'bullet_list_open':
      case 'ordered_list_open':
        open({ type: 'list', ordered: t.type === 'ordered_list_open', children: [] }, t);
        break;
      case 'list_item_open':
        open({ type: 'listItem', children: [] }, t);
        break;
      case 'table_open':
        open({ type: 'table', children: [] }, t);
        break;
      case 'footnote_reference_open':
        open({ type: 'footnoteDefinition', identifier: String((t.meta as { label?: string } | null)?.label ?? ''), children: [] }, t);
        break;
      case 'paragraph_close':
      case 'heading_close':
      case 'blockquote_close':
      case 'bullet_list_close':
      case 'ordered_list_close':
      case 'list_item_close':
      case 'table_close':
      case 'footnote_reference_close':
        stack.pop();
        break;
      case 'tr_open':
        add(tableRow(md, src, starts[t.map![0]]!, lineEnd(t.map![0]), env, point), t);
        break;
      case 'fence':
        add({ type: 'code', value: t.content.replace(/\n$/, '') }, t);
        break;
      case 'code_block':
        add({ type: 'code', value: t.content.replace(/\n+$/, '') }, t, 'content');
        break;
      case 'html_block':
        add({ type: 'html', value: t.content.replace(/\n$/, '') }, t, 'content');
        break;
      case 'hr':
        add({ type: 'thematicBreak' }, t);
        break;
      case DEFINITION:
        add({ type: 'definition', identifier: '', url: '' }, t);
        break;
      case 'inline': {
        const parent = stack[stack.length - 1]!;
        const toSource = paragraphMapper(t, src, starts, parent.type === 'heading' && atx);
        inlineChildren(t.children ?? [], parent, toSource, point, t.content);
        break;
      }
      default:
        // thead/tbody/tr_close/th/td and the cells markdown-it parsed: rows are built whole at tr_open.
        break;
    }
  }
  return root;
}

/** A table row with every cell GFM sees (markdown-it drops extra cells and pads missing ones). */
function tableRow(md: MarkdownIt, src: string, start: number, end: number, env: Env, point: (o: number) => Point): Nodes {
  const row: Parent & { type: 'tableRow' } = { type: 'tableRow', children: [] };
  for (const [a, b] of splitRow(src, start, end)) {
    const cell: Parent & { type: 'tableCell' } = { type: 'tableCell', children: [] };
    row.children.push(cell as never);
    const { text, toSource } = unescapePipes(src, a, b);
    const out: Token[] = [];
    md.inline.parse(text, md, env, out);
    inlineChildren(out, cell, toSource, point, text);
  }
  return row as Nodes;
}

/** The trimmed cells of a row as [start, end) offsets: it splits at every pipe not escaped by a backslash. */
function splitRow(text: string, start: number, end: number): Array<[number, number]> {
  const cells: Array<[number, number]> = [];
  const blank = (c: string | undefined): boolean => c === ' ' || c === '\t';
  const push = (a: number, b: number): void => {
    while (a < b && blank(text[a])) a++;
    while (b > a && blank(text[b - 1])) b--;
    cells.push([a, b]);
  };
  let p = start;
  while (p < end && blank(text[p])) p++;
  if (text[p] === '|') p++;
  let cellStart = p;
  for (; p < end; p++) {
    if (text[p] === '\\' && (text[p + 1] === '|' || text[p + 1] === '\\')) p++;
    else if (text[p] === '|') {
      push(cellStart, p);
      cellStart = p + 1;
    }
  }
  if (cells.length === 0 || text.slice(cellStart, end).trim() !== '') push(cellStart, end);
  return cells;
}

/** A cell's text as GFM reads it (`\|` is a literal pipe, in code spans too), mapped back to the source. */
function unescapePipes(src: string, a: number, b: number): { text: string; toSource: (offset: number) => number } {
  const raw = src.slice(a, b);
  if (!raw.includes('\\|')) return { text: raw, toSource: (offset) => a + offset };
  let text = '';
  const map: number[] = [];
  for (let i = a; i < b; i++) {
    if (src[i] === '\\' && src[i + 1] === '|') continue;
    map.push(i);
    text += src[i];
  }
  map.push(b);
  return { text, toSource: (offset) => map[offset]! };
}

/**
 * Maps offsets of a paragraph's or heading's inline content to the source, built on first use.
 * markdown-it strips container prefixes and indentation from each line and trims the whole, so
 * each content line is the tail of its source line (the last one trimmed at its end; a tab
 * expanded into spaces maps to the tab). An ATX heading's content sits after its opening hashes.
 */
function paragraphMapper(t: Token, src: string, starts: number[], atxHeading: boolean): (offset: number) => number {
  let segments: Array<[content: number, source: number, virtual: number]> | undefined;
  const build = (): Array<[number, number, number]> => {
    const lines = t.content.split('\n');
    const out: Array<[number, number, number]> = [];
    let c = 0;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      const n = t.map![0] + i;
      const ls = starts[n]!;
      let s = src.slice(ls, n + 1 < starts.length ? starts[n + 1]! - 1 : src.length);
      if (atxHeading) out.push([c, ls + s.indexOf(line, s.indexOf('#')), 0]);
      else {
        if (i === lines.length - 1) s = s.replace(/[ \t]+$/, '');
        // Up to 3 leading spaces can stand for part of a tab; past that, the line start is the best answer.
        let v = 0;
        while (v <= 3 && v < line.length && !s.endsWith(line.slice(v))) v++;
        out.push(v <= 3 ? [c, ls + s.length - (line.length - v), v] : [c, ls, 0]);
      }
      c += line.length + 1;
    }
    return out;
  };
  return (offset) => {
    segments ??= build();
    let lo = 0;
    let hi = segments.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (segments[mid]![0] <= offset) lo = mid;
      else hi = mid - 1;
    }
    const [c0, s0, v] = segments[lo]!;
    return s0 + Math.max(0, offset - c0 - v);
  };
}

/** mdast keeps a code span's line endings (without the next line's indent) and drops one padding space or line ending per side. */
function codeValue(content: string, range: readonly [number, number], fence: number): string {
  let raw = content.slice(range[0] + fence, range[1] - fence).replace(/\n[ \t]+/g, '\n');
  if (raw.length > 2 && /^[ \n]/.test(raw) && /[ \n]$/.test(raw) && /[^ \n]/.test(raw)) raw = raw.slice(1, -1);
  return raw;
}

/** Plain text of an image description, as mdast's `alt`. */
function altOf(tokens: readonly Token[] | null): string {
  let s = '';
  for (const k of tokens ?? []) {
    if (k.type === 'text' || k.type === 'text_special' || k.type === 'code_inline') s += k.content;
    else if (k.type === 'softbreak') s += '\n';
    else if (k.type === 'image') s += altOf(k.children);
  }
  return s;
}

function inlineChildren(kids: readonly Token[], parent: Parent, toSource: (offset: number) => number, point: (o: number) => Point, content: string): void {
  // A range ends after its last character, so it never lands past a dropped character or line end.
  const span = (a: number, b: number): Position => ({ start: point(toSource(a)), end: point(toSource(b - 1) + 1) });
  const stack: Parent[] = [parent];
  const children = (): Nodes[] => stack[stack.length - 1]!.children as Nodes[];
  const text = (value: string): void => {
    const list = children();
    const last = list[list.length - 1];
    if (last?.type === 'text') last.value += value;
    else list.push({ type: 'text', value });
  };
  const push = (node: Parent): void => {
    children().push(node as Nodes);
    stack.push(node);
  };
  for (const k of kids) {
    switch (k.type) {
      case 'text':
      case 'text_special':
        if (k.content) text(k.content);
        break;
      case 'softbreak': {
        const list = children();
        const last = list[list.length - 1];
        if (last?.type === 'text') last.value = last.value.replace(/[ \t]+$/, '');
        text('\n');
        break;
      }
      case 'hardbreak':
        children().push({ type: 'break' });
        break;
      case 'code_inline': {
        const r = inlineRanges.get(k)!;
        children().push({ type: 'inlineCode', value: codeValue(content, r, k.markup.length), position: span(r[0], r[1]) });
        break;
      }
      case 'html_inline': {
        const r = inlineRanges.get(k)!;
        children().push({ type: 'html', value: k.content, position: span(r[0], r[1]) });
        break;
      }
      case 'strong_open': {
        // markdown-it turns the inner delimiter of `**` into the open token, the outer one into empty text.
        const r = inlineRanges.get(k)!;
        push({ type: 'strong', children: [], position: span(r[0] - 1, r[0]) } as Parent);
        break;
      }
      case 'strong_close': {
        const r = inlineRanges.get(k)!;
        stack.pop()!.position!.end = span(r[1], r[1] + 1).end;
        break;
      }
      case 'em_open':
        push({ type: 'emphasis', children: [] } as Parent);
        break;
      case 'link_open':
        push({ type: 'link', url: '', children: [] } as Parent);
        break;
      case 'em_close':
      case 'link_close':
        stack.pop();
        break;
      case 'image':
        children().push({ type: 'image', url: '', alt: altOf(k.children) });
        break;
      case 'footnote_ref':
        children().push({ type: 'footnoteReference', identifier: '' });
        break;
      default:
        if (k.content) text(k.content); // no other token is enabled; keep its text rather than lose it
        break;
    }
  }
}
