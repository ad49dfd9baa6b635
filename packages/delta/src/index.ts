export { delta } from './run.js';
export type { DeltaComparison, GateDelta, GateStatus } from './run.js';
export type { Change, FigureRow } from './compare.js';
export {
  figureTable,
  coreBudgetChanges,
  normativeHomeChanges,
  pointerChanges,
  scenarioMajorsChanges,
  schemasChanges,
} from './compare.js';
export { describe, renderMarkdown, renderText } from './render.js';
export { changedSince, commitsTouching, defaultBase, gitLocation, materialise, resolveCommit } from './git.js';
export type { ChangedPath, Commit, GitEnv, Materialised } from './git.js';
export { BlobStore, CommitFs } from './commit-fs.js';
