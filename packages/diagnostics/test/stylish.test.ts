import { describe, expect, it } from 'vitest';
import type { GateResult } from '../src/index.js';
import { writeOutput } from '../src/index.js';
import { brokenDeclaration, capture, cleanBudget, diag, failingHome, options } from './fixtures.js';

const FAILING_DIAGNOSTICS: Array<['stderr', string]> = [
  ['stderr', 'normative-home  info  no EOS date is known  home/eos-unknown'],
  ['stderr', 'spec/v2/core/notes.md:1:1  error  declares itself non-normative (no position)  home/non-normative'],
  ['stderr', 'spec/v2/declaration.json:12:7  error  mcp -> spec/v2/core/gone.md  home/missing'],
  [
    'stderr',
    'spec/v2/declaration.json:12:7  error  mcp -> spec/v2/core/interop.md (the document does not claim it)  home/unclaimed',
  ],
  ['stderr', '    spec/v2/core/interop.md:1:1  the leading blockquote'],
  ['stderr', 'spec/v2/declaration.json:40:9  warning  mcp.client is named by no home  home/facet-uncovered'],
  ['stderr', '  3 errors, 1 warning, 1 info'],
];

describe('stylish', () => {
  it('clean gate: printout lines, then the parity line last on stdout; nothing on stderr', () => {
    const c = capture();
    expect(writeOutput([cleanBudget], options(), c.sink)).toBe(0);
    expect(c.all).toEqual([
      ['stdout', '     306  core/tool-catalog.md'],
      ['stdout', '  prose words 250 (mdast text; code, html and front matter excluded; not gated)'],
      ['stdout', '=== check-core-budget OK — 306 / 25,000 words across 1 document(s) ==='],
    ]);
  });

  it('failing gate: printout lines, sorted diagnostics on stderr, count line, parity line last on stderr', () => {
    const c = capture();
    expect(writeOutput([failingHome], options(), c.sink)).toBe(1);
    expect(c.all).toEqual([
      ['stdout', '=== check-v2-normative-home — does every core family survive v1 EOS? ==='],
      ['stdout', '  2 core families: 1 resolved, 0 v1-dependent, 0 undeclared, 1 failing.'],
      ...FAILING_DIAGNOSTICS,
      ['stderr', '=== check-v2-normative-home FAILED — 3 error(s) ==='],
    ]);
  });

  it('several gates: each block ends with its parity line, then the run line (stderr when the run fails)', () => {
    const c = capture();
    expect(writeOutput([cleanBudget, failingHome, brokenDeclaration], options(), c.sink)).toBe(2);
    expect(c.all).toEqual([
      ['stdout', '     306  core/tool-catalog.md'],
      ['stdout', '  prose words 250 (mdast text; code, html and front matter excluded; not gated)'],
      ['stdout', '=== check-core-budget OK — 306 / 25,000 words across 1 document(s) ==='],
      ['stdout', '=== check-v2-normative-home — does every core family survive v1 EOS? ==='],
      ['stdout', '  2 core families: 1 resolved, 0 v1-dependent, 0 undeclared, 1 failing.'],
      ...FAILING_DIAGNOSTICS,
      ['stderr', '=== check-v2-normative-home FAILED — 3 error(s) ==='],
      ['stderr', "openwop-spec declaration: duplicate key 'families' (spec/v2/declaration.json:9:3)"],
      ['stderr', 'openwop-spec: 1 of 3 gates passed (failed: normative-home; could not run: declaration)'],
    ]);
  });

  it('several clean gates: the run line goes to stdout', () => {
    const c = capture();
    const other: GateResult = { ...cleanBudget, gate: 'schemas', summaryLine: 'schemas OK', printout: [] };
    expect(writeOutput([cleanBudget, other], options(), c.sink)).toBe(0);
    expect(c.stderr).toEqual([]);
    expect(c.all.slice(-2)).toEqual([
      ['stdout', 'schemas OK'],
      ['stdout', 'openwop-spec: 2 of 2 gates passed'],
    ]);
  });

  it('a multi-line parity line (normative-home OK starts with an empty line) is written line by line, last', () => {
    const c = capture();
    const ok: GateResult = {
      ...cleanBudget,
      gate: 'normative-home',
      printout: [{ text: 'printout' }],
      summaryLine: '\n=== check-v2-normative-home OK — pointers resolve; ratchets at baseline ===',
    };
    writeOutput([ok], options(), c.sink);
    expect(c.stdout).toEqual([
      'printout',
      '',
      '=== check-v2-normative-home OK — pointers resolve; ratchets at baseline ===',
    ]);
  });

  it('printout lines marked stderr go to stderr, in order', () => {
    const c = capture();
    const r: GateResult = { ...cleanBudget, printout: [{ text: 'a' }, { text: 'b', stream: 'stderr' }, { text: 'c' }] };
    writeOutput([r], options(), c.sink);
    expect(c.all.slice(0, 3)).toEqual([
      ['stdout', 'a'],
      ['stderr', 'b'],
      ['stdout', 'c'],
    ]);
  });

  it('a warning under --fail-on warning fails the gate: parity line moves to stderr, exit 1', () => {
    const warned: GateResult = {
      ...cleanBudget,
      diagnostics: [
        diag({
          gate: 'core-budget',
          ruleId: 'budget/ext-home-skipped',
          severity: 'warning',
          file: 'spec/v2/ext/x.md',
          start: { line: 1, column: 1 },
        }),
      ],
    };
    const underError = capture();
    expect(writeOutput([warned], options(), underError.sink)).toBe(0);
    expect(underError.all.at(-1)).toEqual(['stdout', cleanBudget.summaryLine]);
    const underWarning = capture();
    expect(writeOutput([warned], options({ failOn: 'warning' }), underWarning.sink)).toBe(1);
    expect(underWarning.all.at(-1)).toEqual(['stderr', cleanBudget.summaryLine]);
  });

  it('a diagnostic message with a line break stays on one line', () => {
    const c = capture();
    writeOutput(
      [
        {
          ...cleanBudget,
          diagnostics: [
            diag({
              ruleId: 'r/x',
              severity: 'warning',
              file: 'a.md',
              start: { line: 2, column: 3 },
              message: 'first\nsecond\r\nthird',
            }),
          ],
        },
      ],
      options(),
      c.sink,
    );
    expect(c.stderr[0]).toBe('a.md:2:3  warning  first second third  r/x');
  });

  it('quiet: only error diagnostics and parity lines (no printout lines, count line or run line)', () => {
    const c = capture();
    expect(writeOutput([cleanBudget, failingHome], options({ quiet: true }), c.sink)).toBe(1);
    expect(c.all).toEqual([
      ['stdout', '=== check-core-budget OK — 306 / 25,000 words across 1 document(s) ==='],
      ['stderr', 'spec/v2/core/notes.md:1:1  error  declares itself non-normative (no position)  home/non-normative'],
      ['stderr', 'spec/v2/declaration.json:12:7  error  mcp -> spec/v2/core/gone.md  home/missing'],
      [
        'stderr',
        'spec/v2/declaration.json:12:7  error  mcp -> spec/v2/core/interop.md (the document does not claim it)  home/unclaimed',
      ],
      ['stderr', '    spec/v2/core/interop.md:1:1  the leading blockquote'],
      ['stderr', '=== check-v2-normative-home FAILED — 3 error(s) ==='],
    ]);
  });

  it('quiet under --fail-on warning also keeps the warnings, since they fail the gate', () => {
    const c = capture();
    writeOutput([failingHome], options({ quiet: true, failOn: 'warning' }), c.sink);
    expect(c.stderr).toContain(
      'spec/v2/declaration.json:40:9  warning  mcp.client is named by no home  home/facet-uncovered',
    );
    expect(c.stderr.some((l) => l.includes('home/eos-unknown'))).toBe(false);
  });

  it('colour: only the severity words change', () => {
    const plain = capture();
    writeOutput([failingHome], options(), plain.sink);
    const colored = capture();
    writeOutput([failingHome], options({ color: true }), colored.sink);
    expect(colored.stderr.slice(0, 3)).toEqual([
      'normative-home  \u001b[36minfo\u001b[39m  no EOS date is known  home/eos-unknown',
      'spec/v2/core/notes.md:1:1  \u001b[31merror\u001b[39m  declares itself non-normative (no position)  home/non-normative',
      'spec/v2/declaration.json:12:7  \u001b[31merror\u001b[39m  mcp -> spec/v2/core/gone.md  home/missing',
    ]);
    expect(colored.stderr).toContain(
      'spec/v2/declaration.json:40:9  \u001b[33mwarning\u001b[39m  mcp.client is named by no home  home/facet-uncovered',
    );
    const strip = (l: string): string => l.replace(/\u001b\[\d+m/g, '');
    expect(colored.all.map(([s, l]) => [s, strip(l)])).toEqual(plain.all);
    expect(plain.all.some(([, l]) => l.includes('\u001b'))).toBe(false);
  });
});
