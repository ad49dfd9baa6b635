import { InputError, formatStylishDiagnostic, inputDiagnostic } from '@openwop-spec/diagnostics';
import { isRecord } from '@openwop-spec/json';
import { SpecTree } from '@openwop-spec/spec-tree';
import type { Gate, GateOptions } from '@openwop-spec/gate-api';
import {
  coreBudgetChanges,
  figureTable,
  normativeHomeChanges,
  pointerChanges,
  scenarioMajorsChanges,
  schemasChanges,
} from './compare.js';
import type { Change, FigureRow } from './compare.js';
import { defaultBase, gitLocation, materialise, resolveCommit } from './git.js';
import type { GitEnv } from './git.js';

type Figures = Record<string, unknown> | null;

/** How a gate ended on one side: as `check` would exit for it, and its result line (or why it could not run). */
export interface GateStatus {
  exitCode: 0 | 1 | 2;
  summary: string;
}

export interface GateSide {
  figures: Figures;
  status: GateStatus;
  artifacts: Record<string, unknown>;
}

export interface GateDelta {
  before: Figures;
  after: Figures;
  /** exitCode 2 on a side where the gate could not run (for example, it did not exist yet at the base). */
  status: { before: GateStatus; after: GateStatus };
  /** The gate's headline figures on both sides, unchanged ones included. */
  table: FigureRow[];
  /** What else changed: rows, buckets, files, pointers. */
  changes: Change[];
}

export interface DeltaReport {
  base: { ref: string; sha: string };
  head: { ref: 'working tree' };
  gates: Record<string, GateDelta>;
  /** The highest exit code of the gates on the working tree: 0 when every gate passes there. */
  exitCode: 0 | 1 | 2;
}

/** Per-gate comparison; gates not listed are compared by the documents they derive. */
const COMPARE: Record<string, (b: GateSide, a: GateSide) => Change[]> = {
  'core-budget': (b, a) => coreBudgetChanges(b.figures, a.figures),
  'normative-home': (b, a) => normativeHomeChanges(b.figures, a.figures),
  // The manifest's majors map says which files were added, removed or re-majored.
  'scenario-majors': (b, a) => scenarioMajorsChanges(withMajors(b), withMajors(a)),
  schemas: (b, a) => schemasChanges(b.figures, a.figures),
};

function withMajors(side: GateSide): Figures {
  if (!side.figures) return null;
  const manifest = Object.values(side.artifacts)
    .filter(isRecord)
    .find((v) => 'majors' in v);
  return manifest ? { ...side.figures, majors: manifest['majors'] } : side.figures;
}

async function runSide(tree: SpecTree, gate: Gate, options: GateOptions): Promise<GateSide> {
  try {
    const result = await gate.check(tree, options);
    const artifacts = gate.artifacts ? await gate.artifacts(tree, options) : {};
    return { figures: result.figures, status: { exitCode: result.exitCode, summary: result.summaryLine }, artifacts };
  } catch (err) {
    // Why it could not run: the input error's line, positioned as `check` prints it.
    if (err instanceof InputError)
      return {
        figures: null,
        status: {
          exitCode: 2,
          summary: err.location ? formatStylishDiagnostic(inputDiagnostic(gate.id, err)) : err.message,
        },
        artifacts: {},
      };
    throw err;
  }
}

/** What changed in each derived document, as JSON pointers into it. */
function artifactChanges(before: GateSide, after: GateSide): Change[] {
  const paths = [...new Set([...Object.keys(before.artifacts), ...Object.keys(after.artifacts)])].sort();
  return paths.flatMap((path) =>
    pointerChanges(before.artifacts[path] ?? null, after.artifacts[path] ?? null).map((c) => ({
      ...c,
      document: path,
    })),
  );
}

/**
 * Runs every gate on the tree at `base` (default: the merge base with the default branch) and on the
 * working tree, each in its own SpecTree, and reports what changed per gate. Nothing in the working
 * tree is written; the base is read from git's object store into a temporary directory that is
 * removed afterwards.
 */
export async function delta(
  root: string,
  gates: readonly Gate[],
  options: { base?: string; today: string; env: GitEnv },
): Promise<DeltaReport> {
  const { env } = options;
  const { top } = gitLocation(root, env);
  const ref = options.base ?? defaultBase(top, env);
  const sha = resolveCommit(top, ref, env);
  const base = materialise(root, sha, env);
  const gateOptions: GateOptions = { today: options.today, flags: new Set() };
  try {
    const beforeTree = SpecTree.load(base.root);
    const afterTree = SpecTree.load(root);
    const report: DeltaReport = { base: { ref, sha }, head: { ref: 'working tree' }, gates: {}, exitCode: 0 };
    for (const gate of gates) {
      const b = await runSide(beforeTree, gate, gateOptions);
      const a = await runSide(afterTree, gate, gateOptions);
      const changes = (COMPARE[gate.id] ?? artifactChanges)(b, a);
      report.gates[gate.id] = {
        before: b.figures,
        after: a.figures,
        status: { before: b.status, after: a.status },
        table: figureTable(gate.id, b.figures, a.figures),
        changes,
      };
      if (a.status.exitCode > report.exitCode) report.exitCode = a.status.exitCode;
    }
    return report;
  } finally {
    base.cleanup();
  }
}
