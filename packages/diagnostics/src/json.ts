import { jsonLines } from './encode/json.js';
import { causeCounts, consequencesOf } from './causes.js';
import { writeParityLine, writeRunLine } from './gate-block.js';
import type { Diagnostic, Point } from './model.js';
import { runDiagnostics, sortDiagnostics } from './order.js';
import type { GateOutcome, OutputOptions, Sink } from './output.js';
import { fullMessage } from './text.js';

/** A diagnostic as the JSON output writes it. */
export interface JsonDiagnostic {
  gate: string;
  file?: string;
  ruleId: string;
  /** Where the rule is documented: what it catches, a failing and a passing example, the fix. */
  helpUri?: string;
  severity: Diagnostic['severity'];
  /** What is wrong, then how to fix it (as every format prints it). */
  message: string;
  /** How to fix it, alone. */
  hint?: string;
  start?: { line: number; column: number };
  end?: { line: number; column: number };
  related?: Array<{ file: string; start: { line: number; column: number }; message: string }>;
  expected?: string;
  actual?: string;
  url?: string;
  /** On a consequence: the root cause it follows from. */
  causedBy?: { gate: string; ruleId: string; file?: string; start?: { line: number; column: number } };
  /** On a root cause: how many findings of the run follow from it. */
  consequences?: number;
}

export interface JsonGate {
  ok: boolean;
  exitCode: 0 | 1 | 2;
  summary: string;
  figures: Record<string, unknown>;
  diagnostics: JsonDiagnostic[];
}

export interface JsonOutput {
  root: string;
  ok: boolean;
  gates: Record<string, JsonGate>;
  diagnostics: JsonDiagnostic[];
  /** Findings by severity, and how many are root causes and how many their consequences. */
  counts: { error: number; warning: number; info: number; rootCauses: number; consequences: number };
}

/** The one JSON document of a run; `ok` and `exitCode` are under the run's failOn. */
export function buildJsonOutput(
  outcomes: readonly GateOutcome[],
  code: 0 | 1 | 2,
  root: string,
  helpUri?: OutputOptions['helpUri'],
): JsonOutput {
  const run = runDiagnostics(outcomes.map((o) => o.result.diagnostics));
  const json = (d: Diagnostic): JsonDiagnostic =>
    toJsonDiagnostic(d, consequencesOf(d, run).length, helpUri?.(d.ruleId));
  const gates: Record<string, JsonGate> = {};
  for (const { result, exitCode } of outcomes) {
    gates[result.gate] = {
      ok: exitCode === 0,
      exitCode,
      summary: result.summaryLine,
      figures: result.figures,
      diagnostics: sortDiagnostics(result.diagnostics).map(json),
    };
  }
  const counts = { error: 0, warning: 0, info: 0, ...causeCounts(run) };
  for (const d of run) counts[d.severity] += 1;
  return { root, ok: code === 0, gates, diagnostics: run.map(json), counts };
}

/**
 * Absent optionals are omitted. A diagnostic about a file always has `start`: a file-level one
 * gets 1:1, as in the text format, so readers can rely on `start.line`.
 */
export function toJsonDiagnostic(d: Diagnostic, consequences = 0, helpUri?: string): JsonDiagnostic {
  const out: JsonDiagnostic = {
    gate: d.gate,
    ...(d.file !== undefined && { file: d.file }),
    ruleId: d.ruleId,
    ...(helpUri !== undefined && { helpUri }),
    severity: d.severity,
    message: fullMessage(d),
  };
  if (d.hint !== undefined) out.hint = d.hint;
  if (d.file !== undefined) out.start = point(d.start);
  if (d.end) out.end = point(d.end);
  if (d.related && d.related.length > 0)
    out.related = d.related.map((r) => ({ file: r.file, start: point(r.start), message: r.message }));
  if (d.expected !== undefined) out.expected = d.expected;
  if (d.actual !== undefined) out.actual = d.actual;
  if (d.url !== undefined) out.url = d.url;
  if (d.causedBy) {
    const { gate, ruleId, file } = d.causedBy;
    out.causedBy = { gate, ruleId, ...(file !== undefined && { file, start: point(d.causedBy.start) }) };
  }
  if (consequences > 0) out.consequences = consequences;
  return out;
}

function point(p: Point | undefined): { line: number; column: number } {
  return { line: p?.line ?? 1, column: p?.column ?? 1 };
}

/** stdout: exactly the document (2-space indent; the sink adds the final newline). stderr: parity lines, run line. */
export function writeJson(outcomes: readonly GateOutcome[], code: 0 | 1 | 2, opts: OutputOptions, sink: Sink): void {
  for (const line of jsonLines(buildJsonOutput(outcomes, code, opts.root, opts.helpUri))) sink.stdout(line);
  for (const outcome of outcomes) writeParityLine(outcome, sink, 'stderr');
  if (!opts.quiet) writeRunLine(outcomes, sink, 'stderr');
}
