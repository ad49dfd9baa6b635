// Class R of the fuzzing report: `"pattern": "^(a+)+$"` and a valid example of thirty `a` then `!`
// took a minute (twice as long per character, no bound). Patterns now run on RE2 in linear time;
// one RE2 cannot run (lookaround, backreferences) has a budget per test and ends in a finding.
import { describe, expect, it } from 'vitest';
import { createAjv, linearRegExp } from '@openwop-spec/spec-tree';
import { DRAFT, check, fixture, found, json } from './helpers.js';

const SCHEMA = 'schemas/v2/thing.schema.json';
const EX = 'schemas/v2/examples';
const withPattern = (pattern: string): string =>
  json({
    $schema: DRAFT,
    $id: 'https://x.test/v2/thing.schema.json',
    type: 'object',
    properties: { name: { type: 'string', pattern } },
  });
const EVIL = `${'a'.repeat(10_000)}!`;

describe('schema patterns', () => {
  it('run in linear time: an exponential backtracking pattern on a long value is an ordinary finding', async () => {
    const file = `${EX}/valid/thing/long.json`;
    const result = await check(fixture({ [SCHEMA]: withPattern('^(a+)+$'), [file]: json({ name: EVIL }) }));
    expect(found(result)).toEqual([{ ruleId: 'schemas/valid-example-fails', file, start: expect.anything() }]);
    expect(result.diagnostics[0]!.message).toBe(`valid example fails ${SCHEMA} at /name: must match pattern "^(a+)+$"`);
  });

  it('keep their JavaScript meaning where RE2 runs them (classes, anchors, \\d, \\p{…}, named groups)', () => {
    const cases: Array<[string, string, boolean]> = [
      ['^[a-z][A-Za-z0-9]*$', 'toolCatalog', true],
      ['^[a-z][A-Za-z0-9]*$', 'ToolCatalog', false],
      ['^\\d{4}-\\d{2}$', '2026-12', true],
      ['\\S', '   ', false],
      ['^\\p{L}+$', 'été', true],
      ['^(?<year>[0-9]{4})$', '2026', true],
      ['^x\\.y$', 'x.y', true],
      ['^x\\.y$', 'xzy', false],
    ];
    for (const [pattern, value, matches] of cases)
      expect([pattern, value, linearRegExp(pattern, 'u').test(value)]).toEqual([pattern, value, matches]);
  });

  it('that RE2 cannot run (lookahead) still validate as JavaScript reads them', () => {
    const duration = linearRegExp('^P(?!$)([0-9]+Y)?([0-9]+M)?([0-9]+W)?([0-9]+D)?$', 'u');
    expect([duration.test('P1Y2M'), duration.test('P'), duration.test('P1X')]).toEqual([true, false, false]);
  });

  it('that RE2 cannot run and that backtrack catastrophically end in a finding naming the pattern', async () => {
    const pattern = '^(?=(a+)+$)a*$';
    const file = `${EX}/valid/thing/evil.json`;
    const result = await check(
      fixture({ [SCHEMA]: withPattern(pattern), [file]: json({ name: `${'a'.repeat(40)}!` }) }),
    );
    expect(found(result)).toEqual([{ ruleId: 'schemas/pattern-budget', file, start: expect.anything() }]);
    // The advice is the hint's alone: the message does not repeat it.
    expect([result.diagnostics[0]!.message, result.diagnostics[0]!.hint]).toEqual([
      `the pattern ${JSON.stringify(pattern)} of ${SCHEMA} ran out of its 1000 ms budget on this example (catastrophic backtracking; RE2 cannot run its lookaround or backreference)`,
      'rewrite the pattern without nested quantifiers; without lookaround or backreferences RE2 runs it in linear time',
    ]);
    expect(result.diagnostics[0]!.related).toEqual([{ file: SCHEMA, message: 'the schema with the pattern' }]);
  });

  it('that are not regular expressions at all are still refused when the schema compiles', () => {
    expect(() => createAjv().compile({ type: 'string', pattern: '(' })).toThrow();
  });
});
