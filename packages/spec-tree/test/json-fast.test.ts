import { describe, expect, it } from 'vitest';
import type { InputError } from '@openwop-spec/diagnostics';
import { parseJson } from '../src/json.js';

const errorOf = (text: string): InputError => {
  try {
    parseJson(text, 'x.json');
  } catch (err) {
    return err as InputError;
  }
  throw new Error('expected an input error');
};

describe('parseJson fast path (engine parse, duplicate scan, positions on demand)', () => {
  it('finds duplicate keys the engine would collapse, escaped spellings and nested objects included', () => {
    expect(errorOf('{"a": 1, "a": 2}').message).toBe('x.json has a duplicate key "a" in the root object');
    expect(errorOf('{"a": 1, "\\u0061": 2}').message).toMatch(/duplicate key "a"/);
    expect(errorOf('{"o": [{"k": "{\\"k\\": 1}", "k": 2}]}').message).toBe('x.json has a duplicate key "k" in /o/0');
    expect(errorOf('{"o": [{"k": 1}, {"k": 2}], "p": {"k": 3}}\n{').message).toMatch(/not valid JSON/);
  });

  it('accepts the same key in sibling objects and keys that look like syntax', () => {
    const doc = parseJson('{"a": {"k": 1}, "b": {"k": 2}, "c,": ["{", "}"], "d\\"": {"a": 1}}', 'x.json');
    expect(doc.value).toEqual({ a: { k: 1 }, b: { k: 2 }, 'c,': ['{', '}'], 'd"': { a: 1 } });
  });

  it('answers has() from the value and positions from the positioned parser', () => {
    const doc = parseJson('{\n  "list": [1, {"x": null}],\n  "": 0\n}', 'x.json');
    expect(doc.has('/list/1/x')).toBe(true);
    expect(doc.has('/list/01')).toBe(false);
    expect(doc.has('/list/length')).toBe(false);
    expect(doc.has('/list/2')).toBe(false);
    expect(doc.has('/')).toBe(true);
    expect(doc.has('/toString')).toBe(false);
    expect(doc.locate('/list/1/x').start).toMatchObject({ line: 2, column: 21 });
    expect(doc.locate('/list/9').start).toMatchObject({ line: 2, column: 11 });
    expect(doc.locateKey('/list').start).toMatchObject({ line: 2, column: 3 });
  });
});
