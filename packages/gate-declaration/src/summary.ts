import type { FamilyRow } from '@openwop-spec/families';
import { isRecord } from '@openwop-spec/json';
import { isStringArray } from './json-value.js';

/** A `§ key` heading line of core/capabilities.md (depth 2–4), as the author writes it. */
const HEADING_LINE = /^(#{2,4})[ \t]+§[ \t]*`?([A-Za-z][A-Za-z0-9]*)`?[ \t]*$/;
/** The part of a summary line the declaration decides: witness, maturity, RFC, facets, homes and bucket. */
const DECIDED = /^Witness .*?Home: (?:`[^`\n]*`(?:, `[^`\n]*`)*|none)(?: \(v1-dependent\))?\./;

/** A § section of core/capabilities.md: its heading and the summary line under it, with offsets. */
export interface Section {
  key: string;
  depth: number;
  /** Offset of the heading line and the end of the section (the next heading of equal or lower depth, or the end). */
  start: number;
  end: number;
  summary?: { line: number; offset: number; decided: string };
}

/** Every § section of the document, in order. */
export function sections(text: string): Section[] {
  const out: Section[] = [];
  const lines = text.split('\n');
  let offset = 0;
  let open: Section | undefined;
  let expectSummary = false;
  lines.forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    const heading = /^(#{1,6})[ \t]/.exec(line);
    if (heading) {
      if (open && heading[1]!.length <= open.depth) open.end = offset;
      const m = HEADING_LINE.exec(line);
      if (m) {
        open = { key: m[2]!, depth: m[1]!.length, start: offset, end: text.length };
        out.push(open);
        expectSummary = true;
      } else if (open && heading[1]!.length <= open.depth) {
        open = undefined;
        expectSummary = false;
      } else expectSummary = false;
    } else if (expectSummary && line.trim() !== '') {
      expectSummary = false;
      if (open && line.startsWith('Witness '))
        open.summary = { line: i + 1, offset, decided: DECIDED.exec(line)?.[0] ?? line };
    }
    offset += raw.length + 1;
  });
  return out;
}

/**
 * The summary line the declaration implies for a core family: its witness class, maturity (and
 * disposition), owning RFC, facets (and whether a facet file defines them), homes (core documents
 * by name, others by path) and whether it is v1-dependent.
 */
export function summaryLine(f: FamilyRow, dirs: { core: string; v1: string }): string {
  const r = f.row;
  const maturity =
    isRecord(r['maturity']) && typeof r['maturity']['technical'] === 'string'
      ? r['maturity']['technical']
      : 'experimental';
  const disposition = typeof r['disposition'] === 'string' ? `, ${r['disposition']}` : '';
  const rfc = typeof r['owningRfc'] === 'string' ? `RFC ${r['owningRfc']}` : 'no owning RFC';
  const facets = isStringArray(r['facets']) ? r['facets'] : [];
  const facetText =
    facets.length === 0
      ? 'no facets'
      : `facets ${facets.map((x) => `\`${x}\``).join(', ')}${typeof r['facetsFrom'] === 'string' ? ' (facet file)' : ''}`;
  const homes = isStringArray(r['normativeText']) ? r['normativeText'] : [];
  const homeText =
    homes.length === 0
      ? 'none'
      : homes.map((h) => `\`${h.startsWith(`${dirs.core}/`) ? h.slice(dirs.core.length + 1) : h}\``).join(', ');
  const bucket = homes.some((h) => h.startsWith(`${dirs.v1}/`)) ? ' (v1-dependent)' : '';
  return `Witness \`${String(r['witness'])}\`, ${maturity}${disposition}; ${rfc}; ${facetText}. Home: ${homeText}${bucket}.`;
}
