// The lines of each gate's block that every format shares: printout lines, parity lines, the run line.
import type { GateOutcome, Sink } from './output.js';
import { causesSuffix } from './causes.js';
import { lines } from './text.js';

export type Stream = 'stdout' | 'stderr';

/**
 * A gate's printout lines, each to its own stream (stdout unless marked), or all to `force`. Each is
 * one line: a line break in it is data (a file name's) and the sink shows it, never breaks there.
 */
export function writePrintout(outcome: GateOutcome, sink: Sink, force?: Stream): void {
  for (const line of outcome.result.printout) sink[force ?? line.stream ?? 'stdout'](line.text);
}

/**
 * The gate's parity line (it may span lines, e.g. normative-home's leading empty line): to stdout
 * when the gate's exit code is 0, to stderr otherwise, or all to `force`.
 */
export function writeParityLine(outcome: GateOutcome, sink: Sink, force?: Stream): void {
  const stream = force ?? (outcome.exitCode === 0 ? 'stdout' : 'stderr');
  for (const text of lines(outcome.result.summaryLine)) sink[stream](text);
}

/**
 * `openwop-spec: 3 of 5 gates passed (failed: a, b; could not run: c)` (then `; 1 root cause,
 * 7 consequences` when any finding follows from another), written only when more than
 * one gate ran: to stderr if the run fails, else to stdout (or all to `force`).
 */
export function writeRunLine(outcomes: readonly GateOutcome[], sink: Sink, force?: Stream): void {
  if (outcomes.length < 2) return;
  const failed = outcomes.filter((o) => o.exitCode === 1).map((o) => o.result.gate);
  const broken = outcomes.filter((o) => o.exitCode === 2).map((o) => o.result.gate);
  const passed = outcomes.length - failed.length - broken.length;
  const why = [
    ...(failed.length > 0 ? [`failed: ${failed.join(', ')}`] : []),
    ...(broken.length > 0 ? [`could not run: ${broken.join(', ')}`] : []),
  ];
  const causes = causesSuffix(outcomes.flatMap((o) => o.result.diagnostics)).replace(' — ', '; ');
  const line = `openwop-spec: ${passed} of ${outcomes.length} gates passed${why.length > 0 ? ` (${why.join('; ')})` : ''}${causes}`;
  sink[force ?? (failed.length + broken.length > 0 ? 'stderr' : 'stdout')](line);
}
