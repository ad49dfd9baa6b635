// The text predicates: the naming rule, "titled for", the RFC 2119
// keywords and the `key.facet` spelling. Keys and facets are matched as literal strings; nothing
// here builds a regular expression from data.

const isAlnum = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const HYPHEN = 45;
const UNDERSCORE = 95;
const SLASH = 47;
const DOT = 46;

/** Characters that may not precede a named key: A–Z a–z 0–9 - _ / . */
const blocksBefore = (c: number): boolean => isAlnum(c) || c === HYPHEN || c === UNDERSCORE || c === SLASH || c === DOT;
/** Characters that may not follow a named key: A–Z a–z 0–9 - _ / (a following dot is allowed, kept for parity). */
const blocksAfter = (c: number): boolean => isAlnum(c) || c === HYPHEN || c === UNDERSCORE || c === SLASH;
/** Characters that may not precede `k` in `k.φ`: as blocksBefore, except that a dot is allowed. */
const blocksBeforeDotted = (c: number): boolean => isAlnum(c) || c === HYPHEN || c === UNDERSCORE || c === SLASH;
/** Characters that may not follow `φ` in `k.φ`: A–Z a–z 0–9 _ */
const isIdent = (c: number): boolean => isAlnum(c) || c === UNDERSCORE;

/** Whether text `t` names `key` under the naming rule (case-sensitive, literal). */
export function names(t: string, key: string): boolean {
  if (key === '') return false;
  for (let i = t.indexOf(key); i >= 0; i = t.indexOf(key, i + 1)) {
    const end = i + key.length;
    if ((i === 0 || !blocksBefore(t.charCodeAt(i - 1))) && (end >= t.length || !blocksAfter(t.charCodeAt(end))))
      return true;
  }
  return false;
}

/** Whether `t` contains `key.facet` with the boundaries facet coverage uses. */
export function namesDotted(t: string, key: string, facet: string): boolean {
  if (key === '' || facet === '') return false;
  const needle = `${key}.${facet}`;
  for (let i = t.indexOf(needle); i >= 0; i = t.indexOf(needle, i + 1)) {
    const end = i + needle.length;
    if ((i === 0 || !blocksBeforeDotted(t.charCodeAt(i - 1))) && (end >= t.length || !isIdent(t.charCodeAt(end))))
      return true;
  }
  return false;
}

/** Whether a facet is covered by text `t` (§2.7): `t` names the facet, or spells `key.facet`. */
export function coversFacet(t: string, key: string, facet: string): boolean {
  return names(t, facet) || namesDotted(t, key, facet);
}

const isNameChar = blocksBefore;
const allOf = (s: string, pred: (c: number) => boolean): boolean => {
  for (let i = 0; i < s.length; i++) if (!pred(s.charCodeAt(i))) return false;
  return s !== '';
};

/**
 * Every string that `t` names, for keys made of A–Z a–z 0–9 - _ / . only: such a key can only
 * start where a run of those characters starts, and must end where the run ends or at a dot
 * inside it. So the candidates are each run and each of its prefixes that stops before a dot.
 * Linear in `t`; lets one pass over a document answer "does it name k?" for every key.
 */
function addNamedCandidates(t: string, out: Set<string>): void {
  let i = 0;
  while (i < t.length) {
    if (!isNameChar(t.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < t.length && isNameChar(t.charCodeAt(i))) {
      if (t.charCodeAt(i) === DOT && i > start) out.add(t.slice(start, i));
      i++;
    }
    out.add(t.slice(start, i));
  }
}

/**
 * Every `k.φ` that `t` spells (§2.7), for identifier-like k and φ (A–Z a–z 0–9 _): k is then a whole
 * identifier run not preceded by `-` or `/`, followed by exactly one dot and a whole identifier run.
 */
function addDottedCandidates(t: string, out: Set<string>): void {
  let prevStart = -1;
  let prevEnd = -1;
  let i = 0;
  while (i < t.length) {
    if (!isIdent(t.charCodeAt(i))) {
      i++;
      continue;
    }
    const start = i;
    while (i < t.length && isIdent(t.charCodeAt(i))) i++;
    if (prevEnd >= 0 && start === prevEnd + 1 && t.charCodeAt(prevEnd) === DOT) {
      const before = prevStart === 0 ? -1 : t.charCodeAt(prevStart - 1);
      if (before !== HYPHEN && before !== SLASH) out.add(t.slice(prevStart, i));
    }
    prevStart = start;
    prevEnd = i;
  }
}

/**
 * How many times its texts' length a NameIndex reads by literal scans before it builds its
 * candidate sets. A scan is a native `indexOf` per occurrence; building the sets walks every
 * character in JavaScript and keeps every candidate, many times the cost of one scan. A document
 * asked about a few keys (the usual case: the families it homes and their facets) is never indexed,
 * and one asked about many keys costs at most this many scans more than indexing it at once.
 */
const SCANS_BEFORE_INDEX = 16;

/**
 * A set of texts that answers the naming questions. The first questions are answered by literal
 * scans; once those have read SCANS_BEFORE_INDEX times the texts' length, keys made of the naming
 * characters are looked up in candidate sets built once, in time independent of the text size (any
 * other key keeps the literal scan; no key the declaration schema admits is one). An index may
 * extend another (`base`), answering for the union of both texts without rescanning the base's.
 */
export class NameIndex {
  private named?: Set<string>;
  private dotted?: Set<string>;
  private readonly length: number;
  /** Characters the literal scans may still read before the candidate sets are built. */
  private budget: number;

  constructor(
    private readonly texts: readonly string[],
    private readonly base?: NameIndex,
    scansBeforeIndex = SCANS_BEFORE_INDEX,
  ) {
    this.length = texts.reduce((n, t) => n + t.length, 0);
    this.budget = scansBeforeIndex * this.length;
  }

  /** Whether to answer by scanning the texts (and pay for it from the budget). */
  private scan(): boolean {
    if (this.budget < this.length) return false;
    this.budget -= this.length;
    return true;
  }

  names(key: string): boolean {
    if (this.base?.names(key)) return true;
    if (!allOf(key, isNameChar) || (!this.named && this.scan())) return this.texts.some((t) => names(t, key));
    if (!this.named) {
      this.named = new Set();
      for (const t of this.texts) addNamedCandidates(t, this.named);
    }
    return this.named.has(key);
  }

  namesDotted(key: string, facet: string): boolean {
    if (this.base?.namesDotted(key, facet)) return true;
    if (!allOf(key, isIdent) || !allOf(facet, isIdent) || (!this.dotted && this.scan()))
      return this.texts.some((t) => namesDotted(t, key, facet));
    if (!this.dotted) {
      this.dotted = new Set();
      for (const t of this.texts) addDottedCandidates(t, this.dotted);
    }
    return this.dotted.has(`${key}.${facet}`);
  }

  coversFacet(key: string, facet: string): boolean {
    return this.names(facet) || this.namesDotted(key, facet);
  }
}

/** JavaScript's `\s`: U+0009–U+000D, U+0020, U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F, U+3000, U+FEFF. */
export const isJsWhitespace = (c: number): boolean =>
  (c >= 0x09 && c <= 0x0d) ||
  c === 0x20 ||
  c === 0xa0 ||
  c === 0x1680 ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0x202f ||
  c === 0x205f ||
  c === 0x3000 ||
  c === 0xfeff;

/**
 * The keys a heading is titled for (§2.4): those K for which `name(heading).trim()` matches
 * ^§?\s*`?(host\.)?K`?$. Each optional part is either taken or not, so the candidates are the
 * remainders after every combination of the optional prefix and suffix.
 */
export function titledKeys(headingName: string): string[] {
  const s = headingName.trim();
  const out = new Set<string>();
  for (const a of s.startsWith('§') ? [s, s.slice(1)] : [s]) {
    let k = 0;
    while (k < a.length && isJsWhitespace(a.charCodeAt(k))) k++;
    const b = a.slice(k);
    for (const c of b.startsWith('`') ? [b, b.slice(1)] : [b]) {
      for (const d of c.startsWith('host.') ? [c, c.slice(5)] : [c]) {
        for (const e of d.endsWith('`') ? [d, d.slice(0, -1)] : [d]) if (e !== '') out.add(e);
      }
    }
  }
  return [...out];
}

/** Whether a heading whose `name()` is `headingName` is titled for `key`. */
export function titledFor(headingName: string, key: string): boolean {
  return titledKeys(headingName).includes(key);
}

/** One of the five RFC 2119 keywords the gate counts (not SHALL, REQUIRED, RECOMMENDED, OPTIONAL). */
const KEYWORD = /\b(MUST NOT|MUST|SHOULD NOT|SHOULD|MAY)\b/;

/** Whether a `kw()` rendering carries an RFC 2119 obligation keyword. */
export function hasKeyword(kwText: string): boolean {
  return KEYWORD.test(kwText);
}

/** A claim in a reciprocal marker counts only if it looks like a key. */
const CLAIM = /^[A-Za-z0-9_.-]+$/;
export const isClaimToken = (value: string): boolean => CLAIM.test(value);
