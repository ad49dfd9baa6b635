import { InputError, wrap } from '@openwop-spec/diagnostics';
import type { Diagnostic, GateResult, ReportLine } from '@openwop-spec/diagnostics';
import { command } from '@openwop-spec/spec-tree';
import { classifyCoreFamilies } from '@openwop-spec/families';
import type { Classification, ClassificationCounts, FamilyResult } from '@openwop-spec/families';
import type { GateOptions } from '@openwop-spec/gate-api';
import type { SpecTree } from '@openwop-spec/spec-tree';
import { daysBetween } from './dates.js';
import { GATE_ID } from './id.js';
import { loadBaseline, loadEos } from './inputs.js';
import type { Baseline, EosClock } from './inputs.js';
import { bankFix, ratchets } from './rules/baseline.js';
import { staleBanners, v1CarriedBlock } from './rules/carried.js';
import { claimFindings, nearMissDiagnostics } from './rules/claims.js';
import { burnDown, carriedIntegrity, deadlineChecked } from './rules/deadline.js';
import { facetDiagnostics } from './rules/facets.js';
import { blockEntries, findingSites } from './rules/homes.js';
import type { Entry } from './rules/homes.js';
import { rowDiagnostics } from './rules/rows.js';

export const HEADER = '=== check-v2-normative-home — does every core family survive v1 EOS? ===';
export const OK_LINE = '\n=== check-v2-normative-home OK — pointers resolve; ratchets at baseline ===';
export const failedLine = (errors: number): string => `=== check-v2-normative-home FAILED — ${errors} error(s) ===`;

export function countsLine(c: ClassificationCounts): string {
  const base = `  ${c.core} core families: ${c.resolved} resolved, ${c.v1Dependent} v1-dependent, ${c.undeclared} undeclared`;
  return c.failing > 0 ? `${base}, ${c.failing} failing.` : `${base}.`;
}

/** The buckets whose families are named: every bucket but resolved, in the counts line's order. */
const NAMED_BUCKETS = [
  ['v1-dependent', 'v1Dependent'],
  ['undeclared', 'undeclared'],
  ['failing', 'failing'],
] as const;
const BUCKET_WIDTH = 100;

/** The families of each bucket that is not resolved and not empty, in declaration order: `v1Dependent: [keys]`. */
export function bucketKeys(c: Classification): Record<(typeof NAMED_BUCKETS)[number][1], string[]> {
  const of = (bucket: string): string[] => c.families.filter((f) => f.bucket === bucket).map((f) => f.key);
  return { v1Dependent: of('v1-dependent'), undeclared: of('undeclared'), failing: of('failing') };
}

/**
 * Under the counts line, the names behind each count that is not resolved, wrapped at 100 columns:
 * `    v1-dependent (41): toolHooks, multiAgent, …` with continuation lines indented under them.
 */
export function bucketLines(c: Classification): string[] {
  const keys = bucketKeys(c);
  return NAMED_BUCKETS.flatMap(([label, field]) => {
    if (keys[field].length === 0) return [];
    const [first, ...rest] = wrap(`${label} (${keys[field].length}): ${keys[field].join(', ')}`, BUCKET_WIDTH - 6);
    return [`    ${first!}`, ...rest.map((l) => `      ${l}`)];
  });
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
export const uncarriedOf = (m: Measured, b: Baseline | undefined): FamilyResult[] => {
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
  for (const l of bucketLines(c)) r.line(l);
  const { predicate, missing } = blockEntries(c, await findingSites(tree, c));
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
    // The names behind each count that is not resolved, as the report lines print them.
    buckets: bucketKeys(c),
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

/** Findings that are not block entries: stray and duplicate rows, near misses, uncovered facets. */
export function classificationDiagnostics(c: Classification): Diagnostic[] {
  return [...rowDiagnostics(c), ...nearMissDiagnostics(c), ...facetDiagnostics(c)];
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
      `${file} does not exist; run ${command('normative-home --write-baseline')}`,
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
