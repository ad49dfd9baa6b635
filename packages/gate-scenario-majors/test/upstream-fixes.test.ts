// Each upstream behaviour, and what this gate does instead.
import { afterEach, describe, expect, it } from 'vitest';
import { modeOf } from '../src/index.js';
import { CONFIG, LIB, MANIFEST, SCENARIOS, conformanceFixture, found, removeFixtures, run } from './helpers.js';

afterEach(removeFixtures);

/** Upstream's line regex for a capability `.supported` gate (generate-scenario-majors.mjs). */
const UPSTREAM_SUPPORTED = /\.supported\s*(?:!==|===|\?|\)|&&|\|\|)|\?\.supported/;
const upstreamFlags = (source: string): boolean => source.split('\n').some((line) => UPSTREAM_SUPPORTED.test(line));

const wrap = (body: string) =>
  `import { targetMajor } from '../lib/major.js';\nexport async function probe(cap: any, flags: any, obj: any, run: () => void) {\n${body}\n}\n`;
const MAJOR = { [`${LIB}/major.ts`]: 'export const targetMajor = (): 1 | 2 => 2;\n' };

describe('§5 upstream bugs fixed on purpose (majors)', () => {
  it('#18 upstream never enforced the /v1/ half of the admission rule: a both-majors file with a /v1/ path passed', async () => {
    const source = "export const list = (driver: any) => driver.get('/v1/tools', { authenticated: false });\n";
    expect(upstreamFlags(source)).toBe(false);
    const result = await run(
      conformanceFixture({ 'tool-catalog-projection.test.ts': source }, { both: ['tool-catalog-projection.test.ts'] }),
    );
    expect(found(result, 'majors/v1-path')).toEqual([
      {
        ruleId: 'majors/v1-path',
        file: `${SCENARIOS}/tool-catalog-projection.test.ts`,
        start: { line: 1, column: 49 },
      },
    ]);
  });

  // [row, body, upstream regex flags it, R1 flags it]: the §3.5 table's two columns.
  const table: [number, string, boolean, boolean][] = [
    [1, "  if (!behaviorGate('p', cap?.supported === true)) return;", true, true],
    [2, '  if (cap.supported) run();\n  const x = cap.supported ? 1 : 2;', true, true],
    [3, '  const a = cap.supported == true;\n  const b = cap.supported != null;', false, true],
    [4, '  const on = cap.supported\n  return cap.supported;', false, true],
    [5, "  const a = cap['supported'] === true;\n  const { supported } = cap;", false, true],
    [7, '  // gated on cap.supported) in v1\n  return cap !== null;', true, false],
    [8, '  /**\n   * Capability-gated on `toolCatalog.supported`\n   */\n  return cap;', false, false],
    [9, '  return targetMajor() === 1 ? cap?.supported === true : cap !== null;', true, false],
    [
      10,
      '  if (targetMajor() === 2) {\n    run();\n    return cap;\n  }\n  const on = cap?.supported === true;\n  return on;',
      true,
      false,
    ],
    [
      11,
      "  const keys = ['supported', 'sources', 'sessionLifecycle'];\n  return [keys, { supported: true }];",
      false,
      false,
    ],
    [12, '  return obj.supportedVersions === 1 || flags.unsupported === true;', false, false],
  ];

  it.each(table)(
    "#19 upstream matched .supported with a regex over raw lines (false positives in comments and guarded branches, misses for ==, return, ['supported'] and destructuring): row %i",
    async (_row, body, upstream, ours) => {
      const source = wrap(body);
      expect(upstreamFlags(source)).toBe(upstream);
      const result = await run(conformanceFixture({ 'v2-probe.test.ts': source }, { files: MAJOR }));
      expect(found(result, 'majors/supported-gate').length > 0).toBe(ours);
    },
  );

  it('#20 upstream linted only BOTH_MAJORS files, never their libraries or v2- files, and stopped after 5 lines: every violation is reported', async () => {
    const many = Array.from({ length: 7 }, (_, i) => `  const on${i} = cap.supported;`).join('\n');
    const fixture = conformanceFixture(
      {
        'v2-native.test.ts': `export function probe(cap: any) {\n${many}\n}\n`,
        'both.test.ts': "import { list } from '../lib/list.js';\nexport const x = list;\n",
      },
      {
        both: ['both.test.ts'],
        files: { [`${LIB}/list.ts`]: "export const list = (d: any) => d.get('/v1/tools');\n" },
      },
    );
    const result = await run(fixture);
    const r1 = found(result, 'majors/supported-gate');
    expect(r1).toHaveLength(7);
    expect(r1.map((f) => f.start!.line)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(found(result, 'majors/v1-path')).toEqual([
      { ruleId: 'majors/v1-path', file: `${LIB}/list.ts`, start: { line: 1, column: 39 } },
    ]);
    expect(result.printout.at(-1)!.text).toBe(
      '  lint: 2 file(s) target major 2, 1 local module(s) reached; 8 violation(s), 0 suppressed',
    );
  });

  it('#21 upstream kept the list in code: a v2- entry was silently ignored, duplicates vanished, CRLF read as stale, there was no diff, and any argument but --write meant check', async () => {
    const ok = 'export const x = 1;\n';
    const fixture = conformanceFixture(
      { 'a.test.ts': ok, 'v2-b.test.ts': ok },
      { both: ['a.test.ts', 'a.test.ts', 'v2-b.test.ts'] },
    );
    const result = await run(fixture);
    expect(found(result, 'majors/duplicate-entry', 'majors/prefixed-in-both').map((f) => [f.ruleId, f.file])).toEqual([
      ['majors/duplicate-entry', CONFIG],
      ['majors/prefixed-in-both', CONFIG],
    ]);
    expect(result.printout.filter((l) => l.stream === 'stderr').map((l) => l.text)).toEqual([
      '  (no committed manifest)',
    ]);

    fixture.write({ [CONFIG]: '{ "bothMajors": [{ "file": "a.test.ts", "rfc": "0204", "reason": "r" }] }' });
    await run(fixture, 'write');
    fixture.write({ [MANIFEST]: fixture.tree().text(MANIFEST).replace(/\n/g, '\r\n') });
    expect((await run(fixture)).summaryLine).toBe('=== scenario-majors OK — 2 files (v1 1, v2 2) ===');

    fixture.write({ [`${SCENARIOS}/c.test.ts`]: ok });
    expect((await run(fixture)).printout.filter((l) => l.stream === 'stderr').map((l) => l.text)).toEqual([
      '  + c.test.ts [1]',
      '  counts: files 2 -> 3, v1 1 -> 2, v2 2 -> 2',
    ]);

    expect(() => modeOf(new Set(['--dry-run']))).toThrow('unknown option --dry-run');
  });
});
