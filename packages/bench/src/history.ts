import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gitAt } from '@openwop-spec/spec-tree/testing';

/**
 * Makes the tree at `root` a git repository with `commits` commits, one a day from 2026-09-01: the
 * tree as it is, then `document` (a repository path) with one more sentence each time, so every
 * commit touches the spec and the last one changes one document. `node_modules` (the fact cache's
 * home) is ignored, as in a checkout.
 */
export function commitHistory(root: string, commits: number, document: string): void {
  const day = (i: number): string => new Date(Date.UTC(2026, 8, 1) + i * 86_400_000).toISOString();
  writeFileSync(join(root, '.gitignore'), 'node_modules/\n');
  gitAt(day(0), root, 'init', '-q');
  gitAt(day(0), root, 'add', '-A');
  gitAt(day(0), root, 'commit', '-qm', 'corpus');
  const file = join(root, ...document.split('/'));
  for (let i = 1; i < commits; i++) {
    appendFileSync(file, `\nRevision ${i} keeps this document in step with the kernel; hosts MUST follow it.\n`);
    gitAt(day(i), root, 'commit', '-qam', `${document} revision ${i}`);
  }
}
