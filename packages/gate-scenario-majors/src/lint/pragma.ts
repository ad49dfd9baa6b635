import type { LineIndex } from '@openwop-spec/spec-tree';
import type { Comment } from './ast.js';
import type { Finding, LintRule } from './analyse.js';

const DIRECTIVE = 'majors-lint-disable-next-line';

export interface Pragma {
  /** Offset of the comment. */
  start: number;
  /** The line whose findings it may suppress (the line after the comment). */
  line: number;
  rules: LintRule[];
}

export interface PragmaProblem {
  start: number;
  why: string;
}

/**
 * The escape hatch `// majors-lint-disable-next-line R1 -- <reason>` (R1, R2 or R1,R2). Only line
 * comments are pragmas; a malformed one is a problem and suppresses nothing.
 */
export function readPragmas(
  comments: readonly Comment[],
  lines: LineIndex,
): { pragmas: Pragma[]; problems: PragmaProblem[] } {
  const pragmas: Pragma[] = [];
  const problems: PragmaProblem[] = [];
  for (const comment of comments) {
    if (comment.type !== 'Line') continue;
    const body = comment.value.trimStart();
    if (!body.startsWith(DIRECTIVE)) continue;
    const rest = body.slice(DIRECTIVE.length);
    // `majors-lint-disable-next-lines` and the like are other words, not this directive.
    if (rest !== '' && !/^\s/.test(rest)) continue;
    const dash = rest.indexOf('--');
    const list = (dash < 0 ? rest : rest.slice(0, dash)).trim();
    const reason = dash < 0 ? undefined : rest.slice(dash + 2).trim();
    const names = list === '' ? [] : list.split(/\s*,\s*/);
    const unknown = names.filter((n) => n !== 'R1' && n !== 'R2');
    const why =
      names.length === 0
        ? 'it names no rule (R1, R2 or R1,R2)'
        : unknown.length > 0
          ? `unknown rule ${unknown.map((n) => `"${n}"`).join(', ')} (use R1, R2 or R1,R2)`
          : reason === undefined
            ? 'it has no " -- <reason>"'
            : reason === ''
              ? 'its reason is empty'
              : undefined;
    if (why) problems.push({ start: comment.start, why });
    else
      pragmas.push({
        start: comment.start,
        line: lines.point(comment.start).line + 1,
        rules: [...new Set(names as LintRule[])],
      });
  }
  return { pragmas, problems };
}

/** Splits findings into kept and suppressed, and returns the pragmas that suppressed nothing. */
export function applyPragmas(
  findings: readonly Finding[],
  pragmas: readonly Pragma[],
  lines: LineIndex,
): { kept: Finding[]; suppressed: number; unused: Pragma[] } {
  const used = new Set<Pragma>();
  const byLine = new Map<number, Pragma[]>();
  for (const p of pragmas) byLine.set(p.line, [...(byLine.get(p.line) ?? []), p]);
  const kept: Finding[] = [];
  let suppressed = 0;
  for (const f of findings) {
    const pragma = byLine.get(lines.point(f.start).line)?.find((p) => p.rules.includes(f.rule));
    if (pragma) {
      used.add(pragma);
      suppressed += 1;
    } else kept.push(f);
  }
  return { kept, suppressed, unused: pragmas.filter((p) => !used.has(p)) };
}
