import { afterEach, describe, expect, it } from 'vitest';
import { InputError, formatGrouped } from '@openwop-spec/diagnostics';
import type { GateResult } from '@openwop-spec/diagnostics';
import { join } from 'node:path';
import { FactCache, SpecTree } from '@openwop-spec/spec-tree';
import { createFixture, memoryFixture, memoryFixtures } from '@openwop-spec/spec-tree/testing';
import type { Fixture, FixtureEntry } from '@openwop-spec/spec-tree/testing';
import { capFor, checkCoreBudget, gate } from '../src/index.js';
import { filler, rfc0204Tree } from '../../families/test/rfc0204.js';

let fx: Fixture | undefined;
afterEach(() => {
  fx?.remove();
  fx = undefined;
});

type Row = Record<string, unknown>;
const fam = (key: string, normativeText?: string[], extra: Row = {}): Row => ({
  key,
  kind: 'family',
  anchor: 'core',
  ...(normativeText ? { normativeText } : {}),
  ...extra,
});
const declaration = (families: unknown[], extra: Row = {}): string =>
  JSON.stringify({ families, ...extra }, null, 2) + '\n';
const home = (key: string, words = 0): string =>
  `# ${key}\n\n> **Normative home:** \`${key}\`.\n\nA host MUST support \`${key}\`.\n${words ? `\n${filler(words)}\n` : ''}`;
/** A document of exactly n words. */
const doc = (n: number): string => `${filler(n)}\n`;

/** Variants of a few corpora share one tree in memory: an unchanged document is parsed once. */
const inMemory = memoryFixtures();

/** Runs the gate over a tree in memory, or (`disk`) a fixture folder (symlinks). */
async function run(files: Record<string, FixtureEntry>, disk = false): Promise<GateResult> {
  fx = disk ? createFixture(files) : inMemory(files);
  return checkCoreBudget(fx.tree());
}
const lines = (r: GateResult): string[] => r.printout.map((l) => l.text);
const found = (r: GateResult) => r.diagnostics.map((d) => ({ ruleId: d.ruleId, file: d.file, start: d.start }));

describe('no core directory', () => {
  it('prints the does-not-exist line, exits 0 and reads nothing (not even the declaration)', async () => {
    fx = memoryFixture({ 'spec/v2/core.md': 'a file, not a directory' });
    const tree = fx.tree();
    const r = await checkCoreBudget(tree);
    expect([r.exitCode, r.printout, r.summaryLine]).toEqual([
      0,
      [],
      '=== check-core-budget — spec/v2/core/ does not exist yet (0 words of a 25,000 budget; nothing measured) ===',
    ]);
    expect(tree.stats.reads).toBe(0);
  });
});

describe('budget/nothing-to-check: no core document is a finding, not a silent pass', () => {
  it('warns naming the folder when spec/v2/core/ is missing or is not a folder; the exit code stays 0', async () => {
    for (const [files, why] of [
      [{ 'spec/v2/declaration.json': declaration([]) }, 'does not exist'],
      [{ 'spec/v2/core': 'a file, not a folder' }, 'is not a folder'],
    ] as const) {
      const r = await run(files);
      expect(r.exitCode).toBe(0);
      expect(found(r)).toEqual([{ ruleId: 'budget/nothing-to-check', file: 'spec/v2/core/', start: undefined }]);
      expect(r.diagnostics[0]!.severity).toBe('warning');
      expect(r.diagnostics[0]!.message).toMatch(
        new RegExp(`^nothing to check: spec/v2/core/ ${why}, so no word was measured`),
      );
      fx!.remove();
      fx = undefined;
    }
  });

  it('warns when the folder holds no .md document (other files are not measured)', async () => {
    const r = await run({ 'spec/v2/declaration.json': declaration([]), 'spec/v2/core/notes.txt': 'words words' });
    expect(r.summaryLine).toBe('=== check-core-budget OK — 0 / 25,000 words across 0 document(s) ===');
    expect(found(r)).toEqual([{ ruleId: 'budget/nothing-to-check', file: 'spec/v2/core/', start: undefined }]);
    expect(r.diagnostics[0]!.message).toMatch(/^nothing to check: spec\/v2\/core\/ holds no \.md document/);
  });

  it('one core document is something to check: no warning', async () => {
    const r = await run({ 'spec/v2/declaration.json': declaration([]), 'spec/v2/core/a.md': doc(3) });
    expect(found(r)).toEqual([]);
  });

  it('follows the configured spec folder, and points at the configuration line that chose it', async () => {
    const r = await run({
      'openwop-spec.config.json': '{\n  "paths": { "spec": "corpus/spec" }\n}\n',
      'corpus/spec/v2/declaration.json': declaration([]),
    });
    expect(found(r)).toMatchObject([
      { ruleId: 'budget/nothing-to-check', file: 'openwop-spec.config.json', start: { line: 2, column: 22 } },
    ]);
    expect(r.diagnostics[0]!.message).toContain('corpus/spec/v2/core/');
  });
});

describe('the cap', () => {
  it.each([
    [0, 25_000],
    [9, 25_000],
    [30, 29_200],
    [31, 29_400],
    [72, 37_600],
  ])('%i homed → cap %i', (homed, cap) => {
    expect(capFor(homed)).toBe(cap);
  });

  it('equality passes; one word over fails with budget/over-cap naming the largest documents', async () => {
    const files = {
      'spec/v2/declaration.json': declaration([]),
      'spec/v2/core/a.md': doc(20_000),
      'spec/v2/core/b.md': doc(4_000),
      'spec/v2/core/c.md': doc(999),
      'spec/v2/core/d.md': doc(1),
    };
    const ok = await run(files);
    expect([ok.exitCode, ok.summaryLine]).toEqual([
      0,
      '=== check-core-budget OK — 25,000 / 25,000 words across 4 document(s) ===',
    ]);
    fx!.remove();
    const over = await run({ ...files, 'spec/v2/core/d.md': doc(2) });
    expect(over.exitCode).toBe(1);
    expect(over.summaryLine).toBe(
      '=== check-core-budget FAILED — the measured kernel is 25,001 words; cap 25,000 (RFC 0190 §A). 0 ext document(s) counted because a core family declares them. ===',
    );
    // At the largest document, a real file with a line (a folder gets no annotation line), numbers grouped.
    expect(found(over)).toEqual([
      { ruleId: 'budget/over-cap', file: 'spec/v2/core/a.md', start: { line: 1, column: 1 } },
    ]);
    const d = over.diagnostics[0]!;
    expect([d.message, d.hint]).toEqual([
      'the kernel is 25,001 words; cap 25,000 (over by 1); largest documents: core/a.md (20,000), core/b.md (4,000), core/c.md (999)',
      'cut 1 word(s) from them, or give another core family a real v2 home (+200 words of cap each)',
    ]);
    expect(d.related?.map((x) => [x.file, x.message])).toEqual([
      ['spec/v2/core/b.md', '4,000 words'],
      ['spec/v2/core/c.md', '999 words'],
    ]);
  });

  it('homed counts only resolved families: ["README.md"] buys no words (upstream counted any non-v1 normativeText)', async () => {
    const families = [
      fam('a', ['README.md']),
      ...Array.from({ length: 10 }, (_, i) => fam(`f${i}`, [`spec/v2/core/f${i}.md`])),
    ];
    const files: Record<string, FixtureEntry> = {
      'spec/v2/declaration.json': declaration(families),
      'README.md': home('a'),
    };
    for (let i = 0; i < 10; i++) files[`spec/v2/core/f${i}.md`] = home(`f${i}`);
    const r = await run(files);
    expect(r.figures['homed']).toBe(10);
    expect(lines(r).at(-1)).toBe('  cap 25,200 = 25,000 + 200 x (10 homed - 9 at RFC 0190)');
  });

  it('a failing home grants nothing, and the budget does not report the classification’s findings', async () => {
    const families = [fam('a', ['spec/v2/core/a.md', 'RFCS/0001.md'])];
    const r = await run({
      'spec/v2/declaration.json': declaration(families),
      'spec/v2/core/a.md': home('a'),
      'RFCS/0001.md': 'x',
    });
    expect([r.figures['homed'], r.diagnostics]).toEqual([0, []]);
  });

  it('a stray family object is not a family (upstream read families[] here but walked the whole JSON in the home gate)', async () => {
    const r = await run({
      'spec/v2/declaration.json': declaration([], {
        extra: { key: 'x', anchor: 'core', kind: 'family', normativeText: ['spec/v2/core/x.md'] },
      }),
      'spec/v2/core/x.md': home('x'),
    });
    expect(r.figures['homed']).toBe(0);
  });
});

describe('what is measured', () => {
  it('walks recursively, hidden entries included, without following directory symlinks; labels are relative to spec/v2/', async () => {
    const r = await run(
      {
        'spec/v2/declaration.json': declaration([]),
        'spec/v2/core/a.md': doc(3),
        'spec/v2/core/.hidden.md': doc(2),
        'spec/v2/core/.dir/deep/x.md': doc(1),
        'spec/v2/core/notes.txt': doc(100),
        'spec/v2/core/UPPER.MD': doc(100),
        'spec/v2/core/linked-dir': { symlink: '../../../elsewhere' },
        'elsewhere/y.md': doc(100),
        'spec/v2/core/link.md': { symlink: '../../../elsewhere/y.md' },
      },
      true,
    );
    expect(lines(r).slice(0, -2)).toEqual([
      '       1  core/.dir/deep/x.md',
      '       2  core/.hidden.md',
      '       3  core/a.md',
      '     100  core/link.md',
    ]);
    expect(r.diagnostics).toEqual([]);
  });

  it('a symlinked file escaping the root is skipped with budget/symlink-escape', async () => {
    const r = await run(
      {
        'spec/v2/declaration.json': declaration([]),
        'spec/v2/core/a.md': doc(3),
        'spec/v2/core/out.md': { symlink: '/etc/hostname' },
      },
      true,
    );
    expect(found(r)).toEqual([{ ruleId: 'budget/symlink-escape', file: 'spec/v2/core/out.md', start: undefined }]);
    expect(r.figures['total']).toBe(3);
  });

  it('rows sort by label in code-unit order (Z before a)', async () => {
    const r = await run({
      'spec/v2/declaration.json': declaration([]),
      'spec/v2/core/a.md': doc(1),
      'spec/v2/core/Z.md': doc(1),
      'spec/v2/core/_b.md': doc(1),
    });
    expect(
      lines(r)
        .slice(0, 3)
        .map((l) => l.trim().split(/\s+/)[1]),
    ).toEqual(['core/Z.md', 'core/_b.md', 'core/a.md']);
  });

  it('an ext home cited by core families is counted once, and the OK line says so', async () => {
    const r = await run({
      'spec/v2/declaration.json': declaration([
        fam('a', ['spec/v2/core/a.md', 'spec/v2/ext/packs/README.md']),
        fam('b', ['spec/v2/core/b.md', 'spec/v2/ext/packs/README.md']),
      ]),
      'spec/v2/core/a.md': home('a'),
      'spec/v2/core/b.md': home('b'),
      'spec/v2/ext/packs/README.md': `| **homes:** | \`a\`, \`b\` |\n| --- | --- |\n\n${doc(5)}`,
    });
    expect(lines(r).filter((l) => l.includes('ext/'))).toEqual(['      16  ext/packs/README.md']);
    expect(r.figures['extHomes']).toEqual(['spec/v2/ext/packs/README.md']);
    expect(r.summaryLine).toBe(
      `=== check-core-budget OK — ${formatGrouped(r.figures['total'] as number)} / 25,000 words across 3 document(s) (incl. 1 ext home(s) cited by a core family) ===`,
    );
  });

  it('an ext home that is a folder, missing or not .md is a warning, not a crash (upstream: EISDIR; non-.md counted)', async () => {
    const r = await run({
      'spec/v2/declaration.json': declaration([
        fam('a', [
          'spec/v2/core/a.md',
          'spec/v2/ext/packs',
          'spec/v2/ext/gone.md',
          'spec/v2/ext/x/schema.json',
          'spec/v2/ext/dir.md',
        ]),
      ]),
      'spec/v2/core/a.md': home('a'),
      'spec/v2/ext/packs/README.md': doc(1),
      'spec/v2/ext/x/schema.json': '{}',
      'spec/v2/ext/dir.md/inner.md': doc(1),
    });
    expect(r.exitCode).toBe(0);
    expect(found(r)).toEqual([
      {
        ruleId: 'budget/ext-home-skipped',
        file: 'spec/v2/declaration.json',
        start: expect.objectContaining({ line: 9, column: 9 }),
      },
      {
        ruleId: 'budget/ext-home-skipped',
        file: 'spec/v2/declaration.json',
        start: expect.objectContaining({ line: 10, column: 9 }),
      },
      {
        ruleId: 'budget/ext-home-skipped',
        file: 'spec/v2/declaration.json',
        start: expect.objectContaining({ line: 11, column: 9 }),
      },
      {
        ruleId: 'budget/ext-home-skipped',
        file: 'spec/v2/declaration.json',
        start: expect.objectContaining({ line: 12, column: 9 }),
      },
    ]);
    expect(r.diagnostics.map((d) => d.message.match(/because (.*)$/)?.[1])).toEqual([
      'it does not end in .md',
      'it does not exist',
      'it does not end in .md',
      'it is not a regular file',
    ]);
    expect(r.figures['extHomes']).toEqual([]);
  });

  it('upstream’s JSON.parse kept the last duplicate key and crashes exited 1 with a stack: both are input errors here', async () => {
    const dup = run({ 'spec/v2/declaration.json': '{"families": [], "families": []}', 'spec/v2/core/a.md': doc(1) });
    await expect(dup).rejects.toBeInstanceOf(InputError);
    await expect(dup).rejects.toMatchObject({
      location: { file: 'spec/v2/declaration.json', start: { line: 1, column: 18 } },
    });
    fx!.remove();
    await expect(
      run({ 'spec/v2/declaration.json': declaration([fam('a', 'x' as never)]), 'spec/v2/core/a.md': doc(1) }),
    ).rejects.toBeInstanceOf(InputError);
  });

  it('a missing declaration is an input error when the core directory exists', async () => {
    await expect(run({ 'spec/v2/core/a.md': doc(1) })).rejects.toThrow('spec/v2/declaration.json does not exist');
  });

  it('reads every measured document once and parses each at most once, sharing the classification’s parse', async () => {
    fx = memoryFixture({
      'spec/v2/declaration.json': declaration([fam('a', ['spec/v2/core/a.md', 'spec/v2/ext/a.md'])]),
      'spec/v2/core/a.md': home('a'),
      'spec/v2/core/b.md': doc(4),
      'spec/v2/ext/a.md': home('a'),
    });
    const tree = fx.tree();
    await checkCoreBudget(tree);
    expect(tree.stats).toMatchObject({ reads: 4, jsonParses: 1, markdownParses: 3 });
  });

  it('with the fact cache warm, decodes no measured document: their words are cached facts', async () => {
    fx = createFixture({
      'spec/v2/declaration.json': declaration([fam('a', ['spec/v2/core/a.md', 'spec/v2/ext/a.md'])]),
      'spec/v2/core/a.md': home('a', 30),
      'spec/v2/core/b.md': doc(4),
      'spec/v2/ext/a.md': home('a'),
    });
    const root = fx.root;
    const once = async (): Promise<{ result: GateResult; tree: SpecTree }> => {
      const cache = new FactCache(join(root, 'cache'));
      const tree = SpecTree.load(root, { cache });
      const result = await checkCoreBudget(tree);
      cache.flush(root);
      return { result, tree };
    };
    const cold = await once();
    const warm = await once();
    expect(warm.result).toEqual(cold.result);
    expect(warm.result.figures['total']).toBeGreaterThan(34);
    // The declaration is the one file decoded.
    expect(warm.tree.stats).toMatchObject({ factsDerived: 0, reads: 4, decodes: 1 });
  });
});

describe('RFC 0204 worked example', () => {
  it('a 306-word new document, a 136-word section and one marker token: total +443, cap +200, 30 → 31 homed', async () => {
    const before = await run(rfc0204Tree('before').files);
    fx!.remove();
    const after = await run(rfc0204Tree('after').files);
    const f = (r: GateResult, k: string) => r.figures[k] as number;
    expect([f(before, 'total'), f(before, 'homed'), f(before, 'cap')]).toEqual([25_385, 30, 29_200]);
    expect([f(after, 'total'), f(after, 'homed'), f(after, 'cap')]).toEqual([25_828, 31, 29_400]);
    expect([f(after, 'total') - f(before, 'total'), f(after, 'cap') - f(before, 'cap')]).toEqual([443, 200]);
    expect(f(before, 'cap') - f(before, 'total') - (f(after, 'cap') - f(after, 'total'))).toBe(243);
    expect(lines(before)).toContain('     154  core/host-services.md');
    expect(lines(after)).toContain('     291  core/host-services.md');
    expect(lines(after)).toContain('     306  core/tool-catalog.md');
    expect(lines(after).at(-1)).toBe('  cap 29,400 = 25,000 + 200 x (31 homed - 9 at RFC 0190)');
    const rows = (after.figures['rows'] as unknown[]).length;
    expect(after.summaryLine).toBe(`=== check-core-budget OK — 25,828 / 29,400 words across ${rows} document(s) ===`);
    expect([after.exitCode, after.diagnostics]).toEqual([0, []]);
  });

  it('keeps both downstream regexes matching', async () => {
    const r = await run(rfc0204Tree('after').files);
    const stdout = [...lines(r), r.summaryLine];
    expect(stdout.join('\n')).toMatch(/cap ([\d,]+) = 25,000 \+ 200 x \((\d+) homed - 9 at RFC 0190\)/);
    expect(stdout.slice(-6).join('\n')).toMatch(
      /\(incl\. \d+ ext home\(s\) cited by a core family\)|words across \d+ document\(s\)/,
    );
  });

  it('reports JSON figures: rows with words and prose words, totals, homed, cap, ext homes', async () => {
    const r = await run(rfc0204Tree('after').files);
    const rows = r.figures['rows'] as Array<{ path: string; label: string; words: number; proseWords: number }>;
    expect(rows.find((x) => x.label === 'core/tool-catalog.md')).toMatchObject({
      path: 'spec/v2/core/tool-catalog.md',
      words: 306,
    });
    expect(rows.reduce((n, x) => n + x.proseWords, 0)).toBe(r.figures['proseTotal']);
    expect(lines(r).at(-2)).toBe(
      `  prose words ${formatGrouped(r.figures['proseTotal'] as number)} (mdast text; code, html and front matter excluded; not gated)`,
    );
    expect(Object.keys(r.figures)).toEqual(['rows', 'total', 'proseTotal', 'homed', 'cap', 'extHomes']);
  });
});

describe('the gate contract', () => {
  it('keeps the upstream command name, documents every rule it emits, and check equals the command', async () => {
    expect(gate.id).toBe('core-budget');
    expect(gate.commands.map((c) => [c.name, Object.keys(c.flags)])).toEqual([['core-budget', []]]);
    expect(gate.rules.map((r) => r.id).sort()).toEqual([
      'budget/ext-home-skipped',
      'budget/nothing-to-check',
      'budget/over-cap',
      'budget/symlink-escape',
    ]);
    fx = inMemory(rfc0204Tree('after').files);
    const opts = { today: '2026-09-22', flags: new Set<string>() };
    expect(await gate.commands[0]!.run(fx.tree(), opts)).toEqual(await gate.check(fx.tree(), opts));
  });
});
