import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SpecTree } from '@openwop-spec/spec-tree';
import { gate } from '../src/index.js';

const root = fileURLToPath(new URL('../../..', import.meta.url));

describe('this repository’s corpus', () => {
  it('passes the normative-home gate, with and without --deadline before end-of-support', async () => {
    for (const flags of [[], ['--deadline']]) {
      const r = await gate.check(SpecTree.load(root), { today: '2026-09-22', flags: new Set(flags) });
      expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect([r.exitCode, r.summaryLine]).toEqual([0, '\n=== check-v2-normative-home OK — pointers resolve; ratchets at baseline ===']);
      expect(r.report[1]?.text).toBe('  72 core families: 31 resolved, 41 v1-dependent, 0 undeclared.');
    }
  });

  it('classifies toolCatalog and mcp as resolved (RFC 0204)', async () => {
    const r = await gate.check(SpecTree.load(root), { today: '2026-09-22', flags: new Set() });
    const families = r.figures['families'] as Array<{ key: string; bucket: string }>;
    const bucket = Object.fromEntries(families.map((f) => [f.key, f.bucket]));
    expect([bucket['toolCatalog'], bucket['mcp']]).toEqual(['resolved', 'resolved']);
  });
});

describe('the gate contract', () => {
  it('keeps the upstream command name and flags, and documents every rule with a failing and passing example', () => {
    expect(gate.id).toBe('normative-home');
    expect(gate.commands.map((c) => [c.name, Object.keys(c.flags)])).toEqual([['normative-home', ['--deadline', '--write-baseline']]]);
    expect(gate.rules.every((r) => r.id.startsWith('home/') && r.summary && r.fail && r.pass && r.fix)).toBe(true);
    expect(gate.rules).toHaveLength(28);
  });
});
