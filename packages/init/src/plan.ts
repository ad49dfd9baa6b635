/** One file `openwop-spec init` creates, or finds already there and keeps. */
export interface PlannedFile {
  /** Repository-relative path. */
  path: string;
  /** `create`: missing, and `content` is what init writes. `keep`: it exists and is never touched. */
  action: 'create' | 'keep';
  /** The bytes to write (only for `create`). */
  content?: string;
  /** Where the content comes from, or why the file is kept. */
  from: string;
}

export interface InitPlan {
  root: string;
  files: PlannedFile[];
  /** What a maintainer still has to do by hand (e.g. fill in an RFC number). */
  warnings: string[];
}

/** JSON as every generated file of the repository is written: 2-space indent, LF, one final newline. */
export const render = (value: unknown): string => JSON.stringify(value, null, 2) + '\n';

export const keep = (path: string): PlannedFile => ({ path, action: 'keep', from: 'it exists' });
