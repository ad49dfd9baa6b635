import type { Diagnostic, GateResult, PrintoutLine } from '@openwop-spec/diagnostics';
import { InputError } from '@openwop-spec/diagnostics';
import type { SpecTree } from '@openwop-spec/spec-tree';
import { checkConfig, loadConfig } from './config.js';
import { discoverScenarios } from './discover.js';
import { layoutOf } from './layout.js';
import { lintMajor2 } from './lint/lint.js';
import { buildManifest, compareManifest, renderManifest } from './manifest.js';
import type { Change, Comparison } from './manifest.js';
import { GATE_ID, WRITE_COMMAND, rules } from './rules.js';

export type Mode = 'check' | 'write';

/**
 * One run of the gate (§3.4): config validation and the lint first, then either the comparison with
 * the committed manifest (check) or the atomic write (write, only when there is no error).
 */
export async function runScenarioMajors(tree: SpecTree, mode: Mode): Promise<GateResult> {
  const layout = layoutOf(tree);
  const config = await loadConfig(tree, layout);
  const both = new Set(config.entries.map((e) => e.file));
  const { files, diagnostics: naming } = discoverScenarios(tree, layout, both);
  const diagnostics: Diagnostic[] = [...checkConfig(config, new Set(files.map((f) => f.name)), layout), ...naming];
  if (files.length === 0) {
    const kind = tree.info(layout.scenarios).kind;
    const why = kind === 'dir' ? 'holds no *.test.ts file' : kind === 'missing' ? 'does not exist' : 'is not a folder';
    diagnostics.push(
      rules.diagnostic('majors/nothing-to-check', { dir: layout.scenarios, why }, { file: `${layout.scenarios}/` }),
    );
  }

  const lint = await lintMajor2(
    tree,
    layout.dir,
    files.filter((f) => f.majors.includes(2)).map((f) => f.path),
  );
  for (const d of lint.diagnostics) diagnostics.push(d);

  const manifest = buildManifest(files, config.manifestComment);
  const rendered = renderManifest(manifest);
  const printout: PrintoutLine[] = [];
  let comparison: Comparison | undefined;
  let changes: Change[] = [];

  if (mode === 'check') {
    const committed = readCommitted(tree, layout.manifest);
    comparison = compareManifest(committed, rendered, manifest, layout.manifest);
    changes = comparison.changes;
    if (comparison.stale) {
      // Its repair is what --write would write, and --write writes nothing while the gate has an error.
      const before = committed ?? '';
      const repair: Partial<Diagnostic> = diagnostics.some((d) => d.severity === 'error')
        ? { fixWaitsFor: `${GATE_ID} has no other error` }
        : { fix: [{ file: layout.manifest, start: 0, end: before.length, before, text: rendered }] };
      diagnostics.push(
        rules.diagnostic(
          'majors/stale',
          { file: layout.manifest, detail: comparison.detail },
          { file: layout.manifest, ...(comparison.start ? { start: comparison.start } : {}) },
          repair,
        ),
      );
      for (const row of comparison.rows) printout.push({ text: row, stream: 'stderr' });
    }
  }

  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  let unchanged = false;
  if (mode === 'write' && errors === 0) {
    let committed: string | undefined;
    try {
      committed = readCommitted(tree, layout.manifest);
    } catch (err) {
      if (!(err instanceof InputError)) throw err;
    }
    changes = compareManifest(committed, rendered, manifest, layout.manifest).changes;
    unchanged = tree.write(layout.manifest, rendered) === 'unchanged';
  }

  printout.push({
    text: `  lint: ${lint.files} file(s) target major 2, ${lint.modules} local module(s) reached; ${lint.violations} violation(s), ${lint.suppressed} suppressed`,
  });

  const { files: n, v1, v2 } = manifest.counts;
  const staleLine = `scenario-majors.json is stale — run: ${WRITE_COMMAND}`;
  const failedLine = `=== scenario-majors FAILED — ${errors} error(s) ===`;
  const stale = comparison?.stale === true;
  const otherErrors = errors - (stale ? 1 : 0);
  const summaryLine =
    otherErrors > 0
      ? (stale ? `${staleLine}\n` : '') + failedLine
      : stale
        ? staleLine
        : mode === 'write'
          ? `wrote scenario-majors.json: ${n} files (v1 ${v1}, v2 ${v2})${unchanged ? ' (unchanged)' : ''}`
          : `=== scenario-majors OK — ${n} files (v1 ${v1}, v2 ${v2}) ===`;

  return {
    gate: GATE_ID,
    ok: errors === 0,
    exitCode: errors === 0 ? 0 : 1,
    summaryLine,
    printout,
    figures: {
      stale,
      counts: manifest.counts,
      changes,
      lint: { files: lint.files, modules: lint.modules, violations: lint.violations, suppressed: lint.suppressed },
    },
    diagnostics,
  };
}

/** The committed manifest's text, or undefined when there is none. */
function readCommitted(tree: SpecTree, path: string): string | undefined {
  if (tree.info(path).kind === 'missing') return undefined;
  return tree.text(path);
}

/** The command's flags (the CLI validates them too; a direct caller gets the same strictness). */
export function modeOf(flags: ReadonlySet<string>): Mode {
  const unknown = [...flags].filter((f) => f !== '--check' && f !== '--write');
  if (unknown.length > 0)
    throw new InputError(`unknown option ${unknown[0]} (scenario-majors takes --check or --write)`);
  if (flags.has('--check') && flags.has('--write')) throw new InputError('--check and --write cannot be combined');
  return flags.has('--write') ? 'write' : 'check';
}
