import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { InputError } from '@openwop-spec/diagnostics';

interface GitResult {
  ok: boolean;
  stdout: Buffer;
  stderr: string;
}

function git(cwd: string, args: readonly string[]): GitResult {
  const r = spawnSync('git', args, { cwd, maxBuffer: 1 << 30, env: { ...process.env, LC_ALL: 'C', GIT_TERMINAL_PROMPT: '0' } });
  if (r.error) throw new InputError(`cannot run git: ${r.error.message}`);
  return { ok: r.status === 0, stdout: r.stdout, stderr: r.stderr.toString('utf8').trim() };
}

const firstLine = (s: string): string => s.split('\n')[0] ?? '';

/** The repository's top level and the spec root's path inside it ('' when they are the same). */
export function gitLocation(root: string): { top: string; prefix: string } {
  const r = git(root, ['rev-parse', '--show-toplevel']);
  if (!r.ok) throw new InputError(`${root} is not inside a git repository, so there is no base to compare with`);
  const top = r.stdout.toString('utf8').trim();
  const prefix = relative(top, root).split(sep).join('/');
  return { top, prefix };
}

/** Resolves `ref` to a commit, with one clear line when it is absent (shallow clones included). */
export function resolveCommit(top: string, ref: string): string {
  const r = git(top, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]);
  if (r.ok) return r.stdout.toString('utf8').trim();
  const shallow = git(top, ['rev-parse', '--is-shallow-repository']).stdout.toString('utf8').trim() === 'true';
  throw new InputError(
    shallow
      ? `base ${ref} is not in this shallow clone; fetch more history (git fetch --unshallow, or fetch-depth: 0 in actions/checkout)`
      : `base ${ref} does not name a commit in this repository`,
  );
}

/**
 * The default base: the merge base of HEAD with the default branch (origin's HEAD, else main,
 * else master).
 */
export function defaultBase(top: string): string {
  const originHead = git(top, ['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD']);
  const candidates = [originHead.ok ? originHead.stdout.toString('utf8').trim() : '', 'origin/main', 'main', 'origin/master', 'master'].filter(Boolean);
  for (const branch of candidates) {
    if (!git(top, ['rev-parse', '--verify', '--quiet', `${branch}^{commit}`]).ok) continue;
    const mb = git(top, ['merge-base', 'HEAD', branch]);
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
 * only: the work tree, the index and HEAD are never touched.
 */
export function materialise(root: string, sha: string): Materialised {
  const { top, prefix } = gitLocation(root);
  const dir = mkdtempSync(join(tmpdir(), 'openwop-spec-base-'));
  const cleanup = (): void => rmSync(dir, { recursive: true, force: true });
  const specRoot = prefix ? join(dir, ...prefix.split('/')) : dir;
  try {
    // A spec root that did not exist yet at the base is an empty tree there.
    const exists = !prefix || git(top, ['ls-tree', '--name-only', sha, '--', prefix]).stdout.length > 0;
    if (exists) {
      const archive = git(top, ['archive', '--format=tar', sha, '--', ...(prefix ? [prefix] : [])]);
      if (!archive.ok) throw new InputError(`cannot read base ${sha.slice(0, 12)}: ${firstLine(archive.stderr)}`);
      const tar = spawnSync('tar', ['-x', '-f', '-', '-C', dir], { input: archive.stdout, maxBuffer: 1 << 30 });
      if (tar.status !== 0) throw new InputError(`cannot unpack base ${sha.slice(0, 12)}: ${firstLine(tar.stderr?.toString('utf8') ?? '')}`);
    }
    mkdirSync(specRoot, { recursive: true });
  } catch (err) {
    cleanup();
    throw err;
  }
  return { root: specRoot, sha, cleanup };
}
