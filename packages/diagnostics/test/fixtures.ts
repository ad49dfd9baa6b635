// Shared fixtures for the format writer tests: a capturing sink and three gate results (clean, failing,
// could-not-run) shaped like the real gates' output.
import { terminalSink } from '../src/index.js';
import type { Diagnostic, GateResult, OutputOptions, RuleDoc, Sink } from '../src/index.js';

export interface Captured {
  sink: Sink;
  /** Every line in write order, tagged with its stream. */
  all: Array<[stream: 'stdout' | 'stderr', line: string]>;
  stdout: string[];
  stderr: string[];
}

/** A sink as the CLI gives one (`terminalSink`), capturing the lines it would print. */
export function capture(): Captured {
  const c: Captured = { all: [], stdout: [], stderr: [], sink: { stdout: () => {}, stderr: () => {} } };
  c.sink = terminalSink({
    stdout: (line) => {
      c.all.push(['stdout', line]);
      c.stdout.push(line);
    },
    stderr: (line) => {
      c.all.push(['stderr', line]);
      c.stderr.push(line);
    },
  });
  return c;
}

export function diag(over: Partial<Diagnostic> & Pick<Diagnostic, 'ruleId'>): Diagnostic {
  return { gate: 'normative-home', severity: 'error', message: 'm', ...over };
}

export const cleanBudget: GateResult = {
  gate: 'core-budget',
  ok: true,
  exitCode: 0,
  summaryLine: '=== check-core-budget OK — 306 / 25,000 words across 1 document(s) ===',
  printout: [
    { text: '     306  core/tool-catalog.md' },
    { text: '  prose words 250 (mdast text; code, html and front matter excluded; not gated)' },
  ],
  figures: { rows: [{ label: 'core/tool-catalog.md', words: 306 }], total: 306, cap: 25000 },
  diagnostics: [],
};

/** Findings of every shape: positioned, ranged, file-level, file-less, with related, each severity. */
export const failingHome: GateResult = {
  gate: 'normative-home',
  ok: false,
  exitCode: 1,
  summaryLine: '=== check-v2-normative-home FAILED — 3 error(s) ===',
  printout: [
    { text: '=== check-v2-normative-home — does every core family survive v1 EOS? ===' },
    { text: '  2 core families: 1 resolved, 0 v1-dependent, 0 undeclared, 1 failing.' },
  ],
  figures: { counts: { core: 2, resolved: 1, v1Dependent: 0, undeclared: 0, failing: 1 } },
  diagnostics: [
    diag({
      ruleId: 'home/facet-uncovered',
      severity: 'warning',
      file: 'spec/v2/declaration.json',
      start: { line: 40, column: 9 },
      message: 'mcp.client is named by no home',
    }),
    diag({
      ruleId: 'home/unclaimed',
      file: 'spec/v2/declaration.json',
      start: { line: 12, column: 7, offset: 301 },
      end: { line: 12, column: 38 },
      message: 'mcp -> spec/v2/core/interop.md (the document does not claim it)',
      related: [{ file: 'spec/v2/core/interop.md', start: { line: 1, column: 1 }, message: 'the leading blockquote' }],
    }),
    diag({ ruleId: 'home/non-normative', file: 'spec/v2/core/notes.md', message: 'declares itself non-normative' }),
    diag({ ruleId: 'home/eos-unknown', severity: 'info', message: 'no EOS date is known' }),
    diag({
      ruleId: 'home/missing',
      file: 'spec/v2/declaration.json',
      start: { line: 12, column: 7 },
      end: { line: 14, column: 2 },
      message: 'mcp -> spec/v2/core/gone.md',
    }),
  ],
};

export const brokenDeclaration: GateResult = {
  gate: 'declaration',
  ok: false,
  exitCode: 2,
  summaryLine: "openwop-spec declaration: duplicate key 'families' (spec/v2/declaration.json:9:3)",
  printout: [],
  figures: {},
  diagnostics: [],
};

export const rules: ReadonlyMap<string, RuleDoc> = new Map(
  [
    'home/unclaimed',
    'home/missing',
    'home/non-normative',
    'home/facet-uncovered',
    'home/eos-unknown',
    'budget/unused',
  ].map((id): [string, RuleDoc] => [
    id,
    {
      id,
      severity: id === 'home/facet-uncovered' ? 'warning' : id === 'home/eos-unknown' ? 'info' : 'error',
      summary: `What ${id} catches.`,
      fail: { says: `{ "bad": "${id}" }`, edits: [] },
      pass: { says: `{ "good": "${id}" }`, edits: [] },
      fix: `Fix ${id} like this.`,
    },
  ]),
);

export function options(over: Partial<OutputOptions> = {}): OutputOptions {
  return {
    format: 'stylish',
    failOn: 'error',
    quiet: false,
    color: false,
    root: '.',
    rules,
    tool: { name: 'openwop-spec', version: '0.1.0', informationUri: 'https://github.com/openwop/openwop-spec' },
    ...over,
  };
}
