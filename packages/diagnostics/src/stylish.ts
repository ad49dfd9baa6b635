import { causesSuffix, consequencesOf, refersTo, sameSpot } from './causes.js';
import { paintSeverity } from './color.js';
import { failsGate } from './exit.js';
import { writeParityLine, writeReportLines, writeRunLine } from './layout.js';
import type { Diagnostic, Point, Severity } from './model.js';
import { diagnosticKey, sortDiagnostics } from './order.js';
import type { GateOutcome, ReportOptions, Sink } from './report.js';
import { fullMessage, oneLine, plural } from './text.js';

/**
 * Per gate: report lines, then its diagnostics on stderr (sorted; one that an earlier gate already
 * printed, such as an input error both met, is not repeated), a count line, and the parity line
 * last; then, when several gates ran, the run line. A consequence is folded under its root cause
 * (`  ↳ …`); one whose root is in another gate's block says where that root is.
 */
export function writeStylish(outcomes: readonly GateOutcome[], opts: ReportOptions, sink: Sink): void {
  const everything = outcomes.flatMap((o) => o.result.diagnostics);
  const fails = (d: Diagnostic): boolean => failsGate(d.severity, opts.failOn);
  // Under --quiet a root cause stays when it explains a failure, even if it is only a warning.
  const explainsFailure = (d: Diagnostic): boolean =>
    everything.some((c) => c.causedBy && fails(c) && refersTo(c.causedBy, d));
  const printed = new Set<string>();
  const once = (d: Diagnostic): boolean => !printed.has(diagnosticKey(d)) && Boolean(printed.add(diagnosticKey(d)));
  for (const outcome of outcomes) {
    const all = outcome.result.diagnostics;
    if (!opts.quiet) writeReportLines(outcome, sink);
    const shown = sortDiagnostics(opts.quiet ? all.filter((d) => fails(d) || explainsFailure(d)) : all);
    for (const d of shown) {
      const root = d.causedBy;
      if (root && shown.some((r) => refersTo(root, r))) continue; // printed under its root
      if (!once(d)) continue;
      if (root) {
        const at = `${where(root.file ?? root.gate, root.start)}  ${root.ruleId}`;
        // Another gate's report of the same place is the same finding, said once.
        if (sameSpot(d, root)) sink.stderr(`  ↳ also ${d.ruleId}: the same finding as ${at}`);
        else {
          sink.stderr(`  ↳ ${formatStylishDiagnostic(d, opts.color)}`);
          sink.stderr(`      follows from ${at}`);
        }
        continue;
      }
      sink.stderr(formatStylishDiagnostic(d, opts.color));
      for (const r of d.related ?? [])
        sink.stderr(`    ${where(r.file, r.start)}  ${withPosition(r.message, r.start)}`);
      for (const c of consequencesOf(d, shown))
        if (once(c)) sink.stderr(`  ↳ ${formatStylishDiagnostic(c, opts.color)}`);
    }
    // A gate that could not run says so in its parity line; counting its input error adds nothing.
    if (!opts.quiet && all.length > 0 && outcome.exitCode !== 2) sink.stderr(`  ${countLine(all)}`);
    writeParityLine(outcome, sink);
  }
  if (!opts.quiet) writeRunLine(outcomes, sink);
}

/** `<file>:<line>:<column>  <severity>  <message>  <ruleId>`, or `<gate>  …` when no file is involved. */
export function formatStylishDiagnostic(d: Diagnostic, color = false): string {
  const severity = paintSeverity(d.severity, color);
  const head = d.file === undefined ? d.gate : where(d.file, d.start);
  const message = d.file === undefined ? oneLine(fullMessage(d)) : withPosition(fullMessage(d), d.start);
  return `${head}  ${severity}  ${message}  ${d.ruleId}`;
}

/** `2 errors, 1 warning, 3 info`: only the severities present, then the root causes and consequences if any. */
export function countLine(diagnostics: readonly Diagnostic[]): string {
  const n: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const d of diagnostics) n[d.severity] += 1;
  const parts: string[] = [];
  if (n.error > 0) parts.push(plural(n.error, 'error'));
  if (n.warning > 0) parts.push(plural(n.warning, 'warning'));
  if (n.info > 0) parts.push(plural(n.info, 'info', 'info'));
  return parts.join(', ') + causesSuffix(diagnostics);
}

// A file-level finding sits at 1:1 and says so, so 1:1 is never mistaken for a real position.
function where(file: string, start: Point | undefined): string {
  return `${file}:${start?.line ?? 1}:${start?.column ?? 1}`;
}

function withPosition(message: string, start: Point | undefined): string {
  return start ? oneLine(message) : `${oneLine(message)} (no position)`;
}
