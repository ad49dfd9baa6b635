import { join } from 'node:path';
import { SpecTree, createAtomic, readRegularFile, refuseOutside, writeAtomic } from '@openwop-spec/spec-tree';
import { detectLayout } from './layout.js';
import { CannotDerive } from './plan.js';
import type { InitPlan, PlannedFile } from './plan.js';
import { planMetadataShapes, planRecordBase } from './record-base.js';
import { planScenarioConfig } from './scenario-config.js';

/** The files a planner derives, or the one it cannot derive, recorded as left. */
function derived(plan: () => PlannedFile[]): PlannedFile[] {
  try {
    return plan();
  } catch (err) {
    if (!(err instanceof CannotDerive)) throw err;
    return [{ path: err.path, action: 'left', from: err.message, ...(err.location ? { location: err.location } : {}) }];
  }
}

/**
 * Plans, without writing anything, every file the gates need that the tree at `root` lacks, each
 * derived from what the tree commits. A file whose inputs are missing or disagree is planned as
 * left, saying what it lacks; the others are planned all the same. An input that cannot be read or
 * breaks its own format is an InputError (exit 2), raised before anything is written.
 */
export async function planInit(root: string): Promise<InitPlan> {
  const layout = detectLayout(root);
  const tree = SpecTree.load(root, { paths: layout.paths });
  const warnings: string[] = [];
  const files: PlannedFile[] = [
    ...(layout.config ? [layout.config] : []),
    ...(await planScenarioConfig(tree, warnings)),
    ...derived(() => [planRecordBase(tree)]),
    ...derived(() => planMetadataShapes(tree)),
  ];
  return { root, files, warnings };
}

/**
 * Writes the planned files. Each is created atomically and only if it is still missing: a file that
 * appeared since the plan is kept, never replaced; a file to update is rewritten only if it still
 * holds what it was planned from. Returns the plan's files with what happened.
 */
export function applyInit(plan: InitPlan): PlannedFile[] {
  const target = (file: PlannedFile): string => join(plan.root, ...file.path.split('/'));
  // Every write stays inside the root: a path that would land outside it (a `..` in a key, a
  // symlinked folder) is an input error naming the file, raised before any file is written.
  for (const file of plan.files)
    if (file.action === 'create' || file.action === 'update')
      refuseOutside(target(file), plan.root, file.path, file.action === 'update');
  return plan.files.map((file) => {
    const wall = { within: plan.root, path: file.path };
    if (file.action === 'create') {
      // A failure is an input error naming the file (createAtomic says what could not be done).
      const outcome = createAtomic(target(file), file.content!, wall);
      return outcome === 'written' ? file : { path: file.path, action: 'keep', from: 'it appeared while init ran' };
    }
    if (file.action === 'update') {
      let now: string | undefined;
      try {
        // Read without blocking: a FIFO in the file's place is a change, never a wait.
        now = readRegularFile(target(file), file.path).toString('utf8');
      } catch {
        now = undefined;
      }
      if (now !== file.before) return { path: file.path, action: 'keep', from: 'it changed while init ran' };
      writeAtomic(target(file), file.content!, wall);
    }
    return file;
  });
}
