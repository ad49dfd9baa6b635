// Every rule's failing and passing examples, run: each is a change to the example repository and
// the command its documentation shows (docs/rules/<rule-id>.md). The failing one must report the rule
// (at a file position when it names a file) and no other root cause; the passing one must pass with no
// finding at all. An example that cannot be made as written (text to replace that is not there) fails
// its test too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonOutput, RuleExample } from '@openwop-spec/diagnostics';
import { applyEdits } from '@openwop-spec/spec-tree/testing';
import { GATES } from '../src/index.js';
import { everyRule, exampleArgv } from '../src/rule-docs.js';
import { exampleRepository } from './example-repository.js';
import { createFixture, run } from './helpers.js';
import type { Fixture } from './helpers.js';
import { snapshot } from './walkthrough-corpus.js';

/**
 * Root-cause findings a failing example reports besides its rule, each said in its `says`: a
 * malformed pragma suppresses nothing, so the request it was written for is reported too.
 */
const ALONGSIDE: Readonly<Record<string, readonly string[]>> = { 'majors/bad-pragma': ['majors/v1-path'] };

let base: Record<string, string>;
const made: Fixture[] = [];

async function runExample(gate: string, example: RuleExample): Promise<{ code: number; output: JsonOutput }> {
  const fx = createFixture(base);
  made.push(fx);
  applyEdits(fx, example.edits);
  const out = await run([...exampleArgv(gate, example), '--format', 'json', '--no-cache'], { cwd: fx.root });
  const text = out.stdout.join('\n');
  expect(text, `no JSON output; stderr: ${out.stderr.join('\n')}`).not.toBe('');
  return { code: out.code, output: JSON.parse(text) as JsonOutput };
}

beforeAll(async () => {
  const fx = createFixture(exampleRepository());
  made.push(fx);
  const gen = await run(['gen', '--no-cache'], { cwd: fx.root });
  expect(gen.code, gen.stderr.join('\n')).toBe(0);
  base = snapshot(fx.root);
});
afterAll(() => {
  for (const fx of made) fx.remove();
});

it('the example repository passes every gate with no finding', async () => {
  const { code, output } = await runExample('input', { says: 'as it is', edits: [] });
  expect(output.diagnostics).toEqual([]);
  expect(code).toBe(0);
});

describe.each(everyRule(GATES).map((entry) => [entry.doc.id, entry] as const))('%s', (id, { doc, gate }) => {
  it('fails: the failing example reports it', async () => {
    const { code, output } = await runExample(gate, doc.fail);
    const found = output.diagnostics.filter((d) => d.ruleId === id);
    expect(found.length, JSON.stringify(output.diagnostics.map((d) => [d.ruleId, d.message]))).toBeGreaterThan(0);
    for (const d of found)
      if (d.file !== undefined) {
        expect(d.start?.line, `${d.file} without a line`).toBeGreaterThanOrEqual(1);
        expect(d.start?.column, `${d.file} without a column`).toBeGreaterThanOrEqual(1);
      }
    // It shows this rule alone: every other finding is a consequence of it (or declared below).
    const others = output.diagnostics.filter((d) => d.ruleId !== id && d.causedBy === undefined);
    expect(others.map((d) => d.ruleId)).toEqual(ALONGSIDE[id] ?? []);
    expect(code).toBe(gate === 'input' ? 2 : doc.severity === 'error' ? 1 : 0);
  });

  it('passes: the passing example passes with no finding', async () => {
    const { code, output } = await runExample(gate, doc.pass);
    expect(output.diagnostics.map((d) => [d.ruleId, d.message])).toEqual([]);
    expect(code).toBe(0);
  });
});
