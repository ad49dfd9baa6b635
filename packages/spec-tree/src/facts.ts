import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isRecord } from '@openwop-spec/json';
import type { Root } from 'mdast';
import type { CorpusPaths } from './config.js';
import { compareCodeUnits } from '@openwop-spec/diagnostics';

/** One file as a fact kind derives from it. */
export interface FactSource {
  /** Repository path. */
  path: string;
  text: string;
  /** The file parsed as markdown (once per tree; the parser loads on the first parse). */
  markdown(): Promise<Root>;
}

/**
 * What a gate derives from one file's text alone, cached by the SpecTree with the text's content
 * hash: in memory for the tree, and across runs in a FactCache. A value must be a function of the
 * text (and the path's extension), never of another file.
 */
export interface FactKind<T> {
  /** Unique across kinds; names the kind's entries in the cache. */
  readonly id: string;
  /**
   * `import.meta.url` of the module that defines the kind. The code of its package, and the name and
   * version (or, for a private package, the code) of every package it depends on, are part of the
   * cache key, so an upgrade or an edit of the deriving code is a miss, never a stale answer.
   */
  readonly code: string;
  /**
   * URLs of files other than code that the derivation reads (a schema shipped as JSON): their bytes
   * are part of the cache key too, since the code hash covers only code files.
   */
  readonly resources?: readonly string[];
  /**
   * For a kind that reads the syntax tree: whether it is a fact of the document at `path`. A tree
   * given the run's kinds (`TreeOptions.kinds`) derives every one that applies to a document from the
   * parse any fact of that document makes, so no document is parsed twice in a run, whichever gate
   * asks first.
   */
  applies?(path: string, paths: CorpusPaths): boolean;
  derive(source: FactSource): T | Promise<T>;
  /** The value as JSON for the cache. */
  toJson(value: T): unknown;
  /** A value read back from the cache, or undefined when it is not what `toJson` writes (a miss). */
  fromJson(json: unknown): T | undefined;
}

/** Bumped when the meaning of a cached record changes in a way no code hash can see. */
const FORMAT = 1;
/** Files of a private package that are code (type declarations and source maps are not). */
const CODE_FILE = /(?<!\.d)\.(c|m)?(j|t)s$/;

const packageIdentities = new Map<string, string | undefined>();

/** The directory of the package that holds `file`: the nearest one above it with a package.json. */
function packageDirOf(file: string): string {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return dirname(file);
  }
}

/** Where Node would find package `name` from `dir`: the first `node_modules/name` above it. */
function findPackage(dir: string, name: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    const candidate = join(at, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(at) === at) return undefined;
  }
}

/** SHA-256 over the code files under `dir` (paths and bytes, in code-unit order). */
function hashCode(dir: string): string {
  const hash = createHash('sha256');
  const walk = (rel: string): void => {
    for (const e of readdirSync(join(dir, rel), { withFileTypes: true }).sort((a, b) =>
      compareCodeUnits(a.name, b.name),
    )) {
      const path = rel === '' ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) walk(path);
      else if (CODE_FILE.test(e.name))
        hash
          .update(`${path}\0`)
          .update(readFileSync(join(dir, path)))
          .update('\0');
    }
  };
  walk('');
  return hash.digest('hex');
}

/** Lockfiles that pin every installed version, searched for above the deriving package. */
const LOCKFILES = ['pnpm-lock.yaml', 'package-lock.json', 'npm-shrinkwrap.json', 'yarn.lock', 'bun.lock'];

/** The lockfile of the installation `dir` belongs to, if any. */
function lockfileOf(dir: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    const found = LOCKFILES.map((name) => join(at, name)).find((file) => existsSync(file));
    if (found) return found;
    if (dirname(at) === at) return undefined;
  }
}

interface PackageMeta {
  name?: string;
  version?: string;
  private?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/**
 * The packages `dir` runs with: a private (workspace) package by the hash of its built code
 * (`dist/`, else `src/`), followed through its dependencies; a published one by name@version, and
 * through its own dependencies only when no lockfile pins them (`deep`).
 */
function describePackages(dir: string, parts: Set<string>, seen: Set<string>, deep: boolean): void {
  const meta = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageMeta;
  if (!meta.private) {
    parts.add(`${meta.name}@${meta.version}`);
    if (!deep) return;
  }
  const real = realpathSync(dir);
  if (seen.has(real)) return;
  seen.add(real);
  if (meta.private) {
    const code = ['dist', 'src'].map((d) => join(real, d)).find((d) => existsSync(d));
    parts.add(`${meta.name}#${code ? hashCode(code) : 'no-code'}`);
  }
  for (const name of Object.keys(meta.dependencies ?? {})) {
    const found = findPackage(real, name);
    if (found) describePackages(found, parts, seen, deep);
    else parts.add(`${name}@unresolved`);
  }
  // Optional dependencies that are not installed (another platform's binary) do not run here.
  for (const name of Object.keys(meta.optionalDependencies ?? {})) {
    const found = findPackage(real, name);
    if (found) describePackages(found, parts, seen, deep);
  }
}

/**
 * What identifies the code of the module at `moduleUrl` (a `file:` URL): the code of every private
 * package it runs with, the version of every published package they depend on, and the lockfile
 * that pins the rest (without one, every published package is followed to its own dependencies).
 * In the npm package, whose bundle is one published package, that is its name and version.
 * Undefined when a package cannot be read. Computed once per package per process.
 */
export function codeIdentity(moduleUrl: string): string | undefined {
  const dir = packageDirOf(fileURLToPath(moduleUrl));
  if (packageIdentities.has(dir)) return packageIdentities.get(dir);
  let packages: string | undefined;
  try {
    const parts = new Set<string>();
    const lockfile = lockfileOf(realpathSync(dir));
    if (lockfile) parts.add(`lockfile#${createHash('sha256').update(readFileSync(lockfile)).digest('hex')}`);
    describePackages(dir, parts, new Set(), lockfile === undefined);
    packages = [...parts].sort().join('\n');
  } catch {
    packages = undefined;
  }
  packageIdentities.set(dir, packages);
  return packages;
}

/**
 * The key part that identifies the code deriving `kind`: the record format, the Node major version,
 * the kind's id, the bytes of its resources and the identity of its module's code (`codeIdentity`).
 * Undefined when a package or a resource cannot be read: its facts are then never cached.
 */
export function factIdentity(kind: FactKind<unknown>): string | undefined {
  const packages = codeIdentity(kind.code);
  if (packages === undefined) return undefined;
  const hash = createHash('sha256').update(
    `openwop-spec-facts ${FORMAT}\nnode@${process.versions.node.split('.')[0]}\n${kind.id}\n${packages}`,
  );
  try {
    // By bytes, not location: a cache restored into another checkout still serves it.
    for (const url of kind.resources ?? []) {
      const bytes = readFileSync(new URL(url));
      hash.update(`\0${bytes.length}\0`).update(bytes);
    }
  } catch {
    return undefined;
  }
  return hash.digest('hex');
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/** Shape checks for `fromJson`: a cached value is used only if it is exactly what was written. */
export const shape = {
  isCount,
  isString: (v: unknown): v is string => typeof v === 'string',
  isPoint: (v: unknown): v is { line: number; column: number; offset: number } =>
    isRecord(v) && isCount(v['line']) && isCount(v['column']) && isCount(v['offset']),
  arrayOf: <T>(v: unknown, item: (x: unknown) => x is T): v is T[] => Array.isArray(v) && v.every((x) => item(x)),
};
