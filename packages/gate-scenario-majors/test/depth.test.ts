// A source nested past MAX_TS_DEPTH is an input error found by a linear scan before the native
// parser sees it (classes A and B of the fuzzing report: oxc-parser segfaulted at 10,000 nested `[`,
// the AST walk overflowed the stack at 5,000), and every source within the limit lints.
import { afterEach, describe, expect, it } from 'vitest';
import { InputError } from '@openwop-spec/diagnostics';
import { MAX_TS_DEPTH, scanDepth } from '../src/lint/depth.js';
import { SCENARIOS, conformanceFixture, removeFixtures, run } from './helpers.js';

afterEach(removeFixtures);

/** Constructs that nest one level (or more) per repetition, each of which crashed the parser at a few thousand. */
const NESTING: Record<string, (n: number) => string> = {
  brackets: (n) => `x = ${'['.repeat(n)}${']'.repeat(n)};`,
  parentheses: (n) => `x = ${'('.repeat(n)}1${')'.repeat(n)};`,
  blocks: (n) => `${'if (a) {'.repeat(n)}${'}'.repeat(n)}`,
  'bare ifs': (n) => `${'if (a) '.repeat(n)};`,
  'else-if chains': (n) => `if (a) x;${' else if (a) x;'.repeat(n)}`,
  'else-if chains with comments': (n) => `if (a) x;${` /* ${'c'.repeat(300)} */ else if (a) x;`.repeat(n)}`,
  assignments: (n) => `${'a = '.repeat(n)}1;`,
  'assignments over lines': (n) => `${'a =\n'.repeat(n)}1;`,
  ternaries: (n) => `x = ${'a ? b : '.repeat(n)}c;`,
  'ternaries with as const': (n) => `x = ${'a ? b as const : '.repeat(n)}c;`,
  'ternaries with function expressions': (n) => `x = ${'a ? async function () {} : '.repeat(n)}c;`,
  arrows: (n) => `x = ${'a => '.repeat(n)}1;`,
  'arrow bodies': (n) => `x = ${'() => {'.repeat(n)}${'}'.repeat(n)};`,
  'unary operators': (n) => `x = ${'!'.repeat(n)}a;`,
  news: (n) => `x = ${'new '.repeat(n)}A;`,
  awaits: (n) => `async function f() { x = ${'await '.repeat(n)}1; }`,
  'binary chains': (n) => `x = ${'a + '.repeat(n)}a;`,
  'member chains': (n) => `x = a${'.b'.repeat(n)};`,
  'call chains': (n) => `x = a${'()'.repeat(n)};`,
  'optional chains': (n) => `x = a${'?.b'.repeat(n)};`,
  'type arguments': (n) => `let x: ${'A<'.repeat(n)}B${'>'.repeat(n)};`,
  'type arguments after commas': (n) => `let x: ${'A<b, '.repeat(n)}B${'>'.repeat(n)};`,
  templates: (n) => `x = ${'`${'.repeat(n)}1${'}`'.repeat(n)};`,
  labels: (n) => `${'a: '.repeat(n)};`,
  objects: (n) => `x = ${'{ a: '.repeat(n)}1${' }'.repeat(n)};`,
  // A division after a function expression read as a regular expression must not hide the brackets.
  'brackets behind a misread slash': (n) => `x = [function () {} / ${'['.repeat(n)} 1 / 2 ${']'.repeat(n)}];`,
};

describe('scanDepth', () => {
  it.each(Object.keys(NESTING))('flags %s past the limit, long before the parser would crash', (name) => {
    const scan = scanDepth(NESTING[name]!(2_000));
    expect(scan.exceededAt).toBeDefined();
    expect(scan.depth).toBeGreaterThan(MAX_TS_DEPTH);
  });

  it.each(Object.keys(NESTING))('accepts %s at a depth real code has', (name) => {
    expect(scanDepth(NESTING[name]!(20)).exceededAt).toBeUndefined();
  });

  it('does not count what a statement or list ends: long files of flat code pass', () => {
    const flat = [
      'if (a) {}\n'.repeat(2_000),
      'if (a) {} '.repeat(2_000),
      'x = 1\n'.repeat(2_000),
      `x = {\n${'a: 1,\n'.repeat(2_000)}};`,
      `switch (a) {\n${'case 1:\n'.repeat(2_000)}break; }`,
      `class A {\n${'m() { return 1 }\n'.repeat(2_000)}}`,
      `const s = '${'((([[['.repeat(30)}';\n`.repeat(100),
      '// (((((((((\n/* [[[[[[[[[[ */\n'.repeat(2_000),
    ];
    for (const text of flat) expect(scanDepth(text)).toEqual({ depth: expect.any(Number) });
    for (const text of flat) expect(scanDepth(text).depth).toBeLessThan(20);
  });

  it('points at the first token past the limit', () => {
    const text = `export const x = ${'['.repeat(10_000)}${']'.repeat(10_000)};`;
    expect(scanDepth(text)).toEqual({ depth: 10_001, exceededAt: 'export const x = '.length + MAX_TS_DEPTH - 1 });
  });
});

describe('the lint on deep sources', () => {
  it('refuses a major-2 scenario past the limit with one input error at its position', async () => {
    const text = `export const x = ${'['.repeat(10_000)}${']'.repeat(10_000)};\n`;
    const err = await run(conformanceFixture({ 'v2-deep.test.ts': text })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect(err).toMatchObject({
      rule: 'input/nesting-depth',
      message: `${SCENARIOS}/v2-deep.test.ts: nesting depth 10,001 exceeds the limit of ${MAX_TS_DEPTH} (brackets, operators and calls inside each other)`,
      location: {
        file: `${SCENARIOS}/v2-deep.test.ts`,
        start: { line: 1, column: 'export const x = '.length + MAX_TS_DEPTH },
      },
    });
  });

  it.each(Object.keys(NESTING))(
    'lints %s just within the limit (the walk over the tree is bounded by it)',
    async (name) => {
      let n = 1;
      while (scanDepth(NESTING[name]!(n + 1)).exceededAt === undefined) n++;
      const result = await run(conformanceFixture({ 'v2-deep.test.ts': `${NESTING[name]!(n)}\n` }));
      expect(result.figures['lint']).toMatchObject({ files: 1, violations: 0 });
      // Linted, and nothing found but the missing manifest this fixture leaves out.
      expect(result.diagnostics.map((d) => d.ruleId)).toEqual(['majors/stale']);
    },
  );
});
