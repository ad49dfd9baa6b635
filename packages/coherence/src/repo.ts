// Reading a repository for the coherence checks: files by relative path, listed in code-unit order.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';

/** Where a finding is: a repository-relative file and a 1-based line and column. */
export interface Finding {
  file: string;
  line: number;
  column: number;
  message: string;
}

/** One line per finding, `file:line:column  message`, sorted by file, then position. */
export function formatFindings(findings: readonly Finding[]): string[] {
  return [...findings]
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column))
    .map((f) => `${f.file}:${f.line}:${f.column}  ${f.message}`);
}

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.git', '.turbo']);

export class Repo {
  constructor(readonly root: string) {}

  kind(path: string): 'file' | 'dir' | 'missing' {
    const abs = join(this.root, path);
    if (!existsSync(abs)) return 'missing';
    return statSync(abs).isDirectory() ? 'dir' : 'file';
  }

  read(path: string): string {
    return readFileSync(join(this.root, path), 'utf8');
  }

  /** The entries of a folder, in code-unit order; empty when it does not exist. */
  list(dir: string): string[] {
    if (this.kind(dir) !== 'dir') return [];
    return readdirSync(join(this.root, dir))
      .filter((name) => !SKIPPED_DIRS.has(name))
      .sort();
  }

  /** Every file under `dir` whose name `keep` accepts, recursively, in code-unit order of path. */
  walk(dir: string, keep: (name: string) => boolean): string[] {
    const out: string[] = [];
    for (const name of this.list(dir)) {
      const path = posix.join(dir, name);
      if (this.kind(path) === 'dir') out.push(...this.walk(path, keep));
      else if (keep(name)) out.push(path);
    }
    return out;
  }
}
