import type {
  Diagnostic,
  GateResult,
  Point,
  RelatedLocation,
  RuleDoc,
  RuleExample,
  Severity,
} from '@openwop-spec/diagnostics';
import type { FactKind, SpecTree } from '@openwop-spec/spec-tree';

/** What a gate run is given besides the tree. */
export interface GateOptions {
  /** Today in UTC as YYYY-MM-DD (validated by the CLI; only date-aware gates read it). */
  today: string;
  /** Command flags the gate accepts, e.g. `--deadline`, `--write`, `--write-baseline`. */
  flags: ReadonlySet<string>;
  /**
   * A full garbage collection, offered by a process that owns its heap (the CLI's bin). A gate whose
   * run has a phase after which most of what it allocated is garbage calls it there, so the next
   * phase does not allocate on top of that garbage. It changes no result; absent, nothing happens.
   */
  collectGarbage?: () => void;
}

/** One example invocation for `--help`, and what it does. */
export interface CommandExample {
  command: string;
  does: string;
}

/** A per-gate command keeping an upstream script's name and flags. */
export interface GateCommand {
  name: string;
  summary: string;
  /** Accepted boolean flags, each with what it does (`<command> --help` prints them). */
  flags: Readonly<Record<string, string>>;
  /** At least one example for `<command> --help`. */
  examples: readonly CommandExample[];
  /** Flags that exclude each other (e.g. `--check` and `--write`). */
  exclusive?: readonly (readonly string[])[];
  run(tree: SpecTree, options: GateOptions): Promise<GateResult>;
}

export interface Gate {
  /** Gate id: `core-budget`, `normative-home`, `scenario-majors`, `declaration`, `schemas`. */
  id: string;
  summary: string;
  /** Every rule id the gate can emit, with its documentation. */
  rules: readonly RuleDoc[];
  /** Read-only run (`openwop-spec check`). */
  check(tree: SpecTree, options: GateOptions): Promise<GateResult>;
  /** Regenerates the gate's derived files (`openwop-spec gen`); absent when it derives nothing. */
  write?(tree: SpecTree, options: GateOptions): Promise<GateResult>;
  commands: readonly GateCommand[];
  /**
   * The documents the gate derives, keyed by repository path, built in memory without writing
   * (for `openwop-spec delta`, which compares them between two trees). Absent when it derives none.
   */
  artifacts?(tree: SpecTree, options: GateOptions): Promise<Record<string, unknown>>;
  /**
   * The fact kinds it derives from documents that another gate may have parsed first (`applies`
   * says which): a tree given them derives them from that parse (`TreeOptions.kinds`), so no
   * document is parsed twice in a run.
   */
  facts?: readonly FactKind<unknown>[];
}

/** The fact kinds of `gates` (each once), for the trees they run on. */
export const factKindsOf = (gates: readonly Gate[]): FactKind<unknown>[] => [
  ...new Map(gates.flatMap((g) => g.facts ?? []).map((k) => [k.id, k])).values(),
];

/** Where a finding is: a file and, when known, a range. */
export interface Location {
  file?: string;
  start?: Point;
  end?: Point;
  related?: RelatedLocation[];
}

export interface RuleSpec<D> {
  severity: Severity;
  summary: string;
  /** A change to the example repository that breaks the rule (run by the rule-examples test). */
  fail: RuleExample;
  /** The same change, fixed: the gate passes. */
  pass: RuleExample;
  /** How to fix a finding: the command to run or the edit to make; every finding's hint unless `hint` says more. */
  fix: string;
  /** What is wrong, from the finding's data. */
  message: (data: D) => string;
  /** This finding's own fix, from its data, where it can say more than `fix` (which file, which key). */
  hint?: (data: D) => string;
}

export interface RuleCatalog<S extends Record<string, RuleSpec<never>>> {
  readonly docs: readonly RuleDoc[];
  /** Builds a diagnostic for rule `id` from its data slots and location. */
  diagnostic<K extends keyof S & string>(
    id: K,
    data: Parameters<S[K]['message']>[0],
    at: Location,
    extra?: Partial<Diagnostic>,
  ): Diagnostic;
}

/** `fix` as the tail of a message: `Run x.` → `run x` (an initialism such as RFC keeps its case). */
export const fixClause = (fix: string): string =>
  fix.replace(/\.$/, '').replace(/^[A-Z](?=[a-z ])/, (c) => c.toLowerCase());

/**
 * A gate's message catalogue: every rule id with its documentation and message template, so tests
 * assert ids and positions, and the rule docs and ids cannot drift apart. Every finding says what is
 * wrong (`message`) and how to fix it (`hint`: the rule's `hint` for this finding, else its `fix`).
 */
export function ruleCatalog<S extends Record<string, RuleSpec<never>>>(gate: string, specs: S): RuleCatalog<S> {
  const docs = Object.entries(specs).map(([id, s]) => ({
    id,
    severity: s.severity,
    summary: s.summary,
    fail: s.fail,
    pass: s.pass,
    fix: s.fix,
  }));
  return {
    docs,
    diagnostic(id, data, at, extra) {
      const spec = specs[id]!;
      return {
        gate,
        ruleId: id,
        severity: spec.severity,
        message: (spec.message as (d: unknown) => string)(data),
        hint: spec.hint ? (spec.hint as (d: unknown) => string)(data) : fixClause(spec.fix),
        ...(at.file !== undefined ? { file: at.file } : {}),
        ...(at.start ? { start: at.start } : {}),
        ...(at.end ? { end: at.end } : {}),
        ...(at.related?.length ? { related: at.related } : {}),
        ...extra,
      };
    },
  };
}
