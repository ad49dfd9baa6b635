import { InputError, isUnreadable } from '@openwop-spec/diagnostics';
import type { Diagnostic, Point, PrintoutLine, TextEdit } from '@openwop-spec/diagnostics';
import { valueAt } from '@openwop-spec/json';
import { command, firstDifferentLine, lineEndingAt } from '@openwop-spec/spec-tree';
import type { JsonDoc, SpecTree } from '@openwop-spec/spec-tree';
import { buildCapabilities, originOf } from './build.js';
import type { BuildOutput, Counts } from './build.js';
import { diffGenerated } from './diff.js';
import type { Difference } from './diff.js';
import type { Finding, JsonPlace } from './finding.js';
import { loadInputs } from './inputs.js';
import { unresolvedRefs } from './refs.js';
import { rules } from './rules.js';

/** At most this many differences become `declaration/stale` findings. */
export const MAX_STALE_FINDINGS = 20;
export const FIX_COMMAND = command('declaration --write');

/** The generator's part of a run: its findings, printout lines and its own parity line. */
export interface GeneratorOutcome {
  diagnostics: Diagnostic[];
  printout: PrintoutLine[];
  /** The generator's parity line (§0.4) and whether its part passed. */
  parity: string;
  ok: boolean;
  stale: boolean;
  /** The repair of every stale finding: the committed file's text replaced by the generated one. */
  regenerate?: readonly TextEdit[];
  counts: Counts;
  differences: Array<{ pointer: string; kind: string }>;
}

/**
 * The built document, once per tree (check and check-declaration share it), with the references in
 * it that would not resolve where it is written as generation errors.
 */
export function built(tree: SpecTree): BuildOutput {
  return tree.derive('gate-declaration/build', () => {
    const input = loadInputs(tree);
    const out = buildCapabilities(input);
    const { output, declaration } = input.layout;
    out.findings.push(...unresolvedRefs(tree, output, out.doc, out.origins, declaration));
    return out;
  });
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
 * up to 20 differences become findings at their committed positions, each naming the input its
 * value is generated from (the place to edit: a hand edit of the generated file is lost), then the
 * stale line. Every stale finding offers the one repair, the regenerated file (`offerRegeneration`
 * attaches it once the declaration's own checks have run). While generation errors stand the file
 * cannot be regenerated, so neither the diff nor its fix command is shown: the errors are the whole
 * story.
 */
export function checkGenerated(tree: SpecTree): GeneratorOutcome {
  const out = built(tree);
  const output = loadInputs(tree).layout.output;
  const diagnostics = toDiagnostics(tree, out.findings);
  const printout: PrintoutLine[] = [];
  const differences: Difference[] = [];
  const stale: Diagnostic[] = [];
  const staleAt = (what: string, at: { start?: Point; end?: Point; subjects?: string[]; source?: Source } = {}) => {
    stale.push(
      rules.diagnostic(
        'declaration/stale',
        { what, ...(at.source && { source: at.source.where }) },
        {
          file: output,
          start: at.start ?? { line: 1, column: 1 },
          ...(at.end && { end: at.end }),
          ...(at.source && { related: [{ ...at.source.place, message: 'the value is generated from here' }] }),
        },
        at.subjects?.length ? { subjects: at.subjects } : {},
      ),
    );
  };
  const failed = errors(diagnostics) > 0;
  let committedText = '';

  if (failed) {
    // Nothing to compare: see above.
  } else if (tree.info(output).kind === 'missing') staleAt(`${output} does not exist`);
  else {
    let committed: JsonDoc | undefined;
    try {
      committedText = tree.text(output);
      committed = committedText.replace(/\r\n/g, '\n') === out.text ? undefined : tree.json(output);
    } catch (err) {
      if (!(err instanceof InputError) || isUnreadable(err)) throw err;
      staleAt(err.message, { ...(err.location?.start && { start: err.location.start }) });
    }
    if (committed) {
      for (const d of diffGenerated(out.doc, committed.value)) differences.push(d);
      if (differences.length === 0) {
        const line = firstDifferentLine(committedText.replace(/\r\n/g, '\n'), out.text);
        staleAt(`formatting differs from the renderer (first at line ${line})`, { start: { line, column: 1 } });
      }
      for (const d of differences.slice(0, MAX_STALE_FINDINGS)) {
        const range = d.at === 'key' ? committed.locateKey(d.pointer) : committed.locate(d.pointer);
        const source = sourceOf(tree, out, d.pointer);
        staleAt(`${d.pointer || '(root)'}: ${d.kind}`, {
          ...range,
          subjects: staleSubjects(d.pointer, out.doc, committed.value),
          ...(source && { source }),
        });
      }
      if (differences.length > MAX_STALE_FINDINGS) {
        printout.push({
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
    printout,
    parity,
    ok: !failed && stale.length === 0,
    stale: stale.length > 0,
    regenerate:
      stale.length > 0
        ? [{ file: output, start: 0, end: committedText.length, before: committedText, text: out.text }]
        : undefined,
    counts: out.counts,
    differences: differences.map(({ pointer, kind }) => ({ pointer, kind })),
  };
}

/**
 * The stale findings of `gen` offer its repair, the regenerated file, when `gen` would write it: the
 * declaration's own checks found no error (the generated file is only as right as the declaration it
 * comes from). Otherwise they say that `check --fix` regenerates once those errors are fixed.
 */
export function offerRegeneration(gen: GeneratorOutcome, declarationErrors: number): Diagnostic[] {
  if (!gen.regenerate) return gen.diagnostics;
  const offer: Partial<Diagnostic> =
    declarationErrors === 0 ? { fix: gen.regenerate } : { fixWaitsFor: 'the declaration has no error' };
  return gen.diagnostics.map((d) => (d.ruleId === 'declaration/stale' ? { ...d, ...offer } : d));
}

/** The input a generated value comes from, as a place to edit and how a message names it. */
interface Source {
  place: { file: string; start: Point };
  where: string;
}

function sourceOf(tree: SpecTree, out: BuildOutput, pointer: string): Source | undefined {
  const origin = originOf(out.origins, pointer);
  if (!origin) return undefined;
  const start = tree.json(origin.file).locate(origin.pointer).start;
  return { place: { file: origin.file, start }, where: `${origin.file}:${start.line}:${start.column}` };
}

/** A family's RFC as its record's description gives it (`…; RFC 0204`), or undefined. */
const rfcIn = (description: unknown): string | undefined =>
  typeof description === 'string' ? /; RFC (\S+)$/.exec(description)?.[1] : undefined;

/**
 * What a stale value is about: the family whose record holds it and, when regenerating would change
 * the RFC its description names, that family's owningRfc (`rfc:<key>`), so a doubtful owningRfc is
 * the root cause of the difference it makes, and no regeneration writes it while it stands.
 */
function staleSubjects(pointer: string, generated: unknown, committed: unknown): string[] {
  const key = /^\/properties\/([^/]+)/.exec(pointer)?.[1];
  if (key === undefined) return [];
  const record = `/properties/${key}`;
  const touchesDescription = pointer === record || pointer === `${record}/description`;
  const rfc = (doc: unknown) => rfcIn(valueAt(doc, `${record}/description`));
  return [`family:${key}`, ...(touchesDescription && rfc(generated) !== rfc(committed) ? [`rfc:${key}`] : [])];
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
  const base = { diagnostics, printout: [], counts: out.counts, differences: [], stale: false };
  if (errors(diagnostics) > 0) return { ...base, ok: false, parity: failedLine(errors(diagnostics)) };
  const outcome = tree.write(output, out.text);
  return { ...base, ok: true, parity: `wrote ${output}${outcome === 'unchanged' ? ' (unchanged)' : ''}` };
}
