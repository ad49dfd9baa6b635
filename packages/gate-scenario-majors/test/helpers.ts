import type { Diagnostic, GateResult } from '@openwop-spec/diagnostics';
import { LineIndex } from '@openwop-spec/spec-tree';
import { createFixture, memoryFixture } from '@openwop-spec/spec-tree/testing';
import type { Fixture, FixtureEntry } from '@openwop-spec/spec-tree/testing';
import { runScenarioMajors } from '../src/index.js';
import type { Mode } from '../src/index.js';
import { compareCodeUnits } from '@openwop-spec/diagnostics';

export const SCENARIOS = 'conformance/src/scenarios';
export const LIB = 'conformance/src/lib';
export const CONFIG = 'conformance/scenario-majors.config.json';
export const MANIFEST = 'conformance/scenario-majors.json';

export interface Entry {
  file: string;
  rfc?: string;
  reason?: string;
}

/** A config document listing `both` (names or entries) in the given order. */
export function configText(both: readonly (string | Entry)[]): string {
  const entries = both
    .map((e) => (typeof e === 'string' ? { file: e } : e))
    .map((e) => ({ file: e.file, rfc: e.rfc ?? '0204', reason: e.reason ?? 'major-aware' }));
  return JSON.stringify({ bothMajors: entries }, null, 2) + '\n';
}

const fixtures: Fixture[] = [];

/** A conformance tree (in memory, or `disk`): scenario files by name, other files by repository path, and a config. */
export function conformanceFixture(
  scenarios: Record<string, string>,
  options: { both?: readonly (string | Entry)[]; files?: Record<string, FixtureEntry>; disk?: boolean } = {},
): Fixture {
  const files: Record<string, FixtureEntry> = { [CONFIG]: configText(options.both ?? []), ...options.files };
  for (const [name, text] of Object.entries(scenarios)) files[`${SCENARIOS}/${name}`] = text;
  const fixture = options.disk ? createFixture(files) : memoryFixture(files);
  fixtures.push(fixture);
  return fixture;
}

export function removeFixtures(): void {
  for (const f of fixtures.splice(0)) f.remove();
}

export function run(fixture: Fixture, mode: Mode = 'check'): Promise<GateResult> {
  return runScenarioMajors(fixture.tree(), mode);
}

export interface Found {
  ruleId: string;
  file: string | undefined;
  start: { line: number; column: number } | undefined;
}

/** The diagnostics of the given rules as `{ruleId, file, start}`, in file/position order. */
export function found(result: GateResult, ...ruleIds: string[]): Found[] {
  return result.diagnostics
    .filter((d) => ruleIds.length === 0 || ruleIds.includes(d.ruleId))
    .map(brief)
    .sort(
      (a, b) =>
        compareCodeUnits(a.file ?? '', b.file ?? '') ||
        (a.start?.line ?? 0) - (b.start?.line ?? 0) ||
        (a.start?.column ?? 0) - (b.start?.column ?? 0),
    );
}

export function brief(d: Diagnostic): Found {
  return {
    ruleId: d.ruleId,
    file: d.file,
    start: d.start ? { line: d.start.line, column: d.start.column } : undefined,
  };
}

/** The 1-based position of the `occurrence`-th (1-based) `needle` in `text`. */
export function pos(text: string, needle: string, occurrence = 1): { line: number; column: number } {
  let at = -1;
  for (let i = 0; i < occurrence; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`"${needle}" occurrence ${occurrence} not in the text`);
  }
  const { line, column } = new LineIndex(text).point(at);
  return { line, column };
}
