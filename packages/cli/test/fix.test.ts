// check --fix and --fix-dry-run: the findings' mechanical edits, applied atomically and shown as a
// unified diff; planFixes and unifiedDiff on their own.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkCauses } from '@openwop-spec/diagnostics';
import type { Diagnostic, TextEdit } from '@openwop-spec/diagnostics';
import { addFamilyWithFacet, copyCorpus, moveToV2Home } from '../../spec-tree/test/corpus-copy.js';
import { planFixes, unifiedDiff } from '../src/fix.js';
import { corpusCache, runOn } from './corpus-suite.js';
import type { Fixture } from './helpers.js';

const finding = (...fix: TextEdit[]): Diagnostic => ({
  gate: 'g',
  ruleId: 'g/r',
  severity: 'error',
  message: 'm',
  fix,
});
const edit = (file: string, start: number, end: number, before: string, text: string): TextEdit => ({
  file,
  start,
  end,
  before,
  text,
});

describe('planFixes', () => {
  const files: Record<string, string> = { 'a.md': 'one two three\n', 'b.json': '{}\n' };
  const read = (f: string) => files[f]!;

  it('applies every finding’s edits, per file, files in code-unit order', () => {
    const plan = planFixes(
      [
        finding(edit('b.json', 1, 1, '', '"k": 1')),
        finding(edit('a.md', 4, 7, 'two', '2')),
        finding(edit('a.md', 0, 3, 'one', '1')),
      ],
      read,
    );
    expect(plan).toEqual([
      { file: 'a.md', before: 'one two three\n', after: '1 2 three\n', fixed: 2 },
      { file: 'b.json', before: '{}\n', after: '{"k": 1}\n', fixed: 1 },
    ]);
  });

  it('skips an edit whose text no longer matches, and one overlapping an edit already taken (a later pass gets it)', () => {
    const plan = planFixes(
      [
        finding(edit('a.md', 0, 3, 'uno', '1')),
        finding(edit('a.md', 4, 7, 'two', '2')),
        finding(edit('a.md', 4, 13, 'two three', 'x')),
      ],
      read,
    );
    expect(plan.map((p) => [p.after, p.fixed])).toEqual([['one 2 three\n', 1]]);
  });

  it('one repair offered by several findings is made once and counts for each', () => {
    const same = edit('a.md', 0, 3, 'one', '1');
    expect(
      planFixes(
        [finding(same), finding(same), { gate: 'g', ruleId: 'g/none', severity: 'error', message: 'no fix' }],
        read,
      ),
    ).toEqual([{ file: 'a.md', before: 'one two three\n', after: '1 two three\n', fixed: 2 }]);
  });
});

describe('--fix plans what linkCauses settles: never a value a root cause stands on', () => {
  const files: Record<string, string> = { 'a.md': 'one two three\n' };
  const read = (f: string) => files[f]!;
  const root: Diagnostic = { ...finding(), ruleId: 'g/root', file: 'a.md', explains: ['s'] };
  const plan = (...ds: Diagnostic[]) =>
    planFixes(
      linkCauses([
        { gate: 'g', ok: false, exitCode: 1, summaryLine: '', printout: [], figures: {}, diagnostics: ds },
      ])[0]!.diagnostics,
      read,
    );

  it('a consequence’s own fix waits (its root unrepaired); a root’s fix, offered by its consequence too, is made once and counts both', () => {
    const consequence: Diagnostic = { ...finding(edit('a.md', 4, 7, 'two', '2')), subjects: ['s'] };
    expect(plan(root, consequence)).toEqual([]);
    const shared = edit('a.md', 0, 3, 'one', '1');
    expect(plan({ ...root, fix: [shared] }, { ...finding(shared), subjects: ['s'] }, consequence)).toEqual([
      { file: 'a.md', before: 'one two three\n', after: '1 two three\n', fixed: 2 },
    ]);
  });
});

describe('unifiedDiff', () => {
  it('hunks with three lines of context; nearby changes share a hunk, distant ones do not', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    const after = before
      .replace('line 2\n', 'line two\n')
      .replace('line 4\n', '')
      .replace('line 18\n', 'line 18\nline 18b\n');
    expect(unifiedDiff('x.md', before, after)).toEqual([
      '--- a/x.md',
      '+++ b/x.md',
      '@@ -1,7 +1,6 @@',
      ' line 1',
      '-line 2',
      '+line two',
      ' line 3',
      '-line 4',
      ' line 5',
      ' line 6',
      ' line 7',
      '@@ -16,5 +15,6 @@',
      ' line 16',
      ' line 17',
      ' line 18',
      '+line 18b',
      ' line 19',
      ' line 20',
    ]);
  });

  it('an empty old side is numbered from 0', () => {
    expect(unifiedDiff('n.md', '', 'new\n')).toEqual(['--- a/n.md', '+++ b/n.md', '@@ -0,0 +1,1 @@', '+new']);
  });
});

describe('check --fix on a copy of this repository with the RFC author’s mistakes', () => {
  let fx: Fixture;
  let home: string;
  let movedKey: string;
  let key: string;
  const CAPS = 'spec/v2/core/capabilities.md';
  const DECL = 'spec/v2/declaration.json';
  const read = (p: string) => readFileSync(join(fx.root, p), 'utf8');
  const write = (p: string, text: string) => writeFileSync(join(fx.root, p), text);
  // One fact cache for the file's runs: each --fix pass re-parses only the documents it changed.
  const cache = corpusCache();
  const cli = (...argv: string[]) => runOn(fx.root, cache, argv);

  beforeAll(async () => {
    fx = copyCorpus();
    // A family moved to a v2 home, and a new family with a facet: both complete, then broken by hand.
    const moved = moveToV2Home(fx.root);
    home = moved.home;
    movedKey = moved.key;
    const added = addFamilyWithFacet(fx.root);
    key = added.key;
    expect((await cli('gen')).code).toBe(0);
    // Mistakes: the marker's colon outside the bold text; the summary line left as it was; the new
    // family's facetsFrom and § stub forgotten; the baseline not banked.
    write(home, read(home).replace('> **Normative home:**', '> **Normative home**:'));
    const caps = read(CAPS);
    const movedSummary = new RegExp(`(### § \`${moved.key}\`\\n\\n[^\\n]*?)Home: [^\\n]*`);
    write(
      CAPS,
      caps
        .replace(movedSummary, `$1Home: \`${moved.v1}\` (v1-dependent).`)
        .replace(new RegExp(`### § \`${key}\`\\n\\n[^\\n]*\\n\\n`), ''),
    );
    write(DECL, read(DECL).replace(`,\n      "facetsFrom": "${added.facetFile}"`, ''));
  });
  afterAll(() => {
    fx.remove();
    cache.remove();
  });

  it('--fix-dry-run prints the diff of every mechanical fix, writes nothing, and exits as check does', async () => {
    const files = [CAPS, DECL, home, 'docs/normative-home-baseline.json'];
    const before = files.map(read);
    const out = await cli('check', 'normative-home', 'declaration', '--fix-dry-run', '--quiet');
    expect(out.code).toBe(1);
    expect(files.map(read)).toEqual(before);
    const diff = out.stdout.filter((l) => /^(---|\+\+\+|[-+])/.test(l));
    expect(diff).toEqual(
      expect.arrayContaining([
        `--- a/${DECL}`,
        `+      "facetsFrom": "spec/v2/facets/${key}.schema.json",`,
        `--- a/${home}`,
        `-> **Normative home**: \`${movedKey}\`.`,
      ]),
    );
    expect(diff).toContain(`+### § \`${key}\``);
    expect(out.stdout.find((l) => l.startsWith('openwop-spec check --fix-dry-run:'))).toMatch(
      /^openwop-spec check --fix-dry-run: would fix \d+ finding\(s\) in 3 file\(s\); nothing written$/,
    );
  });

  // The two gates whose findings carry fixes: the others would only add time to each pass.
  const GATES = ['normative-home', 'declaration'];

  it('--fix repairs them all, re-checking until nothing more is fixable, and the gates then pass', async () => {
    const fixed = await cli('check', ...GATES, '--fix');
    expect(fixed.stdout.find((l) => l.startsWith('openwop-spec check --fix:'))).toMatch(
      /^openwop-spec check --fix: fixed \d+ finding\(s\) in 4 file\(s\)$/,
    );
    expect([fixed.code, fixed.stderr.filter((l) => / error /.test(l))]).toEqual([0, []]);
    expect(read(home)).toContain('> **Normative home:**');
    expect(JSON.parse(read('docs/normative-home-baseline.json')).v1Carried).not.toContain(movedKey);
  });

  it('a second --fix has nothing to do', async () => {
    const again = await cli('check', ...GATES, '--fix');
    expect([again.code, again.stdout.filter((l) => l.startsWith('openwop-spec check'))]).toEqual([
      0,
      ['openwop-spec check: nothing to fix mechanically'],
    ]);
  });
});
