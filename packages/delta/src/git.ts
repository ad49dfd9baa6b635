import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { InputError, nearest } from '@openwop-spec/diagnostics';

interface GitResult {
  ok: boolean;
  stdout: Buffer;
  stderr: string;
}

/** The environment git runs in: the caller's (the CLI's Io), never read here from the process. */
export type GitEnv = Readonly<Record<string, string | undefined>>;

function git(cwd: string, args: readonly string[], env: GitEnv): GitResult {
  const r = spawnSync('git', args, { cwd, maxBuffer: 1 << 30, env: { ...env, LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0' } });
  if (r.error) throw new InputError(`cannot run git: ${r.error.message}`);
  return { ok: r.status === 0, stdout: r.stdout, stderr: r.stderr.toString('utf8').trim() };
}

const firstLine = (s: string): string => s.split('\n')[0] ?? '';

/** The repository's top level and the spec root's path inside it ('' when they are the same). */
export function gitLocation(root: string, env: GitEnv): { top: string; prefix: string } {
  const r = git(root, ['rev-parse', '--show-toplevel'], env);
  if (!r.ok) throw new InputError(`${root} is not inside a git repository, so there is no base to compare with`);
  const top = r.stdout.toString('utf8').trim();
  const prefix = relative(top, root).split(sep).join('/');
  return { top, prefix };
}

/** Resolves `ref` to a commit, with one clear line when it is absent (shallow clones included). */
export function resolveCommit(top: string, ref: string, env: GitEnv): string {
  const r = git(top, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], env);
  if (r.ok) return r.stdout.toString('utf8').trim();
  const shallow = git(top, ['rev-parse', '--is-shallow-repository'], env).stdout.toString('utf8').trim() === 'true';
  if (shallow) throw new InputError(`base ${ref} is not in this shallow clone; fetch more history (git fetch --unshallow, or fetch-depth: 0 in actions/checkout)`);
  const refs = git(top, ['for-each-ref', '--format=%(refname:short)', 'refs/heads', 'refs/tags', 'refs/remotes'], env).stdout.toString('utf8').split('\n').filter(Boolean);
  const hint = nearest(ref, refs);
  throw new InputError(`base ${ref} does not name a commit in this repository${hint ? ` (did you mean ${hint}?)` : ''}`);
}

/**
 * The default base: the merge base of HEAD with the default branch (origin's HEAD, else main,
 * else master).
 */
export function defaultBase(top: string, env: GitEnv): string {
  const originHead = git(top, ['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD'], env);
  const candidates = [originHead.ok ? originHead.stdout.toString('utf8').trim() : '', 'origin/main', 'main', 'origin/master', 'master'].filter(Boolean);
  for (const branch of candidates) {
    if (!git(top, ['rev-parse', '--verify', '--quiet', `${branch}^{commit}`], env).ok) continue;
    const mb = git(top, ['merge-base', 'HEAD', branch], env);
    if (mb.ok) return mb.stdout.toString('utf8').trim();
  }
  throw new InputError('no default branch found to compare with (looked for origin/HEAD, main, master); pass --base <ref>');
}

export interface Materialised {
  /** The spec root of the materialised tree (inside a temporary directory). */
  root: string;
  sha: string;
  /** Removes everything that was written. */
  cleanup(): void;
}

/**
 * Writes the tree of commit `sha` into a new temporary directory, reading from git's object store
 * only: the work tree, the index and HEAD are never touched. With `paths` (relative to the spec
 * root), only those of them that exist at the commit are written.
 */
export function materialise(root: string, sha: string, env: GitEnv, paths?: readonly string[]): Materialised {
  const { top, prefix } = gitLocation(root, env);
  const dir = mkdtempSync(join(tmpdir(), 'openwop-spec-base-'));
  const cleanup = (): void => rmSync(dir, { recursive: true, force: true });
  const specRoot = prefix ? join(dir, ...prefix.split('/')) : dir;
  const under = (p: string): string => (prefix ? `${prefix}/${p}` : p);
  try {
    // A spec root (or a listed path) that did not exist yet at the base is absent there; ls-tree
    // lists what exists, since git archive refuses a path that matches nothing.
    const wanted = paths ? paths.map(under) : prefix ? [prefix] : [];
    const present = wanted.length === 0 ? [] : git(top, ['ls-tree', '-z', '--name-only', sha, '--', ...wanted], env).stdout.toString('utf8').split('\0').filter(Boolean);
    if (wanted.length === 0 || present.length > 0) {
      const archive = git(top, ['archive', '--format=tar', sha, '--', ...present], env);
      if (!archive.ok) throw new InputError(`cannot read base ${sha.slice(0, 12)}: ${firstLine(archive.stderr)}`);
      const tar = spawnSync('tar', ['-x', '-f', '-', '-C', dir], { input: archive.stdout, maxBuffer: 1 << 30, env: { ...env } });
      if (tar.status !== 0) throw new InputError(`cannot unpack base ${sha.slice(0, 12)}: ${firstLine(tar.stderr?.toString('utf8') ?? '')}`);
    }
    mkdirSync(specRoot, { recursive: true });
  } catch (err) {
    cleanup();
    throw err;
  }
  return { root: specRoot, sha, cleanup };
}

export interface Commit {
  sha: string;
  /** The committer date, ISO 8601 with its offset (`git log %cI`). */
  date: string;
  subject: string;
}

/**
 * The last `limit` commits reachable from HEAD that touched any of `paths` (relative to the spec
 * root), newest first, and whether the clone is shallow (so older history may be missing). A
 * repository without commits has none; a folder outside git gives undefined.
 */
export function commitsTouching(root: string, paths: readonly string[], limit: number, env: GitEnv): { commits: Commit[]; shallow: boolean } | undefined {
  if (!git(root, ['rev-parse', '--show-toplevel'], env).ok) return undefined;
  const { top, prefix } = gitLocation(root, env);
  const shallow = git(top, ['rev-parse', '--is-shallow-repository'], env).stdout.toString('utf8').trim() === 'true';
  if (!git(top, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], env).ok) return { commits: [], shallow };
  const log = git(top, ['log', `-n${limit}`, '--format=%H%x1f%cI%x1f%s', 'HEAD', '--', ...paths.map((p) => (prefix ? `${prefix}/${p}` : p))], env);
  if (!log.ok) throw new InputError(`cannot read the git history: ${firstLine(log.stderr)}`);
  const commits = log.stdout
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [sha = '', date = '', subject = ''] = line.split('\x1f');
      return { sha, date, subject };
    });
  return { commits, shallow };
}
