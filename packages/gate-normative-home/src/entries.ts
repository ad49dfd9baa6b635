import type { Diagnostic, Point, RelatedLocation } from '@openwop-spec/diagnostics';
import { headerRegion } from '@openwop-spec/spec-tree';
import type {
  Classification,
  DocumentRef,
  FamilyFinding,
  FamilyResult,
  HomeFinding,
  HomeResult,
  SpecTree,
} from '@openwop-spec/spec-tree';
import type { Location } from '@openwop-spec/gate-api';
import { rules } from './rules.js';

/** One line of the predicate or missing block, with its diagnostic. */
export interface Entry {
  line: string;
  diagnostic: Diagnostic;
}

type FindingId = HomeFinding['ruleId'] | FamilyFinding['ruleId'];

/** Entry groups of the predicate block, in order; refusals form one group. */
const GROUPS: ReadonlyArray<ReadonlySet<FindingId>> = [
  new Set<FindingId>([
    'home/bad-path',
    'home/wrong-extension',
    'home/declaration-site',
    'home/rfc-home',
    'home/not-a-home',
    'home/symlink-escape',
    'home/not-a-file',
    'home/seams-catalog',
    'home/non-normative',
    'home/schema-only',
    'home/ext-only',
  ]),
  new Set<FindingId>(['home/unnamed']),
  new Set<FindingId>(['home/no-obligation']),
  new Set<FindingId>(['home/unclaimed']),
];

/** The entry line of a failing home. */
export function homeEntryLine(key: string, h: string, f: HomeFinding): string {
  switch (f.ruleId) {
    case 'home/bad-path':
      return `${key} -> ${h} (not a canonical repository-relative path: ${f.reason})`;
    case 'home/wrong-extension':
      return `${key} -> ${h} (a prose home must be a .md file and a schema co-pointer a .json file)`;
    case 'home/declaration-site':
      return `${key} -> ${h} (the declaration site: capabilities.md § ${key} is a stub, not behaviour)`;
    case 'home/rfc-home':
      return `${key} -> ${h} (an RFC is history, not operative text; owningRfc already records it)`;
    case 'home/not-a-home':
      return `${key} -> ${h} (not a normative home: only spec/v2/core, spec/v2/ext, a v2 schema as a co-pointer, or spec/v1 as a declared dependency)`;
    case 'home/symlink-escape':
      return `${key} -> ${h} (resolves to ${f.target ?? 'a path outside the repository'}, outside the repository or in another home class)`;
    case 'home/not-a-file':
      return `${key} -> ${h} (not a regular file)`;
    case 'home/seams-catalog':
      return `${key} -> ${h} (a conformance-seam catalog is an observation surface, not a behaviour home)`;
    case 'home/non-normative':
      return `${key} -> ${h} (the document declares itself non-normative: ${f.banner})`;
    case 'home/unclaimed':
      return `${key} -> ${h} (the document does not claim it — add "> **Normative home:** \`${key}\`." to its leading blockquote)`;
    case 'home/missing':
      return `${key} -> ${h}`;
  }
}

/** The entry line of a family-level failure. */
export function familyEntryLine(key: string, f: FamilyFinding): string {
  switch (f.ruleId) {
    case 'home/schema-only':
      return `${key} -> schema-only (a schema MAY co-point; it MUST NOT be the sole home)`;
    case 'home/ext-only':
      return `${key} -> ext-only (spec/v2/ext/ MAY co-point; it MUST NOT be the sole home)`;
    case 'home/unnamed':
      return `${key} (no core/ or v1 home names it — an ext co-pointer cannot carry the obligation)`;
    case 'home/no-obligation':
      return `${key} (named, but no MUST/SHOULD/MAY in a paragraph, list item or table row that names it, nor under a section titled for it)`;
  }
}

const WHAT: Record<DocumentRef['what'], string> = {
  banner: 'the Status banner',
  marker: 'the reciprocal marker',
  document: 'the home document',
};

const relatedOf = (ref: DocumentRef | undefined): RelatedLocation[] =>
  ref ? [{ file: ref.file, start: ref.start, message: WHAT[ref.what] }] : [];

/** What a home finding is about and explains (see linkCauses): a missing path explains every other report of it. */
function causes(f: FamilyResult, h: HomeResult, finding: HomeFinding): Partial<Diagnostic> {
  const subjects = [`family:${f.key}`];
  if (finding.ruleId === 'home/unclaimed') subjects.push(`claim:${h.path}`);
  return { subjects, ...(finding.ruleId === 'home/missing' && { explains: [`path:${h.path}`] }) };
}

/**
 * Where an unclaimed home is fixed: in the document, at its marker (where the key is added), else at
 * its leading blockquote (where a marker goes), else at its first line. Only these documents are
 * read again, and only on a failing run.
 */
export async function claimSites(tree: SpecTree, c: Classification): Promise<Map<string, Point>> {
  const sites = new Map<string, Point>();
  for (const f of c.families) {
    for (const h of f.homes) {
      const ref = h.finding?.ruleId === 'home/unclaimed' ? h.related : undefined;
      if (!ref || sites.has(ref.file)) continue;
      if (ref.what === 'marker') sites.set(ref.file, ref.start);
      else {
        const quote = headerRegion((await tree.markdown(ref.file)).root).find((n) => n.type === 'blockquote');
        const at = quote?.position?.start;
        sites.set(ref.file, at ? { line: at.line, column: at.column } : { line: 1, column: 1 });
      }
    }
  }
  return sites;
}

/** At the declaration's entry, with the document as related; an unclaimed home the other way round. */
function homeLocation(file: string, f: FamilyResult, h: HomeResult, sites: ReadonlyMap<string, Point>): Location {
  const site = h.finding?.ruleId === 'home/unclaimed' ? sites.get(h.path) : undefined;
  if (!site) return { file, start: h.at.start, end: h.at.end, related: relatedOf(h.related) };
  return {
    file: h.path,
    start: site,
    related: [{ file, start: h.at.start, message: `${f.key}'s normativeText entry` }],
  };
}

function homeEntry(
  file: string,
  f: FamilyResult,
  h: HomeResult,
  finding: HomeFinding,
  sites: ReadonlyMap<string, Point>,
): Entry {
  const data = { key: f.key, path: h.path, ...finding };
  const diagnostic = rules.diagnostic(finding.ruleId, data, homeLocation(file, f, h, sites), causes(f, h, finding));
  return { line: homeEntryLine(f.key, h.path, finding), diagnostic };
}

/** A family-level failure sits at its normativeText and points at the homes it looked at. */
function familyEntry(file: string, f: FamilyResult, finding: FamilyFinding): Entry {
  const looked = f.homes.filter((h) =>
    finding.ruleId === 'home/ext-only' ? h.class === 'ext' : h.class === 'core' || h.class === 'v1',
  );
  const related = looked.map((h) => ({ file: h.path, start: { line: 1, column: 1 }, message: `a home of ${f.key}` }));
  const diagnostic = rules.diagnostic(
    finding.ruleId,
    { key: f.key },
    { file, start: f.normativeText.at.start, end: f.normativeText.at.end, related },
    { subjects: [`family:${f.key}`] },
  );
  return { line: familyEntryLine(f.key, finding), diagnostic };
}

/**
 * The predicate block's entries, grouped and ordered by failure class (within a group:
 * declaration order, then normativeText order), and the missing block's entries.
 */
export function blockEntries(
  c: Classification,
  sites: ReadonlyMap<string, Point>,
): { predicate: Entry[]; missing: Entry[] } {
  const predicate: Entry[] = [];
  for (const group of GROUPS) {
    for (const f of c.families) {
      for (const h of f.homes)
        if (h.finding && group.has(h.finding.ruleId)) predicate.push(homeEntry(c.file, f, h, h.finding, sites));
      if (f.finding && group.has(f.finding.ruleId)) predicate.push(familyEntry(c.file, f, f.finding));
    }
  }
  const missing: Entry[] = [];
  for (const f of c.families)
    for (const h of f.homes)
      if (h.finding?.ruleId === 'home/missing') missing.push(homeEntry(c.file, f, h, h.finding, sites));
  return { predicate, missing };
}

/** The colon moved inside the bold text; the other near misses need a person to say where the marker goes. */
function nearMissFix(m: Classification['nearMisses'][number]): Pick<Diagnostic, 'fix'> {
  const start = m.start.offset;
  const end = m.end.offset;
  if (m.kind !== 'colon-outside' || start === undefined || end === undefined) return {};
  return { fix: [{ file: m.file, start, end: end + 1, before: '**Normative home**:', text: '**Normative home:**' }] };
}

/** Findings that are not block entries: stray and duplicate rows, near misses, uncovered facets. */
export function classificationDiagnostics(c: Classification): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const s of c.stray)
    out.push(
      rules.diagnostic(
        'home/stray-family',
        { key: s.key, pointer: s.pointer },
        { file: c.file, start: s.at.start, end: s.at.end },
      ),
    );
  for (const d of c.duplicates)
    out.push(
      rules.diagnostic(
        'home/duplicate-family',
        { key: d.key, first: d.first },
        { file: c.file, start: d.at.start, end: d.at.end },
        { subjects: [`family:${d.key}`] },
      ),
    );
  // A near miss is why its document claims nothing: it explains that document's unclaimed homes.
  for (const m of c.nearMisses) {
    out.push(
      rules.diagnostic(
        'home/marker-near-miss',
        { kind: m.kind },
        { file: m.file, start: m.start, end: m.end },
        { explains: [`claim:${m.file}`], ...nearMissFix(m) },
      ),
    );
  }
  for (const f of c.families) {
    for (const facet of f.facets) {
      if (facet.covered) continue;
      const related = f.homes
        .filter((h) => h.class === 'core' || h.class === 'ext' || h.class === 'v1')
        .map((h) => ({ file: h.path, start: { line: 1, column: 1 }, message: `a home of ${f.key}` }));
      const causes = { subjects: [`family:${f.key}`], explains: ['ratchet:facetsUncovered'] };
      out.push(
        rules.diagnostic(
          'home/facet-uncovered',
          { key: f.key, facet: facet.name },
          { file: c.file, start: facet.at.start, end: facet.at.end, related },
          causes,
        ),
      );
    }
  }
  return out;
}
