import { describe, expect, it } from 'vitest';
import type { Diagnostic, FailOn, GateResult } from '../src/index.js';
import { gateExitCode, runExitCode } from '../src/index.js';
import { brokenDeclaration, cleanBudget, diag } from './fixtures.js';

function gate(diagnostics: Diagnostic[], over: Partial<GateResult> = {}): GateResult {
  return { ...cleanBudget, diagnostics, ...over };
}
const error = diag({ ruleId: 'r/e', severity: 'error' });
const warning = diag({ ruleId: 'r/w', severity: 'warning' });
const info = diag({ ruleId: 'r/i', severity: 'info' });

describe('gateExitCode', () => {
  const cases: Array<{ name: string; result: GateResult; error: 0 | 1 | 2; warning: 0 | 1 | 2 }> = [
    { name: 'clean', result: gate([]), error: 0, warning: 0 },
    { name: 'info only', result: gate([info, info]), error: 0, warning: 0 },
    { name: 'a warning', result: gate([warning, info]), error: 0, warning: 1 },
    { name: 'an error', result: gate([error]), error: 1, warning: 1 },
    {
      name: 'the gate reports failure without an error diagnostic (stale file)',
      result: gate([], { ok: false, exitCode: 1 }),
      error: 1,
      warning: 1,
    },
    { name: 'the gate could not run', result: brokenDeclaration, error: 2, warning: 2 },
  ];
  it.each(cases)('$name', ({ result, error: underError, warning: underWarning }) => {
    expect(gateExitCode(result, 'error')).toBe(underError);
    expect(gateExitCode(result, 'warning')).toBe(underWarning);
  });
});

describe('runExitCode', () => {
  const cases: Array<{ name: string; results: GateResult[]; failOn: FailOn; code: 0 | 1 | 2 }> = [
    { name: 'no gates', results: [], failOn: 'error', code: 0 },
    { name: 'all clean', results: [gate([]), gate([info])], failOn: 'error', code: 0 },
    { name: 'a warning under error', results: [gate([]), gate([warning])], failOn: 'error', code: 0 },
    { name: 'a warning under warning', results: [gate([]), gate([warning])], failOn: 'warning', code: 1 },
    { name: 'one failing gate', results: [gate([error]), gate([])], failOn: 'error', code: 1 },
    {
      name: 'an exit-2 gate outranks a failing one',
      results: [gate([error]), brokenDeclaration, gate([])],
      failOn: 'error',
      code: 2,
    },
  ];
  it.each(cases)('$name', ({ results, failOn, code }) => {
    expect(runExitCode(results, failOn)).toBe(code);
  });
});
