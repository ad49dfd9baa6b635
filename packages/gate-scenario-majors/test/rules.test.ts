// Every rule the gate documents is emitted by its source and asserted by some test, and every
// documented rule says what it catches, a failing and a passing example, and the fix.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { gate } from '../src/index.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const read = (dir: string): string =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))
    .join('\n');
const source = read(join(here, '../src')).replace(/^export const rules = ruleCatalog[\s\S]*?^\}\);$/m, '');
const tests = readdirSync(here)
  .filter((n) => n.endsWith('.test.ts') && n !== 'rules.test.ts')
  .map((n) => readFileSync(join(here, n), 'utf8'))
  .join('\n');

describe('the rule catalogue', () => {
  it.each(gate.rules.map((r) => [r.id, r] as const))('%s is documented, emitted and tested', (id, doc) => {
    expect(id).toMatch(/^majors\/[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
    for (const field of [doc.summary, doc.fail.says, doc.pass.says, doc.fix]) expect(field.trim()).not.toBe('');
    expect(source, `${id} is emitted outside the catalogue`).toContain(`'${id}'`);
    expect(tests, `${id} is asserted by a test`).toContain(id);
  });

  it('the source emits no undocumented rule id', () => {
    expect(source, 'the catalogue itself is left out of the emission check').not.toContain('ruleCatalog(GATE_ID');
    const used = new Set(source.match(/'majors\/[a-z0-9-]+'/g)?.map((s) => s.slice(1, -1)));
    expect([...used].sort()).toEqual(gate.rules.map((r) => r.id).sort());
  });
});
