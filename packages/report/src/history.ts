import { InputError } from '@openwop-spec/diagnostics';
import { BlobStore, CommitFs, commitsTouching, gitLocation, materialise } from '@openwop-spec/delta';
import type { Commit, GitEnv } from '@openwop-spec/delta';
import { gate as coreBudget } from '@openwop-spec/gate-core-budget';
import { gate as normativeHome } from '@openwop-spec/gate-normative-home';
import { CONFIG_FILE, MemoryFacts, SpecTree } from '@openwop-spec/spec-tree';
import type { CacheFolderOptions, CorpusPaths, FactStore } from '@openwop-spec/spec-tree';
import { HistoryCache } from './cache.js';
import { pointFigures, utcDay } from './model.js';
import type { History, HistoryPoint } from './model.js';

export interface HistoryOptions {
  /** How many commits to measure (0: none). */
  limit: number;
  /** Where measured commits are kept between runs, and the folder it may not leave; no cache when absent. */
  cache?: CacheFolderOptions & { dir: string };
  /** The environment git runs in. */
  env: GitEnv;
  /**
   * Where the gates' facts are kept (the fact cache): a commit's documents that an earlier commit,
   * the working tree or an earlier run saw are not derived again. Without one, the commits of this
   * run share facts in memory.
   */
  facts?: FactStore;
  /** Told once, when the commits left to measure will take a while: how many, and about how long. */
  estimate?: (line: string) => void;
  /** After each commit measured, a one-line status; undefined once every commit is measured. */
  progress?: (line: string | undefined) => void;
  /** Milliseconds, for the estimate; injected so tests stay deterministic. */
  clock?: () => number;
}

/** What the budget and home gates read: a commit that touches none of these cannot move them. */
export const historyInputs = (paths: CorpusPaths): string[] => [
  paths.spec,
  paths.schemas,
  paths.docs,
  paths.evidence,
  CONFIG_FILE,
];

/** An estimate is said only when the commits left would take at least this long (ms). */
const SAY_ESTIMATE_FROM = 5_000;

/** Milliseconds as people say them: `40 ms`, `2.5 s`, `40 s`, `3 min`, `1.5 h`. */
export function duration(ms: number): string {
  const s = ms / 1000;
  if (s < 1) return `${Math.round(ms)} ms`;
  if (s < 10) return `${s.toFixed(1)} s`;
  if (s < 90) return `${Math.round(s)} s`;
  if (s < 90 * 60) return `${Math.round(s / 60)} min`;
  return `${Math.round(s / 360) / 10} h`;
}

/**
 * Measures commits one after the other, each read from git's object store (`CommitFs`; a commit
 * whose inputs hold a symlink is written to a temporary folder instead) and measured by the
 * core-budget and normative-home gates; the work tree, index and HEAD are never touched. The
 * commits share one store of git blobs (consecutive commits share most files, fetched once) and
 * one of facts, and each commit fetches at once what the commit before it read.
 */
class Measurer {
  private readonly blobs: BlobStore;
  private readonly top: string;
  private readonly prefix: string;
  /** The files the last commit measured read. */
  private read: ReadonlySet<string> | undefined;

  constructor(
    private readonly root: string,
    private readonly inputs: readonly string[],
    private readonly env: GitEnv,
    private readonly facts: FactStore,
  ) {
    ({ top: this.top, prefix: this.prefix } = gitLocation(root, env));
    this.blobs = new BlobStore(this.top, env);
  }

  async measure(commit: Commit): Promise<HistoryPoint> {
    const point = { sha: commit.sha, date: commit.date, subject: commit.subject };
    let folder;
    try {
      const fs = CommitFs.open(this.blobs, this.top, this.prefix, commit.sha, this.env, this.inputs);
      let tree: SpecTree;
      if (fs) {
        this.blobs.keep(fs.allBlobs());
        this.blobs.fetch(this.read ? fs.blobsOf(this.read) : fs.allBlobs());
        tree = SpecTree.open(fs, { cache: this.facts });
      } else {
        folder = materialise(this.root, commit.sha, this.env, this.inputs);
        tree = SpecTree.load(folder.root, { cache: this.facts });
      }
      const options = { today: utcDay(commit.date), flags: new Set<string>() };
      const { value: figures, log } = await tree.record(async () =>
        pointFigures(
          (await coreBudget.check(tree, options)).figures,
          (await normativeHome.check(tree, options)).figures,
        ),
      );
      this.read = log.files;
      return figures ? { ...point, figures } : { ...point, error: 'the gates produced no figures' };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      return {
        ...point,
        error: err instanceof InputError ? historical(err) : `internal error (this is a bug): ${message}`,
      };
    } finally {
      folder?.cleanup();
    }
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
  const cache = options.cache && new HistoryCache(options.cache.dir, options.cache);
  const points: Array<HistoryPoint | undefined> = listed.commits.map((c) => cache?.get(c.sha));
  const toMeasure = points.filter((p) => p === undefined).length;
  // Oldest first, as the commits came: each shares most of its files and facts with the one before.
  const order = listed.commits.map((commit, i) => ({ commit, i })).reverse();
  const clock = options.clock ?? (() => performance.now());
  let measurer: Measurer | undefined;
  let done = 0;
  let last = 0;
  for (const { commit, i } of order) {
    if (points[i]) continue;
    measurer ??= new Measurer(root, inputs, options.env, options.facts ?? new MemoryFacts());
    const started = clock();
    const point = await measurer.measure(commit);
    last = clock() - started;
    cache?.put(point);
    points[i] = point;
    done++;
    const left = toMeasure - done;
    // The first commit derives every document's facts; the second costs what each later one will.
    if (done === 2 && left * last >= SAY_ESTIMATE_FROM)
      options.estimate?.(
        `measuring ${toMeasure} commits the history cache does not hold: about ${duration(left * last)} more (${duration(last)} a commit)`,
      );
    if (left > 0)
      options.progress?.(
        `measured ${done} of ${toMeasure} commits (${commit.sha.slice(0, 12)}, ${commit.date.slice(0, 10)})${done >= 2 ? `, about ${duration(left * last)} left` : ''}`,
      );
  }
  if (done > 0) options.progress?.(undefined);
  return { points: points as HistoryPoint[], notes };
}
