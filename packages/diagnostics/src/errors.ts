import type { Diagnostic, Point, RuleDoc } from './model.js';
import { oneLine } from './text.js';

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
    fail: { says: 'openwop-spec check --today 2026-02-30', edits: [] },
    pass: { says: 'openwop-spec check --today 2026-02-28', edits: [] },
    fix: 'Correct the option or the environment variable the message names.',
  },
  {
    id: 'input/missing',
    severity: 'error',
    summary: 'A file or folder that a gate needs does not exist.',
    fail: { says: 'spec/v2/declaration.json deleted', edits: [] },
    pass: { says: 'spec/v2/declaration.json present', edits: [] },
    fix: 'Create the file the message names, or restore it from git.',
  },
  {
    id: 'input/not-a-file',
    severity: 'error',
    summary:
      'A path that must be a regular file (or a folder) is something else: a FIFO, a socket, a device, a folder.',
    fail: { says: 'mkfifo spec/v2/declaration.json', edits: [] },
    pass: { says: 'spec/v2/declaration.json a regular file', edits: [] },
    fix: 'Replace the path with a regular file (or a folder, where one is expected).',
  },
  {
    id: 'input/outside-root',
    severity: 'error',
    summary: 'A symbolic link the gates must follow resolves outside the repository.',
    fail: { says: 'spec/v2/core -> /etc', edits: [] },
    pass: { says: 'spec/v2/core a folder inside the repository', edits: [] },
    fix: 'Point the link inside the repository, or replace it with the files themselves.',
  },
  {
    id: 'input/too-large',
    severity: 'error',
    summary:
      'A corpus file is larger than the tool reads: 1 MiB for a markdown document the gates parse, 32 MiB for any other file.',
    fail: { says: 'a 5 MB spec/v2/core/overview.md', edits: [] },
    pass: { says: 'a spec document of a few hundred kilobytes', edits: [] },
    fix: 'Split the file, or remove what does not belong in the corpus.',
  },
  {
    id: 'input/too-complex',
    severity: 'error',
    summary:
      'A markdown document holds more markup than the parser may work through: its memory estimate, its stretches of markup without a blank line, or its definitions times the `]` that may refer to them pass a documented budget (spec-tree README).',
    fail: { says: 'a paragraph of 100,000 `*a` on one line, or 250,000 one-word list items', edits: [] },
    pass: { says: 'the same text in paragraphs of a few hundred words, or a list of a few hundred items', edits: [] },
    fix: 'Split the document, break long stretches with blank lines, or use less markup at the line the message names.',
  },
  {
    id: 'input/io',
    severity: 'error',
    summary: 'A file or folder cannot be read, listed or written: permission denied, or another I/O failure.',
    fail: { says: 'chmod 000 spec/v2/facets', edits: [] },
    pass: { says: 'chmod 755 spec/v2/facets', edits: [] },
    fix: 'Give the user running the tool access to the path the message names (and check the disk).',
  },
  {
    id: 'input/invalid-utf8',
    severity: 'error',
    summary: 'A text file is not valid UTF-8; it is never read with replacement characters.',
    fail: { says: 'a Latin-1 "é" (byte 0xE9) in a markdown file', edits: [] },
    pass: { says: 'the same text saved as UTF-8', edits: [] },
    fix: 'Save the file as UTF-8.',
  },
  {
    id: 'input/invalid-json',
    severity: 'error',
    summary: 'A JSON file is not valid JSON (RFC 8259); the message says what is wrong where the mistake is.',
    fail: { says: '{ "a": 1, }', edits: [] },
    pass: { says: '{ "a": 1 }', edits: [] },
    fix: 'Correct the syntax at the position given (a trailing comma, a missing comma, an unquoted key…).',
  },
  {
    id: 'input/duplicate-key',
    severity: 'error',
    summary: 'A JSON object repeats a key; a parser would silently keep only one of the values.',
    fail: { says: '{ "a": 1, "a": 2 }', edits: [] },
    pass: { says: '{ "a": 1, "b": 2 }', edits: [] },
    fix: 'Remove or rename one of the two members.',
  },
  {
    id: 'input/nesting-depth',
    severity: 'error',
    summary:
      'A JSON value, a TypeScript source or a Markdown document nests deeper than the documented limit (256 levels), which no real input comes near.',
    fail: { says: 'a JSON file of 10,000 nested arrays', edits: [] },
    pass: { says: 'the same data nested a few levels deep', edits: [] },
    fix: 'Flatten the structure at the position given.',
  },
  {
    id: 'input/invalid-typescript',
    severity: 'error',
    summary: 'A conformance scenario (or a module it imports) does not parse as TypeScript.',
    fail: { says: 'export const x = ;', edits: [] },
    pass: { says: 'export const x = 1;', edits: [] },
    fix: 'Correct the syntax at the position given.',
  },
  {
    id: 'input/malformed',
    severity: 'error',
    summary:
      'An input breaks its own format: the wrong type where a value is read, an impossible date, a bad configuration.',
    fail: { says: '{ "families": {} } where an array is required', edits: [] },
    pass: { says: '{ "families": [] }', edits: [] },
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
