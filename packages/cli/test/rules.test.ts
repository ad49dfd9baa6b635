import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INPUT_RULES } from '@openwop-spec/diagnostics';
import { GATES } from '../src/index.js';

const packages = fileURLToPath(new URL('../../', import.meta.url));
const PREFIX: Record<string, string> = {
  'core-budget': 'budget',
  'normative-home': 'home',
  'scenario-majors': 'majors',
  declaration: 'declaration',
  schemas: 'schemas',
  references: 'refs',
};

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const abs = join(dir, name);
    if (statSync(abs).isDirectory()) out.push(...sources(abs));
    else if (/\.(ts|mts)$/.test(name)) out.push(readFileSync(abs, 'utf8'));
  }
  return out;
}

/** The package folder of a gate: its id, or for the classification rules, families too. */
const folders = (gateId: string): string[] => [
  `gate-${gateId}`,
  ...(gateId === 'normative-home' || gateId === 'core-budget' ? ['families'] : []),
];

/** Every rule id is documented, used by its gate and exercised by a test: ids and docs never drift. */
describe.each(GATES.map((g) => [g.id, g] as const))('rule catalogue of %s', (id, gate) => {
  const prefix = PREFIX[id]!;
  const ids = gate.rules.map((r) => r.id);
  const src = folders(id)
    .flatMap((f) => sources(join(packages, f, 'src')))
    .join('\n');
  const tests = folders(id)
    .flatMap((f) => sources(join(packages, f, 'test')))
    .join('\n');

  it('has unique, well-formed ids under its prefix', () => {
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of ids) expect(r).toMatch(new RegExp(`^${prefix}/[a-z0-9]+(-[a-z0-9]+)*$`));
  });

  it('documents every rule: what it catches, a failing and a passing example (rule-examples.test.ts runs them), the fix', () => {
    for (const r of gate.rules) {
      for (const text of [r.summary, r.fail.says, r.pass.says, r.fix]) expect(text.trim(), r.id).not.toBe('');
    }
  });

  it('catalogues every rule id its source names', () => {
    const named = new Set(
      [...src.matchAll(new RegExp(`['"\`](${prefix}/[a-z0-9]+(?:-[a-z0-9]+)*)['"\`]`, 'g'))].map((m) => m[1]!),
    );
    expect([...named].filter((r) => !ids.includes(r))).toEqual([]);
  });

  it('lists every rule id in the gate package README', () => {
    const readme = readFileSync(join(packages, `gate-${id}`, 'README.md'), 'utf8');
    expect(ids.filter((r) => !readme.includes(r))).toEqual([]);
  });

  it('has a test naming every rule id', () => {
    expect(ids.filter((r) => !tests.includes(r))).toEqual([]);
  });
});

/** The input-error ids: documented in the diagnostics README and exercised by a test somewhere. */
describe('rule catalogue of input errors', () => {
  const ids = INPUT_RULES.map((r) => r.id);
  const tests = readdirSync(packages)
    .filter((p) => statSync(join(packages, p, 'test'), { throwIfNoEntry: false })?.isDirectory())
    .flatMap((p) => sources(join(packages, p, 'test')))
    .join('\n');

  it('has unique, well-formed ids, each documented', () => {
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of INPUT_RULES) {
      expect(r.id).toMatch(/^input\/[a-z0-9]+(-[a-z0-9]+)*$/);
      for (const text of [r.summary, r.fail.says, r.pass.says, r.fix]) expect(text.trim(), r.id).not.toBe('');
    }
  });

  it('lists every id in the diagnostics README', () => {
    const readme = readFileSync(join(packages, 'diagnostics', 'README.md'), 'utf8');
    expect(ids.filter((r) => !readme.includes(r))).toEqual([]);
  });

  it('has a test naming every id', () => {
    expect(ids.filter((r) => !tests.includes(r))).toEqual([]);
  });
});
