// What the suite command's tests share: a captured SuiteIo, and the bindings of a host configured up front.
import type { SuiteIo } from '../../src/suite.js';

export function io(env: Record<string, string> = {}): SuiteIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { env, stdout, stderr, out: (l) => stdout.push(l), err: (l) => stderr.push(l) };
}

/** The bindings a host configured up front gives the suite's fake on `port` (conformance.md § Conformance fixtures). */
export function fakeBindings(port: number, dead: string): Record<string, string> {
  return {
    conformance: `http://127.0.0.1:${port}/mcp`,
    'conformance.earlier': `http://127.0.0.1:${port}/mcp-2025-11-25`,
    'conformance.incompatible': `http://127.0.0.1:${port}/mcp-2024-11-05`,
    'conformance.unshared': `http://127.0.0.1:${port}/mcp-unshared`,
    'conformance.legacy': `http://127.0.0.1:${port}/mcp-legacy`,
    'conformance.legacy-probe': `http://127.0.0.1:${port}/mcp-legacy-probe`,
    'conformance.strict': `http://127.0.0.1:${port}/mcp-strict`,
    'conformance.moved': `http://127.0.0.1:${port}/mcp-moved`,
    'conformance.moved-away': `http://127.0.0.1:${port}/mcp-moved-away`,
    'conformance.see-other': `http://127.0.0.1:${port}/mcp-see-other`,
    'conformance.drops': `http://127.0.0.1:${port}/mcp-drops`,
    'conformance.down': dead,
    'conformance-down': dead,
  };
}
