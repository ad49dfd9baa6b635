import type { Nodes, Parent, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { Point } from '@openwop-spec/diagnostics';
import { isRecord } from '@openwop-spec/json';
import { shape, sourceLine } from '@openwop-spec/spec-tree';
import type { FactKind, SpecTree } from '@openwop-spec/spec-tree';
import { headerRegion, kwOf, nameOf } from './mdast-text.js';
import { NameIndex, hasKeyword, isClaimToken, titledKeys } from './naming.js';

/** A range in a markdown document, from its mdast node. */
export interface Span {
  start: Point;
  end: Point;
}

/** The Status banner. */
export interface Banner extends Span {
  /** The whole source line the banner starts on, trimmed (so it keeps `> `). */
  line: string;
}

/**
 * Why a marker-like construct claims nothing:
 * `colon-outside` — `**Normative home**:` with the colon outside the strong;
 * `misplaced` — a well-formed marker outside the header region's blockquote and tables;
 * `in-html` — a marker inside HTML (e.g. a comment).
 */
export type NearMissKind = 'colon-outside' | 'misplaced' | 'in-html';

export interface NearMiss extends Span {
  kind: NearMissKind;
}

/** Everything the classification reads from one home document, computed in one pass over its mdast. */
export interface DocumentFacts {
  file: string;
  banner?: Banner;
  /** The first counted reciprocal marker (form A strong or form B row). */
  marker?: Span;
  /** Keys claimed by the document's markers, each at its inline-code node. */
  claims: ReadonlyMap<string, Span>;
  nearMisses: readonly NearMiss[];
  /** `name()` of every unit and heading: answers "does a unit or heading name k?" (§2.5 step 5). */
  naming: NameIndex;
  /** `name()` of every unit whose `kw()` carries a keyword (§2.5 step 6, first arm). */
  obligationNames: NameIndex;
  /** Keys that a heading in the section chain of a keyword unit is titled for (step 6, second arm). */
  obligationTitles: ReadonlySet<string>;
  /** The facet text of §2.7: unit and heading names plus code values. */
  facetText: NameIndex;
}

const NORMATIVE_HOME = 'Normative home:';
const HOMES = 'homes:';
const HTML_MARKERS = ['**Normative home:**', '**homes:**'];

const span = (node: Nodes): Span => {
  const p = node.position!;
  return {
    start: { line: p.start.line, column: p.start.column, offset: p.start.offset! },
    end: { line: p.end.line, column: p.end.column, offset: p.end.offset! },
  };
};

const plain = (node: Nodes): string => toString(node, { includeHtml: false });

const skipNested = (n: Nodes): boolean => n.type === 'list' || n.type === 'table';

/** Calls `visit` on every node below `node` in document order, with its parent. */
function eachNode(
  node: Nodes,
  visit: (n: Nodes, parent: Parent | undefined, index: number) => void,
  parent?: Parent,
  index = -1,
): void {
  visit(node, parent, index);
  if ('children' in node) {
    const children = node.children as Nodes[];
    for (let i = 0; i < children.length; i++) eachNode(children[i]!, visit, node, i);
  }
}

/** Inline-code values of a node's subtree, each with its position, in document order. */
function inlineCodes(node: Nodes, out: Array<{ value: string; at: Span }>): void {
  eachNode(node, (n) => {
    if (n.type === 'inlineCode') out.push({ value: n.value, at: span(n) });
  });
}

/** The header-region analysis: banner, counted markers and their claims. */
function readHeader(
  root: Root,
  text: string,
): { banner?: Banner; marker?: Span; claims: Map<string, Span>; counted: Set<Nodes> } {
  const claims = new Map<string, Span>();
  const counted = new Set<Nodes>();
  let banner: Banner | undefined;
  let marker: Span | undefined;
  const claim = (values: Array<{ value: string; at: Span }>): void => {
    for (const { value, at } of values) if (isClaimToken(value) && !claims.has(value)) claims.set(value, at);
  };
  const noteMarker = (node: Nodes): void => {
    counted.add(node);
    const at = span(node);
    if (!marker || at.start.offset! < marker.start.offset!) marker = at;
  };
  for (const top of headerRegion(root)) {
    if (top.type === 'blockquote') {
      eachNode(top, (n, parent, index) => {
        if (n.type !== 'strong') return;
        const label = plain(n);
        if (!banner && label.startsWith('Status')) {
          const at = span(n);
          banner = { ...at, line: sourceLine(text, at.start.line).trim() };
        }
        if (label !== NORMATIVE_HOME || !parent) return;
        noteMarker(n);
        // Form A claims the inline-code siblings up to the end of the marker's source line.
        const values: Array<{ value: string; at: Span }> = [];
        for (const sibling of (parent.children as Nodes[]).slice(index + 1)) {
          if (sibling.type === 'break' || (sibling.type === 'text' && sibling.value.includes('\n'))) break;
          if (sibling.type === 'inlineCode') values.push({ value: sibling.value, at: span(sibling) });
        }
        claim(values);
      });
    }
    eachNode(top, (n) => {
      if (n.type !== 'tableRow') return;
      const lead = formBLead(n);
      if (!lead) return;
      noteMarker(lead.strong);
      // Form B claims the inline code after the lead in its cell, and in every other cell.
      const values: Array<{ value: string; at: Span }> = [];
      const first = n.children[0]!;
      for (const rest of (first.children as Nodes[]).slice(lead.index + 1)) inlineCodes(rest, values);
      for (const cell of n.children.slice(1)) inlineCodes(cell, values);
      claim(values);
    });
  }
  return { ...(banner ? { banner } : {}), ...(marker ? { marker } : {}), claims, counted };
}

/** The first cell's leading node, skipping whitespace-only text. */
function leadOfCell(cell: Parent): { node: Nodes; index: number } | undefined {
  const kids = cell.children as Nodes[];
  let i = 0;
  while (i < kids.length && kids[i]!.type === 'text' && (kids[i] as { value: string }).value.trim() === '') i++;
  const node = kids[i];
  return node ? { node, index: i } : undefined;
}

/** The strong that opens a form B row: the first cell begins with `**homes:**` or `**Normative home:**`. */
function formBLead(row: Nodes): { strong: Nodes; index: number } | undefined {
  if (row.type !== 'tableRow' || !row.children[0]) return undefined;
  const lead = leadOfCell(row.children[0]);
  if (!lead || lead.node.type !== 'strong') return undefined;
  const label = plain(lead.node);
  return label === HOMES || label === NORMATIVE_HOME ? { strong: lead.node, index: lead.index } : undefined;
}

/** Marker-like constructs that claim nothing, so a maintainer hears about them (warnings only). */
function findNearMisses(root: Root, counted: ReadonlySet<Nodes>): NearMiss[] {
  const out: NearMiss[] = [];
  const rowLeads = new Set<Nodes>();
  eachNode(root, (n, parent, index) => {
    if (n.type === 'html') {
      if (HTML_MARKERS.some((m) => n.value.includes(m))) out.push({ kind: 'in-html', ...span(n) });
      return;
    }
    if (n.type === 'tableRow') {
      // Rows are visited before their cells, so a row's lead is known when its strong is reached.
      const lead = formBLead(n);
      if (!lead) return;
      rowLeads.add(lead.strong);
      if (!counted.has(lead.strong)) out.push({ kind: 'misplaced', ...span(lead.strong) });
      return;
    }
    if (n.type !== 'strong' || rowLeads.has(n)) return;
    const label = plain(n);
    if (label === NORMATIVE_HOME && !counted.has(n)) out.push({ kind: 'misplaced', ...span(n) });
    else if (label === 'Normative home' && parent) {
      const next = (parent.children as Nodes[])[index + 1];
      if (next?.type === 'text' && next.value.startsWith(':')) out.push({ kind: 'colon-outside', ...span(n) });
    }
  });
  return out;
}

interface ChainEntry {
  depth: number;
  titled: readonly string[];
}

/**
 * Units, headings and code of one document. A unit is a paragraph outside
 * any list item, a list item without its nested lists and tables, or a table row. Headings are
 * kept on a stack in document order, each popping every earlier heading of equal or greater depth,
 * so a unit's section chain is the stack when it is reached and never crosses documents.
 */
function readUnits(root: Root): {
  naming: string[];
  obligations: number[];
  obligationTitles: Set<string>;
  code: string[];
} {
  const naming: string[] = [];
  const obligations: number[] = [];
  const obligationTitles = new Set<string>();
  const code: string[] = [];
  const stack: ChainEntry[] = [];
  const unit = (node: Nodes, skip?: (n: Nodes) => boolean): void => {
    const name = nameOf(node, skip ? { skip } : {});
    naming.push(name);
    if (!hasKeyword(kwOf(node, skip ? { skip } : {}))) return;
    obligations.push(naming.length - 1);
    for (const entry of stack) for (const k of entry.titled) obligationTitles.add(k);
  };
  const walk = (node: Nodes, inItem: boolean): void => {
    switch (node.type) {
      case 'heading': {
        const name = nameOf(node);
        naming.push(name);
        while (stack.length > 0 && stack[stack.length - 1]!.depth >= node.depth) stack.pop();
        stack.push({ depth: node.depth, titled: titledKeys(name) });
        return;
      }
      case 'paragraph':
        if (!inItem) unit(node);
        return;
      case 'listItem':
        unit(node, skipNested);
        for (const child of node.children) walk(child, true);
        return;
      case 'tableRow':
        unit(node);
        return;
      case 'code':
        code.push(node.value);
        return;
      case 'html':
      case 'yaml':
      case 'definition':
      case 'thematicBreak':
        return;
      default:
        if ('children' in node) for (const child of node.children as Nodes[]) walk(child, inItem);
    }
  };
  walk(root, false);
  return { naming, obligations, obligationTitles, code };
}

/** What the classification keeps of one home document, as JSON: the cached form of its facts. */
export interface DocumentRecord {
  banner?: Banner;
  marker?: Span;
  claims: Array<[key: string, at: Span]>;
  nearMisses: NearMiss[];
  names: string[];
  /** The units whose `kw()` carries a keyword, as indexes into `names` (each text is stored once). */
  obligations: number[];
  obligationTitles: string[];
  code: string[];
}

function recordOf(text: string, root: Root): DocumentRecord {
  const header = readHeader(root, text);
  const units = readUnits(root);
  return {
    ...(header.banner ? { banner: header.banner } : {}),
    ...(header.marker ? { marker: header.marker } : {}),
    claims: [...header.claims],
    nearMisses: findNearMisses(root, header.counted),
    names: units.naming,
    obligations: units.obligations,
    obligationTitles: [...units.obligationTitles],
    code: units.code,
  };
}

function factsOfRecord(file: string, r: DocumentRecord): DocumentFacts {
  const naming = new NameIndex(r.names);
  return {
    file,
    ...(r.banner ? { banner: r.banner } : {}),
    ...(r.marker ? { marker: r.marker } : {}),
    claims: new Map(r.claims),
    nearMisses: r.nearMisses,
    naming,
    obligationNames: new NameIndex(r.obligations.map((i) => r.names[i]!)),
    obligationTitles: new Set(r.obligationTitles),
    facetText: new NameIndex(r.code, naming),
  };
}

/** Reads one home document's facts from its mdast. */
export function readDocument(file: string, text: string, root: Root): DocumentFacts {
  return factsOfRecord(file, recordOf(text, root));
}

// Cached values are rebuilt field by field, so nothing but what was written reaches a gate.
const pointOf = (v: unknown): Point | undefined =>
  shape.isPoint(v) ? { line: v.line, column: v.column, offset: v.offset } : undefined;
const spanOf = (v: unknown): Span | undefined => {
  if (!isRecord(v)) return undefined;
  const start = pointOf(v['start']);
  const end = pointOf(v['end']);
  return start && end ? { start, end } : undefined;
};
const NEAR_MISS_KINDS: ReadonlySet<unknown> = new Set<NearMissKind>(['colon-outside', 'misplaced', 'in-html']);

function recordFromJson(json: unknown): DocumentRecord | undefined {
  if (!isRecord(json)) return undefined;
  const banner = json['banner'] === undefined ? undefined : spanOf(json['banner']);
  const line = isRecord(json['banner']) ? json['banner']['line'] : undefined;
  if (json['banner'] !== undefined && !(banner && typeof line === 'string')) return undefined;
  const marker = json['marker'] === undefined ? undefined : spanOf(json['marker']);
  if (json['marker'] !== undefined && !marker) return undefined;
  const lists = ['names', 'obligationTitles', 'code'] as const;
  if (!lists.every((list) => shape.arrayOf(json[list], shape.isString))) return undefined;
  const count = (json['names'] as string[]).length;
  const obligations = json['obligations'];
  if (!shape.arrayOf(obligations, (i): i is number => shape.isCount(i) && i < count)) return undefined;
  if (!Array.isArray(json['claims']) || !Array.isArray(json['nearMisses'])) return undefined;
  const claims: Array<[string, Span]> = [];
  for (const c of json['claims'] as unknown[]) {
    const key: unknown = Array.isArray(c) && c.length === 2 ? c[0] : undefined;
    const at = typeof key === 'string' ? spanOf((c as unknown[])[1]) : undefined;
    if (!at) return undefined;
    claims.push([key as string, at]);
  }
  const nearMisses: NearMiss[] = [];
  for (const m of json['nearMisses'] as unknown[]) {
    const at = spanOf(m);
    const kind = isRecord(m) ? m['kind'] : undefined;
    if (!at || !NEAR_MISS_KINDS.has(kind)) return undefined;
    nearMisses.push({ kind: kind as NearMissKind, ...at });
  }
  const copy = (list: (typeof lists)[number]): string[] => [...(json[list] as string[])];
  // The keys in the order `recordOf` writes them.
  return {
    ...(banner ? { banner: { ...banner, line: line as string } } : {}),
    ...(marker ? { marker } : {}),
    claims,
    nearMisses,
    names: copy('names'),
    obligations: [...obligations],
    obligationTitles: copy('obligationTitles'),
    code: copy('code'),
  };
}

/** The facts of one home document, derived once per content and code. */
export const homeDocument: FactKind<DocumentRecord> = {
  id: 'families:home-document',
  code: import.meta.url,
  derive: async (source) => recordOf(source.text, await source.markdown()),
  toJson: (record) => record,
  fromJson: recordFromJson,
};

/** A home document's facts, from the tree's fact cache. */
export async function documentFacts(tree: SpecTree, file: string): Promise<DocumentFacts> {
  return factsOfRecord(file, await tree.factsOf(file, homeDocument));
}
