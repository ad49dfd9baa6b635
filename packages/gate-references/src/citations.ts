// Finding what a text cites: repository paths (optionally with a `#anchor` or a `§ section`) and
// gate rule ids. A citation is found by its shape, so the grammar is deliberately narrow: a token
// counts as a path only when it ends in a document or source extension or starts with a folder the
// repository keeps at its root (or a package's own `src/` / `test/`); URLs and templates
// (`<key>`, `{toolId}`, `${…}`) are not citations.

export interface Citation {
  /** UTF-16 offset of the citation in the scanned text. */
  offset: number;
  /** The path or rule id as written. */
  token: string;
  /** A `#fragment` written right after the path. */
  anchor?: string;
  /** The words after a `§` that follows the path, for the resolver to match against headings. */
  section?: string[];
  /** The token is shaped like a path. */
  path: boolean;
  /** The token is shaped like a rule id (`<prefix>/<slug>`); it is one when a gate has that prefix. */
  ruleShaped: boolean;
}

const EXTENSIONS = /\.(md|json|yaml|yml|ts|mjs)$/;
const ROOT_FOLDERS = new Set([
  'spec',
  'schemas',
  'docs',
  'evidence',
  'SECURITY',
  'RFCS',
  'packages',
  'scripts',
  'src',
  'test',
]);
const RULE_ID = /^[a-z]+\/[a-z0-9]+(?:-[a-z0-9]+)*$/;

const URL_LIKE = /[a-z][a-z0-9+.-]*:\/\/[^\s"'`)<>\]]*/gi;
const TOKEN = /(?<![\w./@*<>{}$:^-])((?:\.\.?\/)*[A-Za-z0-9_@*][\w.@*-]*(?:\/[\w.@*-]+)*\/?)(#[\w./$-]+)?/g;
// After a path: an optional closing backtick, then `§` and the section's words (a backticked name
// counts as one word), stopping at punctuation that ends a clause. Sticky: matched where the path ends.
const SECTION = /`?\s?§\s?((?:`[^`\n]+`|[^\s,;()`'"|§\]]+)(?: (?:`[^`\n]+`|[^\s,;()`'"|§\]]+)){0,7})/y;

/** Blanks URLs (same length, so offsets hold) so that no part of one reads as a path. */
function maskUrls(text: string): string {
  return text.replace(URL_LIKE, (url) => ' '.repeat(url.length));
}

/** The first segment of a token: a rule id's prefix, or a path's top folder. */
export const firstSegment = (token: string): string => token.replace(/^(\.\.?\/)+/, '').split('/')[0]!;

/** Every path- or rule-shaped token in `text`, whatever the known rule ids (a fact of the text alone). */
export function findCitations(text: string): Citation[] {
  const masked = maskUrls(text);
  const out: Citation[] = [];
  for (const m of masked.matchAll(TOKEN)) {
    const end = m.index + m[0].length;
    const next = masked[end] ?? '';
    // A template path (`spec/v2/facets/<key>.schema.json`, `/runs/{runId}`) is not a citation, nor
    // is a call (`res.json()`) or a regular expression (`^spec/v2/facets/[a-z]…`).
    if (next === '<' || next === '{' || next === '$' || next === '(' || next === '[') continue;
    // Most tokens are words: neither shape can match without a `/` or a `.` (every extension has one).
    if (!m[1]!.includes('/') && !m[1]!.includes('.')) continue;
    // A sentence's full stop is not part of the path.
    const token = m[2] === undefined ? m[1]!.replace(/\.+$/, '') : m[1]!;
    const first = firstSegment(token);
    const ruleShaped = RULE_ID.test(token);
    // A relative folder (`../openwop`) is a place, not a document: only a named file or a root folder counts.
    const path =
      EXTENSIONS.test(token.replace(/\/$/, '')) ||
      (token.includes('/') && ROOT_FOLDERS.has(first) && !token.startsWith('.'));
    if (!path && !ruleShaped) continue;
    const citation: Citation = { offset: m.index, token, path, ruleShaped };
    if (m[2] !== undefined) citation.anchor = m[2].slice(1).replace(/\.+$/, '');
    SECTION.lastIndex = m.index + token.length + (m[2]?.length ?? 0);
    const section = SECTION.exec(masked);
    // A section filled in at run time (`§ ${d.key}`) cannot be checked here.
    if (section !== null && !section[1]!.startsWith('$'))
      citation.section = (section[1]!.match(/`[^`]+`|[^ ]+/g) ?? []).map((w) => w.replace(/`/g, ''));
    out.push(citation);
  }
  return out;
}
