import { InputError } from '@openwop-spec/diagnostics';
import type { Diagnostic, GateResult, ReportLine } from '@openwop-spec/diagnostics';
import { escapePointerToken } from '@openwop-spec/json';
import { classifyCoreFamilies } from '@openwop-spec/spec-tree';
import type { Classification, ClassificationCounts, FamilyResult, SpecTree } from '@openwop-spec/spec-tree';
import type { GateOptions } from '@openwop-spec/gate-api';
import { daysBetween } from './dates.js';
import { bankedBaseline } from './banked.js';
import { claimFindings } from './claims.js';
import { blockEntries, claimSites, classificationDiagnostics } from './entries.js';
import type { Entry } from './entries.js';
import { loadBaseline, loadEos } from './inputs.js';
import type { Baseline, EosClock } from './inputs.js';
import { GATE_ID, rules } from './rules.js';
import type { Grown } from './rules.js';

export const HEADER = '=== check-v2-normative-home — does every core family survive v1 EOS? ===';
export const OK_LINE = '\n=== check-v2-normative-home OK — pointers resolve; ratchets at baseline ===';
export const failedLine = (errors: number): string => `=== check-v2-normative-home FAILED — ${errors} error(s) ===`;

export function countsLine(c: ClassificationCounts): string {
  const base = `  ${c.core} core families: ${c.resolved} resolved, ${c.v1Dependent} v1-dependent, ${c.undeclared} undeclared`;
  return c.failing > 0 ? `${base}, ${c.failing} failing.` : `${base}.`;
}

/** The measured state the ratchets and the baseline writer compare against. */
export interface Measured {
  classification: Classification;
  /** v1-dependent families, in declaration order. */
  v1Dependent: FamilyResult[];
  undeclared: FamilyResult[];
  /** Uncovered facets as `key.facet`, in declaration order. */
  uncovered: string[];
}

export function measured(c: Classification): Measured {
  return {
    classification: c,
    v1Dependent: c.families.filter((f) => f.bucket === 'v1-dependent'),
    undeclared: c.families.filter((f) => f.bucket === 'undeclared'),
    uncovered: c.families.flatMap((f) => f.uncovered),
  };
}

/** v1-dependent families the baseline does not carry past v1's end of support. */
const uncarriedOf = (m: Measured, b: Baseline | undefined): FamilyResult[] => {
  const carried = new Set(b?.v1Carried ?? []);
  return m.v1Dependent.filter((f) => !carried.has(f.key));
};

/** Accumulates report lines and diagnostics, then closes with the parity line. */
export class Report {
  readonly lines: ReportLine[] = [];
  readonly diagnostics: Diagnostic[] = [];
  line(text: string): void {
    this.lines.push({ text });
  }
  result(figures: Record<string, unknown>, summary?: string): GateResult {
    const errors = this.diagnostics.filter((d) => d.severity === 'error').length;
    return {
      gate: GATE_ID,
      ok: errors === 0,
      exitCode: errors === 0 ? 0 : 1,
      summaryLine: summary ?? (errors === 0 ? OK_LINE : failedLine(errors)),
      report: this.lines,
      figures,
      diagnostics: this.diagnostics,
    };
  }
}

/**
 * Header, counts, and the predicate and missing blocks. Returns false
 * when either block was printed: the buckets are then incomplete and nothing after them runs.
 */
export async function reportClassification(r: Report, tree: SpecTree, c: Classification): Promise<boolean> {
  r.line(HEADER);
  r.line(countsLine(c.counts));
  const { predicate, missing } = blockEntries(c, await claimSites(tree, c));
  const block = (heading: string, entries: readonly Entry[], trailer: string): void => {
    if (entries.length === 0) return;
    r.line('');
    r.line(heading);
    for (const e of entries) {
      r.line(`    ${e.line}`);
      r.diagnostics.push(e.diagnostic);
    }
    r.line(trailer);
  };
  block(
    `  FAIL — ${predicate.length} normativeText declaration(s) do not carry their family's behaviour:`,
    predicate,
    '  A declared home must name the family and carry an RFC 2119 obligation about it in the same unit.',
  );
  block(
    `  FAIL — ${missing.length} normativeText path(s) do not exist:`,
    missing,
    '  A pointer to a missing file is worse than no pointer: it reads as resolved.',
  );
  return predicate.length === 0 && missing.length === 0;
}

/** The gate's JSON `data`: what `--format json` reports as its figures. */
export function figures(
  m: Measured,
  eos: EosClock,
  today: string,
  baseline: Baseline | undefined,
): Record<string, unknown> {
  const c = m.classification;
  return {
    counts: { ...c.counts },
    families: c.families.map((f) => ({
      key: f.key,
      bucket: f.bucket,
      homes: f.homes.map((h) => ({
        path: h.path,
        class: h.class ?? null,
        ...(h.claim ? { line: h.claim.start.line, column: h.claim.start.column } : {}),
      })),
      facets: f.facets.map((x) => ({ name: x.name, covered: x.covered })),
    })),
    facetsUncovered: m.uncovered,
    eos: eos.date ? { date: eos.date, days: daysBetween(today, eos.date) } : null,
    baseline: baseline ? baseline.value : null,
    measured: {
      v1Dependent: m.v1Dependent.length,
      undeclared: m.undeclared.length,
      facetsUncovered: m.uncovered.length,
      v1Carried: m.v1Dependent.map((f) => f.key),
    },
    // What the burn-down counts as open (--deadline): no declared home, or a v1 home the baseline does not carry.
    open: m.undeclared.length + uncarriedOf(m, baseline).length,
  };
}

/** All inputs, loaded and validated before any line is printed. */
export async function loadInputs(
  tree: SpecTree,
  requireBaseline: boolean,
): Promise<{ c: Classification; baseline?: Baseline; eos: EosClock }> {
  const c = await classifyCoreFamilies(tree);
  const baseline = loadBaseline(tree);
  if (!baseline && requireBaseline) {
    const file = `${tree.paths.docs}/normative-home-baseline.json`;
    throw new InputError(
      `${file} does not exist; run openwop-spec normative-home --write-baseline`,
      { file },
      'input/missing',
    );
  }
  const eos = loadEos(tree);
  return { c, ...(baseline ? { baseline } : {}), eos };
}

export async function checkNormativeHome(tree: SpecTree, options: GateOptions): Promise<GateResult> {
  const deadline = options.flags.has('--deadline');
  const { c, baseline, eos } = await loadInputs(tree, true);
  const b = baseline!;
  const T = options.today;
  const E = eos.date;
  if (deadline && E !== undefined && b.t0 !== undefined && E <= b.t0) {
    throw new InputError(
      `${b.file}: t0 ${b.t0} is not before the v1 end-of-support date ${E}, so the burn-down has no span`,
      { file: b.file, start: b.doc.locate('/t0').start },
    );
  }
  const m = measured(c);
  const r = new Report();
  const complete = await reportClassification(r, tree, c);
  r.diagnostics.push(...classificationDiagnostics(c));
  const data = figures(m, eos, T, b);
  if (!complete) {
    r.diagnostics.push(...(await claimFindings(tree, c)));
    return r.result(data);
  }

  const uncarried = uncarriedOf(m, b);
  const open = m.undeclared.length + uncarried.length;
  r.diagnostics.push(...(await claimFindings(tree, c, unsettled(m, b))));
  if (E !== undefined) {
    r.line(`  v1 end-of-support not before ${E} — ${daysBetween(T, E)} day(s) from ${T}.`);
    if (open > 0)
      r.line(
        `  ${m.undeclared.length} famil(ies) have NO declared home; ${m.v1Dependent.length} declare one that dies with v1.`,
      );
  }
  const bank = bankFix(tree, m, b, T);
  v1CarriedBlock(r, m, b, bank);
  staleBanners(r, tree, m, b, bank);
  if (deadline) {
    const afterEos = E !== undefined && T >= E;
    const integrity = carriedIntegrity(r, m, b, E, afterEos, uncarried);
    const schedule = afterEos ? undefined : burnDown(r, b, eos, T, open);
    data['deadline'] = { today: T, afterEos, carried: integrity, burnDown: schedule ?? null };
    r.line(deadlineChecked(T, E, afterEos, integrity, schedule));
  }
  ratchets(r, m, b, bank);
  return r.result(data);
}

/**
 * Core families whose claims are not read against the declaration: open debt the baseline does not
 * settle. A family with no home (the undeclared ratchet counts it), a v1 home not yet carried
 * (home/v1carried-missing), or any v1 home while the debt grew (home/ratchet-grew): those findings
 * come first, and undoing the change they report settles the claim too.
 */
function unsettled(m: Measured, b: Baseline): Set<string> {
  const carried = new Set(b.v1Carried);
  const grew = m.undeclared.length + m.v1Dependent.length > b.undeclared + b.v1Dependent;
  const open = m.v1Dependent.filter((f) => grew || !carried.has(f.key));
  return new Set([...m.undeclared, ...open].map((f) => f.key));
}

/** What the carried-target integrity check looked at. */
interface Integrity {
  /** Carried families that are still v1-dependent. */
  families: number;
  /** Their v1 homes, each compared with its recorded banner, and the documents those are. */
  homes: number;
  documents: number;
  /** Entries the fallback would not (or, after EOS, does not) cover. */
  uncovered: number;
}

/** The burn-down's inputs and result: allowed = ceil(openAtT0 × daysLeft / span). */
interface Schedule {
  open: number;
  allowed: number;
  openAtT0: number;
  t0: string;
  daysLeft: number;
  span: number;
}

/** The last line of a --deadline run: what it checked, so a passing run is not silent. */
function deadlineChecked(
  T: string,
  E: string | undefined,
  afterEos: boolean,
  integrity: Integrity,
  schedule: Schedule | undefined,
): string {
  const when =
    E === undefined
      ? `as of ${T}; end-of-support date unknown`
      : `as of ${T}, ${afterEos ? 'on or after' : 'before'} end-of-support ${E}`;
  const what = `${integrity.families} carried famil(ies), ${integrity.homes} v1 home(s) in ${integrity.documents} document(s) against v1Banners${afterEos ? ', undeclared and uncarried families' : ''}`;
  const verdict =
    integrity.uncovered === 0
      ? afterEos
        ? 'all covered'
        : 'all would be covered'
      : `${integrity.uncovered} not covered`;
  const schedulePart = afterEos
    ? 'burn-down ended at end-of-support'
    : schedule
      ? `burn-down ${schedule.open} open ${schedule.open <= schedule.allowed ? '≤' : '>'} ${schedule.allowed} allowed`
      : 'burn-down not scheduled';
  return `  --deadline (${when}) checked: ${what} — ${verdict}; ${schedulePart}.`;
}

/**
 * `check --fix` banks the baseline (as --write-baseline does) only when that loses nothing: no
 * ratchet grew and every v1-dependent family is already carried (carrying one is a decision).
 */
function bankFix(tree: SpecTree, m: Measured, b: Baseline, today: string): Pick<Diagnostic, 'fix'> {
  const grew =
    m.undeclared.length > b.undeclared ||
    m.undeclared.length + m.v1Dependent.length > b.undeclared + b.v1Dependent ||
    m.uncovered.length > b.facetsUncovered;
  const carried = new Set(b.v1Carried);
  if (grew || m.v1Dependent.some((f) => !carried.has(f.key))) return {};
  const before = tree.text(b.file);
  const text = bankedBaseline(m, b, today).text;
  return text === before ? {} : { fix: [{ file: b.file, start: 0, end: before.length, before, text }] };
}

/**
 * A v1Banners entry for a document that is no longer the v1 home of any family is stale; and a v1
 * document that is no home but whose Status banner still says v2 reads it misleads its readers.
 */
function staleBanners(r: Report, tree: SpecTree, m: Measured, b: Baseline, bank: Pick<Diagnostic, 'fix'>): void {
  const homes = new Set(
    m.classification.families.flatMap((f) => f.homes.filter((h) => h.class === 'v1').map((h) => h.path)),
  );
  for (const path of Object.keys(b.v1Banners ?? {})) {
    if (homes.has(path)) continue;
    const range = b.doc.locateKey(`/v1Banners/${escapePointerToken(path)}`);
    r.diagnostics.push(
      rules.diagnostic(
        'home/v1banners-stale',
        { path },
        { file: b.file, start: range.start, end: range.end },
        { subjects: ['baseline:v1Banners'], ...bank },
      ),
    );
  }
  for (const doc of tree.list(`${tree.paths.spec}/v1`)) {
    if (doc.kind !== 'file' || !doc.name.endsWith('.md') || homes.has(doc.path)) continue;
    // Most documents never say it: those are searched in their bytes and never decoded.
    if (!tree.includes(doc.path, V2_READS_WORDS)) continue;
    const at = V2_READS.exec(tree.text(doc.path));
    if (at)
      r.diagnostics.push(
        rules.diagnostic(
          'home/v1-banner-reads',
          { path: doc.path },
          { file: doc.path, start: pointAt(at.input, at.index + at[1]!.length) },
        ),
      );
  }
}

/** A Status banner line (in the leading blockquote) that says v2 reads the document; group 1 is what precedes the words. */
const V2_READS = /^(>[^\n]*\*\*Status[^\n]*?)v2 reads it/m;
/** The words V2_READS cannot match without. */
const V2_READS_WORDS = 'v2 reads it';

/** The 1-based line and column of a UTF-16 offset. */
function pointAt(text: string, offset: number): { line: number; column: number; offset: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n'), offset };
}

/** v1Carried must equal the v1-dependent set, always (upstream only with a known date). */
function v1CarriedBlock(r: Report, m: Measured, b: Baseline, bank: Pick<Diagnostic, 'fix'>): void {
  const dependent = new Set(m.v1Dependent.map((f) => f.key));
  const listed = new Set(b.v1Carried);
  const missing = m.v1Dependent.filter((f) => !listed.has(f.key));
  const stale = b.v1Carried.map((key, j) => ({ key, j })).filter((x) => !dependent.has(x.key));
  if (missing.length === 0 && stale.length === 0) return;
  r.line('');
  r.line(`  FAIL — ${b.file} \`v1Carried\` does not match the`);
  r.line('  computed v1-dependent set, and `v1Carried` is what the RFC 0189 §D fallback covers:');
  const at = (pointer: string) => {
    const range = b.doc.locate(pointer);
    return { file: b.file, start: range.start, end: range.end };
  };
  for (const f of missing) {
    r.line(`    ${f.key}: v1-dependent but NOT listed — the fallback would not cover it`);
    const v1 = f.homes
      .filter((h) => h.class === 'v1')
      .map((h) => ({ file: h.path, start: h.banner?.start ?? { line: 1, column: 1 }, message: `${f.key}'s v1 home` }));
    r.diagnostics.push(
      rules.diagnostic(
        'home/v1carried-missing',
        { key: f.key, file: b.file },
        { ...at('/v1Carried'), related: v1 },
        { subjects: ['baseline:v1Carried'] },
      ),
    );
  }
  for (const { key, j } of stale) {
    r.line(`    ${key}: listed but no longer v1-dependent — remove it`);
    r.diagnostics.push(
      rules.diagnostic('home/v1carried-stale', { key }, at(`/v1Carried/${j}`), {
        subjects: ['baseline:v1Carried'],
        ...bank,
      }),
    );
  }
}

interface CoverItem {
  lines: string[];
  diagnostic: (severity: 'home/eos-not-covered' | 'home/eos-preview', date: string) => Diagnostic;
}

/**
 * Carried-target integrity, under --deadline: after EOS an error block that also
 * lists undeclared and uncarried families (or the §D fallback line when it lists nothing); before
 * EOS, or with the date unknown, a warning preview of the integrity entries.
 */
function carriedIntegrity(
  r: Report,
  m: Measured,
  b: Baseline,
  E: string | undefined,
  afterEos: boolean,
  uncarried: readonly FamilyResult[],
): Integrity {
  const carried = new Set(b.v1Carried);
  const banners = b.v1Banners ?? {};
  const items: CoverItem[] = [];
  const inBaseline = (pointer: string) => {
    const range = b.doc.locate(pointer);
    return { file: b.file, start: range.start, end: range.end };
  };
  const item = (
    text: string,
    extra: string[],
    at: ReturnType<typeof inBaseline>,
    related: Diagnostic['related'] = [],
  ): CoverItem => ({
    lines: [`    ${text}`, ...extra],
    diagnostic: (id, date) =>
      rules.diagnostic(id, { item: [text, ...extra.map((l) => l.trim())].join('; '), date }, { ...at, related }),
  });
  if (afterEos) {
    for (const f of m.undeclared)
      items.push(
        item(`${f.key} (no declared home)`, [], { file: m.classification.file, start: f.at.start, end: f.at.end }),
      );
    for (const f of uncarried)
      items.push(item(`${f.key} (v1-dependent but not in v1Carried)`, [], inBaseline('/v1Carried')));
  }
  const checked = { families: 0, homes: 0 };
  const documents = new Set<string>();
  for (const f of m.v1Dependent) {
    if (!carried.has(f.key)) continue;
    checked.families++;
    for (const h of f.homes) {
      if (h.class !== 'v1') continue;
      checked.homes++;
      documents.add(h.path);
      const pointer = `/v1Banners/${escapePointerToken(h.path)}`;
      const related = [
        {
          file: h.path,
          start: h.banner?.start ?? { line: 1, column: 1 },
          message: h.banner ? 'the current Status banner' : 'the carried v1 document',
        },
      ];
      const recorded = Object.hasOwn(banners, h.path) ? banners[h.path] : undefined;
      if (!h.banner) items.push(item(`${f.key} -> ${h.path} (no Status banner)`, [], inBaseline(pointer), related));
      else if (recorded === undefined)
        items.push(
          item(
            `${f.key} -> ${h.path} (carried with no recorded banner — add it to v1Banners)`,
            [],
            inBaseline(pointer),
            related,
          ),
        );
      else if (recorded !== h.banner.line) {
        items.push(
          item(
            `${f.key} -> ${h.path} (Status banner CHANGED since it was carried)`,
            [`      was: ${recorded}`, `      now: ${h.banner.line}`],
            inBaseline(pointer),
            related,
          ),
        );
      }
    }
  }
  const integrity = { ...checked, documents: documents.size, uncovered: items.length };
  if (afterEos) {
    r.line('');
    if (items.length === 0) {
      r.line(`  §D fallback applies: spec/v1/ is frozen but operative for the ${checked.families} carried famil(ies).`);
      return integrity;
    }
    r.line(`  FAIL — v1 end-of-support (${E}) has passed and the §D fallback does NOT cover:`);
  } else {
    if (items.length === 0) return integrity;
    r.line('');
    r.line('  WARN — at v1 end-of-support the §D fallback would NOT cover:');
  }
  for (const i of items) {
    for (const l of i.lines) r.line(l);
    r.diagnostics.push(i.diagnostic(afterEos ? 'home/eos-not-covered' : 'home/eos-preview', E ?? 'unknown'));
  }
  return integrity;
}

/**
 * The burn-down, only under --deadline and before EOS: how many families may still be open today
 * on a straight line from openAtT0 at t0 to none at end-of-support. Printed even when nothing is
 * open, with the formula's values, so the author sees where the schedule stands.
 */
function burnDown(r: Report, b: Baseline, eos: EosClock, T: string, open: number): Schedule | undefined {
  const E = eos.date;
  if (E === undefined) {
    const start = eos.doc?.locate('/endOfSupportNotBefore').start;
    r.diagnostics.push(
      rules.diagnostic('home/eos-unknown', { file: eos.file }, { file: eos.file, ...(start ? { start } : {}) }),
    );
    r.line(`  burn-down: not scheduled — the v1 end-of-support date is unknown (${eos.file}).`);
    return undefined;
  }
  if (b.t0 === undefined) {
    r.line(`  burn-down: not scheduled — ${b.file} has no t0 (the date the schedule starts).`);
    return undefined;
  }
  const openAtT0 = b.openAtT0 ?? open;
  const daysLeft = daysBetween(T, E);
  const span = daysBetween(b.t0, E);
  const allowed = Math.ceil((openAtT0 * daysLeft) / span);
  r.line(`  burn-down: ${open} open, ${allowed} allowed at this point on the schedule (${openAtT0} at t0 ${b.t0}).`);
  r.line(
    `    allowed = ceil(openAtT0 ${openAtT0} × ${daysLeft} day(s) left / ${span} day(s) from t0 to ${E}) = ${allowed}`,
  );
  const schedule = { open, allowed, openAtT0, t0: b.t0, daysLeft, span };
  if (open <= allowed) return schedule;
  r.line('');
  r.line(`  FAIL — behind the burn-down: ${open} open, ${allowed} allowed.`);
  const range = b.doc.locate('/openAtT0');
  r.diagnostics.push(
    rules.diagnostic('home/behind-burn-down', { open, allowed }, { file: b.file, start: range.start, end: range.end }),
  );
  return schedule;
}

/** Ratchets: OK only when the measured counters equal the baseline exactly. */
export function ratchets(r: Report, m: Measured, b: Baseline, bank: Pick<Diagnostic, 'fix'> = {}): void {
  const u = m.undeclared.length;
  const v = m.v1Dependent.length;
  const f = m.uncovered.length;
  const { undeclared: U, v1Dependent: V, facetsUncovered: F } = b;
  const at = (pointer: string) => {
    const range = b.doc.locate(pointer);
    return { file: b.file, start: range.start, end: range.end };
  };
  const grew: Array<{ text: string; pointer: string; kind: Grown }> = [];
  if (u > U)
    grew.push({
      text: `undeclared ${U} -> ${u} (a core family with no declared home is new debt)`,
      pointer: '/undeclared',
      kind: 'undeclared',
    });
  if (u + v > U + V) grew.push({ text: `total open debt ${U + V} -> ${u + v}`, pointer: '/v1Dependent', kind: 'debt' });
  if (f > F) {
    const shown = m.uncovered.slice(0, 4).join(', ') + (f > 4 ? ', …' : '');
    grew.push({
      text: `facets with no normative text ${F} -> ${f} (${shown})`,
      pointer: '/facetsUncovered',
      kind: 'facets',
    });
  }
  if (grew.length > 0) {
    const items = grew.map((g) => g.text).join('; ');
    r.line('');
    r.line(`  FAIL — a ratchet grew: ${items}.`);
    r.line('  Point normativeText outside spec/v1/; a ratchet only moves down, by lowering the baseline.');
    // Debt that grew explains the v1Carried mismatch it causes; uncovered facets alone are explained by their warnings.
    const causes = grew.every((g) => g.pointer === '/facetsUncovered')
      ? { subjects: ['ratchet:facetsUncovered'] }
      : { explains: ['baseline:v1Carried'] };
    // Undeclared families also grow the total debt; saying how to undo it once is enough.
    const kinds = grew.map((g) => g.kind).filter((k) => !(k === 'debt' && u > U));
    r.diagnostics.push(rules.diagnostic('home/ratchet-grew', { items, grew: kinds }, at(grew[0]!.pointer), causes));
    return;
  }
  if (u === U && v === V && f === F) return;
  const change = `v1-dependent ${V} -> ${v}, undeclared ${U} -> ${u}${f !== F ? `, facetsUncovered ${F} -> ${f}` : ''}`;
  r.line('');
  r.line(`  Improved: ${change}.`);
  r.line(`  Lower the baseline in ${b.file} so the gain is held.`);
  const first = v !== V ? '/v1Dependent' : u !== U ? '/undeclared' : '/facetsUncovered';
  // One --write-baseline banks the gain and fixes the v1Carried and v1Banners entries it leaves stale.
  r.diagnostics.push(
    rules.diagnostic('home/baseline-improved', { change, file: b.file }, at(first), {
      explains: ['baseline:v1Carried', 'baseline:v1Banners'],
      ...bank,
    }),
  );
}
