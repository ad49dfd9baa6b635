import { causesSuffix, consequencesOf, refKey, refOf, sameSpot } from './causes.js';
import { failsGate } from './exit.js';
import { writeParityLine, writePrintout, writeRunLine } from './gate-block.js';
import type { Diagnostic, Point, Severity } from './model.js';
import { diagnosticKey, sortDiagnostics } from './order.js';
import type { GateOutcome, OutputOptions, Sink } from './output.js';
import { fullMessage, oneLine, plural } from './text.js';

/**
 * Per gate: printout lines, then its diagnostics on stderr (sorted; one that an earlier gate already
 * printed, such as an input error both met, is not repeated), a count line, and the parity line
 * last; then, when several gates ran, the run line. A consequence is folded under its root cause
 * (`  ↳ …`), whichever gate reported it, so it always follows its root; the block of a gate whose
 * findings are folded under another gate's root says where they are. One that a gate reports at its
 * root's very place is the same finding: one line, `↳ also <ruleId>: the same finding`.
 */
export function writeStylish(outcomes: readonly GateOutcome[], opts: OutputOptions, sink: Sink): void {
  const everything = outcomes.flatMap((o) => o.result.diagnostics);
  const fails = (d: Diagnostic): boolean => failsGate(d.severity, opts.failOn);
  // Under --quiet a root cause stays when it explains a failure, even if it is only a warning.
  const failingRoots = new Set(everything.flatMap((c) => (c.causedBy && fails(c) ? [refKey(c.causedBy)] : [])));
  const explainsFailure = (d: Diagnostic): boolean => failingRoots.has(refKey(refOf(d)));
  const shownOf = outcomes.map((o) =>
    sortDiagnostics(
      opts.quiet ? o.result.diagnostics.filter((d) => fails(d) || explainsFailure(d)) : o.result.diagnostics,
    ),
  );
  const allShown = shownOf.flat();
  // Each shown finding's gate, by refKey: the first shown, as a search in order would find it.
  const gateOf = new Map<string, string>();
  outcomes.forEach((o, i) => {
    for (const d of shownOf[i]!) if (!gateOf.has(refKey(refOf(d)))) gateOf.set(refKey(refOf(d)), o.result.gate);
  });
  /** The gate whose block prints `d`'s root, when that root is shown. */
  const rootGate = (d: Diagnostic): string | undefined => (d.causedBy ? gateOf.get(refKey(d.causedBy)) : undefined);
  const printed = new Set<string>();
  // A diagnostic's line, its severity word marked for the sink to paint when colour is on.
  const line = (d: Diagnostic, prefix = ''): void => {
    const { text, severity } = stylishLine(d);
    const start = prefix.length + severity;
    sink.stderr(
      prefix + text,
      opts.color ? { start, end: start + d.severity.length, severity: d.severity } : undefined,
    );
  };
  const once = (d: Diagnostic): boolean => !printed.has(diagnosticKey(d)) && Boolean(printed.add(diagnosticKey(d)));
  outcomes.forEach((outcome, i) => {
    const all = outcome.result.diagnostics;
    const shown = shownOf[i]!;
    if (!opts.quiet) writePrintout(outcome, sink);
    const elsewhere = new Map<string, number>();
    for (const d of shown) {
      const root = d.causedBy;
      const under = rootGate(d);
      if (under !== undefined) {
        if (under !== outcome.result.gate) elsewhere.set(under, (elsewhere.get(under) ?? 0) + 1);
        continue; // printed under its root
      }
      if (!once(d)) continue;
      if (root) {
        // Its root is not shown (another run's, or left out): say where it is.
        line(d, '  ↳ ');
        sink.stderr(`      follows from ${where(root.file ?? root.gate, root.start)}  ${root.ruleId}`);
        continue;
      }
      line(d);
      for (const r of d.related ?? [])
        sink.stderr(`    ${where(r.file, r.start)}  ${withPosition(r.message, r.start)}`);
      for (const c of consequencesOf(d, allShown)) {
        if (!once(c)) continue;
        // Another gate's finding at the same place is the same finding, said once.
        if (c.gate !== d.gate && sameSpot(c, d)) sink.stderr(`  ↳ also ${c.ruleId}: the same finding`);
        else line(c, '  ↳ ');
      }
    }
    for (const [gate, n] of elsewhere)
      sink.stderr(
        `  (${plural(n, 'finding')} of this gate follow${n === 1 ? 's' : ''} from a root cause in ${gate}, printed under it)`,
      );
    // A gate that could not run says so in its parity line; counting its input error adds nothing.
    if (!opts.quiet && all.length > 0 && outcome.exitCode !== 2) sink.stderr(`  ${countLine(all)}`);
    writeParityLine(outcome, sink);
  });
  if (!opts.quiet) writeRunLine(outcomes, sink);
}

/** `<file>:<line>:<column>  <severity>  <message>  <ruleId>`, or `<gate>  …` when no file is involved. */
export function formatStylishDiagnostic(d: Diagnostic): string {
  return stylishLine(d).text;
}

/** The stylish line of a diagnostic, and where its severity word starts in it. */
function stylishLine(d: Diagnostic): { text: string; severity: number } {
  const head = d.file === undefined ? d.gate : where(d.file, d.start);
  const message = d.file === undefined ? oneLine(fullMessage(d)) : withPosition(fullMessage(d), d.start);
  return { text: `${head}  ${d.severity}  ${message}  ${d.ruleId}`, severity: head.length + 2 };
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
