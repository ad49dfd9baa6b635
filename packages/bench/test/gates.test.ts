import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATES, main } from '@openwop-spec/cli';
import { writeCorpus } from '../src/generate.js';

/**
 * Gates that cannot pass on any corpus yet, with the reason. Each entry is asserted to still fail,
 * so the day it is fixed this test goes red and the entry must be removed. Empty: every gate passes.
 */
const BLOCKED: Record<string, RegExp> = {};

/** A gate that has not landed yet is still the CLI registry's placeholder. */
const landed = GATES.filter((g) => g.summary !== 'not implemented yet');

let root: string;
let parent: string;
let derived: boolean;

async function check(args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(['check', '--root', root, '--today', '2026-09-22', '--no-color', ...args], {
    cwd: root,
    env: {},
    stdout: (l) => out.push(l),
    stderr: (l) => err.push(l),
  });
  return { code, out, err };
}

describe('a generated scale-1 corpus passes every gate', () => {
  beforeAll(async () => {
    parent = mkdtempSync(join(tmpdir(), 'openwop-bench-'));
    root = join(parent, 'corpus');
    derived = (await writeCorpus(root, { scale: 1 })).generated;
  }, 60_000);
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

  for (const gate of landed) {
    const blocked = BLOCKED[gate.id];
    if (blocked) {
      it(`${gate.id} is still blocked (${blocked.source}); remove it from BLOCKED once it passes`, async () => {
        const { code, err } = await check([gate.id]);
        expect(code).toBe(1);
        expect(err.join('\n')).toMatch(blocked);
      });
    } else {
      it(`check ${gate.id} exits 0`, async () => {
        const { code, err } = await check([gate.id]);
        expect(err.filter((l) => / error /.test(l))).toEqual([]);
        expect(code).toBe(0);
      });
    }
  }

  it.runIf(landed.length === GATES.length && Object.keys(BLOCKED).length === 0)('check (every gate) exits 0', async () => {
    const { code } = await check([]);
    expect(code).toBe(0);
  });

  it('the generated tree carries the capabilities schema derived by the declaration gate', () => {
    expect(derived).toBe(true);
    expect(existsSync(join(root, 'schemas', 'v2', 'capabilities.schema.json'))).toBe(true);
  });
});
