import { describe, expect, it } from 'vitest';
import type { GateResult } from '../src/index.js';
import { writeOutput } from '../src/index.js';
import { brokenDeclaration, capture, cleanBudget, diag, failingHome, options } from './fixtures.js';

function run(results: GateResult[], over: Parameters<typeof options>[0] = {}) {
  const c = capture();
  const code = writeOutput(results, options({ format: 'json', ...over }), c.sink);
  return { ...c, code, doc: JSON.parse(c.stdout.join('\n') + '\n') as Record<string, unknown> };
}

describe('json', () => {
  it('clean run: exactly one document on stdout (2-space indent), the parity line on stderr', () => {
    const r = run([cleanBudget]);
    expect(r.code).toBe(0);
    expect(r.stdout.join('\n') + '\n').toBe(`{
  "root": ".",
  "ok": true,
  "gates": {
    "core-budget": {
      "ok": true,
      "exitCode": 0,
      "summary": "=== check-core-budget OK — 306 / 25,000 words across 1 document(s) ===",
      "figures": {
        "rows": [
          {
            "label": "core/tool-catalog.md",
            "words": 306
          }
        ],
        "total": 306,
        "cap": 25000
      },
      "diagnostics": []
    }
  },
  "diagnostics": [],
  "counts": {
    "error": 0,
    "warning": 0,
    "info": 0,
    "rootCauses": 0,
    "consequences": 0
  }
}
`);
    expect(r.stderr).toEqual([cleanBudget.summaryLine]);
  });

  it('failing run: per-gate and top-level diagnostics sorted, optionals omitted, printout lines dropped', () => {
    const r = run([failingHome], { root: '../openwop' });
    expect(r.code).toBe(1);
    const expected = [
      { gate: 'normative-home', ruleId: 'home/eos-unknown', severity: 'info', message: 'no EOS date is known' },
      {
        gate: 'normative-home',
        file: 'spec/v2/core/notes.md',
        ruleId: 'home/non-normative',
        severity: 'error',
        message: 'declares itself non-normative',
        start: { line: 1, column: 1 },
      },
      {
        gate: 'normative-home',
        file: 'spec/v2/declaration.json',
        ruleId: 'home/missing',
        severity: 'error',
        message: 'mcp -> spec/v2/core/gone.md',
        start: { line: 12, column: 7 },
        end: { line: 14, column: 2 },
      },
      {
        gate: 'normative-home',
        file: 'spec/v2/declaration.json',
        ruleId: 'home/unclaimed',
        severity: 'error',
        message: 'mcp -> spec/v2/core/interop.md (the document does not claim it)',
        start: { line: 12, column: 7 },
        end: { line: 12, column: 38 },
        related: [
          { file: 'spec/v2/core/interop.md', start: { line: 1, column: 1 }, message: 'the leading blockquote' },
        ],
      },
      {
        gate: 'normative-home',
        file: 'spec/v2/declaration.json',
        ruleId: 'home/facet-uncovered',
        severity: 'warning',
        message: 'mcp.client is named by no home',
        start: { line: 40, column: 9 },
      },
    ];
    expect(r.doc).toEqual({
      root: '../openwop',
      ok: false,
      gates: {
        'normative-home': {
          ok: false,
          exitCode: 1,
          summary: failingHome.summaryLine,
          figures: failingHome.figures,
          diagnostics: expected,
        },
      },
      diagnostics: expected,
      counts: { error: 3, warning: 1, info: 1, rootCauses: 4, consequences: 0 },
    });
    // toEqual ignores key order; the documented order is part of the contract.
    expect(Object.keys((r.doc.diagnostics as object[])[3]!)).toEqual([
      'gate',
      'file',
      'ruleId',
      'severity',
      'message',
      'start',
      'end',
      'related',
    ]);
    expect(r.stderr).toEqual([failingHome.summaryLine]);
  });

  it('top-level diagnostics merge every gate in sorted order; an exit-2 gate has its error line as summary', () => {
    const budgetWarning = diag({
      gate: 'core-budget',
      ruleId: 'budget/symlink-escape',
      severity: 'warning',
      file: 'spec/v2/core/a.md',
      start: { line: 1, column: 1 },
    });
    const r = run([{ ...cleanBudget, diagnostics: [budgetWarning] }, failingHome, brokenDeclaration]);
    expect(r.code).toBe(2);
    expect(r.doc.ok).toBe(false);
    const gates = r.doc.gates as Record<string, Record<string, unknown>>;
    expect(Object.keys(gates)).toEqual(['core-budget', 'normative-home', 'declaration']);
    expect(gates['core-budget']).toMatchObject({ ok: true, exitCode: 0 });
    expect(gates.declaration).toEqual({
      ok: false,
      exitCode: 2,
      summary: brokenDeclaration.summaryLine,
      figures: {},
      diagnostics: [],
    });
    expect((r.doc.diagnostics as Array<{ ruleId: string }>).map((d) => d.ruleId)).toEqual([
      'home/eos-unknown',
      'budget/symlink-escape',
      'home/non-normative',
      'home/missing',
      'home/unclaimed',
      'home/facet-uncovered',
    ]);
    expect(r.stderr).toEqual([
      cleanBudget.summaryLine,
      failingHome.summaryLine,
      brokenDeclaration.summaryLine,
      'openwop-spec: 1 of 3 gates passed (failed: normative-home; could not run: declaration)',
    ]);
  });

  it('with a helpUri, every diagnostic names where its rule is documented, right after its rule id', () => {
    const doc = run([failingHome], { helpUri: (id) => `https://example.org/docs/rules/${id}.md` }).doc as {
      diagnostics: Array<Record<string, unknown>>;
    };
    expect(doc.diagnostics.length).toBeGreaterThan(0);
    for (const d of doc.diagnostics) {
      expect(d['helpUri']).toBe(`https://example.org/docs/rules/${String(d['ruleId'])}.md`);
      expect(Object.keys(d).indexOf('helpUri')).toBe(Object.keys(d).indexOf('ruleId') + 1);
    }
    const without = run([failingHome]).doc as { diagnostics: Array<Record<string, unknown>> };
    expect(without.diagnostics.some((d) => 'helpUri' in d)).toBe(false);
  });

  it('expected, actual and url are written when present; offsets are not', () => {
    const d = diag({
      ruleId: 'declaration/stale',
      file: 'schemas/v2/capabilities.schema.json',
      start: { line: 3, column: 1, offset: 40 },
      expected: '"a"',
      actual: '"b"',
      url: 'https://example.org/rules/stale',
    });
    const r = run([{ ...cleanBudget, gate: 'declaration', diagnostics: [{ ...d, gate: 'declaration' }] }]);
    expect((r.doc.diagnostics as unknown[])[0]).toEqual({
      gate: 'declaration',
      file: 'schemas/v2/capabilities.schema.json',
      ruleId: 'declaration/stale',
      severity: 'error',
      message: 'm',
      start: { line: 3, column: 1 },
      expected: '"a"',
      actual: '"b"',
      url: 'https://example.org/rules/stale',
    });
  });

  it('--fail-on warning turns a warnings-only gate to ok:false, exitCode 1', () => {
    const warned: GateResult = {
      ...cleanBudget,
      diagnostics: [diag({ gate: 'core-budget', ruleId: 'budget/ext-home-skipped', severity: 'warning' })],
    };
    expect(run([warned]).doc).toMatchObject({ ok: true, gates: { 'core-budget': { ok: true, exitCode: 0 } } });
    const r = run([warned], { failOn: 'warning' });
    expect(r.code).toBe(1);
    expect(r.doc).toMatchObject({ ok: false, gates: { 'core-budget': { ok: false, exitCode: 1 } } });
  });

  it('quiet and colour do not change the document', () => {
    const plain = run([failingHome, cleanBudget]);
    const quiet = run([failingHome, cleanBudget], { quiet: true, color: true });
    expect(quiet.stdout).toEqual(plain.stdout);
    expect(quiet.stderr).toEqual([failingHome.summaryLine, cleanBudget.summaryLine]);
  });

  it('a message with line breaks and quotes stays one JSON string; stdout lines rebuild the document', () => {
    const r = run([
      {
        ...cleanBudget,
        diagnostics: [diag({ gate: 'core-budget', ruleId: 'r/x', severity: 'info', message: 'a\nb\r\n"c"\u2028' })],
      },
    ]);
    expect((r.doc.diagnostics as Array<{ message: string }>)[0]!.message).toBe('a\nb\r\n"c"\u2028');
    expect(r.stdout[0]).toBe('{');
    expect(r.stdout.at(-1)).toBe('}');
  });
});
