// Root causes: one mistake often breaks several rules (a misspelled family key fails its section,
// its heading, its facets and its home). A finding that `explains` a subject is a root cause unless
// it follows from another; every other finding about that subject, in any gate of the run, is a
// consequence of that root.
import type { Diagnostic, DiagnosticRef, GateResult, TextEdit } from './model.js';
import { sortDiagnostics } from './order.js';
import { plural } from './text.js';

export const refOf = (d: Diagnostic): DiagnosticRef => ({
  gate: d.gate,
  ruleId: d.ruleId,
  ...(d.file !== undefined && { file: d.file }),
  ...(d.start && { start: d.start }),
});

/** A key a reference shares with the diagnostic it names (same gate, rule, file and start). */
export const refKey = (ref: DiagnosticRef): string =>
  JSON.stringify([ref.gate, ref.ruleId, ref.file ?? null, ref.start?.line ?? null, ref.start?.column ?? null]);

/**
 * Sets `causedBy` on every consequence, then settles which fixes `check --fix` makes (`settleFixes`).
 * A finding that explains something may itself follow from another (a missing § heading explains
 * the citations of it, and follows from a misspelled family key): its consequences and it follow
 * from the root at the top of that chain, so every mistake has one root. Where findings explain
 * each other in a circle, the first of the circle in sort order is the root. When several roots
 * explain a finding, the first in sort order wins. Returns copies.
 */
export function linkCauses(results: readonly GateResult[]): GateResult[] {
  const explainers = sortDiagnostics(results.flatMap((r) => r.diagnostics).filter((d) => d.explains?.length));
  if (explainers.length === 0) return settleFixes([...results]);
  const order = new Map(explainers.map((d, i) => [d, i]));
  // Each subject's first two explainers in sort order (the first may be the finding asking), so
  // finding an explainer costs the subjects named, not explainers x findings.
  const firstTwo = new Map<string, number[]>();
  explainers.forEach((r, i) => {
    for (const s of r.explains!) {
      const list = firstTwo.get(s) ?? [];
      if (list.length < 2 && list.at(-1) !== i) firstTwo.set(s, [...list, i]);
    }
  });
  /** The first other finding that explains one of `d`'s subjects. */
  const explainerOf = (d: Diagnostic): Diagnostic | undefined => {
    let best = Infinity;
    for (const s of d.subjects ?? [])
      for (const i of firstTwo.get(s) ?? [])
        if (explainers[i] !== d) {
          best = Math.min(best, i);
          break;
        }
    return best < Infinity ? explainers[best] : undefined;
  };
  const tops = new Map<Diagnostic, Diagnostic>();
  /** The root at the top of `d`'s chain of explainers (`d` itself when nothing explains it). */
  const topOf = (d: Diagnostic): Diagnostic => {
    const cached = tops.get(d);
    if (cached) return cached;
    const chain = [d];
    let next = explainerOf(d);
    while (next && !chain.includes(next)) {
      chain.push(next);
      next = explainerOf(next);
    }
    const circle = next ? chain.slice(chain.indexOf(next)) : [];
    const top = next
      ? circle.reduce((a, b) => ((order.get(b) ?? Infinity) < (order.get(a) ?? Infinity) ? b : a))
      : chain.at(-1)!;
    tops.set(d, top);
    return top;
  };
  const link = (d: Diagnostic): Diagnostic => {
    const root = topOf(d);
    return root === d ? d : { ...d, causedBy: refOf(root) };
  };
  return settleFixes(results.map((r) => ({ ...r, diagnostics: r.diagnostics.map(link) })));
}

// Findings that offer one repair usually share its edits (every stale finding of a generated file
// offers the whole regenerated file), so each edit list is keyed once.
const keys = new WeakMap<readonly TextEdit[], string>();
/** One key per repair: equal edit lists, however many findings offer them, are one repair. */
export const repairKey = (fix: readonly TextEdit[]): string => {
  let key = keys.get(fix);
  if (key === undefined) keys.set(fix, (key = JSON.stringify(fix)));
  return key;
};

const at = (d: DiagnosticRef): string =>
  d.file === undefined ? d.gate : `${d.file}:${d.start?.line ?? 1}:${d.start?.column ?? 1}`;

/**
 * Which repairs `check --fix` makes, decided once for every format and for `--fix` itself. A repair
 * (the same edits, however many findings offer it) is made when a root cause offers it and every
 * consequence offering it follows from a root that offers it too: one baseline rewrite repairs the
 * gain and the v1Carried entry that follows from it. Otherwise the value it would write stands on
 * a root cause that --fix leaves (a summary line naming a home path that does not exist, a
 * regenerated schema carrying an owningRfc no RFC has): each finding offering it loses its fix and
 * says what its repair waits for instead.
 */
function settleFixes(results: GateResult[]): GateResult[] {
  const all = results.flatMap((r) => r.diagnostics);
  const byRef = new Map<string, Diagnostic>();
  for (const d of all) if (!byRef.has(refKey(refOf(d)))) byRef.set(refKey(refOf(d)), d);
  const offers = new Map<string, Diagnostic[]>();
  for (const d of all) {
    if (!d.fix?.length) continue;
    const key = repairKey(d.fix);
    const list = offers.get(key);
    if (list) list.push(d);
    else offers.set(key, [d]);
  }
  /** Per withheld repair, the root it waits for (undefined: each finding waits for its own root). */
  const withheld = new Map<string, DiagnosticRef | undefined>();
  for (const [key, list] of offers) {
    if (!list.some((d) => !d.causedBy)) {
      withheld.set(key, undefined);
      continue;
    }
    const blocked = list.find((c) => {
      const root = c.causedBy && byRef.get(refKey(c.causedBy));
      return c.causedBy && !(root?.fix?.length && repairKey(root.fix) === key);
    });
    if (blocked) withheld.set(key, blocked.causedBy);
  }
  if (withheld.size === 0) return results;
  const settle = (d: Diagnostic): Diagnostic => {
    if (!d.fix?.length || !withheld.has(repairKey(d.fix))) return d;
    const root = d.causedBy ?? withheld.get(repairKey(d.fix))!;
    const settled: Diagnostic = {
      ...d,
      fixWaitsFor: d.causedBy
        ? `the ${root.ruleId} finding it follows from is resolved`
        : `the ${root.ruleId} finding at ${at(root)} is resolved (the same repair would write a value that stands on it)`,
    };
    delete settled.fix;
    return settled;
  };
  return results.map((r) => ({ ...r, diagnostics: r.diagnostics.map(settle) }));
}

/** How many of `diagnostics` are root causes (errors and warnings that follow from nothing else) and how many are consequences. */
export function causeCounts(diagnostics: readonly Diagnostic[]): { rootCauses: number; consequences: number } {
  const consequences = diagnostics.filter((d) => d.causedBy).length;
  const rootCauses = diagnostics.filter((d) => !d.causedBy && d.severity !== 'info').length;
  return { rootCauses, consequences };
}

/** The consequences in a list of diagnostics, by their root's refKey, sorted; built once per list. */
const consequenceIndex = new WeakMap<readonly Diagnostic[], Map<string, Diagnostic[]>>();

/**
 * The consequences of `root` among `diagnostics`, sorted. The list is indexed on first use, so asking
 * for every root's consequences costs one pass, not one per root.
 */
export function consequencesOf(root: Diagnostic, diagnostics: readonly Diagnostic[]): Diagnostic[] {
  let index = consequenceIndex.get(diagnostics);
  if (!index) {
    index = new Map();
    for (const d of diagnostics) {
      if (!d.causedBy) continue;
      const key = refKey(d.causedBy);
      const group = index.get(key);
      if (group) group.push(d);
      else index.set(key, [d]);
    }
    for (const [key, group] of index) index.set(key, sortDiagnostics(group));
    consequenceIndex.set(diagnostics, index);
  }
  return [...(index.get(refKey(refOf(root))) ?? [])];
}

/** Whether two findings sit at the same place (one finding reported by two rules). */
export const sameSpot = (
  a: { file?: string; start?: { line: number; column: number } },
  b: { file?: string; start?: { line: number; column: number } },
): boolean => a.file === b.file && a.start?.line === b.start?.line && a.start?.column === b.start?.column;

/** ` — 1 root cause, 7 consequences` when any finding follows from another; else empty. */
export function causesSuffix(diagnostics: readonly Diagnostic[]): string {
  const { rootCauses, consequences } = causeCounts(diagnostics);
  return consequences > 0 ? ` — ${plural(rootCauses, 'root cause')}, ${plural(consequences, 'consequence')}` : '';
}
