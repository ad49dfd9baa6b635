import { InputError, wrap } from '@openwop-spec/diagnostics';
import type { Diagnostic, GateResult, PrintoutLine } from '@openwop-spec/diagnostics';
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

export function countsLine(counts: ClassificationCounts): string {
  const base = `  ${counts.core} core families: ${counts.resolved} resolved, ${counts.v1Dependent} v1-dependent, ${counts.undeclared} undeclared`;
  return counts.failing > 0 ? `${base}, ${counts.failing} failing.` : `${base}.`;
}

/** The buckets whose families are named: every bucket but resolved, in the counts line's order. */
const NAMED_BUCKETS = [
  ['v1-dependent', 'v1Dependent'],
  ['undeclared', 'undeclared'],
  ['failing', 'failing'],
] as const;
const BUCKET_WIDTH = 100;

/** The families of each bucket that is not resolved and not empty, in declaration order: `v1Dependent: [keys]`. */
export function bucketKeys(classification: Classification): Record<(typeof NAMED_BUCKETS)[number][1], string[]> {
  const of = (bucket: string): string[] =>
    classification.families.filter((family) => family.bucket === bucket).map((family) => family.key);
  return { v1Dependent: of('v1-dependent'), undeclared: of('undeclared'), failing: of('failing') };
}

/**
 * Under the counts line, the names behind each count that is not resolved, wrapped at 100 columns:
 * `    v1-dependent (41): toolHooks, multiAgent, …` with continuation lines indented under them.
 */
export function bucketLines(classification: Classification): string[] {
  const keys = bucketKeys(classification);
  return NAMED_BUCKETS.flatMap(([label, field]) => {
    if (keys[field].length === 0) return [];
    const [first, ...rest] = wrap(`${label} (${keys[field].length}): ${keys[field].join(', ')}`, BUCKET_WIDTH - 6);
    return [`    ${first!}`, ...rest.map((text) => `      ${text}`)];
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

export function measured(classification: Classification): Measured {
  return {
    classification,
    v1Dependent: classification.families.filter((family) => family.bucket === 'v1-dependent'),
    undeclared: classification.families.filter((family) => family.bucket === 'undeclared'),
    uncovered: classification.families.flatMap((family) => family.uncovered),
  };
}

/** v1-dependent families the baseline does not carry past v1's end of support. */
export const uncarriedOf = (state: Measured, baseline: Baseline | undefined): FamilyResult[] => {
  const carried = new Set(baseline?.v1Carried ?? []);
  return state.v1Dependent.filter((family) => !carried.has(family.key));
};

/** Accumulates printout lines and diagnostics, then closes with the parity line. */
export class ResultBuilder {
  readonly lines: PrintoutLine[] = [];
  readonly diagnostics: Diagnostic[] = [];
  line(text: string): void {
    this.lines.push({ text });
  }
  result(figures: Record<string, unknown>, summary?: string): GateResult {
    const errors = this.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length;
    return {
      gate: GATE_ID,
      ok: errors === 0,
      exitCode: errors === 0 ? 0 : 1,
      summaryLine: summary ?? (errors === 0 ? OK_LINE : failedLine(errors)),
      printout: this.lines,
      figures,
      diagnostics: this.diagnostics,
    };
  }
}

/**
 * Header, counts, and the predicate and missing blocks. Returns false
 * when either block was printed: the buckets are then incomplete and nothing after them runs.
 */
export async function printClassification(
  out: ResultBuilder,
  tree: SpecTree,
  classification: Classification,
): Promise<boolean> {
  out.line(HEADER);
  out.line(countsLine(classification.counts));
  for (const text of bucketLines(classification)) out.line(text);
  const { predicate, missing } = blockEntries(classification, await findingSites(tree, classification));
  const block = (heading: string, entries: readonly Entry[], trailer: string): void => {
    if (entries.length === 0) return;
    out.line('');
    out.line(heading);
    for (const entry of entries) {
      out.line(`    ${entry.line}`);
      out.diagnostics.push(entry.diagnostic);
    }
    out.line(trailer);
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
  state: Measured,
  eos: EosClock,
  today: string,
  baseline: Baseline | undefined,
): Record<string, unknown> {
  const classification = state.classification;
  return {
    counts: { ...classification.counts },
    // The names behind each count that is not resolved, as the printout shows them.
    buckets: bucketKeys(classification),
    families: classification.families.map((family) => ({
      key: family.key,
      bucket: family.bucket,
      homes: family.homes.map((home) => ({
        path: home.path,
        class: home.class ?? null,
        ...(home.claim ? { line: home.claim.start.line, column: home.claim.start.column } : {}),
      })),
      facets: family.facets.map((facet) => ({ name: facet.name, covered: facet.covered })),
    })),
    facetsUncovered: state.uncovered,
    eos: eos.date ? { date: eos.date, days: daysBetween(today, eos.date) } : null,
    baseline: baseline ? baseline.value : null,
    measured: {
      v1Dependent: state.v1Dependent.length,
      undeclared: state.undeclared.length,
      facetsUncovered: state.uncovered.length,
      v1Carried: state.v1Dependent.map((family) => family.key),
    },
    // What the burn-down counts as open (--deadline): no declared home, or a v1 home the baseline does not carry.
    open: state.undeclared.length + uncarriedOf(state, baseline).length,
  };
}

/** Findings that are not block entries: stray and duplicate rows, near misses, uncovered facets. */
export function classificationDiagnostics(classification: Classification): Diagnostic[] {
  return [
    ...rowDiagnostics(classification),
    ...nearMissDiagnostics(classification),
    ...facetDiagnostics(classification),
  ];
}

/** All inputs, loaded and validated before any line is printed. */
export async function loadInputs(
  tree: SpecTree,
  requireBaseline: boolean,
): Promise<{ classification: Classification; baseline?: Baseline; eos: EosClock }> {
  const classification = await classifyCoreFamilies(tree);
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
  return { classification, ...(baseline ? { baseline } : {}), eos };
}

export async function checkNormativeHome(tree: SpecTree, options: GateOptions): Promise<GateResult> {
  const deadline = options.flags.has('--deadline');
  const { classification, baseline: loaded, eos } = await loadInputs(tree, true);
  const baseline = loaded!;
  const today = options.today;
  const eosDate = eos.date;
  if (deadline && eosDate !== undefined && baseline.t0 !== undefined && eosDate <= baseline.t0) {
    throw new InputError(
      `${baseline.file}: t0 ${baseline.t0} is not before the v1 end-of-support date ${eosDate}, so the burn-down has no span`,
      { file: baseline.file, start: baseline.doc.locate('/t0').start },
    );
  }
  const state = measured(classification);
  const out = new ResultBuilder();
  const complete = await printClassification(out, tree, classification);
  for (const d of classificationDiagnostics(classification)) out.diagnostics.push(d);
  const data = figures(state, eos, today, baseline);
  if (!complete) {
    for (const d of await claimFindings(tree, classification)) out.diagnostics.push(d);
    return out.result(data);
  }

  const uncarried = uncarriedOf(state, baseline);
  const open = state.undeclared.length + uncarried.length;
  for (const d of await claimFindings(tree, classification, unsettled(state, baseline))) out.diagnostics.push(d);
  if (eosDate !== undefined) {
    out.line(`  v1 end-of-support not before ${eosDate} — ${daysBetween(today, eosDate)} day(s) from ${today}.`);
    if (open > 0)
      out.line(
        `  ${state.undeclared.length} famil(ies) have NO declared home; ${state.v1Dependent.length} declare one that dies with v1.`,
      );
  }
  const bank = bankFix(tree, state, baseline, today);
  v1CarriedBlock(out, state, baseline, bank);
  staleBanners(out, tree, state, baseline, bank);
  if (deadline) {
    const afterEos = eosDate !== undefined && today >= eosDate;
    const integrity = carriedIntegrity(out, state, baseline, eosDate, afterEos, uncarried);
    const schedule = afterEos ? undefined : burnDown(out, baseline, eos, today, open);
    data['deadline'] = { today, afterEos, carried: integrity, burnDown: schedule ?? null };
    out.line(deadlineChecked(today, eosDate, afterEos, integrity, schedule));
  }
  ratchets(out, state, baseline, bank);
  return out.result(data);
}

/**
 * Core families whose claims are not read against the declaration: open debt the baseline does not
 * settle. A family with no home (the undeclared ratchet counts it), a v1 home not yet carried
 * (home/v1carried-missing), or any v1 home while the debt grew (home/ratchet-grew): those findings
 * come first, and undoing the change they report settles the claim too.
 */
function unsettled(state: Measured, baseline: Baseline): Set<string> {
  const carried = new Set(baseline.v1Carried);
  const grew = state.undeclared.length + state.v1Dependent.length > baseline.undeclared + baseline.v1Dependent;
  const open = state.v1Dependent.filter((family) => grew || !carried.has(family.key));
  return new Set([...state.undeclared, ...open].map((family) => family.key));
}
