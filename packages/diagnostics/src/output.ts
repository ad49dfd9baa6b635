import { linkCauses } from './causes.js';
import type { FailOn } from './exit.js';
import { gateExitCode } from './exit.js';
import { writeGithub } from './github.js';
import { writeJson } from './json.js';
import type { Paint } from './encode/terminal.js';
import type { GateResult, RuleDoc } from './model.js';
import { writeSarif } from './sarif.js';
import { writeStylish } from './stylish.js';

export type Format = 'stylish' | 'json' | 'github' | 'sarif';

export const FORMATS: readonly Format[] = ['stylish', 'json', 'github', 'sarif'];

/**
 * Where the output goes: one call per line, without the trailing newline. A line is text made of data
 * from the tree; the sink encodes it for where it goes (`terminalSink`: a terminal or a CI log),
 * painting the severity word a writer marked (`paint`, given only when colour is on). A workflow
 * command of the github format goes to `command`, as it is; without one, to stdout.
 */
export interface Sink {
  stdout(line: string, paint?: Paint): void;
  stderr(line: string, paint?: Paint): void;
  command?(line: string): void;
}

export interface OutputOptions {
  format: Format;
  failOn: FailOn;
  /** Only the diagnostics that fail a gate, and the parity lines. Machine formats (json, sarif) are unaffected. */
  quiet: boolean;
  /** Mark severity words for the sink to paint (stylish only). Decide it with shouldColor. */
  color: boolean;
  /** The root as given on the command line (JSON `root`). */
  root: string;
  /** Every gate's rule catalogue, keyed by rule id (SARIF rules and help text). */
  rules: ReadonlyMap<string, RuleDoc>;
  /** The link to a rule's documentation (JSON and SARIF `helpUri`); absent, no link is given. */
  helpUri?: (ruleId: string) => string | undefined;
  tool: { name: string; version: string; informationUri?: string };
}

/** One gate's result with its exit code under the run's failOn. */
export interface GateOutcome {
  result: GateResult;
  exitCode: 0 | 1 | 2;
}

/**
 * Writes the whole run and returns its exit code (the highest gate code). A GateResult with
 * exitCode 2 carries its error line as summaryLine and no diagnostics. Consequences are linked to
 * their root causes across every gate first (`linkCauses`), so every format can fold or mark them.
 */
export function writeOutput(results: readonly GateResult[], opts: OutputOptions, sink: Sink): 0 | 1 | 2 {
  const outcomes = linkCauses(results).map((result) => ({ result, exitCode: gateExitCode(result, opts.failOn) }));
  let code: 0 | 1 | 2 = 0;
  for (const o of outcomes) if (o.exitCode > code) code = o.exitCode;
  switch (opts.format) {
    case 'stylish':
      writeStylish(outcomes, opts, sink);
      break;
    case 'json':
      writeJson(outcomes, code, opts, sink);
      break;
    case 'github':
      writeGithub(outcomes, opts, sink);
      break;
    case 'sarif':
      writeSarif(outcomes, code, opts, sink);
      break;
  }
  return code;
}
