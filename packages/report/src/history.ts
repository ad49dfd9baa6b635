import { InputError } from '@openwop-spec/diagnostics';
import { commitsTouching, materialise } from '@openwop-spec/delta';
import type { Commit, GitEnv } from '@openwop-spec/delta';
import { gate as coreBudget } from '@openwop-spec/gate-core-budget';
import { gate as normativeHome } from '@openwop-spec/gate-normative-home';
import { CONFIG_FILE, SpecTree } from '@openwop-spec/spec-tree';
import type { CorpusPaths } from '@openwop-spec/spec-tree';
import { HistoryCache } from './cache.js';
import { pointFigures, utcDay } from './model.js';
import type { History, HistoryPoint } from './model.js';

export interface HistoryOptions {
  /** How many commits to measure (0: none). */
  limit: number;
  /** Where measured commits are kept between runs; no cache when absent. */
  cacheDir?: string;
  /** The environment git runs in. */
  env: GitEnv;
}

/** What the budget and home gates read: a commit that touches none of these cannot move them. */
export const historyInputs = (paths: CorpusPaths): string[] => [
  paths.spec,
  paths.schemas,
  paths.docs,
  paths.evidence,
  CONFIG_FILE,
];

/**
 * Runs the core-budget and normative-home gates on one commit's tree, read from git's object
 * store into a temporary folder (the work tree, index and HEAD are never touched).
 */
async function measure(root: string, commit: Commit, inputs: readonly string[], env: GitEnv): Promise<HistoryPoint> {
  const point = { sha: commit.sha, date: commit.date, subject: commit.subject };
  let base;
  try {
    base = materialise(root, commit.sha, env, inputs);
    const tree = SpecTree.load(base.root);
    const options = { today: utcDay(commit.date), flags: new Set<string>() };
    const figures = pointFigures(
      (await coreBudget.check(tree, options)).figures,
      (await normativeHome.check(tree, options)).figures,
    );
    return figures ? { ...point, figures } : { ...point, error: 'the gates produced no figures' };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return {
      ...point,
      error: err instanceof InputError ? historical(err) : `internal error (this is a bug): ${message}`,
    };
  } finally {
    base?.cleanup();
  }
}

/**
 * Why a past commit could not be measured, as a fact about that commit: a file it lacks is not
 * in it yet (the advice an input error gives for today's tree cannot be acted on in history).
 */
function historical(err: InputError): string {
  return err.rule === 'input/missing' && err.location ? `${err.location.file} is not in this commit` : err.message;
}

/**
 * The figures at the last `limit` commits that touched the gates' inputs, newest first, each
 * served from the cache when measured before. Missing or partial history is a note, not an error.
 */
export async function collectHistory(root: string, paths: CorpusPaths, options: HistoryOptions): Promise<History> {
  if (options.limit === 0) return { points: [], notes: ['history is off (--history 0), so only today is shown'] };
  const inputs = historyInputs(paths);
  const listed = commitsTouching(root, inputs, options.limit, options.env);
  if (!listed)
    return {
      points: [],
      notes: ['no git history: the repository root is not inside a git repository, so only today is shown'],
    };
  const notes: string[] = [];
  if (listed.commits.length === 0) notes.push('no commit has touched the spec inputs yet, so only today is shown');
  if (listed.shallow && listed.commits.length < options.limit) {
    notes.push(
      'this clone is shallow, so older commits are missing (git fetch --unshallow, or fetch-depth: 0 in actions/checkout)',
    );
  }
  const cache = options.cacheDir === undefined ? undefined : new HistoryCache(options.cacheDir);
  const points: HistoryPoint[] = [];
  for (const commit of listed.commits) {
    const hit = cache?.get(commit.sha);
    if (hit) {
      points.push(hit);
      continue;
    }
    const point = await measure(root, commit, inputs, options.env);
    cache?.put(point);
    points.push(point);
  }
  return { points, notes };
}
