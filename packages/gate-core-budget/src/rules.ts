import { formatGrouped } from '@openwop-spec/diagnostics';
import { ruleCatalog } from '@openwop-spec/gate-api';

export const GATE_ID = 'core-budget';

/** Why a cited ext home is not measured, as a message fragment. */
export const SKIP_REASON = {
  'not-canonical': 'it is not a canonical repository-relative path',
  'not-markdown': 'it does not end in .md',
  missing: 'it does not exist',
  'outside-root': 'it resolves outside the repository',
  'not-a-file': 'it is not a regular file',
} as const;

export type SkipReason = keyof typeof SKIP_REASON;

export const rules = ruleCatalog(GATE_ID, {
  'budget/nothing-to-check': {
    severity: 'warning',
    summary:
      'The gate found no core document to measure: spec/v2/core/ is missing or holds no .md file, so 0 words pass a cap nothing was measured against.',
    fail: 'a tree whose spec/v2/core/ is absent (or the run pointed at the wrong root)',
    pass: 'spec/v2/core/ holds the kernel documents, e.g. spec/v2/core/overview.md',
    fix: 'Run from the spec repository (or pass --root), or set paths.spec in openwop-spec.config.json to the folder that holds v2/core/.',
    message: (d: { dir: string; why: string }) => `nothing to check: ${d.dir}/ ${d.why}, so no word was measured`,
  },
  'budget/over-cap': {
    severity: 'error',
    summary:
      'The measured v2 kernel (spec/v2/core/**/*.md plus ext homes cited by core families) has more words than the cap 25,000 + 200 × (homed − 9).',
    fail: 'spec/v2/core/ holds 25,001 words while 9 or fewer core families are homed.',
    pass: 'The same tree at 25,000 words (equality passes), or with a tenth family given a real v2 home.',
    fix: 'Cut words from the largest documents the message names, or give another core family a v2 home that passes the normative-home gate (each adds 200 words).',
    message: (d: { total: number; cap: number; largest: ReadonlyArray<{ label: string; words: number }> }) =>
      `the kernel is ${formatGrouped(d.total)} words; cap ${formatGrouped(d.cap)} (over by ${formatGrouped(d.total - d.cap)}); ` +
      `largest documents: ${d.largest.map((r) => `${r.label} (${formatGrouped(r.words)})`).join(', ')}`,
    hint: (d: { total: number; cap: number }) =>
      `cut ${formatGrouped(d.total - d.cap)} word(s) from them, or give another core family a real v2 home (+200 words of cap each)`,
  },
  'budget/symlink-escape': {
    severity: 'warning',
    summary: 'A .md entry under spec/v2/core/ is a symlink to a file outside the repository; it is not measured.',
    fail: 'spec/v2/core/extra.md -> /home/me/notes.md',
    pass: 'spec/v2/core/extra.md is a regular file (or a symlink to one inside the repository).',
    fix: 'Commit the document itself in place of the link, or remove the link.',
    message: (d: { path: string }) => `${d.path} is a symlink to a file outside the repository; it is not measured`,
  },
  'budget/ext-home-skipped': {
    severity: 'warning',
    summary:
      'A core family cites an ext home that cannot be measured (not canonical, not .md, missing, a folder, or outside the repository); it is not counted.',
    fail: '"normativeText": ["spec/v2/core/a.md", "spec/v2/ext/packs/"] (a folder)',
    pass: '"normativeText": ["spec/v2/core/a.md", "spec/v2/ext/packs/README.md"]',
    fix: 'Point normativeText at an existing .md file (openwop-spec normative-home reports the exact error).',
    message: (d: { key: string; path: string; reason: SkipReason }) =>
      `${d.key}: ext home ${d.path} is not measured because ${SKIP_REASON[d.reason]}`,
  },
});
