import type { Diagnostic } from '@openwop-spec/diagnostics';
import { PATTERN_BUDGET_MS, PatternBudgetError, errorMessage, errorPointer } from '@openwop-spec/spec-tree';
import type { ErrorObject, JsonDoc, SpecTree } from '@openwop-spec/spec-tree';
import type { SchemaEntry, SchemaSet } from './compile.js';
import { examplesDir, schemaFileFor } from './discover.js';
import { describeError, describeExpectation, matchesExpectation, readExpectation } from './expectation.js';
import type { Expectation } from './expectation.js';
import { rules } from './rules.js';

export interface ExampleRun {
  /** Every example file (valid and invalid, not the sidecars), in code-unit order. */
  files: string[];
  valid: number;
  invalid: number;
  /** Examples whose schema is unknown or does not compile. */
  notRun: number;
  diagnostics: Diagnostic[];
}

type Kind = 'valid' | 'invalid';

const SIDECAR = '.expect.json';
const README = 'README.md';
/** How many actual errors a wrong-reason finding lists. */
const SHOWN = 5;

/**
 * Runs the corpus examples: `<schemas>/v2/examples/{valid,invalid}/<schema-name>/<case>.json`,
 * each invalid case with a `<case>.expect.json` sidecar. Every file in the folder is accounted for:
 * run, or reported as out of place.
 */
export function runExamples(tree: SpecTree, schemas: SchemaSet): ExampleRun {
  const run: ExampleRun = { files: [], valid: 0, invalid: 0, notRun: 0, diagnostics: [] };
  const root = examplesDir(tree);
  const info = tree.info(root);
  if (info.kind === 'missing') return run;
  if (info.kind !== 'dir') {
    misplaced(run, root, `${root} must be a folder holding valid/ and invalid/`);
    return run;
  }
  for (const entry of tree.list(root)) {
    if (entry.kind === 'dir' && (entry.name === 'valid' || entry.name === 'invalid'))
      runKind(tree, schemas, run, entry.path, entry.name);
    else if (!(entry.name === README && entry.kind === 'file'))
      misplaced(run, entry.path, `only valid/, invalid/ and ${README} belong in ${root}/`);
  }
  run.files.sort();
  return run;
}

function runKind(tree: SpecTree, schemas: SchemaSet, run: ExampleRun, dir: string, kind: Kind): void {
  for (const folder of tree.list(dir)) {
    if (folder.kind !== 'dir') {
      if (!(folder.name === README && folder.kind === 'file')) {
        misplaced(run, folder.path, `an example lives in ${dir}/<schema-name>/, named after the schema it is for`);
      }
      continue;
    }
    const schemaFile = schemaFileFor(tree, folder.name);
    const schema = schemas.byFile.get(schemaFile);
    if (!schema) {
      run.diagnostics.push(
        rules.diagnostic('schemas/unknown-schema', { name: folder.name, expected: schemaFile }, { file: folder.path }),
      );
    }
    const cases = new Map<string, string>();
    const sidecars = new Map<string, string>();
    for (const file of tree.list(folder.path)) {
      if (file.name === README && file.kind === 'file') continue;
      if (file.kind !== 'file') misplaced(run, file.path, 'example folders hold files only');
      else if (file.name.endsWith(SIDECAR)) sidecars.set(file.name.slice(0, -SIDECAR.length), file.path);
      else if (file.name.endsWith('.json')) cases.set(file.name.slice(0, -'.json'.length), file.path);
      else misplaced(run, file.path, 'an example is a .json file');
    }
    for (const [name, path] of cases) {
      const doc = tree.json(path);
      run.files.push(path);
      run[kind]++;
      const validate = schema?.validate;
      if (!validate) run.notRun++;
      try {
        if (kind === 'valid') {
          if (validate && !validate(doc.value)) reportValidFails(run, schema, doc, [...(validate.errors ?? [])]);
        } else {
          runInvalid(
            tree,
            run,
            schema,
            doc,
            sidecars.get(name) ?? `${folder.path}/${name}${SIDECAR}`,
            sidecars.has(name),
          );
        }
      } catch (err) {
        if (!(err instanceof PatternBudgetError)) throw err;
        const at = {
          file: doc.file,
          start: doc.locate('').start,
          related: [{ file: schema!.file, message: 'the schema with the pattern' }],
        };
        run.diagnostics.push(
          rules.diagnostic(
            'schemas/pattern-budget',
            { schema: schema!.file, pattern: err.pattern, budget: PATTERN_BUDGET_MS },
            at,
          ),
        );
      }
    }
    for (const [name, path] of sidecars) {
      if (kind === 'valid')
        orphan(tree, run, path, `examples under valid/ take no expectation; delete it, or move the case to invalid/`);
      else if (!cases.has(name)) orphan(tree, run, path, `there is no ${folder.path}/${name}.json`);
    }
  }
}

function reportValidFails(run: ExampleRun, schema: SchemaEntry, doc: JsonDoc, errors: ErrorObject[]): void {
  const seen = new Set<string>();
  // An `if` error only says "must match then"; the errors of the failing `then` are reported anyway.
  for (const err of errors.filter((e) => e.keyword !== 'if')) {
    const pointer = errorPointer(err);
    const problem = errorMessage(err);
    if (seen.has(`${pointer}\0${problem}`)) continue;
    seen.add(`${pointer}\0${problem}`);
    const range = doc.locate(pointer);
    run.diagnostics.push(
      rules.diagnostic(
        'schemas/valid-example-fails',
        { schema: schema.file, pointer, problem },
        { file: doc.file, start: range.start, end: range.end },
      ),
    );
  }
}

function runInvalid(
  tree: SpecTree,
  run: ExampleRun,
  schema: SchemaEntry | undefined,
  doc: JsonDoc,
  sidecar: string,
  hasSidecar: boolean,
): void {
  const at = (pointer: string) => {
    const range = doc.locate(pointer);
    return { file: doc.file, start: range.start, end: range.end };
  };
  let expectation: Expectation | undefined;
  if (!hasSidecar) run.diagnostics.push(rules.diagnostic('schemas/missing-expectation', { sidecar }, at('')));
  else {
    const sidecarDoc = tree.json(sidecar);
    const read = readExpectation(sidecarDoc);
    for (const p of read.problems) {
      const range = p.key ? sidecarDoc.locateKey(p.pointer) : sidecarDoc.locate(p.pointer);
      run.diagnostics.push(
        rules.diagnostic(
          'schemas/malformed-expectation',
          { problem: p.problem },
          { file: sidecar, start: range.start, end: range.end },
        ),
      );
    }
    expectation = read.expectation;
  }
  const validate = schema?.validate;
  if (!validate) return;
  if (validate(doc.value)) {
    const expected = expectation ? describeExpectation(expectation) : 'an error';
    run.diagnostics.push(rules.diagnostic('schemas/invalid-example-passes', { schema: schema.file, expected }, at('')));
    return;
  }
  const errors = [...(validate.errors ?? [])];
  if (!expectation || errors.some((e) => matchesExpectation(e, expectation))) return;
  const distinct = [...new Map(errors.map((err) => [describeError(err), err])).entries()];
  const actual =
    distinct
      .slice(0, SHOWN)
      .map(([d]) => d)
      .join(', ') + (distinct.length > SHOWN ? ` and ${distinct.length - SHOWN} more` : '');
  const related = distinct.slice(0, SHOWN).map(([d, err]) => ({
    file: doc.file,
    start: doc.locate(errorPointer(err)).start,
    message: `${d}: ${errorMessage(err)}`,
  }));
  run.diagnostics.push(
    rules.diagnostic(
      'schemas/invalid-example-wrong-reason',
      { schema: schema.file, expected: describeExpectation(expectation), actual },
      { ...at(expectation.instancePath), related },
    ),
  );
}

function orphan(tree: SpecTree, run: ExampleRun, path: string, why: string): void {
  // Parsed like every corpus file, so a broken sidecar is still an input error.
  const start = tree.json(path).locate('').start;
  run.diagnostics.push(rules.diagnostic('schemas/orphan-expectation', { why }, { file: path, start }));
}

function misplaced(run: ExampleRun, path: string, why: string): void {
  run.diagnostics.push(rules.diagnostic('schemas/misplaced-example', { why }, { file: path }));
}
