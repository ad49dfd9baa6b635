import type { Nodes, Root } from 'mdast';
import { shape } from '@openwop-spec/spec-tree';
import { isJsWhitespace } from '@openwop-spec/families';
import type { FactKind } from '@openwop-spec/spec-tree';

/**
 * The gated word rule: how many non-empty strings `text.split(/\s+/)` yields from
 * the raw text. One pass over the UTF-16 code units, counting each start of a non-whitespace run;
 * no array of words is built. The cap was calibrated on this rule, so it never changes.
 */
export function countWords(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    if (isJsWhitespace(text.charCodeAt(i))) inWord = false;
    else if (!inWord) {
      inWord = true;
      words++;
    }
  }
  return words;
}

/**
 * The informative prose metric: the word rule applied to each `text` and
 * `inlineCode` node's value separately, so adjacent nodes never glue into one word. Code, HTML,
 * front matter, URLs, definitions and markdown syntax carry no text nodes and count nothing.
 */
export function proseWords(root: Root): number {
  let words = 0;
  const stack: Nodes[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.type === 'text' || node.type === 'inlineCode') words += countWords(node.value);
    else if ('children' in node) for (const child of node.children as Nodes[]) stack.push(child);
  }
  return words;
}

/** A document's prose words, derived once per content and code. */
export const proseWordsFact: FactKind<number> = {
  id: 'core-budget:prose-words',
  code: import.meta.url,
  derive: async (source) => proseWords(await source.markdown()),
  toJson: (words) => words,
  fromJson: (json) => (shape.isCount(json) ? json : undefined),
};

/** A document's words under the gated rule (its raw text), derived once per content and code. */
export const wordsFact: FactKind<number> = {
  id: 'core-budget:words',
  code: import.meta.url,
  derive: (source) => countWords(source.text),
  toJson: (words) => words,
  fromJson: (json) => (shape.isCount(json) ? json : undefined),
};
