import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SpecTree } from '@openwop-spec/spec-tree';
import { gate } from '../src/index.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));

describe('this repository’s corpus', () => {
  it('passes the core budget with 31 homed families (RFC 0204: cap 29,400)', async () => {
    const r = await gate.check(SpecTree.load(root), { today: '2026-09-22', flags: new Set() });
    expect(r.diagnostics).toEqual([]);
    expect([r.exitCode, r.figures['homed'], r.figures['cap']]).toEqual([0, 31, 29_400]);
    expect(r.report.at(-1)?.text).toBe('  cap 29,400 = 25,000 + 200 x (31 homed - 9 at RFC 0190)');
    expect(r.summaryLine).toMatch(/^=== check-core-budget OK — [\d,]+ \/ 29,400 words across \d+ document\(s\) ===$/);
  });
});
