// Root causes: one mistake often breaks several rules (a misspelled family key fails its section,
// its heading, its facets and its home). A finding that `explains` a subject is a root cause; every
// other finding about that subject, in any gate of the run, is its consequence.
import type { Diagnostic, DiagnosticRef, GateResult } from './model.js';
import { sortDiagnostics } from './order.js';
import { plural } from './text.js';

export const refOf = (d: Diagnostic): DiagnosticRef => ({
  gate: d.gate,
  ruleId: d.ruleId,
  ...(d.file !== undefined && { file: d.file }),
  ...(d.start && { start: d.start }),
});

/** Whether `ref` names `d`. */
export function refersTo(ref: DiagnosticRef, d: Diagnostic): boolean {
  return (
    ref.gate === d.gate &&
    ref.ruleId === d.ruleId &&
    ref.file === d.file &&
    ref.start?.line === d.start?.line &&
    ref.start?.column === d.start?.column
  );
}

/**
 * Sets `causedBy` on every consequence. A root is never itself a consequence, so causes never chain
 * or loop; when several roots explain a finding, the first in sort order wins. Returns copies.
 */
export function linkCauses(results: readonly GateResult[]): GateResult[] {
  const roots = sortDiagnostics(results.flatMap((r) => r.diagnostics).filter((d) => d.explains?.length));
  if (roots.length === 0) return [...results];
  const link = (d: Diagnostic): Diagnostic => {
    if (d.explains?.length || !d.subjects?.length) return d;
    const root = roots.find((r) => r.explains!.some((s) => d.subjects!.includes(s)));
    return root ? { ...d, causedBy: refOf(root) } : d;
  };
  return results.map((r) => ({ ...r, diagnostics: r.diagnostics.map(link) }));
}

/** How many of `diagnostics` are root causes (errors and warnings that follow from nothing else) and how many are consequences. */
export function causeCounts(diagnostics: readonly Diagnostic[]): { rootCauses: number; consequences: number } {
  const consequences = diagnostics.filter((d) => d.causedBy).length;
  const rootCauses = diagnostics.filter((d) => !d.causedBy && d.severity !== 'info').length;
  return { rootCauses, consequences };
}

/** The consequences of `root` among `diagnostics`, sorted. */
export const consequencesOf = (root: Diagnostic, diagnostics: readonly Diagnostic[]): Diagnostic[] =>
  sortDiagnostics(diagnostics.filter((d) => d.causedBy && refersTo(d.causedBy, root)));

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
