import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
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
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, `.${basename(file)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    writeFileSync(tmp, bytes, { flag: 'wx' });
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
  return 'written';
}
