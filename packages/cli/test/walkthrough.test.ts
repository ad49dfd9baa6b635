// The RFC author's loop on a small repository of its own: the change (a family moved to a v2 home,
// a family added with a facet file) and one `check --fix`, then each of twelve mistakes made on the
// changed tree. Each mistake is one root-cause finding, at its exact place, saying how to fix it
// (and `explain` of its rule says what it catches and the fix);
// after one `check --fix`, `check` passes every gate for each mechanical mistake, and for the
// others --fix writes nothing (no value that stands on the mistake is written anywhere). No
// message promises a fix that --fix does not make.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonDiagnostic, JsonOutput } from '@openwop-spec/diagnostics';
import { LineIndex } from '@openwop-spec/spec-tree';
import { createFixture, run } from './helpers.js';
import type { Fixture } from './helpers.js';
import {
  BASELINE,
  CAPS,
  CONFIGURABLE,
  DECL,
  HEARTBEAT,
  MISTAKES,
  OUT,
  TIMERS,
  TIMERS_FACETS,
  authorsChange,
  corpus,
  snapshot,
} from './walkthrough-corpus.js';

const cli = (fx: Fixture, ...argv: string[]) => run([...argv, '--today', '2026-09-22', '--no-cache'], { cwd: fx.root });

/** `check` (or `check --fix`) in JSON: the exit code, the output, and the lines --fix printed. */
async function check(fx: Fixture, ...flags: string[]): Promise<{ code: number; output: JsonOutput; log: string[] }> {
  const out = await cli(fx, 'check', '--format', 'json', ...flags);
  return { code: out.code, output: JSON.parse(out.stdout.join('\n')) as JsonOutput, log: out.stderr };
}

const read = (fx: Fixture, path: string): string => readFileSync(join(fx.root, path), 'utf8');

/** The line and column `skip` code units into the `nth` (1-based) occurrence of `needle` in `text`. */
function at(text: string, needle: string, { nth = 1, skip = 0 } = {}): { line: number; column: number } {
  let i = -1;
  for (let k = 0; k < nth; k++) {
    i = text.indexOf(needle, i + 1);
    if (i < 0) throw new Error(`not found: ${needle}`);
  }
  return pointIn(text, i + skip);
}

function pointIn(text: string, offset: number): { line: number; column: number } {
  const { line, column } = new LineIndex(text).point(offset);
  return { line, column };
}

const roots = (r: JsonOutput): JsonDiagnostic[] =>
  r.diagnostics.filter((d) => d.causedBy === undefined && d.severity !== 'info');
const promised = (r: JsonOutput): string[] =>
  r.diagnostics.filter((d) => d.message.endsWith('(openwop-spec check --fix does)')).map((d) => d.ruleId);

/** What each mistake must come to: its one root cause, where, what its message says, and whether one --fix repairs it. */
interface Expected {
  rule: string;
  file: string;
  /** The root cause's position, from the tree as the mistake left it. */
  place: (fx: Fixture) => { line: number; column: number };
  says: RegExp | ((fx: Fixture) => RegExp);
  mechanical: boolean;
}

const KEY = '"key": "timers"';
/** The timers row's key value (the nth row with that key). */
const timersKey = (fx: Fixture, nth = 1) => at(read(fx, DECL), KEY, { nth, skip: '"key": '.length });
const EXPECTED: Record<number, Expected> = {
  1: {
    rule: 'home/missing',
    file: DECL,
    place: (fx) => at(read(fx, DECL), '"spec/v2/core/timer.md"'),
    says: /did you mean spec\/v2\/core\/timers\.md, which claims timers\?; correct the path in normativeText/,
    mechanical: false,
  },
  2: {
    rule: 'home/marker-near-miss',
    file: HEARTBEAT,
    place: (fx) => at(read(fx, HEARTBEAT).replace(/^\ufeff/, ''), '**Normative home**'),
    says: /; write `\*\*Normative home:\*\*` \(openwop-spec check --fix does\)$/,
    mechanical: true,
  },
  3: {
    rule: 'declaration/stale',
    file: OUT,
    // Missing, so at its nearest ancestor: the record's properties object.
    place: (fx) => {
      const text = read(fx, OUT);
      return pointIn(text, text.indexOf('"properties": {', text.indexOf('"timers": {')) + '"properties": '.length);
    },
    says: (fx) => {
      const p = at(read(fx, TIMERS_FACETS), '"resolutionMs": {', { skip: '"resolutionMs": '.length });
      return new RegExp(
        `^/properties/timers/properties/resolutionMs: missing .*; the value is generated from ${TIMERS_FACETS}:${p.line}:${p.column}: make a change there, not here .* \\(openwop-spec check --fix does\\)$`,
      );
    },
    mechanical: true,
  },
  4: {
    rule: 'declaration/stale',
    file: OUT,
    place: (fx) => at(read(fx, OUT), '"How many timers a run may hold at once."'),
    says: (fx) => {
      const p = at(read(fx, TIMERS_FACETS), '"How many timers a run may hold."');
      return new RegExp(
        `; the value is generated from ${TIMERS_FACETS}:${p.line}:${p.column}: make a change there, not here \\(a hand edit is lost when the file is regenerated\\)`,
      );
    },
    mechanical: true,
  },
  5: {
    rule: 'declaration/unresolved-ref',
    file: CONFIGURABLE,
    place: (fx) => at(read(fx, CONFIGURABLE), '"configurabel.schema.json"'),
    says: /would not resolve in schemas\/v2\/capabilities\.schema\.json: .* did you mean "configurable\.schema\.json"\?; correct it here/,
    mechanical: false,
  },
  6: {
    rule: 'home/no-obligation',
    file: TIMERS,
    place: (fx) => at(read(fx, TIMERS), '## `timers`'),
    says: /; state its obligation \(MUST, SHOULD or MAY\) in a unit that names `timers`/,
    mechanical: false,
  },
  7: {
    rule: 'declaration/duplicate-key',
    file: DECL,
    place: (fx) => timersKey(fx, 2),
    says: /key `timers` appears 2 times; remove or rename the repeated row$/,
    mechanical: false,
  },
  8: {
    rule: 'declaration/owning-rfc',
    file: DECL,
    place: (fx) => at(read(fx, DECL), '"0250"'),
    says: /owningRfc 0250 names no RFC in RFCS\/ .* did you mean 0204 .*; correct the number, or file the RFC/,
    mechanical: false,
  },
  9: {
    rule: 'home/baseline-improved',
    file: BASELINE,
    place: (fx) => at(read(fx, BASELINE), '"v1Dependent": 1', { skip: '"v1Dependent": '.length }),
    says: /improved \(v1-dependent 1 -> 0, .*; bank the gain: .* \(openwop-spec check --fix does\)$/,
    mechanical: true,
  },
  10: {
    rule: 'declaration/capabilities-heading',
    file: DECL,
    place: (fx) => timersKey(fx),
    says: /has no § heading for timers; add the "### § `timers`" stub with its summary line \(openwop-spec check --fix does\)$/,
    mechanical: true,
  },
  11: {
    rule: 'declaration/facets-from-absent',
    file: DECL,
    place: (fx) => timersKey(fx),
    says: /add "facetsFrom": "spec\/v2\/facets\/timers\.schema\.json" to the row \(openwop-spec check --fix does\)$/,
    mechanical: true,
  },
  12: {
    rule: 'home/unclaimed',
    file: TIMERS,
    place: (fx) => at(read(fx, TIMERS), '> **Status'),
    says: /does not claim it, though the declaration names it as a home; add "> \*\*Normative home:\*\* `timers`\."/,
    mechanical: false,
  },
};

const fixtures: Fixture[] = [];
afterAll(() => {
  for (const fx of fixtures) fx.remove();
});
const fixture = (files: Record<string, string>): Fixture => {
  const fx = createFixture(files);
  fixtures.push(fx);
  return fx;
};

describe('the RFC author’s change, and one check --fix', () => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = fixture(corpus());
    expect((await cli(fx, 'gen')).code).toBe(0);
  });

  it('the repository passes every gate with nothing to say', async () => {
    const { code, output } = await check(fx);
    expect([code, output.diagnostics]).toEqual([0, []]);
  });

  it('after the change, the generated schema is stale and the gain unbanked; one --fix regenerates and banks, and every gate passes', async () => {
    authorsChange(fx.root);
    const before = await check(fx);
    expect(roots(before.output).map((d) => d.ruleId)).toEqual(['home/baseline-improved', 'declaration/stale']);
    const fixed = await check(fx, '--fix');
    // The gain, the v1Carried and v1Banners entries it leaves stale (one baseline rewrite), the schema.
    expect(fixed.log).toContain('openwop-spec check --fix: fixed 4 finding(s) in 2 file(s)');
    expect([fixed.code, fixed.output.diagnostics]).toEqual([0, []]);
    expect((await check(fx)).output.diagnostics).toEqual([]);
  });
});

let changed: Promise<Record<string, string>> | undefined;
/** The tree after the author's change and one check --fix, built once for every mistake made on it. */
const changedTree = (): Promise<Record<string, string>> =>
  (changed ??= (async () => {
    const fx = fixture(corpus());
    expect((await cli(fx, 'gen')).code).toBe(0);
    authorsChange(fx.root);
    expect((await check(fx, '--fix')).code).toBe(0);
    return snapshot(fx.root);
  })());

describe('twelve mistakes on the changed tree: one root cause each, and one --fix repairs every mechanical one', () => {
  let good: Record<string, string>;
  beforeAll(async () => {
    good = await changedTree();
  });

  describe.each(MISTAKES.map((m) => [m.n, m.what, m] as const))('%i: %s', (n, _what, mistake) => {
    const want = EXPECTED[n]!;
    let fx: Fixture;
    let made: Record<string, string>;
    beforeAll(() => {
      fx = fixture(good);
      mistake.make(fx.root);
      made = snapshot(fx.root);
    });

    it(`is one root cause, ${want.rule}, at its place, saying how to fix it`, async () => {
      const { code, output } = await check(fx);
      expect(code).toBe(1);
      const [root, ...others] = roots(output);
      expect(others.map((d) => d.ruleId)).toEqual([]);
      expect({ rule: root?.ruleId, file: root?.file, start: root?.start }).toEqual({
        rule: want.rule,
        file: want.file,
        start: want.place(fx),
      });
      expect(root!.message).toMatch(typeof want.says === 'function' ? want.says(fx) : want.says);
      expect(output.counts.rootCauses).toBe(1);
    });

    it(`explain ${want.rule} says what it catches and how to fix it`, async () => {
      const out = await run(['explain', want.rule], { cwd: fx.root });
      expect(out.code).toBe(0);
      expect(out.stdout.join('\n')).toMatch(
        new RegExp(`^# \`${want.rule}\`\n[^]*\n## What it catches\n[^]*\n## Fix\n\n\\S`),
      );
    });

    it(
      want.mechanical
        ? 'one check --fix repairs it, and check then passes every gate'
        : 'check --fix writes nothing: no value standing on it is written; it stays the one root cause',
      async () => {
        const fixed = await check(fx, '--fix');
        // Whatever a message promises --fix does, it has done: no such finding is left.
        expect(promised(fixed.output)).toEqual([]);
        const after = await check(fx);
        if (want.mechanical) {
          expect([fixed.code, after.code, after.output.diagnostics]).toEqual([0, 0, []]);
        } else {
          expect(fixed.log).toContain('openwop-spec check: nothing to fix mechanically');
          expect(snapshot(fx.root)).toEqual(made);
          expect(roots(after.output).map((d) => [d.ruleId, d.file, d.start])).toEqual([
            [want.rule, want.file, want.place(fx)],
          ]);
        }
      },
    );
  });
});

describe('what the mistakes must not spread', () => {
  let good: Record<string, string>;
  beforeAll(async () => {
    good = await changedTree();
  });
  const made = (n: number): Fixture => {
    const fx = fixture(good);
    MISTAKES[n - 1]!.make(fx.root);
    return fx;
  };

  it('a mistyped $ref: gen refuses, the generated schema keeps the reference that resolves, and the schemas gate’s finding about it is the same finding', async () => {
    const fx = made(5);
    const before = read(fx, OUT);
    expect((await cli(fx, 'gen')).code).toBe(1);
    expect(read(fx, OUT)).toBe(before);
    expect(before).toContain('"$ref": "configurable.schema.json"');
    const { output } = await check(fx);
    expect(
      output.diagnostics.filter((d) => d.ruleId === 'schemas/unresolved-ref').map((d) => [d.file, d.causedBy?.ruleId]),
    ).toEqual([[CONFIGURABLE, 'declaration/unresolved-ref']]);
  });

  /** The references gate's findings, each with the root it follows from. */
  const citations = async (fx: Fixture) =>
    (await check(fx)).output.diagnostics
      .filter((d) => d.gate === 'references')
      .map((d) => [d.ruleId, d.causedBy?.ruleId]);

  it('a home path typo: the references gate’s citation of the path follows from home/missing', async () => {
    expect(await citations(made(1))).toEqual([['refs/missing-path', 'home/missing']]);
  });

  it('a mistyped metadata $ref: the references gate’s citation of the path follows from declaration/unresolved-ref', async () => {
    expect(await citations(made(5))).toEqual([['refs/missing-path', 'declaration/unresolved-ref']]);
  });

  it('the § stub forgotten: the citations of the heading (the declaration row’s, the generated schema’s) follow from declaration/capabilities-heading', async () => {
    expect(await citations(made(10))).toEqual([
      ['refs/missing-heading', 'declaration/capabilities-heading'],
      ['refs/missing-heading', 'declaration/capabilities-heading'],
    ]);
  });

  it('a mistyped $ref in a schema nothing is generated from: one root, schemas/unresolved-ref; the citation of the path follows from it', async () => {
    const fx = fixture(good);
    const file = join(fx.root, 'schemas/v2/configurable.schema.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"type": "object"', '"$ref": "./keyz.schema.json"'));
    const { output } = await check(fx);
    expect(roots(output).map((d) => d.ruleId)).toEqual(['schemas/unresolved-ref']);
    expect(output.diagnostics.filter((d) => d.causedBy).map((d) => [d.ruleId, d.causedBy!.ruleId])).toEqual([
      ['refs/missing-path', 'schemas/unresolved-ref'],
    ]);
  });

  it('an owningRfc no RFC has: the stale description follows from it, and --fix regenerates nothing', async () => {
    const fx = made(8);
    const before = read(fx, OUT);
    const { output } = await check(fx, '--fix');
    expect(read(fx, OUT)).toBe(before);
    const stale = output.diagnostics.filter((d) => d.ruleId === 'declaration/stale');
    expect(stale.map((d) => [d.causedBy?.ruleId, d.message.split(':')[0]])).toEqual([
      ['declaration/owning-rfc', '/properties/timers/description'],
    ]);
    expect(stale[0]!.message).toMatch(
      / \(openwop-spec check --fix does once the declaration\/owning-rfc finding it follows from is resolved\)$/,
    );
  });

  it('a home path typo: the summary line that would name it is left, and says why', async () => {
    const fx = made(1);
    const caps = read(fx, CAPS);
    const { output } = await check(fx, '--fix');
    expect(read(fx, CAPS)).toBe(caps);
    expect(output.diagnostics.find((d) => d.ruleId === 'declaration/capabilities-summary')?.message).toMatch(
      / \(openwop-spec check --fix does once the home\/missing finding it follows from is resolved\)$/,
    );
  });

  it('the near-miss marker’s fix keeps the document’s BOM and CRLF line endings', async () => {
    const fx = made(2);
    await check(fx, '--fix');
    const text = read(fx, HEARTBEAT);
    expect([text.startsWith('\ufeff'), text.includes('> **Normative home:** `heartbeat`.\r\n')]).toEqual([true, true]);
    expect(text.replace(/\r\n/g, '')).not.toContain('\n');
  });
});
