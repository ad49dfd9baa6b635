import { formatGrouped, compareCodeUnits } from '@openwop-spec/diagnostics';
import type { GateResult, PrintoutLine } from '@openwop-spec/diagnostics';
import type { SpecTree } from '@openwop-spec/spec-tree';
import type { Gate } from '@openwop-spec/gate-api';
import { measure } from './measure.js';
import type { BudgetRow } from './measure.js';
import { GATE_ID, rules } from './rules.js';

/** RFC 0190 §A. Not configurable. */
export const BASE = 25_000;
export const PER_FAMILY = 200;
export const HOMED_AT_0190 = 9;

/** The cap for a number of homed core families. */
export const capFor = (homed: number): number => BASE + PER_FAMILY * Math.max(0, homed - HOMED_AT_0190);

/** A per-document table row: two spaces, the count right-aligned in 6 columns, two spaces, the label. */
export const tableRow = (words: number, label: string): string => `  ${String(words).padStart(6)}  ${label}`;

export const proseLine = (prose: number): string =>
  `  prose words ${formatGrouped(prose)} (mdast text; code, html and front matter excluded; not gated)`;

export const capLine = (cap: number, homed: number): string =>
  `  cap ${formatGrouped(cap)} = 25,000 + 200 x (${homed} homed - 9 at RFC 0190)`;

export const okLine = (total: number, cap: number, rows: number, ext: number): string =>
  `=== check-core-budget OK — ${formatGrouped(total)} / ${formatGrouped(cap)} words across ${rows} document(s)` +
  `${ext > 0 ? ` (incl. ${ext} ext home(s) cited by a core family)` : ''} ===`;

export const failedLine = (total: number, cap: number, ext: number): string =>
  `=== check-core-budget FAILED — the measured kernel is ${formatGrouped(total)} words; cap ${formatGrouped(cap)} (RFC 0190 §A). ` +
  `${ext} ext document(s) counted because a core family declares them. ===`;

export const noCoreLine = (coreDir: string): string =>
  `=== check-core-budget — ${coreDir}/ does not exist yet (0 words of a 25,000 budget; nothing measured) ===`;

/** How many of the largest documents an over-cap message names. */
const LARGEST = 3;

export async function checkCoreBudget(tree: SpecTree): Promise<GateResult> {
  const coreDir = `${tree.paths.spec}/v2/core`;
  const kind = tree.info(coreDir).kind;
  if (kind !== 'dir') {
    return {
      gate: GATE_ID,
      ok: true,
      exitCode: 0,
      summaryLine: noCoreLine(coreDir),
      printout: [],
      figures: { rows: [], total: 0, proseTotal: 0, homed: 0, cap: BASE, extHomes: [] },
      diagnostics: [nothingToCheck(tree, coreDir, kind === 'missing' ? 'does not exist' : 'is not a folder')],
    };
  }
  const m = await measure(tree, coreDir);
  const total = m.rows.reduce((n, r) => n + r.words, 0);
  const proseTotal = m.rows.reduce((n, r) => n + r.proseWords, 0);
  const cap = capFor(m.homed);
  const printout: PrintoutLine[] = [
    ...m.rows.map((r) => ({ text: tableRow(r.words, r.label) })),
    { text: proseLine(proseTotal) },
    { text: capLine(cap, m.homed) },
  ];
  const diagnostics = [...m.diagnostics];
  if (m.rows.length === 0) diagnostics.push(nothingToCheck(tree, coreDir, 'holds no .md document'));
  const over = total > cap;
  if (over) diagnostics.push(overCap(total, cap, m.rows));
  return {
    gate: GATE_ID,
    ok: !over,
    exitCode: over ? 1 : 0,
    summaryLine: over
      ? failedLine(total, cap, m.extHomes.length)
      : okLine(total, cap, m.rows.length, m.extHomes.length),
    printout,
    figures: {
      rows: m.rows.map((r) => ({ path: r.path, label: r.label, words: r.words, proseWords: r.proseWords })),
      total,
      proseTotal,
      homed: m.homed,
      cap,
      extHomes: m.extHomes,
    },
    diagnostics,
  };
}

/** At the configuration line that chose the spec folder, when one did; else at the folder. */
const nothingToCheck = (tree: SpecTree, coreDir: string, why: string) =>
  rules.diagnostic(
    'budget/nothing-to-check',
    { dir: coreDir, why },
    tree.configured('spec') ?? { file: `${coreDir}/` },
  );

/** Over the cap: at the largest document (line 1), where cutting words helps most, naming the next largest. */
function overCap(total: number, cap: number, rows: readonly BudgetRow[]) {
  const largest = [...rows].sort((a, b) => b.words - a.words || compareCodeUnits(a.label, b.label)).slice(0, LARGEST);
  return rules.diagnostic(
    'budget/over-cap',
    { total, cap, largest },
    {
      file: largest[0]!.path,
      start: { line: 1, column: 1 },
      related: largest
        .slice(1)
        .map((r) => ({ file: r.path, start: { line: 1, column: 1 }, message: `${formatGrouped(r.words)} words` })),
    },
  );
}

export const gate: Gate = {
  id: GATE_ID,
  summary: 'caps the words in the v2 kernel; each core family with a real v2 home adds 200',
  rules: rules.docs,
  check: (tree) => checkCoreBudget(tree),
  commands: [
    {
      name: 'core-budget',
      summary: 'measure spec/v2/core/ against the word cap (scripts/check-core-budget.mjs)',
      flags: {},
      examples: [
        {
          command: 'openwop-spec core-budget',
          does: 'print the words of every core document, the cap and its formula, and fail when the kernel is over the cap',
        },
      ],
      run: (tree) => checkCoreBudget(tree),
    },
  ],
};
