import { staticString, unparen } from '@openwop-spec/gate-scenario-majors';
import type { Comment, Estree, Parse } from '@openwop-spec/gate-scenario-majors';

/** What a comment in the generator says about one listed file. */
export interface ListedFile {
  file: string;
  /** The four-digit RFC number the file's comment names, when it names one. */
  rfc?: string;
  /** The comment text about the file, on one line. */
  reason?: string;
}

/** The name upstream's generator gives its list of files that run at both majors. */
const LIST_NAME = 'BOTH_MAJORS';

const RFC = /\bRFC\s*(\d{4})\b/;
const PARAGRAPH_START = /^RFC\s*\d{4}\b/;

/**
 * Reads `const BOTH_MAJORS = [...]` (or `new Set([...])`) from upstream's scenario-majors generator
 * and what its comments say about each file. A file's own comments (before it in the list, or after
 * it on its line) come first; otherwise the paragraph of the comment block above the declaration
 * that starts with "RFC nnnn" and names the file. Undefined when the script declares no such list.
 */
export function readGeneratorList(parse: Parse, path: string, text: string): ListedFile[] | undefined {
  const { program, comments } = parse(path, text);
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const { id, init } of declaration.declarations) {
      if (id.type !== 'Identifier' || id.name !== LIST_NAME || !init) continue;
      const array = listLiteral(init);
      if (!array) return undefined;
      const paragraphs = rfcParagraphs(leadingBlock(comments, text, statement.start));
      return entries(array, comments, text).map(({ file, own }) => {
        const said = own || paragraphs.find((p) => namesFile(p, file)) || '';
        const rfc = RFC.exec(said)?.[1];
        return { file, ...(rfc ? { rfc } : {}), ...(said ? { reason: said } : {}) };
      });
    }
  }
  return undefined;
}

/** The array literal of `[...]` or `new Set([...])`. */
function listLiteral(init: Estree.Expression): Estree.ArrayExpression | undefined {
  const node = unparen(init);
  if (node.type === 'ArrayExpression') return node;
  const first =
    node.type === 'NewExpression' && node.callee.type === 'Identifier' && node.callee.name === 'Set'
      ? node.arguments[0]
      : undefined;
  return first && first.type !== 'SpreadElement' ? listLiteral(first) : undefined;
}

/** Each string element with the text of its own comments: between it and the element before, or after it on its line. */
function entries(
  array: Estree.ArrayExpression,
  comments: readonly Comment[],
  text: string,
): Array<{ file: string; own: string }> {
  const elements = array.elements.filter((e) => e !== null);
  const inside = comments.filter((c) => c.start > array.start && c.end < array.end);
  const claimed = new Set<Comment>();
  const out: Array<{ file: string; own: string }> = [];
  elements.forEach((element, i) => {
    const next = elements[i + 1]?.start ?? array.end;
    const previous = i === 0 ? array.start : elements[i - 1]!.end;
    const before = inside.filter((c) => c.start > previous && c.end <= element.start && !claimed.has(c));
    const after = inside.filter(
      (c) => c.start >= element.end && c.end <= next && !text.slice(element.end, c.start).includes('\n'),
    );
    for (const c of after) claimed.add(c);
    const file = staticString(element);
    if (file !== undefined)
      out.push({ file, own: oneLine([...before, ...after].flatMap((c) => commentLines(c)).join('\n')) });
  });
  return out;
}

/** The comments right above `start` (only blank space between them and it), as lines of text. */
function leadingBlock(comments: readonly Comment[], text: string, start: number): string[] {
  const block: Comment[] = [];
  let end = start;
  for (let i = comments.length - 1; i >= 0; i--) {
    const c = comments[i]!;
    if (c.end > end) continue;
    if (text.slice(c.end, end).trim() !== '') break;
    block.unshift(c);
    end = c.start;
  }
  return block.flatMap((c) => commentLines(c));
}

/** A comment's lines without the comment syntax (`//`, `/*`, leading `*`). */
function commentLines(c: Comment): string[] {
  const lines = c.value.split('\n');
  return c.type === 'Line' ? lines.map((l) => l.trim()) : lines.map((l) => l.replace(/^\s*\*?\s?/, '').trim());
}

/** The paragraphs of a comment block that start with "RFC nnnn", each on one line; they end at a blank line or the next one. */
function rfcParagraphs(lines: readonly string[]): string[] {
  const out: string[] = [];
  let current: string[] | undefined;
  for (const line of lines) {
    if (PARAGRAPH_START.test(line)) {
      if (current) out.push(oneLine(current.join('\n')));
      current = [line];
    } else if (line === '') {
      if (current) out.push(oneLine(current.join('\n')));
      current = undefined;
    } else current?.push(line);
  }
  if (current) out.push(oneLine(current.join('\n')));
  return out;
}

const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();

const WORD = /[A-Za-z0-9_-]/;

/** Whether `text` names the file, by its name or its stem (the name without `.test.ts`), as a whole word. */
function namesFile(text: string, file: string): boolean {
  const stem = file.replace(/\.test\.ts$/, '');
  for (let at = text.indexOf(stem); at >= 0; at = text.indexOf(stem, at + 1)) {
    const before = at === 0 ? '' : text[at - 1]!;
    const after = text[at + stem.length] ?? '';
    if (!WORD.test(before) && !WORD.test(after)) return true;
  }
  return false;
}
