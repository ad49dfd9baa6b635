import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';

export type WriteOutcome = 'written' | 'unchanged';

/**
 * Writes `content` to `file` atomically: a temporary file in the same directory, then a rename, so
 * an interrupted write leaves the old file intact. Identical bytes are not rewritten.
 */
export function writeAtomic(file: string, content: string): WriteOutcome {
  const bytes = Buffer.from(content, 'utf8');
  try {
    if (readFileSync(file).equals(bytes)) return 'unchanged';
  } catch {
    // Missing or unreadable: write it.
  }
  viaTemporary(file, bytes, (tmp) => renameSync(tmp, file));
  return 'written';
}

/**
 * Creates `file` atomically, never replacing one that exists: the bytes go to a temporary file in
 * the same directory, which is then hard-linked to the target (a link fails if the target exists,
 * even when another process creates it meanwhile).
 */
export function createAtomic(file: string, content: string): 'written' | 'exists' {
  let exists = false;
  viaTemporary(file, Buffer.from(content, 'utf8'), (tmp) => {
    try {
      linkSync(tmp, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      exists = true;
    }
  });
  return exists ? 'exists' : 'written';
}

/** Writes a temporary file beside `file`, hands it to `commit`, and never leaves it behind. */
function viaTemporary(file: string, bytes: Buffer, commit: (tmp: string) => void): void {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    writeFileSync(tmp, bytes, { flag: 'wx' });
    commit(tmp);
  } finally {
    rmSync(tmp, { force: true });
  }
}
