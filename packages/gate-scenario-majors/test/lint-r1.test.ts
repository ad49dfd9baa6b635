import { afterEach, describe, expect, it } from 'vitest';
import { LIB, SCENARIOS, conformanceFixture, found, pos, removeFixtures, run } from './helpers.js';

afterEach(removeFixtures);

const R1 = 'majors/supported-gate';
const FILE = 'v2-probe.test.ts';
const PATH = `${SCENARIOS}/${FILE}`;

/** A major-2 scenario whose function body is `body`. */
const scenario = (body: string): string =>
  `import { targetMajor } from '../lib/major.js';\nexport async function probe(cap: any, flags: any, obj: any, run: () => void) {\n${body}\n}\n`;
const MAJOR_LIB = {
  [`${LIB}/major.ts`]:
    "export const targetMajor = (): 1 | 2 => (process.env['OPENWOP_TARGET_MAJOR'] === '1' ? 1 : 2);\n",
};

async function r1(body: string) {
  const text = scenario(body);
  const result = await run(conformanceFixture({ [FILE]: text }, { files: MAJOR_LIB }));
  return { text, got: found(result, R1) };
}

/** The expected R1 findings: one per `[needle, occurrence]`, at the `supported` inside the needle. */
function at(text: string, ...needles: (string | [string, number])[]) {
  return needles.map((n) => {
    const [needle, occurrence] = typeof n === 'string' ? [n, 1] : n;
    const p = pos(text, needle, occurrence);
    const inner = needle.search(/['`]?supported/);
    return { ruleId: R1, file: PATH, start: { line: p.line, column: p.column + inner } };
  });
}

describe('R1 majors/supported-gate: the rule’s cases', () => {
  it('row 1: behaviorGate(…, cap?.supported === true) is flagged', async () => {
    const { text, got } = await r1("  if (!behaviorGate('p', cap?.supported === true)) return;");
    expect(got).toEqual(at(text, 'supported === true'));
    expect(got[0]!.start).toEqual({ line: 3, column: 31 });
  });

  it('row 2: a truthiness test and a conditional are flagged', async () => {
    const { text, got } = await r1('  if (cap.supported) run();\n  const x = cap.supported ? 1 : 2;');
    expect(got).toEqual(at(text, 'supported)', 'supported ?'));
  });

  it('row 3: == and != comparisons are flagged (upstream missed them)', async () => {
    const { text, got } = await r1('  const a = cap.supported == true;\n  const b = cap.supported != null;');
    expect(got).toEqual(at(text, 'supported == true', 'supported != null'));
  });

  it('row 4: return and a const initialiser are flagged (upstream missed them)', async () => {
    const { text, got } = await r1('  const on = cap.supported\n  return cap.supported;');
    expect(got).toEqual(at(text, 'supported\n', 'supported;'));
  });

  it("row 5: cap['supported'] and const { supported } = cap are flagged (upstream missed them)", async () => {
    const { text, got } = await r1("  const a = cap['supported'] === true;\n  const { supported } = cap;");
    expect(got).toEqual(at(text, "'supported']", 'supported }'));
  });

  it('row 6: an unguarded read in an imported lib/*.ts is flagged in the lib', async () => {
    const lib = 'export const advertised = (cap: any): boolean => cap?.supported === true;\n';
    const text = "import { advertised } from '../lib/gate.js';\nexport const on = (cap: unknown) => advertised(cap);\n";
    const result = await run(conformanceFixture({ [FILE]: text }, { files: { [`${LIB}/gate.ts`]: lib } }));
    expect(found(result, R1)).toEqual([{ ruleId: R1, file: `${LIB}/gate.ts`, start: pos(lib, 'supported') }]);
  });

  it('row 7: a comment mentioning cap.supported) is not flagged', async () => {
    const { got } = await r1('  // gated on cap.supported) in v1\n  return cap !== null;');
    expect(got).toEqual([]);
  });

  it('row 8: a docblock naming `toolCatalog.supported` is not flagged', async () => {
    const { got } = await r1(
      '  /**\n   * Capability-gated on `toolCatalog.supported` at major 1.\n   */\n  return cap !== null;',
    );
    expect(got).toEqual([]);
  });

  it('row 9: the v1 branch of targetMajor() === 1 ? … : … is not flagged', async () => {
    const { got } = await r1('  return targetMajor() === 1 ? cap?.supported === true : cap !== null;');
    expect(got).toEqual([]);
  });

  it('row 10: a read after if (targetMajor() === 2) { …; return cap; } is not flagged', async () => {
    const { got } = await r1(
      '  if (targetMajor() === 2) {\n    run();\n    return cap;\n  }\n  const on = cap?.supported === true;\n  return on;',
    );
    expect(got).toEqual([]);
  });

  it('row 11: string elements and object-literal keys are not flagged', async () => {
    const { got } = await r1(
      "  const keys = ['supported', 'sources', 'sessionLifecycle'];\n  const rec = { supported: true };\n  return [keys, rec];",
    );
    expect(got).toEqual([]);
  });

  it('positions are 1-based with columns in UTF-16 code units (an astral character counts 2)', async () => {
    const { got } = await r1("  const label = '😀é'; const on = cap.supported;");
    // "  const label = '😀é'; const on = cap." is 38 code units (the emoji is a surrogate pair).
    expect(got).toEqual([{ ruleId: R1, file: PATH, start: { line: 3, column: 39 } }]);
  });

  it('row 12: supportedVersions and unsupported are other names', async () => {
    const { got } = await r1('  return obj.supportedVersions === 1 || flags.unsupported === true;');
    expect(got).toEqual([]);
  });
});

describe('R1: v1-only regions, the major test and what counts as a read', () => {
  // [title, body, needles]: each needle locates one expected finding (at its `supported`).
  const cases: [string, string, string[]][] = [
    ['then-branch of === 1', '  if (targetMajor() === 1) { return cap.supported; }', []],
    ['then-branch of == 1', '  if (targetMajor() == 1) return cap.supported;', []],
    ['then-branch of !== 2', '  if (targetMajor() !== 2) return cap.supported;', []],
    ['then-branch of != 2', '  if (targetMajor() != 2) return cap.supported;', []],
    ['literal on the left: 1 === targetMajor()', '  if (1 === targetMajor()) return cap.supported;', []],
    ['parenthesised operands: (targetMajor()) === (1)', '  if ((targetMajor()) === (1)) return cap.supported;', []],
    ['else-branch of === 2', '  if (targetMajor() === 2) return cap !== null;\n  else return cap.supported;', []],
    ['then-branch of === 2 is v2', '  if (targetMajor() === 2) return cap.supported;', ['supported;']],
    [
      'else-branch of === 1 is v2',
      '  if (targetMajor() === 1) return 1;\n  else return cap.supported;',
      ['supported;'],
    ],
    ['a leading ! on a parenthesised test flips it', '  if (!(targetMajor() === 2)) return cap.supported;', []],
    ['!(… === 1) selects v2', '  if (!(targetMajor() === 1)) return cap.supported;', ['supported;']],
    ['right of && after a v1 test', '  return targetMajor() === 1 && cap.supported === true;', []],
    ['right of || after a v2 test', '  return targetMajor() === 2 || cap.supported === true;', []],
    ['right of && after a v2 test is v2', '  return targetMajor() === 2 && cap.supported === true;', ['supported ===']],
    [
      'the left operand of && is not guarded',
      '  return cap.supported === true && targetMajor() === 1;',
      ['supported ==='],
    ],
    [
      'a const bound to targetMajor() in the function',
      '  const major = targetMajor();\n  if (major === 1) return cap.supported;\n  return null;',
      [],
    ],
    [
      'a module-scope const bound to targetMajor(), read in a nested function',
      '  return null;\n}\nconst M = targetMajor();\nexport function inner(cap: any) {\n  return M === 1 ? cap.supported : null;',
      [],
    ],
    [
      'a const bound to targetMajor() in a block does not count after it',
      '  if (flags) {\n    const major = targetMajor();\n    void major;\n  }\n  return major === 1 ? cap.supported : null;',
      ['supported :'],
    ],
    [
      'a parameter shadowing a module const bound to targetMajor() is not the major',
      '  return null;\n}\nconst M = targetMajor();\nexport function inner(cap: any, M: number) {\n  return M === 1 ? cap.supported : null;',
      ['supported :'],
    ],
    [
      'a module const bound to targetMajor() below the function that reads it',
      '  return M === 1 ? cap.supported : null;\n}\nconst M = targetMajor();\nexport function unused() {',
      [],
    ],
    [
      'a const bound in another function does not count',
      '  return null;\n}\nexport function a() { const major = targetMajor(); return major; }\nexport function b(cap: any, major: number) {\n  return major === 1 ? cap.supported : null;',
      ['supported :'],
    ],
    [
      'a comparison with 3 is not a major test',
      '  return targetMajor() === 3 ? cap.supported : null;',
      ['supported :'],
    ],
    [
      'a test of another call is not a major test',
      '  return hostMajor() === 1 ? cap.supported : null;',
      ['supported :'],
    ],
    ['early exit by throw', "  if (targetMajor() !== 1) throw new Error('v2');\n  return cap.supported;", []],
    [
      'an if whose then-branch does not always exit',
      '  if (targetMajor() === 2) { run(); }\n  return cap.supported;',
      ['supported;'],
    ],
    [
      'an if with an else is not an early exit',
      '  if (targetMajor() === 2) return 1; else run();\n  return cap.supported;',
      ['supported;'],
    ],
    [
      'an early exit on a v1 test leaves v2 code after it',
      '  if (targetMajor() === 1) return 1;\n  return cap.supported;',
      ['supported;'],
    ],
    [
      'the early-exit region stays within its block',
      '  {\n    if (targetMajor() === 2) return 1;\n  }\n  return cap.supported;',
      ['supported;'],
    ],
    [
      'an early exit inside a switch case',
      '  switch (run) {\n    case run:\n      if (targetMajor() === 2) return 1;\n      return cap.supported;\n  }\n  return 0;',
      [],
    ],
    ['an assignment target is not a read', '  cap.supported = true;\n  return cap;', []],
    ['a compound assignment reads', '  cap.supported ||= true;\n  return cap;', ['supported ||=']],
    [
      'destructuring assignment targets are not reads',
      '  ({ a: cap.supported } = obj);\n  [cap.supported] = [true];\n  return cap;',
      [],
    ],
    ['delete is not a read', '  delete cap.supported;\n  return cap;', []],
    ["optional element access ?.['supported']", "  return cap?.['supported'];", ["'supported'"]],
    ['a no-substitution template key', '  return cap[`supported`];', ['`supported`']],
    ['a renamed destructuring { supported: on }', '  const { supported: on } = cap;\n  return on;', ['supported: on']],
    [
      'a nested destructuring binding',
      '  const { toolCatalog: { supported } } = cap;\n  return supported;',
      ['supported }'],
    ],
    ['a parameter binding', '  return (({ supported }: any) => supported)(cap);', ['supported }']],
    [
      'type members and indexed types are never flagged',
      "  type T = { supported: boolean };\n  interface I { supported?: boolean }\n  const t: T['supported'] = true;\n  return [t] as I[];",
      [],
    ],
    ['strings are never flagged', "  return 'cap.supported === true' + `x.supported ? 1 : 2`;", []],
  ];

  it.each(cases)('%s', async (_title, body, needles) => {
    const { text, got } = await r1(body);
    expect(got).toEqual(at(text, ...needles));
  });
});
