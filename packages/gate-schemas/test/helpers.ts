import { afterEach } from 'vitest';
import type { Diagnostic, GateResult } from '@openwop-spec/diagnostics';
import { createFixture, memoryFixture } from '@openwop-spec/spec-tree/testing';
import type { Fixture, FixtureEntry } from '@openwop-spec/spec-tree/testing';
import { checkSchemas } from '../src/index.js';

const fixtures: Fixture[] = [];
afterEach(() => {
  for (const fx of fixtures.splice(0)) fx.remove();
});

/** A tree in memory, or (`disk`) a fixture folder removed after the test. */
export function fixture(files: Record<string, FixtureEntry>, { disk = false } = {}): Fixture {
  const fx = disk ? createFixture(files) : memoryFixture(files);
  fixtures.push(fx);
  return fx;
}

export const OPTIONS = { today: '2026-01-01', flags: new Set<string>() };

/** Runs the gate over a fixture tree. */
export async function check(fx: Fixture): Promise<GateResult> {
  return checkSchemas(fx.tree(), OPTIONS);
}

/** What tests assert: the rule, the file and the start position. */
export function found(
  result: GateResult | Diagnostic[],
): Array<{ ruleId: string; file?: string; start?: { line: number; column: number } }> {
  const list = Array.isArray(result) ? result : result.diagnostics;
  return list.map((d) => ({
    ruleId: d.ruleId,
    ...(d.file !== undefined ? { file: d.file } : {}),
    ...(d.start ? { start: { line: d.start.line, column: d.start.column } } : {}),
  }));
}

export const at = (line: number, column: number) => ({ line, column });

/** 2-space JSON with a trailing newline, so positions in tests are predictable. */
export const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

export const DRAFT = 'https://json-schema.org/draft/2020-12/schema';
