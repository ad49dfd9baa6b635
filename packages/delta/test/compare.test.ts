import { describe, expect, it } from 'vitest';
import { pointerChanges } from '../src/index.js';

describe('pointerChanges', () => {
  it('lists the deepest pointer of each added, removed and changed value', () => {
    const before = { a: { b: 1, gone: [1] }, list: [1, 2] };
    const after = { a: { b: 2, c: { d: true } }, list: [1] };
    expect(pointerChanges(before, after)).toEqual([
      { type: 'pointer', pointer: '/a/b', change: 'changed' },
      { type: 'pointer', pointer: '/a/gone', change: 'removed' },
      { type: 'pointer', pointer: '/a/c', change: 'added' },
      { type: 'pointer', pointer: '/list/1', change: 'removed' },
    ]);
  });

  it('treats a member named like an Object.prototype property as a member', () => {
    expect(pointerChanges({ k: 1 }, { k: 1, constructor: 1, toString: 'x' })).toEqual([
      { type: 'pointer', pointer: '/constructor', change: 'added' },
      { type: 'pointer', pointer: '/toString', change: 'added' },
    ]);
  });

  it('ignores key order', () => {
    expect(pointerChanges({ a: 1, b: 2 }, { b: 2, a: 1 })).toEqual([]);
  });
});
