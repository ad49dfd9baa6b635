import { InputError, isUnreadable } from '@openwop-spec/diagnostics';
import type { Diagnostic, Point, ReportLine } from '@openwop-spec/diagnostics';
import { command, firstDifferentLine, lineEndingAt } from '@openwop-spec/spec-tree';
import type { JsonDoc, SpecTree } from '@openwop-spec/spec-tree';
import { buildCapabilities } from './build.js';
import type { BuildOutput, Counts } from './build.js';
import { diffGenerated } from './diff.js';
import type { Difference } from './diff.js';
import type { Finding, JsonPlace } from './finding.js';
import { loadInputs } from './inputs.js';
import { rules } from './rules.js';

/** At most this many differences become `declaration/stale` findings. */
export const MAX_STALE_FINDINGS = 20;
export const FIX_COMMAND = command('declaration --write');

/** The generator's part of a run: its findings, report lines and its own parity line. */
export interface GeneratorOutcome {
  diagnostics: Diagnostic[];
  report: ReportLine[];
  /** The generator's parity line (§0.4) and whether its part passed. */
  parity: string;
  ok: boolean;
  stale: boolean;
  counts: Counts;
  differences: Array<{ pointer: string; kind: string }>;
}

/** The built document, once per tree (check and check-declaration share it). */
export function built(tree: SpecTree): BuildOutput {
  return tree.derive('gate-declaration/build', () => buildCapabilities(loadInputs(tree)));
}

/** Turns builder findings into positioned diagnostics, parsing nothing twice (the tree caches). */
export function toDiagnostics(tree: SpecTree, findings: readonly Finding[]): Diagnostic[] {
  return findings.map((f) => {
    const range = locate(tree, f);
    return rules.diagnostic(
      f.id,
      f.data as never,
      {
        file: f.file,
        start: range.start,
        ...(range.end ? { end: range.end } : {}),
        related: (f.related ?? []).map((r) => ({ file: r.file, start: locate(tree, r).start, message: r.message })),
      },
      {
        ...(f.subjects && { subjects: f.subjects }),
        ...(f.explains && { explains: f.explains }),
        ...(f.addMember !== undefined && addMember(tree, f.file, range, f.addMember)),
      },
    );
  });
}

/**
 * The edit that adds `member` after the value at `at`: on a line of its own, indented as the line
 * that value is on and ended as it is (LF or CRLF), when its member starts that line; else on the
 * same line.
 */
function addMember(
  tree: SpecTree,
  file: string,
  at: { start: Point; end?: Point },
  member: string,
): Pick<Diagnostic, 'fix'> {
  const start = at.start.offset;
  const end = at.end?.offset;
  if (start === undefined || end === undefined) return {};
  const text = tree.text(file);
  const indent = /^[ \t]*(?=")/.exec(text.slice(text.lastIndexOf('\n', start - 1) + 1, start))?.[0];
  const before = text.slice(start, end);
  const eol = lineEndingAt(text, start);
  return {
    fix: [{ file, start, end, before, text: `${before}${indent === undefined ? ', ' : `,${eol}${indent}`}${member}` }],
  };
}

/** A whole-file finding (pointer '') sits at 1:1 without parsing the file: it may not be JSON at all. */
function locate(tree: SpecTree, place: JsonPlace): { start: Point; end?: Point } {
  if (place.pointer === '' && !place.key) return { start: { line: 1, column: 1 } };
  const doc = tree.json(place.file);
  return place.key ? doc.locateKey(place.pointer) : doc.locate(place.pointer);
}

const errors = (ds: readonly Diagnostic[]): number => ds.filter((d) => d.severity === 'error').length;

/**
 * `--check`: generate in memory and compare with the committed file (CRLF normalised). When stale,
 * up to 20 differences become findings at their committed positions, then the stale line. While
 * generation errors stand the file cannot be regenerated, so neither the diff nor its fix command
 * is shown: the errors are the whole story.
 */
export function checkGenerated(tree: SpecTree): GeneratorOutcome {
  const out = built(tree);
  const output = loadInputs(tree).layout.output;
  const diagnostics = toDiagnostics(tree, out.findings);
  const report: ReportLine[] = [];
  const differences: Difference[] = [];
  const stale: Diagnostic[] = [];
  const staleAt = (what: string, start = { line: 1, column: 1 }, end?: Point, family?: string): void => {
    stale.push(
      rules.diagnostic(
        'declaration/stale',
        { what },
        { file: output, start, ...(end && { end }) },
        family ? { subjects: [`family:${family}`] } : {},
      ),
    );
  };
  const failed = errors(diagnostics) > 0;

  if (failed) {
    // Nothing to compare: see above.
  } else if (tree.info(output).kind === 'missing') staleAt(`${output} does not exist`);
  else {
    let committed: JsonDoc | undefined;
    let text: string | undefined;
    try {
      text = tree.text(output);
      committed = text.replace(/\r\n/g, '\n') === out.text ? undefined : tree.json(output);
    } catch (err) {
      if (!(err instanceof InputError) || isUnreadable(err)) throw err;
      staleAt(err.message, err.location?.start);
    }
    if (committed) {
      differences.push(...diffGenerated(out.doc, committed.value));
      if (differences.length === 0) {
        const line = firstDifferentLine(text!.replace(/\r\n/g, '\n'), out.text);
        staleAt(`formatting differs from the renderer (first at line ${line})`, { line, column: 1 });
      }
      for (const d of differences.slice(0, MAX_STALE_FINDINGS)) {
        const range = d.at === 'key' ? committed.locateKey(d.pointer) : committed.locate(d.pointer);
        staleAt(
          `${d.pointer || '(root)'}: ${d.kind}`,
          range.start,
          range.end,
          /^\/properties\/([^/]+)/.exec(d.pointer)?.[1],
        );
      }
      if (differences.length > MAX_STALE_FINDINGS) {
        report.push({
          text: `  … and ${differences.length - MAX_STALE_FINDINGS} more difference(s)`,
          stream: 'stderr',
        });
      }
    }
  }

  const staleLine = `generate-from-declaration: stale — ${output}. Run: ${FIX_COMMAND}`;
  const parity = failed ? failedLine(errors(diagnostics)) : stale.length > 0 ? staleLine : okLine(out.counts);
  return {
    diagnostics: [...diagnostics, ...stale],
    report,
    parity,
    ok: !failed && stale.length === 0,
    stale: stale.length > 0,
    counts: out.counts,
    differences: differences.map(({ pointer, kind }) => ({ pointer, kind })),
  };
}

/** `=== generate-from-declaration FAILED — n error(s) ===`, or without the count where other errors follow it. */
export const failedLine = (n?: number): string =>
  `=== generate-from-declaration FAILED${n === undefined ? '' : ` — ${n} error(s)`} ===`;

const okLine = (c: Counts): string =>
  `=== generate-from-declaration OK — ${c.core} core families, ${c.ext} ext, ${c.deleted} deleted, ${c.metadata} metadata keys ===`;

/**
 * `--write`: regenerate atomically through the tree, only when the bytes change, and never while
 * there are generation errors.
 */
export function writeGenerated(tree: SpecTree): GeneratorOutcome {
  const out = built(tree);
  const output = loadInputs(tree).layout.output;
  const diagnostics = toDiagnostics(tree, out.findings);
  const base = { diagnostics, report: [], counts: out.counts, differences: [], stale: false };
  if (errors(diagnostics) > 0) return { ...base, ok: false, parity: failedLine(errors(diagnostics)) };
  const outcome = tree.write(output, out.text);
  return { ...base, ok: true, parity: `wrote ${output}${outcome === 'unchanged' ? ' (unchanged)' : ''}` };
}
