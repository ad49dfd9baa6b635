import type { Diagnostic, GateResult, PrintoutLine } from '@openwop-spec/diagnostics';
import type { SpecTree } from '@openwop-spec/spec-tree';
import type { Gate, GateCommand, GateOptions } from '@openwop-spec/gate-api';
import { checkDeclarationRules, headerText, rowCounts, sectionHeadings } from './check.js';
import type { RowCounts } from './check.js';
import { built, checkGenerated, failedLine, offerRegeneration, writeGenerated } from './generate.js';
import { layoutOf } from './layout.js';
import type { GeneratorOutcome } from './generate.js';
import { GATE_ID, rules } from './rules.js';

const hasErrors = (ds: readonly Diagnostic[]): boolean => ds.some((d) => d.severity === 'error');

function result(
  ok: boolean,
  summaryLine: string,
  printout: PrintoutLine[],
  figures: Record<string, unknown>,
  diagnostics: Diagnostic[],
): GateResult {
  return { gate: GATE_ID, ok, exitCode: ok ? 0 : 1, summaryLine, printout, figures, diagnostics };
}

const figuresOf = (gen: GeneratorOutcome, rows?: RowCounts): Record<string, unknown> => ({
  counts: gen.counts,
  differences: gen.differences,
  ...(rows ? { rows } : {}),
});

/** `openwop-spec declaration [--check|--write]` (upstream scripts/generate-from-declaration.mjs). */
export function runGenerator(tree: SpecTree, options: GateOptions): GateResult {
  const gen = options.flags.has('--write') ? writeGenerated(tree) : checkGenerated(tree);
  return result(gen.ok, gen.parity, gen.printout, figuresOf(gen), gen.diagnostics);
}

/**
 * `--write`: the declaration's checks run first, and nothing is written while they find an error
 * (the generated file is only as right as the declaration it comes from); then the generator
 * writes, only when the bytes change.
 */
async function writeChecked(tree: SpecTree): Promise<GateResult> {
  const refusals = (await checkDeclarationRules(tree)).filter((d) => d.severity === 'error');
  if (refusals.length === 0) return runGenerator(tree, { today: '', flags: new Set(['--write']) });
  const gen = checkGenerated(tree);
  const diagnostics = [...gen.diagnostics.filter((d) => d.ruleId !== 'declaration/stale'), ...refusals];
  const refused = {
    text: '  --write refused: nothing was written; fix the errors above first.',
    stream: 'stderr' as const,
  };
  return result(
    false,
    `=== generate-from-declaration FAILED — ${diagnostics.filter((d) => d.severity === 'error').length} error(s) ===`,
    [refused],
    figuresOf(gen),
    diagnostics,
  );
}

/**
 * check-declaration: the §4.8 rules plus the generator in check mode, in-process. `showGenerator`
 * decides whether the generator's own parity line is a printout line: always for `openwop-spec check`
 * (so one run shows both), and only on failure for the check-declaration command (where upstream
 * echoed only the generator's failure).
 */
export async function runCheckDeclaration(tree: SpecTree, showGenerator: 'always' | 'on-failure'): Promise<GateResult> {
  const gen = checkGenerated(tree);
  const checks = await checkDeclarationRules(tree);
  const diagnostics = [...offerRegeneration(gen, checks.filter((d) => d.severity === 'error').length), ...checks];
  const rows = rowCounts(tree);
  const ok = gen.ok && !hasErrors(diagnostics);
  const printout: PrintoutLine[] = [...gen.printout];
  // Here the generator's errors are listed with check-declaration's, so its line carries no count of its own.
  const line = gen.ok || gen.stale ? gen.parity : failedLine();
  if (showGenerator === 'always' || !gen.ok) printout.push(gen.ok ? { text: line } : { text: line, stream: 'stderr' });
  const summary = ok
    ? `=== check-declaration OK — ${rows.families} family rows (${rows.core} core / ${rows.ext} ext / ${rows.deleted} deleted), ${rows.metadata} metadata keys, ${rows.profiles} profiles; every v1 root key anchored ===`
    : '=== check-declaration FAILED ===';
  return result(ok, summary, printout, figuresOf(gen, rows), diagnostics);
}

const commands: GateCommand[] = [
  {
    name: 'declaration',
    summary: 'regenerate or check schemas/v2/capabilities.schema.json from spec/v2/declaration.json',
    flags: {
      '--check':
        'generate the schema in memory and compare it with the committed schemas/v2/capabilities.schema.json (the default); when they differ, print each differing JSON pointer and exit 1. Writes nothing.',
      '--write':
        'write the generated schema to schemas/v2/capabilities.schema.json, atomically and only when its bytes change (the file is then reported as unchanged). Nothing is written while the declaration has an error.',
    },
    exclusive: [['--check', '--write']],
    examples: [
      {
        command: 'openwop-spec declaration',
        does: 'say whether the committed capabilities schema is what the declaration generates',
      },
      {
        command: 'openwop-spec declaration --write',
        does: 'regenerate the capabilities schema after editing spec/v2/declaration.json or a facet file',
      },
    ],
    run: (tree, options) =>
      options.flags.has('--write') ? writeChecked(tree) : Promise.resolve(runGenerator(tree, options)),
  },
  {
    name: 'check-declaration',
    summary: 'check spec/v2/declaration.json against its schema, the v1 root, the spec tree and the generated schema',
    flags: {},
    examples: [
      {
        command: 'openwop-spec check-declaration',
        does: 'run every declaration check and the generator in check mode; writes nothing',
      },
    ],
    run: (tree) => runCheckDeclaration(tree, 'on-failure'),
  },
];

/**
 * The declaration gate. `check` runs the generator in check mode and every check-declaration rule;
 * its printout shows the generator's parity line first and ends with check-declaration's.
 */
export const gate: Gate = {
  id: GATE_ID,
  summary: 'spec/v2/declaration.json → schemas/v2/capabilities.schema.json, and the declaration checks',
  rules: rules.docs,
  check: (tree) => runCheckDeclaration(tree, 'always'),
  write: writeChecked,
  commands,
  // The generated schema, built in memory, for `openwop-spec delta`.
  artifacts: (tree) => Promise.resolve({ [layoutOf(tree).output]: built(tree).doc }),
  facts: [sectionHeadings, headerText],
};
