import { formatGrouped, sortDiagnostics } from '@openwop-spec/diagnostics';
import type { GateResult, PrintoutLine } from '@openwop-spec/diagnostics';
import type { SpecTree } from '@openwop-spec/spec-tree';
import type { GateOptions } from '@openwop-spec/gate-api';
import { compileOnce } from './compile.js';
import { runExamples } from './examples.js';
import { GATE_ID, rules } from './rules.js';

/**
 * The schemas gate: every `*.schema.json` under the schemas and spec folders compiles, and every
 * corpus example validates (valid/) or fails with its documented error (invalid/).
 */
export async function checkSchemas(tree: SpecTree, options: GateOptions): Promise<GateResult> {
  const { diagnostics, schemaFiles, compiled, examples } = compileAndRun(tree, options);
  if (schemaFiles.length === 0 && examples.files.length === 0) {
    const dirs = `${tree.paths.schemas}/ or ${tree.paths.spec}/`;
    // At the configuration line that chose a folder, when one did; else at the folder.
    const at = tree.configured('schemas') ?? tree.configured('spec') ?? { file: `${tree.paths.schemas}/` };
    diagnostics.push(rules.diagnostic('schemas/nothing-to-check', { dirs }, at));
  }
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const ok = errors === 0;
  const n = formatGrouped;
  const printout: PrintoutLine[] = [
    {
      text: `  ${n(schemaFiles.length)} schema(s) under ${tree.paths.schemas}/ and ${tree.paths.spec}/; ${n(compiled)} compile`,
    },
    {
      text:
        `  ${n(examples.files.length)} example(s): ${n(examples.valid)} valid, ${n(examples.invalid)} invalid` +
        (examples.notRun > 0 ? `; ${n(examples.notRun)} not run (their schema is unknown or does not compile)` : ''),
    },
  ];
  return {
    gate: GATE_ID,
    ok,
    exitCode: ok ? 0 : 1,
    summaryLine: ok
      ? `=== schemas OK — ${n(compiled)} schema(s) compile; ${n(examples.files.length)} example(s) behave as documented ===`
      : `=== schemas FAILED — ${n(errors)} error(s) ===`,
    printout,
    figures: {
      schemas: schemaFiles.length,
      compiled,
      examples: examples.files.length,
      valid: examples.valid,
      invalid: examples.invalid,
      notRun: examples.notRun,
      schemaFiles,
      exampleFiles: examples.files,
    },
    diagnostics,
  };
}

/** Compiles every schema and runs the examples; only plain results leave, never a validator. */
function compileAndRun(tree: SpecTree, options: GateOptions) {
  const schemas = compileOnce(tree);
  // Compiling leaves garbage several times the size of the validators (Ajv's code generation: ~150
  // MiB for a 1.6 MB generated schema), and the first call of a large validator makes V8 compile it,
  // which takes memory outside the heap: collected first, the two do not add up
  // (the scale-10 peak RSS that `pnpm bench` measures).
  options.collectGarbage?.();
  const examples = runExamples(tree, schemas);
  return {
    diagnostics: sortDiagnostics([...schemas.diagnostics, ...examples.diagnostics]),
    schemaFiles: schemas.entries.map((e) => e.file),
    compiled: schemas.entries.filter((e) => e.validate !== undefined).length,
    examples: { files: examples.files, valid: examples.valid, invalid: examples.invalid, notRun: examples.notRun },
  };
}
