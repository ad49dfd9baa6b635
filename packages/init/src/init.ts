import { join } from 'node:path';
import { SpecTree, createAtomic } from '@openwop-spec/spec-tree';
import { detectLayout } from './layout.js';
import type { InitPlan, PlannedFile } from './plan.js';
import { planMetadataShapes, planRecordBase } from './record-base.js';
import { planScenarioConfig } from './scenario-config.js';

/**
 * Plans, without writing anything, every file the gates need that the tree at `root` lacks, each
 * derived from what the tree commits. An input that cannot be read or does not agree with itself
 * is an InputError (exit 2), raised before anything is written.
 */
export async function planInit(root: string): Promise<InitPlan> {
  const layout = detectLayout(root);
  const tree = SpecTree.load(root, { paths: layout.paths });
  const warnings: string[] = [];
  const files: PlannedFile[] = [
    ...(layout.config ? [layout.config] : []),
    await planScenarioConfig(tree, warnings),
    planRecordBase(tree),
    ...planMetadataShapes(tree),
  ];
  return { root, files, warnings };
}

/**
 * Writes the planned files. Each is created atomically and only if it is still missing: a file that
 * appeared since the plan is kept, never replaced. Returns the plan's files with what happened.
 */
export function applyInit(plan: InitPlan): PlannedFile[] {
  return plan.files.map((file) => {
    if (file.action !== 'create') return file;
    // A failure is an input error naming the file (createAtomic says what could not be done).
    const outcome = createAtomic(join(plan.root, ...file.path.split('/')), file.content!, file.path);
    return outcome === 'written' ? file : { path: file.path, action: 'keep', from: 'it appeared while init ran' };
  });
}
