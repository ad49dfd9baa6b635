import { describe, expect, it } from 'vitest';
import { gate } from '../src/index.js';

describe('the gate contract', () => {
  it('keeps the upstream command name and flags, and documents every rule with a failing and passing example', () => {
    expect(gate.id).toBe('normative-home');
    expect(gate.commands.map((c) => [c.name, Object.keys(c.flags)])).toEqual([
      ['normative-home', ['--deadline', '--write-baseline']],
    ]);
    expect(gate.rules.length).toBeGreaterThan(0);
    expect(gate.rules.every((r) => r.id.startsWith('home/') && r.summary && r.fail.says && r.pass.says && r.fix)).toBe(
      true,
    );
  });
});
