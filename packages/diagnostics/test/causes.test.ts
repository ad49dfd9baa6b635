// Root causes and their consequences, across gates and in every format.
import { describe, expect, it } from 'vitest';
import type { Diagnostic, GateResult, TextEdit } from '../src/index.js';
import { causeCounts, fullMessage, linkCauses, writeOutput } from '../src/index.js';
import { capture, diag, options } from './fixtures.js';

const DECL = 'spec/v2/declaration.json';

/** A misspelled family key: the root in the declaration gate, consequences in it and in normative-home. */
const typo = diag({
  gate: 'declaration',
  ruleId: 'declaration/key-typo',
  file: DECL,
  start: { line: 10, column: 14 },
  message: 'did you mean `scheduling`?',
  explains: ['family:schedulng'],
});
const section = diag({
  gate: 'declaration',
  ruleId: 'declaration/section',
  file: DECL,
  start: { line: 13, column: 18 },
  message: 'section disagrees',
  subjects: ['family:schedulng'],
});
const unrelated = diag({
  gate: 'declaration',
  ruleId: 'declaration/peer-id',
  file: DECL,
  start: { line: 40, column: 3 },
  message: 'other row',
  subjects: ['family:mcp'],
});
const unnamed = diag({
  gate: 'normative-home',
  ruleId: 'home/unnamed',
  file: DECL,
  start: { line: 20, column: 24 },
  message: 'no home names it',
  subjects: ['family:schedulng'],
});

const result = (
  gate: string,
  diagnostics: GateResult['diagnostics'],
  summaryLine = `=== ${gate} FAILED ===`,
): GateResult => ({
  gate,
  ok: false,
  exitCode: 1,
  summaryLine,
  printout: [],
  figures: {},
  diagnostics,
});

const run = (results: GateResult[], over: Parameters<typeof options>[0] = {}) => {
  const c = capture();
  const code = writeOutput(results, options(over), c.sink);
  return { ...c, code };
};

describe('linkCauses', () => {
  it('marks every finding about an explained subject, in any gate, with its root cause; roots and unrelated findings stay as they are', () => {
    const [home, decl] = linkCauses([
      result('normative-home', [unnamed]),
      result('declaration', [unrelated, section, typo]),
    ]);
    const ref = { gate: 'declaration', ruleId: 'declaration/key-typo', file: DECL, start: { line: 10, column: 14 } };
    expect(home!.diagnostics[0]!.causedBy).toEqual(ref);
    expect(decl!.diagnostics.map((d) => d.causedBy)).toEqual([undefined, ref, undefined]);
    expect(causeCounts([...home!.diagnostics, ...decl!.diagnostics])).toEqual({ rootCauses: 2, consequences: 2 });
  });

  it('leaves its input alone and links nothing without a root', () => {
    const input = [result('declaration', [section])];
    expect(linkCauses(input)[0]!.diagnostics[0]!.causedBy).toBeUndefined();
    linkCauses([result('declaration', [section, typo])]);
    expect(section.causedBy).toBeUndefined();
  });

  it('the first root in sort order wins; a root that follows from another is its consequence, and so is what it explains', () => {
    const other = diag({ ...typo, ruleId: 'declaration/z-root', start: { line: 11, column: 1 } });
    const [both] = linkCauses([result('declaration', [other, section, typo])]);
    expect(both!.diagnostics.map((d) => d.causedBy?.ruleId)).toEqual([undefined, 'declaration/key-typo', undefined]);
    // A missing heading follows from the typo, and the citation of that heading follows from the typo too.
    const heading = diag({
      ...section,
      ruleId: 'declaration/heading',
      subjects: ['family:schedulng'],
      explains: ['heading:a.md#schedulng'],
    });
    const citation = diag({ ...unrelated, ruleId: 'refs/heading', subjects: ['heading:a.md#schedulng'] });
    const [chain] = linkCauses([result('declaration', [citation, heading, typo])]);
    expect(chain!.diagnostics.map((d) => d.causedBy?.ruleId)).toEqual([
      'declaration/key-typo',
      'declaration/key-typo',
      undefined,
    ]);
  });

  it('findings that explain each other in a circle have one root, the first in sort order', () => {
    const a = diag({ ...typo, subjects: ['family:b'], explains: ['family:a'] });
    const b = diag({ ...section, subjects: ['family:a'], explains: ['family:b'] });
    const [decl] = linkCauses([result('declaration', [b, a])]);
    expect(decl!.diagnostics.map((d) => d.causedBy?.ruleId)).toEqual(['declaration/key-typo', undefined]);
  });
});

describe('linkCauses settles which repairs check --fix makes', () => {
  const edit = (text: string): TextEdit[] => [{ file: 'a.md', start: 0, end: 3, before: 'one', text }];
  const bank = edit('1');
  const root = diag({ ruleId: 'g/root', file: 'a.md', start: { line: 1, column: 1 }, explains: ['s'] });
  const fixedRoot = { ...root, fix: bank };
  const follows = (fix: TextEdit[], ruleId = 'g/follows') =>
    diag({ ruleId, file: 'b.md', start: { line: 2, column: 1 }, subjects: ['s'], fix });
  const settled = (...ds: Diagnostic[]) => linkCauses([result('g', ds)])[0]!.diagnostics;

  it('a consequence offering its root’s own repair keeps it: one repair, made once', () => {
    const [r, c] = settled(fixedRoot, follows(bank));
    expect([r!.fix, c!.fix, c!.causedBy?.ruleId]).toEqual([bank, bank, 'g/root']);
  });

  it('a consequence’s own repair is withheld while its root stands, and it says so; a message promises only what is made', () => {
    const [r, c] = settled(root, follows(edit('2')));
    expect([r!.fix, c!.fix]).toEqual([undefined, undefined]);
    expect(fullMessage({ ...c!, hint: 'rewrite it' })).toBe(
      'm; rewrite it (openwop-spec check --fix does once the g/root finding it follows from is resolved)',
    );
    expect(fullMessage({ ...follows(edit('2')), hint: 'rewrite it' })).toBe(
      'm; rewrite it (openwop-spec check --fix does)',
    );
    expect(fullMessage({ ...follows([]), hint: 'rewrite it' })).toBe('m; rewrite it');
  });

  it('one repair offered by a root and by a consequence of another root is withheld from both (it would write the value that root stands on)', () => {
    const regenerate = edit('regenerated');
    const own = diag({ ruleId: 'g/stale', file: 'b.md', start: { line: 9, column: 1 }, fix: regenerate });
    const [r, other, c] = settled(root, own, follows(regenerate, 'g/stale'));
    expect([r!.fix, other!.fix, c!.fix]).toEqual([undefined, undefined, undefined]);
    expect(other!.fixWaitsFor).toBe(
      'the g/root finding at a.md:1:1 is resolved (the same repair would write a value that stands on it)',
    );
    expect(c!.fixWaitsFor).toBe('the g/root finding it follows from is resolved');
  });

  it('a repair no root offers is withheld; findings without a root keep theirs', () => {
    expect(settled(follows(edit('2')))[0]!.fix).toEqual(edit('2'));
    expect(settled(root, follows(edit('2')), follows(edit('2'), 'g/too')).map((d) => d.fix)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('stylish', () => {
  it('folds a consequence under its root, even one another gate reported before it, and counts root causes and consequences', () => {
    const r = run([
      result('normative-home', [unnamed], '=== check-v2-normative-home FAILED — 1 error(s) ==='),
      result('declaration', [unrelated, section, typo]),
    ]);
    expect(r.stderr).toEqual([
      '  (1 finding of this gate follows from a root cause in declaration, printed under it)',
      '  1 error — 0 root causes, 1 consequence',
      '=== check-v2-normative-home FAILED — 1 error(s) ===',
      'spec/v2/declaration.json:10:14  error  did you mean `scheduling`?  declaration/key-typo',
      '  ↳ spec/v2/declaration.json:13:18  error  section disagrees  declaration/section',
      '  ↳ spec/v2/declaration.json:20:24  error  no home names it  home/unnamed',
      'spec/v2/declaration.json:40:3  error  other row  declaration/peer-id',
      '  3 errors — 2 root causes, 1 consequence',
      '=== declaration FAILED ===',
      'openwop-spec: 0 of 2 gates passed (failed: normative-home, declaration); 2 root causes, 2 consequences',
    ]);
  });

  it('one finding reported by two gates at the same place is shown once, with the other rule named', () => {
    const missing = diag({
      ruleId: 'home/missing',
      file: DECL,
      start: { line: 5, column: 9 },
      message: 'x.md does not exist',
      explains: ['path:x.md'],
    });
    const path = diag({
      gate: 'declaration',
      ruleId: 'declaration/normative-text-path',
      file: DECL,
      start: { line: 5, column: 9 },
      message: 'x.md does not exist',
      subjects: ['path:x.md'],
    });
    const r = run([result('normative-home', [missing]), result('declaration', [path])]);
    expect(r.stderr.filter((l) => l.includes('does not exist'))).toEqual([
      'spec/v2/declaration.json:5:9  error  x.md does not exist  home/missing',
    ]);
    expect(r.stderr.slice(0, 2)).toEqual([
      'spec/v2/declaration.json:5:9  error  x.md does not exist  home/missing',
      '  ↳ also declaration/normative-text-path: the same finding',
    ]);
    // Reported first by the later gate, it is still printed after its root.
    const reversed = run([result('declaration', [path]), result('normative-home', [missing])]);
    const at = (line: string): number => reversed.stderr.indexOf(line);
    expect(at('  ↳ also declaration/normative-text-path: the same finding')).toBe(
      at('spec/v2/declaration.json:5:9  error  x.md does not exist  home/missing') + 1,
    );
    expect(reversed.stderr[0]).toBe(
      '  (1 finding of this gate follows from a root cause in normative-home, printed under it)',
    );
  });

  it('a consequence at its root’s place in the same gate is a finding of its own, printed in full', () => {
    const root = diag({
      gate: 'declaration',
      ruleId: 'declaration/key-renamed',
      file: DECL,
      start: { line: 5, column: 9 },
      message: 'did you mean x?',
      explains: ['family:y'],
    });
    const heading = diag({
      gate: 'declaration',
      ruleId: 'declaration/capabilities-heading',
      file: DECL,
      start: { line: 5, column: 9 },
      message: 'no § heading for y',
      subjects: ['family:y'],
    });
    expect(run([result('declaration', [heading, root])]).stderr.slice(0, 2)).toEqual([
      'spec/v2/declaration.json:5:9  error  did you mean x?  declaration/key-renamed',
      '  ↳ spec/v2/declaration.json:5:9  error  no § heading for y  declaration/capabilities-heading',
    ]);
  });

  it('--quiet keeps a warning that explains an error, and drops one that explains nothing', () => {
    const nearMiss = diag({
      ruleId: 'home/marker-near-miss',
      severity: 'warning',
      file: 'spec/v2/core/x.md',
      start: { line: 3, column: 3 },
      message: 'write **Normative home:**',
      explains: ['claim:spec/v2/core/x.md'],
    });
    const unclaimed = diag({
      ruleId: 'home/unclaimed',
      file: DECL,
      start: { line: 7, column: 9 },
      message: 'x.md does not claim x',
      subjects: ['claim:spec/v2/core/x.md'],
    });
    const lone = diag({
      ruleId: 'home/facet-uncovered',
      severity: 'warning',
      file: DECL,
      start: { line: 9, column: 9 },
      message: 'x.y uncovered',
    });
    const quiet = run([result('normative-home', [unclaimed, nearMiss, lone])], { quiet: true });
    expect(quiet.stderr).toEqual([
      'spec/v2/core/x.md:3:3  warning  write **Normative home:**  home/marker-near-miss',
      '  ↳ spec/v2/declaration.json:7:9  error  x.md does not claim x  home/unclaimed',
      '=== normative-home FAILED ===',
    ]);
    const withoutRoot = run([result('normative-home', [{ ...unclaimed, subjects: [] }, nearMiss, lone])], {
      quiet: true,
    });
    expect(withoutRoot.stderr).toEqual([
      'spec/v2/declaration.json:7:9  error  x.md does not claim x  home/unclaimed',
      '=== normative-home FAILED ===',
    ]);
  });
});

describe('machine formats mark consequences', () => {
  const results = () => [result('normative-home', [unnamed]), result('declaration', [section, typo])];

  it('json: causedBy on a consequence, the count on its root, and the run counts', () => {
    const r = run(results(), { format: 'json' });
    const doc = JSON.parse(r.stdout.join('\n')) as { diagnostics: Array<Record<string, unknown>>; counts: unknown };
    const byRule = Object.fromEntries(doc.diagnostics.map((d) => [d['ruleId'], d]));
    const ref = { gate: 'declaration', ruleId: 'declaration/key-typo', file: DECL, start: { line: 10, column: 14 } };
    expect(byRule['home/unnamed']!['causedBy']).toEqual(ref);
    expect(byRule['declaration/section']!['causedBy']).toEqual(ref);
    expect(byRule['declaration/key-typo']!['consequences']).toBe(2);
    expect(byRule['declaration/key-typo']).not.toHaveProperty('causedBy');
    expect(doc.counts).toEqual({ error: 3, warning: 0, info: 0, rootCauses: 1, consequences: 2 });
  });

  it('sarif: the root as a related location and properties.causedBy; the root carries properties.consequences', () => {
    const r = run(results(), { format: 'sarif' });
    const log = JSON.parse(r.stdout.join('\n')) as { runs: Array<{ results: Array<Record<string, any>> }> };
    const byRule = Object.fromEntries(log.runs[0]!.results.map((x) => [x['ruleId'], x]));
    expect(byRule['home/unnamed']!['properties']).toMatchObject({
      causedBy: 'spec/v2/declaration.json:10:14 declaration/key-typo',
    });
    expect(byRule['home/unnamed']!['relatedLocations']).toEqual([
      {
        id: 0,
        physicalLocation: {
          artifactLocation: { uri: 'spec/v2/declaration.json', uriBaseId: 'SRCROOT' },
          region: { startLine: 10, startColumn: 14 },
        },
        message: { text: 'root cause: declaration/key-typo' },
      },
    ]);
    expect(byRule['declaration/key-typo']!['properties']).toMatchObject({ consequences: 2 });
  });

  it('github: only the root is annotated, listing what follows from it', () => {
    const r = run(results(), { format: 'github' });
    const annotations = r.stdout.filter((l) => l.startsWith('::'));
    expect(annotations).toEqual([
      '::error file=spec/v2/declaration.json,line=10,col=14,title=declaration/key-typo::did you mean `scheduling`?%0A2 consequences of this:%0A  ↳ spec/v2/declaration.json:13:18  declaration/section%0A  ↳ spec/v2/declaration.json:20:24  home/unnamed',
    ]);
  });
});

describe('linking and printing causes grows with the findings, not their square', () => {
  /** n roots, each explaining one subject a consequence names; `reads` counts how often any root's gate or explained subjects are read. */
  const many = (n: number) => {
    const reads = { n: 0 };
    const diagnostics: GateResult['diagnostics'] = [];
    for (let i = 0; i < n; i++) {
      const root = diag({
        ruleId: 'declaration/key-typo',
        file: DECL,
        start: { line: i + 1, column: 1 },
        explains: [`family:k${i}`],
      });
      for (const [field, value] of [
        ['gate', 'declaration'],
        ['explains', [`family:k${i}`]],
      ] as const)
        Object.defineProperty(root, field, {
          enumerable: true,
          get: () => {
            reads.n++;
            return value;
          },
        });
      diagnostics.push(root);
      diagnostics.push(
        diag({
          gate: 'declaration',
          ruleId: 'declaration/section',
          file: DECL,
          start: { line: i + 1, column: 9 },
          subjects: [`family:k${i}`],
        }),
      );
    }
    return { reads, results: [result('declaration', diagnostics)] };
  };

  it.each(['stylish', 'json', 'github', 'sarif'] as const)(
    '%s: each root is looked at a bounded number of times',
    (format) => {
      const n = 2_000;
      const { reads, results } = many(n);
      const r = run(results, { format });
      expect(r.code).toBe(1);
      expect(causeCounts(linkCauses(results)[0]!.diagnostics)).toEqual({ rootCauses: n, consequences: n });
      // A search of every root per finding, or of every finding per root, reads each root about n times: millions here.
      expect(reads.n).toBeLessThan(40 * n);
    },
  );
});
