import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import type { Root } from 'mdast';

/** The packages whose code decides the shape of a parsed document. */
const PARSER_PACKAGES = ['markdown-it', 'markdown-it-footnote', 'entities', 'mdurl', 'uc.micro'];

let parserKey: string | undefined;

/** The name@version of `pkg` as resolved from `from` (walking up from its entry to its package.json). */
function versionOf(pkg: string, from: string): { id: string; entry: string } {
  const entry = createRequire(from).resolve(pkg);
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    try {
      const meta = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (meta.name === pkg) return { id: `${pkg}@${meta.version}`, entry };
    } catch {
      // no package.json at this level
    }
  }
  return { id: `${pkg}@?`, entry };
}

/**
 * Identifies the parser exactly: every parser package's version, the source of this package's own
 * markdown options and the V8 serialisation format. A cache entry written under another key is
 * never read, so upgrading any of them invalidates the whole cache.
 */
export function markdownParserKey(): string {
  if (parserKey !== undefined) return parserKey;
  const parts: string[] = [`v8@${process.versions.v8}`];
  const self = fileURLToPath(new URL('./markdown.js', import.meta.url));
  let from = self;
  for (const pkg of PARSER_PACKAGES) {
    try {
      const v = versionOf(pkg, from);
      parts.push(v.id);
      if (pkg === 'markdown-it') from = v.entry; // entities, mdurl and uc.micro are its dependencies
    } catch {
      parts.push(`${pkg}@unresolved`);
    }
  }
  try {
    parts.push(createHash('sha256').update(readFileSync(self)).digest('hex'));
  } catch {
    parts.push('markdown.js@unreadable');
  }
  parserKey = createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 16);
  return parserKey;
}

/**
 * A content-addressed cache of parsed documents under a directory that is safe to delete
 * (`node_modules/.cache/openwop-spec`): one file per (parser, text) pair, holding the mdast in
 * V8's serialisation. Any failure reading or writing it is a miss, never an error.
 */
export class MarkdownCache {
  private readonly dir: string;
  constructor(root: string) {
    this.dir = join(root, `md-${markdownParserKey()}`);
  }

  /** Where the entry for `text` lives, and its tree when the cache has it. */
  lookup(text: string): { file: string; root?: Root } {
    const file = join(this.dir, `${createHash('sha256').update(text).digest('hex')}.v8`);
    try {
      return { file, root: deserialize(readFileSync(file)) as Root };
    } catch {
      return { file };
    }
  }

  /**
   * Stores a tree under the file `lookup` named. The write is asynchronous (temp file, then
   * rename), so it overlaps the rest of the run instead of delaying it; a failure is ignored.
   */
  store(file: string, root: Root): void {
    const tmp = `${file}.${process.pid}.tmp`;
    let bytes: Buffer;
    try {
      if (!this.made) mkdirSync(this.dir, { recursive: true });
      this.made = true;
      bytes = serialize(root);
    } catch {
      return;
    }
    const write = writeFile(tmp, bytes)
      .then(() => rename(tmp, file))
      .catch(() => rm(tmp, { force: true }).catch(() => undefined))
      .finally(() => this.pending.delete(write));
    this.pending.add(write);
  }

  /** Resolves when every write started so far has finished. */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private made = false;
  private readonly pending = new Set<Promise<unknown>>();
}
