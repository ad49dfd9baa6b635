import { EXAMPLE_FILES } from './example-repository.js';
import type { Diagnostic, Point, RuleDoc } from './model.js';
import { oneLine } from './text.js';

// The files the examples below change in the example repository, a spec repository that passes every gate.
const { scenarioConfig: CONFIG, scenarioManifest: MANIFEST, v2Scenario: V2_SCENARIO, rfc: RFC } = EXAMPLE_FILES;
const RFC_TEXT = '---\nauthor: René Dupont\n---\n\n# RFC 0204: the v2 host MCP client\n';
/** A core index of `n` keys in code spans, one list item each, with no blank line between them. */
const index = (n: number): string => `# Index\n\n${'- `toolCatalog`\n'.repeat(n)}`;
/** The example repository's configurable schema with an example of objects nested `depth` deep. */
const nested = (depth: number) => ({
  file: 'schemas/v2/configurable.schema.json',
  write: [
    '{',
    '  "$schema": "https://json-schema.org/draft/2020-12/schema",',
    '  "$id": "https://openwop.dev/spec/v2/configurable.schema.json",',
    '  "type": "object",',
    '  "properties": { "keys": { "type": "array", "items": { "type": "string" } } },',
    `  "examples": [${'{ "a": '.repeat(depth)}1${' }'.repeat(depth)}]`,
    '}',
    '',
  ].join('\n'),
});
/** A bothMajors entry promoting runs.test.ts, its RFC number given as `rfc`. */
const runsEntry = (rfc: string) => ({
  file: CONFIG,
  set: '/bothMajors/-',
  to: { file: 'runs.test.ts', rfc, reason: 'reads no capability flag and requests no versioned path' },
});

/**
 * The rule ids of input errors: the tool could not read an input, or the input breaks its own
 * format, so the gates that need it do not run (exit 2). Each is reported as a diagnostic, once
 * per run, in every format.
 */
export const INPUT_RULES = [
  {
    id: 'input/usage',
    severity: 'error',
    summary: 'The command line or the environment cannot be used: no repository root, a bad option value.',
    fail: {
      says: '--root names a folder that does not exist.',
      edits: [],
      args: ['--root', 'spec-repo'],
    },
    pass: { says: '--root names the repository itself.', edits: [], args: ['--root', '.'] },
    fix: 'Correct the option or the environment variable the message names.',
  },
  {
    id: 'input/missing',
    severity: 'error',
    summary: 'A file or folder that a gate needs does not exist.',
    fail: {
      says: 'The scenario-majors config is deleted; the scenario-majors gate reads it first.',
      edits: [{ file: CONFIG, remove: true }],
    },
    pass: { says: 'The config is there.', edits: [] },
    fix: 'Create the file the message names, or restore it from git.',
  },
  {
    id: 'input/not-a-file',
    severity: 'error',
    summary:
      'A path that must be a regular file (or a folder) is something else: a FIFO, a socket, a device, a folder.',
    fail: {
      says: "spec/v2/declaration.schema.json is a folder (an archive unpacked under the file's name), not the schema.",
      edits: [
        { file: 'spec/v2/declaration.schema.json', remove: true },
        { file: 'spec/v2/declaration.schema.json/declaration.schema.json', write: '{}\n' },
      ],
    },
    pass: { says: 'spec/v2/declaration.schema.json is the schema file.', edits: [] },
    fix: 'Replace the path with a regular file (or a folder, where one is expected).',
  },
  {
    id: 'input/outside-root',
    severity: 'error',
    summary: 'A symbolic link the gates must follow resolves outside the repository.',
    fail: {
      says: 'spec/v2/core/v1 is a symbolic link to /etc, a folder outside the repository.',
      edits: [{ file: 'spec/v2/core/v1', symlink: '/etc' }],
    },
    pass: {
      says: 'The link points at spec/v1/, inside the repository.',
      edits: [{ file: 'spec/v2/core/v1', symlink: '../../v1' }],
    },
    fix: 'Point the link inside the repository, or replace it with the files themselves.',
  },
  {
    id: 'input/too-large',
    severity: 'error',
    summary:
      'A corpus file is larger than the tool reads: 1 MiB for a markdown document the gates parse, 32 MiB for any other file.',
    fail: {
      says: 'A core document of 1.1 MB, over the 1 MiB a markdown document may hold: it is not parsed.',
      edits: [{ file: 'spec/v2/core/appendix.md', write: `# Appendix\n\n${'word '.repeat(220_000)}\n` }],
    },
    pass: {
      says: 'The same appendix cut to 100 KB (20,000 words, within the word cap too).',
      edits: [{ file: 'spec/v2/core/appendix.md', write: `# Appendix\n\n${'word '.repeat(20_000)}\n` }],
    },
    fix: 'Split the file, or remove what does not belong in the corpus.',
  },
  {
    id: 'input/too-complex',
    severity: 'error',
    summary:
      'A markdown document holds more markup than the parser may work through: its memory estimate, its stretches of markup without a blank line, or its definitions times the `]` that may refer to them pass a documented budget (spec-tree README).',
    fail: {
      says: 'A generated core index lists 2,100 keys in code spans with no blank line between them: one stretch of 4,200 markup characters.',
      edits: [{ file: 'spec/v2/core/index.md', write: index(2_100) }],
    },
    pass: {
      says: 'The index split across documents: this one keeps 300 of the keys.',
      edits: [{ file: 'spec/v2/core/index.md', write: index(300) }],
    },
    fix: 'Split the document, break long stretches with blank lines, or use less markup at the line the message names.',
  },
  {
    id: 'input/io',
    severity: 'error',
    summary: 'A file or folder cannot be read, listed or written: permission denied, or another I/O failure.',
    fail: {
      says: 'spec/v2/core/heartbeat.md is a symbolic link to itself: a loop no user, root included, can read through.',
      edits: [{ file: 'spec/v2/core/heartbeat.md', symlink: 'heartbeat.md' }],
    },
    pass: {
      says: 'The link points at spec/v1/heartbeat.md.',
      edits: [{ file: 'spec/v2/core/heartbeat.md', symlink: '../../v1/heartbeat.md' }],
    },
    fix: 'Give the user running the tool access to the path the message names (and check the disk).',
  },
  {
    id: 'input/invalid-utf8',
    severity: 'error',
    summary: 'A text file is not valid UTF-8; it is never read with replacement characters.',
    fail: {
      says: 'RFC 0204 saved as Latin-1: the "é" in its author\'s name is the single byte 0xE9, which is not UTF-8.',
      edits: [{ file: RFC, write: Uint8Array.from(RFC_TEXT, (c) => c.charCodeAt(0)) }],
    },
    pass: { says: 'The same text saved as UTF-8.', edits: [{ file: RFC, write: RFC_TEXT }] },
    fix: 'Save the file as UTF-8.',
  },
  {
    id: 'input/invalid-json',
    severity: 'error',
    summary: 'A JSON file is not valid JSON (RFC 8259); the message says what is wrong where the mistake is.',
    fail: {
      says: 'A reserved org is added to the declaration with a comma after the last element.',
      edits: [{ file: 'spec/v2/declaration.json', replace: '"openwop"\n  ]', with: '"openwop",\n    "acme",\n  ]' }],
    },
    pass: {
      says: 'The same org, without the trailing comma.',
      edits: [{ file: 'spec/v2/declaration.json', replace: '"openwop"\n  ]', with: '"openwop",\n    "acme"\n  ]' }],
    },
    fix: 'Correct the syntax at the position given (a trailing comma, a missing comma, an unquoted key…).',
  },
  {
    id: 'input/duplicate-key',
    severity: 'error',
    summary: 'A JSON object repeats a key; a parser would silently keep only one of the values.',
    fail: {
      says: 'The scenario-majors config sets manifestComment twice.',
      edits: [
        {
          file: CONFIG,
          write:
            '{\n  "bothMajors": [],\n  "manifestComment": "Written by openwop-spec scenario-majors --write.",\n  "manifestComment": "Written by openwop-spec gen."\n}\n',
        },
      ],
    },
    pass: {
      says: 'It sets it once, and the manifest is regenerated with that comment.',
      edits: [
        { file: CONFIG, write: '{\n  "bothMajors": [],\n  "manifestComment": "Written by openwop-spec gen."\n}\n' },
        { file: MANIFEST, set: '/$comment', to: 'Written by openwop-spec gen.' },
      ],
    },
    fix: 'Remove or rename one of the two members.',
  },
  {
    id: 'input/nesting-depth',
    severity: 'error',
    summary:
      'A JSON value, a TypeScript source or a Markdown document nests deeper than the documented limit (256 levels), which no real input comes near.',
    fail: {
      says: 'An example in a schema nests objects 300 deep.',
      edits: [nested(300)],
    },
    pass: { says: 'The same example nested 3 deep.', edits: [nested(3)] },
    fix: 'Flatten the structure at the position given.',
  },
  {
    id: 'input/invalid-typescript',
    severity: 'error',
    summary: 'A conformance scenario (or a module it imports) does not parse as TypeScript.',
    fail: {
      says: 'A major-2 scenario misses the `]` that closes an array.',
      edits: [
        {
          file: V2_SCENARIO,
          write: "export const title = 'lists tools';\nexport const expected = ['search', 'fetch';\n",
        },
      ],
    },
    pass: {
      says: 'The same scenario with the `]`.',
      edits: [
        {
          file: V2_SCENARIO,
          write: "export const title = 'lists tools';\nexport const expected = ['search', 'fetch'];\n",
        },
      ],
    },
    fix: 'Correct the syntax at the position given.',
  },
  {
    id: 'input/malformed',
    severity: 'error',
    summary:
      'An input breaks its own format: the wrong type where a value is read, an impossible date, a bad configuration.',
    fail: {
      says: "A bothMajors entry gives its RFC as 204, where the config's schema wants four digits.",
      edits: [runsEntry('204')],
    },
    pass: {
      says: 'The RFC given as 0204, and the manifest regenerated: runs.test.ts targets both majors.',
      edits: [
        runsEntry('0204'),
        { file: MANIFEST, set: '/majors/runs.test.ts', to: [1, 2] },
        { file: MANIFEST, set: '/counts/v2', to: 2 },
      ],
    },
    fix: 'Correct the value at the position given.',
  },
] as const satisfies readonly RuleDoc[];

export type InputRule = (typeof INPUT_RULES)[number]['id'];

/** An input or usage error: the gate could not run (exit 2). Reported as a diagnostic, never a stack trace. */
export class InputError extends Error {
  readonly rule: InputRule;

  constructor(
    message: string,
    readonly location?: { file: string; start?: Point },
    rule?: InputRule,
  ) {
    super(message);
    this.name = 'InputError';
    this.rule = rule ?? (location ? 'input/malformed' : 'input/usage');
  }
}

/** Whether the input could not be read at all (as opposed to read and found broken). */
export function isUnreadable(err: InputError): boolean {
  return (
    err.rule === 'input/io' ||
    err.rule === 'input/not-a-file' ||
    err.rule === 'input/too-large' ||
    err.rule === 'input/outside-root'
  );
}

/** The diagnostic an input error stands for (its gate is the first gate that met it). */
export function inputDiagnostic(gate: string, err: InputError): Diagnostic {
  const loc = err.location;
  return {
    gate,
    ruleId: err.rule,
    severity: 'error',
    message: err.message,
    ...(loc ? { file: loc.file } : {}),
    ...(loc?.start ? { start: { line: loc.start.line, column: loc.start.column } } : {}),
  };
}

/**
 * `openwop-spec <gate>: <message>` plus ` (<file>:<line>:<column>)` when a position is known, or
 * ` (<file>)` when only the file is. An empty gate gives `openwop-spec: <message>` (errors raised
 * before any gate was chosen, such as a missing root). Always exactly one line.
 */
export function formatInputError(gate: string, err: InputError): string {
  const loc = err.location;
  const where = !loc ? '' : loc.start ? ` (${loc.file}:${loc.start.line}:${loc.start.column})` : ` (${loc.file})`;
  return oneLine(`${prefix(gate)}: ${err.message}${where}`);
}

/**
 * The result line of a gate that could not run: it points at the input diagnostic printed once for
 * the run, or, for an error about no file, says it in full.
 */
export function formatCouldNotRun(gate: string, err: InputError): string {
  const loc = err.location;
  if (!loc) return formatInputError(gate, err);
  const where = loc.start ? `${loc.file}:${loc.start.line}:${loc.start.column}` : loc.file;
  return oneLine(`${prefix(gate)}: could not run — input error at ${where} (${err.rule})`);
}

/** The one line that precedes a stack trace, and only for an internal bug. */
export function formatInternalError(gate: string): string {
  return `${prefix(gate)}: internal error (this is a bug)`;
}

function prefix(gate: string): string {
  return gate === '' ? 'openwop-spec' : `openwop-spec ${gate}`;
}
