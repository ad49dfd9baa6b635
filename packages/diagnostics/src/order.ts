import type { Diagnostic } from './model.js';

/** UTF-16 code-unit comparison: never locale-aware, so output is the same everywhere. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sort key order: file, line, column, ruleId; file-less diagnostics first. Stable for ties. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    compareCodeUnits(a.file ?? '', b.file ?? '') ||
    (a.start?.line ?? 0) - (b.start?.line ?? 0) ||
    (a.start?.column ?? 0) - (b.start?.column ?? 0) ||
    compareCodeUnits(a.ruleId, b.ruleId) ||
    compareCodeUnits(a.message, b.message)
  );
}

export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return [...diagnostics].sort(compareDiagnostics);
}

/** What makes two diagnostics the same finding: an input error met by several gates is one. */
export function diagnosticKey(d: Diagnostic): string {
  return JSON.stringify([d.ruleId, d.file ?? null, d.start?.line ?? 0, d.start?.column ?? 0, d.message]);
}

/** The run's diagnostics, each finding once (the first gate that reported it keeps it), sorted. */
export function runDiagnostics(perGate: readonly (readonly Diagnostic[])[]): Diagnostic[] {
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const d of perGate.flat()) {
    const key = diagnosticKey(d);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(d);
  }
  return sortDiagnostics(out);
}

/** en-US digit grouping (25828 → "25,828") without Intl, so the process locale cannot change it. */
export function formatGrouped(n: number): string {
  const sign = n < 0 ? '-' : '';
  const digits = String(Math.trunc(Math.abs(n)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
