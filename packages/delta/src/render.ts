import { codeSpan, formatGrouped, markdownRow, markdownText } from '@openwop-spec/diagnostics';
import type { Change, FigureRow } from './compare.js';
import type { DeltaComparison, GateDelta, GateStatus } from './run.js';

const signed = (n: number | null): string =>
  n === null ? '—' : n > 0 ? `+${formatGrouped(n)}` : n < 0 ? `-${formatGrouped(-n)}` : '0';
const value = (n: number | null): string => (n === null ? '—' : formatGrouped(n));
const majors = (m: number[] | null): string => (m === null ? '' : `[${m.join(', ')}]`);

/** How a figure is named in a table; figures not listed are shown by their key. */
const FIGURE_LABEL: Record<string, string> = {
  total: 'words',
  v1Dependent: 'v1-dependent',
  facetsUncovered: 'facets uncovered',
  core: 'core families',
  ext: 'ext families',
  deleted: 'deleted families',
  metadata: 'metadata keys',
  files: 'scenario files',
  v1: 'files at major 1',
  v2: 'files at major 2',
};
const label = (row: FigureRow): string => FIGURE_LABEL[row.name] ?? row.name;

/**
 * One line per change; `code` marks up names and paths and `text` any other value from the tree
 * (both the identity in text; a code span and escaped text in markdown).
 */
export function describe(
  change: Change,
  code: (s: string) => string = (s) => s,
  text: (s: string) => string = (s) => s,
): string {
  switch (change.type) {
    case 'row':
      return change.change === 'added'
        ? `+ ${code(change.path)} ${formatGrouped(change.after ?? 0)} (new)`
        : change.change === 'removed'
          ? `- ${code(change.path)} ${formatGrouped(change.before ?? 0)} (removed)`
          : `~ ${code(change.path)} ${formatGrouped(change.before ?? 0)} → ${formatGrouped(change.after ?? 0)} (${signed(change.delta)})`;
    case 'bucket':
      return `${code(change.key)}: ${text(change.before ?? 'absent')} → ${text(change.after ?? 'absent')}`;
    case 'facet':
      return `${code(change.facet)}: newly ${change.change}`;
    case 'baseline': {
      const what =
        change.field === 'v1Carried'
          ? change.after === null
            ? `${code(String(change.before))} out of v1Carried`
            : `${code(change.after as string)} into v1Carried`
          : `${text(change.field)} ${text(String(change.before))} → ${text(String(change.after))}`;
      return `baseline ${change.state === 'made' ? 'edited' : 'edit required'}: ${what}`;
    }
    case 'file':
      return change.before === null
        ? `+ ${code(change.file)} ${majors(change.after)}`
        : change.after === null
          ? `- ${code(change.file)} ${majors(change.before)}`
          : `~ ${code(change.file)} ${majors(change.before)} → ${majors(change.after)}`;
    case 'pointer':
      return `${change.change === 'added' ? '+' : change.change === 'removed' ? '-' : '~'} ${code(`${change.document ? `${change.document}#` : ''}${change.pointer}`)}`;
    case 'path':
      return `${change.change === 'added' ? '+' : '-'} ${text(change.kind)} ${code(change.path)}`;
  }
}

const verdict = (s: GateStatus): string => (s.exitCode === 0 ? 'passes' : s.exitCode === 1 ? 'fails' : 'could not run');

/** `passes → fails`, and why the working tree fails (its result line) or a side could not run. */
function statusLines(g: GateDelta): string[] {
  const { before, after } = g.status;
  const lines = [`${verdict(before)} → ${verdict(after)}`];
  if (before.exitCode === 2) lines.push(`could not run at the base: ${before.summary}`);
  if (after.exitCode === 2) lines.push(`could not run on the working tree: ${after.summary}`);
  else if (after.exitCode === 1) lines.push(`fails on the working tree: ${after.summary.trim()}`);
  return lines;
}

const short = (r: DeltaComparison): string =>
  `${r.base.ref === r.base.sha ? r.base.sha.slice(0, 12) : `${r.base.ref} (${r.base.sha.slice(0, 12)})`}`;

/** Right-aligned columns, the first left-aligned. */
function columns(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]!.map((_, i) => rows.reduce((w, r) => Math.max(w, r[i]!.length), 0));
  return rows.map((r) =>
    r
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd(),
  );
}

/** The human rendering: per gate, its status, its figures as a table, then what else changed. */
export function renderText(comparison: DeltaComparison): string[] {
  const out = [`openwop-spec delta: ${short(comparison)} → working tree`];
  for (const [gate, g] of Object.entries(comparison.gates)) {
    const [head, ...why] = statusLines(g);
    out.push('', `${gate}: ${head}`, ...why.map((l) => `  ${l}`));
    if (g.table.length > 0)
      out.push(
        ...columns([
          ['figure', 'before', 'after', 'Δ'],
          ...g.table.map((r) => [label(r), value(r.before), value(r.after), signed(r.delta)]),
        ]).map((l) => `  ${l}`),
      );
    for (const c of g.changes) out.push(`  ${describe(c)}`);
  }
  return out;
}

/**
 * A block to paste into an RFC's acceptance criteria or a pull request description: per gate its
 * status, a before → after table of its figures, a table of the documents whose word count
 * changed, and a list of the other changes.
 */
export function renderMarkdown(comparison: DeltaComparison): string[] {
  const out = [`#### Gate figures: ${codeSpan(short(comparison))} → working tree`];
  for (const [gate, g] of Object.entries(comparison.gates)) {
    const [head, ...why] = statusLines(g);
    out.push('', `**${markdownText(gate)}**: ${head}`);
    for (const l of why) out.push('', `> ${markdownText(l)}`);
    if (g.table.length > 0) {
      out.push('', '| figure | before | after | Δ |', '|---|--:|--:|--:|');
      for (const r of g.table)
        out.push(markdownRow([markdownText(label(r)), value(r.before), value(r.after), signed(r.delta)]));
    }
    const rows = g.changes.filter((c) => c.type === 'row');
    if (rows.length > 0) {
      out.push('', '| document | before | after | Δ |', '|---|--:|--:|--:|');
      for (const r of rows) out.push(markdownRow([codeSpan(r.path), value(r.before), value(r.after), signed(r.delta)]));
    }
    const others = g.changes.filter((c) => c.type !== 'row');
    if (others.length > 0) out.push('', ...others.map((c) => `- ${describe(c, codeSpan, markdownText)}`));
  }
  return out;
}
