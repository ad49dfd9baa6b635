/** 1-based line; column in UTF-16 code units, 1-based; offset 0-based when known. */
export interface Point {
  line: number;
  column: number;
  offset?: number;
}

export type Severity = 'error' | 'warning' | 'info';

export interface RelatedLocation {
  file: string;
  start?: Point;
  message: string;
}

export interface Diagnostic {
  gate: string;
  /** '<prefix>/<kebab-problem>', documented in the gate's rule catalogue. */
  ruleId: string;
  severity: Severity;
  /** What is wrong (and what was expected). */
  message: string;
  /** How to fix it: the command to run or the edit to make. Every format prints it after the message. */
  hint?: string;
  /** Repo-root-relative POSIX path; omitted only when no file is involved. */
  file?: string;
  start?: Point;
  end?: Point;
  expected?: string;
  actual?: string;
  url?: string;
  related?: RelatedLocation[];
  /**
   * What the finding is about, as `<kind>:<name>` keys (`family:mcp`, `path:spec/v2/core/x.md`,
   * `claim:spec/v2/core/x.md`, `baseline:v1Carried`). Only for linking causes; never printed.
   */
  subjects?: string[];
  /** Subjects this finding explains: every other finding about one of them is its consequence. */
  explains?: string[];
  /** Set by `linkCauses` on a consequence: the root cause it follows from. */
  causedBy?: DiagnosticRef;
  /**
   * The mechanical repair `check --fix` makes; never printed as such. Every format says after the
   * hint that `check --fix` makes it, so a hint never promises it in its own words.
   */
  fix?: readonly TextEdit[];
  /**
   * Set instead of `fix` when `check --fix` does not make the finding's repair now, only once this
   * holds (`the declaration has no error`): printed after the hint as that condition.
   */
  fixWaitsFor?: string;
}

/**
 * One replacement in a file's text: `before` (what the finding saw at UTF-16 offsets start..end)
 * becomes `text`. An edit whose `before` no longer matches the file is not applied.
 */
export interface TextEdit {
  file: string;
  start: number;
  end: number;
  before: string;
  text: string;
}

/** Names one diagnostic of a run: its gate, rule and place. */
export interface DiagnosticRef {
  gate: string;
  ruleId: string;
  file?: string;
  start?: Point;
}

/**
 * One line of a gate's printout: what its upstream script printed besides the findings (text formats
 * only). Printout lines go to stdout unless marked stderr.
 */
export interface PrintoutLine {
  text: string;
  stream?: 'stdout' | 'stderr';
}

export interface GateResult {
  gate: string;
  ok: boolean;
  /** 0 passed, 1 failed, 2 could not run (input or usage error). */
  exitCode: 0 | 1 | 2;
  /** The upstream-compatible parity line. */
  summaryLine: string;
  /** The gate's printout lines, in order, without diagnostics and without the parity line. */
  printout: PrintoutLine[];
  /** The gate's numbers; the JSON `figures` object. */
  figures: Record<string, unknown>;
  diagnostics: Diagnostic[];
}

/**
 * One change a rule example makes to the example repository (a small spec repository that passes
 * every gate). Paths are repository paths; a JSON pointer addresses a value in a JSON file.
 */
export type ExampleEdit =
  /** Writes the whole file, creating the folders on the way. */
  | { file: string; write: string | Uint8Array }
  /** Replaces the first `replace` in the file with `with`; the text must be there. */
  | { file: string; replace: string; with: string }
  /** Sets the value at a JSON pointer (its parent must exist; `-` as the last token appends). */
  | { file: string; set: string; to: unknown }
  /** Removes the value at a JSON pointer (it must exist). */
  | { file: string; unset: string }
  /** Deletes the file. */
  | { file: string; remove: true }
  /** Makes the path a symbolic link to `symlink`. */
  | { file: string; symlink: string };

/**
 * A rule's failing or passing example: what it shows, and the edits that make it from the example
 * repository. `openwop-spec check <gate> --today 2026-09-22` (or `command`), plus `args`, runs it.
 */
export interface RuleExample {
  /** What the example shows, in a sentence. */
  says: string;
  /** The edits, in order; none is the example repository as it is. */
  edits: readonly ExampleEdit[];
  /**
   * The command that runs it, for a rule only a gate's own command reports (`normative-home` with
   * `--write-baseline`); absent, `check <gate>`.
   */
  command?: string;
  /** Arguments appended to the command, e.g. `--deadline`. */
  args?: readonly string[];
}

/** The documentation entry of one rule id; every id a gate can emit has one. */
export interface RuleDoc {
  id: string;
  severity: Severity;
  /** What the rule catches, one or two sentences. */
  summary: string;
  /** A minimal change to the example repository that breaks the rule; a test runs it and sees the finding. */
  fail: RuleExample;
  /** The same input, fixed; a test runs it and sees the gate pass. */
  pass: RuleExample;
  /** How to fix a finding. */
  fix: string;
}
