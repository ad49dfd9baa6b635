import { formatGrouped } from '@openwop-spec/diagnostics';
import type { Change } from './compare.js';
import type { DeltaReport, GateDelta } from './run.js';

const signed = (n: number | null): string => (n === null ? '' : n > 0 ? `+${formatGrouped(n)}` : n < 0 ? `-${formatGrouped(-n)}` : '+0');
const value = (n: number | null): string => (n === null ? '—' : formatGrouped(n));
const majors = (m: number[] | null): string => (m === null ? '' : `[${m.join(', ')}]`);

const FIGURE_LABEL: Record<string, string> = { v1Dependent: 'v1-dependent' };

/** One line per change, shared by the text and markdown renderings. */
export function describe(change: Change): string {
  switch (change.type) {
    case 'figure':
      return `${FIGURE_LABEL[change.name] ?? change.name} ${value(change.before)} → ${value(change.after)}${change.delta === null ? '' : ` (${signed(change.delta)})`}`;
    case 'row':
      return change.change === 'added'
        ? `+ ${change.path} ${formatGrouped(change.after ?? 0)} (new)`
        : change.change === 'removed'
          ? `- ${change.path} ${formatGrouped(change.before ?? 0)} (removed)`
          : `~ ${change.path} ${formatGrouped(change.before ?? 0)} → ${formatGrouped(change.after ?? 0)} (${signed(change.delta)})`;
    case 'bucket':
      return `${change.key}: ${change.before ?? 'absent'} → ${change.after ?? 'absent'}`;
    case 'facet':
      return `${change.facet}: newly ${change.change}`;
    case 'baseline': {
      const what =
        change.field === 'v1Carried'
          ? change.after === null
            ? `${String(change.before)} out of v1Carried`
            : `${String(change.after)} into v1Carried`
          : `${change.field} ${String(change.before)} → ${String(change.after)}`;
      return `baseline ${change.state === 'made' ? 'edited' : 'edit required'}: ${what}`;
    }
    case 'file':
      return change.before === null
        ? `+ ${change.file} ${majors(change.after)}`
        : change.after === null
          ? `- ${change.file} ${majors(change.before)}`
          : `~ ${change.file} ${majors(change.before)} → ${majors(change.after)}`;
    case 'pointer':
      return `${change.change === 'added' ? '+' : change.change === 'removed' ? '-' : '~'} ${change.document ? `${change.document}#` : ''}${change.pointer}`;
    case 'path':
      return `${change.change === 'added' ? '+' : '-'} ${change.kind} ${change.path}`;
  }
}

function gateLines(g: GateDelta): string[] {
  const lines: string[] = [];
  if (g.errors?.before) lines.push(`could not run at the base: ${g.errors.before}`);
  if (g.errors?.after) lines.push(`could not run on the working tree: ${g.errors.after}`);
  lines.push(...g.changes.map(describe));
  return lines.length ? lines : ['no change'];
}

const short = (r: DeltaReport): string => `${r.base.ref === r.base.sha ? r.base.sha.slice(0, 12) : `${r.base.ref} (${r.base.sha.slice(0, 12)})`}`;

/** The human rendering. */
export function renderText(report: DeltaReport): string[] {
  const out = [`openwop-spec delta: ${short(report)} → working tree`];
  for (const [gate, g] of Object.entries(report.gates)) {
    out.push('', gate, ...gateLines(g).map((l) => `  ${l}`));
  }
  return out;
}

/** A block to paste into an RFC's acceptance criteria or a pull request description. */
export function renderMarkdown(report: DeltaReport): string[] {
  const out = [`#### Gate figures: \`${short(report)}\` → working tree`, ''];
  for (const [gate, g] of Object.entries(report.gates)) {
    const lines = gateLines(g);
    out.push(`- **${gate}**${lines.length === 1 ? `: ${lines[0]}` : ''}`);
    if (lines.length > 1) for (const l of lines) out.push(`  - \`${l.replace(/`/g, "'")}\``);
  }
  return out;
}
