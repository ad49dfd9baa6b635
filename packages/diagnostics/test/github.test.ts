import { describe, expect, it } from 'vitest';
import type { Diagnostic, GateResult, Severity } from '../src/index.js';
import { escapeData, escapeProperty, formatAnnotation, writeOutput } from '../src/index.js';
import { brokenDeclaration, capture, cleanBudget, diag, failingHome, options } from './fixtures.js';

function run(results: GateResult[], over: Parameters<typeof options>[0] = {}) {
  const c = capture();
  const code = writeOutput(results, options({ format: 'github', ...over }), c.sink);
  return { ...c, code };
}

/** n diagnostics of one severity, one per line of one file. */
function many(n: number, severity: Severity, gate = 'normative-home'): Diagnostic[] {
  return Array.from({ length: n }, (_, i) =>
    diag({
      gate,
      ruleId: `home/${severity}`,
      severity,
      file: `${gate}.json`,
      start: { line: i + 1, column: 1 },
      message: `${severity} ${i + 1}`,
    }),
  );
}

describe('escaping', () => {
  const cases: Array<[input: string, data: string, property: string]> = [
    ['plain', 'plain', 'plain'],
    ['100%', '100%25', '100%25'],
    ['a\rb\nc\r\nd', 'a%0Db%0Ac%0D%0Ad', 'a%0Db%0Ac%0D%0Ad'],
    ['a:b,c', 'a:b,c', 'a%3Ab%2Cc'],
    ['%0A', '%250A', '%250A'],
    ['docs/a: b,c%.md', 'docs/a: b,c%25.md', 'docs/a%3A b%2Cc%25.md'],
  ];
  it.each(cases)('%j → data %j, property %j', (input, data, property) => {
    expect(escapeData(input)).toBe(data);
    expect(escapeProperty(input)).toBe(property);
  });
});

describe('formatAnnotation', () => {
  const cases: Array<{ name: string; d: Diagnostic; line: string }> = [
    {
      name: 'a point: line and col',
      d: diag({
        ruleId: 'home/missing',
        file: 'spec/v2/declaration.json',
        start: { line: 12, column: 7 },
        message: 'mcp -> gone.md',
      }),
      line: '::error file=spec/v2/declaration.json,line=12,col=7,title=home/missing::mcp -> gone.md',
    },
    {
      name: 'a range on one line: endLine and endColumn too',
      d: diag({
        ruleId: 'home/unclaimed',
        severity: 'warning',
        file: 'a.json',
        start: { line: 3, column: 5 },
        end: { line: 3, column: 9 },
      }),
      line: '::warning file=a.json,line=3,endLine=3,col=5,endColumn=9,title=home/unclaimed::m',
    },
    {
      name: 'a range over several lines: no col, no endColumn',
      d: diag({ ruleId: 'home/missing', file: 'a.json', start: { line: 3, column: 5 }, end: { line: 7, column: 2 } }),
      line: '::error file=a.json,line=3,endLine=7,title=home/missing::m',
    },
    {
      name: 'a file-level finding: file only',
      d: diag({ ruleId: 'home/non-normative', file: 'spec/v2/core/notes.md' }),
      line: '::error file=spec/v2/core/notes.md,title=home/non-normative::m',
    },
    {
      name: 'no file: title only; info becomes a notice',
      d: diag({ ruleId: 'home/eos-unknown', severity: 'info', message: 'no EOS date' }),
      line: '::notice title=home/eos-unknown::no EOS date',
    },
    {
      name: 'escaping: % CR LF in the message, : and , in the file name',
      d: diag({
        ruleId: 'budget/x',
        file: 'spec/v2/core/a:b,c%.md',
        start: { line: 1, column: 2 },
        message: '100% done\r\nnext: line, here',
      }),
      // A message's line break, CRLF or LF, is one %0A: the runner shows a line break either way.
      line: '::error file=spec/v2/core/a%3Ab%2Cc%25.md,line=1,col=2,title=budget/x::100%25 done%0Anext: line, here',
    },
    {
      name: 'related locations follow the message on their own lines',
      d: diag({
        ruleId: 'home/unclaimed',
        file: 'a.json',
        start: { line: 2, column: 3 },
        message: 'unclaimed',
        related: [
          { file: 'b.md', start: { line: 4, column: 1 }, message: 'here' },
          { file: 'c.md', message: 'there' },
        ],
      }),
      line: '::error file=a.json,line=2,col=3,title=home/unclaimed::unclaimed%0A    b.md:4:1  here%0A    c.md:1:1  there',
    },
  ];
  it.each(cases)('$name', ({ d, line }) => {
    expect(formatAnnotation(d)).toBe(line);
  });
});

describe('github', () => {
  it('clean run: printout lines and the parity line as in stylish, no annotation', () => {
    const r = run([cleanBudget]);
    expect(r.code).toBe(0);
    expect(r.all).toEqual([
      ['stdout', '     306  core/tool-catalog.md'],
      ['stdout', '  prose words 250 (mdast text; code, html and front matter excluded; not gated)'],
      ['stdout', cleanBudget.summaryLine],
    ]);
  });

  it('failing run: errors, then warnings, then notices, each sorted; parity line last on stderr', () => {
    const r = run([failingHome]);
    expect(r.code).toBe(1);
    expect(r.all).toEqual([
      ['stdout', '=== check-v2-normative-home — does every core family survive v1 EOS? ==='],
      ['stdout', '  2 core families: 1 resolved, 0 v1-dependent, 0 undeclared, 1 failing.'],
      ['stdout', '::error file=spec/v2/core/notes.md,title=home/non-normative::declares itself non-normative'],
      [
        'stdout',
        '::error file=spec/v2/declaration.json,line=12,endLine=14,title=home/missing::mcp -> spec/v2/core/gone.md',
      ],
      [
        'stdout',
        '::error file=spec/v2/declaration.json,line=12,endLine=12,col=7,endColumn=38,title=home/unclaimed::mcp -> spec/v2/core/interop.md (the document does not claim it)%0A    spec/v2/core/interop.md:1:1  the leading blockquote',
      ],
      [
        'stdout',
        '::warning file=spec/v2/declaration.json,line=40,col=9,title=home/facet-uncovered::mcp.client is named by no home',
      ],
      ['stdout', '::notice title=home/eos-unknown::no EOS date is known'],
      ['stderr', failingHome.summaryLine],
    ]);
  });

  it('errors come before warnings even when the warnings sort first by position', () => {
    const r = run([
      { ...failingHome, printout: [], diagnostics: [...many(2, 'info'), ...many(2, 'warning'), ...many(2, 'error')] },
    ]);
    expect(r.stdout.map((l) => l.slice(0, l.indexOf(' ')))).toEqual([
      '::error',
      '::error',
      '::warning',
      '::warning',
      '::notice',
      '::notice',
    ]);
  });

  it('overflow: 12 errors and 12 warnings give 10 + 10 annotations, then one notice, then the parity line', () => {
    const r = run([{ ...failingHome, printout: [], diagnostics: [...many(12, 'warning'), ...many(12, 'error')] }]);
    expect(r.stdout).toHaveLength(21);
    expect(r.stdout.slice(0, 10).every((l) => l.startsWith('::error '))).toBe(true);
    expect(r.stdout[9]).toBe('::error file=normative-home.json,line=10,col=1,title=home/error::error 10');
    expect(r.stdout.slice(10, 20).every((l) => l.startsWith('::warning '))).toBe(true);
    expect(r.stdout[20]).toBe(
      '::notice::4 more diagnostics not annotated (2 errors, 2 warnings): GitHub shows at most 10 annotations of each kind per step. Run with --format stylish to see them all.',
    );
    expect(r.all.at(-1)).toEqual(['stderr', failingHome.summaryLine]);
  });

  it('overflow of info alone: 9 notices leave room for the closing notice (10 notices in all)', () => {
    const r = run([{ ...cleanBudget, printout: [], diagnostics: many(12, 'info', 'core-budget') }]);
    expect(r.code).toBe(0);
    expect(r.stdout).toHaveLength(11);
    expect(r.stdout.filter((l) => l.startsWith('::notice ')).length).toBe(9);
    expect(r.stdout[9]).toBe(
      '::notice::3 more diagnostics not annotated (3 info): GitHub shows at most 10 annotations of each kind per step. Run with --format stylish to see them all.',
    );
    expect(r.stdout[10]).toBe(cleanBudget.summaryLine);
  });

  it('exactly 10 of each kind: everything annotated, no closing notice', () => {
    const r = run([
      {
        ...failingHome,
        printout: [],
        diagnostics: [...many(10, 'error'), ...many(10, 'warning'), ...many(10, 'info')],
      },
    ]);
    expect(r.stdout).toHaveLength(30);
    expect(r.stdout.some((l) => l.startsWith('::notice::'))).toBe(false);
  });

  it('the limit is per run: over several gates, one closing notice in the last gate that lost annotations', () => {
    const a: GateResult = {
      ...failingHome,
      gate: 'a',
      summaryLine: 'a FAILED',
      printout: [],
      diagnostics: many(8, 'error', 'a'),
    };
    const b: GateResult = {
      ...failingHome,
      gate: 'b',
      summaryLine: 'b FAILED',
      printout: [],
      diagnostics: many(5, 'error', 'b'),
    };
    const c: GateResult = { ...cleanBudget, gate: 'c', summaryLine: 'c OK', printout: [] };
    const r = run([a, b, c]);
    expect(r.all.map(([s, l]) => [s, l.startsWith('::error ') ? l.slice(0, l.indexOf(',')) : l])).toEqual([
      ...Array.from({ length: 8 }, () => ['stdout', '::error file=a.json']),
      ['stderr', 'a FAILED'],
      ...Array.from({ length: 2 }, () => ['stdout', '::error file=b.json']),
      [
        'stdout',
        '::notice::3 more diagnostics not annotated (3 errors): GitHub shows at most 10 annotations of each kind per step. Run with --format stylish to see them all.',
      ],
      ['stderr', 'b FAILED'],
      ['stdout', 'c OK'],
      ['stderr', 'openwop-spec: 1 of 3 gates passed (failed: a, b)'],
    ]);
  });

  it('quiet: only error annotations and parity lines', () => {
    const r = run([cleanBudget, failingHome, brokenDeclaration], { quiet: true });
    expect(r.code).toBe(2);
    expect(r.all.map(([s, l]) => [s, l.slice(0, 20)])).toEqual([
      ['stdout', cleanBudget.summaryLine.slice(0, 20)],
      ['stdout', '::error file=spec/v2'],
      ['stdout', '::error file=spec/v2'],
      ['stdout', '::error file=spec/v2'],
      ['stderr', failingHome.summaryLine.slice(0, 20)],
      ['stdout', '::error title=declar'],
      ['stderr', brokenDeclaration.summaryLine.slice(0, 20)],
    ]);
  });

  it('a gate that could not run is annotated with its error line, then its line on stderr', () => {
    const r = run([brokenDeclaration]);
    expect(r.code).toBe(2);
    expect(r.all).toEqual([
      [
        'stdout',
        "::error title=declaration could not run::openwop-spec declaration: duplicate key 'families' (spec/v2/declaration.json:9:3)",
      ],
      ['stderr', brokenDeclaration.summaryLine],
    ]);
  });

  it('never colours a workflow command', () => {
    const r = run([failingHome], { color: true });
    expect(r.all.some(([, l]) => l.includes('\u001b'))).toBe(false);
  });
});
