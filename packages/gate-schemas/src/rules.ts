import { EXAMPLE_FILES, formatGrouped } from '@openwop-spec/diagnostics';
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

// The rule examples edit the example repository's hand-written schema and its examples folder.
const CONFIGURABLE = EXAMPLE_FILES.configurable;
const EXAMPLES = 'schemas/v2/examples';

/** `key0` … `key129`, each a `$ref` to what `target` names, the last a string. */
const keyChain = (target: (i: number) => string | undefined) =>
  Object.fromEntries(
    Array.from({ length: 130 }, (_, i) => {
      const ref = target(i);
      return [`key${i}`, ref === undefined ? { type: 'string' } : { $ref: ref }];
    }),
  );

/** A schema of one configurable key, under the `$id` of schemas/v2/<name>.schema.json. */
const keySchema = (name: string): string =>
  `${JSON.stringify(
    {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: `https://openwop.dev/spec/v2/${name}.schema.json`,
      type: 'string',
      minLength: 1,
    },
    null,
    2,
  )}\n`;

/** An invalid example of a key with a `!` in it, and its sidecar. */
const BAD_KEY = [
  {
    file: `${EXAMPLES}/invalid/configurable/bang-key.json`,
    write: '{ "keys": ["heartbeatdeliverychannelfallback!"] }\n',
  },
  {
    file: `${EXAMPLES}/invalid/configurable/bang-key.expect.json`,
    write: '{ "keyword": "pattern", "instancePath": "/keys/0" }\n',
  },
];

/** Every rule the schemas gate can emit, with its documentation and message. */
export const rules = ruleCatalog(GATE_ID, {
  'schemas/nothing-to-check': {
    severity: 'warning',
    summary:
      'No *.schema.json and no example was found under the schemas and spec folders, so "0 schema(s) compile" passes a check that checked nothing.',
    fail: {
      says: 'openwop-spec.config.json points paths.schemas and paths.spec at folders the repository does not have, so the gate finds nothing to compile.',
      edits: [{ file: 'openwop-spec.config.json', write: '{ "paths": { "schemas": "schema", "spec": "specs" } }\n' }],
    },
    pass: {
      says: 'The configuration names the folders that hold the schemas.',
      edits: [{ file: 'openwop-spec.config.json', write: '{ "paths": { "schemas": "schemas", "spec": "spec" } }\n' }],
    },
    fix: 'Run from the spec repository (or pass --root), or set paths.schemas and paths.spec in openwop-spec.config.json to the folders that hold the schemas.',
    message: (d: { dirs: string }) => `nothing to check: no *.schema.json and no example under ${d.dirs}`,
  },
  'schemas/compile': {
    severity: 'error',
    summary:
      'A *.schema.json does not compile as JSON Schema draft 2020-12 under Ajv strict mode: it breaks the meta-schema (a bad `type`), uses a keyword Ajv does not know, or trips another strict-mode check.',
    fail: {
      says: 'A length limit added to the configurable keys with a misspelt keyword, which strict mode rejects.',
      edits: [{ file: CONFIGURABLE, set: '/properties/keys/items/maxLenght', to: 64 }],
    },
    pass: {
      says: 'The same limit spelt `maxLength`.',
      edits: [{ file: CONFIGURABLE, set: '/properties/keys/items/maxLength', to: 64 }],
    },
    fix: 'Correct the keyword or value at the reported position; a custom annotation belongs in `description` or `$comment`.',
    message: (d: { problem: string }) => `schema does not compile: ${d.problem}`,
  },
  'schemas/unresolved-ref': {
    severity: 'error',
    summary:
      'A `$ref` (or `$dynamicRef`) names a schema or a location that is not in the corpus, so the schema cannot compile.',
    fail: {
      says: 'The item schema of `keys` moves into `$defs` as `key`, but the reference to it names `#/$defs/keys`, which the schema does not have.',
      edits: [
        { file: CONFIGURABLE, set: '/$defs', to: { key: { type: 'string', minLength: 1 } } },
        { file: CONFIGURABLE, set: '/properties/keys/items', to: { $ref: '#/$defs/keys' } },
      ],
    },
    pass: {
      says: 'The reference names the definition the schema has.',
      edits: [
        { file: CONFIGURABLE, set: '/$defs', to: { key: { type: 'string', minLength: 1 } } },
        { file: CONFIGURABLE, set: '/properties/keys/items', to: { $ref: '#/$defs/key' } },
      ],
    },
    fix: 'Point the reference at the `$id` of a corpus schema (relative references resolve against the enclosing `$id`, or the file path when there is none), or add the missing `$defs` entry.',
    message: (d: { ref: string; why: string }) => `$ref "${d.ref}" does not resolve: ${d.why}`,
  },
  'schemas/ref-cycle': {
    severity: 'error',
    summary:
      'References form a cycle that never descends into the instance (each step a `$ref` or an in-place applicator such as `allOf`): validating through it never ends. Such schemas are not compiled.',
    fail: {
      says: 'The configurable schema applies the metadata schema in place (`allOf`), and the metadata schema is only a `$ref` back to it: validating through them never ends.',
      edits: [{ file: CONFIGURABLE, set: '/allOf', to: [{ $ref: 'metadata-configurable.schema.json' }] }],
    },
    pass: {
      says: 'The same reference applies to each item of a `groups` member, so each round descends into the instance: a recursive schema, no cycle.',
      edits: [
        {
          file: CONFIGURABLE,
          set: '/properties/groups',
          to: { type: 'array', items: { $ref: 'metadata-configurable.schema.json' } },
        },
      ],
    },
    fix: 'Make one step of the cycle apply to a property or an item (a recursive schema must descend into the instance), or remove one of the references.',
    message: (d: { length: number; files: string[] }) =>
      `this $ref closes a cycle of ${formatGrouped(d.length)} reference(s) that never descends into the instance (${chain(d.files)}): validating through it never ends`,
  },
  'schemas/ref-depth': {
    severity: 'error',
    summary:
      'A `$ref` starts a chain of more references, each leading to the next, than the validator compiles one inside another (128): past a few hundred, compiling exhausts the stack. Such schemas are not compiled.',
    fail: {
      says: 'A chain of 130 definitions, each only a `$ref` to the next: 129 references, one more than the validator compiles one inside another.',
      edits: [
        { file: CONFIGURABLE, set: '/$defs', to: keyChain((i) => (i < 129 ? `#/$defs/key${i + 1}` : undefined)) },
      ],
    },
    pass: {
      says: 'The same definitions, each referencing the last one directly.',
      edits: [{ file: CONFIGURABLE, set: '/$defs', to: keyChain((i) => (i < 129 ? '#/$defs/key129' : undefined)) }],
    },
    fix: 'Shorten the chain: reference the schema at its end directly, or merge the links that only forward to the next one.',
    message: (d: { depth: number; max: number }) =>
      `this $ref starts a chain of up to ${formatGrouped(d.depth)} references, each compiled inside the one before; more than ${d.max} exhaust the validator's stack`,
  },
  'schemas/duplicate-id': {
    severity: 'error',
    summary: 'Two schemas (or two subschemas) declare the same `$id`, so a `$ref` to it would be ambiguous.',
    fail: {
      says: "A new schema for one configurable key, started from configurable.schema.json, keeps that schema's `$id`.",
      edits: [{ file: 'schemas/v2/configurable-key.schema.json', write: keySchema('configurable') }],
    },
    pass: {
      says: 'The new schema has the `$id` of its own file.',
      edits: [{ file: 'schemas/v2/configurable-key.schema.json', write: keySchema('configurable-key') }],
    },
    fix: 'Give each schema the `$id` of its own file; only the first file in path order is registered under a duplicated id.',
    message: (d: { id: string; others: string }) =>
      `$id "${d.id}" is also declared at ${d.others}, and every $id must be unique`,
  },
  'schemas/valid-example-fails': {
    severity: 'error',
    summary: 'An example under examples/valid/<schema>/ does not validate against its schema.',
    fail: {
      says: 'A valid discovery document whose preferredVersion `2` lacks the minor version the pattern requires.',
      edits: [
        {
          file: `${EXAMPLES}/valid/capabilities/minimal.json`,
          write: '{ "protocolVersions": ["2.0"], "preferredVersion": "2" }\n',
        },
      ],
    },
    pass: {
      says: 'The same document with preferredVersion `2.0`.',
      edits: [
        {
          file: `${EXAMPLES}/valid/capabilities/minimal.json`,
          write: '{ "protocolVersions": ["2.0"], "preferredVersion": "2.0" }\n',
        },
      ],
    },
    fix: 'Fix the example (or the schema, if the example shows what the spec allows); an example meant to fail belongs under examples/invalid/ with an expectation sidecar.',
    message: (d: { schema: string; pointer: string; problem: string }) =>
      `valid example fails ${d.schema} at ${d.pointer || '/'}: ${d.problem}`,
  },
  'schemas/pattern-budget': {
    severity: 'error',
    summary:
      'A schema pattern that the linear-time engine (RE2) cannot run, because it uses lookaround or a backreference, ran out of its time budget on an example value: it backtracks catastrophically.',
    fail: {
      says: 'A key pattern with a lookahead (so RE2 cannot run it) and a nested quantifier backtracks past its one-second budget on the invalid example written to prove it rejects a `!`.',
      edits: [{ file: CONFIGURABLE, set: '/properties/keys/items/pattern', to: '^(?!-)([a-z]+-?)+$' }, ...BAD_KEY],
    },
    pass: {
      says: 'The same keys written without lookaround or nested quantifiers: RE2 runs the pattern in linear time, and the example fails as documented.',
      edits: [{ file: CONFIGURABLE, set: '/properties/keys/items/pattern', to: '^[a-z]+(-[a-z]+)*$' }, ...BAD_KEY],
    },
    fix: 'Rewrite the pattern without nested quantifiers; without lookaround or backreferences RE2 runs it in linear time.',
    message: (d: { schema: string; pattern: string; budget: number }) =>
      `the pattern ${JSON.stringify(d.pattern)} of ${d.schema} ran out of its ${d.budget} ms budget on this example (catastrophic backtracking; RE2 cannot run its lookaround or backreference)`,
  },
  'schemas/invalid-example-passes': {
    severity: 'error',
    summary:
      'An example under examples/invalid/<schema>/ validates against its schema, so the schema no longer rejects what the example documents.',
    fail: {
      says: 'An invalid example documents that a key cannot be listed twice, but the schema does not say so, and the example validates.',
      edits: [
        { file: `${EXAMPLES}/invalid/configurable/repeated-key.json`, write: '{ "keys": ["timeout", "timeout"] }\n' },
        {
          file: `${EXAMPLES}/invalid/configurable/repeated-key.expect.json`,
          write: '{ "keyword": "uniqueItems", "instancePath": "/keys" }\n',
        },
      ],
    },
    pass: {
      says: 'The schema says `uniqueItems`, and the example fails with it.',
      edits: [
        { file: CONFIGURABLE, set: '/properties/keys/uniqueItems', to: true },
        { file: `${EXAMPLES}/invalid/configurable/repeated-key.json`, write: '{ "keys": ["timeout", "timeout"] }\n' },
        {
          file: `${EXAMPLES}/invalid/configurable/repeated-key.expect.json`,
          write: '{ "keyword": "uniqueItems", "instancePath": "/keys" }\n',
        },
      ],
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
      says: 'The sidecar expects the type error at the first key, but the number is the second key, so the example fails at /keys/1.',
      edits: [
        { file: `${EXAMPLES}/invalid/configurable/numeric-key.json`, write: '{ "keys": ["timeout", 30] }\n' },
        {
          file: `${EXAMPLES}/invalid/configurable/numeric-key.expect.json`,
          write: '{ "keyword": "type", "instancePath": "/keys/0" }\n',
        },
      ],
    },
    pass: {
      says: 'The sidecar names the instancePath the example fails at.',
      edits: [
        { file: `${EXAMPLES}/invalid/configurable/numeric-key.json`, write: '{ "keys": ["timeout", 30] }\n' },
        {
          file: `${EXAMPLES}/invalid/configurable/numeric-key.expect.json`,
          write: '{ "keyword": "type", "instancePath": "/keys/1" }\n',
        },
      ],
    },
    fix: 'Make the example break only the documented constraint, or correct the sidecar to the keyword and instancePath the schema really reports.',
    message: (d: { schema: string; expected: string; actual: string }) =>
      `invalid example fails ${d.schema} for another reason: expected ${d.expected}, got ${d.actual}`,
  },
  'schemas/missing-expectation': {
    severity: 'error',
    summary:
      'An invalid example has no `<case>.expect.json` sidecar naming the keyword and instancePath it must fail on.',
    fail: {
      says: 'An invalid example with no sidecar beside it.',
      edits: [{ file: `${EXAMPLES}/invalid/configurable/numeric-key.json`, write: '{ "keys": [30] }\n' }],
    },
    pass: {
      says: 'Its sidecar names the error it must fail with.',
      edits: [
        { file: `${EXAMPLES}/invalid/configurable/numeric-key.json`, write: '{ "keys": [30] }\n' },
        {
          file: `${EXAMPLES}/invalid/configurable/numeric-key.expect.json`,
          write: '{ "keyword": "type", "instancePath": "/keys/0" }\n',
        },
      ],
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
    fail: {
      says: 'A sidecar whose invalid example is not there (deleted, or never written).',
      edits: [
        {
          file: `${EXAMPLES}/invalid/configurable/numeric-key.expect.json`,
          write: '{ "keyword": "type", "instancePath": "/keys/0" }\n',
        },
      ],
    },
    pass: {
      says: 'The example is beside its sidecar.',
      edits: [
        {
          file: `${EXAMPLES}/invalid/configurable/numeric-key.expect.json`,
          write: '{ "keyword": "type", "instancePath": "/keys/0" }\n',
        },
        { file: `${EXAMPLES}/invalid/configurable/numeric-key.json`, write: '{ "keys": [30] }\n' },
      ],
    },
    fix: 'Rename the sidecar to match its example (`<case>.json` ↔ `<case>.expect.json`) or delete it.',
    message: (d: { why: string }) => `expectation without an invalid example: ${d.why}`,
  },
  'schemas/malformed-expectation': {
    severity: 'error',
    summary:
      'An `.expect.json` sidecar is not `{ "keyword": <non-empty string>, "instancePath": <JSON pointer> }` (with an optional `params` object).',
    fail: {
      says: "The sidecar names the error's path `path`, where the convention says `instancePath`.",
      edits: [
        { file: `${EXAMPLES}/invalid/configurable/numeric-key.json`, write: '{ "keys": [30] }\n' },
        {
          file: `${EXAMPLES}/invalid/configurable/numeric-key.expect.json`,
          write: '{ "keyword": "type", "path": "/keys/0" }\n',
        },
      ],
    },
    pass: {
      says: 'The sidecar says `instancePath`.',
      edits: [
        { file: `${EXAMPLES}/invalid/configurable/numeric-key.json`, write: '{ "keys": [30] }\n' },
        {
          file: `${EXAMPLES}/invalid/configurable/numeric-key.expect.json`,
          write: '{ "keyword": "type", "instancePath": "/keys/0" }\n',
        },
      ],
    },
    fix: 'Write the sidecar as `{ "keyword": "<ajv keyword>", "instancePath": "<JSON pointer, \\"\\" for the root>" }`, optionally with `"params": { … }`.',
    message: (d: { problem: string }) => `malformed expectation: ${d.problem}`,
  },
  'schemas/unknown-schema': {
    severity: 'error',
    summary:
      'An example folder examples/{valid,invalid}/<name>/ names no schema file <schemas>/v2/<name>.schema.json, so its examples cannot run.',
    fail: {
      says: 'The example folder is named `configurble`, and no schemas/v2/configurble.schema.json exists.',
      edits: [{ file: `${EXAMPLES}/valid/configurble/timeout.json`, write: '{ "keys": ["timeout"] }\n' }],
    },
    pass: {
      says: 'The folder is named after schemas/v2/configurable.schema.json.',
      edits: [{ file: `${EXAMPLES}/valid/configurable/timeout.json`, write: '{ "keys": ["timeout"] }\n' }],
    },
    fix: 'Rename the folder to the schema file name without `.schema.json`.',
    message: (d: { name: string; expected: string }) =>
      `example folder "${d.name}" names no schema: ${d.expected} does not exist`,
  },
  'schemas/misplaced-example': {
    severity: 'error',
    summary:
      'A file under the examples folder does not fit the layout examples/{valid,invalid}/<schema-name>/<case>.json, so it would never run.',
    fail: {
      says: 'A valid example written straight into examples/valid/, with no folder naming its schema.',
      edits: [{ file: `${EXAMPLES}/valid/timeout.json`, write: '{ "keys": ["timeout"] }\n' }],
    },
    pass: {
      says: 'The example is in the folder of the schema it is for.',
      edits: [{ file: `${EXAMPLES}/valid/configurable/timeout.json`, write: '{ "keys": ["timeout"] }\n' }],
    },
    fix: 'Move the file into examples/valid/<schema-name>/ or examples/invalid/<schema-name>/ as a `.json` case, or remove it; README.md files are allowed anywhere in the examples folder.',
    message: (d: { why: string }) => `not part of the example layout: ${d.why}`,
  },
});
