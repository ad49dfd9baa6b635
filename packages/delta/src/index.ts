export { delta } from './run.js';
export type { DeltaReport, GateDelta } from './run.js';
export type { Change } from './compare.js';
export { coreBudgetChanges, normativeHomeChanges, pointerChanges, scenarioMajorsChanges, schemasChanges } from './compare.js';
export { describe, renderMarkdown, renderText } from './render.js';
export { commitsTouching, defaultBase, gitLocation, materialise, resolveCommit } from './git.js';
export type { Commit, Materialised } from './git.js';
