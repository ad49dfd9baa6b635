import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import type { Root } from 'mdast';

/** The packages whose code decides the shape of a parsed document. */
const PARSER_PACKAGES = ['markdown-it', 'markdown-it-footnote'];
/** markdown-it's own dependencies that shape its tokens (entity decoding, URL handling, Unicode classes). */
const MARKDOWN_IT_DEPENDENCIES = ['entities', 'mdurl', 'uc.micro'];

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
  parserKey ??= createHash('sha256').update(markdownParserIdentity().join('\n')).digest('hex').slice(0, 16);
  return parserKey;
}

/** What the key hashes, one part per line: V8, each parser package at its version, markdown.js's hash. */
export function markdownParserIdentity(): string[] {
  const parts: string[] = [`v8@${process.versions.v8}`];
  // markdown.js beside this module; in a bundle of the CLI, the bundle itself (it holds that code).
  const sibling = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? './markdown.ts' : './markdown.js', import.meta.url));
  const self = existsSync(sibling) ? sibling : fileURLToPath(import.meta.url);
  const resolve = (pkg: string, from: string): string | undefined => {
    try {
      const v = versionOf(pkg, from);
      parts.push(v.id);
      return v.entry;
    } catch {
      parts.push(`${pkg}@unresolved`);
      return undefined;
    }
  };
  const entries = PARSER_PACKAGES.map((pkg) => resolve(pkg, self));
  for (const pkg of MARKDOWN_IT_DEPENDENCIES) resolve(pkg, entries[0] ?? self);
  try {
    parts.push(createHash('sha256').update(readFileSync(self)).digest('hex'));
  } catch {
    parts.push('markdown.js@unreadable');
  }
  return parts;
}

/**
 * A content-addressed cache of parsed documents under a directory that is safe to delete
 * (`node_modules/.cache/openwop-spec`): one pack per parser key, mapping the SHA-256 of each text
 * to its mdast in V8's serialisation. A run reads the pack once, on its first lookup; `flush`
 * writes back the documents this run used, only if it parsed any, in one file (a temporary file,
 * then a rename), so a cold run pays one write instead of one per document and documents that are
 * gone leave with the next write. Any failure reading or writing it is a miss, never an error.
 */
export class MarkdownCache {
  private readonly file: string;
  private pack: Map<string, Root> | undefined;
  /** This run's documents: hits and fresh parses. */
  private readonly used = new Map<string, Root>();
  private fresh = 0;

  constructor(root: string) {
    this.file = join(root, `md-${markdownParserKey()}.v8`);
  }

  /** The key of `text`, and its tree when the cache has it. */
  lookup(text: string): { key: string; root?: Root } {
    const key = createHash('sha256').update(text).digest('hex');
    this.pack ??= this.read();
    const root = this.pack.get(key);
    if (!root) return { key };
    this.used.set(key, root);
    return { key, root };
  }

  /** Keeps a fresh parse for the next `flush`. */
  store(key: string, root: Root): void {
    this.used.set(key, root);
    this.fresh++;
  }

  /** Writes this run's documents as the new pack, if it parsed anything since the last write. */
  async flush(): Promise<void> {
    if (this.fresh === 0) return;
    this.fresh = 0;
    const tmp = `${this.file}.${process.pid}.tmp`;
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      await writeFile(tmp, serialize(this.used));
      await rename(tmp, this.file);
    } catch {
      await rm(tmp, { force: true }).catch(() => undefined);
    }
  }

  private read(): Map<string, Root> {
    try {
      const value: unknown = deserialize(readFileSync(this.file));
      return value instanceof Map ? (value as Map<string, Root>) : new Map();
    } catch {
      return new Map();
    }
  }
}
