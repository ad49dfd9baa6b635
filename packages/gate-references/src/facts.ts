import type { Nodes } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { LineIndex, shape } from '@openwop-spec/spec-tree';
import type { CorpusPaths, FactKind } from '@openwop-spec/spec-tree';
import { findCitations } from './citations.js';
import type { Citation } from './citations.js';
import { headingNames } from './headings.js';

/** A citation with its 1-based position in the file. */
export interface PlacedCitation extends Citation {
  line: number;
  column: number;
}

/** What a code block holds is an example (a command, output, a fictional path), not a citation: blanked, offsets kept. */
function withoutCode(text: string, root: Nodes): string {
  const ranges: Array<[number, number]> = [];
  const walk = (node: Nodes): void => {
    if (node.type === 'code' && node.position?.start.offset !== undefined && node.position.end.offset !== undefined)
      ranges.push([node.position.start.offset, node.position.end.offset]);
    else if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(root);
  let out = '';
  let at = 0;
  for (const [start, end] of ranges) {
    out += text.slice(at, start) + text.slice(start, end).replace(/[^\n\r]/g, ' ');
    at = end;
  }
  return out + text.slice(at);
}

const isCitation = (v: unknown): v is PlacedCitation => {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  return (
    shape.isCount(c['offset']) &&
    shape.isCount(c['line']) &&
    shape.isCount(c['column']) &&
    shape.isString(c['token']) &&
    typeof c['path'] === 'boolean' &&
    typeof c['ruleShaped'] === 'boolean' &&
    (c['anchor'] === undefined || shape.isString(c['anchor'])) &&
    (c['section'] === undefined || shape.arrayOf(c['section'], shape.isString))
  );
};

/**
 * A markdown document the gate reads (see `documents`): under the spec, schemas, RFCS or SECURITY
 * folders, or a package README. Other gates parse most of them first, for their words or headings.
 */
export const isCheckedMarkdown = (path: string, paths: CorpusPaths): boolean =>
  path.endsWith('.md') &&
  ([paths.spec, paths.schemas, 'RFCS', 'SECURITY'].some((dir) => path.startsWith(`${dir}/`)) ||
    /^packages\/[^/]+\/README\.md$/.test(path));

/** Every path- or rule-shaped token of one document (markdown outside code blocks; JSON and YAML whole), placed. */
export const documentCitations: FactKind<PlacedCitation[]> = {
  id: 'references:citations',
  code: import.meta.url,
  applies: isCheckedMarkdown,
  derive: async (source) => {
    // A code block spans whole lines, so blanking it only removes citations: a document with none
    // in its raw text is not parsed (most of a spec's older documents cite nothing).
    let found = findCitations(source.text);
    if (found.length > 0 && source.path.endsWith('.md'))
      found = findCitations(withoutCode(source.text, await source.markdown()));
    const index = new LineIndex(source.text);
    return found.map((c) => {
      const { line, column } = index.point(c.offset);
      return { ...c, line, column };
    });
  },
  toJson: (citations) => citations,
  fromJson: (json) => (shape.arrayOf(json, isCitation) ? json : undefined),
};

/** Every name a markdown document's headings can be cited by (after `§`, or as a `#` anchor). */
export const headingNamesOf: FactKind<string[]> = {
  id: 'references:heading-names',
  code: import.meta.url,
  // A cited document is most often one the gate reads itself.
  applies: isCheckedMarkdown,
  derive: async (source) => {
    const names = new Set<string>();
    const walk = (node: Nodes): void => {
      if (node.type === 'heading') for (const name of headingNames(toString(node).trim())) names.add(name);
      else if ('children' in node) for (const child of node.children) walk(child);
    };
    walk(await source.markdown());
    return [...names];
  },
  toJson: (names) => names,
  fromJson: (json) => (shape.arrayOf(json, shape.isString) ? json : undefined),
};
