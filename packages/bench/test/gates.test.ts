import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { GATES, main } from '@openwop-spec/cli';
import { corpusFiles, writeCorpus } from '../src/generate.js';

let root: string;
let cache: string;
let derived: boolean;
let parent: string | undefined;

async function check(args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  // A fact cache shared by the runs.
  const code = await main(
    ['check', '--root', root, '--today', '2026-09-22', '--no-color', '--cache-location', cache, ...args],
    {
      cwd: root,
      env: {},
      stdout: (l) => out.push(l),
      stderr: (l) => err.push(l),
      appendFile: () => expect.unreachable('appendFile'),
    },
  );
  return { code, out, err };
}

describe('a generated scale-1 corpus passes every gate', () => {
  // The corpus is written and its documents parsed once (about 2.5 s of CPU on a quiet machine: the
  // cost the bench measures), by the root run's global setup (corpus-setup.ts) or else here; the
  // tests below read the cached facts, and the red run re-derives only the file it broke.
  beforeAll(async () => {
    const prepared = inject('benchCorpus');
    if (prepared) {
      ({ root, cache } = prepared);
      derived = true; // The setup provides a corpus only when the generator derived the schema.
      return;
    }
    parent = mkdtempSync(join(tmpdir(), 'openwop-bench-'));
    root = join(parent, 'corpus');
    cache = join(parent, 'cache');
    derived = (await writeCorpus(root, { scale: 1 })).generated;
    await check(['core-budget', 'references']);
  });
  afterAll(() => {
    if (parent) rmSync(parent, { recursive: true, force: true });
  });

  // Each gate in a test of its own (their error lines name it).
  it.each(GATES.map((g) => g.id))('check %s exits 0', async (gate) => {
    const { code, out, err } = await check([gate]);
    expect(err.filter((l) => / error /.test(l))).toEqual([]);
    expect(code).toBe(0);
    expect(out.at(-1)).toMatch(/^=== \S+ OK /);
  });

  it('goes red when the tree is broken (the checks above can fail): a home loses its marker', async () => {
    const model = corpusFiles({ scale: 1 }).model;
    const home = model.coreDocs.find((d) => d.homes.length === 1)!;
    const file = join(root, ...home.path.split('/'));
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace(/^> \*\*Normative home:\*\*.*$/m, '> Normative home pending.'));
    try {
      const { code, err } = await check(['normative-home']);
      expect(code).toBe(1);
      expect(err.join('\n')).toContain('home/unclaimed');
    } finally {
      writeFileSync(file, text);
    }
  });

  it('the generated tree carries the capabilities schema derived by the declaration gate', () => {
    expect(derived).toBe(true);
    expect(existsSync(join(root, 'schemas', 'v2', 'capabilities.schema.json'))).toBe(true);
  });
});
