import { spawnSync } from 'node:child_process';
import type { SpawnSyncOptions } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { InputError, nearest } from '@openwop-spec/diagnostics';
import { $ } from 'zx';
import type { ProcessOutput } from 'zx';

interface GitResult {
  ok: boolean;
  stdout: string;
  stderr: string;
}

/** The environment git runs in: the caller's (the CLI's Io), never read here from the process. */
export type GitEnv = Readonly<Record<string, string | undefined>>;

/**
 * zx in its synchronous mode: it quotes every interpolated argument (arrays element by element)
 * and runs the command under `set -euo pipefail`, so a pipeline fails when any part of it does.
 * Its buffers come from spawnSync, whose 1 MiB default a repository with many refs outgrows.
 */
const roomySpawnSync = ((cmd: string, args: readonly string[], opts: SpawnSyncOptions) =>
  spawnSync(cmd, args, { ...opts, maxBuffer: 1 << 30 })) as typeof spawnSync;

/** The environment every git command runs in: the caller's, in the C locale, never prompting. */
const gitEnv = (env: GitEnv): GitEnv => ({ ...env, LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0' });

function sh(cwd: string, env: GitEnv) {
  return $({ sync: true, nothrow: true, quiet: true, cwd, env: gitEnv(env), spawnSync: roomySpawnSync });
}

function result(out: ProcessOutput, what: string): GitResult {
  // 127 is the shell's "command not found" (git or tar is not installed); null, no shell at all.
  if (out.exitCode === 127 || out.exitCode === null) throw new InputError(`cannot run ${what}: ${out.stderr.trim()}`);
  return { ok: out.exitCode === 0, stdout: out.stdout, stderr: out.stderr.trim() };
}

/**
 * Runs git itself, without a shell (each argument is one argument, whatever it holds), with
 * `input` on its stdin; its output as bytes. `--literal-pathspecs`: a path is a path, never a
 * pattern or pathspec magic.
 */
export function gitBytes(
  cwd: string,
  args: readonly string[],
  env: GitEnv,
  input?: string,
): { ok: boolean; stdout: Buffer; stderr: string } {
  const r = spawnSync('git', ['--literal-pathspecs', ...args], {
    cwd,
    env: gitEnv(env),
    maxBuffer: 1 << 30,
    ...(input !== undefined ? { input } : {}),
  });
  if (r.error) {
    const code = (r.error as NodeJS.ErrnoException).code;
    throw new InputError(`cannot run git: ${code === 'ENOENT' ? 'git was not found on the PATH' : r.error.message}`);
  }
  return { ok: r.status === 0, stdout: r.stdout, stderr: r.stderr.toString('utf8').trim() };
}

function git(cwd: string, args: readonly string[], env: GitEnv): GitResult {
  const r = gitBytes(cwd, args, env);
  return { ok: r.ok, stdout: r.stdout.toString('utf8'), stderr: r.stderr };
}

const firstLine = (s: string): string => s.split('\n')[0] ?? '';

/** The repository's top level and the spec root's path inside it ('' when they are the same). */
export function gitLocation(root: string, env: GitEnv): { top: string; prefix: string } {
  const r = git(root, ['rev-parse', '--show-toplevel'], env);
  if (!r.ok) throw new InputError(`${root} is not inside a git repository, so there is no base to compare with`);
  const top = r.stdout.trim();
  const prefix = relative(top, root).split(sep).join('/');
  return { top, prefix };
}

/** Resolves `ref` to a commit, with one clear line when it is absent (shallow clones included). */
export function resolveCommit(top: string, ref: string, env: GitEnv): string {
  const r = git(top, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], env);
  if (r.ok) return r.stdout.trim();
  const shallow = git(top, ['rev-parse', '--is-shallow-repository'], env).stdout.trim() === 'true';
  if (shallow)
    throw new InputError(
      `base ${ref} is not in this shallow clone; fetch more history (git fetch --unshallow, or fetch-depth: 0 in actions/checkout)`,
    );
  const refs = git(top, ['for-each-ref', '--format=%(refname:short)', 'refs/heads', 'refs/tags', 'refs/remotes'], env)
    .stdout.split('\n')
    .filter(Boolean);
  const hint = nearest(ref, refs);
  throw new InputError(
    `base ${ref} does not name a commit in this repository${hint ? ` (did you mean ${hint}?)` : ''}`,
  );
}

/**
 * The default base: the merge base of HEAD with the default branch (origin's HEAD, else main,
 * else master).
 */
export function defaultBase(top: string, env: GitEnv): string {
  const originHead = git(top, ['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD'], env);
  const candidates = [
    originHead.ok ? originHead.stdout.trim() : '',
    'origin/main',
    'main',
    'origin/master',
    'master',
  ].filter(Boolean);
  for (const branch of candidates) {
    if (!git(top, ['rev-parse', '--verify', '--quiet', `${branch}^{commit}`], env).ok) continue;
    const mb = git(top, ['merge-base', 'HEAD', branch], env);
    if (mb.ok) return mb.stdout.trim();
  }
  throw new InputError(
    'no default branch found to compare with (looked for origin/HEAD, main, master); pass --base <ref>',
  );
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
    const present =
      wanted.length === 0
        ? []
        : git(top, ['ls-tree', '-z', '--name-only', sha, '--', ...wanted], env)
            .stdout.split('\0')
            .filter(Boolean);
    if (wanted.length === 0 || present.length > 0) {
      // The archive goes from git to tar through the pipe, never through this process.
      const unpack = result(
        sh(top, env)`git archive --format=tar ${sha} -- ${present} | tar -x -f - -C ${dir}`,
        'git archive | tar',
      );
      if (!unpack.ok) throw new InputError(`cannot unpack base ${sha.slice(0, 12)}: ${firstLine(unpack.stderr)}`);
    }
    // A commit may hold the spec root, or a folder on the way to it, as a symlink: the tree would
    // then be read wherever the link leads, outside what was unpacked.
    let at = dir;
    for (const segment of prefix ? prefix.split('/') : []) {
      at = join(at, segment);
      if (lstatSync(at, { throwIfNoEntry: false })?.isSymbolicLink())
        throw new InputError(
          `cannot read commit ${sha.slice(0, 12)}: its spec root ${prefix} leads through the symlink ${relative(dir, at).split(sep).join('/')} (to ${readlinkSync(at)}); a commit is read only inside the repository`,
        );
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
export function commitsTouching(
  root: string,
  paths: readonly string[],
  limit: number,
  env: GitEnv,
): { commits: Commit[]; shallow: boolean } | undefined {
  if (!git(root, ['rev-parse', '--show-toplevel'], env).ok) return undefined;
  const { top, prefix } = gitLocation(root, env);
  const shallow = git(top, ['rev-parse', '--is-shallow-repository'], env).stdout.trim() === 'true';
  if (!git(top, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], env).ok) return { commits: [], shallow };
  const log = git(
    top,
    [
      'log',
      `-n${limit}`,
      '--format=%H%x1f%cI%x1f%s',
      'HEAD',
      '--',
      ...paths.map((p) => (prefix ? `${prefix}/${p}` : p)),
    ],
    env,
  );
  if (!log.ok) throw new InputError(`cannot read the git history: ${firstLine(log.stderr)}`);
  const commits = log.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [sha = '', date = '', subject = ''] = line.split('\x1f');
      return { sha, date, subject };
    });
  return { commits, shallow };
}

/** A path that differs between a commit and the working tree; `kind`: it was added, deleted or changed type, not only edited. */
export interface ChangedPath {
  path: string;
  kind: boolean;
}

/**
 * What differs between commit `sha` and the working tree under the spec root, relative to it: the
 * tracked files whose content or type differs (`git diff <sha>`: staged or not), and what git
 * does not track there, ignored or not (`git ls-files --others --directory`: a folder git does not
 * track at all is one path), which the commit cannot hold.
 */
export function changedSince(root: string, sha: string, env: GitEnv): ChangedPath[] {
  const { top, prefix } = gitLocation(root, env);
  const spec = prefix ? [prefix] : [];
  const relative = (p: string): string => (prefix ? p.slice(prefix.length + 1) : p);
  const diff = gitBytes(top, ['diff', '--no-renames', '--name-status', '-z', sha, '--', ...spec], env);
  if (!diff.ok)
    throw new InputError(`cannot compare the working tree with ${sha.slice(0, 12)}: ${firstLine(diff.stderr)}`);
  const out: ChangedPath[] = [];
  // "<status>\0<path>\0" per file; M is an edit, anything else (A, D, T, U) changes what the path is.
  const fields = diff.stdout.toString('utf8').split('\0');
  for (let i = 0; i + 1 < fields.length; i += 2) out.push({ path: relative(fields[i + 1]!), kind: fields[i] !== 'M' });
  const others = gitBytes(top, ['ls-files', '-z', '--others', '--directory', '--', ...spec], env);
  if (!others.ok) throw new InputError(`cannot list the untracked files: ${firstLine(others.stderr)}`);
  for (const p of others.stdout.toString('utf8').split('\0'))
    if (p !== '') out.push({ path: relative(p.endsWith('/') ? p.slice(0, -1) : p), kind: true });
  return out;
}
