import { describe, expect, it } from 'vitest';
import { diffJson } from '../src/index.js';

describe('diffJson', () => {
  it('names each removed, added and changed value at its deepest pointer', () => {
    const before = { a: 1, b: { c: [1, 2, 3], d: 'x' }, gone: { deep: true } };
    const after = { a: 2, b: { c: [1, 5], d: 'x', e: null }, 'new/key': [] };
    expect(diffJson(before, after)).toEqual([
      { pointer: '/a', change: 'changed', before: 1, after: 2 },
      { pointer: '/b/c/1', change: 'changed', before: 2, after: 5 },
      { pointer: '/b/c/2', change: 'removed', before: 3 },
      { pointer: '/b/e', change: 'added', after: null },
      { pointer: '/gone', change: 'removed', before: { deep: true } },
      { pointer: '/new~1key', change: 'added', after: [] },
    ]);
  });

  it('reports a value whose type differs as changed, not as member differences', () => {
    expect(diffJson({ x: [1] }, { x: { 0: 1 } })).toEqual([
      { pointer: '/x', change: 'changed', before: [1], after: { 0: 1 } },
    ]);
    expect(diffJson(null, {})).toEqual([{ pointer: '', change: 'changed', before: null, after: {} }]);
    expect(diffJson({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toEqual([]);
  });

  it('reads own members only: a key named like an Object.prototype member is still a member', () => {
    expect(diffJson({}, { constructor: 1, toString: 2 })).toEqual([
      { pointer: '/constructor', change: 'added', after: 1 },
      { pointer: '/toString', change: 'added', after: 2 },
    ]);
    expect(diffJson({ hasOwnProperty: 1 }, {})).toEqual([{ pointer: '/hasOwnProperty', change: 'removed', before: 1 }]);
  });

  it('ignores key order unless asked, then names the reordered object', () => {
    const before = { o: { a: 1, b: 2, c: 3 } };
    const after = { o: { b: 2, a: 1, c: 3 } };
    expect(diffJson(before, after)).toEqual([]);
    expect(diffJson(before, after, { order: true })).toEqual([{ pointer: '/o', change: 'reordered' }]);
    // Extra or missing keys alone are not a reorder.
    expect(diffJson({ a: 1, b: 2 }, { a: 1, x: 0, b: 2 }, { order: true })).toEqual([
      { pointer: '/x', change: 'added', after: 0 },
    ]);
  });
});
