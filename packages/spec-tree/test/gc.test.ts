import { describe, expect, it } from 'vitest';
import { collectGarbage } from '../src/index.js';

describe('collectGarbage', () => {
  it('collects an object nothing refers to any more', async () => {
    const ref = ((): WeakRef<object> => new WeakRef(new Array(1_000_000).fill(0)))();
    await new Promise((resolve) => setTimeout(resolve, 0)); // a WeakRef holds its target until the job ends
    collectGarbage();
    expect(ref.deref()).toBeUndefined();
  });
});
