import { structuredPatch } from 'diff';
import { compareCodeUnits, linkCauses, repairKey } from '@openwop-spec/diagnostics';
import type { Diagnostic, GateResult, TextEdit } from '@openwop-spec/diagnostics';
import type { SpecTree } from '@openwop-spec/spec-tree';

/** One file `--fix` changes: its text before and after, and how many findings the edits repair. */
export interface FileFix {
  file: string;
  before: string;
  after: string;
  fixed: number;
}

/**
 * The files the findings' fixes change. A finding's edits apply together or not at all: not when
 * one no longer matches the text it was computed from, nor when one overlaps an edit already taken
 * (the next pass, after a re-check, sees the file as it then is). The findings come from
 * `linkCauses`, which has already taken away every fix whose value stands on a root cause that
 * stays. Files in code-unit order.
 */
export function planFixes(diagnostics: readonly Diagnostic[], read: (file: string) => string): FileFix[] {
  const taken = new Map<string, { text: string; edits: TextEdit[]; fixed: number }>();
  // The same repair offered by several findings (one baseline rewrite fixes three, one regenerated
  // file every stale value in it) is made once and fixes them all.
  const repairs = new Map<string, { edits: readonly TextEdit[]; findings: number }>();
  for (const d of diagnostics) {
    if (!d.fix || d.fix.length === 0) continue;
    const key = repairKey(d.fix);
    const repair = repairs.get(key);
    if (repair) repair.findings++;
    else repairs.set(key, { edits: d.fix, findings: 1 });
  }
  for (const { edits, findings } of repairs.values()) {
    const files = edits.map((e) => {
      let entry = taken.get(e.file);
      if (!entry) taken.set(e.file, (entry = { text: read(e.file), edits: [], fixed: 0 }));
      return entry;
    });
    const applies = edits.every((e, i) => {
      const entry = files[i]!;
      return (
        entry.text.slice(e.start, e.end) === e.before &&
        !entry.edits.some((o) => (e.start < o.end && o.start < e.end) || (e.start === e.end && e.start === o.start))
      );
    });
    if (!applies) continue;
    edits.forEach((e, i) => files[i]!.edits.push(e));
    files[0]!.fixed += findings;
  }
  const out: FileFix[] = [];
  for (const [file, { text, edits, fixed }] of taken) {
    if (edits.length === 0) continue;
    let after = text;
    for (const e of [...edits].sort((a, b) => b.start - a.start))
      after = after.slice(0, e.start) + e.text + after.slice(e.end);
    if (after !== text) out.push({ file, before: text, after, fixed });
  }
  return out.sort((a, b) => compareCodeUnits(a.file, b.file));
}

/** `--fix` stops after this many passes even if fixes keep coming (each pass re-checks). */
const FIX_PASSES = 5;

/**
 * `--fix`: apply the findings' edits, check again (`recheck`), and repeat while a pass still changes
 * a file (an edit that overlapped another waits for the next pass); print each changed file once as
 * a diff of what it was and what it became. `--fix-dry-run` (`write` false): one pass, nothing written.
 */
export async function applyFixes(
  tree: SpecTree,
  first: GateResult[],
  write: boolean,
  recheck: () => Promise<GateResult[]>,
  out: (line: string) => void,
): Promise<GateResult[]> {
  const original = new Map<string, string>();
  const latest = new Map<string, string>();
  let results = first;
  let fixed = 0;
  for (let pass = 0; pass < FIX_PASSES; pass++) {
    const plan = planFixes(
      linkCauses(results).flatMap((r) => r.diagnostics),
      // A generated file that does not exist yet is regenerated from nothing.
      (file) => latest.get(file) ?? (tree.info(file).kind === 'missing' ? '' : tree.text(file)),
    );
    if (plan.length === 0) break;
    for (const f of plan) {
      if (!original.has(f.file)) original.set(f.file, f.before);
      latest.set(f.file, f.after);
      fixed += f.fixed;
      if (write) tree.write(f.file, f.after);
    }
    if (!write) break;
    results = await recheck();
  }
  const files = [...original.keys()].sort();
  for (const file of files) for (const line of unifiedDiff(file, original.get(file)!, latest.get(file)!)) out(line);
  const what = `${fixed} finding(s) in ${files.length} file(s)`;
  out(
    files.length === 0
      ? 'openwop-spec check: nothing to fix mechanically'
      : write
        ? `openwop-spec check --fix: fixed ${what}`
        : `openwop-spec check --fix-dry-run: would fix ${what}; nothing written`,
  );
  return results;
}

const CONTEXT = 3;

/**
 * `diff -u` of two texts, by lines (jsdiff's Myers diff, three lines of context). Line endings are
 * not part of a line, so a file whose endings a fix kept shows only the lines it changed.
 */
export function unifiedDiff(file: string, before: string, after: string): string[] {
  const { hunks } = structuredPatch(file, file, before, after, undefined, undefined, {
    context: CONTEXT,
    stripTrailingCr: true,
  });
  const out = [`--- a/${file}`, `+++ b/${file}`];
  for (const h of hunks) {
    // An empty side is numbered from the line before it, as diff -u does.
    out.push(
      `@@ -${h.oldLines === 0 ? h.oldStart - 1 : h.oldStart},${h.oldLines} +${h.newLines === 0 ? h.newStart - 1 : h.newStart},${h.newLines} @@`,
    );
    // The listing is of lines, not of their terminators: no "\ No newline at end of file".
    out.push(...h.lines.filter((line) => !line.startsWith('\\')));
  }
  return out;
}
