import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createFixture } from '@openwop-spec/spec-tree/testing';
import { commitHistory } from '../src/history.js';

describe('commitHistory', () => {
  it('commits the tree, then one document edited per commit, one a day; the last commit changes that document only', () => {
    const f = createFixture({ 'spec/v2/core/a.md': '# A\n', 'spec/v2/core/b.md': '# B\n', 'node_modules/x.js': '' });
    try {
      commitHistory(f.root, 3, 'spec/v2/core/a.md');
      const git = (...args: string[]): string => execFileSync('git', args, { cwd: f.root, encoding: 'utf8' }).trim();
      expect(git('log', '--format=%cI %s').split('\n')).toEqual([
        '2026-09-03T00:00:00+00:00 spec/v2/core/a.md revision 2',
        '2026-09-02T00:00:00+00:00 spec/v2/core/a.md revision 1',
        '2026-09-01T00:00:00+00:00 corpus',
      ]);
      expect(git('diff', '--name-only', 'HEAD~1', 'HEAD')).toBe('spec/v2/core/a.md');
      expect(git('status', '--porcelain')).toBe('');
      expect(git('ls-files')).not.toContain('node_modules');
    } finally {
      f.remove();
    }
  });
});
