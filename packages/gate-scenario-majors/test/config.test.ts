import { fullMessage } from '@openwop-spec/diagnostics';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createAjv } from '@openwop-spec/spec-tree';
import { CONFIG, MANIFEST, SCENARIOS, conformanceFixture, configText, found, removeFixtures, run } from './helpers.js';

afterEach(removeFixtures);

const schemaPath = new URL('../scenario-majors.config.schema.json', import.meta.url);
const ok = 'export const x = 1;\n';

/** Runs the gate over a tree whose config has exactly `text`, expecting an input error. */
async function inputError(text: string, scenarios: Record<string, string> = { 'a.test.ts': ok }) {
  const fixture = conformanceFixture(scenarios, { files: { [CONFIG]: text } });
  return run(fixture).then(
    () => {
      throw new Error('expected an input error');
    },
    (err: unknown) =>
      err as { name: string; message: string; location?: { file: string; start?: { line: number; column: number } } },
  );
}

describe('config format (exit 2 with position)', () => {
  const cases: [string, string, string, { line: number; column: number }][] = [
    [
      'an unknown root key',
      '{\n  "bothMajors": [],\n  "extra": 1\n}\n',
      '/extra: unknown property "extra" (the schema is closed here)',
      { line: 3, column: 3 },
    ],
    [
      'an unknown entry field',
      '{\n  "bothMajors": [\n    { "file": "a.test.ts", "rfc": "0204", "reason": "r", "note": "x" }\n  ]\n}\n',
      '/bothMajors/0/note: unknown property "note" (the schema is closed here)',
      { line: 3, column: 58 },
    ],
    [
      'a three-digit rfc',
      '{ "bothMajors": [{ "file": "a.test.ts", "rfc": "204", "reason": "r" }] }',
      '/bothMajors/0/rfc: must match pattern "^[0-9]{4}$"',
      { line: 1, column: 48 },
    ],
    [
      'an rfc number, not a string',
      '{ "bothMajors": [{ "file": "a.test.ts", "rfc": 204, "reason": "r" }] }',
      '/bothMajors/0/rfc: must be string',
      { line: 1, column: 48 },
    ],
    [
      'a file with a directory',
      '{ "bothMajors": [{ "file": "sub/a.test.ts", "rfc": "0204", "reason": "r" }] }',
      '/bothMajors/0/file: must match pattern "^[A-Za-z0-9][A-Za-z0-9._-]*\\.test\\.ts$"',
      { line: 1, column: 28 },
    ],
    [
      'a file that is not a .test.ts',
      '{ "bothMajors": [{ "file": "a.ts", "rfc": "0204", "reason": "r" }] }',
      '/bothMajors/0/file: must match pattern "^[A-Za-z0-9][A-Za-z0-9._-]*\\.test\\.ts$"',
      { line: 1, column: 28 },
    ],
    [
      'an empty reason',
      '{ "bothMajors": [{ "file": "a.test.ts", "rfc": "0204", "reason": "" }] }',
      '/bothMajors/0/reason: must NOT have fewer than 1 characters',
      { line: 1, column: 66 },
    ],
    [
      'a blank reason',
      '{ "bothMajors": [{ "file": "a.test.ts", "rfc": "0204", "reason": "  " }] }',
      '/bothMajors/0/reason: must match pattern "\\S"',
      { line: 1, column: 66 },
    ],
    [
      'a missing reason',
      '{ "bothMajors": [{ "file": "a.test.ts", "rfc": "0204" }] }',
      '/bothMajors/0: missing required property "reason"',
      { line: 1, column: 18 },
    ],
    ['no bothMajors', '{ "$comment": "x" }', '(root): missing required property "bothMajors"', { line: 1, column: 1 }],
    ['bothMajors not an array', '{ "bothMajors": {} }', '/bothMajors: must be array', { line: 1, column: 17 }],
  ];

  it.each(cases)('%s', async (_title, text, message, start) => {
    const err = await inputError(text);
    expect(err.name).toBe('InputError');
    expect(err.message).toBe(`${CONFIG}: ${message}`);
    expect(err.location).toEqual({ file: CONFIG, start: expect.objectContaining(start) });
  });

  it('invalid JSON is an input error with its position', async () => {
    const err = await inputError('{ "bothMajors": [, ] }');
    expect(err.name).toBe('InputError');
    expect(err.message).toBe(`${CONFIG} is not valid JSON: missing value before \`,\``);
    expect(err.location).toMatchObject({ file: CONFIG, start: { line: 1, column: 18 } });
  });

  it('a duplicate JSON key is an input error at its second occurrence', async () => {
    const err = await inputError('{\n  "bothMajors": [],\n  "bothMajors": []\n}\n');
    expect(err.message).toContain('duplicate key "bothMajors"');
    expect(err.location!.start).toMatchObject({ line: 3, column: 3 });
  });

  it('a missing config is an input error that names the command creating it and why the gate needs it', async () => {
    const fixture = conformanceFixture({ 'a.test.ts': ok }, { files: { [CONFIG]: '' } });
    fixture.write({ [CONFIG]: null });
    await expect(run(fixture)).rejects.toMatchObject({
      name: 'InputError',
      message: `${CONFIG} does not exist — \`pnpm exec openwop-spec init\` creates it from the committed ${MANIFEST}; the gate reads from it which scenario files run at both protocol majors`,
      location: { file: CONFIG },
    });
  });

  it('$schema and $comment are allowed', async () => {
    const text = JSON.stringify({
      $schema: '../gate-scenario-majors/scenario-majors.config.schema.json',
      $comment: 'x',
      bothMajors: [{ file: 'a.test.ts', rfc: '0204', reason: 'r' }],
    });
    const result = await run(conformanceFixture({ 'a.test.ts': ok }, { files: { [CONFIG]: text } }));
    expect(found(result).filter((d) => d.ruleId !== 'majors/stale')).toEqual([]);
  });

  it('the shipped schema is valid draft 2020-12 under Ajv strict mode', () => {
    const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as object;
    const ajv = createAjv();
    expect(ajv.validateSchema(schema)).toBe(true); // the gate skips this check at run time
    expect(() => ajv.compile(schema)).not.toThrow();
  });
});

describe('config gate errors (exit 1, each its own diagnostic)', () => {
  it('missing-file, duplicate-entry, prefixed-in-both and config-unsorted are all reported at their entries', async () => {
    const text = configText(['b.test.ts', 'a.test.ts', 'gone.test.ts', 'a.test.ts', 'v2-x.test.ts']);
    const fixture = conformanceFixture(
      { 'a.test.ts': ok, 'b.test.ts': ok, 'v2-x.test.ts': ok },
      { files: { [CONFIG]: text } },
    );
    const result = await run(fixture);
    const fileLine = (n: number) => ({ line: 3 + 5 * n + 1, column: 15 });
    expect(
      found(
        result,
        'majors/missing-file',
        'majors/duplicate-entry',
        'majors/prefixed-in-both',
        'majors/config-unsorted',
      ),
    ).toEqual([
      { ruleId: 'majors/config-unsorted', file: CONFIG, start: fileLine(1) },
      { ruleId: 'majors/missing-file', file: CONFIG, start: fileLine(2) },
      { ruleId: 'majors/duplicate-entry', file: CONFIG, start: fileLine(3) },
      { ruleId: 'majors/prefixed-in-both', file: CONFIG, start: fileLine(4) },
    ]);
    const messages = Object.fromEntries(result.diagnostics.map((d) => [d.ruleId, fullMessage(d)]));
    expect(messages['majors/missing-file']).toBe(
      `bothMajors names gone.test.ts, which is not in ${SCENARIOS}/ — a promotion that outlives its file promotes nothing; remove the entry, or restore the file it promotes`,
    );
    expect(messages['majors/duplicate-entry']).toBe(
      'a.test.ts is already listed in bothMajors (line 9); keep one entry (with the RFC that admitted the file) and delete the others',
    );
    expect(messages['majors/prefixed-in-both']).toBe(
      'v2-x.test.ts starts with v2-, so it targets [2] whatever bothMajors says; remove the entry, or rename the file without the v2- prefix if it really targets both majors',
    );
    expect(messages['majors/config-unsorted']).toBe(
      'bothMajors is not sorted by file: a.test.ts comes after b.test.ts; sort the entries by file (code-unit order: uppercase before lowercase, "-" before letters)',
    );
    expect(result.diagnostics.find((d) => d.ruleId === 'majors/config-unsorted')!.severity).toBe('warning');
    expect(result.exitCode).toBe(1);
    expect(result.summaryLine).toBe(
      'scenario-majors.json is stale — run: pnpm exec openwop-spec scenario-majors --write\n=== scenario-majors FAILED — 4 error(s) ===',
    );
  });

  it('an unsorted but otherwise valid config only warns', async () => {
    const fixture = conformanceFixture({ 'a.test.ts': ok, 'b.test.ts': ok }, { both: ['b.test.ts', 'a.test.ts'] });
    await run(fixture, 'write');
    const result = await run(fixture);
    expect(found(result)).toEqual([{ ruleId: 'majors/config-unsorted', file: CONFIG, start: { line: 9, column: 15 } }]);
    expect(result.exitCode).toBe(0);
  });

  it('sorting is by code unit: uppercase before lowercase, "-" before letters', async () => {
    const names = ['Z.test.ts', 'a.test.ts', 'agent-roster-shape.test.ts', 'agentMetadata.test.ts'];
    const fixture = conformanceFixture(Object.fromEntries(names.map((n) => [n, ok])), { both: names });
    await run(fixture, 'write');
    expect(found(await run(fixture))).toEqual([]);
  });
});
