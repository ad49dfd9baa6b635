import { fullMessage } from '@openwop-spec/diagnostics';
import { afterEach, describe, expect, it } from 'vitest';
import { LIB, SCENARIOS, conformanceFixture, found, pos, removeFixtures, run } from './helpers.js';

afterEach(removeFixtures);

const PATH = `${SCENARIOS}/v2-probe.test.ts`;
const scenario = (body: string): string => `export async function probe(cap: any, driver: any) {\n${body}\n}\n`;

async function lint(body: string) {
  const text = scenario(body);
  const result = await run(conformanceFixture({ 'v2-probe.test.ts': text }));
  return { text, result, summary: result.printout.at(-1)!.text };
}

const LINT_RULES = ['majors/supported-gate', 'majors/v1-path', 'majors/bad-pragma', 'majors/unused-pragma'];

describe('the majors-lint-disable-next-line pragma', () => {
  it('suppresses R1 on the next line only, and counts it', async () => {
    const { text, result, summary } = await lint(
      '  // majors-lint-disable-next-line R1 -- the v1 record is read on purpose\n  const a = cap.supported;\n  const b = cap.supported;\n  return [a, b];',
    );
    expect(found(result, ...LINT_RULES)).toEqual([
      { ruleId: 'majors/supported-gate', file: PATH, start: pos(text, 'supported;', 2) },
    ]);
    expect(summary).toBe('  lint: 1 file(s) target major 2, 0 local module(s) reached; 1 violation(s), 1 suppressed');
    expect(result.figures['lint']).toEqual({ files: 1, modules: 0, violations: 1, suppressed: 1 });
  });

  it('suppresses R2 and not R1 when it names R2', async () => {
    const { text, result, summary } = await lint(
      "  // majors-lint-disable-next-line R2 -- legacy probe\n  return cap.supported && driver.get('/v1/tools');",
    );
    expect(found(result, ...LINT_RULES)).toEqual([
      { ruleId: 'majors/supported-gate', file: PATH, start: pos(text, 'supported &&') },
    ]);
    expect(summary).toContain('1 violation(s), 1 suppressed');
  });

  it('R1,R2 suppresses both on the next line', async () => {
    const { result, summary } = await lint(
      "  // majors-lint-disable-next-line R1,R2 -- both legs are v1 by design\n  return cap.supported && driver.get('/v1/tools');",
    );
    expect(found(result, ...LINT_RULES)).toEqual([]);
    expect(summary).toContain('0 violation(s), 2 suppressed');
  });

  it('a trailing pragma on a code line applies to the following line', async () => {
    const { result } = await lint(
      '  const x = 1; // majors-lint-disable-next-line R1 -- reason\n  return cap.supported + x;',
    );
    expect(found(result, ...LINT_RULES)).toEqual([]);
  });

  it('a pragma two lines above does not apply', async () => {
    const { text, result } = await lint('  // majors-lint-disable-next-line R1 -- too far\n\n  return cap.supported;');
    expect(found(result, ...LINT_RULES)).toEqual([
      { ruleId: 'majors/unused-pragma', file: PATH, start: pos(text, '//') },
      { ruleId: 'majors/supported-gate', file: PATH, start: pos(text, 'supported;') },
    ]);
  });

  const bad: [string, string, string][] = [
    ['a missing reason', '// majors-lint-disable-next-line R1', 'it has no " -- <reason>"'],
    ['an empty reason', '// majors-lint-disable-next-line R1 --   ', 'its reason is empty'],
    ['no rule', '// majors-lint-disable-next-line -- reason', 'it names no rule (R1, R2 or R1,R2)'],
    ['an unknown rule', '// majors-lint-disable-next-line R3 -- reason', 'unknown rule "R3" (use R1, R2 or R1,R2)'],
    [
      'a rule id instead of R1',
      '// majors-lint-disable-next-line majors/supported-gate -- reason',
      'unknown rule "majors/supported-gate" (use R1, R2 or R1,R2)',
    ],
  ];

  it.each(bad)('%s is majors/bad-pragma and suppresses nothing', async (_title, pragma, why) => {
    const { text, result, summary } = await lint(`  ${pragma}\n  return cap.supported;`);
    expect(found(result, ...LINT_RULES)).toEqual([
      { ruleId: 'majors/bad-pragma', file: PATH, start: pos(text, '//') },
      { ruleId: 'majors/supported-gate', file: PATH, start: pos(text, 'supported;') },
    ]);
    expect(fullMessage(result.diagnostics.find((d) => d.ruleId === 'majors/bad-pragma')!)).toBe(
      `malformed majors-lint-disable-next-line pragma: ${why}; write // majors-lint-disable-next-line R1 -- <reason> (R1, R2 or R1,R2), with a non-empty reason`,
    );
    expect(summary).toContain('1 violation(s), 0 suppressed');
  });

  it('a pragma that suppresses nothing is majors/unused-pragma (a warning)', async () => {
    const { text, result } = await lint(
      '  // majors-lint-disable-next-line R2 -- nothing to hide\n  return cap !== null;',
    );
    expect(found(result, ...LINT_RULES)).toEqual([
      { ruleId: 'majors/unused-pragma', file: PATH, start: pos(text, '//') },
    ]);
    const d = result.diagnostics.find((x) => x.ruleId === 'majors/unused-pragma')!;
    expect(d.severity).toBe('warning');
    expect(fullMessage(d)).toBe(
      'this pragma suppresses R2 on line 3, but nothing there is reported; remove the pragma',
    );
  });

  it('a pragma for R1 above an R2 finding is unused and does not hide it', async () => {
    const { text, result } = await lint(
      "  // majors-lint-disable-next-line R1 -- wrong rule\n  return driver.get('/v1/tools');",
    );
    expect(found(result, ...LINT_RULES)).toEqual([
      { ruleId: 'majors/unused-pragma', file: PATH, start: pos(text, '//') },
      { ruleId: 'majors/v1-path', file: PATH, start: pos(text, "'/v1/tools'") },
    ]);
  });

  it('block comments and look-alike words are not pragmas', async () => {
    const { text, result } = await lint(
      '  /* majors-lint-disable-next-line R1 -- block */\n  const a = cap.supported;\n  // majors-lint-disable-next-lines R1 -- other word\n  return cap.supported;',
    );
    expect(found(result, ...LINT_RULES)).toEqual([
      { ruleId: 'majors/supported-gate', file: PATH, start: pos(text, 'supported;', 1) },
      { ruleId: 'majors/supported-gate', file: PATH, start: pos(text, 'supported;', 2) },
    ]);
  });

  it('a pragma in an imported lib suppresses there', async () => {
    const lib =
      '// majors-lint-disable-next-line R1 -- v1 helper kept for major-1 callers\nexport const on = (cap: any) => cap.supported;\n';
    const fixture = conformanceFixture(
      { 'v2-a.test.ts': "import { on } from '../lib/on.js';\nexport const x = on;\n" },
      { files: { [`${LIB}/on.ts`]: lib } },
    );
    const result = await run(fixture);
    expect(found(result, ...LINT_RULES)).toEqual([]);
    expect(result.printout.at(-1)!.text).toBe(
      '  lint: 1 file(s) target major 2, 1 local module(s) reached; 0 violation(s), 1 suppressed',
    );
  });
});
