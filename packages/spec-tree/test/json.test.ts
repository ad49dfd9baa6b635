import { describe, expect, it } from 'vitest';
import { InputError } from '@openwop-spec/diagnostics';
import { parseJson } from '../src/index.js';

const fail = (text: string): InputError => {
  try {
    parseJson(text, 'x.json');
  } catch (err) {
    if (err instanceof InputError) return err;
    throw err;
  }
  throw new Error('expected an InputError');
};

describe('parseJson', () => {
  it('reports a syntax error with its line and column', () => {
    const err = fail('{\n  "a": 1,\n}');
    expect(err.message).toBe('x.json is not valid JSON: trailing comma before `}`');
    expect(err.rule).toBe('input/invalid-json');
    // At the comma, the mistake, not at the `}` a parser stumbles on.
    expect(err.location).toEqual({ file: 'x.json', start: { line: 2, column: 9, offset: 10 } });
  });

  it('refuses a duplicate key at its second occurrence', () => {
    const err = fail('{\n  "a": {"k": 1,\n    "k": 2}\n}');
    expect(err).toMatchObject({ message: 'x.json has a duplicate key "k" in /a', rule: 'input/duplicate-key' });
    expect(err.location).toEqual({ file: 'x.json', start: { line: 3, column: 5, offset: 22 } });
  });

  it('refuses comments and trailing commas (strict RFC 8259)', () => {
    expect(fail('{"a": 1 // no\n}').location?.start?.line).toBe(1);
    expect(fail('[1, 2,]').location?.start).toMatchObject({ line: 1 });
  });

  it('maps JSON pointers, escaped tokens included, to value and key positions', () => {
    const doc = parseJson('{\n  "a/b": {"c~d": [10, 20]}\n}', 'x.json');
    expect(doc.locate('/a~1b/c~0d/1').start).toMatchObject({ line: 2, column: 23 });
    expect(doc.locateKey('/a~1b').start).toMatchObject({ line: 2, column: 3 });
    expect(doc.has('/a~1b/c~0d/1')).toBe(true);
    // A missing member falls back to its nearest existing ancestor.
    expect(doc.locate('/a~1b/nope/3')).toEqual(doc.locate('/a~1b'));
    expect(doc.locate('')).toMatchObject({ start: { line: 1, column: 1 } });
  });
});
