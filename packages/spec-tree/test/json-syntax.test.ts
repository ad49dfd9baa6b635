// A JSON syntax error is reported where the mistake is, in plain words (not at the token a parser
// stumbles on next), and a pathological depth is one input error, never a stack overflow.
import { describe, expect, it } from 'vitest';
import { InputError } from '@openwop-spec/diagnostics';
import { MAX_JSON_DEPTH, parseJson } from '../src/index.js';

function problem(text: string): { rule: string; at: string; message: string } {
  try {
    parseJson(text, 'x.json');
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    const start = err.location?.start;
    return {
      rule: err.rule,
      at: `${start?.line}:${start?.column}`,
      message: err.message.replace(/^x\.json( is not valid JSON)?: /, ''),
    };
  }
  throw new Error(`expected an input error for ${text}`);
}

describe('JSON syntax errors, located and worded', () => {
  it.each([
    ['{\n  "a": 1,\n}', '2:9', 'trailing comma before `}`'],
    ['[1, 2,\n]', '1:6', 'trailing comma before `]`'],
    ['{\n  "a": 1\n  "b": 2\n}', '2:9', 'missing comma between members'],
    ['[1 2]', '1:3', 'missing comma between elements'],
    ['{"a" 1}', '1:5', 'missing `:` after the property name'],
    ['{a: 1}', '1:2', 'property name `a` must be in double quotes'],
    ["{'a': 1}", '1:2', 'property names need double quotes, not single quotes'],
    ['{"a": }', '1:7', 'missing value before `}`'],
    ['[1,,2]', '1:4', 'missing value before `,`'],
    ['{"a": [1, 2}', '1:12', '`}` does not close the `[` opened at 1:7; expected `]`'],
    ['{"a": 1', '1:1', 'this `{` is never closed (the file ends first)'],
    ['{"a": "x\ny"}', '1:7', 'this string is not closed before the end of the line (write \\n for a line break)'],
    ['{"a": "\\x"}', '1:8', 'invalid escape `\\x` in a string (JSON has \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)'],
    ['{"a": 01}', '1:7', '`01`: a number cannot have a leading zero'],
    [
      '{"a": undefined}',
      '1:7',
      '`undefined` is not a JSON value (JSON has true, false, null, numbers, "strings", arrays and objects)',
    ],
    ['// note\n{}', '1:1', 'comments are not allowed in JSON'],
    ['{} {}', '1:4', 'unexpected `{` after the end of the JSON value (a file holds one value)'],
    ['', '1:1', 'the file is empty (a JSON file holds one value)'],
    ['\uFEFF{"a": 1,}', '1:9', 'trailing comma before `}`'],
    // Lines end at CR, LF or CRLF, as in the positions of a parsed file.
    ['{\r  "a": 1,\r}', '2:9', 'trailing comma before `}`'],
    ['{\r\n  "a": 1,\r\n}', '2:9', 'trailing comma before `}`'],
  ])('%j → %s %s', (text, at, message) => {
    expect(problem(text)).toEqual({ rule: 'input/invalid-json', at, message });
  });
});

describe('JSON nesting depth', () => {
  const nested = (n: number): string => '['.repeat(n) + ']'.repeat(n);

  it(`accepts ${MAX_JSON_DEPTH} levels and reports the first one past the limit, with the depth`, () => {
    expect(parseJson(nested(MAX_JSON_DEPTH), 'x.json').value).toBeInstanceOf(Array);
    expect(problem(`{"a": ${nested(10_000)}}`)).toEqual({
      rule: 'input/nesting-depth',
      at: `1:${7 + MAX_JSON_DEPTH - 1}`,
      message: `nesting depth 10,001 exceeds the limit of ${MAX_JSON_DEPTH} (arrays and objects inside each other)`,
    });
  });

  it('locates the first level too deep on its own line in a file with CR line ends', () => {
    expect(problem(`{\r"a":\r${nested(300)}}`)).toMatchObject({
      rule: 'input/nesting-depth',
      at: `3:${MAX_JSON_DEPTH}`,
    });
  });

  it('reports the depth, not a syntax error, when a deep text is also broken', () => {
    expect(problem(nested(5_000).slice(0, -1))).toMatchObject({
      rule: 'input/nesting-depth',
      at: `1:${MAX_JSON_DEPTH + 1}`,
    });
  });
});
