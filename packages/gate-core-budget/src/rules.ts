import { EXAMPLE_FILES, EXAMPLE_ROWS, formatGrouped } from '@openwop-spec/diagnostics';
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

/** In the example repository, toolCatalog's list of homes (an example appends one). */
const TOOL_CATALOG_HOMES = `${EXAMPLE_ROWS.toolCatalog}/normativeText/-`;

export const rules = ruleCatalog(GATE_ID, {
  'budget/nothing-to-check': {
    severity: 'warning',
    summary:
      'The gate found no core document to measure: spec/v2/core/ is missing or holds no .md file, so 0 words pass a cap nothing was measured against.',
    fail: {
      says: 'spec/v2/core/ holds no document (or the run pointed at the wrong root).',
      edits: [
        { file: 'spec/v2/core/capabilities.md', remove: true },
        { file: 'spec/v2/core/tool-catalog.md', remove: true },
      ],
    },
    pass: { says: 'spec/v2/core/ holds the kernel documents.', edits: [] },
    fix: 'Run from the spec repository (or pass --root), or set paths.spec in openwop-spec.config.json to the folder that holds v2/core/.',
    message: (d: { dir: string; why: string }) => `nothing to check: ${d.dir}/ ${d.why}, so no word was measured`,
  },
  'budget/over-cap': {
    severity: 'error',
    summary:
      'The measured v2 kernel (spec/v2/core/**/*.md plus ext homes cited by core families) has more words than the cap 25,000 + 200 × (homed − 9).',
    fail: {
      says: 'A core document of 25,000 words takes the kernel over the cap of a tree with 9 or fewer homed core families.',
      edits: [{ file: 'spec/v2/core/padding.md', write: 'word '.repeat(25_000) }],
    },
    pass: {
      says: 'The same document cut to 24,000 words: the kernel is within the cap (equality passes too).',
      edits: [{ file: 'spec/v2/core/padding.md', write: 'word '.repeat(24_000) }],
    },
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
    fail: {
      says: 'spec/v2/core/extra.md links to a file outside the repository.',
      edits: [{ file: 'spec/v2/core/extra.md', symlink: '/etc/hosts' }],
    },
    pass: {
      says: 'spec/v2/core/extra.md is a regular file (a symlink to a file inside the repository passes too).',
      edits: [{ file: 'spec/v2/core/extra.md', write: '# Extra\n\nA few more words.\n' }],
    },
    fix: 'Commit the document itself in place of the link, or remove the link.',
    message: (d: { path: string }) => `${d.path} is a symlink to a file outside the repository; it is not measured`,
  },
  'budget/ext-home-skipped': {
    severity: 'warning',
    summary:
      'A core family cites an ext home that cannot be measured (not canonical, not .md, missing, a folder, or outside the repository); it is not counted.',
    fail: {
      says: 'A core family cites a folder as an ext home.',
      edits: [
        { file: 'spec/v2/ext/packs/README.md', write: '# Packs\n' },
        { file: EXAMPLE_FILES.declaration, set: TOOL_CATALOG_HOMES, to: 'spec/v2/ext/packs/' },
      ],
    },
    pass: {
      says: 'It cites the document in that folder.',
      edits: [
        { file: 'spec/v2/ext/packs/README.md', write: '# Packs\n' },
        { file: EXAMPLE_FILES.declaration, set: TOOL_CATALOG_HOMES, to: 'spec/v2/ext/packs/README.md' },
      ],
    },
    fix: 'Point normativeText at an existing .md file (openwop-spec normative-home reports the exact error).',
    message: (d: { key: string; path: string; reason: SkipReason }) =>
      `${d.key}: ext home ${d.path} is not measured because ${SKIP_REASON[d.reason]}`,
  },
});
