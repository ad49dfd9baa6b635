import type { GateResult, Severity } from './model.js';

export type FailOn = 'error' | 'warning';

/**
 * 2 if the gate could not run; 1 if any error diagnostic (or warning under failOn 'warning'), or
 * if the gate itself reports failure (a stale file or a ratchet may fail a gate, and a format writer must
 * never turn a failed gate into a pass); else 0. Info diagnostics never change the code.
 */
export function gateExitCode(result: GateResult, failOn: FailOn): 0 | 1 | 2 {
  if (result.exitCode === 2) return 2;
  if (result.exitCode !== 0 || !result.ok) return 1;
  const failing = result.diagnostics.some((d) => failsGate(d.severity, failOn));
  return failing ? 1 : 0;
}

/** The run's code: the highest of its gates' codes (0 for no gates). */
export function runExitCode(results: readonly GateResult[], failOn: FailOn): 0 | 1 | 2 {
  let code: 0 | 1 | 2 = 0;
  for (const result of results) {
    const c = gateExitCode(result, failOn);
    if (c > code) code = c;
  }
  return code;
}

/** Whether a diagnostic of this severity fails its gate under failOn. */
export function failsGate(severity: Severity, failOn: FailOn): boolean {
  return severity === 'error' || (failOn === 'warning' && severity === 'warning');
}
