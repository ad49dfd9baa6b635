import { formatGrouped } from '@openwop-spec/diagnostics';
import { ruleCatalog } from '@openwop-spec/gate-api';

/** A cycle's files, the first back at the end: a long one keeps its first three and its last. */
const chain = (files: readonly string[]): string => {
  const shown =
    files.length > 5
      ? [...files.slice(0, 3), `… ${formatGrouped(files.length - 4)} more`, files[files.length - 1]!]
      : files;
  return [...shown, files[0]].join(' → ');
};

export const GATE_ID = 'schemas';

/** Every rule the schemas gate can emit, with its documentation and message. */
export const rules = ruleCatalog(GATE_ID, {
  'schemas/nothing-to-check': {
    severity: 'warning',
    summary:
      'No *.schema.json and no example was found under the schemas and spec folders, so "0 schema(s) compile" passes a check that checked nothing.',
    fail: {
      says: 'a tree with neither schemas/ nor spec/ (or a corpus kept elsewhere without paths.schemas / paths.spec)',
      edits: [],
    },
    pass: { says: 'schemas/capabilities.schema.json is present', edits: [] },
    fix: 'Run from the spec repository (or pass --root), or set paths.schemas and paths.spec in openwop-spec.config.json to the folders that hold the schemas.',
    message: (d: { dirs: string }) => `nothing to check: no *.schema.json and no example under ${d.dirs}`,
  },
  'schemas/compile': {
    severity: 'error',
    summary:
      'A *.schema.json does not compile as JSON Schema draft 2020-12 under Ajv strict mode: it breaks the meta-schema (a bad `type`), uses a keyword Ajv does not know, or trips another strict-mode check.',
    fail: { says: '{ "type": "object", "properties": { "n": { "type": "integr" } } }', edits: [] },
    pass: { says: '{ "type": "object", "properties": { "n": { "type": "integer" } } }', edits: [] },
    fix: 'Correct the keyword or value at the reported position; a custom annotation belongs in `description` or `$comment`.',
    message: (d: { problem: string }) => `schema does not compile: ${d.problem}`,
  },
  'schemas/unresolved-ref': {
    severity: 'error',
    summary:
      'A `$ref` (or `$dynamicRef`) names a schema or a location that is not in the corpus, so the schema cannot compile.',
    fail: { says: '{ "$ref": "tool-descriptr.schema.json" }', edits: [] },
    pass: { says: '{ "$ref": "tool-descriptor.schema.json" }', edits: [] },
    fix: 'Point the reference at the `$id` of a corpus schema (relative references resolve against the enclosing `$id`, or the file path when there is none), or add the missing `$defs` entry.',
    message: (d: { ref: string; why: string }) => `$ref "${d.ref}" does not resolve: ${d.why}`,
  },
  'schemas/ref-cycle': {
    severity: 'error',
    summary:
      'References form a cycle that never descends into the instance (each step a `$ref` or an in-place applicator such as `allOf`): validating through it never ends. Such schemas are not compiled.',
    fail: {
      says: '{ "$id": "a.json", "$ref": "b.json" } and { "$id": "b.json", "allOf": [{ "$ref": "a.json" }] }',
      edits: [],
    },
    pass: {
      says: '{ "$id": "node.json", "properties": { "children": { "items": { "$ref": "node.json" } } } }',
      edits: [],
    },
    fix: 'Make one step of the cycle apply to a property or an item (a recursive schema must descend into the instance), or remove one of the references.',
    message: (d: { length: number; files: string[] }) =>
      `this $ref closes a cycle of ${formatGrouped(d.length)} reference(s) that never descends into the instance (${chain(d.files)}): validating through it never ends`,
  },
  'schemas/ref-depth': {
    severity: 'error',
    summary:
      'A `$ref` starts a chain of more references, each leading to the next, than the validator compiles one inside another (128): past a few hundred, compiling exhausts the stack. Such schemas are not compiled.',
    fail: { says: '1,000 schemas, each only a `$ref` to the next', edits: [] },
    pass: { says: 'the same schemas each referencing the last one directly', edits: [] },
    fix: 'Shorten the chain: reference the schema at its end directly, or merge the links that only forward to the next one.',
    message: (d: { depth: number; max: number }) =>
      `this $ref starts a chain of up to ${formatGrouped(d.depth)} references, each compiled inside the one before; more than ${d.max} exhaust the validator's stack`,
  },
  'schemas/duplicate-id': {
    severity: 'error',
    summary: 'Two schemas (or two subschemas) declare the same `$id`, so a `$ref` to it would be ambiguous.',
    fail: {
      says: 'a.schema.json and b.schema.json both with "$id": "https://openwop.dev/spec/v2/a.schema.json"',
      edits: [],
    },
    pass: { says: 'b.schema.json with "$id": "https://openwop.dev/spec/v2/b.schema.json"', edits: [] },
    fix: 'Give each schema the `$id` of its own file; only the first file in path order is registered under a duplicated id.',
    message: (d: { id: string; others: string }) =>
      `$id "${d.id}" is also declared at ${d.others}, and every $id must be unique`,
  },
  'schemas/valid-example-fails': {
    severity: 'error',
    summary: 'An example under examples/valid/<schema>/ does not validate against its schema.',
    fail: { says: 'examples/valid/tool-descriptor/read.json with "safetyTier": "reed"', edits: [] },
    pass: { says: 'examples/valid/tool-descriptor/read.json with "safetyTier": "read"', edits: [] },
    fix: 'Fix the example (or the schema, if the example shows what the spec allows); an example meant to fail belongs under examples/invalid/ with an expectation sidecar.',
    message: (d: { schema: string; pointer: string; problem: string }) =>
      `valid example fails ${d.schema} at ${d.pointer || '/'}: ${d.problem}`,
  },
  'schemas/pattern-budget': {
    severity: 'error',
    summary:
      'A schema pattern that the linear-time engine (RE2) cannot run, because it uses lookaround or a backreference, ran out of its time budget on an example value: it backtracks catastrophically.',
    fail: { says: '"pattern": "^(?=(a+)+$)a*$" and an example value of thirty a then !', edits: [] },
    pass: { says: '"pattern": "^a+$" (RE2 runs it in linear time whatever the value)', edits: [] },
    fix: 'Rewrite the pattern without nested quantifiers; without lookaround or backreferences RE2 runs it in linear time.',
    message: (d: { schema: string; pattern: string; budget: number }) =>
      `the pattern ${JSON.stringify(d.pattern)} of ${d.schema} ran out of its ${d.budget} ms budget on this example (catastrophic backtracking; RE2 cannot run its lookaround or backreference)`,
  },
  'schemas/invalid-example-passes': {
    severity: 'error',
    summary:
      'An example under examples/invalid/<schema>/ validates against its schema, so the schema no longer rejects what the example documents.',
    fail: {
      says: 'annotations without "required" in the schema, and an invalid example that omits openWorldHint',
      edits: [],
    },
    pass: {
      says: 'the schema requires all four hints, so the example fails with keyword "required" at /annotations',
      edits: [],
    },
    fix: 'Restore the constraint the example documents in the schema, or, if the example is now legitimately valid, move it to examples/valid/ and delete its sidecar.',
    message: (d: { schema: string; expected: string }) =>
      `invalid example passes ${d.schema}, though it is documented to fail with ${d.expected}`,
  },
  'schemas/invalid-example-wrong-reason': {
    severity: 'error',
    summary:
      'An invalid example fails, but not with the error its sidecar names, so it no longer proves the constraint it was written for.',
    fail: {
      says: 'sidecar { "keyword": "required", "instancePath": "/annotations" } but the example fails only with "additionalProperties" at /annotations',
      edits: [],
    },
    pass: { says: 'the example breaks exactly the documented constraint and nothing else', edits: [] },
    fix: 'Make the example break only the documented constraint, or correct the sidecar to the keyword and instancePath the schema really reports.',
    message: (d: { schema: string; expected: string; actual: string }) =>
      `invalid example fails ${d.schema} for another reason: expected ${d.expected}, got ${d.actual}`,
  },
  'schemas/missing-expectation': {
    severity: 'error',
    summary:
      'An invalid example has no `<case>.expect.json` sidecar naming the keyword and instancePath it must fail on.',
    fail: { says: 'examples/invalid/tool-descriptor/missing-hint.json alone', edits: [] },
    pass: {
      says: 'plus missing-hint.expect.json = { "keyword": "required", "instancePath": "/annotations" }',
      edits: [],
    },
    fix: 'Add `<case>.expect.json` next to the example with the Ajv keyword and instancePath of the error it must raise.',
    message: (_d: { sidecar: string }) => 'invalid example has no expectation',
    hint: (d: { sidecar: string }) =>
      `add ${d.sidecar} = { "keyword": "<ajv keyword>", "instancePath": "<JSON pointer>" }`,
  },
  'schemas/orphan-expectation': {
    severity: 'error',
    summary:
      'An `.expect.json` sidecar has no invalid example beside it (or sits under examples/valid/, where examples take no expectation).',
    fail: { says: 'examples/invalid/tool-descriptor/old-case.expect.json without old-case.json', edits: [] },
    pass: { says: 'old-case.json next to it, or the sidecar deleted', edits: [] },
    fix: 'Rename the sidecar to match its example (`<case>.json` ↔ `<case>.expect.json`) or delete it.',
    message: (d: { why: string }) => `expectation without an invalid example: ${d.why}`,
  },
  'schemas/malformed-expectation': {
    severity: 'error',
    summary:
      'An `.expect.json` sidecar is not `{ "keyword": <non-empty string>, "instancePath": <JSON pointer> }` (with an optional `params` object).',
    fail: { says: '{ "keyword": "required", "path": "/annotations" }', edits: [] },
    pass: { says: '{ "keyword": "required", "instancePath": "/annotations" }', edits: [] },
    fix: 'Write the sidecar as `{ "keyword": "<ajv keyword>", "instancePath": "<JSON pointer, \\"\\" for the root>" }`, optionally with `"params": { … }`.',
    message: (d: { problem: string }) => `malformed expectation: ${d.problem}`,
  },
  'schemas/unknown-schema': {
    severity: 'error',
    summary:
      'An example folder examples/{valid,invalid}/<name>/ names no schema file <schemas>/v2/<name>.schema.json, so its examples cannot run.',
    fail: { says: 'examples/valid/tool-descriptr/', edits: [] },
    pass: { says: 'examples/valid/tool-descriptor/ next to schemas/v2/tool-descriptor.schema.json', edits: [] },
    fix: 'Rename the folder to the schema file name without `.schema.json`.',
    message: (d: { name: string; expected: string }) =>
      `example folder "${d.name}" names no schema: ${d.expected} does not exist`,
  },
  'schemas/misplaced-example': {
    severity: 'error',
    summary:
      'A file under the examples folder does not fit the layout examples/{valid,invalid}/<schema-name>/<case>.json, so it would never run.',
    fail: { says: 'examples/valid/read-tool.json (no schema folder)', edits: [] },
    pass: { says: 'examples/valid/tool-descriptor/read-tool.json', edits: [] },
    fix: 'Move the file into examples/valid/<schema-name>/ or examples/invalid/<schema-name>/ as a `.json` case, or remove it; README.md files are allowed anywhere in the examples folder.',
    message: (d: { why: string }) => `not part of the example layout: ${d.why}`,
  },
});
