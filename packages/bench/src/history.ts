import { execFileSync } from 'node:child_process';
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** git with a fixed identity and configuration, so a generated history is the same everywhere. */
function git(cwd: string, args: readonly string[], date?: string): void {
  execFileSync(
    'git',
    [
      '-c',
      'user.name=bench',
      '-c',
      'user.email=bench@example.com',
      '-c',
      'init.defaultBranch=main',
      '-c',
      'commit.gpgsign=false',
      ...args,
    ],
    {
      cwd,
      stdio: 'ignore',
      env: { ...process.env, ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}) },
    },
  );
}

/**
 * Makes the tree at `root` a git repository with `commits` commits, one a day from 2026-09-01: the
 * tree as it is, then `document` (a repository path) with one more sentence each time, so every
 * commit touches the spec and the last one changes one document. `node_modules` (the fact cache's
 * home) is ignored, as in a checkout.
 */
export function commitHistory(root: string, commits: number, document: string): void {
  const day = (i: number): string => new Date(Date.UTC(2026, 8, 1) + i * 86_400_000).toISOString();
  writeFileSync(join(root, '.gitignore'), 'node_modules/\n');
  git(root, ['init', '-q']);
  git(root, ['add', '-A']);
  git(root, ['commit', '-qm', 'corpus'], day(0));
  const file = join(root, ...document.split('/'));
  for (let i = 1; i < commits; i++) {
    appendFileSync(file, `\nRevision ${i} keeps this document in step with the kernel; hosts MUST follow it.\n`);
    git(root, ['commit', '-qam', `${document} revision ${i}`], day(i));
  }
}
