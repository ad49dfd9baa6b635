import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { formatGrouped } from '@openwop-spec/diagnostics';
import { memoryFixture } from '@openwop-spec/spec-tree/testing';
import type { Fixture } from '@openwop-spec/spec-tree/testing';
import { checkCoreBudget } from '../src/index.js';
import { rfc0204Tree } from '../../families/test/rfc0204.js';

let fx: Fixture | undefined;
afterEach(() => fx?.remove());

describe('upstream formatted with toLocaleString, so LC_ALL=de_DE.UTF-8 printed 25.828', () => {
  it('the grouping function is pure: 25,828 under a German process locale', () => {
    const diagnostics = fileURLToPath(new URL('../../diagnostics/dist/index.js', import.meta.url));
    const script = `import { formatGrouped } from ${JSON.stringify(diagnostics)}; console.log((25828).toLocaleString() + ' ' + formatGrouped(25828));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, LC_ALL: 'de_DE.UTF-8' },
      encoding: 'utf8',
    });
    expect(out.trim()).toBe('25.828 25,828');
  });

  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [25828, '25,828'],
    [1234567, '1,234,567'],
    [-3572, '-3,572'],
  ])('formatGrouped(%i) = %s', (n, s) => {
    expect(formatGrouped(n)).toBe(s);
  });

  it('a full printout is unchanged when every locale-aware formatter answers in German', async () => {
    // Kept to be put back in place, never called detached.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const original = { toLocaleString: Number.prototype.toLocaleString, NumberFormat: Intl.NumberFormat };
    const german = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
    try {
      Number.prototype.toLocaleString = function (this: number) {
        return german(Number(this));
      };
      Intl.NumberFormat = function () {
        return { format: german };
      } as unknown as typeof Intl.NumberFormat;
      expect((25828).toLocaleString()).toBe('25.828');
      fx = memoryFixture(rfc0204Tree('after').files);
      const r = await checkCoreBudget(fx.tree());
      expect(r.printout.at(-1)?.text).toBe('  cap 29,400 = 25,000 + 200 x (31 homed - 9 at RFC 0190)');
      expect(r.summaryLine).toMatch(/^=== check-core-budget OK — 25,828 \/ 29,400 words across \d+ document\(s\) ===$/);
    } finally {
      Number.prototype.toLocaleString = original.toLocaleString;
      Intl.NumberFormat = original.NumberFormat;
    }
  });
});
