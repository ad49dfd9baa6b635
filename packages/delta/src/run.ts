import { InputError, formatStylishDiagnostic, inputDiagnostic } from '@openwop-spec/diagnostics';
import { isRecord } from '@openwop-spec/json';
import { CONFIG_FILE, DiskFs, MemoryFacts, SpecTree, affects } from '@openwop-spec/spec-tree';
import type { AccessLog, FactStore, TreeFs } from '@openwop-spec/spec-tree';
import { factKindsOf } from '@openwop-spec/gate-api';
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
import { BlobStore, CommitFs } from './commit-fs.js';
import { changedSince, defaultBase, gitLocation, materialise, resolveCommit } from './git.js';
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

export interface DeltaComparison {
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

/** What a side's gate run needs besides the tree. */
interface DeltaOptions {
  base?: string;
  today: string;
  env: GitEnv;
  /**
   * Where facts are kept (the fact cache): both sides read and add to it, so a file the base and the
   * working tree share is derived once, and not at all when an earlier run cached it. Without one,
   * the two sides share facts in memory.
   */
  cache?: FactStore;
}

/**
 * Runs every gate on the working tree, then on the tree at `base` (default: the merge base with the
 * default branch) those gates that read a path that differs there; a gate that read none of them
 * gives the same result on both sides, since it is a function of what it reads. Nothing in the
 * working tree is written; the base is read from git's object store (`CommitFs`; a base holding
 * symlinks is written to a temporary folder, removed afterwards).
 */
export async function delta(root: string, gates: readonly Gate[], options: DeltaOptions): Promise<DeltaComparison> {
  const { env } = options;
  const { top, prefix } = gitLocation(root, env);
  const ref = options.base ?? defaultBase(top, env);
  const sha = resolveCommit(top, ref, env);
  const gateOptions: GateOptions = { today: options.today, flags: new Set() };
  const cache = options.cache ?? new MemoryFacts();
  const kinds = factKindsOf(gates);
  const afterTree = SpecTree.load(root, { cache, kinds });
  const after: Array<{ value: GateSide; log: AccessLog }> = [];
  for (const gate of gates) after.push(await afterTree.record(() => runSide(afterTree, gate, gateOptions)));

  const changed = changedSince(root, sha, env);
  // The corpus paths come from the config: when it differs, every gate reads other paths.
  const everything = changed.some((c) => c.path === '' || c.path === CONFIG_FILE);
  const rerun = gates.filter((_gate, i) => everything || changed.some((c) => affects(after[i]!.log, c.path, c.kind)));
  const base = rerun.length > 0 ? openCommit(root, top, prefix, sha, env) : undefined;
  try {
    const beforeTree = base && SpecTree.open(base.fs, { cache, kinds });
    // The files the re-run gates read on the working tree are, mostly, what they read at the base.
    base?.prefetch(rerun.flatMap((gate) => [...after[gates.indexOf(gate)]!.log.files]));
    const comparison: DeltaComparison = { base: { ref, sha }, head: { ref: 'working tree' }, gates: {}, exitCode: 0 };
    for (const [i, gate] of gates.entries()) {
      const a = after[i]!.value;
      const b = beforeTree && rerun.includes(gate) ? await runSide(beforeTree, gate, gateOptions) : a;
      const changes = (COMPARE[gate.id] ?? artifactChanges)(b, a);
      comparison.gates[gate.id] = {
        before: b.figures,
        after: a.figures,
        status: { before: b.status, after: a.status },
        table: figureTable(gate.id, b.figures, a.figures),
        changes,
      };
      if (a.status.exitCode > comparison.exitCode) comparison.exitCode = a.status.exitCode;
    }
    return comparison;
  } finally {
    base?.cleanup();
  }
}

/** The base's tree: from git's object store, or (when it holds symlinks) written to a temporary folder. */
function openCommit(
  root: string,
  top: string,
  prefix: string,
  sha: string,
  env: GitEnv,
): { fs: TreeFs; prefetch(paths: readonly string[]): void; cleanup(): void } {
  const blobs = new BlobStore(top, env);
  const fs = CommitFs.open(blobs, top, prefix, sha, env);
  if (fs) return { fs, prefetch: (paths) => blobs.fetch(fs.blobsOf(paths)), cleanup: () => undefined };
  const folder = materialise(root, sha, env);
  return { fs: new DiskFs(folder.root), prefetch: () => undefined, cleanup: () => folder.cleanup() };
}
