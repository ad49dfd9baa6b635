import type { Point } from '@openwop-spec/diagnostics';

/** One file `openwop-spec init` creates, updates, finds already there and keeps, or cannot derive. */
export interface PlannedFile {
  /** Repository-relative path. */
  path: string;
  /**
   * `create`: missing, and `content` is what init writes. `update`: it exists and init rewrites it
   * to `content`, only while it still holds `before`. `keep`: it exists and is never touched.
   * `left`: missing, and init cannot derive it: `from` says what is missing and how to provide it.
   */
  action: 'create' | 'update' | 'keep' | 'left';
  /** The bytes to write (for `create` and `update`). */
  content?: string;
  /** The bytes an `update` was planned from. */
  before?: string;
  /** Where the content comes from, why the file is kept, or (`left`) what init lacks to derive it. */
  from: string;
  /** For `left`: the input that lacks something, and where, when known. */
  location?: { file: string; start?: Point };
}

export interface InitPlan {
  root: string;
  files: PlannedFile[];
  /** What a maintainer still has to do by hand (e.g. fill in an RFC number). */
  warnings: string[];
}

/**
 * Thrown by a planner that cannot derive its file from what the repository commits (an input is
 * missing, or inputs disagree): the plan records the file as left, with this message, and goes on.
 */
export class CannotDerive extends Error {
  constructor(
    readonly path: string,
    message: string,
    readonly location?: { file: string; start?: Point },
  ) {
    super(message);
    this.name = 'CannotDerive';
  }
}

/** JSON as every generated file of the repository is written: 2-space indent, LF, one final newline. */
export const render = (value: unknown): string => JSON.stringify(value, null, 2) + '\n';

export const keep = (path: string): PlannedFile => ({ path, action: 'keep', from: 'it exists' });
