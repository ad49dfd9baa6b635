import { describe, expect, it } from 'vitest';
import { escapePointerToken, parsePointer, pointerOf, valueAt } from '../src/index.js';

describe('JSON pointers', () => {
  it('escapes ~ before / and parses back to the same tokens', () => {
    const tokens = ['a/b', '~1', 'x~y', '', '0'];
    expect(escapePointerToken('a/~b')).toBe('a~1~0b');
    expect(pointerOf(tokens)).toBe('/a~1b/~01/x~0y//0');
    expect(parsePointer(pointerOf(tokens))).toEqual(tokens);
    expect(parsePointer('')).toEqual([]);
    expect(() => parsePointer('a/b')).toThrow('not a JSON pointer: a/b');
  });

  it('resolves own members and canonical array indices only', () => {
    const doc = JSON.parse('{"a":{"b/c":[10,20]},"__proto__":{"x":1}}') as unknown;
    expect(valueAt(doc, '/a/b~1c/1')).toBe(20);
    expect(valueAt(doc, ['a', 'b/c', '0'])).toBe(10);
    expect(valueAt(doc, '')).toBe(doc);
    expect(valueAt(doc, '/__proto__/x')).toBe(1);
    for (const missing of [
      '/constructor',
      '/a/toString',
      '/a/b~1c/01',
      '/a/b~1c/-',
      '/a/b~1c/2',
      '/a/b~1c/length',
      '/a/b~1c/0/x',
    ]) {
      expect(valueAt(doc, missing), missing).toBeUndefined();
    }
  });
});
