// A small spec repository whose figures the tests know in advance: core families homed either in
// their own spec/v2/core/ document or in one spec/v1/ document, and a real git history with fixed
// dates, built a commit at a time or written at once by git fast-import.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createFixture, git, gitAt } from '@openwop-spec/spec-tree/testing';

import { allowedAt } from '@openwop-spec/gate-normative-home';

export const KEYS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'] as const;
export const T0 = '2026-09-18';
export const EOS = '2026-12-04';
export const OPEN_AT_T0 = 5;

/** Words by the reference rule, independent of the budget gate's own counter. */
export const wc = (s: string): number => s.split(/\s+/).filter(Boolean).length;
const filler = (n: number): string =>
  Array.from({ length: n }, (_, i) => ['hosts', 'keep', 'records', 'stable'][i % 4]).join(' ');

/** A core home of `key`: its marker claims it on line 4, and it covers the facet `size`. */
export const coreDoc = (key: string, words: number): string =>
  `# ${key}\n\n> **Status: Stable · v2.0.**\n> **Normative home:** \`${key}\`.\n\nA host advertising \`${key}\` MUST honour this section. It reports \`${key}.size\`.\n\n${filler(words)}\n`;

const v1Doc = (keys: readonly string[]): string =>
  `# Legacy\n\n> **Status: Stable · v1.1.** Normative for v1 hosts.\n\n${keys.map((k) => `## Section ${k}\n\nA host MUST implement \`${k}\` as written here.\n`).join('\n')}`;

export interface State {
  /** Families homed in spec/v2/core/<key>.md; the others live in spec/v1/legacy.md. */
  core: readonly string[];
  /** Families declared with no home at all. */
  undeclared?: readonly string[];
}

/** The word count of each core document, so the budget's rows are known: 40, 50, 60, … */
export const coreWords = (key: string): number => 40 + 10 * KEYS.indexOf(key as (typeof KEYS)[number]);

export function files(state: State): Record<string, string> {
  const undeclared = new Set(state.undeclared ?? []);
  const v1 = KEYS.filter((k) => !state.core.includes(k) && !undeclared.has(k));
  const out: Record<string, string> = {
    'pnpm-workspace.yaml': 'packages: []\n',
    'spec/v2/declaration.json':
      JSON.stringify(
        {
          families: KEYS.map((key) => ({
            key,
            kind: 'family',
            anchor: 'core',
            facets: ['size', 'colour'],
            normativeText: undeclared.has(key)
              ? []
              : [state.core.includes(key) ? `spec/v2/core/${key}.md` : 'spec/v1/legacy.md'],
          })),
        },
        null,
        2,
      ) + '\n',
    'docs/normative-home-baseline.json':
      JSON.stringify(
        {
          t0: T0,
          openAtT0: OPEN_AT_T0,
          v1Dependent: v1.length,
          undeclared: undeclared.size,
          facetsUncovered: KEYS.length - undeclared.size,
          v1Carried: v1,
        },
        null,
        2,
      ) + '\n',
    'evidence/v1-end-of-support.json': JSON.stringify({ endOfSupportNotBefore: EOS }) + '\n',
  };
  for (const key of state.core) out[`spec/v2/core/${key}.md`] = coreDoc(key, coreWords(key));
  if (v1.length) out['spec/v1/legacy.md'] = v1Doc(v1);
  return out;
}

export interface Repo {
  root: string;
  /** Puts `state`'s spec in the working tree (files of the previous state that it lacks are removed). */
  put(state: State): void;
  /** Puts `state` and commits it on `day` (noon UTC); returns the commit id. */
  commit(state: State, day: string, subject: string): string;
  remove: () => void;
}

/** An empty git repository in a temporary folder. */
export function repo(): Repo {
  const fx = createFixture({});
  git(fx.root, 'init', '-q');
  let current: Record<string, string> = {};
  const put = (state: State): void => {
    const next = files(state);
    fx.write({ ...Object.fromEntries(Object.keys(current).map((p) => [p, null])), ...next });
    current = next;
  };
  return {
    root: fx.root,
    put,
    commit(state, day, subject) {
      put(state);
      git(fx.root, 'add', '-A');
      gitAt(`${day}T12:00:00Z`, fx.root, 'commit', '-qm', subject);
      return git(fx.root, 'rev-parse', 'HEAD').trim();
    },
    remove: fx.remove,
  };
}

/** One commit of a history: the spec `state` (or these exact `files`) on `day` (noon UTC). */
export interface Step {
  state?: State;
  files?: Record<string, string>;
  day: string;
  subject: string;
}

/**
 * An empty git repository whose `main` holds `steps`, oldest first, written by one `git
 * fast-import` (one process, where a commit at a time spawns three); returns the commit ids in the
 * same order. The work tree stays empty (nothing is checked out): `put` fills it.
 */
export function importHistory(r: Repo, steps: readonly Step[]): string[] {
  const blob = (text: string): string => `data ${Buffer.byteLength(text)}\n${text}\n`;
  const stream = steps.map((step, i) => {
    const when = `${Date.parse(`${step.day}T12:00:00Z`) / 1000} +0000`;
    const contents = step.files ?? files(step.state ?? { core: [] });
    return [
      `commit refs/heads/main\nmark :${i + 1}\n`,
      `author t <t@example.com> ${when}\ncommitter t <t@example.com> ${when}\n`,
      blob(step.subject),
      i > 0 ? `from :${i}\n` : '',
      'deleteall\n',
      ...Object.entries(contents).map(([path, text]) => `M 100644 inline ${path}\n${blob(text)}`),
      '\n',
    ].join('');
  });
  const marks = join(r.root, '.git', 'history-marks');
  execFileSync('git', ['fast-import', '--quiet', `--export-marks=${marks}`], { cwd: r.root, input: stream.join('') });
  const ids = new Map(
    readFileSync(marks, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(' ') as [string, string]),
  );
  rmSync(marks);
  return steps.map((_, i) => ids.get(`:${i + 1}`)!);
}

/** Whole days from a to b (both YYYY-MM-DD, UTC). */
export const days = (a: string, b: string): number =>
  (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;
/** What the gate's schedule allows on `day` for this fixture. */
export const expectedAllowed = (day: string): number => allowedAt(day, T0, OPEN_AT_T0, EOS);
