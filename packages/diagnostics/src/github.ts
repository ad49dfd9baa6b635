import { consequencesOf } from './causes.js';
import { failsGate } from './exit.js';
import { writeParityLine, writePrintout, writeRunLine } from './gate-block.js';
import type { Diagnostic, Severity } from './model.js';
import { compareDiagnostics, diagnosticKey } from './order.js';
import type { GateOutcome, OutputOptions, Sink } from './output.js';
import { workflowCommand } from './encode/workflow-command.js';
import { fullMessage, lines, plural } from './text.js';

/** GitHub shows at most this many annotations of each kind (error, warning, notice) per step. */
export const ANNOTATIONS_PER_KIND = 10;

const COMMAND: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };
const RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

/**
 * `::error file=…,line=…,endLine=…,col=…,endColumn=…,title=<ruleId>::<message>`. Columns are sent
 * only for a range on one line: GitHub misplaces col/endColumn on a multi-line range. The path is
 * the diagnostic's own repo-root-relative path, never rebased on the cwd. A root cause lists the
 * findings that follow from it, which get no annotation of their own. Every value is escaped by
 * `workflowCommand`; the message's lines are its own and each related place's.
 */
export function formatAnnotation(d: Diagnostic, consequences: readonly Diagnostic[] = []): string {
  const props: Array<[string, string | number]> = [];
  if (d.file !== undefined) {
    props.push(['file', d.file]);
    if (d.start) {
      props.push(['line', d.start.line]);
      if (d.end) props.push(['endLine', d.end.line]);
      if (!d.end || d.end.line === d.start.line) {
        props.push(['col', d.start.column]);
        if (d.end) props.push(['endColumn', d.end.column]);
      }
    }
  }
  props.push(['title', d.ruleId]);
  const related = (d.related ?? []).map(
    (r) => `    ${r.file}:${r.start?.line ?? 1}:${r.start?.column ?? 1}  ${r.message}`,
  );
  const follow = consequences.map(
    (c) => `  ↳ ${c.file ?? c.gate}:${c.start?.line ?? 1}:${c.start?.column ?? 1}  ${c.ruleId}`,
  );
  const also = follow.length > 0 ? [`${plural(follow.length, 'consequence')} of this:`, ...follow] : [];
  return workflowCommand(COMMAND[d.severity], props, [...lines(fullMessage(d)), ...related, ...also]);
}

/**
 * Printout and parity lines as in stylish; each gate's diagnostics become annotations on stdout,
 * errors before warnings before notices. Past the per-kind limit a diagnostic is not annotated,
 * and one closing notice says how many were left out (it takes a notice slot itself, so when
 * anything is left out only ANNOTATIONS_PER_KIND - 1 info diagnostics are annotated).
 */
export function writeGithub(outcomes: readonly GateOutcome[], opts: OutputOptions, sink: Sink): void {
  const command = (line: string): void => (sink.command ? sink.command(line) : sink.stdout(line));
  const everything = outcomes.flatMap((o) => o.result.diagnostics);
  // A consequence is listed in its root's annotation; a root that explains a failure is annotated even under --quiet.
  const keep = (d: Diagnostic): boolean =>
    !d.causedBy &&
    (!opts.quiet ||
      failsGate(d.severity, opts.failOn) ||
      consequencesOf(d, everything).some((c) => failsGate(c.severity, opts.failOn)));
  // A finding several gates met (an input error) is annotated once, with the first of them.
  const seen = new Set<string>();
  const perGate = outcomes.map((o) =>
    o.result.diagnostics
      .filter(keep)
      .filter((d) => {
        const key = diagnosticKey(d);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      })
      .sort((a, b) => RANK[a.severity] - RANK[b.severity] || compareDiagnostics(a, b)),
  );
  const total: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const d of perGate.flat()) total[d.severity] += 1;
  const overflows =
    total.error > ANNOTATIONS_PER_KIND || total.warning > ANNOTATIONS_PER_KIND || total.info > ANNOTATIONS_PER_KIND;
  const cap: Record<Severity, number> = {
    error: ANNOTATIONS_PER_KIND,
    warning: ANNOTATIONS_PER_KIND,
    info: overflows ? ANNOTATIONS_PER_KIND - 1 : ANNOTATIONS_PER_KIND,
  };
  const omitted: Record<Severity, number> = {
    error: Math.max(0, total.error - cap.error),
    warning: Math.max(0, total.warning - cap.warning),
    info: Math.max(0, total.info - cap.info),
  };
  // The closing notice goes with the last gate that lost an annotation, before its parity line.
  let lastLosing = -1;
  const used: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  const annotated = perGate.map((diagnostics, i) =>
    diagnostics.filter((d) => {
      if (used[d.severity] < cap[d.severity]) {
        used[d.severity] += 1;
        return true;
      }
      lastLosing = i;
      return false;
    }),
  );
  outcomes.forEach((outcome, i) => {
    if (!opts.quiet) writePrintout(outcome, sink);
    for (const d of annotated[i] ?? []) command(formatAnnotation(d, consequencesOf(d, everything)));
    if (i === lastLosing) command(overflowNotice(omitted));
    // A gate that could not run has no finding to annotate; its error line becomes the annotation.
    if (outcome.exitCode === 2 && outcome.result.diagnostics.length === 0)
      command(cannotRun(outcome.result.gate, outcome.result.summaryLine));
    writeParityLine(outcome, sink);
  });
  if (!opts.quiet) writeRunLine(outcomes, sink);
}

/** `::error title=<gate> could not run::<the gate's error line>` */
function cannotRun(gate: string, line: string): string {
  return workflowCommand('error', [['title', `${gate} could not run`]], lines(line));
}

function overflowNotice(omitted: Record<Severity, number>): string {
  const n = omitted.error + omitted.warning + omitted.info;
  const parts: string[] = [];
  if (omitted.error > 0) parts.push(plural(omitted.error, 'error'));
  if (omitted.warning > 0) parts.push(plural(omitted.warning, 'warning'));
  if (omitted.info > 0) parts.push(plural(omitted.info, 'info', 'info'));
  const text =
    `${plural(n, 'more diagnostic')} not annotated (${parts.join(', ')}): GitHub shows at most ` +
    `${ANNOTATIONS_PER_KIND} annotations of each kind per step. Run with --format stylish to see them all.`;
  return workflowCommand('notice', [], [text]);
}
