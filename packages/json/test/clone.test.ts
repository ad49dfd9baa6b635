import { describe, expect, it } from 'vitest';
import { cloneJson } from '../src/index.js';

describe('cloneJson', () => {
  it('copies at every depth, keeping key order, sharing nothing with the source', () => {
    const source = JSON.parse('{"b": 1, "a": {"z": [1, {"y": 2, "x": 3}], "c": null}, "__proto__": {"p": true}}');
    const copy = cloneJson(source);
    expect(copy).toStrictEqual(source);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(source));
    expect(copy.a).not.toBe(source.a);
    expect(copy.a.z[1]).not.toBe(source.a.z[1]);
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
  });

  it('copies nesting far deeper than the native stack allows', () => {
    let deep: unknown = 0;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    let copy = cloneJson(deep);
    let depth = 0;
    while (Array.isArray(copy)) {
      copy = copy[0];
      depth++;
    }
    expect(depth).toBe(100_000);
  });
});
