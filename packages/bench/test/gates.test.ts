import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATES, main } from '@openwop-spec/cli';
import { corpusFiles, writeCorpus } from '../src/generate.js';

let root: string;
let parent: string;
let derived: boolean;

async function check(args: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  // A fact cache shared by the runs.
  const code = await main(
    [
      'check',
      '--root',
      root,
      '--today',
      '2026-09-22',
      '--no-color',
      '--cache-location',
      join(parent, 'cache'),
      ...args,
    ],
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
  beforeAll(async () => {
    parent = mkdtempSync(join(tmpdir(), 'openwop-bench-'));
    root = join(parent, 'corpus');
    derived = (await writeCorpus(root, { scale: 1 })).generated;
  });
  // Every document parsed once, in a hook of its own (about 1.5 s on a quiet machine: the cost the
  // bench measures); the tests below read the cached facts, and the red run re-derives only the file it broke.
  beforeAll(async () => {
    await check(['core-budget']);
  });
  afterAll(() => rmSync(parent, { recursive: true, force: true }));

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
